"""Accessible (WCAG 2.2 AA): axe-core finds no serious or critical violation on the app's
pages, in each of its six languages.

axe-core is the one `axe-playwright-python` ships; it runs in Debian's Chromium against a real
server. Every page a table, a spectator, the dispute desk and the club administrator see:
the match list, the new-match forms, the three games' match screens (with the entry panel, and in
fa with a rejection swapped in by htmx), the deal forms (also with a rejection shown
at its field), the dispute desk with rulings, the rule book, the pads page,
the administrator's login, the error page. Each language is a test with a browser context of
its own, set by the language switch in the footer (kept in the session).

Sampled: every page is checked in Persian, the right-to-left language, whose layout differs
most from the source's (and there also the match page's entry panel with an htmx rejection);
every other language checks the pages with the most translated text (:data:`EVERY_LANGUAGE`:
the match list, both games' match screens, the Schieber deal form, a dispute ruling, the rule
book) and a rejected deal. The pages a language skips show the same templates and markup with
other words.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from scorer import create_app
from scorer.languages import LANGUAGES, is_rtl
from tests.helpers.browser import live_http_server
from tests.helpers.coiffeur import new_coiffeur
from tests.helpers.database import fresh_database
from tests.helpers.disputes import QUESTIONS
from tests.helpers.season import club_post, new_club, new_series, paper
from tests.helpers.tablet import new_klammern, new_schieber, post_deal

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The WCAG 2.0–2.2 A and AA rules, and axe's best practices (landmarks, headings).
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
BLOCKING = ("serious", "critical")
#: Indexes into the fixture's pages checked in every language: the match list, the Schieber
#: and Klammern screens, the Schieber deal form, a dispute ruling, the rule book.
EVERY_LANGUAGE = (0, 5, 7, 8, 12, 14)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[str], str]]:
    """A server with an administrator, a Schieber and a Klammern match with deals; the pages
    to check; and the edit link of both matches for the browser."""
    with fresh_database(tmp_path_factory.mktemp("a11y")) as url:
        app = create_app({"SECRET_KEY": "a11y", "DATABASE_URL": url, "ADMIN_PASSWORD": "club-secret"})
        server = live_http_server(app)
        base = f"http://127.0.0.1:{server.server_port}"
        app.config["PUBLIC_URL"] = base
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        client = app.test_client()
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
        schieber = new_schieber(client)
        for n in range(3):
            post_deal(client, schieber, {"forehand": n % 4 + 1, "contract": "H", "team": 1, "points": 98})
        post_deal(
            client,
            schieber,
            {"forehand": 4, "contract": "S", "team": 2, "points": 157, "match": "y"},
        )
        klammern = new_klammern(client)
        coiffeur = new_coiffeur(client)
        post_deal(
            client,
            klammern,
            {"forehand": 1, "declarer": 1, "trump": "S", "how": "orgi", "team": 1, "points": 100},
        )
        links = [
            re.search(r'class="link-copy" type="text" readonly value="([^"]+/edit/[^"]+)"', page).group(1)  # type: ignore[union-attr]
            for page in (
                client.get(f"/matches/{match_id}").get_data(as_text=True)
                for match_id in (schieber, klammern, coiffeur)
            )
        ]
        series = new_series(client, rating="y")
        paper(client, series, "1; Anna; 3980; 1\n2; Beat; 3870\n3; Chris; 3800")
        club = new_club(client)
        assert club_post(client, club, "series", {"series": series}).status_code == 303
        pages = [
            "/matches/",
            "/matches/new",
            "/matches/new/schieber",
            "/matches/new/klammern",
            "/matches/import",
            f"/matches/{schieber}",
            f"/matches/{schieber}?view=board",
            f"/matches/{klammern}",
            f"/matches/{schieber}/deals/new",
            f"/matches/{schieber}/deals/2/correct",
            f"/matches/{klammern}/deals/new",
            "/disputes/",
            *(
                f"/disputes/{screen}?{urlencode({**QUESTIONS[screen], 'ask': '1'})}"
                for screen in ("card", "weis")
            ),
            "/rules",
            "/pads",
            "/admin",
            "/no-such-page",
            "/series/",
            f"/series/{series}",
            f"/series/{series}/rating",
            "/clubs/",
            "/clubs/new",
            "/clubs/import",
            f"/clubs/{club}",
            f"/clubs/{club}/rating",
            f"/matches/{coiffeur}",
        ]
        yield base, pages, "\n".join(links)
        server.shutdown()
        thread.join(timeout=5)
        app.extensions["tafel_engine"].dispose()


def summary(violation: dict[str, Any]) -> str:
    nodes = "; ".join(
        f"{' '.join(node['target'])}: {node.get('failureSummary', '').splitlines()[-1].strip()}"
        for node in violation["nodes"][:3]
    )
    return f"{violation['id']} ({violation['impact']}, {len(violation['nodes'])}×): {nodes}"


#: axe reports every node only of the kinds asked for; the passes' and the inapplicable rules'
#: nodes (most of its answer) are never read here and not sent back to the test.
OPTIONS = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_serious_or_critical_violation_on_any_page_in_any_language(
    browser: Any, table: tuple[str, list[str], str], language: str
) -> None:
    from axe_playwright_python.sync_playwright import Axe

    base, pages, links = table
    axe = Axe()
    context = browser.new_context(viewport={"width": 768, "height": 1024})
    context.set_default_timeout(15_000)
    page = context.new_page()
    for link in links.splitlines():  # this browser is a tablet of both matches
        page.goto(link)
    found: dict[str, list[str]] = {}
    checked: list[str] = []

    def check(where: str) -> None:
        """axe on the page as it is now; its serious and critical violations noted as ``where``."""
        results = axe.run(page, options=OPTIONS)
        checked.append(where)
        blocking = [v for v in results.response["violations"] if v["impact"] in BLOCKING]
        if blocking:
            found[where] = [summary(v) for v in blocking]

    everything = is_rtl(language)
    try:
        page.goto(f"{base}/lang/{language}?next=/matches/")
        # Every page in the right-to-left language; in the others the pages with the most
        # translated text.
        for path in pages if everything else [pages[i] for i in EVERY_LANGUAGE]:
            page.goto(base + path)
            check(f"{language} {path}")
        # A rejection shown at its field: 156 leaves 1 for the other team (S8).
        page.goto(f"{base}{pages[8]}")
        page.check("input[name=contract][value=H]")
        page.fill("input[name=points]", "156")
        page.click("button[type=submit]")
        page.wait_for_selector(".reason")
        check(f"{language} rejected deal")
        if everything:
            # The match page's entry panel with its answer swapped in by htmx: a rejection.
            page.goto(f"{base}{pages[5]}")
            page.click("form[data-deal-form] input[name=contract][value=H] >> xpath=..")
            page.fill("form[data-deal-form] input[name=points]", "156")
            page.click("button.save-deal")
            page.wait_for_selector("form[data-deal-form] .reason")
            check(f"{language} rejected deal on the match page")
    finally:
        context.close()
    assert len(checked) == (len(pages) + 2 if everything else len(EVERY_LANGUAGE) + 1)
    report = Path(__file__).resolve().parents[2] / "test-artifacts" / f"axe-{language}.txt"
    report.parent.mkdir(exist_ok=True)
    report.write_text(
        "\n".join(f"{where}\n  " + "\n  ".join(problems) for where, problems in found.items()) + "\n",
        encoding="utf-8",
    )
    assert not found, (
        f"{len(found)} pages with serious or critical violations (test-artifacts/axe-{language}.txt):\n"
        + ("\n".join(f"{where}: {problems}" for where, problems in list(found.items())[:10]))
    )

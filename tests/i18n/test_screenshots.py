"""The match screen in Persian (right to left) and Swiss French, in a real Chromium at tablet size.

Screenshots go to test-artifacts/ (match-fa.png, match-fr_CH.png). Persian must mirror
the layout, not only the letters: the header's start (the brand) sits on the right.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorer import create_app
from tests.helpers.browser import live_http_server
from tests.helpers.catalogs import LANGUAGES, compile_if_stale
from tests.helpers.database import fresh_database
from tests.helpers.tablet import new_klammern, new_schieber, post_deal

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
WIDTH, HEIGHT = 768, 1024


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, int]]]:
    for lang in LANGUAGES:
        compile_if_stale(lang)
    with fresh_database(tmp_path_factory.mktemp("screens")) as url:
        app = create_app({"SECRET_KEY": "screens", "DATABASE_URL": url, "WTF_CSRF_ENABLED": True})
        client = app.test_client()
        schieber = new_schieber(client)
        # 98 + Weis 20 + Stöck 20 = 138 : 59 (Rosen ×1), then Obenabe ×3: 80 -> 240 to team 2.
        post_deal(
            client,
            schieber,
            {
                "forehand": 1,
                "contract": "H",
                "team": 1,
                "points": 98,
                "weis_1_1_kind": "run3",
                "weis_1_1_suit": "H",
                "weis_1_1_top": "8",
                "stoeck": 3,
            },
        )
        post_deal(client, schieber, {"forehand": 2, "contract": "obenabe", "team": 2, "points": 80})
        klammern = new_klammern(client)
        for n in range(4):
            post_deal(
                client,
                klammern,
                {"forehand": n % 4 + 1, "declarer": 1, "trump": "S", "how": "orgi", "team": 1, "points": 100},
            )
        httpd = live_http_server(app)
        thread = threading.Thread(target=httpd.serve_forever, daemon=True)
        thread.start()
        yield f"http://127.0.0.1:{httpd.server_port}", {"schieber": schieber, "klammern": klammern}
        httpd.shutdown()
        thread.join(timeout=5)
        app.extensions["tafel_engine"].dispose()


def open_in(browser: Any, base: str, lang: str) -> Any:
    """A tablet-sized page whose language was chosen with the switcher (not the browser's)."""
    context = browser.new_context(
        viewport={"width": WIDTH, "height": HEIGHT},
        locale="en-US",
        extra_http_headers={"Accept-Language": "en"},
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{base}/matches/")
    page.locator(f'footer a[href^="/lang/{lang}"]').click()
    return page


@pytest.mark.parametrize("lang", ["fa", "fr_CH"])
@pytest.mark.parametrize("game", ["schieber", "klammern"])
def test_match_screen(browser: Any, server: tuple[str, dict[str, int]], lang: str, game: str) -> None:
    base, ids = server
    page = open_in(browser, base, lang)
    page.goto(f"{base}/matches/{ids[game]}")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"match-{game}-{lang}.png"), full_page=True)

    html = page.locator("html")
    assert html.get_attribute("lang") == lang.replace("_", "-")
    direction = page.evaluate("getComputedStyle(document.documentElement).direction")
    brand = page.locator(".brand").bounding_box()
    assert brand is not None
    if lang == "fa":
        assert direction == "rtl"
        assert brand["x"] > WIDTH / 2, "RTL: the header starts on the right"
    else:
        assert direction == "ltr"
        assert brand["x"] < WIDTH / 2
    # Nothing runs off the side of a tablet in either direction.
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    page.context.close()

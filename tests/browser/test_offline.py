"""A table that keeps playing when the network is gone: Chromium with its network cut
(``context.set_offline``) enters deals, is refused a rule break with the server's rule id,
corrects and undoes, and when the network returns the server's log holds exactly those
entries, in order, once; also when two tablets were offline on the same match."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers.browser import ARTIFACTS, TWO_TAPS, new_evening, scoreboard, start_match

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def context(browser: Any, live_server: str) -> Iterator[Any]:
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(
        viewport={"width": 768, "height": 1024},
        locale="en",
        extra_http_headers={"Accept-Language": "en"},
        service_workers="allow",
    )
    yield context
    context.close()


def tablet(context: Any) -> Any:
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


def until(page: Any, script: str, timeout: float = 30.0) -> None:
    """Poll ``script`` (page.wait_for_function evaluates a string, which the page's policy forbids)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if page.evaluate(script):
                return
        except Exception:  # a navigation between two polls
            pass
        page.wait_for_timeout(200)
    raise AssertionError(f"never true: {script}")


def read(page: Any, script: str) -> Any:
    """``script``'s value; the page reads itself again after a sync, so a read may meet a reload."""
    for _ in range(50):
        try:
            return page.evaluate(script)
        except Exception:  # the execution context went with a navigation
            page.wait_for_timeout(200)
    raise AssertionError(f"could not read {script}")


def status(page: Any) -> str:
    return str(read(page, "document.querySelector('#net-status')?.dataset.state"))


def waiting(page: Any) -> int:
    return int(read(page, "document.querySelector('#net-status')?.dataset.pending") or 0)


def ready_offline(page: Any, url: str) -> None:
    """Open ``url`` online with the service worker in control (it keeps the app for later)."""
    page.goto(url)
    # Installing keeps about 14 MB (Pyodide among them); on a loaded machine that takes a
    # while, and a failed install is tried again by the next page load.
    for _ in range(6):
        try:
            until(page, "navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=20)
            break
        except AssertionError:
            page.reload()
    else:
        raise AssertionError("the service worker never took control")
    page.reload()
    until(page, "document.querySelector('#net-status')?.dataset.state === 'live'")


def new_match(page: Any, live_server: str, game: str, names: tuple[str, ...]) -> int:
    page.goto(f"{live_server}/matches/new/{game}")
    for seat, name in enumerate(names, start=1):
        page.fill(f"input[name=name_{seat}]", name)
    page.click("button[type=submit]")
    # The click returns before a loaded machine's navigation commits: wait for the match page.
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    found = re.search(r"/matches/(\d+)", page.url)
    assert found
    return int(found.group(1))


def server_log(page: Any, live_server: str, match_id: int) -> list[dict[str, Any]]:
    answer = page.request.get(f"{live_server}/offline/matches/{match_id}/state.json")
    return list(json.loads(answer.text())["entries"])


def deal_form(page: Any, live_server: str, match_id: int) -> None:
    page.goto(f"{live_server}/matches/{match_id}/deals/new")
    # Offline, the kept form's turn is set again by the engine on the tablet.
    until(
        page,
        "navigator.onLine || document.querySelector('form.deal-form')?.dataset.offlineTurn !== undefined",
        60,
    )


def kept_then_home(page: Any, live_server: str, match_id: int) -> None:
    page.wait_for_url(f"{live_server}/matches/{match_id}")
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) > 0")


def schieber_offline(
    page: Any, live_server: str, match_id: int, contract: str, team: int, points: int
) -> None:
    deal_form(page, live_server, match_id)
    page.check(f"input[name=contract][value={contract}]")
    page.check(f"input[name=team][value='{team}']")
    page.fill("input[name=points]", str(points))
    page.click("button[type=submit]")


def wait_sent(page: Any, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if status(page) == "live" and waiting(page) == 0:
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"the outbox was not sent: {status(page)}, {waiting(page)} waiting")


def test_schieber_offline_then_synced(context: Any, live_server: str) -> None:
    page = tablet(context)
    match_id = new_match(page, live_server, "schieber", ("Anna", "Beat", "Cla", "Dora"))
    ready_offline(page, f"{live_server}/matches/{match_id}/deals/new")
    # The tablet kept the match's log at the version the page shows: it is not asked again.
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if "state.json" in request.url else None)
    page.goto(f"{live_server}/matches/{match_id}")
    until(page, "document.querySelector('#net-status')?.dataset.state === 'live'")
    assert asked == []
    context.set_offline(True)
    until(page, "document.querySelector('#net-status')?.dataset.state === 'offline'")

    schieber_offline(page, live_server, match_id, "H", 1, 98)
    kept_then_home(page, live_server, match_id)
    assert status(page) == "offline" and waiting(page) == 1

    # A rule break, refused offline by the engine on the tablet with the server's rule id (S8).
    schieber_offline(page, live_server, match_id, "S", 2, 156)
    refusal = page.locator(".offline-refusal [data-rule]")
    refusal.first.wait_for(timeout=60_000)
    assert refusal.first.get_attribute("data-rule") == "S8"
    # In the page's language, as the server says it (the engine's own words: "worth 156 in S").
    assert "No set of tricks is worth 156 in Schilten" in refusal.first.inner_text()
    page.screenshot(path=str(ARTIFACTS / "offline-refused.png"), full_page=True)
    # The same form, put right.
    page.fill("input[name=points]", "57")
    page.click("button[type=submit]")
    kept_then_home(page, live_server, match_id)
    assert waiting(page) == 2

    # A correction of the deal still in the outbox, and an undo of that correction.
    page.locator("#outbox .outbox-correct").first.click()
    until(page, "document.querySelector('input[name=points]')?.value === '98'")
    page.fill("input[name=points]", "100")
    page.click("button[type=submit]")
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 3")
    page.click("#outbox button[data-action=undo]")
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 4")
    assert page.locator("#net-status").inner_text().endswith("4 deals waiting to be sent")
    page.screenshot(path=str(ARTIFACTS / "offline-outbox.png"), full_page=True)
    assert server_log(page, live_server, match_id) == []

    context.set_offline(False)
    wait_sent(page)
    entries = server_log(page, live_server, match_id)
    assert [(e["seq"], e["kind"], e["target_seq"]) for e in entries] == [
        (1, "deal", None),
        (2, "deal", None),
        (3, "correction", 1),
        (4, "undo", 3),
    ]
    assert entries[0]["record"]["points"] == {"team": 1, "value": 98}
    assert entries[1]["record"]["points"] == {"team": 2, "value": 57}
    assert entries[2]["record"]["points"] == {"team": 1, "value": 100}
    # The server refuses the deal refused offline with the same rule id (and stores nothing).
    fields = {"forehand": "2", "contract": "S", "team": "2", "points": "156"}
    verdict = server_verdict(page, live_server, match_id, fields, 4)
    assert verdict["status"] == "refused" and [e["rule"] for e in verdict["errors"] if e["rule"]] == ["S8"]
    assert len(server_log(page, live_server, match_id)) == 4


def test_two_tablets_offline_on_one_match(browser: Any, context: Any, live_server: str) -> None:
    first = tablet(context)
    match_id = new_match(first, live_server, "schieber", ("Anna", "Beat", "Cla", "Dora"))
    ready_offline(first, f"{live_server}/matches/{match_id}/deals/new")
    # The second tablet has the edit right through the same browser profile's session.
    other = browser.new_context(
        service_workers="allow",
        viewport={"width": 768, "height": 1024},
        locale="en",
        extra_http_headers={"Accept-Language": "en"},
        storage_state=context.storage_state(),
    )
    try:
        second = tablet(other)
        ready_offline(second, f"{live_server}/matches/{match_id}/deals/new")
        for ctx, page in ((context, first), (other, second)):
            page.goto(f"{live_server}/matches/{match_id}")
            ctx.set_offline(True)
        schieber_offline(first, live_server, match_id, "H", 1, 98)
        kept_then_home(first, live_server, match_id)
        schieber_offline(first, live_server, match_id, "D", 2, 120)
        kept_then_home(first, live_server, match_id)
        schieber_offline(second, live_server, match_id, "obenabe", 1, 64)
        kept_then_home(second, live_server, match_id)

        context.set_offline(False)
        wait_sent(first)
        other.set_offline(False)
        trouble = second.locator("#outbox .outbox-trouble[data-status=overtaken]")
        trouble.wait_for(timeout=60_000)
        second.screenshot(path=str(ARTIFACTS / "offline-overtaken.png"), full_page=True)
        trouble.locator("button[data-action=send-after]").click()
        wait_sent(second)
        entries = server_log(second, live_server, match_id)
        assert [(e["seq"], e["record"]["contract"]) for e in entries] == [(1, "H"), (2, "D"), (3, "obenabe")]
    finally:
        other.close()


def klammern_offline(page: Any, live_server: str, match_id: int, trump: str, team: int, points: int) -> None:
    deal_form(page, live_server, match_id)
    page.check(f"input[name=trump][value={trump}]")
    page.check(f"input[name=team][value='{team}']")
    page.fill("input[name=points]", str(points))
    page.click("button[type=submit]")


def server_verdict(page: Any, live_server: str, match_id: int, fields: dict[str, str], base: int) -> Any:
    """What the server itself answers to ``fields`` (through the outbox's door, online)."""
    token = json.loads(page.request.get(f"{live_server}/offline/token").text())["token"]
    answer = page.request.post(
        f"{live_server}/offline/matches/{match_id}/sync",
        data=json.dumps({"key": "probe" + "0" * 27, "kind": "deal", "base_version": base, "fields": fields}),
        headers={"Content-Type": "application/json", "X-CSRFToken": token},
    )
    return json.loads(answer.text())


def test_klammern_offline_then_synced(context: Any, live_server: str) -> None:
    page = tablet(context)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    match_id = new_match(page, live_server, "klammern", ("Ben", "Sue", "Tom", "Ulla"))
    ready_offline(page, f"{live_server}/matches/{match_id}/deals/new")
    page.goto(f"{live_server}/matches/{match_id}")
    context.set_offline(True)
    until(page, "document.querySelector('#net-status')?.dataset.state === 'offline'")

    klammern_offline(page, live_server, match_id, "S", 1, 100)
    kept_then_home(page, live_server, match_id)
    # 170 card points: more than a Klammern deal holds; refused on the tablet with a rule id.
    klammern_offline(page, live_server, match_id, "H", 2, 170)
    refusal = page.locator(".offline-refusal [data-rule]")
    refusal.first.wait_for(timeout=60_000)
    offline_rules = [r.get_attribute("data-rule") for r in refusal.all()]
    page.fill("input[name=points]", "62")
    page.click("button[type=submit]")
    kept_then_home(page, live_server, match_id)
    page.click("#outbox button[data-action=undo]")
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 3")

    context.set_offline(False)
    wait_sent(page)
    entries = server_log(page, live_server, match_id)
    assert [(e["seq"], e["kind"], e["target_seq"]) for e in entries] == [
        (1, "deal", None),
        (2, "deal", None),
        (3, "undo", 2),
    ]
    assert entries[0]["record"]["trump"] == "S" and entries[0]["record"]["points"] == {
        "team": 1,
        "value": 100,
    }
    # The server refuses the same deal with the same rule ids (and stores nothing).
    fields = {"forehand": "2", "trump": "H", "how": "orgi", "declarer": "2", "team": "2", "points": "170"}
    verdict = server_verdict(page, live_server, match_id, fields, 3)
    assert verdict["status"] == "refused"
    assert [e["rule"] for e in verdict["errors"] if e["rule"]] == offline_rules
    assert len(server_log(page, live_server, match_id)) == 3
    assert errors == []


def test_engine_parity_in_chromium(context: Any, live_server: str) -> None:
    """The rule vectors through the engine in Chromium (Pyodide in the page's worker) and
    through CPython: the same bytes."""
    from scorer.offline import tablet as tablet_module
    from tests.helpers.vectors import vectors

    # A browser without shared workers: the page's own worker (the other tests share one).
    context.add_init_script("delete window.SharedWorker")
    page = tablet(context)
    page.goto(f"{live_server}/matches/")
    until(page, "window.tafelOffline !== undefined")
    # No page connected to a shared worker: the page's own worker answers.
    assert page.evaluate("async () => (await window.tafelOffline.engine('derive', [[]])).pages") == 0
    cases = [["engine_answer", [function, argument]] for function, argument in vectors()]
    answers = page.evaluate(
        "async (cases) => { const out = []; for (const [n, a] of cases) out.push((await window.tafelOffline.engine(n, a)).text); return out; }",
        cases,
    )
    expected = [tablet_module.call(name, json.dumps(args)) for name, args in cases]
    assert len(answers) == len(expected) > 100
    assert [i for i, (a, b) in enumerate(zip(answers, expected, strict=True)) if a != b] == []


def test_the_engine_outlives_a_navigation(context: Any, live_server: str) -> None:
    """Pyodide starts once per tablet, not once per page: the engine's shared worker answers
    the next page of the same tab too (it counts the pages it has served)."""
    page = tablet(context)
    page.goto(f"{live_server}/matches/")
    until(page, "window.tafelOffline !== undefined")
    ask = "async () => (await window.tafelOffline.engine('derive', [[]])).pages"
    assert page.evaluate(ask) == 1
    page.goto(f"{live_server}/matches/new/schieber")
    until(page, "window.tafelOffline !== undefined")
    assert page.evaluate(ask) == 2


def set_up_offline(context: Any, live_server: str, game: str, names: tuple[str, ...]) -> Any:
    """A tablet that kept the app, its network gone, on ``game``'s set-up page (kept by the
    service worker) with the seats' ``names`` typed."""
    page = tablet(context)
    ready_offline(page, f"{live_server}/matches/")
    context.set_offline(True)
    page.goto(f"{live_server}/matches/new/{game}")  # kept by the service worker
    for seat, name in enumerate(names, start=1):
        page.fill(f"input[name=name_{seat}]", name)
    return page


def test_a_match_born_offline_is_adopted(context: Any, live_server: str) -> None:
    page = set_up_offline(context, live_server, "schieber", ("Zora", "Yves", "Xena", "Walo"))
    page.click("button[type=submit]")
    # Its deal form first; the match list shows it, kept, until the server adopts it.
    page.wait_for_url(re.compile(r"/offline/born/schieber/4/\w+#u-\w+$"), timeout=90_000)
    page.goto(f"{live_server}/matches/")
    until(page, "document.querySelector('#born [data-status=pending]') !== null", 60)
    assert "Zora" in page.locator("#born").inner_text()
    assert "/offline/born/schieber/4/" in str(page.locator("#born a").get_attribute("href"))

    context.set_offline(False)
    wait_sent(page)
    until(page, "document.querySelector('#born') === null")
    listing = page.request.get(f"{live_server}/matches/").text()
    assert listing.count("Zora") == 1
    # Sent again (a lost answer): the same match, not a second one.
    page.evaluate("window.tafelOffline.sync()")
    assert page.request.get(f"{live_server}/matches/").text().count("Zora") == 1


def panel_deal(
    page: Any, contract: str, team: int, points: int, weis: dict[int, str] | None, taps: int = 1, gap: int = 0
) -> None:
    """A deal entered on the match page's panel (htmx posts it while the server answers); Save
    tapped once, or twice ``gap`` ms apart (0: a double click)."""
    page.click(f"form[data-deal-form] input[name=contract][value={contract}] >> xpath=..")
    page.click(f"form[data-deal-form] input[name=team][value='{team}'] >> xpath=..")
    page.fill("form[data-deal-form] input[name=points]", str(points))
    for side in (1, 2) if weis is not None else ():  # None: a panel without Weis (a Passe's)
        page.fill(f"form[data-deal-form] input[name=weis_values_{side}]", weis.get(side, ""))
    save = "form[data-deal-form] button.save-deal"
    if taps == 2:
        if gap:
            page.evaluate(TWO_TAPS, gap)  # timed in the page: a busy machine's clicks lag
        else:
            page.dblclick(save)
        return
    page.click(save)


def test_the_match_pages_panel_offline_and_unanswered(context: Any, live_server: str) -> None:
    page = tablet(context)
    match_id = new_match(page, live_server, "schieber", ("Anna", "Beat", "Cla", "Dora"))
    ready_offline(page, f"{live_server}/matches/{match_id}")
    context.set_offline(True)
    until(page, "document.querySelector('#net-status')?.dataset.state === 'offline'")

    # A Weis no single Weis is worth, refused on the tablet with the server's rule id (S8).
    panel_deal(page, "H", 1, 98, {2: "30"})
    refusal = page.locator("form[data-deal-form] .offline-refusal [data-rule]")
    refusal.first.wait_for(timeout=60_000)
    assert refusal.first.get_attribute("data-rule") == "S8"
    assert waiting(page) == 0
    # Put right: a Weis of 50 and one of 20 for team 1, by value.
    page.fill("form[data-deal-form] input[name=weis_values_2]", "")
    page.fill("form[data-deal-form] input[name=weis_values_1]", "50 20")
    page.click("form[data-deal-form] button.save-deal")
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 1", 60)
    page.wait_for_timeout(1000)
    assert waiting(page) == 1  # kept once: htmx did not try as well
    # Kept, on the same page (no htmx swap, no navigation), the panel empty for the next deal.
    assert page.url.rstrip("/").endswith(f"/matches/{match_id}")
    assert page.input_value("form[data-deal-form] input[name=weis_values_1]") == ""
    assert page.locator("#outbox li").count() == 1
    page.screenshot(path=str(ARTIFACTS / "offline-panel.png"), full_page=True)
    assert server_log(page, live_server, match_id) == []

    # One tap, one deal: a double tap, and a second tap 300 ms later on the emptied panel,
    # each keep their deal once and say nothing in red.
    refusals = "form[data-deal-form] .offline-refusal"
    panel_deal(page, "S", 2, 100, {}, taps=2)
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 2", 60)
    panel_deal(page, "C", 1, 70, {}, taps=2, gap=300)
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 3", 60)
    page.wait_for_timeout(1500)
    assert waiting(page) == 3 and page.locator(refusals).count() == 0
    # Tapped as soon as the page shows again after a reload without network: heard, and kept.
    page.reload(wait_until="commit")
    panel_deal(page, "obenabe", 1, 120, {})
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 4", 60)
    # The screen is the real score: the big figures, the next deal's number and forehand as the
    # tablet has them, marked as not yet sent; the outbox speaks Jass.
    until(page, "document.querySelector('#tablet-score') !== null", 30)
    lines = page.locator("#outbox li").all_inner_texts()
    assert lines[0].startswith("Deal 1: ") and "98 : 59" in lines[0] and "— waiting" in lines[0], lines
    assert [line.split(":")[0] for line in lines] == ["Deal 1", "Deal 2", "Deal 3", "Deal 4"], lines
    assert "57 : 100" in lines[1], lines  # the card points as counted, before Schilten's factor
    assert page.locator("#entry-title").inner_text().startswith("Deal 5")
    figures = page.locator(".scoreboard [data-score]").all_inner_texts()
    tablet_score = page.locator("#outbox .outbox-score").inner_text()
    assert figures != ["0", "0"] and tablet_score.endswith(" : ".join(figures)), (figures, tablet_score)
    assert page.locator("#tablet-score").inner_text() == "Score on this tablet — waiting"
    page.screenshot(path=str(ARTIFACTS / "offline-real-score.png"), full_page=True)

    context.set_offline(False)
    wait_sent(page)
    entries = server_log(page, live_server, match_id)
    assert [(e["seq"], e["kind"]) for e in entries] == [(n, "deal") for n in (1, 2, 3, 4)]
    assert entries[0]["record"]["points"] == {"team": 1, "value": 98}
    assert entries[0]["record"]["weis_values"] == {"1": [50, 20]}
    assert [e["record"]["points"] for e in entries[1:]] == [
        {"team": 2, "value": 100},
        {"team": 1, "value": 70},
        {"team": 1, "value": 120},
    ]

    # Online, htmx saves: one request, the match screen swapped in place.
    page.goto(f"{live_server}/matches/{match_id}")
    until(page, "document.querySelector('#net-status')?.dataset.state === 'live'")
    panel_deal(page, "S", 2, 100, {})
    until(page, "document.querySelector('#match-screen')?.innerText.includes('Deal 6')")
    assert len(server_log(page, live_server, match_id)) == 5 and waiting(page) == 0

    # The server stores the next deal but its answer is lost, and it answers nothing else for
    # a while: htmx's request fails, the deal waits in the outbox under the form's own key,
    # and once the server answers again its log holds the deal once.
    lost: list[str] = []

    def answer_lost(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        route.fetch()
        lost.append(route.request.url)
        route.abort()

    deal_posts = re.compile(r"/matches/\d+/deals/new")
    syncs = re.compile(r"/offline/")
    context.route(deal_posts, answer_lost)
    context.route(syncs, lambda route: route.abort())
    panel_deal(page, "D", 1, 60, {1: "50", 2: "20"})
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 1", 60)
    assert lost and status(page) == "offline"
    assert page.locator("#outbox li").count() == 1
    context.unroute(deal_posts)
    context.unroute(syncs)
    wait_sent(page)
    entries = server_log(page, live_server, match_id)
    assert [(e["seq"], e["kind"]) for e in entries] == [(n, "deal") for n in range(1, 7)]
    assert entries[5]["record"]["weis_values"] == {"1": [50], "2": [20]}


def born_deal(page: Any, contract: str, team: int, points: int) -> None:
    """A deal on the born match's own form (kept by the service worker; no server page yet)."""
    page.check(f"form.deal-form input[name=contract][value={contract}]")
    page.check(f"form.deal-form input[name=team][value='{team}']")
    page.fill("form.deal-form input[name=points]", str(points))
    page.click("form.deal-form button[type=submit]")


def test_deals_of_a_match_born_offline_follow_its_adoption(context: Any, live_server: str) -> None:
    page = set_up_offline(context, live_server, "schieber", ("Vreni", "Ueli", "Trudi", "Sepp"))
    page.click("button[type=submit]")
    # The engine on the tablet judges the set-up first (on a loaded machine it may still be starting).
    page.wait_for_url(re.compile(r"/offline/born/schieber/4/\w+#u-\w+$"), timeout=90_000)
    # The engine on the tablet says whose turn it is; the seats carry the born match's names.
    until(page, "document.querySelector('form.deal-form')?.dataset.offlineTurn === '1'", 60)
    assert "Vreni" in page.locator("form.deal-form select[name=forehand]").inner_text()

    born_deal(page, "H", 1, 98)
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 1", 60)
    # S8: 156 trick points leave 1 for the other team, which no set of cards makes.
    born_deal(page, "S", 2, 156)
    refusal = page.locator(".offline-refusal [data-rule]")
    refusal.first.wait_for(timeout=60_000)
    assert refusal.first.get_attribute("data-rule") == "S8"
    assert waiting(page) == 1
    page.fill("form.deal-form input[name=points]", "57")
    page.click("form.deal-form button[type=submit]")
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 2", 60)
    born_deal(page, "obenabe", 1, 64)
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 3", 60)
    # The next deal's forehand follows the rotation (S2.3): the fourth deal is Sepp's.
    until(page, "document.querySelector('form.deal-form')?.dataset.offlineTurn === '4'")
    assert page.locator("#net-status").inner_text().endswith("3 deals waiting to be sent")
    page.screenshot(path=str(ARTIFACTS / "offline-born-deals.png"), full_page=True)

    context.set_offline(False)
    # Adopted, its deals sent after it: the tablet goes to the server's page of the match.
    page.wait_for_url(re.compile(r"/matches/\d+$"), timeout=60_000)
    wait_sent(page)
    match_id = int(page.url.rsplit("/", 1)[1])
    entries = server_log(page, live_server, match_id)
    assert [(e["seq"], e["kind"], e["record"]["contract"], e["record"]["forehand"]) for e in entries] == [
        (1, "deal", "H", 1),
        (2, "deal", "S", 2),
        (3, "deal", "obenabe", 3),
    ]
    assert [e["record"]["points"] for e in entries] == [
        {"team": 1, "value": 98},
        {"team": 2, "value": 57},
        {"team": 1, "value": 64},
    ]
    # The server refuses the deal the tablet refused, by the same rule.
    fields = {"forehand": "4", "contract": "S", "team": "2", "points": "156"}
    verdict = server_verdict(page, live_server, match_id, fields, 3)
    assert verdict["status"] == "refused" and [e["rule"] for e in verdict["errors"] if e["rule"]] == ["S8"]
    # Sent again (lost answers): the same match, the same three deals.
    page.evaluate("window.tafelOffline.sync()")
    assert len(server_log(page, live_server, match_id)) == 3
    assert page.request.get(f"{live_server}/matches/").text().count("Vreni") == 1


def test_the_engine_is_ready_before_the_network_goes_and_spectators_load_none(
    browser: Any, context: Any, live_server: str
) -> None:
    """An entering tablet starts the engine while the network is there and the page is idle:
    once it has answered, the first check offline needs no start and says nothing of one. A
    spectator's phone registers no service worker and downloads no Pyodide."""
    page = tablet(context)
    match_id = new_match(page, live_server, "schieber", ("Anna", "Beat", "Cla", "Dora"))
    ready_offline(page, f"{live_server}/matches/{match_id}")
    until(page, "window.tafelOffline.warm()", 90)  # nothing entered, nothing offline: started idle
    context.set_offline(True)
    until(page, "document.querySelector('#net-status')?.dataset.state === 'offline'")
    notes: list[int] = []
    panel_deal(page, "H", 1, 98, {})
    notes.append(page.locator("form[data-deal-form] .offline-checking").count())
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 1", 30)
    assert notes == [0]
    context.set_offline(False)
    wait_sent(page)

    spectator = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="allow")
    phone = spectator.new_page()
    asked: list[str] = []
    phone.on("request", lambda request: asked.append(request.url))
    phone.goto(f"{live_server}/matches/{match_id}")
    phone.wait_for_selector("#match-screen")
    phone.wait_for_timeout(3000)
    assert not phone.locator("form[data-deal-form]").count()  # a spectator: no panel
    engine = ("pyodide", "engine-worker", "engine.json")
    assert not [url for url in asked if any(part in url for part in engine)], asked
    assert phone.evaluate("navigator.serviceWorker.getRegistrations().then((found) => found.length)") == 0
    spectator.close()


def test_a_cold_engine_says_it_is_starting_at_once(browser: Any, live_server: str) -> None:
    """When the first check must wait for the engine (the network went before it started), the
    panel says so at once, and the deal is kept when it has answered."""
    context = browser.new_context(
        viewport={"width": 768, "height": 1024}, locale="en", service_workers="allow"
    )
    page = tablet(context)
    match_id = new_match(page, live_server, "schieber", ("Anna", "Beat", "Cla", "Dora"))
    ready_offline(page, f"{live_server}/matches/{match_id}")
    # A page whose engine has not started: no shared worker kept, no idle start yet.
    page.add_init_script("delete window.SharedWorker; window.requestIdleCallback = () => 0;")
    page.reload()
    until(page, "document.querySelector('#net-status')?.dataset.state === 'live'")
    context.set_offline(True)
    until(page, "document.querySelector('#net-status')?.dataset.state === 'offline'")
    assert not page.evaluate("window.tafelOffline.warm()")
    panel_deal(page, "H", 1, 98, {})
    page.locator("form[data-deal-form] .offline-checking").wait_for(timeout=2000)
    assert (
        page.locator("form[data-deal-form] .offline-checking").inner_text() == "The rules engine is starting…"
    )
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 1", 90)
    assert page.locator("form[data-deal-form] .offline-checking").count() == 0
    context.close()


def test_a_coiffeur_offline_to_its_end_then_synced(context: Any, live_server: str) -> None:
    """COIFFEUR.md's worked example 1, set up online and then played to its end without network
    on the Coiffeur's own deal form (a Misère, a Match, a scratch among its 16 entries): each is
    judged on the tablet, the screen shows the tablet's score, and back online the server's log
    holds the 16 entries once, in order, with the example's totals."""
    from tests.helpers.coiffeur import COIFFEUR, coiffeur_entry, set_up_example_coiffeur

    page = tablet(context)
    set_up_example_coiffeur(page, live_server)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    ready_offline(page, f"{live_server}/matches/{match_id}")
    page.goto(f"{live_server}/matches/{match_id}/deals/new")  # the deal form, kept for later
    page.goto(f"{live_server}/matches/{match_id}")
    until(page, "document.querySelector('#net-status')?.dataset.state === 'live'")
    context.set_offline(True)
    until(page, "document.querySelector('#net-status')?.dataset.state === 'offline'")
    for number, entry in enumerate(COIFFEUR, start=1):
        coiffeur_entry(page, *entry)
        until(page, f"Number(document.querySelector('#net-status')?.dataset.pending) === {number}", 60)
    assert server_log(page, live_server, match_id) == []
    tablet_score = page.locator("#outbox .outbox-score").inner_text().replace(",", "")
    assert tablet_score.endswith("4735 : 2189"), tablet_score
    assert page.locator("#outbox li").first.inner_text().startswith("Deal 1: ")

    context.set_offline(False)
    wait_sent(page, 120)
    entries = server_log(page, live_server, match_id)
    assert [(e["seq"], e["kind"]) for e in entries] == [(n, "deal") for n in range(1, 17)]
    assert entries[13]["record"]["scratch"]["row"] == 8
    page.goto(f"{live_server}/matches/{match_id}")
    figures = [int(score) for score in scoreboard(page)]
    assert figures == [4735, 2189]
    assert "Winner: Uri" in page.content()


def table_tablet(
    context: Any, live_server: str, title: str, games: int, confirm: str
) -> tuple[str, Any, int]:
    """An evening of one table drawn by its director (in ``context``), and the table's tablet: a
    browser of its own that claimed the table's link and keeps the app for offline use. The
    event's address, the tablet's page on its Passe, and the Passe's match id."""
    from urllib.parse import urlsplit

    director = tablet(context)
    event = new_evening(director, live_server, title, games, confirm, ["Anna", "Beat", "Cla", "Dora"])
    director.check("form.draw input[name=confirmed]")
    director.click("form.draw button[type=submit]")
    link = urlsplit(director.locator("table.draw a.table-entry").first.get_attribute("href")).path
    director.close()
    page = tablet(context.browser.new_context(viewport={"width": 768, "height": 1024}, locale="en",
                                              extra_http_headers={"Accept-Language": "en"},
                                              service_workers="allow"))  # fmt: skip
    page.goto(live_server + link)  # the table's tablet claims its link
    passe = page.url
    ready_offline(page, passe)
    return event, page, int(passe.rstrip("/").rsplit("/", 1)[1].split("?")[0])


def test_a_passe_at_an_event_table_offline_then_synced(context: Any, live_server: str) -> None:
    """A tournament table whose Wi-Fi goes: the table's tablet (on the link the draw gave it)
    enters its Passe's games on the panel without network, judged by the Passe's own rules on the
    tablet, and back online the server holds them once, in order, and the event counts them."""
    event, page, match_id = table_tablet(context, live_server, "Ohne Netz", 3, "none")
    page.context.set_offline(True)
    until(page, "document.querySelector('#net-status')?.dataset.state === 'offline'")
    for number, (contract, points) in enumerate((("H", 98), ("S", 60), ("obenabe", 120)), start=1):
        panel_deal(page, contract, 1, points, None)
        until(page, f"Number(document.querySelector('#net-status')?.dataset.pending) === {number}", 60)
    assert page.locator("form[data-deal-form] .offline-refusal").count() == 0
    assert server_log(page, live_server, match_id) == []
    page.context.set_offline(False)
    wait_sent(page)
    entries = server_log(page, live_server, match_id)
    assert [(e["seq"], e["kind"]) for e in entries] == [(1, "deal"), (2, "deal"), (3, "deal")]
    assert [e["record"]["points"] for e in entries] == [{"team": 1, "value": v} for v in (98, 60, 120)]
    results = page.request.get(f"{event}/export/ranking.csv").text()
    assert "Anna" in results and str(98 + 60 + 120) in results, results
    page.context.close()


def test_a_coiffeur_on_its_panel_offline_then_synced(context: Any, live_server: str) -> None:
    """The Coiffeur's panel on the match screen without network: the chooser and the row tapped,
    the points, Save; each deal judged on the tablet (the trick points asked follow the chooser's
    team), and back online both are stored once, in order, with COIFFEUR.md's worked example's
    first two cells (C6.1)."""
    from tests.helpers.coiffeur import set_up_example_coiffeur

    page = tablet(context)
    set_up_example_coiffeur(page, live_server)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    ready_offline(page, f"{live_server}/matches/{match_id}")
    page.goto(f"{live_server}/matches/{match_id}")
    until(page, "document.querySelector('#net-status')?.dataset.state === 'live'")
    context.set_offline(True)
    until(page, "document.querySelector('#net-status')?.dataset.state === 'offline'")
    for number, (chooser, row, points) in enumerate(((1, 6, 121), (2, 2, 88)), start=1):
        page.click(f"form[data-deal-form] input[name=chooser][value='{chooser}'] >> xpath=..")
        page.click(f"form[data-deal-form] input[name=row][value='{row}'] >> xpath=..")
        page.fill("form[data-deal-form] input[name=points]", str(points))
        page.click("form[data-deal-form] button.save-deal")
        until(page, f"Number(document.querySelector('#net-status')?.dataset.pending) === {number}", 60)
    assert server_log(page, live_server, match_id) == []

    context.set_offline(False)
    wait_sent(page, 120)
    entries = server_log(page, live_server, match_id)
    assert [(e["seq"], e["kind"]) for e in entries] == [(1, "deal"), (2, "deal")]
    stated = [
        (e["record"]["forehand"], e["record"]["chooser"], e["record"]["row"], e["record"]["points"])
        for e in entries
    ]
    assert stated == [(1, 1, 6, {"team": 1, "value": 121}), (2, 2, 2, {"team": 2, "value": 88})]
    page.goto(f"{live_server}/matches/{match_id}")
    figures = [int(score) for score in scoreboard(page)]
    assert figures == [121 * 6, 88 * 2]


#: The version of match ID's log as the tablet keeps it (IndexedDB), as a script's value.
KEPT_VERSION = (
    "new Promise((ok) => { const r = indexedDB.open('tafel-offline'); r.onsuccess = () => {"
    " const q = r.result.transaction('matches').objectStore('matches').get('ID');"
    " q.onsuccess = () => ok(q.result ? q.result.version : null); }; })"
)


def test_a_confirmation_waits_in_the_outbox_behind_the_games(context: Any, live_server: str) -> None:
    """T6.2 at a table whose Wi-Fi goes: a game entered while online waits for both teams; team
    1 taps its confirmation without network, and the screen says it waits (the page read again
    from the tablet's cache offers no button to tap it twice); a game entered after it waits in
    the outbox too. Back online the game goes in first, then the confirmation,
    once, as its form would have posted it."""
    event, page, match_id = table_tablet(context, live_server, "Bestätigt ohne Netz", 2, "per_game")
    panel_deal(page, "H", 1, 98, None)  # online: saved, and waiting for both teams
    page.wait_for_selector("#event-confirm button[data-team='1']")
    # The tablet's kept log follows the deal saved online (the next entry builds on it).
    until(page, KEPT_VERSION.replace("ID", str(match_id)) + ".then((version) => version === 1)")
    page.context.set_offline(True)
    until(page, "document.querySelector('#net-status')?.dataset.state === 'offline'")
    page.click("#event-confirm button[data-team='1']")
    page.wait_for_selector("#event-confirm .post-waiting")
    assert "Team 1 confirms" in page.locator("#event-confirm .post-waiting").inner_text()
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 1")
    assert page.locator("#outbox li").first.inner_text().startswith("Team 1 confirms")
    page.reload()  # from the tablet's cache: no button offers the kept confirmation again
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 1")
    assert page.locator("#event-confirm button[data-team='1']").count() == 0
    panel_deal(page, "S", 2, 60, None)  # the second game, behind the confirmation
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 2", 60)

    page.context.set_offline(False)
    wait_sent(page)
    entries = server_log(page, live_server, match_id)
    assert [(e["seq"], e["kind"]) for e in entries] == [(1, "deal"), (2, "deal")]
    exported = context.request.get(f"{event}/export.json").json()  # the director's export
    marks = [e for e in exported["entries"] if e["kind"] == "confirm"]
    assert [(m["record"]["match_id"], m["record"]["team"]) for m in marks] == [(match_id, 1)], marks
    page.wait_for_selector("#event-confirm")
    assert page.locator("#confirm-game-1 button[data-team='1']").count() == 0
    assert page.locator("#confirm-game-2 button[data-team='1']").count() == 1
    page.context.close()


def test_a_differenzler_offline_to_its_end_then_synced(context: Any, live_server: str) -> None:
    """A Partie of 8 deals with hidden estimates (D3.3), set up online and played to its end on
    the match screen's panel without network: DIFFERENZLER.md's worked example 2 twice. Each deal
    is judged on the tablet (points that do not make 157 are refused by D8 there), the big
    figures are the tablet's totals, and back online the server's log holds the 8 deals once, in
    order, each sealed by the server's clock, with the example's totals twice over."""
    from tests.helpers.differenzler import PASSE, SCORES

    page = tablet(context)
    start_match(page, live_server, "differenzler", ("Anna", "Beat", "Cla", "Doris"), deal_count="8")
    match_id = int(re.search(r"/matches/(\d+)", page.url).group(1))  # type: ignore[union-attr]
    ready_offline(page, f"{live_server}/matches/{match_id}")
    context.set_offline(True)
    until(page, "document.querySelector('#net-status')?.dataset.state === 'offline'")

    def enter(trump: str, estimates: list[int], made: list[int]) -> None:
        page.click(f"form[data-deal-form] input[name=trump][value={trump}] >> xpath=..")
        for seat, (estimate, points) in enumerate(zip(estimates, made, strict=True), start=1):
            page.fill(f"form[data-deal-form] input[name=estimate_{seat}]", str(estimate))
            page.fill(f"form[data-deal-form] input[name=points_{seat}]", str(points))
        page.click("form[data-deal-form] button.save-deal")

    enter("H", [40, 40, 40, 40], [40, 40, 40, 40])  # 160 card points: refused on the tablet
    page.wait_for_selector("form[data-deal-form] .offline-refusal")
    assert "D8" in page.locator("form[data-deal-form] .offline-refusal").inner_text()
    assert waiting(page) == 0
    for number, (_forehand, trump, estimates, made) in enumerate(PASSE * 2, start=1):
        enter(trump, estimates, made)
        until(page, f"Number(document.querySelector('#net-status')?.dataset.pending) === {number}", 60)
    expected = [2 * sum(column) for column in zip(*SCORES, strict=True)]
    shown = page.locator(".scoreboard [data-score]").all_inner_texts()
    assert [int(figure.replace("\u2212", "-")) for figure in shown] == expected, shown
    assert page.locator("#outbox li").first.inner_text().startswith("Deal 1: Schellen, 43 : 0 : 65 : 49")
    assert server_log(page, live_server, match_id) == []

    context.set_offline(False)
    wait_sent(page, 120)
    entries = server_log(page, live_server, match_id)
    assert [(e["seq"], e["kind"]) for e in entries] == [(n, "deal") for n in range(1, 9)]
    assert [e["record"]["estimates"] for e in entries] == [p[2] for p in PASSE * 2]
    assert all(len(e["record"]["sealed_at"]["estimates"]) == 4 for e in entries)
    page.goto(f"{live_server}/matches/{match_id}")
    assert [int(score) for score in scoreboard(page)] == expected
    assert page.locator("form[data-deal-form]").count() == 0  # the Partie is over


def test_a_phone_seals_its_estimate_without_network(browser: Any, context: Any, live_server: str) -> None:
    """D3.3 on a phone whose network goes: the player's estimate is kept on the phone (the page
    says so, never the value) and sealed when the network is back, once; a phone whose deal was
    entered meanwhile is told that its estimate came too late, with the rule, and is offered
    the page again."""
    table = tablet(context)
    start_match(table, live_server, "differenzler", ("Anna", "Beat", "Cla", "Doris"))
    match_id = int(re.search(r"/matches/(\d+)", table.url).group(1))  # type: ignore[union-attr]
    links = {
        int(figure.get_attribute("data-seat") or 0): figure.locator("input.seat-link").get_attribute("value")
        for figure in table.locator("figure[data-seat]").all()
    }
    phones = []
    for seat in (1, 2):
        phone_context = browser.new_context(
            viewport={"width": 390, "height": 844}, locale="en", extra_http_headers={"Accept-Language": "en"}
        )
        phone = tablet(phone_context)
        phone.goto(links[seat])
        until(phone, "document.querySelector('#net-status')?.dataset.state === 'live'")
        phone_context.set_offline(True)
        until(phone, "document.querySelector('#net-status')?.dataset.state === 'offline'")
        phone.fill("input[name=estimate]", "40")
        phone.click("button[type=submit]")
        phone.wait_for_selector(".post-waiting")
        assert "Your estimate, kept on this phone" in phone.locator(".post-waiting").inner_text()
        assert "40" not in phone.locator("main").inner_text()
        phones.append(phone)
    table.reload()  # the table's count of sealed estimates (never their values)
    assert "0 of 4 estimates in" in table.locator(".phone-estimates").inner_text()

    phones[0].context.set_offline(False)  # Anna's phone: sealed when the network is back
    phones[0].wait_for_selector("#estimates-in", timeout=60_000)
    until(phones[0], "document.querySelector('#estimates-in')?.textContent.includes('1 of 4')", 60)
    assert "sealed" in phones[0].locator("#seat-name").inner_text()

    # The table enters deal 1 meanwhile, with Beat's estimate typed at the table.
    table.reload()
    assert "1 of 4 estimates in" in table.locator(".phone-estimates").inner_text()
    assert "Anna" in table.locator("#phone-seats").inner_text()  # leave Anna's empty: sealed
    # Without network the table cannot use a sealed estimate: the panel stops saying it would.
    context.set_offline(True)
    until(table, "document.querySelector('#net-status')?.dataset.state === 'offline'")
    assert table.locator("#phone-seats").is_hidden()
    context.set_offline(False)
    until(table, "document.querySelector('#net-status')?.dataset.state === 'live'")
    assert table.locator("#phone-seats").is_visible()
    for seat, (estimate, points) in enumerate(((None, 40), (30, 40), (40, 40), (37, 37)), start=1):
        if estimate is not None:
            table.fill(f"form[data-deal-form] input[name=estimate_{seat}]", str(estimate))
        table.fill(f"form[data-deal-form] input[name=points_{seat}]", str(points))
    table.click("form[data-deal-form] input[name=trump][value=H] >> xpath=..")
    table.click("form[data-deal-form] button.save-deal")
    table.wait_for_selector("#deal-1")
    phones[1].context.set_offline(False)  # Beat's phone: too late for deal 1
    until(phones[1], "document.querySelector('.post-waiting')?.getAttribute('role') === 'alert'", 60)
    said = phones[1].locator(".post-waiting").inner_text()
    assert "D3.3" in said and "Deal 1" in said and "Open the page again" in said, said
    # Anna's estimate from her phone in the deal, Beat's as typed at the table.
    entries = server_log(table, live_server, match_id)  # the estimate's entry shows no record
    assert [(e["kind"], e["record"] is None) for e in entries] == [("estimate", True), ("deal", False)]
    assert entries[1]["record"]["estimates"] == [40, 30, 40, 37]
    table.reload()
    assert "0 of 4 estimates in" in table.locator(".phone-estimates").inner_text()  # deal 2's
    for phone in phones:
        phone.context.close()


def test_a_coiffeur_born_offline_is_adopted_with_its_grid(context: Any, live_server: str) -> None:
    """A Coiffeur set up without network on a preset grid of 10 rows (C2.3): the tablet plays it
    on the born deal form of that grid (its own rows, not the official 8), keeps two deals, and
    back online the server adopts the game with its grid and stores the deals behind it; a grid
    of own rows is refused offline, naming the grid."""
    page = set_up_offline(context, live_server, "coiffeur", ("Uri", "Vreni", "Walo", "Xaver"))
    page.check("input[name=grid][value=custom]")
    page.fill("textarea[name=rows]", "D×1, H×2")
    page.click("button[type=submit]")
    page.locator(".offline-refusal").wait_for(timeout=90_000)
    assert "grid" in page.locator(".offline-refusal").inner_text().lower()
    page.check("input[name=grid][value=ten]")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/offline/born/coiffeur/4/swiss\?grid=ten#u-\w+$"), timeout=90_000)
    until(page, "document.querySelector('form.deal-form')?.dataset.offlineTurn === '1'", 60)
    assert page.locator("form.deal-form input[name=row]").count() == 10
    for number, (chooser, row, points) in enumerate(((1, 6, 121), (2, 9, 88)), start=1):
        page.check(f"form.deal-form input[name=chooser][value='{chooser}']")
        page.check(f"form.deal-form input[name=row][value='{row}']")
        if row == 9:  # a Wunsch row: the contract the chooser named (C5.5)
            page.check("form.deal-form input[name=contract][value=obenabe]")
        page.check("form.deal-form input[name=result][value=points]")
        page.check(f"form.deal-form input[name=team][value='{2 - chooser % 2}']")
        page.fill("form.deal-form input[name=points]", str(points))
        page.click("form.deal-form button[type=submit]")
        until(page, f"Number(document.querySelector('#net-status')?.dataset.pending) === {number}", 60)

    context.set_offline(False)
    page.wait_for_url(re.compile(r"/matches/\d+$"), timeout=60_000)
    wait_sent(page)
    match_id = int(page.url.rsplit("/", 1)[1])
    state = page.request.get(f"{live_server}/offline/matches/{match_id}/state.json").json()
    assert state["settings"]["options"]["grid"] == "ten"
    stated = [(e["record"]["forehand"], e["record"]["chooser"], e["record"]["row"]) for e in state["entries"]]
    assert stated == [(1, 1, 6), (2, 2, 9)]  # the deal passes on each deal (C3.1), as online
    page.goto(f"{live_server}/matches/{match_id}")
    assert [int(score) for score in scoreboard(page)] == [121 * 6, 88 * 9]


def test_a_game_entered_offline_is_confirmed_before_it_is_sent(context: Any, live_server: str) -> None:
    """T6.2 ``per_game`` at a table whose Wi-Fi went before its first game: the game entered
    offline is offered for confirmation at once on the tablet (for the team it confirms for), the
    tap waits behind the game in the outbox, and back online the server holds the game and then
    team 1's confirmation of it, once; the game then waits for team 2 alone, on its own device."""
    event, page, match_id = table_tablet(context, live_server, "Sofort bestätigt", 2, "per_game")
    assert page.locator("#event-confirm").is_hidden()  # nothing to confirm yet
    page.context.set_offline(True)
    until(page, "document.querySelector('#net-status')?.dataset.state === 'offline'")
    panel_deal(page, "H", 1, 98, None)
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 1", 60)
    offered = page.locator("#event-confirm .offline-confirm button[data-team='1']")
    offered.wait_for(timeout=20_000)
    assert page.locator("#event-confirm").is_visible()
    offered.click()
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 2", 30)
    note = page.locator("#event-confirm .offline-confirm .post-waiting")
    assert note.inner_text().startswith("Team 1 confirms · Game 1"), note.inner_text()
    assert page.locator("#event-confirm .offline-confirm button[data-team='1']").count() == 0
    page.reload()  # from the tablet's cache: the kept confirmation is not offered again
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 2")
    page.locator("#event-confirm .offline-confirm .post-waiting").wait_for(timeout=20_000)
    assert page.locator("#event-confirm .offline-confirm button[data-team='1']").count() == 0

    page.context.set_offline(False)
    wait_sent(page)
    entries = server_log(page, live_server, match_id)
    assert [(e["seq"], e["kind"]) for e in entries] == [(1, "deal")]
    exported = context.request.get(f"{event}/export.json").json()  # the director's export
    marks = [e["record"] for e in exported["entries"] if e["kind"] == "confirm"]
    assert [(m["match_id"], m["slot"], m["team"]) for m in marks] == [(match_id, 1, 1)], marks
    # The server's part, read again: nothing waits for this tablet's team; team 2 confirms on
    # its own device.
    page.locator("#event-confirm .confirm-elsewhere").wait_for(timeout=30_000)
    assert "Team 2" in page.locator("#event-confirm .confirm-elsewhere").inner_text()
    assert page.locator("#event-confirm button[data-team]").count() == 0
    assert page.locator("#event-confirm .offline-confirm").count() == 0
    page.context.close()


def test_a_schieber_offline_to_its_end_then_synced(context: Any, live_server: str) -> None:
    """A Schieber to 300 (S1.2) played to its end on the match screen's panel without network:
    Rosen ×1 (S3.3), Anna and Cla 98 each deal, 59 to the others; the fourth deal takes them to
    392 and ends the match (S7.1), so a fifth is refused on the tablet; back online the server
    holds the four deals once, in order, with Anna and Cla the winners."""
    page = tablet(context)
    page.goto(f"{live_server}/matches/new/schieber")
    for seat, name in enumerate(("Anna", "Beat", "Cla", "Dora"), start=1):
        page.fill(f"input[name=name_{seat}]", name)
    page.fill("input[name=target]", "300")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    match_id = int(page.url.rsplit("/", 1)[1])
    ready_offline(page, f"{live_server}/matches/{match_id}")
    context.set_offline(True)
    until(page, "document.querySelector('#net-status')?.dataset.state === 'offline'")
    for number in range(1, 5):
        panel_deal(page, "H", 1, 98, {})
        until(page, f"Number(document.querySelector('#net-status')?.dataset.pending) === {number}", 60)
    shown = page.locator(".scoreboard [data-score]").all_inner_texts()
    assert [int(figure) for figure in shown] == [4 * 98, 4 * 59], shown
    panel_deal(page, "H", 1, 98, {})  # after the end
    refusal = page.locator("form[data-deal-form] .offline-refusal [data-rule]")
    refusal.first.wait_for(timeout=60_000)
    assert refusal.first.get_attribute("data-rule") == "S7.1"
    assert waiting(page) == 4

    context.set_offline(False)
    wait_sent(page)
    entries = server_log(page, live_server, match_id)
    assert [(e["seq"], e["kind"]) for e in entries] == [(n, "deal") for n in range(1, 5)]
    page.goto(f"{live_server}/matches/{match_id}")
    assert [int(score) for score in scoreboard(page)] == [4 * 98, 4 * 59]
    assert "Winner" in page.locator(".scoreboard").inner_text()
    assert page.locator("form[data-deal-form]").count() == 0  # the match is over


def test_a_three_player_klammern_offline_to_its_end_then_synced(context: Any, live_server: str) -> None:
    """A Liga-Partie of three players, each alone (K1.4), to 20 Augen (K8.2), played to its end
    on the deal form without network: Ben declares and wins both deals (more than all others
    together), each side scoring its own points in Augen (K8.1: 100 → 10, 40 → 4, 24 → 2; then
    110 → 11, 30 → 3); Ben's 21 Augen end the match, so a third deal is refused on the tablet;
    back online the server holds the two deals once, in order, with Ben the winner."""
    page = tablet(context)
    page.goto(f"{live_server}/matches/new/klammern")
    page.check("input[name=players][value='3']")
    for seat, name in enumerate(("Ben", "Sue", "Tom"), start=1):
        page.fill(f"input[name=name_{seat}]", name)
    page.check("input[name=format][value=liga]")
    page.fill("input[name=target]", "20")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    match_id = int(page.url.rsplit("/", 1)[1])
    ready_offline(page, f"{live_server}/matches/{match_id}/deals/new")
    page.goto(f"{live_server}/matches/{match_id}")
    context.set_offline(True)
    until(page, "document.querySelector('#net-status')?.dataset.state === 'offline'")

    def deal(sides: tuple[int, int, int]) -> None:
        deal_form(page, live_server, match_id)
        page.check("input[name=trump][value=C]")
        page.select_option("select[name=declarer]", "1")
        for side, points in enumerate(sides, start=1):
            page.fill(f"input[name=side_{side}]", str(points))
        page.click("button[type=submit]")

    for number, sides in enumerate(((100, 40, 24), (110, 30, 24)), start=1):
        deal(sides)
        kept_then_home(page, live_server, match_id)
        until(page, f"Number(document.querySelector('#net-status')?.dataset.pending) === {number}", 60)
    shown = page.locator(".scoreboard [data-score]").all_inner_texts()
    assert [int(figure) for figure in shown] == [21, 7, 4], shown
    deal((90, 50, 24))  # after the deal that decided the match
    page.locator(".offline-refusal [data-rule]").first.wait_for(timeout=60_000)
    assert waiting(page) == 2

    context.set_offline(False)
    page.goto(f"{live_server}/matches/{match_id}")
    wait_sent(page)
    entries = server_log(page, live_server, match_id)
    assert [(e["seq"], e["kind"], e["record"]["points"]) for e in entries] == [
        (1, "deal", {"sides": [100, 40, 24]}),
        (2, "deal", {"sides": [110, 30, 24]}),
    ]
    page.goto(f"{live_server}/matches/{match_id}")
    assert [int(score) for score in scoreboard(page)] == [21, 7, 4]
    assert "Winner" in page.locator(".scoreboard").inner_text()


#: Make every kept post of the outbox name another version of its game (as if the game had
#: changed on the server meanwhile), as a script's value.
STALE_POSTS = (
    "new Promise((ok) => { const r = indexedDB.open('tafel-offline'); r.onsuccess = () => {"
    " const tx = r.result.transaction('outbox', 'readwrite'); const store = tx.objectStore('outbox');"
    " store.getAll().onsuccess = (e) => { for (const entry of e.target.result) if (entry.kind === 'post')"
    " store.put({ ...entry, fields: { ...entry.fields, version: '99' } }); };"
    " tx.oncomplete = () => ok(true); }; })"
)


def test_a_kept_confirmation_of_a_game_changed_meanwhile_is_shown_refused(
    context: Any, live_server: str
) -> None:
    """T6.2: a confirmation covers the game as the team saw it. One kept without network for a
    game that changed before it was sent is refused by the server, and the tablet's outbox says
    so in the server's words, for the table to resolve, rather than count it as sent."""
    _event, page, _match_id = table_tablet(context, live_server, "Veraltet", 2, "per_game")
    panel_deal(page, "H", 1, 98, None)
    page.wait_for_selector("#event-confirm button[data-team='1']")
    page.context.set_offline(True)
    until(page, "document.querySelector('#net-status')?.dataset.state === 'offline'")
    page.click("#event-confirm button[data-team='1']")
    until(page, "Number(document.querySelector('#net-status')?.dataset.pending) === 1")
    assert page.evaluate(STALE_POSTS)
    page.context.set_offline(False)
    trouble = page.locator("#outbox .outbox-trouble")
    trouble.wait_for(timeout=60_000)
    assert "The game changed meanwhile" in trouble.inner_text(), trouble.inner_text()
    page.context.close()

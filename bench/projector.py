"""Projector delay: from a game's last confirmation on the table's screen to the projector showing it.

TOURNAMENT.md's evening as a browser lives it: the director creates an event (one table, its
Passe of 4 games, T6.2 ``per_game``), registers four players and draws; the table's tablet opens
its table link and enters each game with the entry panel; team 1 confirms it on the table's
screen and team 2 on a phone opened on its team link (one tap each); the projector (``/events/<id>/ranking?screen=projector``, its
own poll) is open in a third browser. Timed per game: from the answer to the second team's
confirmation to the moment the projector's ranking shows the game's running score, measured in
Chromium (Debian's, driven by Playwright) with no reload of any page. Served as README.md says:
Granian alone (``make serve``), then nginx in front (``make tournament``, its one-second cache).

    .venv/bin/python bench/projector.py             # both set-ups, refreshes bench/RESULTS.md
    .venv/bin/python bench/projector.py --no-write  # a look

Goal (issue "A tournament night faster than paper"): a confirmed game on the projector within 5 s.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.results import write_section  # noqa: E402
from scorer.store.migrate import upgrade  # noqa: E402
from tests.helpers.browser import enter_passe_game  # noqa: E402

BEGIN, END = "<!-- bench/projector.py: begin -->", "<!-- bench/projector.py: end -->"
#: Team 1's trick points, game after game (each game totals 157, T3.4), and their contracts.
GAMES = ((98, "H"), (45, "S"), (121, "obenabe"), (67, "undenufe"))
NAMES = ("Anna", "Beat", "Chris", "Dora")
GOAL_S = 5.0


def evening(browser: Any, base: str) -> tuple[list[float], float, str]:
    """One evening through the pages: in seconds, each game's delay from its entry to its running
    score on the projector (all but the last game), the delay from the Passe's last confirmation
    to its counted totals there; and the event's address."""
    english = {"locale": "en", "extra_http_headers": {"Accept-Language": "en"}}
    director = browser.new_context(**english).new_page()
    director.goto(f"{base}/events/new")
    director.fill("input[name=title]", "Projektor")
    director.fill("input[name=passen]", "1")
    director.fill("input[name=games_per_passe]", str(len(GAMES)))
    director.select_option("select[name=confirm]", "per_game")
    director.click("button[type=submit]")
    director.wait_for_selector("textarea[name=players]")
    event = director.url
    director.fill("textarea[name=players]", "\n".join(NAMES))
    director.click("form[action$='/players'] button[type=submit]")
    director.wait_for_selector("form.draw")
    director.check("form.draw input[name=confirmed]")
    director.click("form.draw button[type=submit]")
    director.wait_for_selector("table.draw")
    row = director.locator("table.draw tr.table-row").first
    link = row.locator("a.table-entry").get_attribute("href")
    confirm_page = row.locator("a.confirm-page").get_attribute("href")
    projector = browser.new_context(viewport={"width": 1280, "height": 800}, **english).new_page()
    projector.goto(f"{event}/ranking?screen=projector")
    projector.wait_for_load_state("load")
    screen = browser.new_context(viewport={"width": 1024, "height": 768}, **english).new_page()
    # The table card's QR code (its address is the machine's reachable one; here its path on
    # loopback): this tablet enters the games.
    screen.goto(base + urlsplit(link).path)
    screen.wait_for_load_state("load")
    # Team 2 confirms on a phone opened on its team link (the table's screen confirms for team 1).
    screen.goto(base + urlsplit(confirm_page).path)
    team_2 = screen.locator("section.team-links figcaption code").nth(1).inner_text()
    phone = browser.new_context(viewport={"width": 390, "height": 844}, **english).new_page()
    phone.goto(base + urlsplit(team_2).path)
    phone.wait_for_load_state("load")
    screen.go_back()
    screen.wait_for_load_state("load")
    shown_after_entry: list[float] = []
    team_1 = 0
    for number, (points, contract) in enumerate(GAMES, start=1):
        enter_passe_game(screen, number, contract, points)
        saved = time.perf_counter()
        team_1 += points
        if number < len(GAMES):
            # The open Passe's running score (T7.5, "so far, not counted yet"), game by game.
            shown(projector, "td", {str(team_1), str(157 * number - team_1)})
            shown_after_entry.append(time.perf_counter() - saved)
        screen.locator("#event-confirm button[data-team='1']").first.click()
        screen.wait_for_selector("#event-confirm p.saved:has-text('Team 1 confirmed the game.')")
        # The phone learns by itself (its own poll) that a game waits for team 2.
        phone.wait_for_selector("button[data-team='2']", timeout=30_000)
        phone.locator("button[data-team='2']").first.click()
        phone.wait_for_load_state("load")
    confirmed = time.perf_counter()
    # The complete Passe counted: each player's Total (the row's last cell, T7.1).
    shown(projector, "td:last-child", {str(team_1), str(157 * len(GAMES) - team_1)})
    return shown_after_entry, time.perf_counter() - confirmed, event


def shown(projector: Any, cells: str, scores: set[str]) -> None:
    """Wait (without a reload: the page's own poll) until a ranking row's ``cells`` show a score."""
    projector.wait_for_function(
        """([cells, scores]) => [...document.querySelectorAll('table.ranking-table tbody tr')]
             .some(row => [...row.querySelectorAll(cells)].some(cell => scores.includes(cell.textContent.trim())))""",
        arg=[cells, sorted(scores)],
        timeout=60_000,
        polling=50,
    )


def run(label: str, base: str) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        try:
            running, counted, _event = evening(browser, base)
        finally:
            browser.close()
    return {"label": label, "running": running, "counted": counted}


def report(results: list[dict[str, Any]]) -> str:
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        BEGIN,
        "## Projector delay (bench/projector.py)",
        "",
        f"Measured {now} on this machine ({os.cpu_count()} cores, shared with other work; load average "
        f"{os.getloadavg()[0]:.1f}): one table's Passe of {len(GAMES)} games; team 1 confirms each on the "
        "table's screen, team 2 on its phone (its team link, which learns by its own poll what waits); "
        "Chromium shows the projector's ranking page (its own poll, no reload). *Entry*: from a game's "
        "save on the table's screen to the open Passe's running score on the projector (T7.5), game by "
        "game; *counted*: from the Passe's last confirmation to each player's Total on the projector. "
        f"Goal: ≤ {GOAL_S:g} s.",
        "",
        "| set-up | entry → projector, s (game by game) | last confirmation → Total, s | goal |",
        "| --- | --- | ---: | --- |",
    ]
    for result in results:
        worst = max(*result["running"], result["counted"])
        lines.append(
            f"| {result['label']} | {', '.join(f'{d:.2f}' for d in result['running'])} | "
            f"{result['counted']:.2f} | {'met' if worst <= GOAL_S else 'NOT met'} |"
        )
    lines += ["", END, ""]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    from tests.helpers import proxy, server

    results = []
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        for label, behind_proxy in (
            ("Granian (make serve)", False),
            ("nginx + Granian (make tournament)", True),
        ):
            url = f"sqlite:///{workdir}/{'proxy' if behind_proxy else 'direct'}.sqlite"
            upgrade(url)
            with server.serving(url, workdir / "server.log", workers=2, threads=4) as served:
                front = proxy.start(served.port, workdir / "nginx") if behind_proxy else None
                try:
                    port = front.port if front is not None else served.port
                    result = run(label, f"http://127.0.0.1:{port}")
                finally:
                    if front is not None:
                        front.stop()
            print(f"{label}: entry {result['running']}, counted {result['counted']:.2f} s", flush=True)
            results.append(result)
    section = report(results)
    print(section)
    if not args.no_write:
        write_section(ROOT / "bench" / "RESULTS.md", BEGIN, END, section)
    return 0 if all(max(*r["running"], r["counted"]) <= GOAL_S for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())

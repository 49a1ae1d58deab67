"""Benchmark of the table: what entering a deal costs the players, and how soon a saved deal
is on the screen — in Debian's Chromium through Playwright, against a real server.

    .venv/bin/python bench/table.py [--rounds 5] [--no-write]

Counted on the match page's entry panel (a tap is a click on a chip, a Weis button, Match or
Save; the points are keys of the panel's number pad, counted as digits):

- taps and digits for a plain deal, a Match, and a deal with two Weis and Stöck, from the
  match screen to the match screen with the new score; and a Klammern deal (four players)
  with a meld by value and Bella;
- the requests the browser makes per deal (documents and fetches, not cached CSS/JS), and
  whether the page had to scroll;
- whether Save, and all a plain deal needs, is in sight at 768×1024 and 1024×768.

Timed: from the tap on Save to the first frame painted with the new deal's row (htmx swaps
the match screen in place; two animation frames after the row appears), at deal 10 and at
deal 300, against a static page of the same bytes served by the same server in the same run,
reached by a form POST answered by a 303 redirect, to its first contentful paint. Goal: at
most twice the static page.

Writes its section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import logging
import os
import platform
import re
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from results import write_section  # noqa: E402  (bench/ is the script folder)
from werkzeug.serving import make_server  # noqa: E402

from scorer import create_app  # noqa: E402
from scorer.store.migrate import upgrade  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
RESULTS = ROOT / "bench" / "RESULTS.md"
BEGIN, END = "<!-- bench/table.py: begin -->", "<!-- bench/table.py: end -->"
CONTRACTS = ("H", "D", "S", "C", "obenabe", "undenufe")
SIZES = (10, 300)

STATIC_FORM = b"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>static</title></head>
<body><form method="post" action="/bench-static/save"><button type="submit">Save</button></form></body></html>"""


def deal_fields(n: int) -> dict[str, str]:
    # Low counts keep a 300-deal match short of its target (100,000).
    return {
        "forehand": str(n % 4 + 1),
        "contract": CONTRACTS[n % 6],
        "team": str(n % 2 + 1),
        "points": str(40 + n % 50),
    }


class StaticPeer:
    """WSGI middleware: the same server also serves a static page of a given size, reached by
    a form POST and a 303 redirect, like a saved deal."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.page = b""

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if path == "/bench-static/form":
            return self._send(start_response, "200 OK", STATIC_FORM)
        if path == "/bench-static/save":
            environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
            start_response("303 See Other", [("Location", "/bench-static/page"), ("Content-Length", "0")])
            return [b""]
        if path == "/bench-static/page":
            return self._send(start_response, "200 OK", self.page)
        return self.app(environ, start_response)  # type: ignore[no-any-return]

    @staticmethod
    def _send(start_response: Callable[..., Any], status: str, body: bytes) -> list[bytes]:
        start_response(
            status,
            [
                ("Content-Type", "text/html; charset=utf-8"),
                ("Content-Length", str(len(body))),
                ("Cache-Control", "no-store"),
            ],
        )
        return [body]


@dataclass
class Table:
    base: str
    app: Any
    peer: StaticPeer
    client: Any
    match: str
    deals: int = 0


@contextmanager
def table() -> Iterator[Table]:
    tmp = Path(tempfile.mkdtemp())
    url = f"sqlite:///{tmp}/bench.sqlite"
    upgrade(url)
    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": url, "WTF_CSRF_ENABLED": False})
    peer = StaticPeer(app.wsgi_app)
    app.wsgi_app = peer  # type: ignore[method-assign]
    server = make_server("127.0.0.1", 0, app, threaded=True)
    base = f"http://127.0.0.1:{server.server_port}"
    app.config["PUBLIC_URL"] = base
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    client = app.test_client()
    answer = client.post(
        "/matches/new/schieber",
        data={
            "profile": "seed",
            "deck": "swiss",
            "rosen7": "1",
            "target": "100000",
            "name_1": "Anna",
            "name_2": "Beat",
            "name_3": "Cla",
            "name_4": "Dora",
        },
    )
    try:
        yield Table(base, app, peer, client, answer.headers["Location"])
    finally:
        server.shutdown()
        thread.join(timeout=5)
        app.extensions["tafel_engine"].dispose()


def fill_to(t: Table, deals: int) -> None:
    """Deals entered through the app's own form (the test client), up to ``deals``."""
    while t.deals < deals:
        page = t.client.get(f"{t.match}/deals/new").get_data(as_text=True)
        data = {
            name: re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page).group(1)  # type: ignore[union-attr]
            for name in ("version", "idem")
        }
        answer = t.client.post(f"{t.match}/deals/new", data={**data, **deal_fields(t.deals)})
        assert answer.status_code == 303, answer.status_code
        t.deals += 1


@dataclass
class Counter:
    """A page whose taps and keystrokes are counted."""

    page: Any
    taps: int = 0
    keys: int = 0
    log: list[str] = field(default_factory=list)

    def tap(self, selector: str) -> None:
        self.page.click(selector)
        self.taps += 1

    def chip(self, name: str, value: str) -> None:
        """A chip of the match page's entry panel (a radio button in a label)."""
        self.tap(f"form[data-deal-form] input[name={name}][value='{value}'] >> xpath=..")

    def digits(self, text: str) -> None:
        """The points on the panel's number pad: one key per digit, counted as keystrokes."""
        for digit in text:
            self.page.click(f"form[data-deal-form] .pad-key[data-key='{digit}']")
            self.keys += 1


def plain(c: Counter) -> None:
    c.chip("contract", "H")
    c.chip("team", "1")
    c.digits("98")
    c.tap("button.save-deal")


def match(c: Counter) -> None:
    c.chip("contract", "S")
    c.chip("team", "2")
    c.tap("form[data-deal-form] input[name=match] >> xpath=..")
    c.tap("button.save-deal")


def two_weis_and_stoeck(c: Counter) -> None:
    # Rosen trump; Anna & Cla 98 with two Weis of 20 (Anna's and Cla's), Stöck for Cla.
    c.chip("contract", "H")
    c.chip("team", "1")
    c.digits("98")
    c.tap("form[data-deal-form] .add-weis[data-team='1'][data-value='20']")
    c.tap("form[data-deal-form] .add-weis[data-team='1'][data-value='20']")
    c.chip("stoeck", "3")
    c.tap("button.save-deal")


def klammern_meld_and_bella(c: Counter) -> None:
    # Spades trump (forehand declares), Ben & Tom 80 card points, their Fifty, Ben's Bella.
    c.chip("trump", "S")
    c.digits("80")
    c.tap("form[data-deal-form] .add-weis[data-field=meld_values_1][data-value='50']")
    c.chip("bella", "1")
    c.tap("button.save-deal")


def klammern_match(t: Table) -> Table:
    """A Klammern match (four players, Liga) beside the Schieber one, on the same server."""
    answer = t.client.post(
        "/matches/new/klammern",
        data={"players": "4", "format": "liga", "first_dealer": "4"}
        | {f"name_{n}": name for n, name in enumerate(("Ben", "Sue", "Tom", "Ulla"), start=1)},
    )
    return Table(t.base, t.app, t.peer, t.client, answer.headers["Location"])


def count_klammern(browser: Any, t: Table) -> dict[str, Any]:
    context, page = tablet(browser, klammern_match(t))
    try:
        page.wait_for_selector("form[data-deal-form]")
        requests: list[str] = []
        page.on("request", lambda r: requests.append(f"{r.resource_type} {r.method} {r.url}"))
        counter = Counter(page)
        klammern_meld_and_bella(counter)
        page.wait_for_selector("#deal-1", state="attached")
        return {
            "Klammern: a meld and Bella": {
                "taps": counter.taps,
                "keys": counter.keys,
                "requests": len([r for r in requests if r.split()[0] in ("document", "xhr", "fetch")]),
                "documents": len([r for r in requests if r.startswith("document")]),
                "errors": page.locator(".reason").count(),
                "scrolled": page.evaluate("window.scrollY") > 0,
            }
        }
    finally:
        context.close()


def tablet(browser: Any, t: Table) -> tuple[Any, Any]:
    """A browser context that opened the match's edit link (a tablet of the table), and its page."""
    page = t.client.get(t.match).get_data(as_text=True)
    link = re.search(r'class="link-copy" type="text" readonly value="([^"]+/edit/[^"]+)"', page)
    assert link, "no edit link on the creator's match page"
    context = browser.new_context(viewport={"width": 768, "height": 1024}, locale="en")
    context.set_default_timeout(30_000)
    tab = context.new_page()
    tab.goto(link.group(1))
    return context, tab


def count_entry(browser: Any, t: Table) -> dict[str, Any]:
    context, page = tablet(browser, t)
    found: dict[str, Any] = {}
    try:
        page.wait_for_selector("form[data-deal-form]")
        requests: list[str] = []
        page.on("request", lambda r: requests.append(f"{r.resource_type} {r.method} {r.url}"))
        for name, steps in (
            ("plain deal", plain),
            ("Match", match),
            ("two Weis and Stöck", two_weis_and_stoeck),
        ):
            requests.clear()
            counter = Counter(page)
            steps(counter)
            page.wait_for_selector(f"#deal-{t.deals + 1}", state="attached")
            errors = page.locator(".reason").count()
            found[name] = {
                "taps": counter.taps,
                "keys": counter.keys,
                "requests": len([r for r in requests if r.split()[0] in ("document", "xhr", "fetch")]),
                "documents": len([r for r in requests if r.startswith("document")]),
                "errors": errors,
                "scrolled": page.evaluate("window.scrollY") > 0,
            }
            t.deals += 1
        for width, height in ((768, 1024), (1024, 768)):
            page.set_viewport_size({"width": width, "height": height})
            page.goto(f"{t.base}{t.match}")
            save = page.locator("button.save-deal").bounding_box()
            pad = page.locator("form[data-deal-form] .pad-key[data-key='0']").bounding_box()
            chips = page.locator("form[data-deal-form] input[name=contract][value=undenufe] >> xpath=..")
            last_chip = chips.bounding_box()
            in_sight = bool(save and save["y"] + save["height"] <= height)
            plain_in_sight = bool(
                in_sight
                and pad
                and last_chip
                and max(pad["y"] + pad["height"], last_chip["y"] + last_chip["height"]) <= save["y"]  # type: ignore[index]
            )
            found[f"save on screen {width}×{height}"] = in_sight
            found[f"plain deal without scrolling {width}×{height}"] = plain_in_sight
    finally:
        context.close()
    return found


FCP = "() => { const p = performance.getEntriesByName('first-contentful-paint')[0]; return p ? performance.timeOrigin + p.startTime : null; }"

#: Click Save in the page and resolve, once the new deal's row is in the page, after the
#: next frame was painted (two animation frames: the first runs before that paint). Both
#: times are the page's own clock.
SAVE_AND_PAINT = """(row) => new Promise((resolve) => {
  const start = performance.now();
  const done = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
  const watch = new MutationObserver(() => {
    if (document.getElementById(row)) { watch.disconnect(); done(); }
  });
  watch.observe(document.body, { childList: true, subtree: true });
  document.querySelector("button.save-deal").click();
})"""


def painted_after(page: Any, start_ms: float) -> float:
    """Milliseconds from ``start_ms`` (epoch) to the current document's first contentful paint."""
    for _ in range(100):
        at = page.evaluate(FCP)
        if at is not None:
            return float(at) - start_ms
        page.wait_for_timeout(20)
    raise RuntimeError("no first-contentful-paint")


def time_save(browser: Any, t: Table, rounds: int) -> dict[int, dict[str, float]]:
    context, page = tablet(browser, t)
    found: dict[int, dict[str, float]] = {}
    try:
        for size in SIZES:
            fill_to(t, size - 1)
            app_times, static_times, weights = [], [], []
            page.goto(f"{t.base}{t.match}")
            for _round in range(rounds):
                page.wait_for_selector("form[data-deal-form]")
                fields = deal_fields(t.deals)
                page.check(f"form[data-deal-form] input[name=contract][value={fields['contract']}]")
                page.check(f"form[data-deal-form] input[name=team][value='{fields['team']}']")
                page.fill("form[data-deal-form] input[name=points]", fields["points"])
                app_times.append(float(page.evaluate(SAVE_AND_PAINT, f"deal-{t.deals + 1}")))
                t.deals += 1
                html = page.content().encode()
                weights.append(len(html))
                t.peer.page = html  # the static peer: this very page, as bytes
                static = context.new_page()
                static.goto(f"{t.base}/bench-static/form")
                start = time.time() * 1000
                static.click("button[type=submit]")
                static.wait_for_url(f"{t.base}/bench-static/page")
                static.wait_for_selector(f"#deal-{t.deals}", state="attached")
                static_times.append(painted_after(static, start))
                static.close()
            found[size] = {
                "app": statistics.median(app_times),
                "static": statistics.median(static_times),
                "bytes": statistics.median(weights),
            }
    finally:
        context.close()
    return found


def run(rounds: int) -> tuple[dict[str, Any], dict[int, dict[str, float]]]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            with table() as t:
                counting = count_entry(browser, t)
                counting |= count_klammern(browser, t)
                timing = time_save(browser, t, rounds)
        finally:
            browser.close()
    return counting, timing


def load() -> str:
    """The machine's load average (1, 5, 15 min), said beside the numbers."""
    return ", ".join(f"{value:.1f}" for value in os.getloadavg())


def report(
    counting: dict[str, Any], timing: dict[int, dict[str, float]], rounds: int, loads: tuple[str, str]
) -> str:
    lines = [
        BEGIN,
        "## The table (bench/table.py)",
        "",
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {platform.machine()}, Python {platform.python_version()}, "
        f"Debian's Chromium through Playwright, Flask's threaded development server on 127.0.0.1; "
        f"median of {rounds} saves per size. Load average {loads[0]} before, {loads[1]} after "
        "(a shared machine: other engineers' tests ran meanwhile).",
        "",
        "Entering a deal on the match page's entry panel (htmx; the digits on its number pad):",
        "",
        "| deal | taps | digits | requests (documents) | scrolled | goal |",
        "| --- | ---: | ---: | ---: | --- | --- |",
    ]
    goals = {
        "plain deal": "≤ 4 taps + digits, 1 request, no scroll",
        "Match": "",
        "two Weis and Stöck": "≤ 7 taps + digits",
        "Klammern: a meld and Bella": "",
    }
    for name in ("plain deal", "Match", "two Weis and Stöck", "Klammern: a meld and Bella"):
        row = counting[name]
        flag = " (rejected!)" if row["errors"] else ""
        lines.append(
            f"| {name}{flag} | {row['taps']} | {row['keys']} | {row['requests']} ({row['documents']}) | "
            f"{'yes' if row['scrolled'] else 'no'} | {goals[name]} |"
        )
    lines += ["", "In sight without scrolling (the match page as it opens):", ""]
    for key, value in counting.items():
        if key.startswith(("save on screen", "plain deal without")):
            lines.append(f"- {key}: {'yes' if value else 'no'}")
    lines += [
        "",
        "From the tap on Save to the first frame painted with the new deal's row (the panel's htmx post",
        "swapping the match screen), against a static page of the same bytes reached by a form POST,",
        "a 303 and a GET from the same server, to its first contentful paint:",
        "",
        "| at deal | page bytes | app ms | static ms | ratio | goal |",
        "| ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for size, row in timing.items():
        ratio = row["app"] / row["static"] if row["static"] else float("nan")
        lines.append(
            f"| {size} | {row['bytes']:,.0f} | {row['app']:.0f} | {row['static']:.0f} | {ratio:.2f} | ≤ 2 |"
        )
    lines += ["", END, ""]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # one line per request drowns the report
    before = load()
    counting, timing = run(args.rounds)
    text = report(counting, timing, args.rounds, (before, load()))
    print(text)
    if not args.no_write:
        write_section(RESULTS, BEGIN, END, text)


if __name__ == "__main__":
    main()

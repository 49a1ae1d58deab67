"""Benchmark of the table without network: what the engine on the tablet costs, side by side
with its peers measured in the same run — in Debian's Chromium through Playwright, against a
real server on 127.0.0.1.

    .venv/bin/python bench/offline.py [--rounds 5] [--checks 30] [--no-write]

- The engine's first start on the tablet (Pyodide and the engine's sources, in the page's
  Web Worker, from the service worker's cache: a fresh page each round) against the page's own
  load (the match page's ``loadEventEnd``), both in the same page; and the engine's first
  answer on the next page of the same tab (the engine runs in a SharedWorker where the
  browser has them, kept through the navigation).
- The first answer after the network goes on an entering tablet that kept its page open
  online (the engine started while the page was idle), against a warm answer and the page's
  load; and what a spectator's phone downloads opening the same match (bytes, and whether
  any of it is the engine: it should be none).
- The time to check one deal (the whole match of 20 deals and the new one, through
  ``rules_engine.score_match``): in the browser's worker, in CPython on the server (the same
  function, ``scorer.offline.tablet.check``), and the outbox's whole round trip to the server
  (``POST /offline/matches/<id>/sync``: the server's form, engine and log append, over HTTP).

Writes its section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import statistics
import sys
import tempfile
import threading
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from results import write_section  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

from scorer import create_app  # noqa: E402
from scorer.offline import tablet  # noqa: E402
from scorer.offline.bundle import offline_modules  # noqa: E402
from scorer.store.migrate import upgrade  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
BEGIN = "<!-- bench/offline.py: begin -->"
END = "<!-- bench/offline.py: end -->"
SETUP = {"profile": "seed", "deck": "swiss", "rosen7": "1", "target": "100000"}
FIELDS = {"forehand": "1", "contract": "H", "team": "1", "points": "98"}
DEALS = 20


def median(values: list[float]) -> float:
    return statistics.median(values)


def serve() -> tuple[str, Any, Any]:
    tmp = Path(tempfile.mkdtemp())
    url = f"sqlite:///{tmp}/bench.sqlite"
    upgrade(url)
    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": url})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}", app, server


def measure(rounds: int, checks: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    base, app, server = serve()
    out: dict[str, Any] = {
        "start": [],
        "next_page": [],
        "shared": [],
        "load": [],
        "browser_check": [],
        "cpython_check": [],
        "sync": [],
        "after_network": [],
        "warm_answer": [],
        "spectator_bytes": [],
        "spectator_engine": [],
    }
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        context = browser.new_context(viewport={"width": 768, "height": 1024})
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(f"{base}/matches/new/schieber")
        for name, value in SETUP.items():
            if page.locator(f"select[name={name}]").count():
                page.select_option(f"select[name={name}]", value)
            elif page.locator(f"input[name={name}][type=radio]").count():
                page.check(f"input[name={name}][value='{value}']")
            else:
                page.fill(f"input[name={name}]", value)
        page.click("button[type=submit]")
        match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])

        def sync(fields: dict[str, str], version: int) -> float:
            token = json.loads(page.request.get(f"{base}/offline/token").text())["token"]
            body = {"key": uuid.uuid4().hex, "kind": "deal", "base_version": version, "fields": fields}
            started = time.perf_counter()
            answer = page.request.post(
                f"{base}/offline/matches/{match_id}/sync",
                data=json.dumps(body),
                headers={"Content-Type": "application/json", "X-CSRFToken": token},
            )
            elapsed = time.perf_counter() - started
            assert json.loads(answer.text())["status"] == "accepted", answer.text()
            return elapsed * 1000

        for version in range(DEALS):  # a match of 20 deals: the check judges all of them
            forehand = str(version % 4 + 1)
            sync({**FIELDS, "forehand": forehand}, version)
        # The service worker in control, then a fresh page per round: the engine starts cold
        # in the worker, from the kept files, as on a tablet opening the match.
        for _ in range(60):
            if page.evaluate("navigator.serviceWorker.controller !== null"):
                break
            page.reload()
            page.wait_for_timeout(500)
        state = json.loads(page.request.get(f"{base}/offline/matches/{match_id}/state.json").text())
        entry = {"kind": "deal", "fields": {**FIELDS, "forehand": str(DEALS % 4 + 1)}}
        args = [state["head"], state["entries"], entry, state["settings"]]
        first_call = (
            "async () => { const t = performance.now(); const a = await window.tafelOffline.engine('derive', [[]]);"
            " return [performance.now() - t, a.pages]; }"
        )
        for _ in range(rounds):
            fresh = context.new_page()
            fresh.set_default_timeout(60_000)
            # A cold start each round: the page's own worker (the shared one outlives a page).
            fresh.add_init_script("delete window.SharedWorker")
            fresh.goto(f"{base}/matches/{match_id}")
            fresh.wait_for_load_state("load")
            out["load"].append(fresh.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd"))
            first = fresh.evaluate(
                "async () => { const t = performance.now(); const a = await window.tafelOffline.engine('derive', [[]]);"
                " return [performance.now() - t, a.startMs]; }"
            )
            out["start"].append(first[0])
            for _ in range(checks):
                answer = fresh.evaluate(
                    "async (args) => await window.tafelOffline.engine('check', args)", args
                )
                assert json.loads(answer["text"])["ok"]["valid"], answer["text"][:300]
                out["browser_check"].append(answer["ms"])
            fresh.close()
            # The next page of the same tab: the engine is shared across pages where the
            # browser has shared workers (Chromium does), so it need not start again.
            shared = context.new_page()
            shared.set_default_timeout(60_000)
            shared.goto(f"{base}/matches/{match_id}")
            before = shared.evaluate(first_call)
            shared.goto(f"{base}/matches/{match_id}")
            again = shared.evaluate(first_call)
            out["next_page"].append(again[0])
            # The same worker: it counts one page more (a new one would count one).
            out["shared"].append(again[1] == before[1] + 1)
            shared.close()
            # The tablet keeps the match page open online; the engine starts while it is
            # idle. The network goes; the first check is timed, then a warm one.
            kept = context.new_page()
            kept.set_default_timeout(60_000)
            kept.add_init_script("delete window.SharedWorker")  # its own engine: no head start
            kept.goto(f"{base}/matches/{match_id}")
            for _ in range(600):
                if kept.evaluate("window.tafelOffline && window.tafelOffline.warm()"):
                    break
                kept.wait_for_timeout(100)
            context.set_offline(True)
            timed_check = (
                "async (args) => { const t = performance.now(); await window.tafelOffline.engine('check', args);"
                " return performance.now() - t; }"
            )
            out["after_network"].append(kept.evaluate(timed_check, args))
            out["warm_answer"].append(kept.evaluate(timed_check, args))
            context.set_offline(False)
            kept.close()
            # A spectator's phone: a context of its own (no right, no service worker kept).
            phone_context = browser.new_context(viewport={"width": 390, "height": 844})
            phone = phone_context.new_page()
            sizes: list[int] = []
            engine_files: list[str] = []

            def counted(
                response: Any, sizes: list[int] = sizes, engine_files: list[str] = engine_files
            ) -> None:
                body = response.body() if response.status == 200 else b""
                sizes.append(len(body))
                if any(part in response.url for part in ("pyodide", "engine-worker", "engine.json")):
                    engine_files.append(response.url)

            phone.on("response", counted)
            phone.goto(f"{base}/matches/{match_id}")
            phone.wait_for_timeout(3000)  # whatever the page would start after its load
            out["spectator_bytes"].append(sum(sizes))
            out["spectator_engine"].append(len(engine_files))
            phone_context.close()
        text = json.dumps(args)
        tablet.configure(json.dumps(offline_modules()))  # as the browser's bundle names them
        for _ in range(rounds * checks):
            started = time.perf_counter()
            tablet.call("check", text)
            out["cpython_check"].append((time.perf_counter() - started) * 1000)
        for version in range(DEALS, DEALS + checks):
            out["sync"].append(sync({**FIELDS, "forehand": str(version % 4 + 1)}, version))
        browser.close()
    server.shutdown()
    return out


def report(out: dict[str, Any], rounds: int, checks: int) -> str:
    start, load, next_page = median(out["start"]), median(out["load"]), median(out["next_page"])
    kept = sum(out["shared"])
    shared = f"the shared worker kept: {kept} of {len(out['shared'])} pages"
    browser, cpython, sync = median(out["browser_check"]), median(out["cpython_check"]), median(out["sync"])
    after, warm = median(out["after_network"]), median(out["warm_answer"])
    spectator_kb = median([float(b) for b in out["spectator_bytes"]]) / 1024
    spectator_engine = sum(out["spectator_engine"])
    load_avg = " ".join(f"{x:.2f}" for x in os.getloadavg())
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return f"""{BEGIN}
## The table without network (bench/offline.py)

{stamp}, {platform.python_version()}, Chromium (Playwright), load average {load_avg} (2 cores shared
with other engineers' test runs: absolute times are high, the ratios are the result).
Medians of {rounds} fresh pages and {rounds * checks} checks.

| measured in the same run | ms | ratio |
| --- | ---: | ---: |
| the match page's own load (`loadEventEnd`) | {load:.0f} | 1 |
| the engine's first start on the tablet (Pyodide + engine in the page's own worker, from the cache) | {start:.0f} | {start / load:.1f}× the page |
| the engine's first answer on the next page of the same tab ({shared}) | {next_page:.1f} | {next_page / load:.3f}× the page, 1/{start / next_page:.0f} of a cold start |
| the first check after the network goes, the page kept open online (engine started while idle) | {after:.1f} | {after / warm:.1f}× a warm check, {after / load:.3f}× the page |
| a warm check (the next one) | {warm:.1f} | 1 |
| what a spectator's phone downloads opening the match (KB; engine files among them: {spectator_engine}) | {spectator_kb:.0f} KB | — |
| one deal checked on the server (CPython, `tablet.check`, match of {DEALS} deals + 1) | {cpython:.2f} | 1 |
| the same check in the browser (Pyodide in the worker) | {browser:.2f} | {browser / cpython:.1f}× CPython |
| the outbox's round trip to the server (`POST …/sync`: form, engine, log append, HTTP) | {sync:.1f} | {sync / cpython:.1f}× CPython |

An entering tablet starts the engine once its page is idle while the network is there; a
spectator's page registers no service worker and loads no engine.
The engine starts in a worker after the page is shown (the page is usable while it starts),
a SharedWorker where the browser has them: the next page of the app finds it started as long
as the browser kept it through the navigation (Chromium's ``extendedLifetime``), else it
starts again. A check on the tablet costs a few CPython checks; both are far below a tap.
{END}
"""


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--checks", type=int, default=30)
    parser.add_argument("--no-write", action="store_true")
    options = parser.parse_args()
    out = measure(options.rounds, options.checks)
    text = report(out, options.rounds, options.checks)
    print(text)
    if not options.no_write:
        write_section(ROOT / "bench" / "RESULTS.md", BEGIN, END, text)


if __name__ == "__main__":
    main()

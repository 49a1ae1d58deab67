"""The server as ``make serve`` and ``make tournament`` start it stops when told to, with
everything it started: Granian's workers, their ranking processes, nginx."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from tests.helpers import server as served
from tests.helpers.events import claim_table, draw, event_state, new_event, play_passe, register, table_link
from tests.helpers.proxy import NGINX
from tests.helpers.tablet import english

#: How long a stopping server may take, its workers and its ranking process included.
STOP_SECONDS = 5
#: A stored ranking older than this is computed again: the projector gets a ranking process
#: computing soon.
FRESH = {"TAFEL_EVENT_RANKING_MAX_AGE": "0.5"}


def group(leader: int) -> dict[int, str]:
    """The live processes of ``leader``'s process group (the server's session), with their command."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        state, pgid = fields[0], int(fields[2])
        if pgid == leader and state not in ("Z", "X"):
            found[int(entry.name)] = command
    return found


def an_evening(app: Flask) -> int:
    director = english(app)
    event_id = new_event(director, passen=1, games_per_passe=2)
    register(director, event_id, ["Anna", "Beat", "Chris", "Dora"])
    draw(director, event_id)
    match_id = event_state(app, event_id).rounds[0].tables[0].match_id
    claim_table(director, table_link(director, event_id, match_id))  # the table's tablet
    play_passe(director, match_id, [98, 45])
    app.extensions["tafel_engine"].dispose()
    return event_id


def project_until_ranked(leader: int, port: int, event_id: int) -> None:
    """A projector reads the ranking until its stored answer is computed again in a ranking
    process of the server's, and some more while it computes."""
    deadline = time.monotonic() + 30
    with served.Tablet(port) as projector:
        while not any("multiprocessing" in command for command in group(leader).values()):
            assert time.monotonic() < deadline, "no ranking process started"
            assert projector.get(f"/events/{event_id}/ranking").status == 200
            time.sleep(0.6)
        for _ in range(3):
            assert projector.get(f"/events/{event_id}/ranking").status == 200
            time.sleep(0.6)


def stop_within(process: subprocess.Popen[bytes], least: int) -> float:
    """SIGTERM to ``process`` alone; seconds until its whole process group is gone."""
    leader = process.pid
    assert len(group(leader)) >= least, group(leader)
    os.kill(leader, signal.SIGTERM)
    stopped = time.monotonic()
    process.wait(timeout=STOP_SECONDS + 5)
    while group(leader) and time.monotonic() - stopped < STOP_SECONDS + 5:
        time.sleep(0.05)
    assert not group(leader), group(leader)
    return time.monotonic() - stopped


@pytest.mark.slow  # starts a server
def test_sigterm_stops_the_server_its_workers_and_its_ranking_process(
    tmp_path: Path, database_url: str, make_app: Any
) -> None:
    event_id = an_evening(make_app(database_url))
    server = served.start(database_url, tmp_path / "server.log", workers=2, extra_env=FRESH)
    try:
        project_until_ranked(server.process.pid, server.port, event_id)
        # The server, its two workers, the ranking process (and its resource tracker).
        took = stop_within(server.process, 4)
        assert took <= STOP_SECONDS, f"stopped after {took:.1f} s"
    finally:
        server.kill_hard()


@pytest.mark.slow  # starts nginx and a server
@pytest.mark.skipif(not NGINX.exists(), reason="nginx is not installed (scripts/system-deps.sh)")
def test_sigterm_stops_the_tournament_script_and_all_it_started(
    tmp_path: Path, database_url: str, make_app: Any
) -> None:
    event_id = an_evening(make_app(database_url))
    port = served.free_port()
    env = {
        **os.environ,
        **FRESH,
        "DATABASE_URL": database_url,
        "TAFEL_SECRET_KEY": served.SECRET_KEY,
        "HOST": served.HOST,
        "PORT": str(port),
        "APP_PORT": str(served.free_port()),
        "NGINX_PREFIX": str(tmp_path / "nginx"),
        "PY": sys.executable,
    }
    with open(tmp_path / "tournament.log", "ab") as log:
        script = subprocess.Popen(
            ["bash", "scripts/tournament.sh"],
            cwd=served.REPO,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 30
        while True:
            assert script.poll() is None, (tmp_path / "tournament.log").read_text()
            try:
                with served.Tablet(port, timeout=2) as probe:
                    if probe.get("/matches/").status == 200:
                        break
            except OSError:
                pass
            assert time.monotonic() < deadline, (tmp_path / "tournament.log").read_text()
            time.sleep(0.2)
        project_until_ranked(script.pid, port, event_id)
        # The script, nginx's master and worker, Granian and its workers, the ranking process.
        took = stop_within(script, 6)
        assert took <= STOP_SECONDS, f"stopped after {took:.1f} s"
    finally:
        try:
            os.killpg(script.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        script.wait(timeout=10)

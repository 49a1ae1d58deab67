"""The server as ``make serve`` starts it stops when told to, with everything it started."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import server as served
from tests.helpers.events import draw, event_state, new_event, play_passe, register
from tests.helpers.tablet import english

#: How long a stopping server may take, its workers and its ranking process included.
STOP_SECONDS = 5


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


def ranking_process(leader: int) -> bool:
    return any("multiprocessing" in command for command in group(leader).values())


@pytest.mark.slow  # starts a server
def test_sigterm_stops_the_server_its_workers_and_its_ranking_process(
    tmp_path: Path, database_url: str, make_app: Any
) -> None:
    app = make_app(database_url)
    director = english(app)
    event_id = new_event(director, passen=1, games_per_passe=2)
    register(director, event_id, ["Anna", "Beat", "Chris", "Dora"])
    draw(director, event_id)
    play_passe(director, event_state(app, event_id).rounds[0].tables[0].match_id, [98, 45])
    app.extensions["tafel_engine"].dispose()

    server = served.start(
        database_url, tmp_path / "server.log", workers=2, extra_env={"TAFEL_EVENT_RANKING_MAX_AGE": "0.5"}
    )
    leader = server.process.pid
    try:
        # A projector reads the ranking until a stored answer is computed again in the
        # server's ranking process.
        deadline = time.monotonic() + 30
        with served.Tablet(server.port) as projector:
            while not ranking_process(leader):
                assert time.monotonic() < deadline, server.log()
                assert projector.get(f"/events/{event_id}/ranking").status == 200
                time.sleep(0.6)
            for _ in range(3):
                assert projector.get(f"/events/{event_id}/ranking").status == 200
                time.sleep(0.6)
        assert len(group(leader)) >= 4, group(leader)  # the server, two workers, the ranking's
        os.kill(leader, signal.SIGTERM)
        stopped = time.monotonic()
        server.process.wait(timeout=STOP_SECONDS + 5)
        while group(leader) and time.monotonic() - stopped < STOP_SECONDS + 5:
            time.sleep(0.05)
        took = time.monotonic() - stopped
        assert not group(leader), group(leader)
        assert took <= STOP_SECONDS, f"stopped after {took:.1f} s"
        print(f"stopped after {took:.2f} s")
    finally:
        server.kill_hard()

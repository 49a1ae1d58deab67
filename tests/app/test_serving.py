"""How the app is served for a club evening (scorer/web/serving.py), as README.md serves it."""

from __future__ import annotations

import os
import signal
import socket
import time
from pathlib import Path
from typing import Any

import pytest
from granian.constants import HTTPModes, Interfaces

from scorer.store.migrate import upgrade
from scorer.web import serving
from tests.helpers import server as tablets

#: A club evening as bench/load.py runs it: a thousand spectators' phones, and two hundred
#: tablets with a second connection while a save and a version poll are out together.
SPECTATORS, TABLETS = 1000, 200


def test_the_server_runs_the_apps_factory_on_its_threads() -> None:
    granian = serving.server(port=8123, workers=3, threads=5)
    assert granian.interface is Interfaces.WSGI
    assert granian.factory and granian.target == "scorer:served_app"
    assert (granian.workers, granian.blocking_threads, granian.bind_port) == (3, 5, 8123)
    assert granian.http is HTTPModes.http1
    assert granian.respawn_failed_workers  # a killed worker is started again


def test_every_phone_and_tablet_of_an_evening_can_hold_its_connection() -> None:
    granian = serving.server()
    assert granian.workers == serving.WORKERS == 2
    assert granian.backpressure * granian.workers >= SPECTATORS + 2 * TABLETS
    # The connections not yet accepted wait in the backlog: an evening's phones arriving at once.
    assert granian.backlog >= SPECTATORS + 2 * TABLETS


def test_the_command_line_sets_what_it_names(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: dict[str, Any] = {}

    class Served:
        def serve(self) -> None:
            asked["served"] = True

    def server(**options: Any) -> Served:
        asked.update(options)
        return Served()

    monkeypatch.setattr(serving, "server", server)
    assert serving.main(["--port", "5001", "--threads", "2", "--app", "bench.load:app"]) == 0
    assert asked == {
        "host": "0.0.0.0",
        "port": 5001,
        "workers": serving.WORKERS,
        "threads": 2,
        "app": "bench.load:app",
        "log_level": "warning",
        "served": True,
    }


@pytest.mark.slow  # starts a server
def test_a_worker_answers_with_a_thousand_idle_connections_open(tmp_path: Path) -> None:
    """Granian's default for two workers (512 connections each: its backlog of 1,024 shared)
    left the phones past it unanswered; so does 512 here."""
    url = f"sqlite:///{tmp_path / 'tafel.sqlite'}"
    upgrade(url)
    with tablets.serving(url, tmp_path / "server.log", workers=1) as server:
        idle: list[socket.socket] = []
        try:
            for _ in range(SPECTATORS):
                phone = socket.create_connection((tablets.HOST, server.port), timeout=10)
                phone.sendall(b"GET /bench-nothing HTTP/1.1\r\nHost: tafel\r\n\r\n")
                assert phone.recv(12).startswith(b"HTTP/1.1 404")
                idle.append(phone)  # its answer read, the connection kept open
            with tablets.Tablet(server.port, timeout=10) as late:
                assert late.get("/matches/").status == 200
        finally:
            for phone in idle:
                phone.close()


@pytest.mark.slow  # starts a server
def test_a_killed_worker_is_started_again(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tafel.sqlite'}"
    upgrade(url)
    with tablets.serving(url, tmp_path / "server.log", workers=1) as server:
        main = server.process.pid
        (worker,) = [
            int(child)
            for task in Path(f"/proc/{main}/task").iterdir()
            for child in (task / "children").read_text().split()
        ]
        os.kill(worker, signal.SIGKILL)
        deadline = time.monotonic() + 30
        answered = False
        while not answered and time.monotonic() < deadline:
            time.sleep(0.2)
            with tablets.Tablet(server.port, timeout=2) as tablet:
                try:
                    answered = tablet.get("/matches/").status == 200
                except OSError:
                    pass
        assert answered, server.log()
        assert server.process.poll() is None

"""Connections that send nothing, or their request a few bytes at a time, do not keep the
readers out: the server (scorer/web/serving.py) answers beside them and closes them after its
header timeout. bench/connections.py measures thousands of them, here and behind nginx."""

from __future__ import annotations

import re
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from scorer.store.migrate import upgrade
from scorer.web import serving
from tests.helpers import server as served

#: Held connections, half of them idle and half of them slow.
HELD = 500
#: The slowest answer a reader may get while they are held.
ANSWER_SECONDS = 1.0
#: bench/connections.py's goal: held connections the two workers of ``make serve`` serve beside.
EVENING_OF_ATTACKERS = 5000


def test_a_worker_serves_more_connections_than_an_attacker_holds() -> None:
    granian = serving.server()
    assert granian.backpressure * granian.workers >= 2 * EVENING_OF_ATTACKERS
    assert granian.backpressure >= EVENING_OF_ATTACKERS  # all on one worker too
    # Held without a request's head, a connection is closed after this.
    assert granian.http1_settings is not None
    assert granian.http1_settings.header_read_timeout == serving.HEADER_SECONDS * 1000 <= 30_000


def seconds(config: str, directive: str) -> float:
    found = re.search(rf"^\s*{directive}\s+(\d+)s;", config, re.M)
    assert found, f"deploy/nginx.conf sets {directive}"
    return float(found.group(1))


def test_nginx_in_front_holds_them_too() -> None:
    config = (served.REPO / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    connections = re.search(r"worker_connections\s+(\d+);", config)
    assert connections and int(connections.group(1)) >= 2 * EVENING_OF_ATTACKERS
    assert seconds(config, "client_header_timeout") <= serving.HEADER_SECONDS
    assert seconds(config, "client_body_timeout") <= serving.HEADER_SECONDS
    # nginx lets its kept connections to Granian go before Granian closes them under a request.
    upstream = config[config.index("upstream tafel_app {") :]
    assert seconds(upstream[: upstream.index("}")], "keepalive_timeout") < serving.HEADER_SECONDS


@contextmanager
def held(port: int, count: int) -> Iterator[list[socket.socket]]:
    connections = []
    try:
        for number in range(count):
            connection = socket.create_connection((served.HOST, port), timeout=5)
            if number % 2:
                connection.sendall(b"GET /matches/ HTTP/1.1\r\nHost: tafel\r\n")  # and no more
            connections.append(connection)
        yield connections
    finally:
        for connection in connections:
            connection.close()


@pytest.mark.slow  # starts a server
def test_a_request_is_answered_while_idle_and_slow_connections_are_held(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tafel.sqlite'}"
    upgrade(url)
    with (
        served.serving(url, tmp_path / "server.log", workers=1) as server,
        held(server.port, HELD) as waiting,
    ):
        for _ in range(3):
            with served.Tablet(server.port, timeout=10) as reader:
                answer = reader.get("/matches/")
            assert answer.status == 200
            assert answer.seconds <= ANSWER_SECONDS, answer.seconds
        # The server lets them go after its header timeout (and answers the slow ones 408).
        deadline = time.monotonic() + serving.HEADER_SECONDS + 5
        for connection in waiting:
            connection.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                data = connection.recv(1024)
                while data:
                    data = connection.recv(1024)
            except ConnectionResetError:
                pass
            except TimeoutError:
                pytest.fail(f"a held connection is still open after {serving.HEADER_SECONDS + 5} s")

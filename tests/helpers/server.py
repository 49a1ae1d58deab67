"""A tablet over real HTTP (its own cookies, real CSRF tokens) and the app served on 127.0.0.1.

Used by the concurrency, crash and shared-limit tests and by ``bench/load.py``; it sets up
matches as the test-client tablet does (``tests/helpers/tablet.py``). Only the standard
library on the client side: ``http.client`` with keep-alive, no redirects followed (a
saved deal answers 303, a conflict 409 — the status is the acknowledgement).
"""

from __future__ import annotations

import html
import os
import re
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.client import HTTPConnection, HTTPException
from http.cookies import SimpleCookie
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlencode

from tests.helpers.tablet import SCHIEBER_SETUP

REPO = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
SECRET_KEY = "robustness-" + uuid.uuid4().hex  # shared by every worker: sessions and CSRF tokens


@dataclass
class Answer:
    status: int
    body: str
    location: str | None
    seconds: float


@dataclass
class Tablet:
    """One browser: a keep-alive connection and a cookie jar."""

    port: int
    timeout: float = 10.0
    cookies: dict[str, str] = field(default_factory=dict)
    _connection: HTTPConnection | None = None

    def request(self, method: str, path: str, data: dict[str, str] | None = None) -> Answer:
        body = urlencode(data).encode() if data is not None else None
        headers = {"Accept-Language": "en", "Connection": "keep-alive"}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        started = time.perf_counter()
        for attempt in (1, 2):
            connection = self._connection or HTTPConnection(HOST, self.port, timeout=self.timeout)
            self._connection = connection
            try:
                connection.request(method, path, body=body, headers=headers)
                response = connection.getresponse()
                text = response.read().decode("utf-8", errors="replace")
                break
            except (HTTPException, ConnectionError) as error:
                # A keep-alive connection the server closed while idle: one fresh try, but only
                # when nothing can have been sent to a worker that stored it.
                self.close()
                if (
                    attempt == 2
                    or not isinstance(error, (ConnectionResetError, BrokenPipeError, HTTPException))
                    or body is not None
                ):
                    raise
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        if response.getheader("Connection", "").lower() == "close":
            self.close()
        return Answer(response.status, text, response.getheader("Location"), time.perf_counter() - started)

    def get(self, path: str) -> Answer:
        return self.request("GET", path)

    def post(self, path: str, data: dict[str, str]) -> Answer:
        return self.request("POST", path, data)

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def __enter__(self) -> Tablet:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def hidden(page: str, name: str) -> str:
    found = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
    if found is None:
        raise AssertionError(f"no {name} field on the page")
    value = re.search(r'value="([^"]*)"', found.group(0))
    return html.unescape(value.group(1)) if value else ""


def form_fields(page: str, action: str | None = None) -> dict[str, str]:
    """The hidden fields (CSRF token, version, idempotency key) of a page's form."""
    if action is not None:
        page = page[page.index(f'action="{action}"') :]
    return {
        name: hidden(page, name)
        for name in ("csrf_token", "version", "idem")
        if re.search(rf'name="{name}"', page)
    }


def new_schieber(tablet: Tablet, target: int = 100000) -> int:
    """Create a Schieber match; the tablet's session keeps the edit right."""
    page = tablet.get("/matches/new/schieber").body
    data = {
        "csrf_token": hidden(page, "csrf_token"),
        "idem": hidden(page, "idem"),
        **SCHIEBER_SETUP,
        "target": str(target),
    }
    answer = tablet.post("/matches/new/schieber", data)
    assert answer.status in (302, 303) and answer.location, (answer.status, answer.body[:500])
    return int(answer.location.rstrip("/").split("/")[-1])


def edit_link(tablet: Tablet, match_id: int) -> str:
    """The match's edit link as the creating tablet's page shows it (path only)."""
    found = re.search(rf"(/matches/{match_id}/edit/[A-Za-z0-9_-]+)", tablet.get(f"/matches/{match_id}").body)
    assert found, "the creating tablet's page shows no edit link"
    return found.group(1)


def join(port: int, link: str) -> Tablet:
    """Another tablet opening the edit link (it then holds the right in its own session)."""
    tablet = Tablet(port)
    answer = tablet.get(link)
    assert answer.status in (200, 302, 303), answer.status
    return tablet


def deal_fields(contract: str, team: int, points: int) -> dict[str, str]:
    return {"forehand": "1", "contract": contract, "team": str(team), "points": str(points)}


# --- the server ----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    port: int
    log_path: Path

    def kill_hard(self) -> None:
        """kill -9 of the master and every worker at once (their own process group)."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is not None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.kill_hard()
        except ProcessLookupError:
            pass

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")


def start(
    database_url: str,
    log_path: Path,
    *,
    workers: int = 2,
    threads: int = 1,
    port: int | None = None,
    extra_env: dict[str, str] | None = None,
    app: str = "scorer:served_app",
) -> Server:
    """The app as README.md serves it (``scorer/web/serving.py``: Granian), on 127.0.0.1, with
    ``app`` (``module:factory``, default ``served_app``); returns once it answers."""
    port = port or free_port()
    env = {**os.environ, "DATABASE_URL": database_url, "TAFEL_SECRET_KEY": SECRET_KEY, **(extra_env or {})}
    log_file: IO[bytes] = open(log_path, "ab")  # noqa: SIM115 - handed to the child
    command = [
        sys.executable,
        "-m",
        "scorer.web.serving",
        "--host",
        HOST,
        "--port",
        str(port),
        "--workers",
        str(workers),
        "--threads",
        str(threads),
        "--app",
        app,
    ]
    process = subprocess.Popen(
        command, cwd=REPO, env=env, stdout=log_file, stderr=subprocess.STDOUT, start_new_session=True
    )
    log_file.close()
    server = Server(process, port, log_path)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}:\n{server.log()}")
        probe = Tablet(port, timeout=2)
        try:
            if probe.get("/matches/").status == 200:
                return server
        except OSError:
            pass
        finally:
            probe.close()
        time.sleep(0.1)
    server.stop()
    raise RuntimeError(f"the server did not answer within 30 s:\n{server.log()}")


@contextmanager
def serving(database_url: str, log_path: Path, **options: Any) -> Iterator[Server]:
    server = start(database_url, log_path, **options)
    try:
        yield server
    finally:
        server.stop()


def stored_log(database_url: str, match_id: int) -> list[Any]:
    """A match's entries as stored, oldest first (read straight from the database)."""
    from sqlalchemy import select
    from sqlalchemy.orm import Session

    from scorer.store.db import make_engine
    from scorer.store.models import Entry

    engine = make_engine(database_url)
    with Session(engine) as session:
        entries = list(session.scalars(select(Entry).where(Entry.match_id == match_id).order_by(Entry.seq)))
    engine.dispose()
    return entries


# --- a tablet writing as fast as it can (one process of the concurrency test) ----------------


def write_storm(
    port: int, link: str, match_id: int, requests: int, seed: int, start_at: float
) -> list[dict[str, object]]:
    """``requests`` deals and corrections on one match, each re-tried after "changed meanwhile".

    Returns one outcome per attempt: the idempotency key, the status, and whether it was
    a resend of an acknowledged form (a double tap).
    """
    import random

    rng = random.Random(seed)
    tablet = join(port, link)
    outcomes: list[dict[str, object]] = []
    time.sleep(max(0.0, start_at - time.time()))
    for number in range(requests):
        correction = rng.random() < 0.3
        for _attempt in range(50):
            url = f"/matches/{match_id}/deals/new"
            if correction:
                slots = re.findall(
                    rf"/matches/{match_id}/deals/(\d+)/correct", tablet.get(f"/matches/{match_id}").body
                )
                if slots:
                    url = f"/matches/{match_id}/deals/{rng.choice(slots)}/correct"
            form = tablet.get(url)
            if form.status != 200:
                outcomes.append({"idem": None, "status": form.status, "resend": False, "kind": "form"})
                break
            data = {
                **form_fields(form.body),
                **deal_fields(
                    rng.choice(["H", "D", "S", "C", "obenabe"]),
                    rng.choice([1, 2]),
                    rng.choice([0, 57, 100, 157]),
                ),
            }
            answer = tablet.post(url, data)
            kind = "correction" if "/correct" in url else "deal"
            outcomes.append(
                {
                    "idem": data["idem"],
                    "status": answer.status,
                    "resend": False,
                    "kind": kind,
                    "meanwhile": "changed meanwhile" in answer.body,
                    "seconds": answer.seconds,
                }
            )
            if answer.status == 303 and number % 5 == 0:
                again = tablet.post(url, data)  # a double tap: must be answered, never stored twice
                outcomes.append(
                    {
                        "idem": data["idem"],
                        "status": again.status,
                        "resend": True,
                        "kind": kind,
                        "seconds": again.seconds,
                    }
                )
            if answer.status != 409:
                break
    tablet.close()
    return outcomes

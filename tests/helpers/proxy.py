"""nginx from the repository's configuration (``deploy/nginx.conf``) in front of a served app.

Used by the proxy test, ``bench/load.py`` and ``bench/event.py``; ``scripts/tournament.sh``
fills in the same words with sed. nginx runs in the foreground of its own process group, with
every file it writes under ``prefix``.
"""

from __future__ import annotations

import os
import pwd
import re
import signal
import socket
import subprocess
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from tests.helpers.server import HOST, REPO, free_port

CONFIG = REPO / "deploy" / "nginx.conf"
NGINX = Path("/usr/sbin/nginx")


def render(prefix: Path, listen: str, upstream: str) -> str:
    """The configuration with this run's folder and addresses filled in."""
    user = f"user {pwd.getpwuid(os.getuid()).pw_name};" if os.getuid() == 0 else ""
    text = CONFIG.read_text(encoding="utf-8")
    for word, value in (
        ("@PREFIX@", str(prefix)),
        ("@LISTEN@", listen),
        ("@UPSTREAM@", upstream),
        ("@USER@", user),
    ):
        text = text.replace(word, value)
    return text


@dataclass
class Proxy:
    process: subprocess.Popen[bytes]
    port: int
    prefix: Path

    def stop(self) -> None:
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGQUIT)  # finish the answers under way
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
            except ProcessLookupError:
                pass

    def cache_statuses(self) -> Counter[str]:
        """How the cache answered each request logged so far, by its path's kind: ``page``,
        ``version`` (a match's version poll) or ``other``; keys like ``page HIT``."""
        counts: Counter[str] = Counter()
        log = self.prefix / "access.log"
        if not log.exists():
            return counts
        for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
            found = re.search(r'"(\w+) (\S+)[^"]*" \d+ \d+ cache=(\S+)', line)
            if found is None:
                continue
            _method, path, status = found.groups()
            counts[f"{kind_of(path)} {status}"] += 1
        return counts


def kind_of(path: str) -> str:
    path = path.split("?")[0]
    if re.fullmatch(r"/matches/\d+", path):
        return "page"
    if re.fullmatch(r"/matches/\d+/version", path):
        return "version"
    if path.startswith("/events/"):
        return "event"
    return "other"


def start(upstream_port: int, prefix: Path, port: int | None = None) -> Proxy:
    """nginx on 127.0.0.1:``port`` (a free one by default) in front of 127.0.0.1:``upstream_port``;
    returns once it accepts connections."""
    port = port or free_port()
    prefix.mkdir(parents=True, exist_ok=True)
    config = prefix / "nginx.conf"
    config.write_text(render(prefix, f"{HOST}:{port}", f"{HOST}:{upstream_port}"), encoding="utf-8")
    command = [
        str(NGINX),
        "-p",
        str(prefix),
        "-c",
        str(config),
        "-e",
        str(prefix / "error.log"),
        "-g",
        "daemon off;",
    ]
    with open(prefix / "nginx.out", "ab") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    proxy = Proxy(process, port, prefix)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if process.poll() is not None:
            errors = (
                (prefix / "error.log").read_text(errors="replace") if (prefix / "error.log").exists() else ""
            )
            raise RuntimeError(f"nginx exited with {process.returncode}:\n{errors}")
        try:
            with socket.create_connection((HOST, port), timeout=1):
                return proxy
        except OSError:
            time.sleep(0.05)
    proxy.stop()
    raise RuntimeError("nginx did not listen within 10 s")

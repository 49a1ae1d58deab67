"""gunicorn's settings for a club evening (scorer/web/serving.py), as README.md serves the app."""

from __future__ import annotations

from typing import Any

import pytest
from gunicorn.config import Config

from scorer.web import serving


def test_the_settings_module_names_the_table_worker() -> None:
    config = Config()
    for name in ("worker_class", "threads", "keepalive"):
        config.set(name, getattr(serving, name))
    assert config.worker_class is serving.TableWorker
    assert (config.threads, config.keepalive) == (4, 5)


class Tmp:
    """The worker's heartbeat file: counts the signs of life it was given."""

    def __init__(self) -> None:
        self.signs = 0

    def notify(self) -> None:
        self.signs += 1


def test_the_worker_tells_the_arbiter_once_a_second(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr(serving.time, "monotonic", lambda: now[0])
    worker: Any = serving.TableWorker.__new__(serving.TableWorker)
    worker.tmp = Tmp()
    for _ in range(50):  # fifty turns of the loop within the second
        worker.notify()
        now[0] += 0.01
    assert worker.tmp.signs == 1
    now[0] += 0.5
    worker.notify()
    assert worker.tmp.signs == 2

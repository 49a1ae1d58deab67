"""Four tablet processes writing deals and corrections to one match through the app's server
(three worker processes, two app threads each) on 127.0.0.1 — SQLite in WAL mode, or PostgreSQL under
scripts/with-postgres.sh.

Every acknowledged entry (303) is in the log exactly once; a writer that lost the race gets
"changed meanwhile" (409) and nothing of its is stored; never a 5xx; a double tap of an
acknowledged form stores nothing more.
"""

from __future__ import annotations

import json
import multiprocessing
import re
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import text

import rules_engine
from scorer.store.db import make_engine
from tests.helpers import server as tablets

pytestmark = pytest.mark.slow

PROCESSES = 4
REQUESTS = 25


def test_no_lost_or_duplicated_entry(database_url: str, tmp_path: Path) -> None:
    if database_url.startswith("sqlite"):
        engine = make_engine(database_url)
        with engine.connect() as connection:
            assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        engine.dispose()
    with tablets.serving(database_url, tmp_path / "server.log", workers=3, threads=2) as server:
        creator = tablets.Tablet(server.port)
        match_id = tablets.new_schieber(creator)
        link = tablets.edit_link(creator, match_id)
        start_at = time.time() + 2.0  # every process joins first, then all write at once
        with ProcessPoolExecutor(PROCESSES, mp_context=multiprocessing.get_context("spawn")) as pool:
            runs = [
                pool.submit(tablets.write_storm, server.port, link, match_id, REQUESTS, seed, start_at)
                for seed in range(PROCESSES)
            ]
            outcomes = [outcome for run in runs for outcome in run.result(timeout=50)]
        page = creator.get(f"/matches/{match_id}").body
        record = json.loads(creator.get(f"/matches/{match_id}/export.json").body)
        server_log = server.log()
        creator.close()

    statuses = Counter(int(str(o["status"])) for o in outcomes)
    assert set(statuses) <= {303, 409}, (statuses, server_log[-3000:])
    assert "Traceback" not in server_log, server_log[-3000:]
    first_tries = [o for o in outcomes if not o["resend"]]
    acknowledged = [str(o["idem"]) for o in first_tries if o["status"] == 303]
    refused = [str(o["idem"]) for o in first_tries if o["status"] == 409]
    assert all(o["meanwhile"] for o in first_tries if o["status"] == 409)
    assert len(acknowledged) == PROCESSES * REQUESTS  # every tablet got each entry in, in the end
    assert all(o["status"] == 303 for o in outcomes if o["resend"])

    entries = tablets.stored_log(database_url, match_id)
    keys = Counter(e.idempotency_key for e in entries)
    assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
    assert all(count == 1 for count in keys.values())
    assert set(keys) == set(acknowledged)  # nothing lost, nothing extra
    assert not set(refused) & set(keys)  # a refused writer left no trace
    kinds = Counter(e.kind for e in entries)
    assert kinds["deal"] + kinds["correction"] == len(entries)
    # The screen still shows the engine's totals for what was stored.
    answer = rules_engine.score_match(record)
    assert re.findall(r'data-score="([^"]*)"', page) == [str(s) for s in answer["scores"]]
    assert len(record["deals"]) == kinds["deal"]
    print(
        f"\nconcurrency ({database_url.split(':')[0]}): {len(entries)} entries "
        f"({kinds['deal']} deals, {kinds['correction']} corrections), {len(refused)} 'changed meanwhile', "
        f"{sum(1 for o in outcomes if o['resend'])} double taps stored once; statuses {dict(statuses)}"
    )

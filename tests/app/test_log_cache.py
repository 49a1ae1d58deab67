"""A worker keeps each match's derived log and reads only the entries stored since: the state
it hands out is the one deriving the whole log gives, after every kind of entry."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.matches.matchview import SHOWN_DEALS
from scorer.store import db, log
from scorer.store.models import Entry, Match
from tests.helpers.store import entries_read
from tests.helpers.tablet import new_schieber, post_deal

DEAL = {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 98}}
OTHER = {"forehand": 2, "contract": "S", "points": {"team": 2, "value": 60}}


def facts(state: log.State) -> Any:
    return (
        [(s.slot, [(v.seq, v.kind, v.record, v.undone) for v in s.versions]) for s in state.slots],
        state.version,
        state.voided,
        state.last_undoable.seq if state.last_undoable else None,
        state.last_redoable.seq if state.last_redoable else None,
        state.deals,
        [s.slot for s in state.current_slots],
    )


def test_kept_state_equals_the_whole_log_derived_after_each_entry(app: Flask) -> None:
    # deals, corrections (of the last and of an early deal, and of no deal), undos of each,
    # a redo, a void and its undo: after each, the kept state is the whole log's.
    steps: list[tuple[str, int | None, dict[str, Any] | None]] = [
        ("deal", None, DEAL),
        ("deal", None, OTHER),
        ("correction", 1, OTHER),
        ("deal", None, DEAL),
        ("correction", 4, OTHER),
        ("correction", 99, DEAL),
        ("undo", 5, None),
        ("undo", 7, None),
        ("deal", None, OTHER),
        ("void", None, None),
        ("undo", 10, None),
        ("correction", 2, DEAL),
        ("undo", 9, None),
        ("correction", 9, DEAL),  # a deal undone, then corrected: in force again, in its place
        ("deal", None, DEAL),
        ("correction", 15, OTHER),
        ("undo", 16, None),  # the Undo button: the last correction, then the last deal
        ("undo", 15, None),
        ("deal", None, OTHER),
        ("undo", 19, None),
        ("undo", 20, None),  # a redo
        ("correction", 99, OTHER),  # of no deal, then undone
        ("undo", 22, None),
    ]
    cache = log.LogCache()
    with app.app_context():
        session = db.session()
        match = Match(game="schieber", settings={"game": "schieber", "profile": "seed"})
        session.add(match)
        session.commit()
        for seq, (kind, target, record) in enumerate(steps, start=1):
            session.add(Entry(match_id=match.id, seq=seq, kind=kind, target_seq=target, record=record))
            session.commit()
            stored = session.query(Entry).filter_by(match_id=match.id).all()
            assert facts(cache.read(session, match)) == facts(log.derive(stored)), (seq, kind)
        # Several entries at once (another worker saved them) are read in one go.
        for seq in (24, 25):
            session.add(Entry(match_id=match.id, seq=seq, kind="deal", record=DEAL))
        session.add(Entry(match_id=match.id, seq=26, kind="correction", target_seq=24, record=OTHER))
        session.add(Entry(match_id=match.id, seq=27, kind="correction", target_seq=1, record=DEAL))
        session.add(Entry(match_id=match.id, seq=28, kind="undo", target_seq=27))
        session.commit()
        stored = session.query(Entry).filter_by(match_id=match.id).all()
        assert facts(cache.read(session, match)) == facts(log.derive(stored))


def test_a_log_replaced_under_the_same_match_is_read_afresh(app: Flask) -> None:
    # A database restored from an older backup may hold other entries under the same seqs.
    cache = log.LogCache()
    with app.app_context():
        session = db.session()
        match = Match(game="schieber", settings={"game": "schieber", "profile": "seed"})
        session.add(match)
        session.commit()
        session.add_all([Entry(match_id=match.id, seq=s, kind="deal", record=DEAL) for s in (1, 2)])
        session.commit()
        assert cache.read(session, match).deals == [DEAL, DEAL]
        session.query(Entry).filter_by(match_id=match.id).delete()
        session.add_all([Entry(match_id=match.id, seq=s, kind="deal", record=OTHER) for s in (1, 2, 3)])
        session.commit()
        assert cache.read(session, match).deals == [OTHER, OTHER, OTHER]


@pytest.mark.slow
def test_a_save_reads_the_new_entry_not_the_whole_log(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client, target=100000)
    with app.app_context():
        session = db.session()
        session.add_all([Entry(match_id=match_id, seq=s, kind="deal", record=DEAL) for s in range(1, 301)])
        session.commit()
    client.get(f"/matches/{match_id}")  # this worker has read the log once
    with entries_read() as fetched:
        assert (
            post_deal(client, match_id, {"forehand": 1, "contract": "H", "team": 1, "points": 98}).status_code
            == 303
        )
        page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    # The save's request and the page's read the last known entry and the new one: none of the 300.
    assert fetched and max(fetched) == 301 and min(fetched) >= 300, sorted(set(fetched))
    assert page.count('<tr id="deal-') == SHOWN_DEALS
    assert 'id="deal-301"' in page and 'id="deal-1"' not in page


@pytest.mark.slow
def test_earlier_deals_are_a_link_away(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client, target=100000)
    for _ in range(SHOWN_DEALS):
        post_deal(client, match_id, {"forehand": 1, "contract": "H", "team": 1, "points": 98})
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert page.count('<tr id="deal-') == SHOWN_DEALS and "?deals=all" not in page
    post_deal(client, match_id, {"forehand": 1, "contract": "H", "team": 1, "points": 98})
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert page.count('<tr id="deal-') == SHOWN_DEALS and 'id="deal-1"' not in page
    assert f'href="/matches/{match_id}?deals=all#deal-1">' in page
    everything = client.get(f"/matches/{match_id}?deals=all").get_data(as_text=True)
    assert everything.count('<tr id="deal-') == SHOWN_DEALS + 1

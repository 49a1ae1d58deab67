"""A request reads a match's log once: the edit guard asks the database only for the match's
voids and undos, and answers as the derived log does."""

from __future__ import annotations

import itertools

import pytest
from flask import Flask

from scorer.store import db, log
from scorer.store.models import Entry, Match

DEAL = {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 98}}


@pytest.mark.slow
def test_voided_from_voids_and_undos_equals_the_derived_log(app: Flask) -> None:
    # Every log of up to four entries after a deal: voids, undos of any earlier entry, deals.
    kinds = ("void", "undo-1", "undo-2", "undo-last", "deal")
    with app.app_context():
        session = db.session()
        for steps in itertools.product(kinds, repeat=4):
            match = Match(game="schieber", settings={"game": "schieber", "profile": "seed"})
            session.add(match)
            session.flush()
            entries = [Entry(match_id=match.id, seq=1, kind="deal", record=DEAL)]
            for step in steps:
                seq = len(entries) + 1
                if step.startswith("undo"):
                    target = {"undo-1": 1, "undo-2": 2, "undo-last": seq - 1}[step]
                    entries.append(Entry(match_id=match.id, seq=seq, kind="undo", target_seq=target))
                else:
                    entries.append(
                        Entry(match_id=match.id, seq=seq, kind=step, record=DEAL if step == "deal" else None)
                    )
            session.add_all(entries)
            session.flush()
            assert log.is_voided(session, match.id) == log.derive(entries).voided, steps
        session.rollback()

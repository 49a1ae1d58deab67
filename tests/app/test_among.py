"""``among``: a column's value is one of many ids, asked as the ranges the ids fall in. It must
select exactly the ids named — no neighbour of a run, no id between two runs — whatever their
order, repeats or gaps. Runs on PostgreSQL too, under scripts/with-postgres.sh."""

from __future__ import annotations

import random

import pytest
from flask import Flask
from sqlalchemy import select

from scorer.store import db
from scorer.store.among import among, runs
from scorer.store.models import Match


def test_runs_join_consecutive_ids_only() -> None:
    assert runs([7, 3, 4, 5, 9, 4, 12, 11]) == [(3, 5), (7, 7), (9, 9), (11, 12)]
    assert runs([]) == []


@pytest.mark.parametrize(
    "wanted",
    [
        [],
        [5],
        [2, 4],  # singles only: one IN
        list(range(3, 40)),  # one run
        [1, 2, 3, 10, 11, 12, 13, 20, 25, 26, 60],  # runs and singles, gaps between
        [30, 29, 28, 28, 7, 6, 5, 50],  # unordered, repeated
    ],
)
def test_among_selects_exactly_the_ids(app: Flask, wanted: list[int]) -> None:
    with app.app_context():
        session = db.session()
        session.add_all(Match(game="schieber", settings={}) for _ in range(64))
        session.commit()
        stored = sorted(session.scalars(select(Match.id)))
        # The ids as this database numbered them: the test's positions mapped onto them.
        ids = [stored[position] for position in wanted]
        found = sorted(session.scalars(select(Match.id).where(among(Match.id, ids))))
        assert found == sorted(set(ids))


def test_among_agrees_with_in_on_random_sets(app: Flask) -> None:
    with app.app_context():
        session = db.session()
        session.add_all(Match(game="schieber", settings={}) for _ in range(200))
        session.commit()
        stored = sorted(session.scalars(select(Match.id)))
        draw = random.Random(29)
        for _ in range(20):
            ids = draw.sample(stored, draw.randrange(1, len(stored)))
            found = sorted(session.scalars(select(Match.id).where(among(Match.id, ids))))
            assert found == sorted(session.scalars(select(Match.id).where(Match.id.in_(ids))))

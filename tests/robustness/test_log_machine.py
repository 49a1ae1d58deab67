"""A Hypothesis state machine over the table app: enter, correct, undo, redo, void — plus a
double tap (the same form sent twice) and a stale form (a second tablet behind by one).

tests/app/test_log_property.py checks the screen against the engine after random
histories. This machine keeps its own model of the log (what it sent, and which entries an
undo cancels, as a stack), independent of ``scorer.store.log``, and after every step checks:

* the stored log is exactly the entries the machine made, in order — nothing lost,
  duplicated, reordered or changed; every version of every deal (undone ones too) is still
  in the app's history of that deal;
* the totals on the screen are ``rules_engine.score_match`` of the model's current deals;
* a double tap adds nothing; a stale form gets "changed meanwhile" (409) and adds nothing;
  once voided, nothing is added.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from sqlalchemy import select

import rules_engine
from scorer.matches.matchview import SHOWN_DEALS
from scorer.store import db, log
from scorer.store.models import Entry, Match
from tests.helpers.database import server_url
from tests.helpers.tablet import deal_form, hidden, new_schieber

CONTRACTS = st.sampled_from(["H", "D", "S", "C", "obenabe", "undenufe"])
POINTS = st.sampled_from([0, 20, 57, 98, 100, 157])
TEAMS = st.sampled_from([1, 2])
TARGET = 100000


@dataclass
class Made:
    """One entry the machine made: what it sent, and its place in the log."""

    seq: int
    kind: str
    target: int | None
    sent: dict[str, Any] | None  # contract/team/points of a deal or correction


def _stored(app: Flask, match_id: int) -> list[Entry]:
    with app.app_context():
        return list(db.session().scalars(select(Entry).where(Entry.match_id == match_id).order_by(Entry.seq)))


def _matches_sent(record: dict[str, Any] | None, sent: dict[str, Any]) -> bool:
    return (
        record is not None
        and record["contract"] == sent["contract"]
        and record["points"] == {"team": sent["team"], "value": sent["points"]}
    )


class LogMachine(RuleBasedStateMachine):
    app: Flask

    def __init__(self) -> None:
        super().__init__()
        self.client: FlaskClient = self.app.test_client()
        self.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
        self.match_id = new_schieber(self.client, target=TARGET)
        self.made: list[Made] = []
        self.records: dict[int, dict[str, Any]] = {}  # seq -> the stored record, read once
        #: Undo entries in force that a redo may take back (newest last); a new deal or
        #: correction empties it — redoing past it would rewrite history.
        self.redoable: list[Made] = []
        self.voided = False
        self.last_post: tuple[str, dict[str, str]] | None = None

    # --- the model ---------------------------------------------------------------------

    def cancelled(self) -> set[int]:
        result: set[int] = set()
        for made in reversed(self.made):
            if made.kind == "undo" and made.seq not in result and made.target is not None:
                result.add(made.target)
        return result

    def in_force(self) -> list[Made]:
        gone = self.cancelled()
        return [m for m in self.made if m.kind in ("deal", "correction") and m.seq not in gone]

    def current_deals(self) -> list[tuple[int, int]]:
        """(slot, seq of its current version) in the order the deals were entered."""
        current: dict[int, int] = {}
        for made in self.in_force():
            slot = made.seq if made.kind == "deal" else made.target
            assert slot is not None
            if made.kind == "deal" or slot in current:
                current[slot] = made.seq
        return sorted(current.items())

    def version(self) -> int:
        return len(self.made)

    # --- posting -----------------------------------------------------------------------

    def _post(self, url: str, data: dict[str, str]) -> int:
        self.last_post = (url, dict(data))
        status: int = self.client.post(url, data=data).status_code
        assert status < 500
        return status

    def _stored_one(self, kind: str, target: int | None, sent: dict[str, Any] | None) -> None:
        made = Made(self.version() + 1, kind, target, sent)
        self.made.append(made)
        entry = _stored(self.app, self.match_id)[-1]
        assert (entry.seq, entry.kind, entry.target_seq) == (made.seq, kind, target)
        if sent is not None:
            assert _matches_sent(entry.record, sent), (entry.record, sent)
            assert entry.record is not None
            self.records[made.seq] = dict(entry.record)

    def _deal(self, url: str, kind: str, target: int | None, contract: str, team: int, points: int) -> None:
        data = deal_form(self.client, self.match_id, url) if not self.voided else {}
        data.update({"forehand": "1", "contract": contract, "team": str(team), "points": str(points)})
        status = self._post(url, data)
        if self.voided:
            assert status == 403
            return
        assert status == 303
        self._stored_one(kind, target, {"contract": contract, "team": team, "points": points})
        self.redoable.clear()

    # --- rules -------------------------------------------------------------------------

    @rule(contract=CONTRACTS, team=TEAMS, points=POINTS)
    def enter(self, contract: str, team: int, points: int) -> None:
        self._deal(f"/matches/{self.match_id}/deals/new", "deal", None, contract, team, points)

    @precondition(lambda self: bool(self.current_deals()))
    @rule(pick=st.integers(min_value=0), contract=CONTRACTS, team=TEAMS, points=POINTS)
    def correct(self, pick: int, contract: str, team: int, points: int) -> None:
        slots = self.current_deals()
        slot = slots[pick % len(slots)][0]
        url = f"/matches/{self.match_id}/deals/{slot}/correct"
        if self.voided:
            assert self.client.get(url).status_code == 403
            return
        self._deal(url, "correction", slot, contract, team, points)

    def _undo_form(self, action: str) -> dict[str, str] | None:
        page = self.client.get(f"/matches/{self.match_id}").get_data(as_text=True)
        marker = f'action="/matches/{self.match_id}/{action}"'
        if marker not in page:
            return None
        form = page[page.index(marker) :]
        return {
            "csrf_token": hidden(form, "csrf_token"),
            "version": hidden(form, "version"),
            "idem": hidden(form, "idem"),
        }

    @rule()
    def undo(self) -> None:
        form = self._undo_form("undo")
        target = self.in_force()[-1] if self.in_force() else None
        if self.voided or target is None:
            assert form is None  # the screen offers no undo
            return
        assert form is not None
        assert self._post(f"/matches/{self.match_id}/undo", form) == 303
        self._stored_one("undo", target.seq, None)
        self.redoable.append(self.made[-1])

    @rule()
    def redo(self) -> None:
        form = self._undo_form("redo")
        if self.voided or not self.redoable:
            assert form is None
            return
        assert form is not None
        assert self._post(f"/matches/{self.match_id}/redo", form) == 303
        self._stored_one("undo", self.redoable.pop().seq, None)

    @precondition(lambda self: self.last_post is not None)
    @rule()
    def double_tap(self) -> None:
        """The same form again (a double tap, or a resend after a lost answer): stored once."""
        assert self.last_post is not None
        url, data = self.last_post
        before = len(_stored(self.app, self.match_id))
        status = self._post(url, data)
        assert status in ((403,) if self.voided else (303,))
        assert len(_stored(self.app, self.match_id)) == before

    @precondition(lambda self: not self.voided)
    @rule(contract=CONTRACTS)
    def stale_form(self, contract: str) -> None:
        """A second tablet whose form predates the last entry: told, and nothing stored."""
        if not self.made:
            return
        url = f"/matches/{self.match_id}/deals/new"
        data = deal_form(self.client, self.match_id, url)
        data.update(
            {
                "version": str(self.version() - 1),
                "forehand": "1",
                "contract": contract,
                "team": "1",
                "points": "100",
            }
        )
        response = self.client.post(url, data=data)
        assert response.status_code == 409
        assert "changed meanwhile" in response.get_data(as_text=True)

    @precondition(lambda self: not self.voided)
    @rule(data=st.data())
    def void(self, data: st.DataObject) -> None:
        # Rare: a void ends the interesting part of a run.
        if data.draw(st.integers(0, 11), label="void?") != 0:
            return
        with self.app.app_context():
            match = db.session().get(Match, self.match_id)
            assert match is not None
            log.append(db.session(), match, expected_version=self.version(), kind="void", key=None)
        self.made.append(Made(self.version() + 1, "void", None, None))
        self.redoable.clear()
        self.voided = True

    # --- invariants --------------------------------------------------------------------

    @invariant()
    def log_is_what_was_made(self) -> None:
        stored = _stored(self.app, self.match_id)
        assert [(e.seq, e.kind, e.target_seq) for e in stored] == [
            (m.seq, m.kind, m.target) for m in self.made
        ]
        for entry in stored:
            if entry.seq in self.records:
                assert entry.record == self.records[entry.seq]  # never changed afterwards
        # Every version of every deal, undone or not, is still in the app's history.
        state = log.derive(stored)
        history = {v.seq: (v.record, v.undone) for s in state.slots for v in s.versions}
        gone = self.cancelled()
        for made in self.made:
            if made.sent is not None:
                assert history[made.seq] == (self.records[made.seq], made.seq in gone)
        assert state.voided == self.voided

    @invariant()
    def totals_are_the_engines(self) -> None:
        deals = [self.records[seq] for _slot, seq in self.current_deals()]
        answer = rules_engine.score_match(
            {"game": "schieber", "profile": "seed", "target": TARGET, "deals": deals}
        )
        page = self.client.get(f"/matches/{self.match_id}").get_data(as_text=True)
        assert re.findall(r'data-score="([^"]*)"', page) == [str(s) for s in answer["scores"]]
        assert page.count('<tr id="deal-') == min(len(deals), SHOWN_DEALS)


#: Histories of 20 steps: fewer on PostgreSQL, the suite's second run (`make test`), whose subject
#: is the store's order and atomicity, which every step of every history exercises; the first
#: run (SQLite) searches the histories themselves.
HISTORIES = 25 if server_url() is None else 10


@pytest.mark.slow  # a state machine: histories of 20 steps through the pages
def test_log_machine(app: Flask) -> None:
    LogMachine.app = app
    run_state_machine_as_test(
        LogMachine,
        settings=settings(
            max_examples=HISTORIES,
            stateful_step_count=20,
            deadline=None,
            suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        ),
    )

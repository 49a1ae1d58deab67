"""Saving one entry of a match's log, whichever door it came through: the deal pages
(:mod:`scorer.deals.views`) and a tablet's outbox (:mod:`scorer.offline.views`) both call
:func:`save`, and only say its outcome differently (a page, a JSON answer).

An entry is a new deal, a correction of a deal in force, an undo of the last deal or
correction, or a redo (the undo of that undo). It is stored only when it was made on the
version of the log it names, its key is new, and the engine scores the whole match with it;
the match list's summary is written with a deal or a correction, in the same statement.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorer import scoring
from scorer.deals.deal_input import place_errors
from scorer.games.base import Game
from scorer.matches import matchview
from scorer.store import db, log
from scorer.store.models import Entry

#: The entries a table makes; a redo is stored as an undo of an undo.
KINDS = ("deal", "correction", "undo", "redo")


@dataclass(frozen=True, slots=True)
class Saved:
    """Stored: the entry, the match record with it and the engine's answer to that."""

    entry: Entry
    candidate: dict[str, Any]
    scored: scoring.Scored


@dataclass(frozen=True, slots=True)
class Refused:
    """Not stored: the engine's reasons (or ``nothing_to_<kind>``), and the place among the
    deals in force of the deal the entry stated (None for an undo or a redo)."""

    errors: list[dict[str, Any]]
    index: int | None = None

    def placed(self, game: Game) -> dict[str, list[dict[str, Any]]]:
        """The reasons by the deal form's slot they belong to."""
        return place_errors(self.errors, self.index, game)


@dataclass(frozen=True, slots=True)
class Duplicate:
    """Stored before under the same key (a double tap, a resend): never twice."""

    version: int


@dataclass(frozen=True, slots=True)
class Overtaken:
    """Made on an older version: another entry came first, the table decides again."""

    version: int
    #: Another writer stored its entry while this one was judged (not before it was sent).
    meanwhile: bool = False


Outcome = Saved | Refused | Duplicate | Overtaken


def nothing_to(kind: str) -> dict[str, Any]:
    """The reason an undo, a redo or a correction finds no entry to act on."""
    return {"rule": None, "code": f"nothing_to_{kind}", "params": {}, "message": f"nothing to {kind}"}


def save(
    loaded: matchview.Loaded,
    *,
    kind: str,
    base_version: int,
    key: str | None,
    record: dict[str, Any] | None = None,
    target_seq: int | None = None,
) -> Outcome:
    """Judge and store one entry made on ``base_version`` of ``loaded``'s log.

    ``record``: the deal a ``deal`` or a ``correction`` states; ``target_seq``: the slot a
    correction corrects, the entry an undo (or a redo) cancels, as the table saw it.
    """
    version = loaded.state.version
    if base_version != version:
        # A key is stored only with the version after the one its entry was made on: an
        # entry made on the current version holds a key no entry has yet (a twin stored
        # since collides on the key's unique index, see _append). Only an older entry may
        # have been stored.
        if log.find_key(db.session(), key) is not None:
            return Duplicate(version)
        return Overtaken(version)
    outcome = _judge(loaded, kind, record, target_seq, key)
    if isinstance(outcome, Refused) and log.find_key(db.session(), key) is not None:
        # A resend that names the version its first send made: the log moved on, so it may
        # be refused now, yet it was stored once.
        return Duplicate(version)
    return outcome


def _judge(
    loaded: matchview.Loaded,
    kind: str,
    record: dict[str, Any] | None,
    target_seq: int | None,
    key: str | None,
) -> Outcome:
    """Ask the engine about the match with the entry; store it when the match scores."""
    version = loaded.state.version
    if kind in ("undo", "redo"):
        return _save_undo(loaded, kind, target_seq, key)
    if record is None:
        raise ValueError(f"a {kind} states a deal record")
    deals = loaded.state.deals  # a new list, in the order of the slots in force
    if kind == "deal":
        index = len(deals)
        deals.append(record)
        target_seq = None
    else:
        found = [i for i, s in enumerate(loaded.state.current_slots) if s.slot == target_seq]
        if not found:
            return Refused([nothing_to("correct")])
        index = found[0]
        deals[index] = record
    candidate = scoring.match_record(loaded.settings, deals)
    scored = scoring.score(candidate, scoring.match_key(loaded.match))
    if not scored.valid:
        return Refused(scored.errors, index)
    # The list's summary at the new version, written with the entry (one statement on
    # PostgreSQL, one transaction on SQLite): showing the match next writes nothing. Only
    # over a summary row that exists (showing the match made it), so that no other writer's
    # row can make the deal collide.
    summary = matchview.summary_update(
        loaded.match.id, version + 1, len(deals), scored.answer or {}, voided=loaded.state.voided
    )
    return _append(loaded, kind, record, target_seq, key, candidate, scored, [summary])


def _save_undo(loaded: matchview.Loaded, kind: str, target_seq: int | None, key: str | None) -> Outcome:
    """An undo cancels the last deal or correction in force, a redo the last undo of one; it
    must cancel the very entry the table saw it cancel, and the match must still score
    without it (undoing a correction brings back the earlier version)."""
    expected = loaded.state.last_undoable if kind == "undo" else loaded.state.last_redoable
    if expected is None or expected.seq != target_seq:
        return Refused([nothing_to(kind)])
    probe = Entry(seq=loaded.state.version + 1, kind="undo", target_seq=expected.seq)  # never stored
    remaining = log.derive([*loaded.state.entries, probe])
    candidate = scoring.match_record(loaded.settings, remaining.deals)
    scored = scoring.score(candidate, scoring.match_key(loaded.match))
    if not scored.valid:
        return Refused(scored.errors)
    return _append(loaded, "undo", None, expected.seq, key, candidate, scored, [])


def _append(
    loaded: matchview.Loaded,
    kind: str,
    record: dict[str, Any] | None,
    target_seq: int | None,
    key: str | None,
    candidate: dict[str, Any],
    scored: scoring.Scored,
    derived: list[Any],
) -> Outcome:
    try:
        entry = log.append(
            db.session(),
            loaded.match,
            expected_version=loaded.state.version,
            kind=kind,
            record=record,
            target_seq=target_seq,
            key=key,
            key_checked=True,  # made on the current version: see save()
            derived=derived,
        )
    except log.Duplicate:
        return Duplicate(log.last_seq(db.session(), loaded.match.id))
    except log.Conflict as conflict:
        return Overtaken(int(conflict.args[0]), meanwhile=True)
    return Saved(entry, candidate, scored)

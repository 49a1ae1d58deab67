"""The match screen's view-model: the engine's answer arranged for people across a table.

No score is computed here: the points still needed, the next turn, the target and the
states are the engine's. The only arithmetic is presentation: board strokes of an engine total.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, overload

from flask import abort, g, request
from flask_babel import gettext as _
from sqlalchemy import Table, Update, bindparam, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import lazyload

from scorer import games, scoring
from scorer.games.board import Side, seat_name
from scorer.games.board import names as names  # the seat names, as the match's pages ask for them
from scorer.games.board import players as players
from scorer.store import db, log
from scorer.store.models import Entry, Match, MatchSummary
from scorer.web import reason_texts


class Loaded:
    """A match as this request read it: its log, and (when asked) its record and the
    engine's answer to it. A deal page's save scores the record with the new deal, not the
    one before it, so the match as read is scored only when something asks for it."""

    def __init__(
        self,
        match: Match,
        state: log.State,
        record: dict[str, Any] | None = None,
        scored: scoring.Scored | None = None,
    ) -> None:
        self.match = match
        self.state = state
        self._record = record
        self._scored = scored

    @property
    def record(self) -> dict[str, Any]:
        """The DEAL_RECORD.md match record of the match's current deals."""
        if self._record is None:
            self._record = scoring.match_record(self.match.settings, self.state.deals)
        return self._record

    @property
    def scored(self) -> scoring.Scored:
        if self._scored is None:
            self._scored = scoring.score(self.record, scoring.match_key(self.match))
        return self._scored

    @property
    def settings(self) -> dict[str, Any]:
        return self.match.settings

    @property
    def answer(self) -> dict[str, Any]:
        """The engine's answer to a valid match (empty when it breaks a rule)."""
        return self.scored.answer or {}

    @property
    def facts(self) -> dict[str, Any]:
        """The engine's answer also when the match breaks a rule (its target, profile …)."""
        return self.scored.facts


def load(match_id: int) -> Loaded:
    # The log is read through this worker's kept state of it (only the entries since), not
    # as the match's relationship: a save at deal 400 reads what a save at deal 4 reads.
    match = db.session().get(Match, match_id, options=[lazyload(Match.entries)])
    if match is None or match.settings.get("game") not in games.registry():
        abort(404)  # no such match, or one of a game this app does not keep
    # The log as the access guard read it in this request, once (a later load reads it anew).
    guarded = g.pop("tafel_guarded_log", None)
    by_guard = guarded is not None and guarded[0] == match.id
    state = guarded[1] if by_guard else log.read(db.session(), match)
    # Reasons on this request name its players and its cards.
    reason_texts.at_table(match.settings, games.deck_of(match.settings))
    loaded = Loaded(match, state)
    if not (by_guard and request.method == "POST"):
        # A deal page's post (the guard read its log) appends with the summary at the new
        # version (summary_update) or changes nothing: the summary is not read here for it.
        store_summary(loaded)
    return loaded


def appended(before: Loaded, entry: Entry, record: dict[str, Any], scored: scoring.Scored) -> Loaded:
    """The match right after this request appended ``entry`` to it as ``before`` held it,
    with the new match record and the engine's answer to it the request already holds:
    neither read nor scored again. The append stored ``entry`` right after ``before``'s
    version (or it would have failed), so this is the match at the entry's version; an entry
    stored by another tablet since shows on the next page or poll."""
    # Its summary was written with the entry (summary_update), where the match had one.
    state = log.extend(before.state, [log.LogEntry.of(entry)])
    return Loaded(before.match, state, record, scored)


def store_summary(loaded: Loaded) -> MatchSummary:
    """Keep the match list's summary of this match current (derived data: a failure loses nothing)."""
    session = db.session()
    stored = session.get(MatchSummary, loaded.match.id)
    # Held for the request: a save asks for this row again (the session keeps a loaded row
    # only while something refers to it; else each ask is a query).
    g.tafel_summary = stored
    if stored is not None and stored.version == loaded.state.version:
        return stored
    summary = summary_of(
        loaded.match.id,
        loaded.state.version,
        len(loaded.state.deals),
        loaded.answer,
        voided=loaded.state.voided,
    )
    try:
        summary = g.tafel_summary = session.merge(summary)
        session.commit()
    except (IntegrityError, OperationalError):
        # Another worker stored it first, or the disk is full: the page shows it all the same.
        session.rollback()
    return summary


def summary_of(
    match_id: int, version: int, deals: int, answer: dict[str, Any], *, voided: bool
) -> MatchSummary:
    """The match list's summary of a match at ``version`` from the engine's answer."""
    return MatchSummary(match_id=match_id, **_summary_values(version, deals, answer, voided=voided))


def _summary_values(version: int, deals: int, answer: dict[str, Any], *, voided: bool) -> dict[str, Any]:
    return {
        "version": version,
        "deals": deals,
        "finished": bool(answer.get("finished")),
        "voided": voided,
        "scores": answer.get("scores") or answer.get("totals"),
    }


SUMMARIES: Table = MatchSummary.__table__  # type: ignore[assignment]

#: The summary of a match at a new version, over its row only where it has one: no other
#: writer's row can make the entry it is written with collide (0 rows when there is none;
#: showing the match makes it). Built once (SQLAlchemy caches its compiled form).
_SUMMARY_UPDATE = (
    update(SUMMARIES)
    .where(SUMMARIES.c.match_id == bindparam("summary_match_id"))
    .values(
        version=bindparam("version"),
        deals=bindparam("deals"),
        finished=bindparam("finished"),
        voided=bindparam("voided"),
        scores=bindparam("scores", type_=SUMMARIES.c.scores.type),
    )
)


def summary_update(
    match_id: int, version: int, deals: int, answer: dict[str, Any], *, voided: bool
) -> tuple[Update, dict[str, Any]]:
    """The statement that stores :func:`summary_of` these over ``match_id``'s summary row (for
    :func:`scorer.store.log.append`'s ``derived``, in the entry's transaction)."""
    return _SUMMARY_UPDATE, {
        "summary_match_id": match_id,
        **_summary_values(version, deals, answer, voided=voided),
    }


def refresh_summary(match_id: int) -> MatchSummary:
    """The summary of ``match_id`` derived from its log again, and stored."""
    return store_summary(load(match_id))


def next_turn(loaded: Loaded) -> dict[str, int] | None:
    """Who deals and who is forehand next: the engine's ``next`` (S2.3, K1.3); None once
    the match is over or while the engine cannot score it."""
    turn = loaded.answer.get("next")
    if loaded.answer.get("finished") or not isinstance(turn, dict):
        return None
    return dict(turn)


def sides(loaded: Loaded) -> list[Side]:
    """The scoreboard: each side's score and marks as the match's game shows them."""
    result = games.of(loaded.settings).match.sides(loaded)
    winner = loaded.answer.get("winner")
    if loaded.answer.get("finished") and winner is not None:
        for side in result:
            if side.number == winner:
                side.marks.insert(0, _("Winner"))
    return result


@dataclass
class Row:
    index: int
    slot: log.DealSlot
    record: dict[str, Any]
    answer: dict[str, Any]
    #: Makes the row's cells; called when the template first asks for them.
    make_cells: Callable[[], dict[str, Any]]

    @cached_property
    def cells(self) -> dict[str, Any]:
        return self.make_cells()


#: Deals a match page lists by default, the latest ones: the scoreboard and the chalk board
#: carry the rest, and a long evening's match (up to 500 deals) lists all behind a link.
SHOWN_DEALS = 12


class Rows(Sequence[Row]):
    """One row per deal in force, its cells as the match's game shows them, each row built
    when it is asked for: a page listing the last deals of a 400-deal match builds those."""

    def __init__(self, loaded: Loaded) -> None:
        self._loaded = loaded
        self._slots = loaded.state.current_slots
        self._names = names(loaded.settings)
        self._cells_of = games.of(loaded.settings).match.cells(loaded, self._names)
        self._answers = loaded.answer.get("deals") or []

    def __len__(self) -> int:
        return len(self._slots)

    @overload
    def __getitem__(self, index: int) -> Row: ...
    @overload
    def __getitem__(self, index: slice) -> list[Row]: ...
    def __getitem__(self, index: int | slice) -> Row | list[Row]:
        if isinstance(index, slice):
            return [self._row(i) for i in range(*index.indices(len(self._slots)))]
        if index < 0:
            index += len(self._slots)
        if not 0 <= index < len(self._slots):
            raise IndexError(index)
        return self._row(index)

    def _row(self, index: int) -> Row:
        slot = self._slots[index]
        assert slot.current is not None
        record = slot.current.record
        answer = self._answers[index] if index < len(self._answers) else {}

        def cells() -> dict[str, Any]:
            made: dict[str, Any] = {"forehand": seat_name(self._names, record.get("forehand"))}
            made.update(self._cells_of(index, record, answer))
            return made

        return Row(index, slot, record, answer, cells)

    def latest(self, count: int | None) -> list[Row]:
        """The last ``count`` rows (every row for None)."""
        return self[-count:] if count else self[:]


def rows(loaded: Loaded) -> Rows:
    """One row per deal in force (built as read)."""
    return Rows(loaded)

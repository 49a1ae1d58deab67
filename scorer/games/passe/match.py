"""A Passe on screen: the teams' totals, the control sum so far, each game's row."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorer.games.base import MatchPage, RowCells
from scorer.games.board import Side, item
from scorer.games.passe.deal import counts
from scorer.games.schieber import match as schieber
from scorer.games.schieber.deal import factors
from scorer.games.schieber.match import words as schieber_words
from scorer.web import display

if TYPE_CHECKING:
    from scorer.games.board import MatchView


def sides(loaded: MatchView) -> list[Side]:
    """The two teams' Passe totals (T3.6); a Passe has no target, so nothing is "still needed"."""
    scores = loaded.answer.get("scores")
    return [Side(i + 1, display.side_label(i + 1, loaded.settings), item(scores, i)) for i in range(2)]


def cells(loaded: MatchView, seat_names: Sequence[str]) -> RowCells:
    schieber_row = schieber.cells(loaded, seat_names)

    def row(index: int, record: Mapping[str, Any], answer: Mapping[str, Any]) -> dict[str, Any]:
        found = schieber_row(index, record, answer)
        found["control"] = answer.get("control")
        return found

    return row


def context(loaded: MatchView) -> dict[str, Any]:
    answer = loaded.answer
    return {
        "factors": factors(loaded.settings),
        "games_per_passe": answer.get("games_per_passe"),
        "control": answer.get("control"),
        "forehand_counts": answer.get("forehand_counts") or {},
        "warnings": answer.get("warnings") or [],
        "weis_counts": counts(loaded.settings, "weis"),
        "stoeck_counts": counts(loaded.settings, "stoeck"),
    }


MATCH = MatchPage(sides=sides, cells=cells, context=context, words=schieber_words)

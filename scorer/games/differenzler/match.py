"""A Differenzler Partie on screen: each player's total and rank, each deal's estimates, points and scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorer.games.base import MatchPage, RowCells
from scorer.games.board import Side, item
from scorer.games.differenzler import estimates
from scorer.games.differenzler.record import players
from scorer.games.klammern.match import words as klammern_words
from scorer.web import display
from scorer.web.i18n import gettext as _

if TYPE_CHECKING:
    from scorer.games.board import MatchView


def sides(loaded: MatchView) -> list[Side]:
    answer = loaded.answer
    ranks = {entry["seat"]: entry for entry in answer.get("ranking") or []}
    result = []
    for seat in range(1, players(loaded.settings) + 1):
        # Each player is his own side (D1.1): his name, never a team's two names.
        label = display.seat_label(seat, loaded.settings.get("names") or [])
        side = Side(seat, label, item(answer.get("totals"), seat - 1))
        entry = ranks.get(seat)
        if entry is not None and answer.get("deals"):
            side.marks.append(_("rank %(rank)s", rank=entry["rank"]))
        result.append(side)
    return result


def cells(loaded: MatchView, seat_names: Sequence[str]) -> RowCells:
    deck = loaded.settings.get("deck") or "swiss"
    count = players(loaded.settings)

    def row(index: int, record: Mapping[str, Any], answer: Mapping[str, Any]) -> dict[str, Any]:
        trump = record.get("trump")
        seats = []
        for n in range(count):
            seats.append(
                {
                    "estimate": item(record.get("estimates"), n),
                    "made": item(answer.get("made"), n),
                    "difference": item(answer.get("difference"), n),
                    "exact": bool(item(answer.get("exact"), n)),
                    "penalty": item(answer.get("penalty"), n),
                    "score": item(answer.get("score"), n),
                }
            )
        return {
            "trump": display.contract_name(str(trump), deck) if trump else "",
            "void": bool(record.get("void")),
            "seats": seats,
        }

    return row


def context(loaded: MatchView) -> dict[str, Any]:
    return {
        "deal_count": loaded.answer.get("deal_count") or loaded.settings.get("deal_count") or 16,
        # D3.3: how many players have sealed their estimate from their phone, never the values.
        "phone_estimates": estimates.table_count(loaded),
        # Each seat's own link, on the table's tablet only (the spectators' page has none).
        "seat_links": estimates.seat_links(loaded),
    }


MATCH = MatchPage(sides=sides, cells=cells, context=context, words=klammern_words)

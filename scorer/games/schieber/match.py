"""A Schieber match on screen: the teams' scores and marks, and the cells of each deal's row."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from flask_babel import gettext as _

from scorer.games.base import MatchPage, RowCells
from scorer.games.schieber.deal import factors
from scorer.matches.matchview import Side, claims, item, seat_name
from scorer.web import display, i18n

if TYPE_CHECKING:
    from scorer.matches.matchview import Loaded


def target(loaded: Loaded) -> int:
    """The match's target: its own, else the profile's (S7.1)."""
    stated = loaded.settings.get("target")
    if stated:
        return int(stated)
    return 2500 if loaded.settings.get("profile") == "official" else 3000


def sides(loaded: Loaded) -> list[Side]:
    scores = loaded.answer.get("scores")
    goal = target(loaded)
    result = []
    for i in range(2):
        side = Side(i + 1, display.side_label(i + 1, loaded.settings), item(scores, i))
        if isinstance(side.score, int):
            side.needed = max(goal - side.score, 0)
            side.strokes = display.Strokes.of(side.score)
        result.append(side)
    _schneider(loaded, result, goal)
    return result


def _schneider(loaded: Loaded, result: list[Side], goal: int) -> None:
    """S7.3: the loser below half the target is Schneider (or threatened with it)."""
    answer = loaded.answer
    half = goal / 2
    if answer.get("finished"):
        if answer.get("schneider"):
            for side in result:
                if side.number != answer.get("winner"):
                    side.marks.append(_("Schneider"))
    else:
        # Threatened: the leader is past half the target while this team is below it,
        # i.e. the match ending now would leave it Schneider.
        scores = [s.score for s in result if isinstance(s.score, int)]
        if len(scores) == 2 and max(scores) >= half:
            for side in result:
                if isinstance(side.score, int) and side.score < half:
                    side.marks.append(_("Schneider threatened"))


def cells(loaded: Loaded, seat_names: Sequence[str]) -> RowCells:
    deck = loaded.settings.get("deck") or "swiss"
    # Translated once per page, not once per row.
    stoeck, weis = _("Stöck: %(name)s"), _("Weis %(a)s : %(b)s")

    def row(index: int, record: Mapping[str, Any], answer: Mapping[str, Any]) -> dict[str, Any]:
        points = answer.get("weis") or [0, 0]
        return {
            "contract": display.contract_name(str(record.get("contract")), deck),
            "weis": claims(record.get("weis"), seat_names, deck),
            "stoeck": stoeck % {"name": seat_name(seat_names, record.get("stoeck"))}
            if record.get("stoeck")
            else "",
            "weis_points": weis
            % {"a": i18n.number(points[0]), "b": i18n.number(points[1] if len(points) > 1 else 0)},
        }

    return row


def context(loaded: Loaded) -> dict[str, Any]:
    return {"factors": factors(loaded.settings)}


MATCH = MatchPage(sides=sides, cells=cells, context=context)

"""A Schieber match on screen: the teams' scores and marks, and the cells of each deal's row."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from scorer.games import words as said
from scorer.games.base import MatchPage, RowCells
from scorer.games.board import Side, claims, item, seat_name
from scorer.games.schieber.deal import factors
from scorer.web import display, i18n
from scorer.web.i18n import gettext as _

if TYPE_CHECKING:
    from rules_engine.schieber.answers import SchieberMatchAnswer
    from scorer.games.board import MatchView


def engine_answer(loaded: MatchView) -> SchieberMatchAnswer | None:
    """The engine's answer to this Schieber match, typed; None while the match breaks a rule."""
    return cast("SchieberMatchAnswer", loaded.answer) if loaded.scored.valid else None


def sides(loaded: MatchView) -> list[Side]:
    answer = engine_answer(loaded)
    scores = answer["scores"] if answer else None
    needed = answer["points_needed"] if answer else None
    threatened = (answer["schneider_threatened"] if answer else None) or []
    # S1.3: the loser below half the target is Schneider, or is threatened with it.
    schneider = answer is not None and bool(answer["finished"]) and answer.get("schneider", False)
    result = []
    for i in range(2):
        side = Side(i + 1, display.side_label(i + 1, loaded.settings), item(scores, i))
        side.needed = item(needed, i)
        if isinstance(side.score, int):
            side.strokes = display.Strokes.of(side.score)
        if schneider and answer is not None and side.number != answer["winner"]:
            side.marks.append(_("Schneider"))
        if side.number in threatened:
            side.marks.append(_("Schneider threatened"))
        result.append(side)
    return result


def cells(loaded: MatchView, seat_names: Sequence[str]) -> RowCells:
    deck = loaded.settings.get("deck") or "swiss"
    # Translated once per page, not once per row.
    stoeck, weis = _("Stöck: %(name)s"), _("Weis %(a)s : %(b)s")

    def row(index: int, record: Mapping[str, Any], answer: Mapping[str, Any]) -> dict[str, Any]:
        points = answer.get("weis") or [0, 0]
        return {
            "contract": display.contract_name(record.get("contract"), deck),
            "weis": claims(record.get("weis"), seat_names, deck) + value_claims(record, loaded.settings),
            "stoeck": stoeck % {"name": seat_name(seat_names, record.get("stoeck"))}
            if record.get("stoeck")
            else "",
            "weis_points": weis
            % {"a": i18n.number(points[0]), "b": i18n.number(points[1] if len(points) > 1 else 0)},
        }

    return row


def value_claims(record: Mapping[str, Any], settings: Mapping[str, Any]) -> list[str]:
    """Weis given by value (``weis_values``) as "Anna & Cla: 50 + 20", team by team."""
    return [
        f"{display.side_label(int(team), dict(settings))}: {' + '.join(i18n.number(v) for v in values)}"
        for team, values in sorted((record.get("weis_values") or {}).items())
        if values
    ]


def context(loaded: MatchView) -> dict[str, Any]:
    return {"factors": factors(loaded.settings)}


def words(record: Mapping[str, Any], settings: Mapping[str, Any], game_deck: str) -> list[str]:
    """A deal of a contract chosen by a team (DEAL_RECORD.md ``contract``), its points, Weis
    and Stöck, in words; also the Passe's and the Coiffeur's."""
    names = said.names(settings)
    deck = str(settings.get("deck") or game_deck)
    parts = [display.contract_name(record.get("contract"), deck)]
    if record.get("pushed"):
        parts[0] += f" ({_('pushed')})"
    parts += said.points(record.get("points"), settings)
    parts += said.claims(record.get("weis"), names, deck)
    parts += said.values(record.get("weis_values"), _("Weis"), settings)
    if record.get("stoeck"):
        parts.append(_("Stöck: %(name)s", name=said.seat(names, record["stoeck"])))
    return parts


MATCH = MatchPage(sides=sides, cells=cells, context=context, words=words)

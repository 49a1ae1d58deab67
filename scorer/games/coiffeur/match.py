"""A Coiffeur game on screen: the grid with each team's cells, totals, and the decided state (C8)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorer.games.base import MatchPage, RowCells
from scorer.games.board import Side, item, seat_name
from scorer.games.coiffeur.deal import contract_label, row_label
from scorer.games.coiffeur.record import grid
from scorer.games.schieber.match import words as schieber_words
from scorer.web import display
from scorer.web.i18n import gettext as _

if TYPE_CHECKING:
    from scorer.games.board import MatchView


def sides(loaded: MatchView) -> list[Side]:
    answer = loaded.answer
    decided = answer.get("decided") or {}
    result = []
    for number in (1, 2):
        side = Side(
            number, display.side_label(number, loaded.settings), item(answer.get("totals"), number - 1)
        )
        if decided and not answer.get("finished"):
            side.marks.append(
                _("has clinched the game") if decided.get("team") == number else _("out of reach")
            )
        result.append(side)
    return result


def contract_text(stated: Any, deck: str) -> str:
    """A deal's contract as people say it: "Rosen", "Slalom (Obenabe first)", "Misère Undenufe"."""
    if not isinstance(stated, Mapping):
        return contract_label(str(stated), deck) if stated else ""
    kind = str(stated.get("type"))
    name = contract_label(kind, deck)
    if kind == "misere":
        name = f"{name} {contract_label(str(stated.get('mode')), deck)}"
    if kind == "3x3" and stated.get("trump"):
        name = f"{name} {display.suit_name(str(stated['trump']), deck)}"
    if stated.get("start"):
        name = _(
            "%(contract)s (%(start)s first)", contract=name, start=contract_label(str(stated["start"]), deck)
        )
    return name


def cells(loaded: MatchView, seat_names: Sequence[str]) -> RowCells:
    deck = loaded.settings.get("deck") or "swiss"
    rows = grid(loaded.settings)
    t_scratch = _("scratch")

    def row(index: int, record: Mapping[str, Any], answer: Mapping[str, Any]) -> dict[str, Any]:
        scratch = record.get("scratch")
        if isinstance(scratch, Mapping):
            number = scratch.get("row")
            return {
                "scratch": True,
                "team": scratch.get("team"),
                "row": row_label(rows[number - 1], deck)
                if isinstance(number, int) and 0 < number <= len(rows)
                else "",
                "contract": t_scratch + (f": {scratch['reason']}" if scratch.get("reason") else ""),
                "chooser": "",
            }
        number = record.get("row")
        return {
            "scratch": False,
            "team": answer.get("team"),
            "row": row_label(rows[number - 1], deck)
            if isinstance(number, int) and 0 < number <= len(rows)
            else "",
            "contract": contract_text(record.get("contract"), deck),
            "chooser": seat_name(seat_names, record.get("chooser")),
            "pushes": record.get("pushes") or 0,
        }

    return row


def context(loaded: MatchView) -> dict[str, Any]:
    """The grid: per row its label and both teams' cells (with the slot to correct each)."""
    deck = loaded.settings.get("deck") or "swiss"
    answer = loaded.answer
    cells = answer.get("cells") or [[], []]
    differences = answer.get("row_difference") or []
    slots = loaded.state.current_slots
    table = []
    for number, each in enumerate(grid(loaded.settings), start=1):
        teams = []
        for team in (0, 1):
            cell = item(item(cells, team), number - 1)
            if isinstance(cell, dict) and isinstance(cell.get("deal"), int) and cell["deal"] < len(slots):
                cell = {**cell, "slot": slots[cell["deal"]].slot}
            teams.append(cell)
        table.append(
            {
                "number": number,
                "label": row_label(each, deck),
                "factor": each.factor,
                "cells": teams,
                "difference": item(differences, number - 1),
            }
        )
    return {"grid_rows": table}


MATCH = MatchPage(sides=sides, cells=cells, context=context, words=schieber_words)

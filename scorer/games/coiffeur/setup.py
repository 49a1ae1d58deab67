"""A new Coiffeur game: its grid (a preset or the table's own rows), names and options (COIFFEUR.md)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from scorer.games.base import Form, Record, Settings, Setup
from scorer.games.coiffeur.forms import NewCoiffeurForm
from scorer.games.coiffeur.record import CHOICE_OPTIONS, MISERE_WITH_SUITS, NUMBER_OPTIONS, SUITS
from scorer.games.common import kept_fields, present, typed_names

#: Match-level settings copied into the engine's match record.
MATCH_FIELDS = ("options",)
#: C2.2's row types as typed on the set-up form ("3x3" also as "3×3").
ROW_TYPES = ("obenabe", "undenufe", "slalom", "guschti", "3x3", "misere", "wunsch")
_ROW = re.compile(r"^(3[x×]3|[a-zà-ÿ]+)\s*[×x*:]?\s*(\d+)$", re.IGNORECASE)


def parse_rows(text: str) -> tuple[list[dict[str, Any]], str | None]:
    """The rows typed as ``D×1, H×2, obenabe×5`` (or one a line), and the first item that is no row."""
    rows: list[dict[str, Any]] = []
    for item in (part.strip() for part in re.split(r"[,;\n]+", text or "")):
        if not item:
            continue
        found = _ROW.match(item)
        if found is None:
            return rows, item
        kind, factor = found.group(1).lower().replace("×", "x"), int(found.group(2))
        kind = kind.replace("è", "e")
        if kind.upper() in SUITS:
            rows.append({"type": "suit", "suit": kind.upper(), "factor": factor})
        elif kind in ROW_TYPES:
            rows.append({"type": kind, "factor": factor})
        else:
            return rows, item
    return rows, None


def settings(form: Form) -> Settings:
    options: dict[str, Any] = {}
    if form.grid.data == "custom":
        options["grid"] = parse_rows(form.rows.data or "")[0]
    elif form.grid.data != "official8":
        options["grid"] = form.grid.data
    for key in CHOICE_OPTIONS:
        if form[key].data:
            options[key] = form[key].data
    for key in NUMBER_OPTIONS:
        if form[key].data is not None:
            options[key] = form[key].data
    if form.guschti_split.data:
        options["guschti_split"] = int(form.guschti_split.data)
    if form.wunsch_contracts.data == "any":
        options["wunsch_contracts"] = "any"
    if form.misere_suits.data == "yes":
        options["misere_modes"] = list(MISERE_WITH_SUITS)
    team_names = [(form[f"team_name_{n}"].data or "").strip()[:40] for n in (1, 2)]
    stated: Settings = {
        "game": "coiffeur",
        "options": options,
        "deck": form.deck.data,
        "names": typed_names(form, 4),
        "players": 4,
        "first_forehand": int(form.first_forehand.data),
    }
    if any(team_names):
        stated["teams"] = team_names
    return stated


def check(form: Form, settings: Settings) -> bool:
    """The own rows are rows (the engine judges their types and factors)."""
    if form.grid.data != "custom":
        return True
    rows, bad = parse_rows(form.rows.data or "")
    if bad is not None:
        form.rows.errors.append(_("Not a row: %(item)s (type × factor, such as H×2 or misere×1)", item=bad))
        return False
    if not rows:
        form.rows.errors.append(_("Type the rows of the grid."))
        return False
    return True


def record_fields(settings: Mapping[str, Any]) -> Record:
    return present(settings, MATCH_FIELDS)


def from_record(record: Mapping[str, Any], form: Form) -> Settings:
    stated: Settings = {
        "game": "coiffeur",
        "players": 4,
        "names": typed_names(form, 4),
        "deck": form.deck.data,
    }
    return kept_fields(record, MATCH_FIELDS, stated)


SETUP = Setup(
    form=NewCoiffeurForm,
    settings=settings,
    check=check,
    error_fields={"options": "grid", "teams": "grid"},
    record_fields=record_fields,
    from_record=from_record,
)

"""Coiffeur's grid (C2) and rule options (COIFFEUR.md, "Rule options"), as data.

A grid is a tuple of :class:`Row` s; the presets of C2.3 are named tables, a custom grid
is read from the record. Every option of the rule file is an :class:`OptionSpec`;
:func:`coiffeur_options` resolves a record's ``options`` (an unknown key or value is
malformed input). :func:`tens` is C6.6's w(x).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from rules_engine.errors import InvalidRecord
from rules_engine.limits import GRID_ROWS
from rules_engine.options import OptionSpec, RuleOptions, choice_of, non_negative_int, resolve_options

__all__ = [
    "DEAL_TOTAL",
    "GRID_PRESETS",
    "MIXED_TYPES",
    "ROW_TYPES",
    "Row",
    "coiffeur_options",
    "parse_grid",
    "tens",
    "written_base",
]

DEAL_TOTAL = 157  # C4.3, S5.4
SUITS = ("D", "H", "S", "C")
#: C2.2 row types.
ROW_TYPES: tuple[str, ...] = ("suit", "obenabe", "undenufe", "slalom", "guschti", "3x3", "misere", "wunsch")
#: Contracts whose tricks change mode (C5.6).
MIXED_TYPES: frozenset[str] = frozenset({"slalom", "guschti", "3x3"})
#: C5.4 default Misère modes, C5.5 default Wunsch contracts.
DEFAULT_MISERE_MODES: tuple[str, ...] = ("obenabe", "undenufe", "slalom")
DEFAULT_WUNSCH: tuple[str, ...] = ("D", "H", "S", "C", "obenabe", "undenufe")
#: Every contract a Wunsch row may name under ``wunsch_contracts: "any"``.
ANY_CONTRACT: tuple[str, ...] = (*SUITS, "obenabe", "undenufe", "slalom", "guschti", "3x3", "misere")


@dataclass(frozen=True, slots=True)
class Row:
    """One grid row (C2.1): its type, factor and, for a ``suit`` row, the suit letter."""

    type: str
    factor: int
    suit: str | None = None

    @property
    def label(self) -> str:
        """``D×1``, ``obenabe×5``: how messages name a row."""
        return f"{self.suit if self.suit else self.type}×{self.factor}"

    def to_json(self, number: int) -> dict[str, Any]:
        answer: dict[str, Any] = {"row": number, "type": self.type}
        if self.suit is not None:
            answer["suit"] = self.suit
        answer["factor"] = self.factor
        return answer


def _rows(*items: tuple[str, int]) -> tuple[Row, ...]:
    return tuple(Row("suit", f, key) if key in SUITS else Row(key, f) for key, f in items)


_OFFICIAL8 = _rows(
    ("D", 1), ("H", 2), ("S", 3), ("C", 4), ("obenabe", 5), ("undenufe", 6), ("wunsch", 7), ("wunsch", 8)
)
_JASSTAFEL11 = _rows(
    ("D", 1),
    ("C", 2),
    ("H", 3),
    ("S", 4),
    ("obenabe", 5),
    ("undenufe", 6),
    ("slalom", 7),
    ("guschti", 8),
    ("wunsch", 9),
    ("wunsch", 10),
    ("wunsch", 11),  # jasstafel's "Coiffeur" row: [reading] Wunsch
)
#: C2.3 presets.
GRID_PRESETS: Mapping[str, tuple[Row, ...]] = MappingProxyType(
    {
        "official8": _OFFICIAL8,
        "ten": (*_OFFICIAL8[:6], *_rows(("slalom", 7), ("guschti", 8), ("wunsch", 9), ("wunsch", 10))),
        "jasstafel11": _JASSTAFEL11,
        "twelve": (*_JASSTAFEL11, Row("wunsch", 12)),
        "six": _OFFICIAL8[:6],
    }
)


def parse_grid(value: Any) -> tuple[Row, ...]:
    """A preset name or a custom list of rows (C2.3).

    :raises InvalidRecord: unknown preset or row type, a factor <= 0, a ``suit`` row
        without a suit letter or another row with a ``suit``.
    """
    if isinstance(value, str):
        if value not in GRID_PRESETS:
            raise InvalidRecord(f"unknown preset {value!r} (use one of {', '.join(map(repr, GRID_PRESETS))})")
        return GRID_PRESETS[value]
    if isinstance(value, (bytes, Mapping)) or not isinstance(value, (list, tuple)) or not value:
        raise InvalidRecord(f"must be a preset name or a non-empty list of rows, not {value!r}")
    if len(value) > GRID_ROWS:
        raise InvalidRecord(f"at most {GRID_ROWS} rows (C2.3: 6 to 13 are played), not {len(value)}")
    rows = []
    for index, item in enumerate(value):
        where = f"row {index + 1}"
        if not isinstance(item, Mapping):
            raise InvalidRecord(
                f"{where} must be an object {{type, suit, factor}}, not {item!r}", where=where
            )
        unknown = sorted(set(item) - {"type", "suit", "factor"})
        if unknown:
            raise InvalidRecord(
                f"{where}: unknown field {unknown[0]!r} (known: factor, suit, type)", where=where
            )
        kind = item.get("type")
        if kind not in ROW_TYPES:
            raise InvalidRecord(
                f"{where}: unknown row type {kind!r} (use one of {', '.join(ROW_TYPES)})", where=where
            )
        factor = item.get("factor")
        if isinstance(factor, bool) or not isinstance(factor, int) or factor <= 0:
            raise InvalidRecord(
                f"{where}: the factor must be a whole number >= 1, not {factor!r}", where=where
            )
        suit = item.get("suit")
        if kind == "suit":
            if suit not in SUITS:
                raise InvalidRecord(
                    f"{where}: a suit row needs a suit letter (D, H, S, C), not {suit!r}", where=where
                )
        elif suit is not None:
            raise InvalidRecord(f"{where}: only a suit row has a suit, not a {kind} row", where=where)
        rows.append(Row(kind, factor, suit))
    return tuple(rows)


def _letters(allowed: tuple[str, ...], what: str) -> Any:
    def parse(value: Any) -> tuple[str, ...]:
        if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, (list, tuple)) or not value:
            raise InvalidRecord(f"must be a non-empty list of {what}, not {value!r}")
        for item in value:
            if item not in allowed:
                raise InvalidRecord(f"unknown {what[:-1]} {item!r} (use {', '.join(allowed)})")
        if len(set(value)) != len(value):
            raise InvalidRecord(f"lists a {what[:-1]} twice: {value!r}")
        return tuple(value)

    return parse


def _wunsch(value: Any) -> Any:
    if value == "any":
        return "any"
    return _letters(ANY_CONTRACT, "contracts")(value)


def _match_value(value: Any) -> int:
    number = non_negative_int(value)
    if number < DEAL_TOTAL:
        raise InvalidRecord(f"must be at least {DEAL_TOTAL}, not {number}")
    return number


COIFFEUR_OPTIONS: Mapping[str, OptionSpec] = MappingProxyType(
    {
        "grid": OptionSpec("grid", "C2.3", GRID_PRESETS["official8"], parse_grid),
        "push": OptionSpec("push", "C3.3", "round", choice_of("round", "partner")),
        "undenufe_points": OptionSpec("undenufe_points", "C4.2", "six11", choice_of("six11", "ace11")),
        "guschti_split": OptionSpec("guschti_split", "C5.2", 5, choice_of(5, 4)),
        "misere_modes": OptionSpec(
            "misere_modes", "C5.4", DEFAULT_MISERE_MODES, _letters((*SUITS, *DEFAULT_MISERE_MODES), "modes")
        ),
        "wunsch_contracts": OptionSpec("wunsch_contracts", "C5.5", DEFAULT_WUNSCH, _wunsch),
        "mixed_points": OptionSpec("mixed_points", "C5.6", "opening", choice_of("opening", "per_trick")),
        "match_value": OptionSpec("match_value", "C6.2", 257, _match_value),
        "match_bonus": OptionSpec("match_bonus", "C6.2", "multiplied", choice_of("multiplied", "flat")),
        "match_bonus_points": OptionSpec("match_bonus_points", "C6.2", 500, non_negative_int),
        "konter": OptionSpec("konter", "C6.4", "zero", choice_of("zero", "penalty", "award")),
        "konter_penalty": OptionSpec("konter_penalty", "C6.4", 100, non_negative_int),
        "konter_award": OptionSpec("konter_award", "C6.4", 257, non_negative_int),
        "rounding": OptionSpec("rounding", "C6.6", "none", choice_of("none", "tens")),
        "opponents_score": OptionSpec("opponents_score", "C6.7", "none", choice_of("none", "lost")),
    }
)
_PROFILES: Mapping[str, Mapping[str, Any]] = MappingProxyType({"seed": MappingProxyType({})})


def coiffeur_options(overrides: object = None) -> RuleOptions:
    """The Coiffeur options in force for a record's ``options`` (resolved once per distinct value).

    :raises InvalidRecord: an unknown option key or value (a preset, a row type ...).
    """
    try:
        key = json.dumps(overrides, sort_keys=True)
    except (TypeError, ValueError):  # not JSON data: resolve_options says what is wrong
        key = None
    found = _RESOLVED.get(key) if key is not None else None
    if found is None:
        found = resolve_options("coiffeur", COIFFEUR_OPTIONS, _PROFILES, None, overrides)
        if key is not None and len(_RESOLVED) < _CACHE_SIZE:
            _RESOLVED[key] = found
    return found


_CACHE_SIZE = 256
_RESOLVED: dict[str, RuleOptions] = {}


def tens(options: RuleOptions, value: int) -> int:
    """C6.6 w(x): x itself, or x in tens rounded half up under ``rounding: "tens"``.

    >>> tens(RuleOptions({"rounding": "tens"}), 105), tens(RuleOptions({"rounding": "tens"}), 157)
    (11, 16)
    """
    if options["rounding"] == "tens":
        return (value + 5) // 10
    return value


def written_base(options: RuleOptions) -> int:
    """C8.1's M: the written value of a Match before w(), 157 under ``flat`` else ``match_value``."""
    return DEAL_TOTAL if options["match_bonus"] == "flat" else int(options["match_value"])

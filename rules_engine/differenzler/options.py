"""Differenzler's rule options (DIFFERENZLER.md, "Rule options"), as data.

``players`` and ``deal_count`` are record fields, not options. :func:`differenzler_options`
resolves a record's ``options``; an unknown key or value, and ``dealer_credit`` with the
hidden form (D6.5), are malformed input.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from rules_engine.errors import InvalidRecord
from rules_engine.options import OptionSpec, RuleOptions, choice_of, non_negative_int, resolve_options

__all__ = ["DEAL_TOTAL", "MODES", "STOECK_POINTS", "differenzler_options", "estimate_maximum"]

DEAL_TOTAL = 157  # D5.1
STOECK_POINTS = 20  # D5.4
#: D2.3: trump is a suit; house rules may add Obenabe and Undenufe.
MODES: tuple[str, ...] = ("suit", "obenabe", "undenufe")


def _modes(value: Any) -> tuple[str, ...]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, (list, tuple)) or not value:
        raise InvalidRecord(f"must be a non-empty list of modes (suit, obenabe, undenufe), not {value!r}")
    for item in value:
        if item not in MODES:
            raise InvalidRecord(f"unknown mode {item!r} (use suit, obenabe, undenufe)")
    if len(set(value)) != len(value):
        raise InvalidRecord(f"lists a mode twice: {value!r}")
    return tuple(value)


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise InvalidRecord(f"must be true or false, not {value!r}")
    return value


DIFFERENZLER_OPTIONS: Mapping[str, OptionSpec] = MappingProxyType(
    {
        "form": OptionSpec("form", "D3", "hidden", choice_of("hidden", "open")),
        "modes": OptionSpec("modes", "D2.3", ("suit",), _modes),
        "stoeck": OptionSpec("stoeck", "D5.4", "none", choice_of("none", "counted", "holder_choice")),
        "exact_bonus": OptionSpec("exact_bonus", "D6.2", 10, non_negative_int),
        "zero_exact": OptionSpec(
            "zero_exact", "D6.3", "no_bonus", choice_of("no_bonus", "needs_zero_trick", "always")
        ),
        "penalty_points": OptionSpec("penalty_points", "D6.4", 20, non_negative_int),
        "dealer_credit": OptionSpec("dealer_credit", "D6.5", False, _boolean),
        "tie": OptionSpec("tie", "D7.4", "shared", choice_of("shared", "exact_hits", "lot")),
        # D8 rejects 157 points with fewer than all tricks, although another player's tricks may all be
        # worth 0 (four cards of 0 points, not the last trick): `zero_tricks` admits that deal
        # (docs/DEAL_RECORD_ADDITIONS.md); the default keeps D8's reading.
        "full_points": OptionSpec("full_points", "D8", "all_tricks", choice_of("all_tricks", "zero_tricks")),
    }
)
_PROFILES: Mapping[str, Mapping[str, Any]] = MappingProxyType({"seed": MappingProxyType({})})
_RESOLVED: dict[str, RuleOptions] = {}


def differenzler_options(overrides: object = None) -> RuleOptions:
    """The Differenzler options in force for a record's ``options`` (resolved once per distinct value).

    :raises InvalidRecord: an unknown option key or value, or ``dealer_credit`` with the
        hidden form (D6.5: the dealer credit belongs to the open form).
    """
    try:
        key: str | None = json.dumps(overrides, sort_keys=True)
    except (TypeError, ValueError):
        key = None
    found = _RESOLVED.get(key) if key is not None else None
    if found is None:
        found = resolve_options("differenzler", DIFFERENZLER_OPTIONS, _PROFILES, None, overrides)
        if found["dealer_credit"] and found["form"] != "open":
            raise InvalidRecord(
                "options.dealer_credit: the dealer credit is for the open form only (D6.5)",
                where="options.dealer_credit",
            )
        if key is not None and len(_RESOLVED) < 256:
            _RESOLVED[key] = found
    return found


def estimate_maximum(options: RuleOptions) -> int:
    """D3.1: 157, or 177 when a Stöck may count."""
    return DEAL_TOTAL + (STOECK_POINTS if options["stoeck"] != "none" else 0)

"""Tournament rule options (TOURNAMENT.md, "Rule options"): one table for Passe and tournament records.

The Passe always plays the `tournament` profile (T2); its Schieber keys (`weis`, `stoeck`,
`match_value`, `factors`, `undenufe_points`) are handed to the Schieber engine, which scores
each game. :func:`passe_options` reads a record's ``profile`` and ``options``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from rules_engine.errors import InvalidRecord
from rules_engine.options import OptionSpec, RuleOptions, choice_of, non_negative_int, resolve_options
from rules_engine.schieber.contracts import CONTRACT_KEYS, DEAL_TOTAL, SCHIEBER_OPTIONS, schieber_options

__all__ = [
    "PROFILE",
    "SLALOM",
    "WITH_SLALOM",
    "SCHIEBER_KEYS",
    "TIEBREAK_STEPS",
    "TOURNAMENT_OPTIONS",
    "game_options",
    "half_control",
    "passe_options",
]

PROFILE = "tournament"
SLALOM = "slalom"
#: T2.3: option `contracts` when it adds the Slalom to the four suits, Obenabe and Undenufe.
WITH_SLALOM: tuple[str, ...] = (*CONTRACT_KEYS, SLALOM)
#: T7.3: the tie-break steps; a `tiebreak` list ends with `shared`.
TIEBREAK_STEPS: tuple[str, ...] = ("best_passe", "last_passe", "matches", "lot", "shared")
#: The Schieber option keys a Passe takes (T2, "Rule options"); the Schieber engine reads them.
SCHIEBER_KEYS: tuple[str, ...] = ("weis", "stoeck", "match_value", "factors", "undenufe_points")


def _positive_int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidRecord(f"must be a whole number >= 1, not {value!r}")
    return value


def _contracts(value: Any) -> tuple[str, ...]:
    """T2.3: the contracts a Passe allows: the four suits, Obenabe and Undenufe, plus `slalom` if listed."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InvalidRecord(f"must be a list of contracts, not {value!r}")
    for item in value:
        if item != SLALOM and item not in CONTRACT_KEYS:
            raise InvalidRecord(f"unknown contract {item!r} (use {', '.join(CONTRACT_KEYS)} or 'slalom')")
    return WITH_SLALOM if SLALOM in value else CONTRACT_KEYS


def _tiebreak(value: Any) -> tuple[str, ...]:
    """T7.3: steps in order, each at most once, ending with `shared`."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or not value:
        raise InvalidRecord(f"must be a list of tie-break steps ending with 'shared', not {value!r}")
    steps = tuple(value)
    for step in steps:
        if step not in TIEBREAK_STEPS:
            raise InvalidRecord(f"unknown tie-break step {step!r} (use {', '.join(TIEBREAK_STEPS)})")
    if len(set(steps)) != len(steps):
        raise InvalidRecord(f"a tie-break step is repeated in {list(steps)!r} (T7.3)")
    if steps[-1] != "shared":
        raise InvalidRecord(f"the tie-break must end with 'shared' (T7.3), not {steps[-1]!r}")
    return steps


def _optional_points(value: Any) -> int | None:
    return None if value is None else non_negative_int(value)


def _schieber(key: str, rule: str, default: Any) -> OptionSpec:
    spec = SCHIEBER_OPTIONS[key]
    return OptionSpec(key, rule, default, spec.parse, spec.merge)


TOURNAMENT_OPTIONS: Mapping[str, OptionSpec] = MappingProxyType(
    {
        "games_per_passe": OptionSpec("games_per_passe", "T3.1", 12, _positive_int),
        "format": OptionSpec("format", "T4", "einzel", choice_of("einzel", "partner")),
        "match_value": _schieber("match_value", "T2.4", DEAL_TOTAL),
        "weis": _schieber("weis", "T2.1", False),
        "stoeck": _schieber("stoeck", "T2.1", False),
        "factors": _schieber("factors", "T2.2", dict.fromkeys(CONTRACT_KEYS, 1)),
        "contracts": OptionSpec("contracts", "T2.3", CONTRACT_KEYS, _contracts),
        "mixed_points": OptionSpec("mixed_points", "T2.3", "opening", choice_of("opening", "per_trick")),
        "undenufe_points": _schieber("undenufe_points", "T2.3", "six11"),
        "rotation": OptionSpec("rotation", "T3.3", "warn", choice_of("warn", "strict", "off")),
        "confirm": OptionSpec(
            "confirm", "T6.2", "per_game", choice_of("per_game", "per_passe", "double_entry", "none")
        ),
        "sitout_score": OptionSpec(
            "sitout_score",
            "T5.5",
            "half_control",
            choice_of("half_control", "fixed", "own_average", "streich"),
        ),
        "sitout_points": OptionSpec("sitout_points", "T5.5", None, _optional_points),
        # When a sit-out's score enters the ranking (docs/DEAL_RECORD_ADDITIONS.md): at the
        # draw, as T7.5 reads, by default; or once every table of its round is complete.
        "sitout_from": OptionSpec("sitout_from", "T7.5", "seated", choice_of("seated", "round_complete")),
        "streich": OptionSpec("streich", "T7.2", 0, non_negative_int),
        "tiebreak": OptionSpec("tiebreak", "T7.3", ("best_passe", "shared"), _tiebreak),
        "substitute_scores": OptionSpec("substitute_scores", "T8.2", "none", choice_of("none", "original")),
        "pair_substitute": OptionSpec("pair_substitute", "T8.3", "counts", choice_of("counts", "excluded")),
        # A late entry's rounds before he came (docs/DEAL_RECORD_ADDITIONS.md): T8.4's 0 by default.
        "late_entry": OptionSpec(
            "late_entry", "T8.4", "zero", choice_of("zero", "sitout_score", "own_average")
        ),
    }
)

_PROFILES: Mapping[str, Mapping[str, Any]] = MappingProxyType({PROFILE: MappingProxyType({})})


def passe_options(profile: object, overrides: object) -> RuleOptions:
    """The options of a Passe or tournament record: `tournament` is its only profile (T2).

    :raises InvalidRecord: another profile, an unknown option or value, or options that
        contradict each other (T9: `sitout_score: "fixed"` without `sitout_points`,
        `sitout_score: "streich"` with `streich: 0`).
    """
    if profile is None:
        profile = PROFILE
    if profile != PROFILE:
        raise InvalidRecord(
            f"profile: a Passe or tournament plays the 'tournament' profile (T2), not {profile!r}",
            where="profile",
        )
    options = resolve_options("tournament", TOURNAMENT_OPTIONS, _PROFILES, profile, overrides)
    if options.sitout_score == "fixed" and options.sitout_points is None:
        raise InvalidRecord(
            "options.sitout_points is missing: sitout_score 'fixed' needs it (T5.5)",
            where="options.sitout_points",
        )
    if options.sitout_score == "streich" and options.streich < 1:
        raise InvalidRecord(
            "options.streich must be at least 1 with sitout_score 'streich' (T5.5)", where="options.streich"
        )
    return options


def game_options(options: RuleOptions) -> RuleOptions:
    """The Schieber options each game of the Passe is scored under (T2: the `tournament` profile)."""
    overrides = {key: options[key] for key in SCHIEBER_KEYS}
    overrides["factors"] = dict(overrides["factors"])
    return _cached_game_options(tuple(sorted((k, repr(v)) for k, v in overrides.items())), overrides)


_GAME_OPTIONS: dict[tuple[tuple[str, str], ...], RuleOptions] = {}


def _cached_game_options(key: tuple[tuple[str, str], ...], overrides: dict[str, Any]) -> RuleOptions:
    found = _GAME_OPTIONS.get(key)
    if found is None:
        found = _GAME_OPTIONS[key] = schieber_options(PROFILE, overrides)
    return found


def half_control(games_per_passe: int) -> int:
    """T5.5 `half_control`: half of ``games_per_passe`` × 157, rounded half up (942 for 12 games)."""
    return (games_per_passe * DEAL_TOTAL + 1) // 2


def factors_all_one(options: RuleOptions) -> bool:
    return all(value == 1 for value in options.factors.values())

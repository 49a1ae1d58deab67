"""Coiffeur contracts (C4, C5): how each trick is played and counted, and which row a contract fits.

A :class:`CoiffeurContract` is read from a record's ``contract`` (a suit letter,
``"obenabe"``, ``"undenufe"``, or an object for Slalom, Guschti, 3×3 and Misère; COIFFEUR.md,
"Deal record"). Its :meth:`~CoiffeurContract.modes` are the nine tricks' modes (C5.1-C5.4),
its :meth:`~CoiffeurContract.points` the nine tricks' card-point tables (C4.2, C5.6), and
:func:`row_reason` says why a contract does not fit a grid row (C9).

>>> c = CoiffeurContract.parse({"type": "slalom", "start": "obenabe"})
>>> [str(m) for m in c.modes(RuleOptions({"guschti_split": 5}))][:3]
['obenabe', 'undenufe', 'obenabe']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from rules_engine.cards import Card
from rules_engine.coiffeur.options import MIXED_TYPES, SUITS, Row
from rules_engine.errors import InvalidRecord, Reason
from rules_engine.options import RuleOptions
from rules_engine.schieber.trick_modes import TrickMode, mode_points

__all__ = ["CoiffeurContract", "row_reason"]

TRICKS = 9
DIRECTIONS = ("obenabe", "undenufe")
SEGMENTS = ("trump", "undenufe", "obenabe")
#: C5.3 [reading]: the lexicon's order when none is given.
DEFAULT_ORDER: tuple[str, ...] = SEGMENTS
MISERE_MODES = (*SUITS, "obenabe", "undenufe", "slalom")
_TYPE_KEYS: Mapping[str, tuple[frozenset[str], frozenset[str]]] = {
    # type -> (required keys, optional keys), besides "type"
    "slalom": (frozenset({"start"}), frozenset()),
    "guschti": (frozenset({"start"}), frozenset()),
    "3x3": (frozenset({"trump"}), frozenset({"order"})),
    "misere": (frozenset({"mode"}), frozenset({"start"})),
}
#: The rule each contract's play follows, cited by its card reasons.
PLAY_RULE: Mapping[str, str] = {
    "suit": "C4.1",
    "obenabe": "C4.2",
    "undenufe": "C4.2",
    "slalom": "C5.1",
    "guschti": "C5.2",
    "3x3": "C5.3",
    "misere": "C5.4",
}


@dataclass(frozen=True, slots=True)
class CoiffeurContract:
    """A chosen contract. ``type`` is ``suit`` (``trump`` set), ``obenabe``, ``undenufe``,
    ``slalom``/``guschti`` (``start``), ``3x3`` (``trump``, ``order``) or ``misere``
    (``mode``; ``start`` with mode ``slalom``)."""

    type: str
    trump: str | None = None
    start: str | None = None
    order: tuple[str, ...] | None = None
    mode: str | None = None

    @classmethod
    def parse(cls, raw: object) -> CoiffeurContract:
        """:raises InvalidRecord: not one of the forms of COIFFEUR.md's contract table."""
        if isinstance(raw, str):
            if raw in SUITS:
                return cls("suit", trump=raw)
            if raw in DIRECTIONS:
                return cls(raw)
            raise InvalidRecord(
                f"contract: unknown contract {raw!r} (a suit letter, 'obenabe', 'undenufe', or an object "
                "for slalom, guschti, 3x3 and misere)",
                where="contract",
            )
        if not isinstance(raw, Mapping):
            raise InvalidRecord(f"contract must be a string or an object, not {raw!r}", where="contract")
        kind = raw.get("type")
        if not isinstance(kind, str) or kind not in _TYPE_KEYS:
            raise InvalidRecord(
                f"contract.type: unknown type {kind!r} (use slalom, guschti, 3x3 or misere)",
                where="contract.type",
            )
        required, optional = _TYPE_KEYS[kind]
        keys = set(raw) - {"type"}
        unknown = sorted(keys - required - optional)
        if unknown:
            raise InvalidRecord(
                f"contract: unknown key {unknown[0]!r} for a {kind} contract", where="contract"
            )
        missing = sorted(required - keys)
        if missing:
            raise InvalidRecord(
                f"contract.{missing[0]} is missing for a {kind} contract", where=f"contract.{missing[0]}"
            )
        if kind in ("slalom", "guschti"):
            return cls(kind, start=_direction(raw["start"]))
        if kind == "3x3":
            trump = raw["trump"]
            if trump not in SUITS:
                raise InvalidRecord(
                    f"contract.trump must be a suit letter (D, H, S, C), not {trump!r}",
                    where="contract.trump",
                )
            order = raw.get("order")
            if order is None:
                return cls(kind, trump=trump, order=DEFAULT_ORDER)
            if isinstance(order, (str, bytes)) or not isinstance(order, (list, tuple)) or len(order) != 3:
                raise InvalidRecord(
                    f"contract.order must be a list of three segments, not {order!r}", where="contract.order"
                )
            for item in order:
                if item not in SEGMENTS:
                    raise InvalidRecord(
                        f"contract.order: unknown segment {item!r} (use trump, undenufe, obenabe)",
                        where="contract.order",
                    )
            return cls(kind, trump=trump, order=tuple(order))
        mode = raw["mode"]
        if mode not in MISERE_MODES:
            raise InvalidRecord(
                f"contract.mode must be a suit letter, 'obenabe', 'undenufe' or 'slalom', not {mode!r}",
                where="contract.mode",
            )
        if mode == "slalom":
            if raw.get("start") is None:
                raise InvalidRecord(
                    "contract.start is missing for a Misère in Slalom mode", where="contract.start"
                )
            return cls(kind, mode=mode, start=_direction(raw["start"]))
        if "start" in raw:
            raise InvalidRecord("contract.start is only for a Misère in Slalom mode", where="contract.start")
        return cls(kind, mode=mode)

    @property
    def key(self) -> str:
        """The contract as ``wunsch_contracts`` names it: a suit letter or the type."""
        return self.trump if self.type == "suit" and self.trump is not None else self.type

    @property
    def is_misere(self) -> bool:
        return self.type == "misere"

    @property
    def is_mixed(self) -> bool:
        """Whether its tricks change mode (C5.6): Slalom, Guschti, 3×3, a Misère in Slalom mode."""
        return self.type in MIXED_TYPES or (self.type == "misere" and self.mode == "slalom")

    def to_json(self) -> Any:
        if self.type == "suit":
            return self.trump
        if self.type in DIRECTIONS:
            return self.type
        answer: dict[str, Any] = {"type": self.type}
        if self.type == "3x3":
            answer["trump"] = self.trump
            answer["order"] = list(self.order or DEFAULT_ORDER)
        if self.type == "misere":
            answer["mode"] = self.mode
        if self.start is not None:
            answer["start"] = self.start
        return answer

    def modes(self, options: RuleOptions) -> tuple[TrickMode, ...]:
        """The mode of each of the nine tricks (C4, C5.1-C5.4)."""
        return _modes(self, int(options["guschti_split"]))

    def points(self, options: RuleOptions) -> tuple[Mapping[Card, int], ...]:
        """The card-point table of each trick: the trick's own mode, or under ``mixed_points:
        "opening"`` the first trick's mode for the whole deal (C4.2, C5.6)."""
        modes = self.modes(options)
        undenufe = str(options["undenufe_points"])
        if options["mixed_points"] == "opening":
            return (mode_points(modes[0].key, undenufe),) * TRICKS
        return tuple(mode_points(mode.key, undenufe) for mode in modes)

    def opening_key(self, options: RuleOptions) -> str:
        """The Schieber contract whose card values count under ``opening`` (C5.6)."""
        return self.modes(options)[0].key


def _direction(value: object) -> str:
    if value not in DIRECTIONS:
        raise InvalidRecord(
            f"contract.start must be 'obenabe' or 'undenufe', not {value!r}", where="contract.start"
        )
    return str(value)


def _other(direction: str) -> str:
    return "undenufe" if direction == "obenabe" else "obenabe"


@cache
def _modes(contract: CoiffeurContract, guschti_split: int) -> tuple[TrickMode, ...]:
    kind = contract.type
    if kind == "suit":
        assert contract.trump is not None
        return (TrickMode(contract.trump),) * TRICKS
    if kind in DIRECTIONS:
        return (TrickMode(kind),) * TRICKS
    if kind == "slalom":  # C5.1: odd tricks (1-based) in the start mode
        assert contract.start is not None
        return tuple(
            TrickMode(contract.start if t % 2 == 0 else _other(contract.start)) for t in range(TRICKS)
        )
    if kind == "guschti":  # C5.2
        assert contract.start is not None
        return tuple(
            TrickMode(contract.start if t < guschti_split else _other(contract.start)) for t in range(TRICKS)
        )
    if kind == "3x3":  # C5.3: three segments of three tricks; the Under has no privilege outside trump
        assert contract.trump is not None
        keys = [
            contract.trump if segment == "trump" else segment for segment in contract.order or DEFAULT_ORDER
        ]
        return tuple(TrickMode(keys[t // 3]) for t in range(TRICKS))
    # C5.4: Misère plays its mode unchanged; with trump, a void player may undertrump.
    mode = contract.mode
    assert mode is not None
    if mode == "slalom":
        return _modes(CoiffeurContract("slalom", start=contract.start), guschti_split)
    return (TrickMode(mode, undertrump_when_void=mode in SUITS),) * TRICKS


def row_reason(row: Row, number: int, contract: CoiffeurContract, options: RuleOptions) -> Reason | None:
    """Why ``contract`` may not be played in grid row ``number`` (C9, C2.2, C5), or None."""
    params: dict[str, Any] = {
        "row": number,
        "row_type": row.type,
        "suit": row.suit,
        "factor": row.factor,
        "label": row.label,
        "contract": contract.to_json(),
        "contract_key": contract.key,
    }

    def refuse(code: str, template: str, **more: Any) -> Reason:
        return Reason("C9", code, template, {**params, **more}, field="contract")

    if contract.type == "3x3" and sorted(contract.order or ()) != sorted(SEGMENTS):
        return refuse(
            "order_not_permutation",
            "a 3×3 plays each of trump, undenufe and obenabe once; {order} is not an order of them",
            order=" ".join(contract.order or ()),
        )
    if row.type == "wunsch":
        allowed = options["wunsch_contracts"]
        if allowed != "any" and contract.key not in allowed:
            return refuse(
                "not_a_wunsch_contract",
                "row {row} is a Wunsch row ({label}); {contract_key} is not one of the Wunsch contracts ({allowed})",
                allowed=" ".join(allowed),
            )
    elif row.type == "suit":
        if contract.key != row.suit:
            return refuse("contract_not_row", "row {row} is {suit} ({label}); {contract_key} is not allowed")
    elif contract.type != row.type:
        return refuse("contract_not_row", "row {row} is {label}; {contract_key} is not allowed")
    if contract.is_misere and contract.mode not in options["misere_modes"]:
        return refuse(
            "misere_mode",
            "a Misère in mode {mode} is not allowed; the Misère modes are {modes}",
            mode=contract.mode,
            modes=" ".join(options["misere_modes"]),
        )
    return None

"""Reading JSON records: shape checks that name the offending field.

Everything here raises :class:`InvalidRecord` (exit 2): a record that is not a record.
Rule checks live in the games' modules and produce :class:`Reason` s instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

from rules_engine.cards import CARD_BY_CODE, Card, parse_cards
from rules_engine.errors import InvalidNotation, InvalidRecord
from rules_engine.seats import Seat

T = TypeVar("T")
_MISSING: Any = object()

#: players -> {"1": Seat(1, players), ...}: seats are frozen values, so sharing them is safe.
_PLAIN_SEATS: dict[int, dict[str, Seat]] = {
    players: {str(n): Seat(n, players) for n in range(1, players + 1)} for players in (2, 3, 4)
}
_SEAT_BY_NUMBER: dict[tuple[int, int], Seat] = {
    (seat.number, players): seat for players, seats in _PLAIN_SEATS.items() for seat in seats.values()
}


class Fields:
    """A JSON object being read as a record; every error names ``where`` and the key.

    >>> f = Fields({"forehand": 2}, "deal", allowed={"forehand"})
    >>> f.seat("forehand").number
    2
    """

    def __init__(self, data: object, where: str, allowed: Iterable[str]) -> None:
        if not isinstance(data, Mapping):
            raise InvalidRecord(f"{where} must be a JSON object, not {type(data).__name__}", where=where)
        self.data: Mapping[str, Any] = data
        self.where = where
        allowed_keys = allowed if type(allowed) is frozenset or type(allowed) is set else set(allowed)
        if allowed_keys.issuperset(data):
            return
        unknown = sorted(str(key) for key in data if key not in allowed_keys)
        if unknown:
            raise InvalidRecord(
                f"{where}: unknown field {unknown[0]!r} (known fields: {', '.join(sorted(allowed_keys))})",
                where=f"{where}.{unknown[0]}" if where else unknown[0],
            )

    def name(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def has(self, key: str) -> bool:
        return key in self.data and self.data[key] is not None

    def raw(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def _value(self, key: str, default: Any) -> Any:
        if key in self.data:
            return self.data[key]
        if default is _MISSING:
            raise InvalidRecord(f"{self.name(key)} is missing", where=self.name(key))
        return default

    def integer(
        self,
        key: str,
        default: Any = _MISSING,
        *,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> Any:
        value = self._value(key, default)
        if value is default and key not in self.data:
            return value
        return check_integer(value, self.name(key), minimum=minimum, maximum=maximum)

    def boolean(self, key: str, default: Any = _MISSING) -> Any:
        value = self._value(key, default)
        if value is default and key not in self.data:
            return value
        if not isinstance(value, bool):
            raise InvalidRecord(
                f"{self.name(key)} must be true or false, not {value!r}", where=self.name(key)
            )
        return value

    def choice(self, key: str, choices: Iterable[T], default: Any = _MISSING) -> Any:
        value = self._value(key, default)
        if value is default and key not in self.data:
            return value
        options = list(choices)
        if value not in options:
            shown = ", ".join(repr(str(c)) for c in options)
            raise InvalidRecord(
                f"{self.name(key)}: unknown value {value!r} (use one of {shown})", where=self.name(key)
            )
        return value

    def seat(self, key: str, players: int = 4, default: Any = _MISSING) -> Any:
        value = self._value(key, default)
        if value is None or (value is default and key not in self.data):
            return value
        if type(value) is int:
            seat = _SEAT_BY_NUMBER.get((value, players))
            if seat is not None:
                return seat
        return Seat.parse(value, players, what=self.name(key))

    def cards(self, key: str, default: Any = _MISSING) -> Any:
        value = self._value(key, default)
        if value is None or (value is default and key not in self.data):
            return value
        return parse_cards(value, what=self.name(key))

    def mapping(self, key: str, default: Any = _MISSING) -> Any:
        value = self._value(key, default)
        if value is None or (value is default and key not in self.data):
            return value
        if not isinstance(value, Mapping):
            raise InvalidRecord(
                f"{self.name(key)} must be a JSON object, not {value!r}", where=self.name(key)
            )
        return value

    def sequence(self, key: str, default: Any = _MISSING) -> Any:
        value = self._value(key, default)
        if value is None or (value is default and key not in self.data):
            return value
        if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
            raise InvalidRecord(f"{self.name(key)} must be a JSON list, not {value!r}", where=self.name(key))
        return value


def check_list(raw: object, where: str) -> Sequence[Any]:
    """A record's JSON list (absent: empty).

    :raises InvalidRecord: anything else, a string included.
    """
    if raw is None:
        return []
    if isinstance(raw, (str, bytes)) or not isinstance(raw, Sequence):
        raise InvalidRecord(f"{where} must be a JSON list, not {raw!r}", where=where)
    return raw


def check_integer(value: object, what: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
    """An integer (not a bool, not a float) within bounds, or :class:`InvalidRecord`."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRecord(f"{what} must be a whole number, not {value!r}", where=what)
    if minimum is not None and value < minimum:
        raise InvalidRecord(f"{what} must be at least {minimum}, not {value}", where=what)
    if maximum is not None and value > maximum:
        raise InvalidRecord(f"{what} must be at most {maximum}, not {value}", where=what)
    return value


def per_seat(data: object, players: int, what: str) -> dict[Seat, Any]:
    """Read a per-seat object such as ``{"1": [...], "3": [...]}`` (keys are seat numbers)."""
    if data is None:
        return {}
    if not isinstance(data, Mapping):
        raise InvalidRecord(f"{what} must be a JSON object keyed by seat, not {data!r}", where=what)
    result: dict[Seat, Any] = {}
    plain = _PLAIN_SEATS.get(players)
    for key, value in data.items():
        # Seat keys as JSON writes them ("1".."4") are looked up; anything else is parsed.
        seat = plain.get(key) if plain is not None and type(key) is str else None
        if seat is None:
            seat = Seat.parse(key, players, what=f"{what} key")
        size = len(result)
        result.setdefault(seat, value)
        if len(result) == size:
            raise InvalidRecord(f"{what}: seat {seat} is given twice", where=f"{what}.{seat}")
    return result


def per_seat_cards(data: object, players: int, what: str) -> dict[Seat, tuple[Card, ...]]:
    """A per-seat object whose values are lists of card codes (e.g. ``hands``)."""
    plain = _plain_per_seat_cards(data, players)
    if plain is not None:
        return plain
    return {
        seat: parse_cards(value, what=f"{what}.{seat}")
        for seat, value in per_seat(data, players, what).items()
    }


def _plain_per_seat_cards(data: object, players: int) -> dict[Seat, tuple[Card, ...]] | None:
    """The usual case in one pass: seat keys "1".."N" and lists of canonical codes; else None.

    Then nothing can be wrong (a JSON object cannot repeat a key), so no error order is at
    stake; anything else goes the careful way, which names the first fault.
    """
    seats = _PLAIN_SEATS.get(players)
    if type(data) is not dict or seats is None:
        return None
    lookup = CARD_BY_CODE.__getitem__
    result: dict[Seat, tuple[Card, ...]] = {}
    for key, value in data.items():
        seat = seats.get(key) if type(key) is str else None
        if seat is None or type(value) is not list:
            return None
        try:
            result[seat] = tuple(map(lookup, value))
        except (KeyError, TypeError):
            return None
    return result


def per_seat_card_groups(data: object, players: int, what: str) -> dict[Seat, tuple[tuple[Card, ...], ...]]:
    """A per-seat object whose values are lists of card lists (Weis, melds)."""
    result: dict[Seat, tuple[tuple[Card, ...], ...]] = {}
    for seat, groups in per_seat(data, players, what).items():
        if isinstance(groups, (str, bytes)) or not isinstance(groups, (list, tuple)):
            raise InvalidRecord(
                f"{what}.{seat} must be a list of card lists, not {groups!r}", where=f"{what}.{seat}"
            )
        result[seat] = tuple(_card_group(group, what, seat, index) for index, group in enumerate(groups))
    return result


def _card_group(group: object, what: str, seat: Seat, index: int) -> tuple[Card, ...]:
    if type(group) is list:
        # Canonical codes are looked up; the field name is only written for an error.
        try:
            return tuple(map(CARD_BY_CODE.__getitem__, group))
        except (KeyError, TypeError):
            pass
    return parse_cards(group, what=f"{what}.{seat}[{index}]")


def check_deck(cards: Iterable[Card], deck: Iterable[Card], game: str, what: str) -> None:
    """Reject a card outside the game's deck (a 6 in a deck without sixes) as malformed input."""
    allowed = set(deck)
    for card in cards:
        if card not in allowed:
            raise InvalidNotation(f"{what}: {card} is not a card of the {game} deck", where=what)

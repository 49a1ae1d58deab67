"""What the dispute desk rules, and the helpers every question shares.

Each question of the desk (:mod:`scorer.disputes.card`, ``.trick``, ``.weis``, ``.count``,
``.replay``) takes plain values (card codes, contract keys, seat numbers), asks the rules engine through
the game's desk (``scorer/games/<game>/disputes.py``) and returns a :class:`Ruling`
view-model: a verdict, the rule ids that decide it, translated explanation lines and the
structured data the screen draws. The same view-model feeds the HTML page, the one-page
PDF and the tests.

Input the engine cannot read (an unknown card, a trick that is already full) raises
:class:`Unreadable` with the form field it concerns; a rule break is a ruling, never an
exception. Rulings need an app context (translations).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _

from rules_engine.cards import Card
from rules_engine.errors import InvalidRecord
from rules_engine.seats import Seat


class Unreadable(ValueError):
    """The question cannot be asked as entered; ``field`` is the form field to mark."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass(slots=True)
class Ruling:
    """What the desk rules, ready to draw, print and test."""

    screen: str
    verdict: str
    #: True: allowed / possible / valid; False: not; None: a plain answer (who takes it).
    ok: bool | None
    #: Rule ids cited, the deciding one first.
    rules: list[str] = field(default_factory=list)
    #: The question as asked: (label, value) pairs.
    facts: list[tuple[str, str]] = field(default_factory=list)
    #: The reasoning, one sentence a line.
    lines: list[str] = field(default_factory=list)
    #: Anything else the screen draws (tables of claims, tricks, comparison steps).
    data: dict[str, Any] = field(default_factory=dict)

    def cite(self, rule: str | None) -> None:
        if rule and rule not in self.rules:
            self.rules.append(rule)


def check_seat(field_name: str, seat: int, players: int) -> None:
    """:raises Unreadable: ``seat`` (entered in ``field_name``) has no player at this table."""
    if not 1 <= seat <= players:
        raise Unreadable(
            field_name,
            _("Seat %(seat)s does not play at a table of %(players)s players.", seat=seat, players=players),
        )


def cards(codes: Sequence[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes)


def codes(played: Sequence[Card]) -> list[str]:
    return [str(card) for card in played]


def step_name(name: str) -> str:
    """The name of a comparison step (S6.5, K5.2) as the ruling's table shows it."""
    names = {
        "points": _("points"),
        "cards": _("number of cards"),
        "rank": _("rank of the top card"),
        "trump": _("trump"),
        "play_order": _("play order"),
        "fifty": _("Fifty or Terz"),
        "top": _("top card"),
        "first_declared": _("first declared"),
        "suit_rank": _("suit rank"),
    }
    return names.get(name, name)


def hands_of(record: Mapping[str, Any], players: int) -> dict[Seat, tuple[Card, ...]] | None:
    """The ``hands`` of a record to replay, if it gives them.

    :raises Unreadable: hands that are not each seat's list of cards.
    """
    raw = record.get("hands")
    if not raw:
        return None
    if not isinstance(raw, Mapping):
        raise Unreadable("hands", _("hands must give each seat's cards."))
    hands: dict[Seat, tuple[Card, ...]] = {}
    for key, held in raw.items():
        try:
            hands[Seat.parse(key, players)] = cards(held)
        except (InvalidRecord, TypeError):
            raise Unreadable(
                "hands", _("hands: %(seat)s is not a seat with a list of cards.", seat=str(key))
            ) from None
    return hands


def tricks_of(record: Mapping[str, Any]) -> list[tuple[Card, ...]]:
    """The ``tricks`` of a record to replay.

    :raises Unreadable: no tricks, or tricks that are not lists of card codes.
    """
    raw = record.get("tricks")
    if not raw or not isinstance(raw, Sequence) or isinstance(raw, str):
        raise Unreadable("tricks", _("Enter the tricks, one per line, each card in the order played."))
    try:
        return [cards(trick) for trick in raw]
    except (InvalidRecord, TypeError, AttributeError):
        raise Unreadable("tricks", _("The tricks must be lists of card codes.")) from None


def comparison_table(steps: list[dict[str, Any]], columns: tuple[str, str]) -> dict[str, Any] | None:
    """The Weis comparison (S6.5, K5.2) as the one-page PDF prints it: the screen's table, as lines."""
    if not steps:
        return None
    yes, equal = _("yes"), _("equal")
    return {
        "title": _("The comparison, step by step"),
        "columns": f"{columns[0]}  |  {columns[1]}",
        "rows": [
            f"{s['step']}. {s['name']}: {s['first']} | {s['second']} \u2013 {yes if s['winner'] else equal}"
            for s in steps
        ],
    }

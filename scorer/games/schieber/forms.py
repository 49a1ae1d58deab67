"""Schieber's forms: the set-up of a match and one deal."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Optional, StopValidation

from rules_engine.schieber.contracts import CONTRACT_KEYS
from scorer.games.schieber.record import values as deal_record_values
from scorer.web.display import NATURAL
from scorer.web.forms import (
    DEFAULT_CHOICE,
    NONE,
    SEAT_LABELS,
    SEAT_PAIRS,
    SEATS_4,
    YES_NO,
    KeyedForm,
    NamesMixin,
    VersionedForm,
    add_meld_fields,
    choices,
    numeric,
    optional_int,
)
from scorer.web.posted import ShapeError


class NewSchieberForm(NamesMixin, KeyedForm):
    profile = SelectField(
        _l("Rules profile"),
        choices=choices(
            ("seed", _l("seed (the rule book)")), ("official", _l("official (Swiss regulation)"))
        ),
        default="seed",
    )
    target = optional_int(_l("Target"), minimum=1, maximum=100_000)
    factor_H = optional_int(_l("Factor"), minimum=1, maximum=99)
    factor_D = optional_int(_l("Factor"), minimum=1, maximum=99)
    factor_S = optional_int(_l("Factor"), minimum=1, maximum=99)
    factor_C = optional_int(_l("Factor"), minimum=1, maximum=99)
    factor_obenabe = optional_int(_l("Factor"), minimum=1, maximum=99)
    factor_undenufe = optional_int(_l("Factor"), minimum=1, maximum=99)
    long_runs = SelectField(
        _l("Runs of five and more"),
        default="",
        choices=choices(DEFAULT_CHOICE, ("flat", _l("100 each")), ("graded", _l("graded: 100, 150, 200 …"))),
    )
    four_nines = optional_int(_l("Four 9s"), maximum=1000)
    four_low = optional_int(_l("Four 6s, 7s or 8s"), maximum=1000)
    kreuzweis = SelectField(
        _l("Kreuzweis (a card in a run and a four of a kind)"), choices=YES_NO, default=""
    )
    undenufe_points = SelectField(
        _l("Undenufe card points"),
        default="",
        choices=choices(DEFAULT_CHOICE, ("ace11", _l("Ass 11")), ("six11", _l("6 counts 11"))),
    )
    weis_equal_points = SelectField(
        _l("Weis of equal points"),
        default="",
        choices=choices(
            DEFAULT_CHOICE,
            ("more_cards", _l("more cards win")),
            ("quartet_first", _l("four of a kind first")),
        ),
    )
    deck = SelectField(
        _l("Cards"),
        choices=choices(("swiss", _l("Swiss suits")), ("french", _l("French suits"))),
        default="swiss",
    )
    rosen7 = RadioField(
        _l("Who holds Rosen 7 (forehand of the first deal)"),
        choices=SEAT_LABELS,
        default="1",
        validators=[InputRequired()],
    )


KINDS = [
    NONE,
    ("run3", _l("3 in a row")),
    ("run4", _l("4 in a row")),
    ("run5", _l("5 in a row")),
    ("run6", _l("6 in a row")),
    ("run7", _l("7 in a row")),
    ("run8", _l("8 in a row")),
    ("run9", _l("9 in a row")),
    ("four", _l("four of a kind")),
]


#: TOURNAMENT.md T2.3: a Passe may allow the Slalom; its card points are those of its first
#: trick's mode (C5.6 ``opening``), so that a game entered by its points totals 157 like any other.
SLALOM_CHOICES = choices(
    ("no", _l("not played")),
    ("yes", _l("may be chosen (counts once, card points of its first trick's mode)")),
)


class SchieberDealForm(VersionedForm):
    #: The contract factors in force, shown on the contract buttons (set by the deal views).
    factors: dict[str, int]
    forehand = SelectField(_l("Forehand"), choices=SEATS_4, validators=[InputRequired()])
    contract = RadioField(
        _l("Contract"),
        validators=[InputRequired(message=_l("Choose the contract."))],
        choices=choices(*((k, k) for k in CONTRACT_KEYS)),
    )
    pushed = BooleanField(_l("pushed (geschoben)"))
    team = RadioField(
        _l("Points of"), choices=choices(("1", "1"), ("2", "2")), default="1", validators=[InputRequired()]
    )
    points = IntegerField(_l("Trick points"), validators=[Optional()], render_kw=numeric(id="points"))
    match = BooleanField(_l("Match (all nine tricks)"))
    stoeck = SelectField(_l("Stöck"), choices=choices(NONE, *SEAT_PAIRS), default="")
    reached_first = SelectField(
        _l("Both teams crossed the target by trick points: who reached it first?"),
        choices=choices(NONE, ("1", "1"), ("2", "2")),
        default="",
    )
    #: Weis by value only, per team ("50 20"): the match page's quick entry (weis_values).
    weis_values_1 = StringField(
        _l("Weis of team 1 by value"), render_kw={"autocomplete": "off", "maxlength": 60}
    )
    weis_values_2 = StringField(
        _l("Weis of team 2 by value"), render_kw={"autocomplete": "off", "maxlength": 60}
    )
    weis_best = RadioField(
        _l("Equal best Weis: whose Weis counts?"),
        choices=choices(NONE, ("1", "1"), ("2", "2")),
        default="",
        validators=[Optional()],
    )

    def validate(self, extra_validators: Any = None) -> bool:
        valid: bool = super().validate(extra_validators)
        # Checked here, not as validate_points: Optional() ends the field's checks when it
        # is empty, so an inline check of an empty field never runs.
        if self.points.data is None and not self.match.data and not self.points.errors:
            self.points.errors = [*self.points.errors, str(_l("Enter the trick points, or tick Match."))]
            return False
        return valid

    def validate_weis_values_1(self, field: StringField) -> None:
        _check_values(field)

    def validate_weis_values_2(self, field: StringField) -> None:
        _check_values(field)


def _check_values(field: StringField) -> None:
    try:
        # The record builder's reading (scorer/games/schieber/record.py), its message translated here.
        deal_record_values(field.name, field.data)
    except ShapeError:
        raise StopValidation(
            str(_l("Write the Weis as their values, such as 50 20 (each one Weis)."))
        ) from None


# The Weis suits in the order of the trump contracts (the first four contract keys are the suits).
add_meld_fields(SchieberDealForm, "weis", KINDS, CONTRACT_KEYS[:4], NATURAL)

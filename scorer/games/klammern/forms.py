"""Klammern's forms: the set-up of a match and one deal."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Optional, StopValidation

from scorer.games.klammern.record import values as deal_record_values
from scorer.web.display import NATURAL
from scorer.web.forms import (
    NONE,
    SEAT_LABELS,
    SEAT_PAIRS,
    SEATS_4,
    KeyedForm,
    NamesMixin,
    VersionedForm,
    add_meld_fields,
    choices,
    native,
    numeric,
    optional_int,
)
from scorer.web.posted import ShapeError

#: The scoring formats (K9) as a player names them, on the new-match form and the pad page.
FORMAT_CHOICES = choices(
    ("small_big", _l("small and big points")),
    ("liga", _l("Liga (Augen)")),
    ("hamburg", _l("Hamburg dice")),
)

#: The pad page's word on its names (K1.4).
PAD_NOTE = _l("Team names are for four players; with two or three Klammern players each player scores alone.")


class NewKlammernForm(NamesMixin, KeyedForm):
    players = RadioField(
        _l("Players"),
        choices=choices(("4", native("4")), ("3", native("3")), ("2", native("2"))),
        default="4",
        validators=[InputRequired()],
    )
    format = RadioField(
        _l("Scoring"), default="small_big", validators=[InputRequired()], choices=FORMAT_CHOICES
    )
    target = optional_int(_l("Liga target (Augen)"), minimum=1, maximum=10_000)
    target_big = optional_int(_l("Big points to win (empty: open-ended)"), minimum=1, maximum=1000)
    jappa_total = SelectField(
        _l("Trump J"),
        default="",
        choices=choices(("", _l("2 + 20 (164 a deal)")), ("yes", _l("20 outright (162 a deal)"))),
    )
    meld_tiebreak = SelectField(
        _l("Equal melds"),
        default="",
        choices=choices(("", _l("first declared wins")), ("suit_rank", _l("higher suit wins"))),
    )
    revoke = SelectField(
        _l("Revoke"),
        default="",
        choices=choices(
            ("", _l("the side that had secured the deal keeps it")),
            ("clean_side_all", _l("the clean side wins every point")),
        ),
    )
    first_dealer = RadioField(
        _l("Who deals first"), choices=SEAT_LABELS, default="4", validators=[InputRequired()]
    )


KINDS = [
    NONE,
    ("run3", _l("Terz")),
    ("run4", _l("Fifty (4)")),
    ("run5", _l("Fifty (5)")),
    ("run6", _l("Fifty (6)")),
    ("run7", _l("Fifty (7)")),
    ("run8", _l("Fifty (8)")),
]


class KlammernDealForm(VersionedForm):
    forehand = SelectField(_l("Forehand"), choices=SEATS_4, validators=[InputRequired()])
    trump = RadioField(
        _l("Trump"),
        choices=choices(*((s, s) for s in ("C", "S", "H", "D"))),
        validators=[InputRequired(message=_l("Choose the trump suit."))],
    )
    how = RadioField(
        _l("Trump made by"),
        default="orgi",
        validators=[InputRequired()],
        choices=choices(
            ("orgi", _l("Orgi (turned-up suit)")), ("kleines", _l("Kleines")), ("besser", _l("Besser"))
        ),
    )
    declarer = SelectField(_l("Declarer"), choices=SEATS_4, validators=[InputRequired()])
    bella = SelectField(_l("Bella"), choices=choices(NONE, *SEAT_PAIRS), default="")
    kontra = BooleanField(_l("Kontra"))
    re = BooleanField(_l("Re"))
    team = RadioField(_l("Card points of"), choices=choices(("1", "1"), ("2", "2")), default="1")
    points = IntegerField(_l("Card points"), validators=[Optional()], render_kw=numeric(id="points"))
    side_1 = IntegerField(_l("Card points"), validators=[Optional()], render_kw=numeric())
    side_2 = IntegerField(_l("Card points"), validators=[Optional()], render_kw=numeric())
    side_3 = IntegerField(_l("Card points"), validators=[Optional()], render_kw=numeric())
    revoke_seat = SelectField(_l("Revoke by"), choices=choices(NONE, *SEAT_PAIRS), default="")
    revoke_1 = IntegerField(_l("Card points at the revoke"), validators=[Optional()], render_kw=numeric())
    revoke_2 = IntegerField(_l("Card points at the revoke"), validators=[Optional()], render_kw=numeric())
    revoke_3 = IntegerField(_l("Card points at the revoke"), validators=[Optional()], render_kw=numeric())
    durchmarsch = SelectField(_l("Durchmarsch announced by"), choices=choices(NONE, *SEAT_PAIRS), default="")
    all_tricks = BooleanField(_l("the march took every trick"))
    #: Melds by value only, per side ("50 20"): the match page's quick entry (meld_values).
    meld_values_1 = StringField(_l("Melds by value"), render_kw={"autocomplete": "off", "maxlength": 60})
    meld_values_2 = StringField(_l("Melds by value"), render_kw={"autocomplete": "off", "maxlength": 60})
    meld_values_3 = StringField(_l("Melds by value"), render_kw={"autocomplete": "off", "maxlength": 60})
    meld_best = RadioField(
        _l("Equal best melds: whose melds count?"),
        choices=choices(NONE, ("1", "1"), ("2", "2"), ("3", "3")),
        default="",
        validators=[Optional()],
    )

    def validate_meld_values_1(self, field: StringField) -> None:
        _check_values(field)

    def validate_meld_values_2(self, field: StringField) -> None:
        _check_values(field)

    def validate_meld_values_3(self, field: StringField) -> None:
        _check_values(field)


def _check_values(field: Any) -> None:
    try:
        # The record builder's reading (scorer/games/klammern/record.py), its message translated here.
        deal_record_values(field.name, field.data)
    except ShapeError:
        raise StopValidation(
            str(_l("Write the melds as their values, such as 50 20 (each one meld: a Terz 20, a Fifty 50)."))
        ) from None


# Klammern's deck starts at the 7 and has no four of a kind among its melds (K5.1): a Terz
# and a Fifty as the example.
add_meld_fields(
    KlammernDealForm, "melds", KINDS, ("C", "S", "H", "D"), NATURAL[1:], example="H7 H8 H9; CT CJ CQ CK"
)

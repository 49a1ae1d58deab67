"""Differenzler's forms: the set-up of a Partie and one deal (estimates first, then the points)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, IntegerField, PasswordField, RadioField, SelectField
from wtforms.validators import InputRequired, Optional
from wtforms.widgets import PasswordInput

from scorer.web.forms import (
    NONE,
    SEAT_LABELS,
    SEAT_PAIRS,
    SEATS_4,
    KeyedForm,
    NamesMixin,
    VersionedForm,
    choices,
    numeric,
)


class NewDifferenzlerForm(NamesMixin, KeyedForm):
    players = RadioField(
        _l("Players"), choices=choices(("4", "4"), ("3", "3")), default="4", validators=[InputRequired()]
    )
    deal_count = RadioField(
        _l("Deals"),
        choices=choices(("16", "16"), ("12", "12"), ("8", "8")),
        default="16",
        validators=[InputRequired()],
    )
    form = RadioField(
        _l("Estimates"),
        default="hidden",
        validators=[InputRequired()],
        choices=choices(("hidden", _l("hidden (on slips)")), ("open", _l("open (announced in turn)"))),
    )
    first_forehand = RadioField(
        _l("Forehand of the first deal"), choices=SEAT_LABELS, default="1", validators=[InputRequired()]
    )
    exact_bonus = IntegerField(
        _l("Credit for an exact hit"), validators=[Optional()], render_kw=numeric(placeholder="10")
    )
    zero_exact = SelectField(
        _l("An exact 0"),
        default="",
        choices=choices(
            ("", _l("earns no credit")),
            ("needs_zero_trick", _l("earns it with a trick won")),
            ("always", _l("earns it like any hit")),
        ),
    )
    penalty_points = IntegerField(_l("Penalty"), validators=[Optional()], render_kw=numeric(placeholder="20"))
    stoeck = SelectField(
        _l("Stöck"),
        default="",
        choices=choices(
            ("", _l("do not count")), ("counted", _l("count 20")), ("holder_choice", _l("the holder chooses"))
        ),
    )
    dealer_credit = BooleanField(_l("Dealer credit (open estimates)"))
    modes = SelectField(
        _l("Trump"),
        default="",
        choices=choices(("", _l("always a suit")), ("all", _l("also Obenabe and Undenufe"))),
    )
    tie = SelectField(
        _l("Equal totals"),
        default="",
        choices=choices(("", _l("share the rank")), ("exact_hits", _l("more exact hits rank higher"))),
    )


def _estimate() -> PasswordField:
    # Masked on the table's screen while the estimates are typed (D3.3); kept on a refused form.
    return PasswordField(
        _l("Estimate"),
        validators=[Optional()],
        widget=PasswordInput(hide_value=False),
        # numeric() makes a text field (for Persian digits): this one stays masked.
        render_kw=numeric(type="password", autocomplete="off"),
    )


def _points() -> IntegerField:
    return IntegerField(_l("Card points"), validators=[Optional()], render_kw=numeric())


def _tricks() -> IntegerField:
    return IntegerField(_l("Tricks won"), validators=[Optional()], render_kw=numeric())


def _penalty() -> IntegerField:
    return IntegerField(_l("Penalties"), validators=[Optional()], render_kw=numeric())


class DifferenzlerDealForm(VersionedForm):
    forehand = SelectField(_l("Forehand"), choices=SEATS_4, validators=[InputRequired()])
    trump = RadioField(_l("Trump"), validators=[Optional()])
    estimate_1 = _estimate()
    estimate_2 = _estimate()
    estimate_3 = _estimate()
    estimate_4 = _estimate()
    points_1 = _points()
    points_2 = _points()
    points_3 = _points()
    points_4 = _points()
    #: D6.3 ``needs_zero_trick``: whether an exact 0 won a trick decides its credit.
    tricks_1 = _tricks()
    tricks_2 = _tricks()
    tricks_3 = _tricks()
    tricks_4 = _tricks()
    penalty_1 = _penalty()
    penalty_2 = _penalty()
    penalty_3 = _penalty()
    penalty_4 = _penalty()
    stoeck = SelectField(_l("Stöck"), choices=choices(NONE, *SEAT_PAIRS), default="")
    stoeck_counted = BooleanField(_l("the holder adds the Stöck"))
    void = BooleanField(_l("void deal (replayed; only the penalties count)"))

"""The Passe's set-up form: how many games, and the tournament profile or the table's own options."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import IntegerField, RadioField, SelectField
from wtforms.validators import InputRequired, NumberRange

from scorer.games.schieber.forms import SLALOM_CHOICES, NewSchieberForm
from scorer.web.forms import SEAT_LABELS, KeyedForm, NamesMixin, choices, native, numeric, optional_int


class NewPasseForm(NamesMixin, KeyedForm):
    games_per_passe = IntegerField(
        _l("Games per Passe"),
        default=12,
        validators=[InputRequired(), NumberRange(min=1, max=48)],
        render_kw=numeric(),
    )
    rules = RadioField(
        _l("Rules"),
        choices=choices(
            ("tournament", _l("tournament profile (no Weis, no Stöck, Match 157)")),
            ("own", _l("the table's own options")),
        ),
        default="tournament",
        validators=[InputRequired()],
    )
    match_value = SelectField(
        _l("A Match counts"),
        choices=choices(
            ("157", native("157")), ("207", native("207 (157 + 50)")), ("257", native("257 (157 + 100)"))
        ),
        default="157",
    )
    weis = SelectField(_l("Weis"), choices=choices(("no", _l("no")), ("yes", _l("yes"))), default="no")
    stoeck = SelectField(_l("Stöck"), choices=choices(("no", _l("no")), ("yes", _l("yes"))), default="no")
    slalom = SelectField(_l("Slalom"), choices=SLALOM_CHOICES, default="no")
    factor_H = optional_int(_l("Factor"), minimum=1, maximum=99)
    factor_D = optional_int(_l("Factor"), minimum=1, maximum=99)
    factor_S = optional_int(_l("Factor"), minimum=1, maximum=99)
    factor_C = optional_int(_l("Factor"), minimum=1, maximum=99)
    factor_obenabe = optional_int(_l("Factor"), minimum=1, maximum=99)
    factor_undenufe = optional_int(_l("Factor"), minimum=1, maximum=99)
    deck = NewSchieberForm.deck
    rosen7 = RadioField(
        _l("Who holds Rosen 7 (forehand of the first game)"),
        choices=SEAT_LABELS,
        default="1",
        validators=[InputRequired()],
    )

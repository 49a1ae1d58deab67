"""Coiffeur's forms: the set-up of a game (its grid and options) and one entry (a deal or a scratch)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import IntegerField, RadioField, SelectField, StringField, TextAreaField
from wtforms.validators import InputRequired, Optional

from scorer.games.coiffeur.record import ORDERS
from scorer.web.forms import (
    NONE,
    SEAT_LABELS,
    SEATS_4,
    KeyedForm,
    NamesMixin,
    VersionedForm,
    choices,
    numeric,
    optional_int,
)

#: C2.3's presets, and a grid of the table's own rows.
GRIDS = ("official8", "ten", "jasstafel11", "twelve", "six")


class NewCoiffeurForm(NamesMixin, KeyedForm):
    team_name_1 = StringField(
        _l("Team 1 (seats 1 and 3)"), validators=[Optional()], render_kw={"maxlength": 40}
    )
    team_name_2 = StringField(
        _l("Team 2 (seats 2 and 4)"), validators=[Optional()], render_kw={"maxlength": 40}
    )
    grid = RadioField(
        _l("Grid"),
        default="official8",
        validators=[InputRequired()],
        choices=choices(
            ("official8", _l("official, 8 rows")),
            ("ten", _l("10 rows (with Slalom and Guschti)")),
            ("jasstafel11", _l("11 rows")),
            ("twelve", _l("12 rows")),
            ("six", _l("6 rows")),
            ("custom", _l("own rows")),
        ),
    )
    rows = TextAreaField(
        _l("Own rows (type × factor, one a line or comma-separated)"),
        validators=[Optional()],
        render_kw={"rows": 4, "placeholder": "D×1, H×2, S×3, C×4, obenabe×5, undenufe×6, misere×1, 3x3×4"},
    )
    deck = SelectField(
        _l("Cards"),
        choices=choices(("swiss", _l("Swiss suits")), ("french", _l("French suits"))),
        default="swiss",
    )
    first_forehand = RadioField(
        _l("Forehand of the first deal"), choices=SEAT_LABELS, default="1", validators=[InputRequired()]
    )
    push = SelectField(
        _l("Pushing"),
        default="",
        choices=choices(
            ("", _l("round the table (to the next player)")), ("partner", _l("once, to the partner"))
        ),
    )
    undenufe_points = SelectField(
        _l("Undenufe card points"),
        default="",
        choices=choices(("", _l("6 counts 11")), ("ace11", _l("Ass 11"))),
    )
    guschti_split = SelectField(
        _l("Guschti"),
        default="",
        choices=choices(("", _l("5 tricks, then 4")), ("4", _l("4 tricks, then 5"))),
    )
    mixed_points = SelectField(
        _l("Card points of Slalom, Guschti and 3×3"),
        default="",
        choices=choices(("", _l("the opening trick's mode")), ("per_trick", _l("each trick's own mode"))),
    )
    wunsch_contracts = SelectField(
        _l("A Wunsch row may be"),
        default="",
        choices=choices(("", _l("a suit, Obenabe or Undenufe")), ("any", _l("any contract"))),
    )
    misere_suits = SelectField(
        _l("Misère modes"),
        default="",
        choices=choices(("", _l("Obenabe, Undenufe, Slalom")), ("yes", _l("also a trump suit"))),
    )
    match_value = optional_int(_l("Match value"), minimum=157, maximum=10_000)
    match_bonus = SelectField(
        _l("Match bonus"),
        default="",
        choices=choices(
            ("", _l("257 times the factor")), ("flat", _l("157 times the factor, and a flat bonus"))
        ),
    )
    match_bonus_points = optional_int(_l("Flat Match bonus"), maximum=10_000)
    konter = SelectField(
        _l("Konter-Match"),
        default="",
        choices=choices(
            ("", _l("the cell is 0")),
            ("penalty", _l("a penalty in the cell")),
            ("award", _l("an award to the other team")),
        ),
    )
    konter_penalty = optional_int(_l("Konter-Match penalty"), maximum=10_000)
    konter_award = optional_int(_l("Konter-Match award"), maximum=10_000)
    rounding = SelectField(
        _l("Rounding"), default="", choices=choices(("", _l("none")), ("tens", _l("in tens")))
    )
    opponents_score = SelectField(
        _l("A lost contract"),
        default="",
        choices=choices(("", _l("the opponents write nothing")), ("lost", _l("the opponents are credited"))),
    )


#: What a Misère, Slalom or Guschti opens with.
STARTS = choices(("obenabe", _l("Obenabe")), ("undenufe", _l("Undenufe")))


class CoiffeurDealForm(VersionedForm):
    kind = RadioField(
        _l("Entry"),
        default="deal",
        validators=[InputRequired()],
        choices=choices(("deal", _l("a deal")), ("scratch", _l("a scratch (the cell is struck with 0)"))),
    )
    # Not required: a scratch has no forehand; a deal without one is refused when read.
    forehand = SelectField(_l("Forehand"), choices=SEATS_4, validators=[Optional()])
    chooser = RadioField(_l("Who chose"), choices=SEATS_4, validators=[Optional()])
    pushes = SelectField(
        _l("Passes (empty: from who chose)"),
        default="",
        choices=choices(NONE, *((str(n), str(n)) for n in range(8))),
    )
    row = RadioField(_l("Row"), validators=[InputRequired(message=_l("Choose the row."))])
    contract = RadioField(_l("Contract"), validators=[Optional()])
    start = RadioField(_l("First trick"), choices=STARTS, default="obenabe", validators=[Optional()])
    trump = RadioField(_l("Trump of the 3×3"), validators=[Optional()])
    order = SelectField(_l("Order of the 3×3"), default=ORDERS[0], choices=choices(*((o, o) for o in ORDERS)))
    mode = RadioField(_l("Misère mode"), validators=[Optional()])
    result = RadioField(
        _l("Result"),
        default="points",
        validators=[Optional()],
        choices=choices(
            ("points", _l("trick points")),
            ("match", _l("Match")),
            ("konter", _l("Konter-Match")),
        ),
    )
    team = RadioField(_l("Trick points of"), choices=choices(("1", "1"), ("2", "2")), default="1")
    points = IntegerField(_l("Trick points"), validators=[Optional()], render_kw=numeric(id="points"))
    scratch_team = RadioField(_l("Struck cell of"), choices=choices(("1", "1"), ("2", "2")), default="1")
    reason = StringField(_l("Why"), validators=[Optional()], render_kw={"maxlength": 200})

"""Forms check shape; the engine adjudicates (STYLE.md practice 11).

One base form: CSRF (Flask-WTF), surrounding whitespace stripped from every text, labels
translated lazily. Choices that name players are filled per match by the views.
"""

from __future__ import annotations

import uuid
from functools import lru_cache
from typing import Any

from babel import Locale
from babel.support import Translations
from flask import current_app, flash, request
from flask_babel import gettext, lazy_pgettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from flask_wtf.form import _Auto
from wtforms import (
    BooleanField,
    HiddenField,
    IntegerField,
    PasswordField,
    RadioField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.i18n import messages_path
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional, ValidationError

from rules_engine import limits
from scorer.web import i18n
from scorer.web.display import NATURAL

#: A player's name as a sheet prints it: longer ones are refused on the server too.
NAME_LENGTH = Length(max=40)
#: Typed Weis or melds of one seat ("H6 H7 H8; CJ DJ HJ SJ"): every Weis nine cards can declare
#: written out, with room to spare.
TYPED_CARDS_LENGTH = 200


def _strip(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


@lru_cache(maxsize=16)
def wtforms_catalog(lang: str) -> Translations:
    """WTForms' own messages ("Not a valid integer value.") in ``lang``, read once.

    Flask-WTF reads the catalog file again on every request; on a busy evening that was
    half a millisecond of every form page (bench/load.py).
    """
    return Translations.load(messages_path(), [Locale.parse(lang)], domain="wtforms")


class BaseForm(FlaskForm):
    """Every form of the app: CSRF on, whitespace stripped."""

    class Meta:
        def bind_field(self, form: Any, unbound_field: Any, options: dict[str, Any]) -> Any:
            filters = list(unbound_field.kwargs.get("filters", []))
            filters.append(_strip)
            return unbound_field.bind(form=form, filters=filters, **options)

        def wrap_formdata(self, form: Any, formdata: Any) -> Any:
            # Flask-WTF would read a JSON body as the form, and a JSON list or number
            # crashes it; these are HTML forms (JSON goes to /api/v1), so JSON is no data.
            if formdata is _Auto and request.is_json and not request.form and not request.files:
                return None
            return super().wrap_formdata(form, formdata)

        def get_translations(self, form: Any) -> Any:
            if not current_app.config.get("WTF_I18N_ENABLED", True):
                return None
            return wtforms_catalog(i18n.current())

    def validate(self, extra_validators: Any = None) -> bool:
        valid = super().validate(extra_validators)
        for field in self:
            # A text's length limit is the server's too, not only the browser's: a typed list
            # of cards or a name is checked before anything reads it.
            most = (field.render_kw or {}).get("maxlength")
            if isinstance(most, int) and isinstance(field.data, str) and len(field.data) > most:
                valid = False
                if not field.errors:
                    try:
                        Length(max=most)(self, field)
                    except ValidationError as problem:
                        field.errors = [*field.errors, str(problem)]
        csrf_field = getattr(self, "csrf_token", None)
        if csrf_field is not None and csrf_field.errors:
            # The page shows no CSRF field: say why nothing was saved (a tablet left open
            # past the token's lifetime, a server with a new key). The page comes back
            # with a fresh token, so sending it again works.
            flash(gettext("This page was open too long and has been renewed: please send it again."), "error")
        return valid


def numeric(**kwargs: Any) -> dict[str, Any]:
    """Render kwargs for a number the tablet should type with its numeric keypad."""
    return {"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off", **kwargs}


def optional_int(label: Any, *, minimum: int = 0, maximum: int = 100_000) -> IntegerField:
    return IntegerField(
        label, validators=[Optional(), NumberRange(min=minimum, max=maximum)], render_kw=numeric()
    )


def choices(*pairs: tuple[str, Any]) -> list[SelectChoice]:
    """Select/radio options from (value, label) pairs; labels may be lazy translations."""
    return [SelectChoice(value, label) for value, label in pairs]


SEAT_PAIRS = [(str(n), str(n)) for n in range(1, 5)]
SEATS_4 = choices(*SEAT_PAIRS)
#: For the set-up, where the names are typed on the same page: "Seat 1" … "Seat 4".
SEAT_LABELS = choices(*((str(n), lazy_pgettext("seat", "Seat %(n)s", n=n)) for n in range(1, 5)))
NONE = ("", "\u2014")
DEFAULT_CHOICE = ("", _l("as the profile says"))
YES_NO = choices(DEFAULT_CHOICE, ("yes", _l("yes")), ("no", _l("no")))


# --- new match ---------------------------------------------------------------------------


class NamesMixin:
    name_1 = StringField(_l("Player at seat 1"), validators=[Optional(), NAME_LENGTH], render_kw={"maxlength": 40})
    name_2 = StringField(_l("Player at seat 2"), validators=[Optional(), NAME_LENGTH], render_kw={"maxlength": 40})
    name_3 = StringField(_l("Player at seat 3"), validators=[Optional(), NAME_LENGTH], render_kw={"maxlength": 40})
    name_4 = StringField(_l("Player at seat 4"), validators=[Optional(), NAME_LENGTH], render_kw={"maxlength": 40})


class KeyedForm(BaseForm):
    """A form that creates something: its key makes a double tap create it once."""

    idem = HiddenField()

    def fresh_key(self) -> None:
        if not self.idem.data:
            self.idem.data = uuid.uuid4().hex


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


class NewKlammernForm(NamesMixin, KeyedForm):
    players = RadioField(
        _l("Players"),
        choices=choices(("4", "4"), ("3", "3"), ("2", "2")),
        default="4",
        validators=[InputRequired()],
    )
    format = RadioField(
        _l("Scoring"),
        default="small_big",
        validators=[InputRequired()],
        choices=choices(
            ("small_big", _l("small and big points")),
            ("liga", _l("Liga (Augen)")),
            ("hamburg", _l("Hamburg dice")),
        ),
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


class ImportForm(KeyedForm):
    file = FileField(_l("Match record file (JSON)"))
    text = TextAreaField(
        _l("or paste the match record"),
        validators=[Optional()],
        render_kw={"rows": 8, "maxlength": limits.MAX_RECORD_BYTES},
    )
    name_1 = StringField(_l("Player at seat 1"), validators=[Optional(), NAME_LENGTH], render_kw={"maxlength": 40})
    name_2 = StringField(_l("Player at seat 2"), validators=[Optional(), NAME_LENGTH], render_kw={"maxlength": 40})
    name_3 = StringField(_l("Player at seat 3"), validators=[Optional(), NAME_LENGTH], render_kw={"maxlength": 40})
    name_4 = StringField(_l("Player at seat 4"), validators=[Optional(), NAME_LENGTH], render_kw={"maxlength": 40})
    deck = SelectField(
        _l("Cards"),
        choices=choices(("swiss", _l("Swiss suits")), ("french", _l("French suits"))),
        default="swiss",
    )


# --- deals -------------------------------------------------------------------------------


class VersionedForm(KeyedForm):
    """A form that changes the log: it carries the version it was shown at and a fresh key."""

    version = HiddenField(validators=[InputRequired()])


class UndoForm(VersionedForm):
    pass


# --- access (issue 8) --------------------------------------------------------------------------


class AdminLoginForm(BaseForm):
    password = PasswordField(
        _l("Administrator password"),
        validators=[DataRequired()],
        render_kw={"autocomplete": "current-password"},
    )


class AdminLogoutForm(BaseForm):
    pass


class VoidForm(VersionedForm):
    confirm = BooleanField(
        _l("Yes, void this match"), validators=[DataRequired(message=_l("Tick the box to void the match."))]
    )


WEIS_KINDS = [
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
MELD_KINDS = [
    NONE,
    ("run3", _l("Terz")),
    ("run4", _l("Fifty (4)")),
    ("run5", _l("Fifty (5)")),
    ("run6", _l("Fifty (6)")),
    ("run7", _l("Fifty (7)")),
    ("run8", _l("Fifty (8)")),
]
SLOTS = (1, 2)


class SchieberDealForm(VersionedForm):
    forehand = SelectField(_l("Forehand"), choices=SEATS_4, validators=[InputRequired()])
    contract = RadioField(
        _l("Contract"),
        validators=[InputRequired(message=_l("Choose the contract."))],
        choices=choices(*((k, k) for k in ("H", "D", "S", "C", "obenabe", "undenufe"))),
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

    def validate_points(self, field: IntegerField) -> None:
        if field.data is None and not self.match.data:
            from wtforms.validators import StopValidation

            raise StopValidation(str(_l("Enter the trick points, or tick Match.")))


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


def _add_meld_fields(
    form_class: type[BaseForm], prefix: str, kinds: list[Any], suits: tuple[str, ...], ranks: tuple[str, ...]
) -> None:
    for seat in range(1, 5):
        for slot in SLOTS:
            setattr(
                form_class,
                f"{prefix}_{seat}_{slot}_kind",
                SelectField(_l("Kind"), choices=choices(*kinds), default=""),
            )
            setattr(
                form_class,
                f"{prefix}_{seat}_{slot}_suit",
                SelectField(_l("Suit"), choices=choices(NONE, *((s, s) for s in suits)), default=""),
            )
            setattr(
                form_class,
                f"{prefix}_{seat}_{slot}_top",
                SelectField(
                    _l("Top card"), choices=choices(NONE, *((r, r) for r in reversed(ranks))), default=""
                ),
            )
        setattr(
            form_class,
            f"{prefix}_{seat}_cards",
            StringField(
                _l("or the cards"),
                # Checked here, not only by the browser: the engine's own limit on Weis per
                # seat (rules_engine.limits) answers longer lists, this their typing.
                validators=[Optional(), Length(max=TYPED_CARDS_LENGTH)],
                render_kw={
                    "placeholder": "H6 H7 H8; CJ DJ HJ SJ",
                    "autocapitalize": "characters",
                    "maxlength": TYPED_CARDS_LENGTH,
                },
            ),
        )


_add_meld_fields(SchieberDealForm, "weis", WEIS_KINDS, ("H", "D", "S", "C"), NATURAL)
_add_meld_fields(KlammernDealForm, "melds", MELD_KINDS, ("C", "S", "H", "D"), NATURAL[1:])

"""Forms check shape; the engine adjudicates (STYLE.md practice 11).

One base form: CSRF (Flask-WTF), surrounding whitespace stripped from every text, labels
translated lazily. Choices that name players are filled per match by the views.
"""

from __future__ import annotations

import uuid
from collections.abc import MutableMapping
from functools import lru_cache
from typing import Any

from babel import Locale
from babel.support import NullTranslations, Translations
from flask import current_app, flash, request
from flask_babel import gettext, lazy_pgettext
from flask_babel import lazy_gettext as _l
from flask_babel.speaklater import LazyString
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from flask_wtf.form import _Auto
from wtforms import (
    BooleanField,
    HiddenField,
    IntegerField,
    PasswordField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # WTForms 3.3's, newer than its stubs
from wtforms.i18n import messages_path
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional, ValidationError

from rules_engine import limits
from scorer.web import i18n
from scorer.web.posted import MELD_SLOTS as SLOTS
from scorer.web.posted import TYPED_CARDS_LENGTH as TYPED_CARDS_LENGTH

#: A player's name as a sheet prints it: longer ones are refused on the server too.
NAME_LENGTH = Length(max=40)
#: Typed Weis or melds of one seat ("H6 H7 H8; CJ DJ HJ SJ"): every Weis nine cards can declare
#: written out, with room to spare.


def _strip(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


@lru_cache(maxsize=16)
def wtforms_catalog(lang: str) -> NullTranslations:
    """WTForms' own messages ("Not a valid integer value.") in ``lang``, read once.

    Flask-WTF reads the catalog file again on every request, a cost every form page would
    pay (bench/app.py measures a deal's CPU).
    """
    return Translations.load(messages_path(), [Locale.parse(lang)], domain="wtforms")


class BaseForm(FlaskForm):
    """Every form of the app: CSRF on, whitespace stripped."""

    # Flask-WTF's Meta as a base only for the type checker's sake: WTForms builds each form's
    # Meta from every Meta in the form's classes, in the same order either way.
    class Meta(FlaskForm.Meta):
        def bind_field(self, form: Any, unbound_field: Any, options: MutableMapping[str, Any]) -> Any:
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
            if (
                isinstance(field, StringField)
                and isinstance(most, int)
                and isinstance(field.data, str)
                and len(field.data) > most
            ):
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
    """Render kwargs for a number the tablet should type with its numeric keypad.

    A text field, not ``type=number``: that one holds Latin digits only, so a Persian page's
    number pad (whose keys show Persian digits) could not type what it shows. The form reads
    Persian and Arabic-Indic digits as numbers (Python's ``int`` does).
    """
    return {
        "type": "text",
        "inputmode": "numeric",
        "pattern": "[0-9\u06f0-\u06f9\u0660-\u0669]*",
        "autocomplete": "off",
        **kwargs,
    }


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
def native(text: str) -> LazyString:
    """``text`` with the reader's digits (Persian in ``fa``), worked out when it is shown."""
    return LazyString(i18n.native_digits, text)


SEAT_LABELS = choices(*((str(n), lazy_pgettext("seat", "Seat %(n)s", n=native(str(n)))) for n in range(1, 5)))
NONE = ("", "\u2014")
DEFAULT_CHOICE = ("", _l("as the profile says"))
YES_NO = choices(DEFAULT_CHOICE, ("yes", _l("yes")), ("no", _l("no")))


# --- new match ---------------------------------------------------------------------------


class NamesMixin:
    name_1 = StringField(
        _l("Player at seat 1"), validators=[Optional(), NAME_LENGTH], render_kw={"maxlength": 40}
    )
    name_2 = StringField(
        _l("Player at seat 2"), validators=[Optional(), NAME_LENGTH], render_kw={"maxlength": 40}
    )
    name_3 = StringField(
        _l("Player at seat 3"), validators=[Optional(), NAME_LENGTH], render_kw={"maxlength": 40}
    )
    name_4 = StringField(
        _l("Player at seat 4"), validators=[Optional(), NAME_LENGTH], render_kw={"maxlength": 40}
    )


class KeyedForm(BaseForm):
    """A form that creates something: its key makes a double tap create it once."""

    idem = HiddenField()

    def fresh_key(self) -> None:
        if not self.idem.data:
            self.idem.data = uuid.uuid4().hex


class ImportForm(KeyedForm):
    file = FileField(_l("Match record file (JSON)"))
    text = TextAreaField(
        _l("or paste the match record"),
        validators=[Optional()],
        render_kw={"rows": 8, "maxlength": limits.MAX_RECORD_BYTES},
    )
    name_1 = StringField(
        _l("Player at seat 1"), validators=[Optional(), NAME_LENGTH], render_kw={"maxlength": 40}
    )
    name_2 = StringField(
        _l("Player at seat 2"), validators=[Optional(), NAME_LENGTH], render_kw={"maxlength": 40}
    )
    name_3 = StringField(
        _l("Player at seat 3"), validators=[Optional(), NAME_LENGTH], render_kw={"maxlength": 40}
    )
    name_4 = StringField(
        _l("Player at seat 4"), validators=[Optional(), NAME_LENGTH], render_kw={"maxlength": 40}
    )
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


# --- access ------------------------------------------------------------------------------


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


def add_meld_fields(
    form_class: type[BaseForm],
    prefix: str,
    kinds: list[Any],
    suits: tuple[str, ...],
    ranks: tuple[str, ...],
    example: str = "H6 H7 H8; CJ DJ HJ SJ",
) -> None:
    """A deal form's quick-meld selects (two per seat) and typed cards, ``{prefix}_{seat}_…``;
    ``example``: melds of the game's own deck, shown in the empty card field."""
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
                    "placeholder": example,
                    "autocapitalize": "characters",
                    "maxlength": TYPED_CARDS_LENGTH,
                },
            ),
        )

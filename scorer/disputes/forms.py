"""The dispute desk's forms. Questions are GET forms (a ruling's link reproduces it, no CSRF);
importing a deal record is a POST form with CSRF (the app's base form).

Forms check shape only (cards readable, a number a number); the engine rules.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

from flask_babel import lazy_gettext as _l
from flask_wtf.file import FileField
from wtforms import IntegerField, RadioField, SelectField, StringField, TextAreaField
from wtforms.validators import InputRequired, NumberRange, Optional

from scorer import games
from scorer.web.forms import BaseForm, choices, numeric

CONTRACTS = choices(
    ("H", _l("Rosen / Hearts (H)")),
    ("D", _l("Eicheln / Diamonds (D)")),
    ("S", _l("Schilten / Spades (S)")),
    ("C", _l("Schellen / Clubs (C)")),
    ("obenabe", _l("Obenabe")),
    ("undenufe", _l("Undenufe")),
)
SEATS = choices(("1", "1"), ("2", "2"), ("3", "3"), ("4", "4"))
OPTIONAL_SEATS = choices(("", "\u2014"), ("1", "1"), ("2", "2"), ("3", "3"), ("4", "4"))
QUICK_KINDS = choices(
    ("", "\u2014"),
    ("run3", _l("3 in a row / Terz")),
    ("run4", _l("4 in a row / Fifty")),
    ("run5", _l("5 in a row")),
    ("run6", _l("6 in a row")),
    ("run7", _l("7 in a row")),
    ("run8", _l("8 in a row")),
    ("run9", _l("9 in a row")),
    ("four", _l("four of a kind")),
)
QUICK_SUITS = choices(("", "\u2014"), ("H", "H"), ("D", "D"), ("S", "S"), ("C", "C"))
QUICK_TOPS = choices(("", "\u2014"), *((r, r) for r in "AKQJT9876"))


def card_input(placeholder: str, **extra: Any) -> dict[str, Any]:
    """Render kwargs of a card-code text input: the picker (JS) attaches to ``cards-input``."""
    return {
        "class": "cards-input",
        "placeholder": placeholder,
        "autocapitalize": "characters",
        "autocomplete": "off",
        "spellcheck": "false",
        "maxlength": 200,
        **extra,
    }


class QuestionForm(BaseForm):
    """A question asked by GET: no CSRF (nothing changes), whitespace stripped."""

    class Meta:
        csrf = False

    #: The desk's question the form asks (its key in a game's ``form_fields``).
    question = "*"

    # Missing from a shortened link, game and contract take their defaults. Choices: the
    # registry's games that have a desk (set per request).
    game = RadioField(_l("Game"), default=games.RECORD_DEFAULT)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game.choices = choices(
            *((name, game.title()) for name, game in games.registry().items() if game.disputes is not None)
        )
        if "contract" in self:
            # A desk's own contracts beside the six (a trick mode of one game's contract …).
            known = {c.value for c in CONTRACTS}
            extra: list[tuple[str, str]] = []
            for game in games.registry().values():
                desk = game.disputes
                if desk is None:
                    continue
                for key in desk.contracts:
                    if key not in known:
                        known.add(key)
                        extra.append((key, desk.contract_label(key)))
            if extra:
                cast(SelectField, self["contract"]).choices = [*CONTRACTS, *choices(*extra)]


class ContractMixin:
    contract = SelectField(_l("Contract / trump"), choices=CONTRACTS, default="H")


Question = TypeVar("Question", bound=QuestionForm)
_with_desks: dict[tuple[type[QuestionForm], tuple[str, ...]], type[QuestionForm]] = {}


def with_desk_fields(form_class: type[Question]) -> type[Question]:
    """``form_class`` with the fields the registry's desks add to its question
    (:data:`scorer.games.disputes.FormFields`); a name two games give is the first game's."""
    desks = [(name, game.disputes) for name, game in games.registry().items() if game.disputes is not None]
    key = (form_class, tuple(name for name, _desk in desks))
    built = _with_desks.get(key)
    if built is None:
        fields: dict[str, Any] = {}
        for _name, desk in desks:
            for question in ("*", form_class.question):
                for field_name, field in desk.form_fields.get(question, {}).items():
                    fields.setdefault(field_name, field)
        built = _with_desks[key] = type(form_class.__name__, (form_class,), fields)
    return cast("type[Question]", built)


def desk_value(form: QuestionForm, name: str) -> Any:
    """The data of a desk's field, None where no registered game gives the form that field."""
    return form[name].data if name in form else None


class CardForm(ContractMixin, QuestionForm):
    question = "card"
    trick = StringField(_l("Cards already in the trick, in order"), render_kw=card_input("CK H9"))
    hand = StringField(_l("The player's hand, as far as known"), render_kw=card_input("H6 C6 CA"))
    card = StringField(
        _l("The card played"), validators=[InputRequired()], render_kw=card_input("H6", maxlength=4)
    )


class TrickForm(ContractMixin, QuestionForm):
    question = "trick"
    cards = StringField(
        _l("The cards of the trick, in the order played"),
        validators=[InputRequired()],
        render_kw=card_input("CK H9 C6 CA"),
    )
    leader = SelectField(_l("Led by seat"), choices=OPTIONAL_SEATS, default="")


class WeisForm(ContractMixin, QuestionForm):
    question = "weis"
    forehand = SelectField(_l("Forehand (plays first)"), choices=SEATS, default="1")


#: The name endings of a seat's quick pickers on the Weis desk.
QUICK_SLOTS = ("", "_2")


def _add_claims(form_class: type[WeisForm]) -> None:
    for seat in range(1, 5):
        setattr(
            form_class,
            f"seat_{seat}",
            StringField(_l("Cards (groups separated by ;)"), render_kw=card_input("H6 H7 H8; CJ DJ HJ SJ")),
        )
        # Two pickers per seat: a player's two Weis (a run and a four) are two claims, each
        # judged and compared on its own. The first keeps its old names (shared links).
        for suffix in QUICK_SLOTS:
            setattr(
                form_class, f"kind_{seat}{suffix}", SelectField(_l("Kind"), choices=QUICK_KINDS, default="")
            )
            setattr(
                form_class, f"suit_{seat}{suffix}", SelectField(_l("Suit"), choices=QUICK_SUITS, default="")
            )
            setattr(
                form_class, f"top_{seat}{suffix}", SelectField(_l("Top card"), choices=QUICK_TOPS, default="")
            )


_add_claims(WeisForm)


class CountForm(ContractMixin, QuestionForm):
    question = "count"
    points = IntegerField(
        _l("One team's trick points (before the factor)"),
        validators=[InputRequired(), NumberRange(min=-1000, max=1000)],
        render_kw=numeric(**{"class": "big-input", "pattern": "-?[0-9]*"}),
    )


class ReplayForm(ContractMixin, QuestionForm):
    question = "replay"
    forehand = SelectField(_l("Forehand (leads the first trick)"), choices=SEATS, default="1")
    hand_1 = StringField(_l("Hand of seat 1"), render_kw=card_input(""))
    hand_2 = StringField(_l("Hand of seat 2"), render_kw=card_input(""))
    hand_3 = StringField(_l("Hand of seat 3"), render_kw=card_input(""))
    hand_4 = StringField(_l("Hand of seat 4"), render_kw=card_input(""))
    tricks = TextAreaField(
        _l("Tricks, one per line, each card in the order played"),
        validators=[Optional()],
        render_kw={
            "rows": 9,
            "class": "cards-input",
            "placeholder": "H6 H7 HA H9\nCA C6 C7 C8",
            "autocapitalize": "characters",
            "spellcheck": "false",
            "maxlength": 1200,
        },
    )
    record = TextAreaField(
        _l("or a deal record (JSON): when given, it is replayed and the fields above show it"),
        validators=[Optional()],
        render_kw={"rows": 4, "maxlength": 20000, "spellcheck": "false"},
    )


class ReplayImportForm(BaseForm):
    """POST: a deal record as a file or pasted text (CSRF-protected like every app form)."""

    file = FileField(_l("Deal record file (JSON)"))
    text = TextAreaField(
        _l("or paste the deal record"),
        validators=[Optional()],
        render_kw={"rows": 8, "maxlength": 20000},
    )

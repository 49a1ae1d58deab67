"""Printable PDFs in the app: a match's scoresheet and blank pads.

The PDFs themselves are :mod:`scorer.sheets.pdf` (pure functions of plain data); this module only
gathers their input: the match record exactly as the app exports it (``matchview.load`` ->
``scoring.match_record``), plus what a sheet prints beside the engine's figures (names, the
date, the deck, and when each corrected deal was corrected, from the log). The sheet is in
the reader's current language, through the same Babel catalog as the pages.

Reading is not changing: spectators may print (``access.guard`` lets every GET through).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask import Blueprint, Flask, abort, current_app, render_template, request
from flask_babel import get_timezone, get_translations, lazy_pgettext, to_user_timezone
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import IntegerField, RadioField, SelectField, StringField
from wtforms.validators import Length, NumberRange, Optional, StopValidation

from scorer import games, languages
from scorer.matches import matchview
from scorer.sheets.pdf.model import sheet_part
from scorer.web import conditional, display, i18n, parts
from scorer.web.forms import choices, numeric
from scorer.web.memo import Recent
from scorer.web.pdf_text import Lang
from scorer.web.security import pdf_response

if TYPE_CHECKING:
    from scorer.games.sheet import SheetPart

bp = Blueprint("sheets", __name__)

PAPERS = ("a4", "letter")
#: Longest name printed (the new-match form keeps 40 characters too).
NAME_LENGTH = 40


# --- the scoresheet's input --------------------------------------------------------------


def _local_iso(moment: Any) -> str | None:
    """A stored UTC time at the table's clock (as the match page shows it), ISO 8601."""
    if moment is None:
        return None
    return str(to_user_timezone(moment).isoformat(timespec="minutes"))


def _team_names(settings: dict[str, Any]) -> list[str] | None:
    """Side names for a four-player match: the app's own (``Anna & Cla``) where both partners
    are named, else none, so the sheet says "Team 1". Two or three players are their own
    sides, which the sheet names after the player."""
    if matchview.players(settings) != 4:
        return None
    named = settings.get("teams")
    if isinstance(named, list):
        return [str(t or "")[:NAME_LENGTH] for t in named]
    names = list(settings.get("names") or [])
    teams = []
    for side, seats in ((1, (1, 3)), (2, (2, 4))):
        both = all(0 < s <= len(names) and names[s - 1] for s in seats)
        teams.append(display.side_label(side, settings) if both else "")
    return teams if any(teams) else None


def scoresheet_document(loaded: matchview.Loaded) -> dict[str, Any]:
    """The document :func:`scorer.sheets.pdf.build_scoresheet` prints for a stored match.

    The match record is the app's export (``loaded.record``, untouched); the metadata sits
    next to it (``names``, ``teams``, ``date``, ``deck``) and on each corrected deal
    (``corrected_at``: the time of the correction in force, from the log).
    Needs a request context (the table's time zone; ``tafel scoresheet`` makes one).
    """
    settings = loaded.settings
    document: dict[str, Any] = {k: v for k, v in loaded.record.items() if k != "deals"}
    deals = []
    for slot, deal in zip(loaded.state.current_slots, loaded.record.get("deals") or []):
        deal = dict(deal)
        current = slot.current
        if slot.corrected and current is not None and current.kind == "correction":
            deal["corrected_at"] = _local_iso(current.created)
        deals.append(deal)
    document["deals"] = deals
    names = [str(n or "") for n in settings.get("names") or []]
    if any(names):
        document["names"] = names
    teams = _team_names(settings)
    if teams:
        document["teams"] = teams
    created = loaded.match.created
    if created is not None:
        document["date"] = to_user_timezone(created).date().isoformat()
    if settings.get("deck") in ("swiss", "french"):
        document["deck"] = settings["deck"]
    return document


def pdf_lang(code: str | None = None) -> Lang:
    """The PDFs' :class:`~scorer.sheets.pdf.Lang` for ``code`` (default: the reader's language),
    translated by the app's catalogs."""
    from flask_babel import force_locale

    from scorer.sheets.pdf import LANGUAGES

    code = code or i18n.current()
    if code not in LANGUAGES:
        code = "en"
    if code == i18n.current():
        return Lang.from_translations(code, get_translations())
    with force_locale(code):
        return Lang.from_translations(code, get_translations())


def unavailable(title: str, explanation: str, status: int, match_id: int | None = None) -> tuple[str, int]:
    return render_template(
        "refusal.html",
        title=title,
        explanation=explanation,
        match_id=match_id,
        match_link=_("Back to the match"),
    ), status


@bp.get("/matches/<int:match_id>/scoresheet.pdf")
def scoresheet(match_id: int) -> Any:
    """The match's scoresheet (``?paper=a4|letter``) in the reader's language."""
    from scorer.sheets.pdf import SheetError, build_scoresheet, render_scoresheet
    from scorer.sheets.pdf.fonts import FontMissing

    paper = (request.args.get("paper") or "a4").strip().lower()
    if paper not in PAPERS:
        return unavailable(
            _("There is no paper size %(paper)s.", paper=paper[:20]),
            _("Choose A4 or US Letter: add ?paper=a4 or ?paper=letter to the address."),
            400,
            match_id,
        )
    number = parts.asked(request.args.get("part"))
    if number == 0:
        abort(404)
    key = scoresheet_key(match_id, paper, number)
    data = sheet_cache().get(key) if key is not None else None
    if data is None:
        loaded = matchview.load(match_id)
        if loaded.state.voided:
            return unavailable(
                _("This match was voided."), _("A voided match has no scoresheet."), 409, match_id
            )
        part = parts.pick(sheet_parts(len(loaded.state.deals)), number)
        if part is None:
            abort(404)
        try:
            view = build_scoresheet(scoresheet_document(loaded), answer=loaded.scored.facts or None)
            data = render_scoresheet(view, pdf_lang(), paper, part)
        except SheetError as error:
            # A stored match was always accepted by the engine when it was entered; an engine that
            # judges it differently now says why here instead of failing.
            current_app.logger.warning("scoresheet of match %s refused: %s", match_id, error)
            return unavailable(
                _("This match cannot be printed."),
                _("The rules engine no longer accepts this match: %(reason)s", reason=str(error)),
                422,
                match_id,
            )
        except FontMissing as error:
            current_app.logger.error("scoresheet of match %s: %s", match_id, error)
            return unavailable(_("PDFs cannot be made on this server."), str(error), 503, match_id)
        if key is not None:
            sheet_cache().put(key, data)
    suffix = f"-{number}" if request.args.get("part") else ""
    response = pdf_response(data, f"tafel-scoresheet-{match_id}{suffix}.pdf")
    # The sheet changes with every deal entered.
    response.headers["Cache-Control"] = "no-cache"
    return response


# --- the scoresheet, rendered once per match version ---------------------------------------


def sheet_cache() -> Recent[bytes]:
    return current_app.extensions["tafel_sheet_cache"]  # type: ignore[no-any-return]


#: Deals at most one PDF of a scoresheet prints: a longer match's comes in parts (``?part=n``),
#: each listed where the scoresheet is offered. A match played to its target holds far fewer.
DEALS_PER_PART = 200


def sheet_parts(deals: int) -> list[parts.Part]:
    """The parts of the scoresheet of a match of ``deals``."""
    return parts.split(DEALS_PER_PART, deals)


bp.add_app_template_global(sheet_parts, "scoresheet_parts")


def scoresheet_key(match_id: int, paper: str, part: int = 1) -> tuple[object, ...] | None:
    """What a match's scoresheet depends on; None: no such match (the view answers 404).

    A sheet is a function of the match's log (its creation time and last sequence number,
    as for the spectators' pages: :func:`scorer.web.conditional.match_version`), the reader's
    language, the paper and the time zone its times are printed in. Nothing of the reader's
    rights is printed, so every reader of one version shares one PDF. A voided match is a
    newer version than any sheet kept of it.
    """
    found = conditional.match_version(match_id)
    if found is None:
        return None
    created, version = found
    return (match_id, created, version, i18n.current(), paper, str(get_timezone()), part, DEALS_PER_PART)


def init_app(app: Flask) -> None:
    """Each process keeps at most ``SCORESHEET_CACHE_SIZE`` scoresheets (a 500-deal sheet is
    some 100 KB): rendering the longest match takes many ordinary saves, printing it again
    takes one query. The log only grows, so a kept sheet is never stale, only unasked."""
    app.extensions["tafel_sheet_cache"] = Recent[bytes](int(app.config.get("SCORESHEET_CACHE_SIZE") or 0))


# --- blank pads ------------------------------------------------------------------------------


PAPER_CHOICES = choices(("a4", _l("A4")), ("letter", _l("US Letter")))
PLAYER_CHOICES = choices(("4", "4"), ("3", "3"), ("2", "2"))


def _language_choices() -> list[Any]:
    return choices(*((code, languages.NAMES.get(code, code)) for code in current_app.config["LANGUAGES"]))


def _typed(form: Any, field: Any) -> None:
    """Stop at "not a whole number": a range check of nothing would only repeat it."""
    if field.process_errors:
        raise StopValidation()


def _name(label: Any) -> StringField:
    return StringField(
        label, validators=[Optional(), Length(max=NAME_LENGTH)], render_kw={"autocomplete": "off"}
    )


class PadForm(FlaskForm):
    """The pad's choices, read from the query string: a pad's address can be shared."""

    class Meta:
        csrf = False  # a GET that changes nothing

    # Choices: the registry's games that have sheets (set per request).
    game = RadioField(_l("Game"), default=games.RECORD_DEFAULT)
    # A game whose pad comes in several scorings or grids: its sheet's pad_choices fill the
    # field its pad_field names; a missing choice is the first one (set per request).
    format = RadioField(_l("Scoring"))
    grid = RadioField(_l("Grid"))
    players = RadioField(_l("Players"), choices=PLAYER_CHOICES, default="4")
    paper = RadioField(_l("Paper"), choices=PAPER_CHOICES, default="a4")
    lang = SelectField(_l("Language"))
    target = IntegerField(
        _l("Target"), validators=[_typed, Optional(), NumberRange(min=1, max=100_000)], render_kw=numeric()
    )
    team_1 = _name(_l("Team %(number)s", number=1))
    team_2 = _name(_l("Team %(number)s", number=2))
    player_1 = _name(lazy_pgettext("seat", "Seat %(n)s", n=1))
    player_2 = _name(lazy_pgettext("seat", "Seat %(n)s", n=2))
    player_3 = _name(lazy_pgettext("seat", "Seat %(n)s", n=3))
    player_4 = _name(lazy_pgettext("seat", "Seat %(n)s", n=4))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game.choices = choices(
            *((name, game.title()) for name, game in games.registry().items() if game.sheet is not None)
        )
        for field in (self.format, self.grid):
            # WTForms 3.3's SelectChoice values (its stubs still say tuples).
            offered: list[Any] = [
                choice
                for game in games.registry().values()
                if getattr(game.sheet, "pad_field", None) == field.name
                for choice in getattr(game.sheet, "pad_choices", ())
            ]
            field.choices = offered
            if field.data is None and offered:
                field.data = offered[0].value
        self.lang.choices = _language_choices()
        if not self.lang.data:
            self.lang.data = i18n.current()
        else:
            # A shared address may say lang=fr, as ``tafel pad --lang fr`` does.
            try:
                self.lang.data = languages.resolve(str(self.lang.data))
            except ValueError:
                pass  # validation names the field

    @property
    def sheet(self) -> SheetPart | None:
        """The chosen game's sheet part (None until the game is valid)."""
        return sheet_part(str(self.game.data))

    @property
    def player_count(self) -> int:
        part = self.sheet
        return int(self.players.data) if part is not None and len(part.tables) > 1 else 4

    def validate(self, extra_validators: Any = None) -> bool:
        valid = super().validate(extra_validators)
        if self.players.errors:
            return False
        count = self.player_count
        for seat in range(count + 1, 5):
            field = self[f"player_{seat}"]
            if field.data:
                field.errors = [
                    *field.errors,
                    _(
                        "Leave this empty: a pad for %(count)s players has no seat %(seat)s.",
                        count=i18n.digits(count),
                        seat=i18n.digits(seat),
                    ),
                ]
                valid = False
        if count < 4:
            for field in (self.team_1, self.team_2):
                if field.data:
                    field.errors = [
                        *field.errors,
                        _(
                            "Leave this empty: with %(count)s players everyone scores alone.",
                            count=i18n.digits(count),
                        ),
                    ]
                    valid = False
        return bool(valid)

    def pad_arguments(self) -> dict[str, Any]:
        """The arguments of :func:`scorer.sheets.pdf.pad_view` (a validated form)."""
        count = self.player_count
        players = [self[f"player_{seat}"].data or "" for seat in range(1, count + 1)]
        part = self.sheet
        chosen = (self.format.data, self.grid.data)
        return {
            "game": self.game.data,
            "format": next((c for c in chosen if c in part.formats), None) if part is not None else None,
            "target": self.target.data,
            "teams": [self.team_1.data or "", self.team_2.data or ""] if count == 4 else [],
            # Two or three players, each alone: one name per player (even empty) sets the count.
            "players": players if count < 4 or any(players) else [],
        }


def _pad_form() -> PadForm:
    # formdata must be given: Flask-WTF reads a form only from POST bodies.
    return PadForm(formdata=request.args if request.args else None)


@bp.get("/pads")
def pads() -> str:
    """The "print a pad" page; its form asks for /pads/pad.pdf."""
    form = _pad_form()
    return render_template("sheets/pads.html", form=form)


@bp.get("/pads/pad.pdf")
def pad() -> Any:
    """A blank pad (see :class:`PadForm`); an invalid choice shows the form with its errors."""
    from scorer.sheets.pdf import pad_view, render_pad
    from scorer.sheets.pdf.fonts import FontMissing

    form = PadForm(formdata=request.args)
    if not form.validate():
        return render_template("sheets/pads.html", form=form), 422
    arguments = form.pad_arguments()
    chosen = arguments["format"]
    try:
        view = pad_view(arguments.pop("game"), arguments.pop("format"), **arguments)
        data = render_pad(view, pdf_lang(form.lang.data), form.paper.data)
    except ValueError as error:  # the form's checks should leave nothing for here
        form.game.errors = [*form.game.errors, str(error)]
        return render_template("sheets/pads.html", form=form), 422
    except FontMissing as error:
        current_app.logger.error("pad: %s", error)
        return unavailable(_("PDFs cannot be made on this server."), str(error), 503)
    name = f"{form.game.data}-{chosen}" if chosen else form.game.data
    return pdf_response(data, f"tafel-pad-{name}.pdf")

"""The dispute desk's pages: one GET form per question, its ruling, a link and a PDF of it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, cast
from urllib.parse import urlencode

from flask import Blueprint, Response, abort, current_app, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.datastructures import MultiDict

from rules_engine.errors import InvalidRecord
from scorer import games
from scorer.access import address
from scorer.disputes.card import card_ruling
from scorer.disputes.count import count_ruling
from scorer.disputes.desk import ClaimsQuestion, DisputesPart, desk
from scorer.disputes.forms import (
    QUICK_SLOTS,
    CardForm,
    CountForm,
    QuestionForm,
    ReplayForm,
    ReplayImportForm,
    TrickForm,
    WeisForm,
    desk_value,
    with_desk_fields,
)
from scorer.disputes.replay import replay_ruling
from scorer.disputes.trick import trick_ruling
from scorer.disputes.weis import claims_ruling
from scorer.games.ruling import Ruling, Unreadable, check_seat
from scorer.rulebook import book
from scorer.web.card_text import (
    CardError,
    format_cards,
    format_tricks,
    parse_cards,
    parse_groups,
    parse_tricks,
)

bp = Blueprint("disputes", __name__, url_prefix="/disputes")

#: screen -> (title, one-line question). Order is the index page's.
SCREENS: dict[str, tuple[Any, Any]] = {
    "card": (_l("Was that card allowed?"), _l("The trick so far, the hand, the card played.")),
    "trick": (_l("Who takes this trick?"), _l("Four cards and the contract.")),
    "weis": (_l("Whose Weis / melds count?"), _l("Each player's claims, compared step by step.")),
    "count": (_l("Is this count possible?"), _l("One team's trick points.")),
    "replay": (_l("Replay a deal"), _l("Hands and tricks: every card checked in order.")),
}
ASK = "ask"
#: What a link from the match screen may preset on every screen (without asking yet).
PREFILL = ("game", "contract", "profile", "players")


@bp.context_processor
def _desk() -> dict[str, Any]:
    return {"desk_screens": SCREENS}


def _language() -> str:
    return str(get_locale() or "en")


def _card_error(error: CardError, game: str) -> str:
    if error.kind == "deck":
        return desk(game).deck_error(error.word)
    if error.kind == "twice":
        return _("%(card)s is entered twice.", card=error.word)
    return _(
        "%(word)s is not a card: write suit + rank, e.g. HJ, S9, DT (H C D S; A K Q J T 9 8 7 6).",
        word=error.word,
    )


def _part(form: QuestionForm) -> DisputesPart | None:
    """The desk of the form's game; None for a game the app does not know."""
    try:
        return desk(str(form.game.data))
    except Unreadable:
        return None


def _players(form: QuestionForm) -> int:
    """The table's size as asked (a game played at one size has no ``players`` field)."""
    return desk(form.game.data).table_size(int(desk_value(form, "players") or 4))


def _codes(form: QuestionForm, name: str, game: str) -> list[str]:
    try:
        return parse_cards(form[name].data, desk(game).deck)
    except CardError as error:
        raise Unreadable(name, _card_error(error, game)) from None


# --------------------------------------------------------------------------- the screens


def _ask_card(form: CardForm) -> Ruling:
    game = form.game.data
    card = _codes(form, "card", game)
    if len(card) != 1:
        raise Unreadable("card", _("Enter exactly one card as the card played."))
    return card_ruling(
        game,
        form.contract.data,
        _codes(form, "hand", game),
        _codes(form, "trick", game),
        card[0],
        desk_value(form, "profile") or "seed",
        _players(form),
    )


def _ask_trick(form: TrickForm) -> Ruling:
    game = form.game.data
    leader = int(form.leader.data) if form.leader.data else None
    cards = _codes(form, "cards", game)
    players: int | None = _players(form)
    if len(desk(game).tables) > 1 and "players" not in request.args:
        # A link without the table's size: one player per card.
        players = None
        if 2 <= len(cards) <= 4 and "players" in form:
            form["players"].data = str(len(cards))
    return trick_ruling(
        game, form.contract.data, cards, leader, desk_value(form, "profile") or "seed", players
    )


def _claims(form: WeisForm, game: str) -> dict[int, list[list[str]]]:
    from scorer.web.display import quick_meld

    claims: dict[int, list[list[str]]] = {}
    four_suits = ("H", "C", "D", "S")
    for seat in range(1, 5):
        groups: list[list[str]] = []
        for suffix in QUICK_SLOTS:
            kind = form[f"kind_{seat}{suffix}"].data
            if not kind:
                continue
            suit, top = form[f"suit_{seat}{suffix}"].data, form[f"top_{seat}{suffix}"].data
            if not top or (kind != "four" and not suit):
                raise Unreadable(f"seat_{seat}", _("Choose the suit and the top card of the Weis."))
            try:
                groups.append(quick_meld(kind, suit, top, four_suits))
            except ValueError:
                raise Unreadable(
                    f"seat_{seat}", _("No such run: it would start below the lowest card.")
                ) from None
        try:
            groups.extend(parse_groups(form[f"seat_{seat}"].data, desk(game).deck))
        except CardError as error:
            raise Unreadable(f"seat_{seat}", _card_error(error, game)) from None
        if groups:
            claims[seat] = groups
    return claims


def _ask_weis(form: WeisForm) -> Ruling:
    game = form.game.data
    claims = _claims(form, game)
    announced = desk_value(form, "bella")
    bella = int(announced) if desk(game).bella and announced else None
    if not claims and bella is None:
        raise Unreadable("seat_1", _("Enter at least one claim."))
    question = ClaimsQuestion(
        forehand=int(form.forehand.data),
        profile=desk_value(form, "profile") or "seed",
        tiebreak=desk_value(form, "tiebreak") or "first_declared",
        players=_players(form),
        bella=bella,
    )
    return claims_ruling(game, form.contract.data, claims, question)


def _ask_count(form: CountForm) -> Ruling:
    if form.points.data is None:
        raise Unreadable("points", _("Enter the trick points."))
    return count_ruling(
        form.game.data,
        form.contract.data,
        int(form.points.data),
        desk_value(form, "profile") or "seed",
        bool(desk_value(form, "jappa_total")),
        _players(form),
    )


def replay_record(form: ReplayForm) -> dict[str, Any]:
    """The deal record the replay form states: the pasted record, or one built from the fields."""
    if form.record.data:
        try:
            record = json.loads(form.record.data)
        except ValueError as error:
            raise Unreadable(
                "record", _("The deal record is not JSON: %(error)s", error=str(error))
            ) from None
        if not isinstance(record, dict):
            raise Unreadable("record", _("A deal record is a JSON object."))
        return record
    game = form.game.data
    players = _players(form)
    hands = {}
    for seat in range(1, 5):
        codes = _codes(form, f"hand_{seat}", game)
        if codes:
            check_seat(f"hand_{seat}", seat, players)
            hands[str(seat)] = codes
    check_seat("forehand", int(form.forehand.data), players)
    try:
        tricks = parse_tricks(form.tricks.data, desk(game).deck)
    except CardError as error:
        raise Unreadable("tricks", _card_error(error, game)) from None
    built: dict[str, Any] = {"game": game, "forehand": int(form.forehand.data), "tricks": tricks}
    if hands:
        built["hands"] = hands
    built.update(desk(game).replay_fields(form, players))
    return built


def _show_record(form: ReplayForm, record: dict[str, Any]) -> None:
    """Fill the replay form's own fields from a pasted or imported record, so they show what is replayed."""

    def text(value: Any) -> str:
        return str(value) if value is not None else ""

    game = record.get("game", games.RECORD_DEFAULT)
    try:
        contract_key = desk(str(game)).contract_key
    except Unreadable:
        contract_key = "trump"
    else:
        form.game.data = game
    key = record.get(contract_key)
    # WTForms 3.3's SelectChoice values (its stubs still say tuples).
    if key in [choice.value for choice in cast("list[Any]", form.contract.choices)]:
        form.contract.data = key
    for name in ("forehand", "declarer", "format", "how", "profile", "players"):
        if record.get(name) is not None and name in form:
            form[name].data = text(record[name])
    options = record.get("options")
    if isinstance(options, dict) and options.get("revoke") and "revoke" in form:
        form["revoke"].data = text(options["revoke"])
    hands = record.get("hands")
    try:
        if isinstance(hands, dict):
            for seat in range(1, 5):
                form[f"hand_{seat}"].data = format_cards(list(hands.get(str(seat)) or []))
        if isinstance(record.get("tricks"), list):
            form.tricks.data = format_tricks([[str(c) for c in trick] for trick in record["tricks"]])
    except TypeError:
        pass  # the ruling reports what cannot be read


def _ask_replay(form: ReplayForm) -> Ruling:
    record = replay_record(form)
    if form.record.data:
        _show_record(form, record)
    return replay_ruling(record)


ASKERS: dict[str, tuple[type[QuestionForm], Callable[[Any], Ruling]]] = {
    "card": (CardForm, _ask_card),
    "trick": (TrickForm, _ask_trick),
    "weis": (WeisForm, _ask_weis),
    "count": (CountForm, _ask_count),
    "replay": (ReplayForm, _ask_replay),
}


def _form(screen: str) -> QuestionForm:
    form_class, _asker = ASKERS[screen]
    # Query parameters are the whole question: a shared link asks it again.
    data = (
        request.args
        if ASK in request.args
        else MultiDict({k: v for k, v in request.args.items() if k in PREFILL})
    )
    return with_desk_fields(form_class)(formdata=data if data else None)


def rule(screen: str) -> tuple[QuestionForm, Ruling | None, dict[str, str]]:
    """The form of ``screen`` filled from the query, and its ruling when the query asks."""
    form = _form(screen)
    errors: dict[str, str] = {}
    if ASK not in request.args:
        return form, None, errors
    if not form.validate():
        for name, messages in form.errors.items():
            errors[name] = " ".join(str(m) for m in messages)
        return form, None, errors
    try:
        return form, ASKERS[screen][1](form), errors
    except Unreadable as problem:
        errors[problem.field] = problem.message
    except InvalidRecord as problem:
        errors["_form"] = str(problem)
    except Exception:  # a pasted record can be anything: say so on the page, log the rest
        current_app.logger.exception("dispute desk: cannot rule on %s", request.full_path)
        errors["_form"] = _("The rules engine could not judge this question as entered.")
    return form, None, errors


def rule_texts(ruling: Ruling) -> list[tuple[str, str, book.Rule | None]]:
    language = _language()
    return [(rid, book.rule_text(rid, language), book.rule(rid, language)) for rid in ruling.rules]


def share_url(screen: str) -> str:
    return (
        address.external_url("disputes.screen", screen=screen)
        + "?"
        + urlencode(list(request.args.items(multi=True)))
    )


@bp.get("/")
def index() -> str:
    game = request.args.get("game", "")
    keep = {k: v for k, v in request.args.items() if k in PREFILL}
    return render_template("disputes/index.html", screens=SCREENS, game=game, keep=keep)


@bp.get("/<screen>")
def screen(screen: str) -> str:
    if screen not in ASKERS:
        abort(404)
    form, ruling, errors = rule(screen)
    import_form = ReplayImportForm() if screen == "replay" else None
    return render_template(
        f"disputes/{screen}.html",
        screen=screen,
        part=_part(form),
        title=SCREENS[screen][0],
        form=form,
        ruling=ruling,
        errors=errors,
        import_form=import_form,
        texts=rule_texts(ruling) if ruling else [],
        render_rule=lambda text: book.render(text, url_for("rules.book")),
        share=share_url(screen) if ruling else None,
        pdf=url_for("disputes.pdf", screen=screen) + "?" + urlencode(list(request.args.items(multi=True)))
        if ruling
        else None,
    )


@bp.get("/<screen>.pdf")
def pdf(screen: str) -> Response:
    if screen not in ASKERS:
        abort(404)
    _form_, ruling, errors = rule(screen)
    if ruling is None:
        return redirect(
            url_for("disputes.screen", screen=screen)
            + "?"
            + urlencode(  # type: ignore[return-value]
                list(request.args.items(multi=True))
            )
        )
    from scorer.disputes.pdf import ruling_pdf
    from scorer.web.security import pdf_response

    data = ruling_pdf(
        ruling,
        str(SCREENS[screen][0]),
        [(rid, text) for rid, text, _r in rule_texts(ruling)],
        share_url(screen),
        _language(),
    )
    # The scoresheet's response: its own policy lets the browser's PDF viewer (object-src) show it.
    return pdf_response(data, f"tafel-{screen}.pdf")


@bp.post("/replay")
def replay_import() -> Response:
    """Import a deal record (file or text) and show its replay at a shareable address."""
    form = ReplayImportForm()
    if not form.validate_on_submit():
        abort(400)
    raw = ""
    # One character past the replay form's limit is enough for its field to refuse it.
    limit = int(ReplayForm.record.kwargs["render_kw"]["maxlength"])
    if form.file.data:
        raw = form.file.data.read(limit + 1).decode("utf-8", errors="replace")
    elif form.text.data:
        raw = form.text.data
    try:
        record = json.loads(raw)
    except ValueError:
        record = None
    if not isinstance(record, dict):
        args = {"record": raw[: limit + 1], ASK: "1"}
    else:
        args = {
            "game": str(record.get("game", games.RECORD_DEFAULT)),
            "record": json.dumps(record, separators=(",", ":")),
            ASK: "1",
        }
    return redirect(url_for("disputes.screen", screen="replay") + "?" + urlencode(args))  # type: ignore[return-value]

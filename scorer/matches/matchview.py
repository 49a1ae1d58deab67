"""The match screen's view-model: the engine's answer arranged for people across a table.

No score is computed here. The only arithmetic is presentation: points still needed
(target − engine total), board strokes of an engine total, and the die face of a score.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import abort
from flask_babel import gettext as _
from sqlalchemy.exc import IntegrityError, OperationalError

from scorer import scoring
from scorer.store import db, log
from scorer.store.models import Match, MatchSummary
from scorer.web import display


@dataclass
class Loaded:
    match: Match
    state: log.State
    record: dict[str, Any]
    scored: scoring.Scored

    @property
    def settings(self) -> dict[str, Any]:
        return self.match.settings

    @property
    def answer(self) -> dict[str, Any]:
        return self.scored.answer or {}


def load(match_id: int) -> Loaded:
    match = db.session().get(Match, match_id)
    if match is None:
        abort(404)
    state = log.derive(match.entries)
    record = scoring.match_record(match.settings, state.deals)
    loaded = Loaded(match, state, record, scoring.score(record))
    store_summary(loaded)
    return loaded


def store_summary(loaded: Loaded) -> MatchSummary:
    """Keep the match list's summary of this match current (derived data: a failure loses nothing)."""
    session = db.session()
    stored = session.get(MatchSummary, loaded.match.id)
    if stored is not None and stored.version == loaded.state.version:
        return stored
    answer = loaded.answer
    summary = MatchSummary(
        match_id=loaded.match.id,
        version=loaded.state.version,
        deals=len(loaded.state.deals),
        finished=bool(answer.get("finished")),
        voided=loaded.state.voided,
        scores=answer.get("scores"),
    )
    try:
        summary = session.merge(summary)
        session.commit()
    except (IntegrityError, OperationalError):
        # Another worker stored it first, or the disk is full: the page shows it all the same.
        session.rollback()
    return summary


def refresh_summary(match_id: int) -> MatchSummary:
    """The summary of ``match_id`` derived from its log again, and stored."""
    return store_summary(load(match_id))


def players(settings: dict[str, Any]) -> int:
    return int(settings.get("players") or 4)


def names(settings: dict[str, Any]) -> list[str]:
    return [display.seat_label(n, settings.get("names") or []) for n in range(1, players(settings) + 1)]


def next_turn(loaded: Loaded) -> dict[str, int] | None:
    """Whose deal and forehand is next: the engine's ``next``; before any deal, the set-up's.

    Klammern's engine may leave ``next`` out; then K1.3's rotation is read off the last deal.
    """
    answer = loaded.answer
    if answer.get("finished"):
        return None
    if isinstance(answer.get("next"), dict):
        return dict(answer["next"])
    n = players(loaded.settings)
    deals = loaded.state.deals
    if not deals:
        first = int(loaded.settings.get("first_forehand") or 1)
        return {"dealer": (first - 2) % n + 1, "forehand": first}
    forehand = int(deals[-1].get("forehand") or 1)
    return {"dealer": forehand, "forehand": forehand % n + 1}


@dataclass
class Side:
    number: int
    label: str
    score: Any
    needed: int | None = None
    big: int | None = None
    strokes: display.Strokes | None = None
    die: str | None = None
    marks: list[str] = field(default_factory=list)


def sides(loaded: Loaded) -> list[Side]:
    settings = loaded.settings
    answer = loaded.answer
    scores = answer.get("scores")
    game = settings["game"]
    n_sides = 2 if players(settings) == 4 else players(settings)
    result = []
    for i in range(n_sides):
        side = Side(i + 1, display.side_label(i + 1, settings), None)
        if game == "schieber":
            side.score = _at(scores, i)
            target = _target(loaded)
            if isinstance(side.score, int):
                side.needed = max(target - side.score, 0)
                side.strokes = display.Strokes.of(side.score)
        elif settings.get("format") == "small_big":
            side.score = _at((scores or {}).get("small") if isinstance(scores, dict) else None, i)
            side.big = _at((scores or {}).get("big") if isinstance(scores, dict) else None, i)
        elif settings.get("format") == "liga":
            side.score = _at(scores, i)
            if isinstance(side.score, int):
                side.needed = max(_target(loaded) - side.score, 0)
        else:
            side.score = _at(scores, i)
            face = _at(answer.get("dice_faces"), i)  # the engine's, when it gives them
            if isinstance(face, int) and 1 <= face <= 6:
                side.die = display.DIE_FACES[face - 1]
            elif isinstance(side.score, int):
                side.die = display.die_face(side.score)
        result.append(side)
    _mark_states(loaded, result)
    return result


def _at(values: Any, index: int) -> Any:
    if isinstance(values, (list, tuple)) and index < len(values):
        return values[index]
    return None


def _target(loaded: Loaded) -> int:
    target = loaded.settings.get("target")
    if target:
        return int(target)
    if loaded.settings["game"] == "schieber":
        return 2500 if loaded.settings.get("profile") == "official" else 3000
    return 51


def _mark_states(loaded: Loaded, result: list[Side]) -> None:
    answer = loaded.answer
    settings = loaded.settings
    finished = bool(answer.get("finished"))
    winner = answer.get("winner")
    if settings["game"] == "schieber":
        half = _target(loaded) / 2
        if finished:
            if answer.get("schneider"):
                for side in result:
                    if side.number != winner:
                        side.marks.append(_("Schneider"))
        else:
            # Threatened: the leader is past half the target while this team is below it,
            # i.e. the match ending now would leave it Schneider.
            scores = [s.score for s in result if isinstance(s.score, int)]
            if len(scores) == 2 and max(scores) >= half:
                for side in result:
                    if isinstance(side.score, int) and side.score < half:
                        side.marks.append(_("Schneider threatened"))
    elif settings.get("format") == "small_big":
        laube = answer.get("laube") or []
        for side in result:
            if side.number in laube:
                side.marks.append(_("in der Laube"))
        must = answer.get("must_play")
        for side in result:
            if must == side.number:
                side.marks.append(_("must play"))
    if finished and winner is not None:
        for side in result:
            if side.number == winner:
                side.marks.insert(0, _("Winner"))


@dataclass
class Row:
    index: int
    slot: log.DealSlot
    record: dict[str, Any]
    answer: dict[str, Any]
    cells: dict[str, Any]


def rows(loaded: Loaded) -> list[Row]:
    settings = loaded.settings
    deck = settings.get("deck") or ("swiss" if settings["game"] == "schieber" else "french")
    seat_names = names(settings)
    deal_answers = loaded.answer.get("deals") or []
    running = loaded.answer.get("running") or []
    kalte = set(loaded.answer.get("kalte") or [])
    # Translated once per page, not once per row.
    texts = {
        "orgi": _("Orgi"),
        "kleines": _("Kleines"),
        "besser": _("Besser"),
        "re": _("Re"),
        "kontra": _("Kontra"),
        "stoeck": _("Stöck: %(name)s"),
        "weis": _("Weis %(a)s : %(b)s"),
    }
    result = []
    for index, slot in enumerate(loaded.state.current_slots):
        assert slot.current is not None
        record = slot.current.record
        answer = deal_answers[index] if index < len(deal_answers) else {}
        cells: dict[str, Any] = {"forehand": _name(seat_names, record.get("forehand"))}
        if settings["game"] == "schieber":
            cells["contract"] = display.contract_name(str(record.get("contract")), deck)
            cells["weis"] = _claims(record.get("weis"), seat_names, deck)
            cells["stoeck"] = (
                texts["stoeck"] % {"name": _name(seat_names, record.get("stoeck"))}
                if record.get("stoeck")
                else ""
            )
            weis = answer.get("weis") or [0, 0]
            cells["weis_points"] = texts["weis"] % {"a": weis[0], "b": weis[1] if len(weis) > 1 else 0}
        else:
            cells["contract"] = display.suit_name(str(record.get("trump")), deck)
            cells["declarer"] = _name(seat_names, record.get("declarer"))
            cells["how"] = texts.get(str(record.get("how")), "")
            cells["weis"] = _claims(record.get("melds"), seat_names, deck)
            cells["bella"] = _name(seat_names, record.get("bella")) if record.get("bella") else ""
            cells["kontra"] = (
                (texts["re"] if record.get("re") else texts["kontra"]) if record.get("kontra") else ""
            )
            cells["kalte"] = index in kalte
            cells["revoke"] = _name(seat_names, record["revoke"]["seat"]) if record.get("revoke") else ""
            cells["durchmarsch"] = (
                _name(seat_names, record.get("durchmarsch")) if record.get("durchmarsch") else ""
            )
            cells["running"] = running[index] if index < len(running) else None
        result.append(Row(index, slot, record, answer, cells))
    return result


def _name(seat_names: list[str], seat: Any) -> str:
    if isinstance(seat, int) and 1 <= seat <= len(seat_names):
        return seat_names[seat - 1]
    return ""


def _claims(claims: Any, seat_names: list[str], deck: str) -> list[str]:
    texts = []
    for seat, groups in sorted((claims or {}).items()):
        for cards in groups:
            texts.append(f"{_name(seat_names, int(seat))}: {display.meld_text(cards, deck)}")
    return texts


def factors(settings: dict[str, Any]) -> dict[str, int]:
    """The contract factors in force, for the contract buttons (options over the profile)."""
    from rules_engine.schieber.contracts import schieber_options

    try:
        options = schieber_options(settings.get("profile"), settings.get("options"))
        return dict(options["factors"])
    except Exception:  # a stored match always passed the engine; this is belt and braces
        return {}

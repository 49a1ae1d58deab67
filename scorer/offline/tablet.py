"""The tablet's door to the app's pure modules under Pyodide: the browser calls :func:`call`
with JSON, and each answer is what the server's own modules say, because they are the very
modules (``scorer.offline.bundle`` ships them with ``rules_engine``):

- a game's record module (``Game.offline``, ``scorer/games/<game>/record.py``) builds
  a deal record from the deal form's fields, as the server's form does with it;
- :mod:`scorer.store.derive` derives the log (the deals in force, what an undo or a redo
  would cancel), as :mod:`scorer.store.log` does with it;
- :mod:`scorer.games.records` builds the match record, :mod:`scorer.verdict` reads the
  engine's verdict, as :mod:`scorer.scoring` does with them.

The server judges every entry again when it arrives (``scorer.offline.views.sync``).
Standard library and the shipped modules only: no Flask, WTForms or Babel in the browser.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import quote

import rules_engine
from rules_engine.errors import InvalidRecord
from scorer.games import records
from scorer.store.derive import State
from scorer.store.derive import derive as derive_log
from scorer.verdict import errors_of, invalid_record_error
from scorer.web.posted import Fields, ShapeError

Record = dict[str, Any]

#: The games the tablet keeps offline: name -> record module (the registry's ``Game.offline``,
#: sent with the bundle; :func:`configure`).
GAMES: dict[str, str] = {}


def configure(games_json: str) -> None:
    """Take the offline games the bundle names (``{"<game>": "scorer.games.<game>.record"}``)."""
    GAMES.clear()
    GAMES.update(json.loads(games_json))


def _records(game: str) -> Any:
    """The record module of ``game``.

    :raises KeyError: a game the tablet does not keep offline.
    """
    return importlib.import_module(GAMES[game])


def _shape(error: ShapeError) -> Record:
    return {"rule": None, "code": "shape", "field": error.field, "params": {}, "message": error.message}


# --- records -----------------------------------------------------------------------------------


def deal_record(fields: Fields, settings: Mapping[str, Any]) -> Record:
    """The deal record the deal form's ``fields`` state, by the game's record module.

    :raises ShapeError: a field the form would refuse.
    :raises KeyError: a game the tablet does not keep offline.
    """
    record: Record = _records(str(settings["game"])).deal_record(fields, settings)
    return record


def head_of(settings: Mapping[str, Any]) -> Record:
    """The match record of no deals (``scoring.match_record(settings, [])``)."""
    game = str(settings["game"])
    return records.match_record(game, _records(game).match_fields(settings), [])


def match_record(head: Mapping[str, Any], deals: Sequence[Mapping[str, Any]]) -> Record:
    """The match record of ``head`` (the match record of no deals) and ``deals``."""
    fields = {key: value for key, value in head.items() if key not in ("game", "deals")}
    return records.match_record(str(head["game"]), fields, deals)


def born_address(game: str, players: int, deck: str, variant: Mapping[str, str]) -> str:
    """The address of the deal form a match born offline is played on (the server serves it and
    the service worker keeps it, ``scorer.offline.views.born``): by game, table size, deck and
    the variant's fields as its query, in their order of names."""
    query = "&".join(f"{quote(name)}={quote(value)}" for name, value in sorted(variant.items()))
    return f"/offline/born/{quote(game)}/{players}/{quote(deck)}" + (f"?{query}" if query else "")


def start_match(game: str, fields: Fields) -> Record:
    """A match started offline: ``{"valid", "errors", "settings", "head", "page"}``; the engine
    judges its empty record as the new-match page does; ``page``: its born deal form's address."""
    try:
        settings: Record = _records(game).setup_settings(fields)
    except ShapeError as error:
        return {"valid": False, "errors": [_shape(error)], "settings": None, "head": None, "page": None}
    head = head_of(settings)
    errors = score(head)["errors"]
    variant = getattr(_records(game), "born_variant", None)
    page = born_address(
        game,
        int(settings["players"]),
        str(settings.get("deck") or "french"),
        variant(settings) if variant else {},
    )
    return {"valid": not errors, "errors": errors, "settings": settings, "head": head, "page": page}


# --- the log -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class KeptEntry:
    """An entry of the log as the tablet keeps it (``{seq, kind, target_seq, record}``): its
    time is the server's business."""

    seq: int
    kind: str
    target_seq: int | None
    record: dict[str, Any] | None
    created: datetime = datetime.min


def _state(entries: Sequence[Mapping[str, Any]]) -> State:
    kept = [
        KeptEntry(
            int(e["seq"]),
            str(e["kind"]),
            None if e.get("target_seq") is None else int(e["target_seq"]),
            e.get("record"),
        )
        for e in entries
    ]
    return derive_log(kept)


def derive(entries: Sequence[Mapping[str, Any]]) -> Record:
    """The state of a log of ``{seq, kind, target_seq, record}`` entries: ``{"version",
    "slots": [{"slot", "record"}], "last_undoable", "last_redoable"}`` (seqs)."""
    state = _state(entries)
    return {
        "version": state.version,
        "slots": [
            {"slot": slot.slot, "record": slot.current.record}
            for slot in state.current_slots
            if slot.current is not None
        ],
        "last_undoable": None if state.last_undoable is None else state.last_undoable.seq,
        "last_redoable": None if state.last_redoable is None else state.last_redoable.seq,
    }


# --- the verdict -------------------------------------------------------------------------------


def score(record: Mapping[str, Any]) -> Record:
    """The engine's verdict on a match record: ``{"answer", "errors"}`` as the server's
    ``scoring.score`` gives them (``answer`` None when the match breaks a rule); a game whose
    record module offers ``score`` (the Passe's, ``Game.score``) is answered by it, as on the server."""
    game = record.get("game")
    own = getattr(_records(game), "score", None) if isinstance(game, str) and game in GAMES else None
    try:
        answer: Record = dict(
            own(dict(record)) if own is not None else rules_engine.score_match(dict(record))
        )
    except InvalidRecord as error:
        return {"answer": None, "errors": [invalid_record_error(error)]}
    errors = errors_of(answer)
    return {"answer": None if errors else answer, "errors": errors}


def check(
    head: Mapping[str, Any],
    entries: Sequence[Mapping[str, Any]],
    entry: Mapping[str, Any],
    settings: Mapping[str, Any],
) -> Record:
    """Judge one new ``entry`` (kind ``deal``/``correction`` with ``fields``, or ``undo``/``redo``)
    on the log ``entries``: ``{"valid", "errors", "record", "answer", "target_seq"}``.

    The whole match (the deals in force with the new one) goes to the engine, as the server's
    save does (``scorer.deals.save``); a shape error is keyed by its field like the form's own.
    """
    state = _state(entries)
    kind = entry["kind"]
    record: Record | None = None
    target = entry.get("target_seq")
    deals = state.deals
    index: int | None = None
    if kind in ("deal", "correction"):
        try:
            record = deal_record(entry.get("fields") or {}, settings)
        except ShapeError as error:
            return _refused([_shape(error)], target)
        if kind == "deal":
            index = len(deals)
            deals.append(record)
        else:
            index = next((i for i, s in enumerate(state.current_slots) if s.slot == target), None)
            if index is None:
                return _refused([_nothing("correct")], target)
            deals[index] = record
    else:
        undone = state.last_undoable if kind == "undo" else state.last_redoable
        if undone is None:
            return _refused([_nothing(kind)], None)
        target = undone.seq
        probe = {"seq": state.version + 1, "kind": "undo", "target_seq": target}
        deals = _state([*entries, probe]).deals
    verdict = score(match_record(head, deals))
    errors = verdict["errors"]
    if index is not None:
        # On the form of that very deal, "deal N:" would only repeat the form's title.
        errors = [{k: v for k, v in e.items() if not (k == "deal" and v == index)} for e in errors]
    return {
        "valid": not errors,
        "errors": errors,
        "record": record,
        "answer": verdict["answer"],
        "target_seq": target,
        "scores": side_scores(str(head["game"]), verdict["answer"]),
    }


def side_scores(game: str, answer: Mapping[str, Any] | None) -> Any:
    """Each side's score in the engine's answer, as the match screen's big figures show them: the
    answer's ``scores``, unless the game's record module reads them elsewhere (``scores``)."""
    if not answer:
        return None
    reader = getattr(_records(game), "scores", None)
    return reader(answer) if reader is not None else answer.get("scores")


def _nothing(kind: str) -> Record:
    return {"rule": None, "code": f"nothing_to_{kind}", "params": {}, "message": f"nothing to {kind}"}


def _refused(errors: list[Record], target: Any) -> Record:
    return {
        "valid": False,
        "errors": errors,
        "record": None,
        "answer": None,
        "target_seq": target,
        "scores": None,
    }


def next_turn(head: Mapping[str, Any], entries: Sequence[Mapping[str, Any]]) -> Any:
    """Who deals and who is forehand next on the log ``entries`` (the engine's ``next``, as
    ``scorer.matches.matchview.next_turn``): the deal form offline starts from it."""
    answer = score(match_record(head, _state(entries).deals))["answer"]
    if not answer or answer.get("finished") or not isinstance(answer.get("next"), dict):
        return None
    return answer["next"]


def warm(head: Mapping[str, Any], entries: Sequence[Mapping[str, Any]]) -> Any:
    """Ready the engine for the first check on ``head``'s match while nothing waits for it: the
    game's record module imported and the log scored, as a check does besides reading the new
    entry (the tablet starts the engine this way while the network is still there)."""
    _records(str(head["game"]))
    return next_turn(head, entries)


def engine_answer(function: str, argument: Any) -> Any:
    """A public engine function's answer to one JSON argument (for the parity of engines)."""
    allowed = {
        "score_match": rules_engine.score_match,
        "score_deal": rules_engine.score_deal,
        "legal_cards": rules_engine.legal_cards,
        "score_passe": rules_engine.score_passe,
        "score_tournament": rules_engine.score_tournament,
    }
    try:
        return allowed[function](argument)
    except InvalidRecord as error:
        return {"invalid_record": error.to_json()}


CALLS: dict[str, Callable[..., Any]] = {
    "check": check,
    "next_turn": next_turn,
    "warm": warm,
    "start_match": start_match,
    "score": score,
    "derive": derive,
    "deal_record": deal_record,
    "match_record": match_record,
    "engine_answer": engine_answer,
}


def call(name: str, arguments_json: str) -> str:
    """The browser's one door: ``CALLS[name](*arguments)`` as canonical JSON text
    (``{"ok": …}`` or ``{"shape": …}``), the same bytes CPython would give."""
    arguments = json.loads(arguments_json)
    try:
        result: Any = {"ok": CALLS[name](*arguments)}
    except ShapeError as error:
        result = {"shape": {"field": error.field, "message": error.message}}
    return json.dumps(result, ensure_ascii=False, sort_keys=True, separators=(",", ":"))

"""The tablet's side of an offline table: what runs under Pyodide next to ``rules_engine``.

Standard library and ``rules_engine`` only (no Flask, WTForms, Babel): the browser gets this
file and the engine's sources as they are installed on the server (``scorer.offline.bundle``)
and calls :func:`call` with JSON. Each function here mirrors a server function that cannot
run in a browser, and a test holds the pair equal:

- :func:`deal_record` mirrors the deal forms' record builders (``scorer/games/<game>/deal.py``
  over WTForms), field name by field name;
- :func:`derive` mirrors ``scorer.store.log.derive`` (the deals in force after undos and
  corrections, what an undo or a redo would cancel);
- :func:`match_record` mirrors ``scorer.scoring.match_record``.

What the tablet says offline is what the server says online because the verdict itself comes
from the same ``rules_engine.score_match``; the server judges every entry again when it
arrives (``scorer.offline.views.sync``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import rules_engine
from rules_engine.cards import Card
from rules_engine.errors import InvalidNotation, InvalidRecord

Fields = Mapping[str, str]
Record = dict[str, Any]

#: The natural order of ranks the quick-meld selects count runs in (``scorer.web.display``).
NATURAL = ("6", "7", "8", "9", "T", "J", "Q", "K", "A")
#: Schieber's contracts, in the order of the set-up's factor fields.
CONTRACTS = ("H", "D", "S", "C", "obenabe", "undenufe")
#: The two quick-meld selects per seat (``scorer.web.forms.SLOTS``).
MELD_SLOTS = (1, 2)
#: The order a four of a kind's cards are written in, per game's deal form.
FOUR_SUITS = {"schieber": ("H", "C", "D", "S"), "klammern": ("C", "S", "H", "D")}
#: The choices of the quick-meld selects per game's deal form: kinds, suits, top cards.
MELD_CHOICES = {
    "schieber": (
        ("run3", "run4", "run5", "run6", "run7", "run8", "run9", "four"),
        ("H", "D", "S", "C"),
        NATURAL,
    ),
    "klammern": (("run3", "run4", "run5", "run6", "run7", "run8"), ("C", "S", "H", "D"), NATURAL[1:]),
}
#: The longest typed cards a seat's field takes (``scorer.web.forms.TYPED_CARDS_LENGTH``).
TYPED_CARDS_LENGTH = 200
#: WTForms' BooleanField reads these as unticked.
FALSE_VALUES = ("false", "")
_CARD_WORDS = re.compile(r"[\s,]+")
_FIELD_PREFIX = re.compile(r"^(?:deals\[(\d+)\]|deal (\d+))?[.:\s]*([A-Za-z_][\w.\[\]]*):")


class Shape(Exception):
    """A field whose value cannot become a record (the deal form would refuse it)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


# --- reading form fields as WTForms does -------------------------------------------------


def _text(fields: Fields, name: str) -> str:
    return str(fields.get(name) or "").strip()


def _ticked(fields: Fields, name: str) -> bool:
    return name in fields and _text(fields, name) not in FALSE_VALUES


def _integer(fields: Fields, name: str) -> int | None:
    text = _text(fields, name)
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise Shape(name, "Not a valid integer value.") from None


def _choice(fields: Fields, name: str, allowed: Sequence[str], *, required: bool = True) -> str:
    text = _text(fields, name)
    if not text and not required:
        return ""
    if text not in allowed:
        raise Shape(name, "Not a valid choice." if text else "This field is required.")
    return text


def _seat_or_none(fields: Fields, name: str) -> int | None:
    text = _choice(fields, name, ("", "1", "2", "3", "4"), required=False)
    return int(text) if text else None


def _words(text: str) -> list[str]:
    return [word for word in _CARD_WORDS.split(text.strip()) if word]


def read_groups(text: str) -> list[list[str]]:
    """Typed card groups as ``scorer.web.card_text.read_groups`` reads them."""
    groups: list[list[str]] = []
    for part in text.split(";"):
        codes = []
        for word in _words(part):
            try:
                codes.append(str(Card.parse(word)))
            except InvalidNotation:
                codes.append(word.upper().replace("10", "T"))
        if codes:
            groups.append(codes)
    return groups


def _quick_meld(kind: str, suit: str, top: str, four_suits: Sequence[str]) -> list[str]:
    if kind == "four":
        return [s + top for s in four_suits]
    length = int(kind.removeprefix("run"))
    high = NATURAL.index(top)
    if high - length + 1 < 0:
        raise ValueError(top)
    return [suit + NATURAL[i] for i in range(high - length + 1, high + 1)]


def _check_meld_fields(fields: Fields, game: str, prefix: str) -> None:
    """The form judges the Weis fields of all four seats, also those a smaller table lacks."""
    kinds, suits, tops = MELD_CHOICES[game]
    for seat in range(1, 5):
        for slot in MELD_SLOTS:
            name = f"{prefix}_{seat}_{slot}"
            _choice(fields, f"{name}_kind", kinds, required=False)
            _choice(fields, f"{name}_suit", suits, required=False)
            _choice(fields, f"{name}_top", tops, required=False)
        if len(str(fields.get(f"{prefix}_{seat}_cards") or "")) > TYPED_CARDS_LENGTH:
            raise Shape(
                f"{prefix}_{seat}_cards", f"Field cannot be longer than {TYPED_CARDS_LENGTH} characters."
            )


def _melds(fields: Fields, game: str, prefix: str, seat: int) -> list[list[str]]:
    kinds, suits, tops = MELD_CHOICES[game]
    groups: list[list[str]] = []
    for slot in MELD_SLOTS:
        name = f"{prefix}_{seat}_{slot}"
        kind = _choice(fields, f"{name}_kind", kinds, required=False)
        suit = _choice(fields, f"{name}_suit", suits, required=False)
        top = _choice(fields, f"{name}_top", tops, required=False)
        if not kind:
            continue
        if not top or (kind != "four" and not suit):
            raise Shape(f"{prefix}_{seat}", "Choose the suit and the top card of the Weis.")
        try:
            groups.append(_quick_meld(kind, suit, top, FOUR_SUITS[game]))
        except ValueError:
            raise Shape(f"{prefix}_{seat}", "No such run: it would start below the lowest card.") from None
    groups.extend(read_groups(_text(fields, f"{prefix}_{seat}_cards")))
    return groups


# --- the deal forms' records ----------------------------------------------------------------


def _schieber(fields: Fields, settings: Mapping[str, Any]) -> Record:
    _check_meld_fields(fields, "schieber", "weis")
    contract = _choice(fields, "contract", ("H", "C", "D", "S", "obenabe", "undenufe"))
    forehand = int(_choice(fields, "forehand", ("1", "2", "3", "4")))
    team = int(_choice(fields, "team", ("1", "2")))
    points: dict[str, Any] = {"team": team}
    value = _integer(fields, "points")
    if _ticked(fields, "match"):
        points["match"] = True
    elif value is None:
        raise Shape("points", "Enter the trick points, or tick Match.")
    else:
        points["value"] = value
    values = {team: _weis_values(fields, f"weis_values_{team}") for team in ("1", "2")}
    best = _choice(fields, "weis_best", ("", "1", "2"), required=False)
    weis = {str(seat): groups for seat in range(1, 5) if (groups := _melds(fields, "schieber", "weis", seat))}
    stated: Record = {
        "forehand": forehand,
        "contract": contract,
        "pushed": _ticked(fields, "pushed"),
        "points": points,
        "weis": weis,
        "stoeck": _seat_or_none(fields, "stoeck"),
    }
    reached = _choice(fields, "reached_first", ("", "1", "2"), required=False)
    if reached:
        stated["reached_first"] = int(reached)
    if any(values.values()):
        # Added only when given, as on the server: a deal entered by cards keeps its record.
        stated["weis_values"] = {team: items for team, items in values.items() if items}
        if best:
            stated["weis_best"] = int(best)
    return stated


def _weis_values(fields: Fields, name: str) -> list[int]:
    """Weis by value as ``scorer.games.schieber.forms.read_values`` reads them ("50 20",
    "50+20", "50,20"): whole numbers above zero, each a single Weis's value."""
    return _values(fields, name, "Weis")


def _values(fields: Fields, name: str, what: str) -> list[int]:
    """Values as the deal forms' ``read_values`` read them (any script's digits; spaces, "+",
    commas and the Arabic comma between them)."""
    text = str(fields.get(name) or "")
    if what == "melds":  # Klammern's form also takes the Arabic comma; Schieber's does not (yet)
        text = text.replace("\u060c", " ")
    parts = text.replace("+", " ").replace(",", " ").split()
    try:
        values = [int(part) for part in parts]
    except ValueError:
        values = [0]
    if any(value <= 0 for value in values):
        raise Shape(name, f"Write the {what} as their values, such as 50 20.")
    return values


def _klammern(fields: Fields, settings: Mapping[str, Any]) -> Record:
    players = int(settings.get("players") or 4)
    _check_meld_fields(fields, "klammern", "melds")
    forehand = int(_choice(fields, "forehand", ("1", "2", "3", "4")))
    trump = _choice(fields, "trump", ("C", "S", "H", "D"))
    how = _choice(fields, "how", ("orgi", "kleines", "besser"))
    declarer = int(_choice(fields, "declarer", ("1", "2", "3", "4")))
    bella = _seat_or_none(fields, "bella")
    team_text = _choice(fields, "team", ("1", "2"), required=False)
    numbers = {
        name: _integer(fields, name)
        for name in ("points", "side_1", "side_2", "side_3", "revoke_1", "revoke_2", "revoke_3")
    }
    sides = players if players < 4 else 2
    # The form judges all three fields; a side the table lacks is never read (K1.1).
    meld_values = {str(side): _values(fields, f"meld_values_{side}", "melds") for side in (1, 2, 3)}
    meld_best = _choice(
        fields, "meld_best", tuple(["", *(str(n) for n in range(1, sides + 1))]), required=False
    )
    revoke_seat = _seat_or_none(fields, "revoke_seat")
    march = _seat_or_none(fields, "durchmarsch")
    melds = {
        str(seat): groups
        for seat in range(1, players + 1)
        if (groups := _melds(fields, "klammern", "melds", seat))
    }
    stated: Record = {
        "forehand": forehand,
        "trump": trump,
        "declarer": declarer,
        "how": how,
        "kontra": _ticked(fields, "kontra"),
        "re": _ticked(fields, "re"),
        "melds": melds,
        "bella": bella,
        "revoke": None,
        "durchmarsch": None,
    }
    given = {side: meld_values[str(side)] for side in range(1, sides + 1)}
    if any(given.values()):
        # Added only when given, as on the server: a deal entered by cards keeps its record.
        stated["meld_values"] = {str(side): items for side, items in given.items() if items}
        if meld_best:
            stated["meld_best"] = int(meld_best)
    if revoke_seat is not None:
        values = [numbers[f"revoke_{n}"] for n in range(1, sides + 1)]
        if any(v is None for v in values):
            raise Shape("revoke", "Enter every side's card points at the moment of the revoke.")
        stated["revoke"] = {"seat": revoke_seat, "points": values}
    elif march is not None:
        stated["durchmarsch"] = march
        side = (1 if march % 2 == 1 else 2) if players == 4 else march
        stated["points"] = {"team": side, "all_tricks": _ticked(fields, "all_tricks")}
    elif players == 4:
        if numbers["points"] is None:
            raise Shape("points", "Enter the card points.")
        stated["points"] = {"team": int(team_text or "1"), "value": numbers["points"]}
    else:
        values = [numbers[f"side_{n}"] for n in range(1, players + 1)]
        if any(v is None for v in values):
            raise Shape("points", "Enter every player's card points.")
        stated["points"] = {"sides": values}
    return stated


#: The games whose deal form the tablet can read offline.
BUILDERS: dict[str, Callable[[Fields, Mapping[str, Any]], Record]] = {
    "schieber": _schieber,
    "klammern": _klammern,
}


def deal_record(fields: Fields, settings: Mapping[str, Any]) -> Record:
    """The deal record the deal form's ``fields`` state, as the server's form would build it.

    :raises Shape: a field the form would refuse.
    :raises KeyError: a game the tablet cannot read offline.
    """
    return BUILDERS[str(settings["game"])](fields, settings)


# --- a match started offline -------------------------------------------------------------------

#: Match-level settings copied into the engine's match record, per game (the set-ups' MATCH_FIELDS).
MATCH_FIELDS = {
    "schieber": ("profile", "options", "target", "first_forehand"),
    "klammern": ("players", "format", "options", "target", "target_big", "first_forehand"),
}


def _names(fields: Fields, count: int) -> list[str]:
    return [_text(fields, f"name_{n}")[:40] for n in range(1, count + 1)]


def setup_settings(game: str, fields: Fields) -> Record:
    """The settings a new match's set-up form states, as ``scorer/games/<game>/setup.py``.

    :raises Shape: a field the form would refuse.
    """
    options: dict[str, Any] = {}
    if game == "schieber":
        factors = {k: v for k in CONTRACTS if (v := _integer(fields, f"factor_{k}")) is not None}
        if factors:
            options["factors"] = factors
        for key in ("long_runs", "undenufe_points", "weis_equal_points"):
            if _text(fields, key):
                options[key] = _text(fields, key)
        for key in ("four_nines", "four_low"):
            if (value := _integer(fields, key)) is not None:
                options[key] = value
        if _text(fields, "kreuzweis"):
            options["kreuzweis"] = _text(fields, "kreuzweis") == "yes"
        stated: Record = {
            "game": "schieber",
            "profile": _choice(fields, "profile", ("seed", "official")),
            "options": options,
            "deck": _choice(fields, "deck", ("swiss", "french")),
            "names": _names(fields, 4),
            "players": 4,
            "first_forehand": int(_choice(fields, "rosen7", ("1", "2", "3", "4"))),
        }
        if (target := _integer(fields, "target")) is not None:
            stated["target"] = target
        return stated
    if game != "klammern":
        raise KeyError(game)
    players = int(_choice(fields, "players", ("4", "3", "2")))
    fmt = _text(fields, "format")
    if _text(fields, "jappa_total") == "yes":
        options["jappa_total"] = True
    for key in ("meld_tiebreak", "revoke"):
        if _text(fields, key):
            options[key] = _text(fields, key)
    dealer = int(_choice(fields, "first_dealer", ("1", "2", "3", "4")))
    if dealer > players:
        raise Shape("first_dealer", "There is no such seat with this many players.")
    stated = {
        "game": "klammern",
        "players": players,
        "format": fmt,
        "options": options,
        "deck": "french",
        "names": _names(fields, players),
        "first_forehand": dealer % players + 1,
    }
    if fmt == "liga" and (target := _integer(fields, "target")) is not None:
        stated["target"] = target
    if fmt == "small_big" and (big := _integer(fields, "target_big")) is not None:
        stated["target_big"] = big
    return stated


def head_of(settings: Mapping[str, Any]) -> Record:
    """The match record of no deals, as ``scoring.match_record(settings, [])``."""
    game = str(settings["game"])
    record: Record = {"game": game}
    for key in MATCH_FIELDS[game]:
        if settings.get(key) is not None and settings.get(key) != {}:
            record[key] = settings[key]
    if game == "klammern":
        if settings.get("format") != "liga":
            record.pop("target", None)
        if settings.get("format") != "small_big":
            record.pop("target_big", None)
    record["deals"] = []
    return record


def start_match(game: str, fields: Fields) -> Record:
    """A match started offline: ``{"valid", "errors", "settings", "head"}``; the engine judges
    its empty record as the new-match page does."""
    try:
        settings = setup_settings(game, fields)
    except Shape as error:
        shape: Record = {
            "rule": None,
            "code": "shape",
            "field": error.field,
            "params": {},
            "message": error.message,
        }
        return {"valid": False, "errors": [shape], "settings": None, "head": None}
    head = head_of(settings)
    errors = score(head)["errors"]
    return {"valid": not errors, "errors": errors, "settings": settings, "head": head}


# --- the log ---------------------------------------------------------------------------------

UNDOABLE = ("deal", "correction")


def derive(entries: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The state of a log of ``{seq, kind, target_seq, record}`` entries, as ``log.derive``:
    ``{"version", "slots": [{"slot", "record"}], "last_undoable", "last_redoable"}`` (seqs)."""
    ordered = sorted(entries, key=lambda e: int(e["seq"]))
    undone: set[int] = set()
    for entry in reversed(ordered):
        if entry["seq"] not in undone and entry["kind"] == "undo" and entry.get("target_seq") is not None:
            undone.add(int(entry["target_seq"]))
    by_seq = {int(e["seq"]): e for e in ordered}
    slots: dict[int, list[Record]] = {}
    last_undoable: int | None = None
    redoable: int | None = None
    for entry in ordered:
        seq = int(entry["seq"])
        is_undone = seq in undone
        kind = entry["kind"]
        if kind in UNDOABLE and not is_undone:
            last_undoable, redoable = seq, None
        elif kind == "undo" and not is_undone:
            target = by_seq.get(int(entry.get("target_seq") or 0))
            if target is not None and target["kind"] in UNDOABLE:
                redoable = seq
        if kind == "deal":
            versions = slots.setdefault(seq, [])
        elif kind == "correction" and entry.get("target_seq") in slots:
            versions = slots[int(entry["target_seq"])]
        else:
            continue
        if not is_undone:
            versions.append(dict(entry.get("record") or {}))
    return {
        "version": int(ordered[-1]["seq"]) if ordered else 0,
        "slots": [{"slot": slot, "record": versions[-1]} for slot, versions in slots.items() if versions],
        "last_undoable": last_undoable,
        "last_redoable": redoable,
    }


def match_record(head: Mapping[str, Any], deals: Sequence[Mapping[str, Any]]) -> Record:
    """The match record of ``head`` (the match record of no deals) and ``deals``."""
    record = dict(head)
    if deals:
        record.pop("first_forehand", None)  # the first deal states its own forehand (S2.3, K1.3)
    record["deals"] = [dict(d) for d in deals]
    return record


# --- the verdict -------------------------------------------------------------------------------


def invalid_record_error(error: InvalidRecord) -> Record:
    """As ``scorer.scoring.invalid_record_error``."""
    message = str(error)
    answer: Record = {"rule": None, "code": "invalid_record", "message": message, "params": {}}
    if error.field is not None or error.deal is not None:
        answer.update({k: v for k, v in error.to_json().items() if k != "message"})
        return answer
    found = _FIELD_PREFIX.match(message)
    if found:
        deal = found.group(1) or found.group(2)
        if deal is not None:
            answer["deal"] = int(deal)
        answer["field"] = found.group(3)
    return answer


def score(record: Mapping[str, Any]) -> Record:
    """The engine's verdict on a match record: ``{"answer", "errors"}`` as the server's
    ``scoring.score`` gives them (``answer`` None when the match breaks a rule)."""
    try:
        answer: Record = dict(rules_engine.score_match(dict(record)))
    except InvalidRecord as error:
        return {"answer": None, "errors": [invalid_record_error(error)]}
    errors = list(answer.get("errors") or [])
    if answer.get("valid") is False and not errors:
        errors = [{"rule": None, "code": "invalid", "params": {}, "message": "invalid"}]
    return {"answer": None if errors else answer, "errors": errors}


def check(
    head: Mapping[str, Any],
    entries: Sequence[Mapping[str, Any]],
    entry: Mapping[str, Any],
    settings: Mapping[str, Any],
) -> Record:
    """Judge one new ``entry`` (kind ``deal``/``correction`` with ``fields``, or ``undo``/``redo``)
    on the log ``entries``: ``{"valid", "errors", "record", "answer", "target_seq"}``.

    The whole match (the deals in force with the new one) goes to the engine, as the deal
    views do online; a shape error is keyed by its field like the form's own.
    """
    state = derive(entries)
    kind = entry["kind"]
    record: Record | None = None
    target = entry.get("target_seq")
    deals = [s["record"] for s in state["slots"]]
    index: int | None = None
    if kind in ("deal", "correction"):
        try:
            record = deal_record(entry.get("fields") or {}, settings)
        except Shape as error:
            shape: Record = {
                "rule": None,
                "code": "shape",
                "field": error.field,
                "params": {},
                "message": error.message,
            }
            return {"valid": False, "errors": [shape], "record": None, "answer": None, "target_seq": target}
        if kind == "deal":
            index = len(deals)
            deals.append(record)
        else:
            index = next((i for i, s in enumerate(state["slots"]) if s["slot"] == target), None)
            if index is None:
                return _nothing(kind, target)
            deals[index] = record
    else:
        target = state["last_undoable"] if kind == "undo" else state["last_redoable"]
        if target is None:
            return _nothing(kind, target)
        probe = {"seq": state["version"] + 1, "kind": "undo", "target_seq": target}
        deals = [s["record"] for s in derive([*entries, probe])["slots"]]
    verdict = score(match_record(head, deals))
    errors = verdict["errors"]
    if index is not None:
        errors = [{k: v for k, v in e.items() if not (k == "deal" and v == index)} for e in errors]
    return {
        "valid": not errors,
        "errors": errors,
        "record": record,
        "answer": verdict["answer"],
        "target_seq": target,
    }


def next_turn(head: Mapping[str, Any], entries: Sequence[Mapping[str, Any]]) -> Any:
    """Who deals and who is forehand next on the log ``entries`` (the engine's ``next``, as
    ``scorer.matches.matchview.next_turn``): the deal form offline starts from it."""
    deals = [s["record"] for s in derive(entries)["slots"]]
    answer = score(match_record(head, deals))["answer"]
    if not answer or answer.get("finished") or not isinstance(answer.get("next"), dict):
        return None
    return answer["next"]


def _nothing(kind: str, target: Any) -> Record:
    error: Record = {
        "rule": None,
        "code": f"nothing_to_{kind}",
        "params": {},
        "message": f"nothing to {kind}",
    }
    return {"valid": False, "errors": [error], "record": None, "answer": None, "target_seq": target}


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
    except Shape as error:
        result = {"shape": {"field": error.field, "message": error.message}}
    return json.dumps(result, ensure_ascii=False, sort_keys=True, separators=(",", ":"))

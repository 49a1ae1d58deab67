"""The view-model of a scoresheet: a match record and the engine's answers as rows of data.

Every figure is copied from the engine's answers (``rules_engine.score_match``), never
recomputed here. A running total after deal *i* is the engine's ``scores`` for the match up
to deal *i*: taken from the deal's answer when the engine gives it there, else from
``score_match`` of that prefix. The game's columns and figures come from its sheet part.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rules_engine.resume import json_copy
from rules_engine.seats import side_count
from scorer.games.sheet import Header, Result, Row, SheetView, sides_of
from scorer.sheets.pdf.model import Answer, ScoreMatch, SheetError, record_game, sheet_part
from scorer.web.pdf_text import parse_when

if TYPE_CHECKING:
    from scorer.games.sheet import SheetPart

#: Match metadata a scoresheet may carry next to the engine's record (never sent to the engine).
META_KEYS = frozenset({"meta", "place", "date", "event", "names", "teams", "deck"})
#: Per-deal metadata: a corrected deal carries its correction time.
DEAL_META_KEYS = frozenset({"corrected_at"})


def split_document(
    document: Mapping[str, Any],
) -> tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
    """Separate a stored match document into the engine's record, match metadata and
    per-deal metadata. Metadata keys: ``meta`` (an object), ``place``, ``date``, ``event``,
    ``names`` (player names by seat, a list or an object), ``teams``, ``deck``; a four-player
    game's ``players`` when it is a list of names; ``corrected_at`` on a deal.

    :raises SheetError: the document is not a JSON object with a list of deals.
    """
    if not isinstance(document, Mapping):
        raise SheetError(f"a match must be a JSON object, not {type(document).__name__}")
    record = {k: json_copy(v) for k, v in document.items() if k not in META_KEYS}
    meta: dict[str, Any] = dict(document.get("meta") or {})
    for key in META_KEYS - {"meta"}:
        if key in document:
            meta.setdefault(key, document[key])
    if isinstance(record.get("players"), (list, dict)):
        meta.setdefault("names", record.pop("players"))
    deals = record.get("deals")
    if not isinstance(deals, list):
        raise SheetError("deals: a match record needs a list of deals")
    deal_meta: list[dict[str, Any]] = []
    clean: list[Any] = []
    for deal in deals:
        if isinstance(deal, Mapping):
            deal_meta.append({k: deal[k] for k in DEAL_META_KEYS if k in deal})
            clean.append({k: v for k, v in deal.items() if k not in DEAL_META_KEYS})
        else:
            deal_meta.append({})
            clean.append(deal)
    record["deals"] = clean
    return record, meta, deal_meta


def engine_states(record: Mapping[str, Any], answer: Answer, score_match: ScoreMatch) -> list[dict[str, Any]]:
    """The engine's state after each deal: ``{"scores": ..., "laube": ...}`` per deal.

    Running totals come from the answer itself when the engine gives them (``running``, or
    per-deal ``scores_after``); anything missing (and a Laube the answer states only for the
    end) is asked of the engine for each prefix
    of the match, so every figure stays the engine's.
    """
    deals = list(record.get("deals") or [])
    answers = answer.get("deals") or []
    running = answer.get("running")
    states: list[dict[str, Any]] = []
    for i in range(len(deals)):
        figures = answers[i] if i < len(answers) and isinstance(answers[i], Mapping) else {}
        if isinstance(running, Sequence) and i < len(running):
            states.append({"scores": running[i]})
        elif figures.get("scores_after") is not None:
            states.append({"scores": figures["scores_after"]})
        elif figures.get("scores") is not None:
            states.append({"scores": figures["scores"]})
        else:
            states.append({})
    part = sheet_part(record_game(record))
    keeps_laube = part is not None and part.keeps_laube(record)
    if part is not None and keeps_laube and all("scores" in state for state in states):
        for state, laube in zip(states, part.laube_by_deal(record, answer, len(states))):
            if laube is not None:
                state["laube"] = laube
    for i, state in enumerate(states):
        if "scores" not in state or (keeps_laube and "laube" not in state):
            prefix = score_match({**record, "deals": deals[: i + 1]})
            state.setdefault("scores", prefix.get("scores", prefix.get("totals")))
            state.setdefault("laube", prefix.get("laube") or [])
    return states


def _names(meta: Mapping[str, Any], players: int) -> tuple[str | None, ...]:
    raw = meta.get("names")
    if isinstance(raw, Mapping):
        return tuple((str(raw.get(str(s)) or raw.get(s) or "") or None) for s in range(1, players + 1))
    if isinstance(raw, Sequence) and not isinstance(raw, str):
        return tuple((str(x) if x else None) for x in raw)[:players]
    return ()


def _dealer(forehand: Any, players: int) -> int | None:
    # S2.3/K1.3: the dealer plays just before forehand.
    if isinstance(forehand, int) and 1 <= forehand <= players:
        return (forehand - 2) % players + 1
    return None


def _game(record: Mapping[str, Any]) -> tuple[str, SheetPart]:
    """The record's game and its sheet part.

    :raises SheetError: a game without sheets.
    """
    game = record_game(record)
    part = sheet_part(game)
    if part is None:
        raise SheetError(f"game: unknown game {game!r}")
    return game, part


def _header(
    record: Mapping[str, Any], meta: Mapping[str, Any], game: str, part: SheetPart, players: int
) -> Header:
    options = record.get("options") or {}
    shown = (
        tuple(sorted((str(k), _option_text(v)) for k, v in options.items()))
        if isinstance(options, Mapping)
        else ()
    )
    teams = meta.get("teams") or ()
    if isinstance(teams, Mapping):
        teams = [teams.get(str(n)) for n in range(1, side_count(players) + 1)]
    try:
        when = parse_when(meta.get("date"))
    except ValueError as error:
        raise SheetError(f"date: {error}") from None
    deck = str(meta.get("deck") or part.default_deck)
    if deck not in ("swiss", "french"):
        raise SheetError(f"deck: unknown deck {deck!r} (use swiss or french)")
    fmt, profile, target = part.header_fields(record)
    return Header(
        game=game,
        format=fmt,
        profile=profile,
        options=shown,
        target=target,
        players=players,
        sides=sides_of(
            players,
            [str(t) if t else "" for t in teams],
            _names(meta, players),
            alone=bool(getattr(part, "alone", False)),
        ),
        date=when,
        place=str(meta["place"]) if meta.get("place") else None,
        event=str(meta["event"]) if meta.get("event") else None,
        deck=deck,
    )


def _option_text(value: Any) -> str:
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(item) for item in value)
    return str(value)


def _corrected(meta: Mapping[str, Any], index: int) -> Any:
    try:
        return parse_when(meta.get("corrected_at"))
    except ValueError as error:
        raise SheetError(f"deals[{index}].corrected_at: {error}") from None


def scoresheet_view(
    record: Mapping[str, Any],
    answer: Answer,
    states: Sequence[Answer],
    meta: Mapping[str, Any] | None = None,
    deal_meta: Sequence[Mapping[str, Any]] = (),
) -> SheetView:
    """The scoresheet of a scored match: header, a row per deal, the result.

    ``answer`` is ``score_match(record)``; ``states[i]`` the engine's answer for the match
    up to deal *i* (see :func:`engine_states`).

    :raises SheetError: the engine rejected the match (its errors are attached).
    """
    if not answer.get("valid", False):
        errors = list(answer.get("errors") or [])
        first = errors[0] if errors else {}
        where = f" (deal {first['deal'] + 1})" if isinstance(first.get("deal"), int) else ""
        raise SheetError(
            f"the engine rejects this match{where}: {first.get('rule', '')} {first.get('message', '')}".strip(),
            errors,
        )
    meta = meta or {}
    game, part = _game(record)
    players = part.players(record)
    header = _header(record, meta, game, part, players)
    sides = len(header.sides)
    if isinstance(answer.get("target"), int):
        # The engine states the target in force (the profile's default when the record has none).
        header = replace(header, target=answer["target"])
    elif header.target is None and (goal := part.default_target(header.format)) is not None:
        header = replace(header, target=goal)
    deals: Sequence[Mapping[str, Any]] = record.get("deals") or []
    answers: Sequence[Answer] = answer.get("deals") or []
    if len(answers) != len(deals) or len(states) != len(deals):
        raise SheetError(
            f"the engine answered {len(answers)} deals and {len(states)} states for {len(deals)} deals"
        )
    rows: list[Row] = []
    figures = part.rows(deals, answers, states, answer, header)
    for i, (deal, (values, marks)) in enumerate(zip(deals, figures)):
        shared: dict[str, Any] = {"n": i + 1, "dealer": _dealer(deal.get("forehand"), players)}
        corrected = _corrected(deal_meta[i], i) if i < len(deal_meta) else None
        rows.append(Row(i + 1, shared | values, tuple(marks), corrected))
    result_figures, result_marks = part.result(header, answer, sides)
    winner = answer.get("winner")
    result = Result(
        bool(answer.get("finished")),
        winner if isinstance(winner, int) else None,
        tuple(result_figures),
        tuple(result_marks),
    )
    return SheetView(header, part.columns(header), tuple(rows), result)


def _game_score(record: Mapping[str, Any]) -> ScoreMatch | None:
    """The engine entry of the record's game when it is not ``score_match`` (the game's ``score``)."""
    from scorer import games

    try:
        return games.sheet_game(record_game(record)).score
    except games.UnknownGame:
        return None


def build_scoresheet(
    document: Mapping[str, Any], score_match: ScoreMatch | None = None, answer: Answer | None = None
) -> SheetView:
    """Score a stored match document with the engine and build its scoresheet view.

    ``answer``: the engine's answer to the document's record when the caller has it already
    (the app scored the match to show it); asking again would only repeat the work.

    :raises SheetError: the document is malformed or the engine rejects the match.
    """
    from rules_engine import InvalidRecord
    from rules_engine import score_match as engine_score_match

    record, meta, deal_meta = split_document(document)
    score = score_match or _game_score(record) or engine_score_match
    try:
        if answer is None:
            answer = score(record)
        states = engine_states(record, answer, score) if answer.get("valid") else []
    except InvalidRecord as error:
        raise SheetError(f"not a match record: {error}") from None
    return scoresheet_view(record, answer, states, meta, deal_meta)

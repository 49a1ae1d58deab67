"""View-models of the PDFs: plain, language-neutral data, tested as data (STYLE.md 13).

A scoresheet is built from a match record and the engine's answers; every figure in it is
copied from those answers (``rules_engine.score_match``), never recomputed here. A running
total after deal *i* is the engine's ``scores`` for the match up to deal *i*: taken from the
deal's answer when the engine gives it there, else from ``score_match`` of that prefix.

A pad is the same table with blank rows, plus the game's extra boxes (chalk board,
rounding table, dice tally). Labels are English source strings marked with ``N_``; the
renderers translate them.

Shapes (sides are numbered 1..S; per-side values are tuples with side 1 first):

>>> view = pad_view("schieber", teams=("Bern", "Thun"))
>>> [side.name for side in view.header.sides], view.header.target, view.schneider
(['Bern', 'Thun'], 3000, 1500)
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rules_engine.klammern.formats.liga import DEFAULT_TARGET as LIGA_DEFAULT_TARGET
from rules_engine.schieber.contracts import DEFAULT_TARGET as SCHIEBER_DEFAULT_TARGET
from rules_engine.seats import seats_of_side, side_count
from scorer.sheets.pdf.text import N_, parse_when

Answer = Mapping[str, Any]
ScoreMatch = Callable[[Mapping[str, Any]], dict[str, Any]]

GAMES = ("schieber", "klammern")
FORMATS = ("small_big", "liga", "hamburg")
#: Match metadata a scoresheet may carry next to the engine's record (never sent to the engine).
META_KEYS = frozenset({"meta", "place", "date", "event", "names", "teams", "deck"})
#: Per-deal metadata (issue 5: corrected deals carry their correction time).
DEAL_META_KEYS = frozenset({"corrected_at"})


class SheetError(ValueError):
    """The match cannot be printed: not a record, or the engine rejects it."""

    def __init__(self, message: str, errors: Sequence[Mapping[str, Any]] = ()) -> None:
        super().__init__(message)
        self.errors = list(errors)


# --- the data -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Column:
    """One column: its key in the rows, English label, how its values print, width weight.

    Kinds: ``index`` (deal number), ``seat``, ``contract``, ``factor``, ``figure`` (a score,
    0 printed), ``bonus`` (Weis/Stöck/melds/Bella, 0 left blank), ``how``, ``kr`` (Kontra/Re),
    ``check`` (an empty box on pads), ``marks`` (state marks and corrections).
    """

    key: str
    label: str
    kind: str
    per_side: bool = False
    width: float = 1.0


@dataclass(frozen=True, slots=True)
class Mark:
    """A state mark on a deal or result: ``code`` plus the side/value it is about.

    Codes: ``match`` (value = bonus), ``schneider``, ``kalte``, ``laube``, ``must_play``,
    ``durchmarsch`` (value = all tricks taken), ``revoke`` (value = seat), ``lost``
    (the declarer's side lost the deal), ``ended_on`` (the match ended on this deal's
    ``stoeck``/``weis``/``trick_points``, S7.2), ``must_play_missed`` (K7.5), ``pushed``.
    """

    code: str
    side: int | None = None
    value: int | float | bool | str | None = None


@dataclass(frozen=True, slots=True)
class Row:
    """One deal: column key -> value (per-side columns hold a tuple)."""

    number: int
    values: Mapping[str, Any]
    marks: tuple[Mark, ...] = ()
    corrected_at: Any = None  # datetime.datetime | datetime.date | None

    def __getitem__(self, key: str) -> Any:
        return self.values[key]


@dataclass(frozen=True, slots=True)
class Side:
    number: int
    name: str | None
    seats: tuple[int, ...]
    players: tuple[str | None, ...]


@dataclass(frozen=True, slots=True)
class Header:
    game: str
    format: str | None = None
    profile: str | None = None
    options: tuple[tuple[str, str], ...] = ()
    target: int | None = None
    players: int = 4
    sides: tuple[Side, ...] = ()
    date: Any = None
    place: str | None = None
    event: str | None = None
    deck: str = "swiss"

    def seat_name(self, seat: int) -> str | None:
        for side in self.sides:
            if seat in side.seats:
                return side.players[side.seats.index(seat)]
        return None


@dataclass(frozen=True, slots=True)
class Result:
    """The match's end (or its state so far): labelled per-side figures, winner, marks."""

    finished: bool
    winner: int | None
    figures: tuple[tuple[str, tuple[int | float, ...]], ...]
    marks: tuple[Mark, ...] = ()


@dataclass(frozen=True, slots=True)
class SheetView:
    header: Header
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    result: Result


@dataclass(frozen=True, slots=True)
class PadView:
    header: Header
    columns: tuple[Column, ...]
    #: Extra boxes: ``chalkboard`` (Schieber), ``big_tally`` (small/big), ``rounding`` (Liga), ``dice`` (Hamburg).
    extras: tuple[str, ...] = ()
    schneider: int | None = None
    rounding: tuple[tuple[int, int, int], ...] = field(default=())


# --- columns per game -------------------------------------------------------------------

_INDEX = Column("n", N_("#"), "index", width=0.55)
_DEALER = Column("dealer", N_("Dealer"), "seat", width=1.3)

SCHIEBER_SHEET = (
    _INDEX,
    _DEALER,
    Column("forehand", N_("Forehand"), "seat", width=1.3),
    Column("contract", N_("Contract"), "contract", width=1.4),
    Column("factor", N_("Factor"), "factor", width=0.7),
    Column("points", N_("Points"), "figure", per_side=True),
    Column("weis", N_("Weis"), "bonus", per_side=True),
    Column("stoeck", N_("Stöck"), "bonus", per_side=True),
    Column("total", N_("Deal"), "figure", per_side=True),
    Column("running", N_("Total"), "figure", per_side=True, width=1.15),
    Column("marks", N_("Notes"), "marks", width=2.2),
)
_K_LEAD = (
    _INDEX,
    _DEALER,
    Column("contract", N_("Trump"), "contract", width=1.2),
    Column("declarer", N_("Declarer"), "seat", width=1.3),
    Column("how", N_("Game"), "how", width=1.0),
    Column("kr", N_("Kontra/Re"), "kr", width=0.9),
)
KLAMMERN_SHEET: Mapping[str, tuple[Column, ...]] = {
    "small_big": _K_LEAD
    + (
        Column("melds", N_("Melds"), "bonus", per_side=True, width=0.85),
        Column("bella", N_("Bella"), "bonus", per_side=True, width=0.85),
        Column("points", N_("Points"), "figure", per_side=True, width=0.9),
        Column("small", N_("Small"), "figure", per_side=True, width=0.8),
        Column("running", N_("Small total"), "figure", per_side=True, width=0.9),
        Column("big", N_("Big total"), "figure", per_side=True, width=0.9),
        Column("marks", N_("Notes"), "marks", width=2.0),
    ),
    "liga": _K_LEAD
    + (
        Column("melds", N_("Melds"), "bonus", per_side=True, width=0.85),
        Column("bella", N_("Bella"), "bonus", per_side=True, width=0.85),
        Column("points", N_("Points"), "figure", per_side=True, width=0.9),
        Column("augen", N_("Augen"), "figure", per_side=True, width=0.85),
        Column("running", N_("Total"), "figure", per_side=True, width=0.9),
        Column("marks", N_("Notes"), "marks", width=2.0),
    ),
    "hamburg": _K_LEAD
    + (
        Column("points", N_("Points"), "figure", per_side=True, width=0.9),
        Column("dice", N_("Dice"), "figure", per_side=True, width=0.85),
        Column("running", N_("Total"), "figure", per_side=True, width=0.9),
        Column("marks", N_("Notes"), "marks", width=2.0),
    ),
}

SCHIEBER_PAD = (
    _INDEX,
    _DEALER,
    Column("contract", N_("Contract"), "contract", width=1.5),
    Column("factor", N_("Factor"), "factor", width=0.8),
    Column("points", N_("Points"), "figure", per_side=True, width=1.1),
    Column("weis", N_("Weis"), "bonus", per_side=True),
    Column("stoeck", N_("Stöck"), "bonus", per_side=True),
    Column("running", N_("Total"), "figure", per_side=True, width=1.3),
    Column("check", N_("= 157 × factor"), "check", width=1.2),
)
_K_PAD_LEAD = (
    _INDEX,
    _DEALER,
    Column("contract", N_("Trump"), "contract", width=1.1),
    Column("declarer", N_("Declarer"), "seat", width=1.3),
    Column("kontra", N_("Kontra"), "check", width=0.8),
    Column("re", N_("Re"), "check", width=0.6),
)
KLAMMERN_PAD: Mapping[str, tuple[Column, ...]] = {
    "small_big": _K_PAD_LEAD
    + (
        Column("small", N_("Small"), "figure", per_side=True, width=0.8),
        Column("running", N_("Small total"), "figure", per_side=True, width=0.9),
        Column("laube", N_("Laube"), "check", per_side=True, width=0.8),
        Column("big", N_("Big"), "figure", per_side=True, width=0.8),
        Column("kalte", N_("Kalte"), "check", width=0.8),
    ),
    "liga": _K_PAD_LEAD
    + (
        Column("points", N_("Points"), "figure", per_side=True, width=0.9),
        Column("augen", N_("Augen"), "figure", per_side=True, width=0.85),
        Column("running", N_("Total"), "figure", per_side=True, width=0.9),
        Column("durchmarsch", N_("Durchmarsch"), "check", width=1.2),
    ),
    "hamburg": (
        _INDEX,
        _DEALER,
        Column("contract", N_("Trump"), "contract", width=1.1),
        Column("declarer", N_("Declarer"), "seat", width=1.3),
        Column("orgi", N_("Orgi"), "check", width=0.75),
        Column("little", N_("Little one"), "check", width=0.9),
        Column("won", N_("Won"), "check", width=0.7),
        Column("kontra", N_("Kontra"), "check", width=0.8),
        Column("re", N_("Re"), "check", width=0.6),
        Column("dice", N_("Dice"), "figure", per_side=True, width=0.8),
        Column("running", N_("Total"), "figure", per_side=True, width=0.9),
    ),
}


# --- pads -----------------------------------------------------------------------------


def _sides(players: int, teams: Sequence[str], names: Sequence[str | None]) -> tuple[Side, ...]:
    sides: list[Side] = []
    for number in range(1, side_count(players) + 1):
        seats = tuple(seat.number for seat in seats_of_side(number, players))
        player_names = tuple(names[s - 1] if s - 1 < len(names) else None for s in seats)
        team = teams[number - 1] if number - 1 < len(teams) else None
        if team is None and players != 4:
            team = player_names[0]
        sides.append(Side(number, team or None, seats, player_names))
    return tuple(sides)


def augen_rounding(max_augen: int = 20) -> tuple[tuple[int, int, int], ...]:
    """K8.1 as a lookup table: (lowest points, highest points, Augen), halves rounded up.

    >>> augen_rounding(2)
    ((0, 4, 0), (5, 14, 1), (15, 24, 2))
    """
    # An Auge is 10 game points (K8.1), so n Augen cover 10n-5 .. 10n+4.
    return tuple((max(0, 10 * n - 5), 10 * n + 4, n) for n in range(max_augen + 1))


def pad_view(
    game: str,
    format: str | None = None,
    *,
    target: int | None = None,
    teams: Sequence[str] = (),
    players: Sequence[str] = (),
) -> PadView:
    """The blank pad of a game (issue 5), with the names and target that were given.

    Klammern with two or three ``players`` gets one column group per player (K1.4).

    :raises ValueError: unknown game or format, a format for Schieber, a bad target.
    """
    if game not in GAMES:
        raise ValueError(f"game: unknown game {game!r} (use schieber or klammern)")
    if target is not None and (isinstance(target, bool) or not isinstance(target, int) or target < 1):
        raise ValueError(f"target must be a whole number >= 1, not {target!r}")
    names: tuple[str | None, ...] = tuple(p or None for p in players)
    if game == "schieber":
        if format not in (None, "schieber"):
            raise ValueError(f"format: Schieber has no format {format!r} (formats are Klammern's)")
        if len(names) > 4:
            raise ValueError(f"players: Schieber has 4 players, not {len(names)}")
        # S1.2/S1.3: the seed default target; Schneider is under half the target.
        goal = target if target is not None else SCHIEBER_DEFAULT_TARGET["seed"]
        header = Header("schieber", None, target=goal, players=4, sides=_sides(4, teams, names))
        return PadView(header, SCHIEBER_PAD, ("chalkboard",), schneider=goal // 2 + goal % 2)
    fmt = format or "small_big"
    if fmt not in FORMATS:
        raise ValueError(f"format: unknown Klammern format {fmt!r} (use {', '.join(FORMATS)})")
    count = len(names) if len(names) in (2, 3) else 4
    if len(names) > 4:
        raise ValueError(f"players: Klammern has 2, 3 or 4 players, not {len(names)}")
    if fmt == "liga":
        goal_liga = target if target is not None else LIGA_DEFAULT_TARGET
        header = Header("klammern", fmt, target=goal_liga, players=count, sides=_sides(count, teams, names))
        return PadView(header, KLAMMERN_PAD[fmt], ("rounding",), rounding=augen_rounding())
    header = Header("klammern", fmt, target=target, players=count, sides=_sides(count, teams, names))
    return PadView(header, KLAMMERN_PAD[fmt], ("big_tally",) if fmt == "small_big" else ("dice",))


# --- scoresheets ------------------------------------------------------------------------


def split_document(
    document: Mapping[str, Any],
) -> tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
    """Separate a stored match document into the engine's record, match metadata and
    per-deal metadata. Metadata keys: ``meta`` (an object), ``place``, ``date``, ``event``,
    ``names`` (player names by seat, a list or an object), ``teams``, ``deck``; Schieber's
    ``players`` when it is a list of names; ``corrected_at`` on a deal.

    :raises SheetError: the document is not a JSON object with a list of deals.
    """
    if not isinstance(document, Mapping):
        raise SheetError(f"a match must be a JSON object, not {type(document).__name__}")
    record = {k: copy.deepcopy(v) for k, v in document.items() if k not in META_KEYS}
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

    Running totals come from the answer itself when the engine gives them (Klammern's
    ``running``, Schieber's per-deal ``scores_after``); anything missing (and Klammern's
    Laube, which the answer states only for the end) is asked of the engine for each prefix
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
    small_big = record.get("game") == "klammern" and record.get("format", "small_big") == "small_big"
    if small_big and all("scores" in state for state in states):
        for state, laube in zip(states, _laube_by_deal(record, answer, len(states))):
            if laube is not None:
                state["laube"] = laube
    for i, state in enumerate(states):
        if "scores" not in state or (small_big and "laube" not in state):
            prefix = score_match({**record, "deals": deals[: i + 1]})
            state.setdefault("scores", prefix.get("scores"))
            state.setdefault("laube", prefix.get("laube") or [])
    return states


def _laube_by_deal(record: Mapping[str, Any], answer: Answer, count: int) -> list[list[int] | None]:
    """Klammern's Laube after each deal, from the engine: the ``laube`` of its running
    entries when it gives them, else its own small/big fold replayed over its deal answers
    (linear, where asking ``score_match`` for every prefix is quadratic). None where
    neither is available (the prefixes are then asked)."""
    running = answer.get("running") or []
    if len(running) == count and all(isinstance(r, Mapping) and "laube" in r for r in running):
        return [list(r["laube"]) for r in running]
    try:
        from rules_engine.klammern.formats import FORMATS
        from rules_engine.klammern.formats.small_big import award, start
        from rules_engine.klammern.match import deal_figures
    except ImportError:
        return [None] * count
    players = int(record.get("players", 4))
    target_big = record.get("target_big")
    standing = start(players)
    out: list[list[int] | None] = []
    for index, figures in enumerate(answer.get("deals") or []):
        standing = award(standing, deal_figures(figures, index, FORMATS["small_big"], players), target_big)
        out.append(list(standing.laube))
    return out + [None] * (count - len(out))


def _names(meta: Mapping[str, Any], players: int) -> tuple[str | None, ...]:
    raw = meta.get("names")
    if isinstance(raw, Mapping):
        return tuple((str(raw.get(str(s)) or raw.get(s) or "") or None) for s in range(1, players + 1))
    if isinstance(raw, Sequence) and not isinstance(raw, str):
        return tuple((str(x) if x else None) for x in raw)[:players]
    return ()


def _per_side(value: Any, sides: int) -> tuple[Any, ...]:
    if isinstance(value, Sequence) and not isinstance(value, str):
        return tuple(value)
    return (None,) * sides


def _dealer(forehand: Any, players: int) -> int | None:
    # S2.3/K1.3: the dealer plays just before forehand.
    if isinstance(forehand, int) and 1 <= forehand <= players:
        return (forehand - 2) % players + 1
    return None


def _header(record: Mapping[str, Any], meta: Mapping[str, Any], players: int) -> Header:
    game = str(record.get("game", "schieber"))
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
    deck = str(meta.get("deck") or ("swiss" if game == "schieber" else "french"))
    if deck not in ("swiss", "french"):
        raise SheetError(f"deck: unknown deck {deck!r} (use swiss or french)")
    target = (
        record.get("target_big") if record.get("format", "small_big") == "small_big" else record.get("target")
    )
    return Header(
        game=game,
        format=str(record.get("format", "small_big")) if game == "klammern" else None,
        profile=str(record["profile"]) if record.get("profile") else ("seed" if game == "schieber" else None),
        options=shown,
        target=record.get("target") if game == "schieber" else target,
        players=players,
        sides=_sides(players, [str(t) if t else "" for t in teams], _names(meta, players)),
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
    game = str(record.get("game", "schieber"))
    players = 4 if game == "schieber" else int(record.get("players", 4))
    sides = side_count(players)
    header = _header(record, meta, players)
    if isinstance(answer.get("target"), int):
        # The engine states the target in force (the profile's default when the record has none).
        header = replace(header, target=answer["target"])
    elif header.format == "liga" and header.target is None:
        header = replace(header, target=LIGA_DEFAULT_TARGET)
    deals: Sequence[Mapping[str, Any]] = record.get("deals") or []
    answers: Sequence[Answer] = answer.get("deals") or []
    if len(answers) != len(deals) or len(states) != len(deals):
        raise SheetError(
            f"the engine answered {len(answers)} deals and {len(states)} states for {len(deals)} deals"
        )
    rows: list[Row] = []
    previous_laube: set[int] = set()
    kalte = set(answer.get("kalte") or ())
    missed = set(answer.get("must_play_missed") or ())
    for i, (deal, figures, state) in enumerate(zip(deals, answers, states)):
        forehand = deal.get("forehand")
        values: dict[str, Any] = {"n": i + 1, "dealer": _dealer(forehand, players)}
        marks: list[Mark] = []
        running = state.get("scores")
        if game == "schieber":
            values |= {
                "forehand": forehand,
                "contract": deal.get("contract"),
                "factor": figures.get("factor"),
                "points": _per_side(figures.get("trick_points"), sides),
                "weis": _per_side(figures.get("weis"), sides),
                "stoeck": _per_side(figures.get("stoeck"), sides),
                # S7.1: the deciding deal counts only up to the moment the target is reached.
                "total": _per_side(
                    figures["counted"] if figures.get("counted") is not None else figures.get("total"), sides
                ),
                "running": _per_side(running, sides),
            }
            if deal.get("pushed"):
                marks.append(Mark("pushed"))
            for side, bonus in enumerate(_per_side(figures.get("match_bonus"), sides), start=1):
                if bonus:
                    marks.append(Mark("match", side, bonus))
            if figures.get("ended_on"):
                marks.append(Mark("ended_on", answer.get("winner"), str(figures["ended_on"])))
        else:
            fmt = header.format or "small_big"
            values |= {
                "contract": deal.get("trump"),
                "declarer": deal.get("declarer"),
                "how": deal.get("how"),
                "kr": "re" if deal.get("re") else ("kontra" if deal.get("kontra") else None),
                "melds": _per_side(figures.get("melds"), sides),
                "bella": _per_side(figures.get("bella"), sides),
                "points": _per_side(figures.get("card_points"), sides),
            }
            if figures.get("declarer_wins") is False:
                marks.append(Mark("lost", figures.get("declarer_side")))
            revoke = deal.get("revoke")
            if isinstance(revoke, Mapping):
                marks.append(Mark("revoke", value=revoke.get("seat")))
            if fmt == "small_big":
                small = running.get("small") if isinstance(running, Mapping) else None
                big = running.get("big") if isinstance(running, Mapping) else None
                values |= {
                    "small": _per_side(figures.get("small_points"), sides),
                    "running": _per_side(small, sides),
                    "big": _per_side(big, sides),
                }
                if i in kalte:
                    marks.append(Mark("kalte"))
                if i in missed:
                    marks.append(Mark("must_play_missed"))
                laube = set(state.get("laube") or ())
                for side in sorted(laube - previous_laube):
                    marks.append(Mark("laube", side))
                previous_laube = laube
            elif fmt == "liga":
                values |= {
                    "augen": _per_side(figures.get("augen"), sides),
                    "running": _per_side(running, sides),
                }
                march = figures.get("durchmarsch")
                if isinstance(march, Mapping):
                    marks.append(Mark("durchmarsch", march.get("side"), bool(march.get("all_tricks"))))
            else:
                values |= {
                    "dice": _per_side(figures.get("dice"), sides),
                    "running": _per_side(running, sides),
                }
        corrected = _corrected(deal_meta[i], i) if i < len(deal_meta) else None
        rows.append(Row(i + 1, values, tuple(marks), corrected))
    columns = SCHIEBER_SHEET if game == "schieber" else KLAMMERN_SHEET[header.format or "small_big"]
    return SheetView(header, columns, tuple(rows), _result(header, answer, sides))


def _result(header: Header, answer: Answer, sides: int) -> Result:
    scores = answer.get("scores")
    marks: list[Mark] = []
    figures: list[tuple[str, tuple[int | float, ...]]] = []
    winner = answer.get("winner")
    if header.game == "schieber":
        figures.append((N_("Points"), _per_side(scores, sides)))
        if answer.get("finished") and answer.get("schneider") and isinstance(winner, int):
            marks.append(Mark("schneider", 3 - winner))
    elif header.format in (None, "small_big"):
        figures.append(
            (N_("Big points"), _per_side(scores.get("big") if isinstance(scores, Mapping) else None, sides))
        )
        figures.append(
            (
                N_("Small points"),
                _per_side(scores.get("small") if isinstance(scores, Mapping) else None, sides),
            )
        )
        if answer.get("kalte"):
            marks.append(Mark("kalte", value=len(answer["kalte"])))
        for side in answer.get("laube") or ():
            marks.append(Mark("laube", side))
        if answer.get("must_play"):
            marks.append(Mark("must_play", answer["must_play"]))
    elif header.format == "liga":
        figures.append((N_("Augen"), _per_side(scores, sides)))
        march = answer.get("durchmarsch")
        if march:
            if isinstance(march, Mapping):
                marks.append(Mark("durchmarsch", march.get("side"), march.get("succeeded")))
    else:
        figures.append((N_("Dice"), _per_side(scores, sides)))
    return Result(
        bool(answer.get("finished")),
        winner if isinstance(winner, int) else None,
        tuple(figures),
        tuple(marks),
    )


def build_scoresheet(document: Mapping[str, Any], score_match: ScoreMatch | None = None) -> SheetView:
    """Score a stored match document with the engine and build its scoresheet view.

    :raises SheetError: the document is malformed or the engine rejects the match.
    """
    from rules_engine import InvalidRecord
    from rules_engine import score_match as engine_score_match

    score = score_match or engine_score_match
    record, meta, deal_meta = split_document(document)
    try:
        answer = score(record)
        states = engine_states(record, answer, score) if answer.get("valid") else []
    except InvalidRecord as error:
        raise SheetError(f"not a match record: {error}") from None
    return scoresheet_view(record, answer, states, meta, deal_meta)

"""Score a whole Klammern match (DEAL_RECORD.md "Match record and answer", K7-K10).

A match record carries ``game``, ``players`` (2, 3 or 4; default 4), ``format``
(``small_big`` default, ``liga``, ``hamburg``), ``options`` (KLAMMERN.md Rule options),
``target`` (Liga only, default 51, K8.2), ``target_big`` (small/big only, optional,
K7.6) and ``deals``: deal records without ``game``, ``players``, ``format`` and
``options``, which the match gives once for all of them. Each deal is scored by
:func:`rules_engine.klammern.deal.score_deal`; the format then folds the valid deals'
figures (:mod:`rules_engine.klammern.formats`).

Readings taken here:

* ``target`` with another format than ``liga``, or ``target_big`` with another than
  ``small_big``, is malformed input: the table meant a target the format cannot use.
  A deal that repeats a match-level field with the same value is accepted; with another
  value it is malformed.
* A deal that breaks a rule puts its reasons in the match's ``errors`` with ``"deal"``
  (its 0-based index); so does the first deal after the deal that decided the match
  (K10, cited with the rule that decided it). Then ``valid`` is false and ``scores``,
  ``finished`` and ``winner`` are null (as for Schieber): nothing is half-applied.
  ``deals`` still holds every deal's own answer, so a screen can show which deal is wrong.
* ``next`` (K1.3): the next dealer is the last deal's forehand ``f`` and the next
  forehand ``f mod N + 1``; present while the match is not finished. Before the first
  deal it is null unless the record gives ``first_forehand`` (the seat left of the first
  dealer, whom the table picks).
* ``target`` is the target of the format in its own unit (Liga Augen, ``target_big`` big
  points or null, Hamburg's six) and ``points_needed`` what each side still needs of it.
* Each deal's answer in ``deals`` gains its ``index``, ``scores_after`` (null from the first
  deal not counted) and the format's states after it: ``laube_after`` and
  ``must_play_after`` (small/big), ``dice_faces_after`` (Hamburg).
* Besides the contract's fields the answer adds ``running`` (the ``scores`` after each
  counted deal, for score sheets) and, for small/big, ``must_play_missed`` (deals that a
  Laube-bound team did not play: shown, never rejected, because K7.5 binds it only "if it
  possibly can", which no record proves).

>>> score_match({"game": "klammern", "format": "hamburg", "deals": []})["scores"]
[0, 0]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from rules_engine.answers import NextTurn, ReasonJSON
from rules_engine.errors import InvalidRecord, RuleBroken
from rules_engine.klammern.answers import KlammernDealAnswer, KlammernMatchAnswer
from rules_engine.klammern.formats import (
    DEFAULT_FORMAT,
    FORMATS,
    DealFigures,
    Format,
    March,
    MatchSetup,
    Standing,
    deal_after_end,
)
from rules_engine.klammern.formats.liga import DEFAULT_TARGET
from rules_engine.records import Fields, check_integer
from rules_engine.resume import MatchState, header_of, json_copy, kept_deals
from rules_engine.seats import Seat

Answer = KlammernMatchAnswer
DealScorer = Callable[[Mapping[str, Any]], KlammernDealAnswer]
GAME = "klammern"

MATCH_FIELDS: tuple[str, ...] = (
    "game",
    "profile",
    "players",
    "format",
    "options",
    "target",
    "target_big",
    "first_forehand",
    "deals",
)
#: Fields a match gives once for all its deals (DEAL_RECORD.md).
SHARED_FIELDS: tuple[str, ...] = ("game", "players", "format", "options")
#: Which match field belongs to which format.
FORMAT_TARGETS: Mapping[str, str] = {"target": "liga", "target_big": "small_big"}


def parse_match(record: object) -> tuple[Format, MatchSetup, dict[str, Any], list[Mapping[str, Any]]]:
    """Read a Klammern match record: its format, setup, options and deal records.

    :raises InvalidRecord: not a Klammern match record (unknown field, wrong type...).
    """
    head = _read_head(record)
    records = [_deal_record(deal, index, head.shared) for index, deal in enumerate(head.deals)]
    return FORMATS[head.format_name], head.setup(), head.options, records


@dataclass(frozen=True, slots=True)
class _Head:
    """A match record read up to its deals; ``setup`` reads the rest (in the record's order,
    so that a malformed deal is reported before a malformed ``first_forehand``)."""

    fields: Fields
    players: int
    format_name: str
    target: int
    target_big: int | None
    options: dict[str, Any]
    shared: dict[str, Any]
    deals: Sequence[Any]

    def setup(self) -> MatchSetup:
        first: Seat | None = self.fields.seat("first_forehand", self.players, None)
        return MatchSetup(
            players=self.players,
            target=self.target,
            target_big=self.target_big,
            first_forehand=None if first is None else first.number,
        )


def _read_head(record: object) -> _Head:
    fields = Fields(record, "match", MATCH_FIELDS)
    game = fields.raw("game", GAME)
    if game != GAME:
        raise InvalidRecord(f"match.game: a Klammern match has game {GAME!r}, not {game!r}", field="game")
    players: int = fields.integer("players", 4, minimum=2, maximum=4)
    format_name: str = fields.choice("format", FORMATS, DEFAULT_FORMAT)
    for key, owner in FORMAT_TARGETS.items():
        if fields.has(key) and format_name != owner:
            raise InvalidRecord(
                f"match.{key} belongs to the {owner!r} format; this match's format is {format_name!r}",
                field=key,
            )
    target = DEFAULT_TARGET
    if fields.has("target"):
        target = check_integer(fields.raw("target"), "match.target", minimum=1)
    target_big = None
    if fields.has("target_big"):
        target_big = check_integer(fields.raw("target_big"), "match.target_big", minimum=1)
    raw_options = fields.mapping("options", None)
    options: dict[str, Any] = {} if raw_options is None else dict(raw_options)
    _check_options(fields.raw("profile"), options)
    if not fields.has("deals"):
        raise InvalidRecord("match.deals is missing (the list of deals, [] before the first)")
    deals = fields.sequence("deals")
    shared: dict[str, Any] = {"game": GAME, "players": players, "format": format_name, "options": options}
    return _Head(fields, players, format_name, target, target_big, options, shared, deals)


def _deal_record(deal: object, index: int, shared: Mapping[str, Any]) -> Mapping[str, Any]:
    """A match's deal as a deal record: the fields the match gives once added."""
    if not isinstance(deal, Mapping):
        raise InvalidRecord(
            f"match.deals[{index}] must be a JSON object, not {type(deal).__name__}", deal=index
        )
    for key, value in shared.items():
        if deal.get(key) is not None and deal[key] != value:
            raise InvalidRecord(
                f"match.deals[{index}].{key} is {deal[key]!r} but the match gives {value!r};"
                f" a match states {key} once for all its deals",
                field=key,
                deal=index,
            )
    return {**deal, **shared}


def _check_options(profile: object, options: Mapping[str, Any]) -> None:
    """Malformed options are the match's fault, not its first deal's (and a match with no
    deal yet still gets them checked)."""
    from rules_engine.klammern.contracts import klammern_options

    try:
        klammern_options(profile, options)
    except InvalidRecord as error:
        raise InvalidRecord(f"match: {error}", field=error.field) from None


def score_match(record: Mapping[str, Any]) -> Answer:
    """Validate and score a Klammern match: running score, states, winner (K7-K10).

    :raises InvalidRecord: the input is not a Klammern match record (exit 2). A record
        that breaks a rule is answered with ``valid: false`` and its reasons.
    """
    from rules_engine.klammern.deal import score_deal

    return score_match_with(record, score_deal)


def score_match_with(record: Mapping[str, Any], score_deal: DealScorer) -> Answer:
    """:func:`score_match` with the deal scorer given (tests use synthetic deal answers)."""
    return resume_match_with(record, None, score_deal)[0]


@dataclass(frozen=True, slots=True)
class _After:
    """The match after one deal: that deal's answer (with its place in the match) and what
    the next deal continues from."""

    answer: KlammernDealAnswer
    #: Every deal's reasons so far (the same tuple as the last deal's when none is new).
    errors: tuple[ReasonJSON, ...]
    #: The standing after the last counted deal (None before the first), and how many were counted.
    standing: Standing | None
    counted: int
    #: The forehand of the last counted deal (K1.3: who deals next).
    forehand: int | None
    #: This deal's running ``scores`` if it was counted.
    running: Any


#: The Klammern scoring of a match so far, to continue from (:mod:`rules_engine.resume`).
State = MatchState[_After]


def resume_match(
    record: Mapping[str, Any], state: MatchState[Any] | None, same_start: int | None = None
) -> tuple[Answer, State]:
    """:func:`score_match`, scoring only the deals after those ``state`` has scored already.

    The answer is the full re-score's; the state returned continues from this record.
    ``same_start``: see :func:`rules_engine.resume.kept_deals`.

    :raises InvalidRecord: the input is not a Klammern match record.
    """
    from rules_engine.klammern.deal import score_deal

    return resume_match_with(record, state, score_deal, same_start)


def resume_match_with(
    record: Mapping[str, Any],
    state: MatchState[Any] | None,
    score_deal: DealScorer,
    same_start: int | None = None,
) -> tuple[Answer, State]:
    """:func:`resume_match` with the deal scorer given."""
    head = _read_head(record)
    format_ = FORMATS[head.format_name]
    header = header_of(record)
    kept = kept_deals(state, GAME, header, head.deals, same_start)
    checkpoints: list[_After] = list(state.checkpoints[:kept]) if state is not None and kept else []
    records = [_deal_record(head.deals[index], index, head.shared) for index in range(kept, len(head.deals))]
    setup = head.setup()
    last = checkpoints[-1] if checkpoints else None
    errors: tuple[ReasonJSON, ...] = last.errors if last else ()
    standing: Standing | None = last.standing if last else None
    counted = last.counted if last else 0
    forehand = last.forehand if last else None
    # The keys a deal not counted gets as null: those of the format's states, once any deal
    # was counted (a deal is counted only while every deal before it was).
    empty = {key: None for key in standing.after_json()} if standing is not None else {}
    for index, deal_record in enumerate(records, kept):
        answer = _score_one(score_deal, deal_record, index)
        plain = cast(dict[str, Any], answer)  # the format's own keys: the answer's type names them
        plain["index"] = index
        running = None
        if not answer.get("valid", False):
            errors += tuple(_located(reason, index) for reason in answer.get("errors", []))
        elif not errors and (standing is None or standing.ending is None):
            # Only the valid deals before the first invalid one are counted (a deal after an
            # invalid one cannot be placed in the match), and none after the deciding one.
            figures = deal_figures(answer, index, format_, setup.players)
            standing = format_.step(standing or format_.start(setup.players), figures, setup)
            counted += 1
            forehand = figures.forehand
            running = standing.scores_json()
        if running is not None and standing is not None:
            plain["scores_after"] = standing.scores_json()
            plain.update(standing.after_json())
            if not empty:
                empty = {key: None for key in standing.after_json()}
        else:
            plain["scores_after"] = None
            plain.update(empty)
        checkpoints.append(_After(answer, errors, standing, counted, forehand, running))
    deals = state.deals[:kept] if state is not None else ()
    deals += tuple(json_copy(head.deals[index]) for index in range(kept, len(head.deals)))
    after: State = MatchState(GAME, header, deals, tuple(checkpoints))
    answers = [checkpoint.answer for checkpoint in checkpoints]
    return _answer(format_, setup, standing, forehand, errors, answers, checkpoints), after


def _answer(
    format_: Format,
    setup: MatchSetup,
    last: Standing | None,
    forehand: int | None,
    deal_errors: tuple[ReasonJSON, ...],
    answers: list[KlammernDealAnswer],
    checkpoints: Sequence[_After],
) -> Answer:
    standing = last if last is not None else format_.start(setup.players)
    target = format_.target(setup)
    errors = list(deal_errors)
    extra = deal_after_end(standing.ending, len(answers))
    if extra is not None:
        errors.append(extra.to_json())
        errors.sort(key=lambda reason: int(reason.get("deal", -1)))
    if errors:
        return {
            "valid": False,
            "errors": errors,
            "target": target,
            "scores": None,
            "finished": None,
            "winner": None,
            "points_needed": None,
            "deals": answers,
        }
    ending = standing.ending
    # A plain dict: each format adds its own states (the answer's type names them all).
    result: dict[str, Any] = {
        "valid": True,
        "errors": [],
        "target": target,
        "scores": standing.scores_json(),
        **standing.states_json(),
        "finished": ending is not None,
        "winner": None if ending is None else ending.winner,
        "points_needed": None if target is None else [max(0, target - p) for p in standing.progress],
    }
    if ending is None:
        if forehand is not None:
            result["next"] = next_turn(forehand, setup.players)
        else:
            result["next"] = (
                None if setup.first_forehand is None else first_turn(setup.first_forehand, setup.players)
            )
    result["running"] = [checkpoint.running for checkpoint in checkpoints if checkpoint.running is not None]
    result["deals"] = answers
    return cast(KlammernMatchAnswer, result)


def _score_one(score_deal: DealScorer, record: Mapping[str, Any], index: int) -> KlammernDealAnswer:
    try:
        return score_deal(record)
    except InvalidRecord as error:
        raise error.in_deal(index, f"match.deals[{index}]") from None
    except RuleBroken as broken:
        # The deal contract answers rule breaks; this keeps a raised one from escaping.
        return {"valid": False, "errors": [reason.to_json() for reason in broken.reasons]}


def _located(reason: ReasonJSON, index: int) -> ReasonJSON:
    """A deal answer's reason, naming its deal in the match (DEAL_RECORD.md), after its code."""
    located: dict[str, Any] = {}
    for key, value in reason.items():
        if key != "deal":
            located[key] = value
        if key == "code":
            located["deal"] = index
    located.setdefault("deal", index)
    return cast(ReasonJSON, located)


def deal_figures(answer: Mapping[str, Any], index: int, format_: Format, players: int) -> DealFigures:
    """The figures a match folds, read from one valid deal answer (deal.py's docstring)."""
    march = None
    durchmarsch = answer.get("durchmarsch")
    if durchmarsch is not None:
        march = March(side=int(durchmarsch["side"]), succeeded=bool(durchmarsch["all_tricks"]))
    figure = tuple(int(value) for value in answer[format_.figure])
    return DealFigures(
        index=index,
        forehand=int(answer["forehand"]),
        declarer_side=int(answer["declarer_side"]),
        winner_sides=frozenset(int(side) for side in answer["winner_sides"]),
        players=players,
        small_points=figure if format_.figure == "small_points" else (),
        augen=figure if format_.figure == "augen" else (),
        dice=figure if format_.figure == "dice" else (),
        march=march,
    )


def first_turn(first_forehand: int, players: int) -> NextTurn:
    """K1.3: the first deal's dealer sits just before its forehand.

    >>> first_turn(1, 3)
    {'dealer': 3, 'forehand': 1}
    """
    forehand = Seat(first_forehand, players)
    return {"dealer": forehand.previous.number, "forehand": forehand.number}


def next_turn(last_forehand: int, players: int) -> NextTurn:
    """K1.3 [reading]: the deal passes to the left — the last forehand deals next.

    >>> next_turn(4, 4)
    {'dealer': 4, 'forehand': 1}
    """
    dealer = Seat(last_forehand, players)
    return {"dealer": dealer.number, "forehand": dealer.next.number}


__all__ = [
    "State",
    "first_turn",
    "next_turn",
    "parse_match",
    "resume_match",
    "resume_match_with",
    "score_match",
    "score_match_with",
]

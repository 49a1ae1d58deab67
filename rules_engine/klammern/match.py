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
  forehand ``f mod N + 1``; present while the match is not finished, null before the
  first deal (the table picks the first dealer).
* Besides the contract's fields the answer adds ``running`` (the ``scores`` after each
  counted deal, for score sheets) and, for small/big, ``must_play_missed`` (deals that a
  Laube-bound team did not play: shown, never rejected, because K7.5 binds it only "if it
  possibly can", which no record proves).

>>> score_match({"game": "klammern", "format": "hamburg", "deals": []})["scores"]
[0, 0]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules_engine.errors import InvalidRecord, RuleBroken
from rules_engine.klammern.formats import (
    DEFAULT_FORMAT,
    FORMATS,
    DealFigures,
    Format,
    March,
    MatchSetup,
    deal_after_end,
)
from rules_engine.klammern.formats.liga import DEFAULT_TARGET
from rules_engine.records import Fields, check_integer
from rules_engine.seats import Seat

Answer = dict[str, Any]
DealScorer = Callable[[Mapping[str, Any]], Answer]
GAME = "klammern"

MATCH_FIELDS: tuple[str, ...] = (
    "game",
    "profile",
    "players",
    "format",
    "options",
    "target",
    "target_big",
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
    fields = Fields(record, "match", MATCH_FIELDS)
    game = fields.raw("game", GAME)
    if game != GAME:
        raise InvalidRecord(f"match.game: a Klammern match has game {GAME!r}, not {game!r}")
    players: int = fields.integer("players", 4, minimum=2, maximum=4)
    format_name: str = fields.choice("format", FORMATS, DEFAULT_FORMAT)
    for key, owner in FORMAT_TARGETS.items():
        if fields.has(key) and format_name != owner:
            raise InvalidRecord(
                f"match.{key} belongs to the {owner!r} format; this match's format is {format_name!r}"
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
    records: list[Mapping[str, Any]] = []
    for index, deal in enumerate(deals):
        if not isinstance(deal, Mapping):
            raise InvalidRecord(f"match.deals[{index}] must be a JSON object, not {type(deal).__name__}")
        for key, value in shared.items():
            if deal.get(key) is not None and deal[key] != value:
                raise InvalidRecord(
                    f"match.deals[{index}].{key} is {deal[key]!r} but the match gives {value!r};"
                    f" a match states {key} once for all its deals"
                )
        records.append({**deal, **shared})
    setup = MatchSetup(players=players, target=target, target_big=target_big)
    return FORMATS[format_name], setup, options, records


def _check_options(profile: object, options: Mapping[str, Any]) -> None:
    """Malformed options are the match's fault, not its first deal's (and a match with no
    deal yet still gets them checked)."""
    from rules_engine.klammern.contracts import klammern_options

    try:
        klammern_options(profile, options)
    except InvalidRecord as error:
        raise InvalidRecord(f"match: {error}") from None


def score_match(record: Mapping[str, Any]) -> Answer:
    """Validate and score a Klammern match: running score, states, winner (K7-K10).

    :raises InvalidRecord: the input is not a Klammern match record (exit 2). A record
        that breaks a rule is answered with ``valid: false`` and its reasons.
    """
    from rules_engine.klammern.deal import score_deal

    return score_match_with(record, score_deal)


def score_match_with(record: Mapping[str, Any], score_deal: DealScorer) -> Answer:
    """:func:`score_match` with the deal scorer given (tests use synthetic deal answers)."""
    format_, setup, _options, records = parse_match(record)
    answers: list[Answer] = []
    errors: list[dict[str, Any]] = []
    figures: list[DealFigures] = []
    for index, deal_record in enumerate(records):
        answer = _score_one(score_deal, deal_record, index)
        answers.append(answer)
        if not answer.get("valid", False):
            errors.extend(_located(reason, index) for reason in answer.get("errors", []))
        elif not errors:
            # Only the valid deals before the first invalid one are counted: a deal after
            # an invalid one cannot be placed in the match.
            figures.append(deal_figures(answer, index, format_, setup.players))
    standing, running = format_.play(figures, setup)
    extra = deal_after_end(standing.ending, len(records))
    if extra is not None:
        errors.append(extra.to_json())
        errors.sort(key=lambda reason: int(reason.get("deal", -1)))
    if errors:
        return {
            "valid": False,
            "errors": errors,
            "scores": None,
            "finished": None,
            "winner": None,
            "deals": answers,
        }
    ending = standing.ending
    result: Answer = {
        "valid": True,
        "errors": [],
        "scores": standing.scores_json(),
        **standing.states_json(),
        "finished": ending is not None,
        "winner": None if ending is None else ending.winner,
    }
    if ending is None:
        result["next"] = next_turn(figures[-1].forehand, setup.players) if figures else None
    result["running"] = running
    result["deals"] = answers
    return result


def _score_one(score_deal: DealScorer, record: Mapping[str, Any], index: int) -> Answer:
    try:
        return score_deal(record)
    except InvalidRecord as error:
        raise InvalidRecord(f"match.deals[{index}]: {error}") from None
    except RuleBroken as broken:
        # The deal contract answers rule breaks; this keeps a raised one from escaping.
        return {"valid": False, "errors": [reason.to_json() for reason in broken.reasons]}


def _located(reason: Mapping[str, Any], index: int) -> dict[str, Any]:
    """A deal answer's reason, naming its deal in the match (DEAL_RECORD.md)."""
    located: dict[str, Any] = {}
    for key, value in reason.items():
        if key != "deal":
            located[key] = value
        if key == "code":
            located["deal"] = index
    located.setdefault("deal", index)
    return located


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


def next_turn(last_forehand: int, players: int) -> dict[str, int]:
    """K1.3 [reading]: the deal passes to the left — the last forehand deals next.

    >>> next_turn(4, 4)
    {'dealer': 4, 'forehand': 1}
    """
    dealer = Seat(last_forehand, players)
    return {"dealer": dealer.number, "forehand": dealer.next.number}


__all__ = ["next_turn", "parse_match", "score_match", "score_match_with"]

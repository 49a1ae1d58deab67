"""The engine's public entry points (DEAL_RECORD.md): records in, JSON answers out.

The record's ``game`` field finds the module that plays it in the registry
(:mod:`rules_engine.games`); the game's ``LIMITS`` bound the record before its function
reads it. A game's module may also offer ``legal_cards_fast(position)``: the answer for a
plainly written position of its game, or None (or a KeyError or TypeError) when it is not
one, another game's included; ``legal_cards`` then answers. The default game's is called
with any ``dict`` before the dispatch (most positions are the default game's), another
game's once a position of that game went the careful way. A fast path answers only
positions within its game's sizes, so the limits are checked only when it does not.
Positions are small and many, so their dispatch skips a call where it can.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeAlias, cast

from rules_engine import limits
from rules_engine.errors import InvalidRecord
from rules_engine.games import DEFAULT_GAME, GAMES, command, game_module
from rules_engine.limits import GameLimits

if TYPE_CHECKING:
    from rules_engine.games import (
        DealAnswer,
        LegalAnswer,
        MatchAnswer,
        PasseAnswer,
        RatingAnswer,
        RatingSolver,
        SeatingAnswer,
        SeriesAnswer,
        TournamentAnswer,
    )
    from rules_engine.resume import MatchState

__all__ = [
    "GAMES",
    "legal_cards",
    "resume_match",
    "score_deal",
    "score_match",
    "rate_players",
    "score_passe",
    "score_series",
    "score_tournament",
    "seat_next_round",
]

#: Any game's answer: the entry point says which (:mod:`rules_engine.games`).
Answer: TypeAlias = "DealAnswer | MatchAnswer | LegalAnswer"
_Fast: TypeAlias = Callable[[Mapping[str, Any]], "LegalAnswer | None"]
_Entry: TypeAlias = "tuple[Callable[[Mapping[str, Any]], Answer], GameLimits]"

#: (game, entry) -> the function and its game's limits, once imported: dispatch is on every
#: call's hot path.
_RESOLVED: dict[tuple[str, str], _Entry] = {}

#: What each entry point scores, for the answer to a game that offers none.
_WHAT = {"score_deal": "deal", "score_match": "match", "legal_cards": "legal-card position"}


def _no_fast_path(position: Mapping[str, Any]) -> None:
    """Until the default game's module is imported (by the first position's dispatch)."""


#: The default game's ``legal_cards_fast`` once imported: tried first on every ``dict``
#: position (reading the game, then the function by it, was about 3 % of a call).
_fast_legal_cards: _Fast = _no_fast_path
#: Another game's ``legal_cards_fast`` by its name, once its first position was answered.
_OTHER_FAST: dict[object, _Fast] = {}


def _entry(record: object, entry: str) -> _Entry:
    if type(record) is not dict and not isinstance(record, Mapping):
        raise InvalidRecord(f"a record must be a JSON object, not {type(record).__name__}")
    game = record.get("game", DEFAULT_GAME)
    if isinstance(game, str):
        found = _RESOLVED.get((game, entry))
        if found is not None:
            return found
    module = game_module(game)
    function = getattr(module, entry, None)
    if function is None:
        raise InvalidRecord(f"game: {game!r} has no {_WHAT[entry]} records", field="game")
    found = (cast(Callable[[Mapping[str, Any]], Answer], function), module.LIMITS)
    _RESOLVED[(game, entry)] = found
    if entry == "legal_cards" and game == DEFAULT_GAME:
        global _fast_legal_cards  # noqa: PLW0603 - set once, read on the hot path
        _fast_legal_cards = getattr(module, "legal_cards_fast", _no_fast_path)
    elif entry == "legal_cards":
        _OTHER_FAST[game] = getattr(module, "legal_cards_fast", _no_fast_path)
    return found


def score_deal(record: Mapping[str, Any]) -> DealAnswer:
    """Validate and score one deal.

    :raises InvalidRecord: the input is not a deal record (exit 2), or larger than any
        table's (:mod:`rules_engine.limits`). A record that breaks a rule is answered with
        ``valid: false`` and its reasons, never raised.

    >>> answer = score_deal({"forehand": 1, "contract": "H",
    ...                      "points": {"team": 1, "value": 98}, "stoeck": 3})
    >>> answer["valid"], answer["total"], answer["dealer"]
    (True, [118, 59], 4)
    """
    function, bounds = _entry(record, "score_deal")
    limits.check_deal(record, bounds)
    # The game's own function answers its game's type; the union is what a caller gets here.
    return cast("DealAnswer", function(record))


def score_match(record: Mapping[str, Any]) -> MatchAnswer:
    """Validate and score a whole match: running score, states, winner.

    :raises InvalidRecord: the input is not a match record, or larger than any table's.

    >>> score_match({"deals": []})["target"]
    3000
    """
    function, bounds = _entry(record, "score_match")
    limits.check_match(record, bounds)
    return cast("MatchAnswer", function(record))


def resume_match(
    record: Mapping[str, Any], state: MatchState[Any] | None = None
) -> tuple[MatchAnswer, MatchState[Any] | None]:
    """:func:`score_match`, continued from the ``state`` of an earlier record of the same match.

    Only the deals after the last one ``state`` knows unchanged are scored (a corrected deal
    ``k`` and those after it again; a shorter record keeps fewer): the answer is the full
    re-score's, byte for byte. Returns the answer and the state to pass with the next record,
    or None for a game that scores its matches whole (its module has no ``resume_match``). Treat the
    answer as read-only: its deal answers are shared with the state
    (:mod:`rules_engine.resume`).

    :raises InvalidRecord: the input is not a match record, or larger than any table's
        (``state`` is then still good).

    >>> first = {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 98}}
    >>> answer, state = resume_match({"target": 1000, "deals": [first]})
    >>> record = {"target": 1000,
    ...           "deals": [first, {"forehand": 2, "contract": "S", "points": {"team": 2, "value": 100}}]}
    >>> answer, state = resume_match(record, state)  # scores the second deal only
    >>> answer == score_match(record), len(state.checkpoints)
    (True, 2)
    """
    scorer, bounds = _entry(record, "score_match")
    # The deals the state has scored kept within these limits then (the same game's): only the
    # record's other deals are checked, and a save at deal 400 checks one deal.
    same_game = state is not None and state.game == record.get("game", DEFAULT_GAME)
    same_start = limits.check_match(record, bounds, state.deals if same_game and state is not None else ())
    resumable = _RESUMABLE.get(scorer)
    if resumable is None:
        resumable = getattr(game_module(record.get("game", DEFAULT_GAME)), "resume_match", False)
        _RESUMABLE[scorer] = resumable
    if resumable is False:
        return cast("MatchAnswer", scorer(record)), None
    # The limits compared the record's deals with the state's: the game need not again.
    return cast(Callable[..., "tuple[MatchAnswer, MatchState[Any]]"], resumable)(
        record, state, same_start=same_start if same_game else None
    )


#: A game's ``score_match`` -> the ``resume_match`` beside it (False: it has none).
_RESUMABLE: dict[object, object] = {}


def legal_cards(position: Mapping[str, Any]) -> LegalAnswer:
    """Which cards of ``position['hand']`` may be played, and why the others may not.

    :raises InvalidRecord: the input is not a position, or its hand or trick is longer
        than the deck.
    """
    if type(position) is dict:
        # A fast path answers only a plain position, whose hand and trick are within the
        # game's own sizes (and so within the limits): the limits are checked on any other.
        try:
            answer = _fast_legal_cards(position)
            if answer is None:  # another game's, whose own fast path is known after its first
                answer = _OTHER_FAST.get(position.get("game"), _no_fast_path)(position)
        except (KeyError, TypeError):  # not a plain position of its game
            answer = None
        if answer is not None:
            return answer
    function, bounds = _entry(position, "legal_cards")
    limits.check_position(position, bounds)
    return cast("LegalAnswer", function(position))


def _answer_of(verb: str, record: Mapping[str, Any], **choices: Any) -> object:
    function = command(verb)
    if function is None:
        raise LookupError(f"no package answers {verb!r} records (rules_engine.games.COMMANDS)")
    return function(record, **choices)


def score_passe(record: Mapping[str, Any]) -> PasseAnswer:
    """Validate and score one tournament Passe (TOURNAMENT.md, "Passe record").

    :raises InvalidRecord: the input is not a Passe record.
    """
    return cast("PasseAnswer", _answer_of("passe", record))


def score_tournament(record: Mapping[str, Any]) -> TournamentAnswer:
    """Validate a tournament and rank it (TOURNAMENT.md, "Tournament record").

    :raises InvalidRecord: the input is not a tournament record.
    """
    return cast("TournamentAnswer", _answer_of("tournament", record))


def seat_next_round(record: Mapping[str, Any]) -> SeatingAnswer:
    """The next round's tables for a tournament record and an optional ``seed`` (TOURNAMENT.md T5).

    :raises InvalidRecord: the input is not a tournament record, or every round is seated.
    """
    return cast("SeatingAnswer", _answer_of("seating", record))


def score_series(record: Mapping[str, Any]) -> SeriesAnswer:
    """A season's or cup's standing from its events' results (SEASON.md, "Series record").

    :raises InvalidRecord: the input is not a series record.
    """
    return cast("SeriesAnswer", _answer_of("series", record))


def rate_players(record: Mapping[str, Any], *, solve: RatingSolver | None = None) -> RatingAnswer:
    """Players' ratings from a club's log of results (SEASON.md, "Rating record").

    ``solve``: Z10.4's solver, A and b in, μ and the sds out (``rules_engine.season.linalg``);
    the engine's own, standard-library Python, unless given.

    :raises InvalidRecord: the input is not a rating record.
    """
    if solve is None:
        return cast("RatingAnswer", _answer_of("rating", record))
    return cast("RatingAnswer", _answer_of("rating", record, solve=solve))

"""The engine's public entry points (DEAL_RECORD.md): records in, JSON answers out.

Each game is a module offering ``score_deal``, ``score_match`` and ``legal_cards``; the
record's ``game`` field (default ``schieber``) finds it by name. Schieber's module also
offers ``legal_cards_fast(position)``, called with any ``dict`` before the dispatch (most
positions are Schieber's): the answer for a plainly written Schieber position, or None (or
a KeyError or TypeError) when it is not one, another game's included; ``legal_cards`` then
answers. A fast path answers only positions within its game's sizes, so the limits are
checked only when it does not. Positions are small and many, so their dispatch skips a call
where it can.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeAlias, cast

from rules_engine import limits
from rules_engine.errors import InvalidRecord

if TYPE_CHECKING:
    from rules_engine.answers import DealAnswer, LegalAnswer, MatchAnswer
    from rules_engine.resume import MatchState

if TYPE_CHECKING:
    from rules_engine.tournament.answers import PasseAnswer, SeatingAnswer, TournamentAnswer

#: Game name -> module implementing it. Modules are imported on first use.
GAMES: dict[str, str] = {
    "schieber": "rules_engine.schieber",
    "klammern": "rules_engine.klammern",
    "coiffeur": "rules_engine.coiffeur",
    "differenzler": "rules_engine.differenzler",
}

#: Any game's answer: the entry point says which (:mod:`rules_engine.answers`).
Answer: TypeAlias = "DealAnswer | MatchAnswer | LegalAnswer"
_Fast: TypeAlias = Callable[[Mapping[str, Any]], "LegalAnswer | None"]

#: (game, entry) -> the function, once imported: dispatch is on every call's hot path.
_RESOLVED: dict[tuple[str, str], Callable[[Mapping[str, Any]], Answer]] = {}


def _no_fast_path(position: Mapping[str, Any]) -> None:
    """Until Schieber's module is imported (by the first position's dispatch)."""


#: Schieber's ``legal_cards_fast`` once imported: tried first on every ``dict`` position
#: (reading the game, then the function by it, was about 3 % of a call).
_fast_legal_cards: _Fast = _no_fast_path


def _entry(record: object, entry: str) -> Callable[[Mapping[str, Any]], Answer]:
    if type(record) is not dict and not isinstance(record, Mapping):
        raise InvalidRecord(f"a record must be a JSON object, not {type(record).__name__}")
    game = record.get("game", "schieber")
    if isinstance(game, str):
        found = _RESOLVED.get((game, entry))
        if found is not None:
            return found
    if not isinstance(game, str) or game not in GAMES:
        raise InvalidRecord(
            f"game: unknown game {game!r} (use one of {', '.join(map(repr, GAMES))})", field="game"
        )
    module = importlib.import_module(GAMES[game])
    function = cast(Callable[[Mapping[str, Any]], Answer], getattr(module, entry))
    _RESOLVED[(game, entry)] = function
    if entry == "legal_cards" and game == "schieber":
        global _fast_legal_cards  # noqa: PLW0603 - set once, read on the hot path
        _fast_legal_cards = module.legal_cards_fast
    return function


def score_deal(record: Mapping[str, Any]) -> DealAnswer:
    """Validate and score one deal.

    :raises InvalidRecord: the input is not a deal record (exit 2), or larger than any
        table's (:mod:`rules_engine.limits`). A record that breaks a rule is answered with
        ``valid: false`` and its reasons, never raised.

    >>> answer = score_deal({"game": "schieber", "forehand": 1, "contract": "H",
    ...                      "points": {"team": 1, "value": 98}, "stoeck": 3})
    >>> answer["valid"], answer["total"], answer["dealer"]
    (True, [118, 59], 4)
    >>> score_deal({"game": "klammern", "trump": "S", "declarer": 1,
    ...             "points": {"team": 1, "value": 82}})["declarer_wins"]
    False
    """
    function = _entry(record, "score_deal")
    limits.check_deal(record)
    # The game's own function answers its game's type; the union is what a caller gets here.
    return cast("DealAnswer", function(record))


def score_match(record: Mapping[str, Any]) -> MatchAnswer:
    """Validate and score a whole match: running score, states, winner.

    :raises InvalidRecord: the input is not a match record, or larger than any table's.

    >>> score_match({"game": "klammern", "format": "liga", "deals": []})["target"]
    51
    """
    function = _entry(record, "score_match")
    limits.check_match(record)
    return cast("MatchAnswer", function(record))


def resume_match(
    record: Mapping[str, Any], state: MatchState[Any] | None = None
) -> tuple[MatchAnswer, MatchState[Any] | None]:
    """:func:`score_match`, continued from the ``state`` of an earlier record of the same match.

    Only the deals after the last one ``state`` knows unchanged are scored (a corrected deal
    ``k`` and those after it again; a shorter record keeps fewer): the answer is the full
    re-score's, byte for byte. Returns the answer and the state to pass with the next record,
    or None for a game that scores its matches whole (Coiffeur, Differenzler). Treat the
    answer as read-only: its deal answers are shared with the state
    (:mod:`rules_engine.resume`).

    :raises InvalidRecord: the input is not a match record, or larger than any table's
        (``state`` is then still good).

    >>> first = {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 98}}
    >>> answer, state = resume_match({"game": "schieber", "target": 1000, "deals": [first]})
    >>> record = {"game": "schieber", "target": 1000,
    ...           "deals": [first, {"forehand": 2, "contract": "S", "points": {"team": 2, "value": 100}}]}
    >>> answer, state = resume_match(record, state)  # scores the second deal only
    >>> answer == score_match(record), len(state.checkpoints)
    (True, 2)
    """
    scorer = _entry(record, "score_match")
    # The deals the state has scored passed these limits then (the same game's): only the
    # record's other deals are checked, and a save at deal 400 checks one deal.
    same_game = state is not None and state.game == record.get("game", "schieber")
    same_start = limits.check_match(record, state.deals if same_game and state is not None else ())
    resumable = _RESUMABLE.get(scorer)
    if resumable is None:
        module = importlib.import_module(scorer.__module__)
        resumable = getattr(module, "resume_match", False)
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
        except (KeyError, TypeError):  # not a plain Schieber position
            answer = None
        if answer is not None:
            return answer
    entry = _entry(position, "legal_cards")
    limits.check_position(position)
    return cast("LegalAnswer", entry(position))


def score_passe(record: Mapping[str, Any]) -> PasseAnswer:
    """Validate and score one tournament Passe (TOURNAMENT.md, "Passe record").

    :raises InvalidRecord: the input is not a Passe record.
    """
    from rules_engine.tournament import score_passe as score

    return score(record)


def score_tournament(record: Mapping[str, Any]) -> TournamentAnswer:
    """Validate a tournament and rank it (TOURNAMENT.md, "Tournament record").

    :raises InvalidRecord: the input is not a tournament record.
    """
    from rules_engine.tournament import score_tournament as score

    return score(record)


def seat_next_round(record: Mapping[str, Any]) -> SeatingAnswer:
    """The next round's tables for a tournament record and an optional ``seed`` (TOURNAMENT.md T5).

    :raises InvalidRecord: the input is not a tournament record, or every round is seated.
    """
    from rules_engine.tournament import seat_next_round as seat

    return seat(record)

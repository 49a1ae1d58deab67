"""The app's only door to the rules engine: build the match record, ask, never compute.

Every figure shown is the engine's (``rules_engine.score_match``). A stored match is scored
where its last scoring left off: each worker keeps, per match, the engine's state after the
last record it scored (``rules_engine.resume_match``), so a new deal, a correction of deal
``k`` or an undo costs the deals from there on, not the whole match, and the answer is the
full re-score's. Records of no stored match (an import, a new match's settings) are cached
by their exact text.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import rules_engine
from rules_engine.errors import InvalidRecord
from scorer import games
from scorer.games import records
from scorer.verdict import errors_of
from scorer.verdict import invalid_record_error as invalid_record_error

log = logging.getLogger(__name__)

_CACHE: OrderedDict[str, dict[str, Any]] = OrderedDict()
_CACHE_SIZE = 512
_LOCK = threading.Lock()
#: Per stored match (its id and creation time), the engine's state after the last record
#: scored. A state holds every deal's answer, so the bound keeps a worker's memory from
#: growing with every match it has served.
_STATES: OrderedDict[Hashable, rules_engine.MatchState[Any]] = OrderedDict()
STATES_SIZE = 256
#: Games whose matches the engine scores whole (no state to continue from).
_WHOLE_GAMES: set[object] = set()


def match_record(settings: dict[str, Any], deals: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The DEAL_RECORD.md match record of a match's settings and current deals."""
    fields = games.of(settings).setup.record_fields(settings)
    return records.match_record(settings["game"], fields, deals)


@dataclass(frozen=True, slots=True)
class Scored:
    """The engine's answer, or why there is none."""

    answer: dict[str, Any] | None
    errors: list[dict[str, Any]]
    #: The engine's answer as given, also when the match breaks a rule (its target, the
    #: profile in force …); empty when the engine gave none.
    facts: dict[str, Any] = field(default_factory=dict)

    @property
    def valid(self) -> bool:
        return self.answer is not None and not self.errors


def score(record: dict[str, Any], match: Hashable | None = None) -> Scored:
    """Ask the engine about a match record; never raises.

    ``match`` names the stored match the record is of (see :func:`match_key`): its answer
    then continues from the last record of that match this worker scored.
    """
    own = _own_entry(record)
    if own is not None or match is None or record.get("game") in _WHOLE_GAMES:
        return _score_whole(record, own)
    with _LOCK:
        kept = _STATES.get(match)
    scored, state = _resume(record, kept, match)
    keep(match, state)
    return scored


def score_new(record: dict[str, Any]) -> tuple[Scored, rules_engine.MatchState[Any] | None]:
    """:func:`score` of a record about to be stored as a new match (an import), and what its
    scoring continues from (None: nothing to continue from); :func:`keep` it under the stored
    match's key, and showing the new match does not score every deal a second time."""
    own = _own_entry(record)
    if own is not None or record.get("game") in _WHOLE_GAMES:
        return _score_whole(record, own), None
    return _resume(record, None, "a new match")


def keep(match: Hashable, state: rules_engine.MatchState[Any] | None) -> None:
    """Continue ``match``'s next scoring from ``state`` (one of this worker's last few matches)."""
    if state is None:
        return
    with _LOCK:
        _STATES[match] = state
        _STATES.move_to_end(match)
        while len(_STATES) > STATES_SIZE:
            _STATES.popitem(last=False)


def _resume(
    record: dict[str, Any], kept: rules_engine.MatchState[Any] | None, match: Hashable
) -> tuple[Scored, rules_engine.MatchState[Any] | None]:
    try:
        answer, state = rules_engine.resume_match(record, kept)
    except InvalidRecord as error:
        return Scored(None, [invalid_record_error(error)]), None
    except Exception:  # an engine bug must reach the log, not the player as a 500
        log.exception("rules engine failed on match %r", match)
        return _engine_failure(), None
    if state is None:  # a game the engine scores whole: its answers are cached by text
        _WHOLE_GAMES.add(record.get("game"))
    return _scored(cast(dict[str, Any], answer)), state


def match_key(match: Any) -> Hashable:
    """What names a stored match for :func:`score`: its id and creation time (a restored
    database may hold another match under the same id)."""
    return (match.id, str(match.created))


def _engine_failure() -> Scored:
    return Scored(
        None,
        [
            {
                "rule": None,
                "code": "engine_failure",
                "params": {},
                "message": "The rules engine could not judge this record.",
            }
        ],
    )


def _own_entry(record: dict[str, Any]) -> Any:
    """The game's own engine entry when ``score_match`` does not answer its records (``Game.score``)."""
    try:
        return games.of(record).score
    except (games.UnknownGame, AttributeError):  # the engine says why it is not a record
        return None


def _score_whole(record: dict[str, Any], entry: Any = None) -> Scored:
    """A record scored whole (of no stored match, or of a game with its own entry), cached by its text."""
    key = json.dumps(record, sort_keys=True, separators=(",", ":"))
    with _LOCK:
        cached = _CACHE.get(key)
        if cached is not None:
            _CACHE.move_to_end(key)
    if cached is not None:
        return _scored(cached)
    try:
        # The answer is JSON (its TypedDict says which keys); it is cached and read as such.
        answer = cast(dict[str, Any], (entry or rules_engine.score_match)(record))
    except InvalidRecord as error:
        return Scored(None, [invalid_record_error(error)])
    except Exception:  # an engine bug must reach the log, not the player as a 500
        log.exception("rules engine failed on %s", key[:2000])
        return _engine_failure()
    with _LOCK:
        _CACHE[key] = answer
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return _scored(answer)


def forget() -> None:
    """Drop every cached answer and kept state (tests and benchmarks start cold)."""
    with _LOCK:
        _CACHE.clear()
        _STATES.clear()
        _WHOLE_GAMES.clear()


def _scored(answer: dict[str, Any]) -> Scored:
    errors = errors_of(answer)
    return Scored(None if errors else answer, errors, answer)

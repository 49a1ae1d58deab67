"""How large a record can be: the most that any real table can produce, checked before any work.

Every count the engine reads is bounded here, by what the rules allow: each game declares
its bounds as a :class:`GameLimits` (its module's ``LIMITS``, :mod:`rules_engine.games`).
The bounds sit at the first count that no table can produce *even by mistake*, so that the
mistakes a table does make (a misdealt tenth card, a Weis declared twice, a
tenth trick) still reach the rules and are answered with their cited reason (S8, K10),
while a record that describes no deal at all (a hand of 300,000 cards, a thousand Weis for
one seat) is refused at once as malformed input (:class:`RecordTooLarge`, an
:class:`InvalidRecord`: exit 2, HTTP 400), naming the field and its limit. Checking is a
few ``len`` calls on the record's known fields; nothing is parsed before it.

The text of a record is bounded too (:data:`MAX_RECORD_BYTES`, :data:`MAX_DEPTH`): a
reader of untrusted JSON (the API, an import, the command line) checks them with
:func:`check_text` and :func:`check_depth` before handing the record to the engine.

>>> swiss = GameLimits(deck=36, melds_per_seat=10, meld_cards=9, played_cards=72,
...                    melds_why="S6.1-S6.3: twice the most nine cards can declare")
>>> check_deal({"weis": {"1": [["H6", "H7", "H8"]] * 11}}, swiss)
Traceback (most recent call last):
...
rules_engine.limits.RecordTooLarge: deal.weis.1: at most 10 Weis per seat (S6.1-S6.3: twice the most nine cards can declare), not 11
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from rules_engine.errors import InvalidRecord

__all__ = [
    "GRID_ROWS",
    "MAX_DEPTH",
    "MAX_RECORD_BYTES",
    "GameLimits",
    "TOURNAMENT",
    "RecordTooLarge",
    "SEASON",
    "SeasonLimits",
    "TournamentLimits",
    "check_deal",
    "check_depth",
    "check_json_depth",
    "check_match",
    "check_position",
    "check_text",
]


class RecordTooLarge(InvalidRecord):
    """A record larger than any real table's: ``where`` names the field, ``limit`` its bound."""

    def __init__(self, where: str, limit: int, count: int, why: str) -> None:
        super().__init__(f"{where}: at most {limit} {why}, not {count}")
        self.where = where
        self.limit = limit
        self.count = count


@dataclass(frozen=True, slots=True)
class GameLimits:
    """The largest record of one game any table can produce; each bound says why.

    A game's module declares its own as ``LIMITS``, with the rule ids that give each bound.
    """

    #: Cards in the deck. No list of cards a table writes down can be longer: a hand, a
    #: trick, a Weis or meld, a position's hand. A misdealt hand of one card too many is still
    #: a rule the game explains; a hand longer than the deck names a card twice in a deck that
    #: holds each once.
    deck: int
    #: Weis (melds) one seat can claim: twice the most a hand can declare together, so that
    #: a claim of every Weis a hand holds plus each one again is still judged by its rule.
    melds_per_seat: int
    #: Cards in one Weis or meld: the longest run is the whole suit.
    meld_cards: int
    #: Cards played in a deal, over all its tricks: every card of the deck is played once.
    #: Twice the deck, so that the mistakes a table makes in writing the play down (a trick
    #: too many, a card twice) are still judged by their rule; a record that plays the deck
    #: over twice describes no deal.
    played_cards: int
    #: Why :attr:`melds_per_seat` is what it is (the rule ids), said when a record goes beyond it.
    melds_why: str = ""


#: Deals in one match record. No rule ends every match (K7.6: small/big points may be
#: open-ended; S1.2 lets the table choose any target), so the bound is the table's time: a
#: deal takes about three minutes at a real table (shuffling and dealing, nine or eight
#: tricks, counting and writing down), so 100 deals are a long club evening. (A
#: match to 5000 (S1.2), the largest common target, ends within 65 deals: every deal gives at least
#: 157 points, S5.) A table may keep one open-ended match over several evenings, so the
#: bound is five such evenings; the app's cost per deal does not grow with the match.
MAX_DEALS = 500

#: Rows of a custom score grid (Coiffeur, C2.3): the grids played have 6 to 13 rows
#: (jasstafel's range); 20 leaves room for a club's own and still prints on one sheet.
GRID_ROWS = 20

#: The text of one record (the API's body, one imported match, the command line's input):
#: a deal entered card by card is at most about 700 bytes (four hands and nine tricks of
#: three-byte codes, Weis, fields), so a club evening's 100 such deals fit; a deal entered by
#: its points (as the tables do) is about 100 bytes, so :data:`MAX_DEALS` of them fit.
MAX_RECORD_BYTES = 128 * 1024

#: Nesting of JSON containers in a record: a match's deal's Weis of a seat is a list of card
#: lists (``match.deals[0].weis["1"][0][0]``), six containers deep; two spare.
MAX_DEPTH = 8


def _count(value: object, limit: int, where: str, why: str) -> int:
    """``len(value)`` for a JSON list or object, checked against ``limit``; 0 for anything else."""
    if type(value) is list or isinstance(value, (list, tuple, Mapping)):
        count = len(value)
        if count > limit:
            raise RecordTooLarge(where, limit, count, why)
        return count
    return 0


def _check_deal(deal: Mapping[str, Any], limits: GameLimits, where: str) -> None:
    hands = deal.get("hands")
    if isinstance(hands, Mapping):
        _count(hands, 4, f"{where}.hands", "seats")
        for seat, cards in hands.items():
            _count(cards, limits.deck, f"{where}.hands.{seat}", "cards in a hand (the whole deck)")
    tricks = deal.get("tricks")
    if type(tricks) is list or isinstance(tricks, (list, tuple)):
        _count(tricks, limits.played_cards, f"{where}.tricks", "tricks (one card each would play the deck)")
        played = 0
        for index, trick in enumerate(tricks):
            played += _count(trick, limits.deck, f"{where}.tricks[{index}]", "cards in a trick")
            if played > limits.played_cards:
                raise RecordTooLarge(
                    f"{where}.tricks", limits.played_cards, played, "cards played in a deal (the deck twice)"
                )
    for name, what in (("weis", "Weis"), ("melds", "melds")):
        claims = deal.get(name)
        if not isinstance(claims, Mapping):
            continue
        _count(claims, 4, f"{where}.{name}", "seats")
        for seat, groups in claims.items():
            if type(groups) is not list and not isinstance(groups, (list, tuple)):
                continue
            why = f"{what} per seat" + (f" ({limits.melds_why})" if limits.melds_why else "")
            _count(groups, limits.melds_per_seat, f"{where}.{name}.{seat}", why)
            for index, group in enumerate(groups):
                _count(group, limits.meld_cards, f"{where}.{name}.{seat}[{index}]", "cards (a whole suit)")


def check_deal(record: Mapping[str, Any], limits: GameLimits, where: str = "deal") -> None:
    """:raises RecordTooLarge: a deal record larger than any table of its game produces."""
    _check_deal(record, limits, where)


def check_match(record: Mapping[str, Any], limits: GameLimits, checked: Sequence[Any] = ()) -> int | None:
    """:raises RecordTooLarge: too many deals, or one deal too large.

    ``checked``: deals of the same game known to be within the limits (an earlier record
    of the match); the record's leading deals equal to them are not looked at again, so a
    match's next record costs its new deals. Returns how many leading deals equal
    ``checked``'s (None when the record's deals were not compared: no list).
    """
    deals = record.get("deals")
    _count(deals, MAX_DEALS, "match.deals", "deals in a match (five long evenings of play)")
    if type(deals) is not list:
        return None
    same = _same_start(deals, checked)
    for index in range(same, len(deals)):
        deal = deals[index]
        if isinstance(deal, Mapping):
            _check_deal(deal, limits, f"deals[{index}]")
    return same


def _same_start(deals: list[Any], checked: Sequence[Any]) -> int:
    """How many leading ``deals`` equal ``checked``'s (equal JSON values have equal sizes)."""
    count = min(len(deals), len(checked))
    if count and tuple(deals[:count]) == tuple(checked[:count]):  # the usual case: compared in C
        return count
    for index in range(count):
        if deals[index] != checked[index]:
            return index
    return count


def check_position(position: Mapping[str, Any], limits: GameLimits) -> None:
    """:raises RecordTooLarge: a legal-play position whose hand or trick is longer than the deck."""
    _count(position.get("hand"), limits.deck, "position.hand", "cards in a hand (the whole deck)")
    _count(position.get("trick"), limits.deck, "position.trick", "cards in a trick")


def check_text(size: int, what: str = "the record", limit: int = MAX_RECORD_BYTES) -> None:
    """:raises RecordTooLarge: a record's text longer than ``limit`` (a match's, :data:`MAX_RECORD_BYTES`,
    unless the record is a season's, :attr:`SeasonLimits.text`)."""
    if size > limit:
        why = "bytes (a match of the most deals, card by card)" if limit == MAX_RECORD_BYTES else "bytes"
        raise RecordTooLarge(what, limit, size, why)


def check_depth(value: object, what: str = "the record") -> None:
    """:raises RecordTooLarge: JSON containers (the lists and dicts ``json.loads`` makes) nested
    deeper than :data:`MAX_DEPTH`.

    Iterative, and it stops at the first container too deep: a hostile record cannot make
    it recurse or walk further than the limit. Containers are told by their concrete types (an
    abstract ``Mapping`` check costs more, and a record of the most deals holds some ten
    thousand leaves).
    """
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        depth += 1
        if depth > MAX_DEPTH:
            raise RecordTooLarge(what, MAX_DEPTH, depth, "levels of nested lists and objects")
        stack.extend((child, depth) for child in children if isinstance(child, (dict, list)))


@dataclass(frozen=True, slots=True)
class TournamentLimits:
    """The largest event the app keeps: one table of bounds for its forms, its API and its imports.

    The rules leave these open (T4.3: any number of Passen), so each bound is what the set-up
    form offers or what a real evening holds; a record beyond them describes no evening and is
    refused before any work, so that every answer is proportional to what an evening produces.
    """

    #: Passen (rounds) of an event: the set-up form's choice (T4.3: 3 to 6 occur; 12 is two evenings).
    passen: int
    #: Registered players (or pairs, T4.2) of an event: the largest field an evening is set up
    #: for (bench/event.py's, 250 tables of four).
    players: int
    #: Games one table plays in a Passe (T3.1: 12 usual; the form offers up to 48).
    games_per_passe: int
    #: Lengths of the texts a director types: the event's name, a player's name, club, number.
    title: int
    name: int
    club: int
    number: int
    #: Entries of one event's log (players, draws, confirmations, claims, rulings): every game
    #: of every table confirmed by both teams, claimed and ruled, with room to spare.
    entries: int
    #: Entries of one table's log (its Passe's games with corrections and undos).
    table_entries: int


#: The bounds of an event (README, "Bounds").
TOURNAMENT = TournamentLimits(
    passen=12,
    players=1000,
    games_per_passe=48,
    title=120,
    name=60,
    club=60,
    number=20,
    entries=20_000,
    table_entries=200,
)


@dataclass(frozen=True, slots=True)
class SeasonLimits:
    """The largest series and rating records (SEASON.md): a club's seasons, or a large club's
    register. SEASON.md leaves the sizes open; every bound keeps an answer's work within what one
    request may cost (ten ordinary saves, ``bench/abuse.py``) and proportional to what clubs
    produce."""

    #: Players of a record (a register of members, guests and merged duplicates).
    players: int
    #: Aliases of one player: the duplicates paper registration makes of one person.
    aliases: int
    #: Events of a series: a club evening every week for four seasons.
    events: int
    #: Results of one event: every player of the register, each once (Z2.4), and as many again.
    results_per_event: int
    #: Players of the register times events of a series: the answer's rows give every player one
    #: entry per event, so this is the size of the standing.
    cells: int
    #: Entries of a rating log, corrections included: a club's 10,000 games and more, each table's
    #: Passe entered by its totals (Z10.3: it weighs its games).
    results: int
    #: Players of a rating record who played at least one effective result up to ``as_of``: the
    #: dense solve's size (Z10.4), whose work grows with its cube (a club's whole register; the
    #: app solves it by LAPACK, the engine alone in a third of a second).
    rated_players: int
    #: Players on one side of a team result, and in one individual result: a result adds the
    #: square of its players to the solve's matrix.
    team: int
    individual: int
    #: Games one result covers (a Passe by its totals is 12; an evening by its totals 48).
    games: int
    #: Bytes of one record's text: the app's largest body.
    text: int


#: The bounds of a season's records (README, "Bounds").
SEASON = SeasonLimits(
    players=2000,
    aliases=20,
    events=250,
    results_per_event=4000,
    cells=6000,
    results=1500,
    rated_players=300,
    team=4,
    individual=8,
    games=10_000,
    text=512 * 1024,
)


def check_json_depth(text: str | bytes, what: str = "the record", limit: int = MAX_DEPTH) -> None:
    """:raises RecordTooLarge: JSON text whose containers nest deeper than ``limit``.

    Read on the text, before any parser recurses into it: the brackets outside strings are
    counted. UTF-8 never puts an ASCII byte inside a longer character, so the bytes' quotes and
    brackets are the text's.
    """
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    # Escapes first (a pair of backslashes, then an escaped quote), so that every quote left
    # opens or closes a string.
    bare = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    marks = bare.translate(None, _NOT_MARKS)
    # The common case: no string holds a bracket, so each string is left as an adjacent pair of
    # quotes, and taking those away (left to right) leaves no quote. A string with a bracket
    # leaves its opening quote, and the careful reading below pairs every quote.
    brackets = marks.replace(b'""', b"")
    if b'"' in brackets:
        brackets = _NOT_BRACKETS.sub(b"", b"".join(bare.split(b'"')[::2]))
    depth = max(accumulate(map(_STEP.__getitem__, brackets)), default=0)
    if depth > limit:
        raise RecordTooLarge(what, limit, depth, "levels of nested lists and objects")


_NOT_BRACKETS = re.compile(rb"[^\[\]{}]+")
_NOT_MARKS = bytes(sorted(set(range(256)) - set(b'"[]{}')))
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}

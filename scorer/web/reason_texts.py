"""Engine reasons as translated sentences, built from rule id, code and params.

The engine (pure, English) gives every :class:`~rules_engine.errors.Reason` a stable
``code`` and named ``params``; a table holds one translatable sentence per code, with the
same names as ``%(name)s`` placeholders, formatted *after* translation. The app's own
sentences are here; each game's are its Game's (``scorer/games/<game>/texts.py``), gathered
by the registry into the running app's :class:`Catalog`. Where one code is used with
different params (``hand_size`` of two games), the first sentence whose placeholders the
params can fill is taken. A game that gives another game's card reasons under its own rule
ids keeps the other's in ``play_rule``: that game's sentence serves them unless the game
has its own. An unknown code, or params that fit no sentence, fall back to the engine's
English message: never a traceback for a player.

Card codes (``H6``, ``CJ``) stay as they are (STYLE.md practice 8); suit letters, contracts
(a grid's rows and modes too) and scoring formats given as params are shown by their
display names, in the deck of the game whose rule the reason cites.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import current_app, g, has_app_context, has_request_context
from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_babel.speaklater import LazyString


@dataclass(frozen=True, slots=True)
class Sentence:
    code: str
    text: LazyString
    #: Only for reasons whose rule id starts so (a game's letter, or a rule: "K4.5").
    rule: str = ""


@dataclass(frozen=True, slots=True)
class GameTexts:
    """A game's sentences for the engine's reasons and the names its params use."""

    sentences: tuple[Sentence, ...]
    #: Its contract keys beyond the suits, Obenabe and Undenufe, by name.
    contracts: Mapping[str, LazyString] = field(default_factory=dict)
    #: Its scoring formats (the record's ``format``), by name.
    formats: Mapping[str, LazyString] = field(default_factory=dict)
    #: Params that are a team's number, shown with the team's players.
    team_params: frozenset[str] = frozenset()


S = Sentence
# In these sentences %(card)s, %(cards)s, %(allowed)s, %(alternatives)s, %(hand)s, %(shared)s
# and %(weis)s are card codes such as "H6 HJ"; %(led)s, %(trump)s, %(contract)s are names.
#: The app's own sentences and those of reasons more than one game gives; each game's own
#: are its Game's (``scorer/games/<game>/texts.py``), found through the :class:`Catalog`.
SENTENCES: tuple[Sentence, ...] = (
    # --- the app's own ---------------------------------------------------------------------
    S("engine_failure", _l("The rules engine could not judge this record.")),
    # --- reasons more than one game gives (its own rule id each) --------------------------------
    S(
        "match_points",
        _l(
            "A Match takes all nine tricks, worth %(deal_total)s (%(match_total)s with the Match bonus), not %(total)s."
        ),
    ),
    S(
        "match_total_without_match",
        _l("%(total)s trick points are only possible as a Match (all nine tricks)."),
    ),
    S("trick_points_range", _l("Trick points must be between 0 and %(deal_total)s, not %(total)s.")),
    S(
        "stoeck_without_trump",
        _l("Stöck (seat %(seat)s) exists only in trump contracts, not in %(contract)s."),
    ),
    S("stoeck_not_held", _l("Seat %(seat)s claims Stöck but was not dealt %(cards)s.")),
    S(
        "card_played_twice",
        _l(
            "%(card)s is played twice: in trick %(first)s and in trick %(trick)s; the deck has each card once."
        ),
    ),
    S("too_many_rounds", _l("The record has %(rounds)s rounds; the tournament plays %(passen)s.")),
    S("unknown_id", _l("%(id)s is not a registered player, pair or substitute (round %(round)s).")),
    S(
        "sitout_count",
        _l("%(count)s sit out in round %(round)s; with %(active)s active competitors, %(expected)s do."),
    ),
    S(
        "sitout_order",
        _l(
            "%(id)s sits out again (sat out %(times)s times before) while %(other)s plays (sat out %(other_times)s times)."
        ),
    ),
    # --- a club's season (SEASON.md) -------------------------------------------------------
    S(
        "unknown_player",
        _l("%(event)s: %(player)s is neither a player of the series nor a merged name."),
        "Z",
    ),
    S(
        "unknown_player",
        _l("Result %(result)s: %(player)s is neither a player nor a merged name."),
        "Z",
    ),
    S("player_twice", _l("%(event)s: %(player)s appears twice in its results."), "Z"),
    S("player_twice", _l("Result %(result)s: %(player)s appears twice in it."), "Z"),
    S(
        "negative_points",
        _l("Result %(result)s: team %(team)s has %(points)s points; points are never negative."),
        "Z",
    ),
    S("no_present_result", _l("%(event)s has no player present."), "Z"),
    S(
        "too_few_participants",
        _l("%(event)s: %(participants)s participants, fewer than its %(present)s present results."),
        "Z",
    ),
    S(
        "more_events_than_planned",
        _l("The series lists %(events)s evenings, more than the %(planned)s planned."),
        "Z",
    ),
    S("matches_over_games", _l("%(event)s: %(player)s has %(matches)s Matches in %(games)s games."), "Z"),
    S(
        "not_a_ranking",
        _l("%(event)s: the rank %(rank)s of %(player)s does not fit a ranking of %(participants)s."),
        "Z",
    ),
    S(
        "shared_rank_totals",
        _l(
            "%(event)s: %(player)s shares rank %(rank)s with %(other)s but has %(total)s, not %(other_total)s."
        ),
        "Z",
    ),
    S(
        "better_total_worse_rank",
        _l(
            "%(event)s: %(player)s is ranked %(rank)s with %(total)s, behind %(other)s with the worse %(other_total)s."
        ),
        "Z",
    ),
)


#: A reason located in a trick (a replay puts "trick N, seat M: " before it).
IN_TRICK = _l("Trick %(trick)s, seat %(seat)s: %(sentence)s")

#: Params that name contracts, one or several (a grid's ``modes``, ``allowed``, ``order``; a row's ``label``).
_CONTRACT_PARAMS = frozenset({"led", "trump", "contract", "contract_key", "mode", "type", "suit"})
_CONTRACT_LISTS = frozenset({"modes", "allowed", "order"})
#: Params that are points (grouped like every score); other integers are labels (seat 3).
_POINTS = frozenset(
    {
        "target",
        "total",
        "deal_total",
        "match_total",
        "sum",
        "value",
        "ceiling",
        "in_play",
        "a",
        "b",
        "reported",
        "actual",
        "top",
    }
)
_NAME = re.compile(r"%\((\w+)\)")
_TEAM = re.compile(r"team (\d+)")


def _names(text: str) -> set[str]:
    return set(_NAME.findall(text))


#: Params that are seats and cards (as codes "H7 H8" or lists of codes). "first" and
#: "second" are seats in some sentences and tricks in others: they keep their numbers.
_SEATS = frozenset({"seat", "other", "found"})
_CARDS = frozenset(
    {
        "card",
        "cards",
        "allowed",
        "alternatives",
        "hand",
        "shared",
        "weis",
        "led_card",
        "highest",
        "first",
        "second",
    }
)
_CARD = re.compile(r"^[HDSC](?:10|[6-9TJQKA])$")


@dataclass(frozen=True, slots=True)
class Catalog:
    """The running app's sentences: the app's own and every registered game's, and what
    shows their params (by the letter of the game's rule ids)."""

    sentences: tuple[Sentence, ...] = SENTENCES
    contracts: Mapping[str, LazyString] = field(default_factory=dict)
    formats: Mapping[str, LazyString] = field(default_factory=dict)
    #: The deck whose names a reason of each game's rules uses.
    decks: Mapping[str, str] = field(default_factory=dict)
    team_params: Mapping[str, frozenset[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, games: Iterable[tuple[str, str, GameTexts | None]]) -> Catalog:
        """The catalog of the app's games, each as (the letter of its rule ids, its deck, its texts)."""
        sentences = list(SENTENCES)
        contracts: dict[str, LazyString] = {}
        formats: dict[str, LazyString] = {}
        decks: dict[str, str] = {}
        team_params: dict[str, frozenset[str]] = {}
        for letter, deck, texts in games:
            if letter:
                decks[letter] = deck
            if texts is None:
                continue
            sentences.extend(texts.sentences)
            contracts.update(texts.contracts)
            formats.update(texts.formats)
            if letter:
                team_params[letter] = texts.team_params
        return cls(tuple(sentences), contracts, formats, decks, team_params)


#: Where the app keeps its :class:`Catalog` (``app.extensions``; the registry puts it there).
CATALOG = "tafel.reason_texts"
_APP_ONLY = Catalog()


def catalog() -> Catalog:
    """The running app's catalog (outside an app: the app's own sentences only)."""
    if has_app_context():
        found: Catalog | None = current_app.extensions.get(CATALOG)
        if found is not None:
            return found
    return _APP_ONLY


def at_table(settings: Mapping[str, Any], game_deck: str) -> None:
    """Reasons given on this request are about this match: name its players and its cards
    ("Seat 2 (Beat)", "Rosen 7, Rosen 8" instead of "Seat 2", "H7 H8") in the match's deck,
    else its game's ``game_deck``."""
    if has_request_context():
        g.tafel_table = {
            "names": [str(n) for n in settings.get("names") or []],
            "deck": settings.get("deck") or game_deck,
            "settings": dict(settings),
        }


def _table() -> dict[str, Any] | None:
    return g.get("tafel_table") if has_request_context() else None


def _card_names(value: Any, deck: str) -> str | None:
    """Card codes as card names ("Rosen Ass, Rosen König"), a run as "Rosen 6–8"; None when
    ``value`` is not a list of card codes."""
    from scorer.web import display, i18n

    codes = value.split() if isinstance(value, str) else value
    if not isinstance(codes, (list, tuple)) or not codes:
        return None
    codes = [str(c).replace("10", "T") for c in codes]
    if not all(_CARD.match(c) for c in codes):
        return None
    if len(codes) >= 3:
        as_meld = display.meld_text(codes, deck)
        if as_meld != " ".join(codes):
            return i18n.native_digits(as_meld)
    comma = "\u060c " if i18n.direction() == "rtl" else ", "  # the Arabic-script comma
    return i18n.native_digits(comma.join(display.card_name(c, deck) for c in codes))


def _deck(letter: str) -> str:
    """The deck of the game whose rule ids start with ``letter``; the Swiss deck's names for
    rules of no registered game."""
    return catalog().decks.get(letter, "swiss")


def _contract(key: str, deck: str) -> str | None:
    """A suit letter or contract key by its name, or None for anything else."""
    from scorer.web import display

    if key in display.SUITS:
        return display.suit_name(key, deck)
    if key in display.CONTRACT_NAMES:
        return display.contract_name(key, deck)
    contracts = catalog().contracts
    return str(contracts[key]) if key in contracts else None


def _shown(name: str, value: Any, game: str) -> Any:
    """A param as the player reads it: suit letters and contracts by name, lists joined."""
    from scorer.web import display, i18n

    table = _table()
    if table is not None:
        if name in _SEATS and isinstance(value, int) and not isinstance(value, bool):
            seat = display.seat_label(value, table["names"])
            return i18n.digits(value) + (f" ({seat})" if seat != display.seat_label(value, []) else "")
        if name in catalog().team_params.get(game, ()) and isinstance(value, int):
            return f"{i18n.digits(value)} ({display.side_label(value, table['settings'])})"
        if name in _CARDS and (cards := _card_names(value, table["deck"])) is not None:
            return cards
        if name == "rank" and isinstance(value, str) and value in display.NATURAL:
            return display.rank_name(value, table["deck"])
    if isinstance(value, int) and not isinstance(value, bool):
        return i18n.number(value) if name in _POINTS else i18n.digits(value)
    # The match's own deck (the one it is shown with); without a match, the game's.
    deck = table["deck"] if table is not None else _deck(game)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    if name in _CONTRACT_PARAMS and isinstance(value, str) and (named := _contract(value, deck)):
        return named
    if name in _CONTRACT_LISTS and isinstance(value, str) and value:
        names = [_contract(key, deck) for key in value.split()]
        if all(names):
            return ", ".join(str(n) for n in names)
    if name == "label" and isinstance(value, str) and "×" in value:  # a grid's row: "D×1"
        key, _, factor = value.partition("×")
        if named := _contract(key, deck):
            return f"{named} ×{factor}"
    formats = catalog().formats
    if name == "format" and value in formats:
        return str(formats[value])
    if name == "winner_team" and isinstance(value, str) and (team := _TEAM.fullmatch(value)):
        return gettext("team %(number)s", number=team.group(1))
    return value


def sentence(error: Mapping[str, Any]) -> str:
    """The reason ``error`` (a :meth:`Reason.to_json` dict) as a sentence in the current language."""
    code = str(error.get("code") or "")
    rule = str(error.get("rule") or "")
    # A param the engine could not know (None: "by the tricks it was team None") is absent:
    # the sentence without it is taken.
    raw: Mapping[str, Any] = {k: v for k, v in (error.get("params") or {}).items() if v is not None}
    game = rule[:1]
    params = {name: _shown(name, value, game) for name, value in raw.items()}
    # A game that gives another game's card reasons under its own rule ids keeps the other's
    # in ``play_rule``: the other game's sentence fits when the game has none of its own.
    play_rule = str(raw.get("play_rule") or "")
    same_code = [each for each in catalog().sentences if each.code == code]
    own = [each for each in same_code if rule.startswith(each.rule)]
    borrowed = [
        each
        for each in same_code
        if play_rule and play_rule.startswith(each.rule) and not rule.startswith(each.rule)
    ]
    for candidate in (*own, *borrowed):
        template = str(candidate.text)
        wanted = _names(template)
        if not wanted <= params.keys():
            continue
        try:
            text = template % {name: params[name] for name in wanted}
        except (TypeError, ValueError):
            continue
        if {"trick", "seat"} <= params.keys() and not {"trick", "seat"} & wanted:
            text = str(IN_TRICK) % {"trick": params["trick"], "seat": params["seat"], "sentence": text}
        return text
    return str(error.get("message") or code)

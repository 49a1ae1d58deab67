"""Engine speed against the peers, in one run on the same inputs.

    .venv/bin/python bench/engine.py            # measure, print, update bench/RESULTS.md
    .venv/bin/python bench/engine.py --no-write # measure and print only
    .venv/bin/python bench/engine.py --only a   # only measurement (a) (or b, c, d, ab ...); never writes
    .venv/bin/python bench/engine.py --quick    # (d) only, fewer inputs; writes its own section

(a) legal-card calls per second on 20,000 random Schieber positions: Tafel's public
    ``rules_engine.legal_cards`` (JSON position in, JSON answer with reasons out) against
    jass-kit's ``RuleSchieber.get_valid_cards`` (one-hot numpy arrays in and out). Each side
    gets its inputs ready-made in its own native form; conversion is not timed.
(b) complete Schieber deals (hands + nine tricks) checked and scored per second:
    ``rules_engine.score_deal`` (every card checked against S4, winners, trick points, Match,
    claims) against jass-kit's ``GameSim`` playing the same deals. GameSim itself never checks
    a card, so the like-for-like peer asks ``get_valid_cards`` before each card it plays;
    GameSim without any check is reported too.
(c) complete Klammern deals (hands + eight tricks) checked and scored per second:
    ``rules_engine.score_deal`` against belote-cli replaying the same deals with
    ``game.play_card`` (which checks each card against its rules) and ``scoring.score_round``.
    Every deal can be replayed there: belote-cli's rules only ever allow more (its
    partner exemption), and its card points differ only in the Jappa (20 vs 22).
(e) a club's rating (SEASON.md Z10): ``rate_players`` on a log as long as its bounds allow, of
    as many players as one solve rates (``limits.SEASON``), against numpy's dense solve of the same system (``bench/rating.py``); ``--rating`` runs (e)
    alone and writes its own section.
(d) the extra contracts of Coiffeur (Slalom, Guschti, 3x3, Misère in three modes, a plain
    suit row) and Differenzler, through the same public ``score_deal`` and ``legal_cards``,
    against Schieber's own figures for the same entry points in the same run (no outside
    engine referees these contracts). ``--quick`` measures (d) alone on fewer inputs.

Deals and positions come from random deals (fixed seed) played by random legal moves. Each
measurement is the best of five passes over the whole input (timeit's convention: the
least disturbed pass), Tafel's and the peer's passes taking turns. The peers are test-only
dependencies, never part of the product.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import os
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# One BLAS thread, as the app runs it (scorer/linalg.py): CPU time then counts one thread's work.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402  (after its thread count is set)

ROOT = Path(__file__).resolve().parent.parent
# The adapters (card mapping, random legal play) are shared with the oracle tests.
sys.path.insert(0, str(ROOT / "tests"))

import rating as club_rating  # noqa: E402  (bench/ is the script folder)
from belote import game as bgame  # noqa: E402
from belote import scoring as bscoring  # noqa: E402
from jass.game.game_sim import GameSim  # noqa: E402
from jass.game.rule_schieber import RuleSchieber  # noqa: E402
from oracles import adapters as a  # noqa: E402
from results import write_section  # noqa: E402

import rules_engine  # noqa: E402
from rules_engine.cards import Card  # noqa: E402
from rules_engine.coiffeur.contracts import CoiffeurContract  # noqa: E402
from rules_engine.coiffeur.options import coiffeur_options  # noqa: E402
from rules_engine.schieber.contracts import Contract, schieber_options  # noqa: E402
from rules_engine.schieber.legality import trick_winner  # noqa: E402
from rules_engine.schieber.play import legal_plays, replay  # noqa: E402
from rules_engine.seats import Seat  # noqa: E402

SEED = 20261129
POSITIONS = 20_000
SCHIEBER_DEALS = 1_000
KLAMMERN_DEALS = 1_000
REPEATS = 5
GOAL = 2.0
EXTRA_DEALS = 300
EXTRA_POSITIONS = 4_000
RESULTS = ROOT / "bench" / "RESULTS.md"
BEGIN, END = "<!-- bench/engine.py: begin -->", "<!-- bench/engine.py: end -->"
EXTRA_BEGIN, EXTRA_END = (
    "<!-- bench/engine.py extra contracts: begin -->",
    "<!-- bench/engine.py extra contracts: end -->",
)


Timed = tuple[Sequence[Any], Callable[[Any], object], Callable[[], None] | None]

#: The passes are timed in this process's CPU time: on a machine that other work shares, a
#: pass's wall time counts the time the process waited for a core (a load of 10 on two
#: cores made the same ratio read 1.3× and 4.7× in consecutive runs); its CPU time does not.
CLOCK = time.process_time


def best_rates(*runs: Timed) -> list[tuple[float, float]]:
    """Calls per second for each run: (best of REPEATS passes over its items, first pass).

    The runs take turns pass by pass, so a burst of load from elsewhere on the machine
    hits Tafel and its peer alike instead of skewing one side of a ratio. The first pass
    is kept too: an engine that memoised answers would shine only on the later passes.
    """
    best = [float("inf")] * len(runs)
    first = [0.0] * len(runs)
    for repeat in range(REPEATS):
        for index, (items, call, before) in enumerate(runs):
            if before is not None:
                before()
            gc.collect()
            start = CLOCK()
            for item in items:
                call(item)
            elapsed = CLOCK() - start
            best[index] = min(best[index], elapsed)
            if repeat == 0:
                first[index] = elapsed
    return [(len(runs[i][0]) / best[i], len(runs[i][0]) / first[i]) for i in range(len(runs))]


# --- inputs -------------------------------------------------------------------------------


@dataclass
class SchieberDeal:
    contract: str
    forehand: int
    hands: dict[int, list[str]]
    tricks: list[list[str]]


def schieber_inputs(rng: random.Random) -> tuple[list[a.Position], list[SchieberDeal]]:
    """Positions met while playing random deals, and the deals themselves."""
    positions: list[a.Position] = []
    deals: list[SchieberDeal] = []
    while len(deals) < SCHIEBER_DEALS or len(positions) < POSITIONS:
        contract = a.SCHIEBER_CONTRACTS[len(deals) % 6]
        hands = a.deal(rng, a.SCHIEBER_CARDS)
        forehand = rng.randint(1, 4)
        tricks, _ = a.play(
            rng, "schieber", contract, hands, forehand, a.schieber_choice, on_position=positions.append
        )
        deals.append(SchieberDeal(contract, forehand, hands, tricks))
    rng.shuffle(positions)
    return positions[:POSITIONS], deals[:SCHIEBER_DEALS]


def klammern_inputs(rng: random.Random) -> list[SchieberDeal]:
    deals = []
    for i in range(KLAMMERN_DEALS):
        trump = a.SUITS[i % 4]
        hands = a.deal(rng, a.KLAMMERN_CARDS)
        forehand = rng.randint(1, 4)
        tricks, _ = a.play(rng, "klammern", trump, hands, forehand, a.klammern_choice)
        deals.append(SchieberDeal(trump, forehand, hands, tricks))
    return deals


def schieber_record(deal: SchieberDeal) -> dict[str, Any]:
    return {
        "game": "schieber",
        "profile": "official",
        "options": a.OFFICIAL_ALL_ONE,
        "forehand": deal.forehand,
        "contract": deal.contract,
        "pushed": False,
        "weis": {},
        "stoeck": None,
        "hands": {str(seat): cards for seat, cards in deal.hands.items()},
        "tricks": deal.tricks,
    }


def klammern_record(deal: SchieberDeal) -> dict[str, Any]:
    return {
        "game": "klammern",
        "players": 4,
        "format": "small_big",
        "forehand": deal.forehand,
        "trump": deal.contract,
        "declarer": deal.forehand,
        "how": "orgi",
        "kontra": False,
        "re": False,
        "melds": {},
        "bella": None,
        "revoke": None,
        "durchmarsch": None,
        "hands": {str(seat): cards for seat, cards in deal.hands.items()},
        "tricks": deal.tricks,
    }


# --- the peers' native forms ----------------------------------------------------------------

JASS_RULE = RuleSchieber()


def jass_position(p: a.Position) -> tuple[np.ndarray, np.ndarray, int, int]:
    trick = np.full(4, -1, np.int32)
    for i, code in enumerate(p.trick):
        trick[i] = a.SWISS.card(code)
    return a.SWISS.hand(p.hand), trick, len(p.trick), a.SWISS.trump(p.contract)


def jass_deal(deal: SchieberDeal) -> tuple[np.ndarray, int, int, list[int]]:
    hands = np.zeros((4, 36), np.int32)
    for seat, held in deal.hands.items():
        hands[a.jass_player(seat)] = a.SWISS.hand(held)
    cards = [a.SWISS.card(code) for trick in deal.tricks for code in trick]
    return hands, (a.jass_player(deal.forehand) + 1) % 4, a.SWISS.trump(deal.contract), cards


def gamesim_checked(item: tuple[np.ndarray, int, int, list[int]]) -> list[int]:
    hands, dealer, trump, cards = item
    sim = GameSim(rule=JASS_RULE)
    sim.init_from_cards(hands, dealer)
    sim.action_trump(trump)
    state = sim.state
    for card in cards:
        if not JASS_RULE.get_valid_cards_from_state(state)[card]:
            raise ValueError(f"jass-kit rejects card {card}")
        sim.action_play_card(card)
    return [int(state.points[0]), int(state.points[1])]


def gamesim_unchecked(item: tuple[np.ndarray, int, int, list[int]]) -> list[int]:
    hands, dealer, trump, cards = item
    sim = GameSim(rule=JASS_RULE)
    sim.init_from_cards(hands, dealer)
    sim.action_trump(trump)
    for card in cards:
        sim.action_play_card(card)
    return [int(sim.state.points[0]), int(sim.state.points[1])]


def belote_deal(deal: SchieberDeal) -> tuple[tuple[tuple[Any, ...], ...], Any, Any, list[Any]]:
    held = tuple(tuple(a.to_belote(c) for c in deal.hands[seat]) for seat in range(1, 5))
    cards = [a.to_belote(code) for trick in deal.tricks for code in trick]
    return held, a.BELOTE_SUIT[deal.contract], a.belote_seat(deal.forehand), cards


def belote_score(item: tuple[tuple[tuple[Any, ...], ...], Any, Any, list[Any]]) -> list[int]:
    held, trump, forehand, cards = item
    state = bgame.GameState(
        hands=held,
        initial_hands=held,
        trump=trump,
        contract="normal",
        phase=bgame.Phase.PLAYING,
        taker=forehand,
        leader=forehand,
        turn=forehand,
    )
    for card in cards:
        state = bgame.play_card(state, card)  # raises IllegalMoveError on a wrong card
    score = bscoring.score_round(state)
    return [score.table_taker_pts, score.table_defender_pts]


# --- run ------------------------------------------------------------------------------------


@dataclass
class Row:
    what: str
    ours_rates: tuple[float, float]
    peer_rates: tuple[float, float]
    peer_name: str

    @property
    def ours(self) -> float:
        return self.ours_rates[0]

    @property
    def peer(self) -> float:
        return self.peer_rates[0]

    @property
    def ratio(self) -> float:
        return self.ours / self.peer

    @property
    def first_ratio(self) -> float:
        return self.ours_rates[1] / self.peer_rates[1]


def measure(parts: str = "abc") -> tuple[list[Row], list[Row], dict[str, Any]]:
    load_before = os.getloadavg()[0]
    rng = random.Random(SEED)
    started = time.perf_counter()
    positions, deals = schieber_inputs(rng)
    # The Klammern deals come after the Schieber ones from the same generator, so leaving
    # them out changes no other input.
    kdeals = klammern_inputs(rng) if "c" in parts else []
    prepared = time.perf_counter() - started
    rows: list[Row] = []
    extra: list[Row] = []
    if "a" in parts:
        _measure_legal(positions, rows, extra)
    if "b" in parts:
        _measure_schieber_deals(deals, rows, extra)
    if "c" in parts:
        _measure_klammern_deals(kdeals, rows)
    info = {
        "prepared": prepared,
        "positions": len(positions),
        "deals": len(deals),
        "kdeals": len(kdeals),
        "load": f"{load_before:.1f} before, {os.getloadavg()[0]:.1f} after",
        "busy": max(load_before, os.getloadavg()[0]) > 1.5,
    }
    return rows, extra, info


def _measure_legal(positions: list[a.Position], rows: list[Row], extra: list[Row]) -> None:
    """(a) legal cards."""
    our_positions = [
        {
            "game": "schieber",
            "profile": "official",
            "contract": p.contract,
            "hand": [*p.hand],
            "trick": [*p.trick],
        }
        for p in positions
    ]
    jass_positions = [jass_position(p) for p in positions]
    options = schieber_options("official")
    internal_positions = [
        (
            Contract.parse(p.contract),
            tuple(Card.parse(c) for c in p.hand),
            tuple(Card.parse(c) for c in p.trick),
        )
        for p in positions
    ]
    # Same inputs, same answers where the rules coincide (the oracle tests prove the rest).
    for p, ours, jp in zip(positions[:2000], our_positions, jass_positions, strict=False):
        jk = a.SWISS.cards(JASS_RULE.get_valid_cards(*jp))
        assert set(rules_engine.legal_cards(ours)["legal"]) <= jk, p
    legal_ours, legal_internal, legal_jass = best_rates(
        (our_positions, rules_engine.legal_cards, None),
        (internal_positions, lambda x: legal_plays(x[0], options, x[1], x[2]), None),
        (jass_positions, lambda x: JASS_RULE.get_valid_cards(*x), None),
    )
    rows.append(
        Row(
            "(a) Schieber legal cards / s (20,000 positions)",
            legal_ours,
            legal_jass,
            "jass-kit get_valid_cards",
        )
    )
    extra.append(
        Row(
            "(a) internal `schieber.play.legal_plays` (parsed cards)",
            legal_internal,
            legal_jass,
            "jass-kit get_valid_cards",
        )
    )


def _measure_schieber_deals(deals: list[SchieberDeal], rows: list[Row], extra: list[Row]) -> None:
    """(b) Schieber deals."""
    records = [schieber_record(d) for d in deals]
    jass_deals = [jass_deal(d) for d in deals]
    one = schieber_options("official", a.OFFICIAL_ALL_ONE)
    internal_deals = [
        (
            Contract.parse(d.contract),
            Seat(d.forehand),
            tuple(tuple(Card.parse(c) for c in t) for t in d.tricks),
            {Seat(s): tuple(Card.parse(c) for c in cards) for s, cards in d.hands.items()},
        )
        for d in deals
    ]
    for record, jd in zip(records, jass_deals, strict=True):
        answer = rules_engine.score_deal(record)
        assert answer["valid"], answer["errors"]
        assert answer["trick_points"] == gamesim_checked(jd), record
    deal_ours, deal_internal, deal_jass, deal_jass_unchecked = best_rates(
        (records, rules_engine.score_deal, None),
        (internal_deals, lambda x: replay(x[0], one, x[1], x[2], x[3]), None),
        (jass_deals, gamesim_checked, None),
        (jass_deals, gamesim_unchecked, None),
    )
    rows.append(
        Row(
            f"(b) Schieber deals checked + scored / s ({len(deals):,} deals)",
            deal_ours,
            deal_jass,
            "jass-kit GameSim + get_valid_cards per card",
        )
    )
    extra.append(
        Row(
            "(b) internal `schieber.play.replay` (parsed cards)",
            deal_internal,
            deal_jass,
            "jass-kit GameSim + get_valid_cards per card",
        )
    )
    extra.append(
        Row(
            "(b) public `score_deal` vs GameSim without any check",
            deal_ours,
            deal_jass_unchecked,
            "jass-kit GameSim, no check",
        )
    )


def _measure_klammern_deals(kdeals: list[SchieberDeal], rows: list[Row]) -> None:
    """(c) Klammern deals."""
    krecords = [klammern_record(d) for d in kdeals]
    belote_deals = [belote_deal(d) for d in kdeals]
    for record, bd in zip(krecords, belote_deals, strict=True):
        answer = rules_engine.score_deal(record)
        assert answer["valid"], answer["errors"]
        assert sum(answer["card_points"]) == 164 and sum(belote_score(bd)) == 162
    kdeal_ours, kdeal_belote = best_rates(
        (krecords, rules_engine.score_deal, None),
        (belote_deals, belote_score, bgame.clear_legal_cards_cache),
    )
    rows.append(
        Row(
            f"(c) Klammern deals checked + scored / s ({len(kdeals):,} deals)",
            kdeal_ours,
            kdeal_belote,
            "belote-cli play_card x32 + score_round",
        )
    )


# --- (d) the extra contracts against Schieber's own figures ---------------------------------

#: (label, game, contract or trump, options)
EXTRA_CONTRACTS: list[tuple[str, str, Any, dict[str, Any]]] = [
    ("Coiffeur suit row (H)", "coiffeur", "H", {"grid": "official8"}),
    ("Coiffeur Slalom", "coiffeur", {"type": "slalom", "start": "obenabe"}, {"grid": "ten"}),
    ("Coiffeur Guschti", "coiffeur", {"type": "guschti", "start": "undenufe"}, {"grid": "ten"}),
    ("Coiffeur 3×3", "coiffeur", {"type": "3x3", "trump": "S"}, {"grid": [{"type": "3x3", "factor": 4}]}),
    (
        "Coiffeur Misère Obenabe",
        "coiffeur",
        {"type": "misere", "mode": "obenabe"},
        {"grid": [{"type": "misere", "factor": 1}]},
    ),
    (
        "Coiffeur Misère Slalom",
        "coiffeur",
        {"type": "misere", "mode": "slalom", "start": "undenufe"},
        {"grid": [{"type": "misere", "factor": 1}]},
    ),
    (
        "Coiffeur Misère trump (H)",
        "coiffeur",
        {"type": "misere", "mode": "H"},
        {"grid": [{"type": "misere", "factor": 1}], "misere_modes": ["obenabe", "H"]},
    ),
    ("Differenzler (trump C)", "differenzler", "C", {}),
    ("Differenzler, 3 players (trump D)", "differenzler", "D", {"players": 3}),
]
_ROW = {"H": 2, "slalom": 7, "guschti": 8}


def _modes(game: str, contract: Any) -> list[str]:
    if game == "differenzler":
        return [contract] * 12
    return [mode.key for mode in CoiffeurContract.parse(contract).modes(coiffeur_options())]


def extra_inputs(
    rng: random.Random, deals: int, positions: int
) -> dict[str, tuple[list[dict[str, Any]], list[dict[str, Any]]]]:
    """Per extra contract: complete deal records and positions met while playing them at random."""
    inputs: dict[str, tuple[list[dict[str, Any]], list[dict[str, Any]]]] = {}
    for label, game, contract, options in EXTRA_CONTRACTS:
        players = int(options.get("players", 4))
        options = {k: v for k, v in options.items() if k != "players"}
        modes = _modes(game, contract)
        records: list[dict[str, Any]] = []
        seen: list[dict[str, Any]] = []
        while len(records) < deals:
            deck = list(a.SCHIEBER_CARDS)
            rng.shuffle(deck)
            size = 36 // players
            hands = {seat: deck[(seat - 1) * size : seat * size] for seat in range(1, players + 1)}
            held = {seat: list(cards) for seat, cards in hands.items()}
            leader = first = rng.randint(1, players)
            tricks: list[list[str]] = []
            for t in range(size):
                trick: list[str] = []
                for i in range(players):
                    seat = (leader - 1 + i) % players + 1
                    if game == "coiffeur":
                        position = {
                            "game": game,
                            "options": options,
                            "contract": contract,
                            "trick_index": t,
                            "hand": list(held[seat]),
                            "trick": list(trick),
                        }
                    else:
                        position = {
                            "game": game,
                            "players": players,
                            "trump": contract,
                            "hand": list(held[seat]),
                            "trick": list(trick),
                        }
                    seen.append(position)
                    card = rng.choice(rules_engine.legal_cards(position)["legal"])
                    held[seat].remove(card)
                    trick.append(card)
                won = trick_winner(Contract.parse(modes[t]), [Card.parse(c) for c in trick])
                leader = (leader - 1 + won) % players + 1
                tricks.append(trick)
            if game == "coiffeur":
                key = contract if isinstance(contract, str) else contract["type"]
                records.append(
                    {
                        "game": game,
                        "options": options,
                        "forehand": first,
                        "pushes": 0,
                        "chooser": first,
                        "row": _ROW.get(key, 1),
                        "contract": contract,
                        "hands": {str(s): c for s, c in hands.items()},
                        "tricks": tricks,
                    }
                )
            else:
                records.append(
                    {
                        "game": game,
                        "players": players,
                        "forehand": first,
                        "trump": contract,
                        "estimates": [40] * players,
                        "hands": {str(s): c for s, c in hands.items()},
                        "tricks": tricks,
                    }
                )
        rng.shuffle(seen)
        inputs[label] = (records, seen[:positions])
    return inputs


def measure_extra(
    schieber_positions: list[a.Position], schieber_deals: list[SchieberDeal], quick: bool
) -> tuple[list[Row], dict[str, Any]]:
    """(d): each extra contract's public score_deal and legal_cards against Schieber's, in turns."""
    rng = random.Random(SEED + 4)
    deals, positions = (60, 800) if quick else (EXTRA_DEALS, EXTRA_POSITIONS)
    started = time.perf_counter()
    inputs = extra_inputs(rng, deals, positions)
    prepared = time.perf_counter() - started
    s_positions = [
        {
            "game": "schieber",
            "profile": "official",
            "contract": p.contract,
            "hand": [*p.hand],
            "trick": [*p.trick],
        }
        for p in schieber_positions[:positions]
    ]
    s_deals = [schieber_record(d) for d in schieber_deals[:deals]]
    for records, _ in inputs.values():
        for record in records:
            answer = rules_engine.score_deal(record)
            assert answer["valid"], answer["errors"]
    labels = list(inputs)
    deal_rates = best_rates(
        (s_deals, rules_engine.score_deal, None),
        *((inputs[label][0], rules_engine.score_deal, None) for label in labels),
    )
    legal_rates = best_rates(
        (s_positions, rules_engine.legal_cards, None),
        *((inputs[label][1], rules_engine.legal_cards, None) for label in labels),
    )
    rows: list[Row] = []
    for index, label in enumerate(labels, start=1):
        rows.append(
            Row(
                f"{label}: deals checked + scored / s",
                deal_rates[index],
                deal_rates[0],
                "Schieber score_deal",
            )
        )
        rows.append(
            Row(f"{label}: legal cards / s", legal_rates[index], legal_rates[0], "Schieber legal_cards")
        )
    info = {"deals": deals, "positions": positions, "prepared": prepared}
    return rows, info


def extra_table(rows: list[Row]) -> list[str]:
    lines = [
        "| measurement | extra contract | Schieber, same run | extra / Schieber | first pass only |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for row in rows:
        lines.append(
            f"| {row.what} | {row.ours:,.0f} | {row.peer:,.0f} ({row.peer_name}) | {row.ratio:.2f}× "
            f"| {row.first_ratio:.2f}× |"
        )
    return lines


def extra_section(
    rows: list[Row], info: dict[str, Any], seconds: float, quick: bool, load: str, busy: bool
) -> str:
    m = machine()
    command = "bench/engine.py --quick" if quick else "bench/engine.py"
    lines = [
        EXTRA_BEGIN,
        "## Engine benchmark: Coiffeur's and Differenzler's contracts (`bench/engine.py` (d))",
        "",
        f"Run {m['date']} on {m['nproc']} CPUs ({m['cpu']}), {m['python']}. Command: `.venv/bin/python "
        f"{command}` ({seconds:.0f} s in all; 1-minute load average {load}"
        + (" — the quick mode: fewer inputs, for a busy machine" if quick else "")
        + (
            "; other work was running on the machine, so absolute figures vary from run to run: read the ratios)."
            if busy
            else ")."
        ),
        "",
        f"Inputs (seed {SEED + 4}): per contract {info['deals']:,} complete deals played by random legal cards "
        f"(hands and tricks, every card checked) and {info['positions']:,} positions met while playing them; "
        f"Schieber's reference is its first {info['deals']:,} deals and {info['positions']:,} positions of (a) and "
        "(b), through the same public entry points, measured pass by pass in turns with the extra contracts "
        f"(best of {REPEATS}). No independent engine referees these contracts, so the peer is Schieber's own "
        "figure: the ratio says what the per-trick modes cost.",
        "",
        *extra_table(rows),
        EXTRA_END,
    ]
    return "\n".join(lines) + "\n"


def machine() -> dict[str, str]:
    cpu = platform.processor() or "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "nproc": str(os.cpu_count()),
        "cpu": cpu,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "os": platform.platform(),
    }


def versions() -> str:
    from importlib.metadata import version

    return ", ".join(f"{name} {version(name)}" for name in ("jass-kit", "numpy", "belote-cli"))


def table(rows: list[Row]) -> list[str]:
    lines = [
        "| measurement | Tafel | peer | peer | Tafel / peer | first pass only | goal ≥ 2× |",
        "| --- | ---: | --- | ---: | ---: | ---: | :---: |",
    ]
    for row in rows:
        ok = "yes" if row.ratio >= GOAL else "**no**"
        lines.append(
            f"| {row.what} | {row.ours:,.0f} | {row.peer_name} | {row.peer:,.0f} | {row.ratio:.1f}× "
            f"| {row.first_ratio:.1f}× | {ok} |"
        )
    return lines


def section(rows: list[Row], extra: list[Row], info: dict[str, Any], seconds: float) -> str:
    m = machine()
    lines = [
        BEGIN,
        "## Engine benchmark (`bench/engine.py`)",
        "",
        f"Run {m['date']} on {m['nproc']} CPUs ({m['cpu']}), {m['python']}, {m['os']}; "
        f"peers {versions()}. Command: `.venv/bin/python bench/engine.py` ({seconds:.0f} s in all; "
        f"1-minute load average {info['load']}"
        + (
            " — other work was running on the machine, so absolute figures vary from run to run; the "
            "ratios are measured pass by pass in turns and vary much less)."
            if info["busy"]
            else ")."
        ),
        "",
        "Inputs (seed {SEED}): {positions:,} Schieber positions met while playing random deals by random "
        "legal moves (every contract, hands of 1-9 cards, tricks of 0-3), {deals:,} complete Schieber deals "
        "(profile `official`, factors 1, contracts in turn) and {kdeals:,} complete Klammern deals. "
        'Figures are calls per second, best of {REPEATS} passes ("first pass only": the ratio of the first '
        "passes, before any cache in either engine is warm); Tafel through its public JSON entry points "
        "(`legal_cards`, `score_deal`: card codes in, full answers with reasons out), each peer with its "
        "inputs ready in its own native form.".format(SEED=SEED, REPEATS=REPEATS, **info),
        "",
        *table(rows),
        "",
        "For reference (not the goal's measure):",
        "",
        *table(extra),
        "",
        "Notes: jass-kit's `GameSim` never checks a card, so the like-for-like peer for (b) asks "
        "`get_valid_cards` before each card; the unchecked figure is above. belote-cli replays each deal "
        "with `play_card` (which checks the card against its own rules) and scores it with `score_round` "
        "(its caches cleared before each pass); its points are Belote's (Jappa 20, 162 a deal). "
        "Where the engines' rules differ, and how the oracle tests handle it: `tests/oracles/DIFFERENCES.md`.",
        END,
    ]
    return "\n".join(lines) + "\n"


def write(text: str) -> None:
    """Replace this script's own section of bench/RESULTS.md (others keep theirs)."""
    write_section(RESULTS, BEGIN, END, text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-write", action="store_true", help="do not update bench/RESULTS.md")
    parser.add_argument(
        "--only",
        metavar="PARTS",
        default="abcde",
        help="run only these measurements, e.g. 'a' or 'bc' (implies --no-write: the results file keeps whole runs)",
    )
    parser.add_argument(
        "--rating",
        action="store_true",
        help="only (e), the club's rating; writes its own section unless --no-write",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="only (d), on fewer inputs; writes (d)'s own section unless --no-write",
    )
    args = parser.parse_args(argv)
    if not args.only or set(args.only) - set("abcde"):
        parser.error("--only takes letters among a, b, c, d, e")
    parts = "d" if args.quick else "e" if args.rating else args.only
    rated: dict[str, Any] = {}
    if "e" in parts:
        rated = club_rating.measure()
        print(
            f"rating: solve of {rated['players']} players Tafel {rated['ours'] * 1000:.1f} ms, numpy "
            f"{rated['peer'] * 1000:.1f} ms ({rated['ours'] / rated['peer']:.0f}x); whole answer "
            f"{rated['whole'] * 1000:.1f} ms; agreement {rated['agreement']:.1e}"
        )
        parts = parts.replace("e", "")
        if not parts:
            if not args.no_write and (args.rating or args.only == "abcde"):
                m = machine()
                write_section(
                    RESULTS,
                    club_rating.BEGIN,
                    club_rating.END,
                    club_rating.section(rated, m["date"], f"{m['nproc']} CPUs ({m['cpu']}), {m['python']}"),
                )
                print(f"wrote {RESULTS.relative_to(ROOT)}")
            return 0
    started = time.perf_counter()
    load_before = os.getloadavg()[0]
    rows, extra, info = measure(parts.replace("d", "")) if set(parts) - {"d"} else ([], [], {})
    extra_rows: list[Row] = []
    extra_info: dict[str, Any] = {}
    if "d" in parts:
        rng = random.Random(SEED)
        positions, deals = schieber_inputs(rng)
        extra_rows, extra_info = measure_extra(positions, deals, args.quick)
    seconds = time.perf_counter() - started
    load_after = os.getloadavg()[0]
    load = f"{load_before:.1f} before, {load_after:.1f} after"
    busy = max(load_before, load_after) > 1.5
    if info:
        print(
            f"inputs prepared in {info['prepared']:.1f} s; total {seconds:.1f} s; load average {info['load']}"
        )
    for row in rows + extra + extra_rows:
        print(
            f"{row.what:<62} Tafel {row.ours:>10,.0f}/s  {row.peer_name:<44} {row.peer:>10,.0f}/s  "
            f"ratio {row.ratio:5.2f}x (first pass {row.first_ratio:.2f}x)"
        )
    if args.no_write:
        return 0
    if set(args.only) == set("abcde") and not args.quick:
        write(section(rows, extra, info, seconds))
        m = machine()
        write_section(
            RESULTS,
            club_rating.BEGIN,
            club_rating.END,
            club_rating.section(rated, m["date"], f"{m['nproc']} CPUs ({m['cpu']}), {m['python']}"),
        )
    if extra_rows and (args.quick or set(args.only) == set("abcde")):
        write_section(
            RESULTS,
            EXTRA_BEGIN,
            EXTRA_END,
            extra_section(extra_rows, extra_info, seconds, args.quick, load, busy),
        )
        print(f"wrote {RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

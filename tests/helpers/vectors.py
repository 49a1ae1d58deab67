"""The rule vectors both engines answer in the parity test: the contract's own examples
(docs/DEAL_RECORD.md), the perft positions (tests/schieber/data), the tournament examples
(tests/tournament/data), deterministic Schieber and Klammern matches, played-out deals, and
each of those broken in the ways the rule files name (S8 impossible totals, S6 Stöck,
K-melds, missing fields), so refusals are compared as well as answers."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

from rules_engine.cards import Suit
from rules_engine.klammern.contracts import ranking as klammern_ranking
from rules_engine.schieber.contracts import Contract, schieber_options
from tests.helpers.disputes import deal_hands, play_out
from tests.helpers.pdf_matches import klammern_match, schieber_match

ROOT = Path(__file__).resolve().parents[2]

Vector = tuple[str, Any]


def _documented() -> list[Vector]:
    text = (ROOT / "docs" / "DEAL_RECORD.md").read_text("utf-8")
    vectors: list[Vector] = []
    for block in re.findall(r"```json\n(.*?)```", text, re.S):
        try:
            record = json.loads(block)
        except json.JSONDecodeError:
            continue
        if not isinstance(record, dict):
            continue
        if "hand" in record:
            vectors.append(("legal_cards", record))
        elif "deals" in record:
            vectors.append(("score_match", record))
        else:
            vectors.append(("score_deal", record))
    return vectors


def _perft() -> list[Vector]:
    vectors: list[Vector] = []
    for position in json.loads((ROOT / "tests" / "schieber" / "data" / "perft.json").read_text("utf-8")):
        hands = position["hands"]
        lead_seat = str(position["forehand"])
        follow_seat = str(position["forehand"] % 4 + 1)
        for lead in hands[lead_seat]:
            vectors.append(
                (
                    "legal_cards",
                    {
                        "game": "schieber",
                        "contract": position["contract"],
                        "hand": hands[follow_seat],
                        "trick": [lead],
                    },
                )
            )
    return vectors


def _tournaments() -> list[Vector]:
    vectors: list[Vector] = []
    for path in sorted((ROOT / "tests" / "tournament" / "data").glob("*.json")):
        record = json.loads(path.read_text("utf-8"))
        if "answer" in path.name:
            continue
        vectors.append(("score_passe" if "passe" in path.name else "score_tournament", record))
    return vectors


def _broken_schieber(record: dict[str, Any]) -> list[dict[str, Any]]:
    broken = []
    for i, change in enumerate(
        (
            {"points": {"team": 1, "value": 156}},  # S8: an impossible total
            {"points": {"team": 1, "value": 200}},
            {"stoeck": 2, "contract": "obenabe"},  # Stöck only in a trump contract
            {"weis": {"1": [["C6", "C7"]]}},  # a run of two is no Weis
            {"contract": "X"},
            {"forehand": 5},
        )
    ):
        changed = copy.deepcopy(record)
        changed["deals"][i % len(changed["deals"])].update(change)
        broken.append(changed)
    return broken


def _broken_klammern(record: dict[str, Any]) -> list[dict[str, Any]]:
    broken = []
    for i, change in enumerate(
        (
            {"points": {"team": 1, "value": 170}},
            {"bella": 2, "melds": {"1": [["SK", "SQ"]]}},
            {"trump": "X"},
            {"declarer": 7},
            {"melds": {"2": [["H7", "H8", "H9"]]}},
        )
    ):
        changed = copy.deepcopy(record)
        changed["deals"][i % len(changed["deals"])].update(change)
        broken.append(changed)
    return broken


def _matches() -> list[Vector]:
    vectors: list[Vector] = []
    for n in (0, 1, 3, 8, 20):
        vectors.append(("score_match", schieber_match(n)))
        vectors.append(("score_match", schieber_match(n, target=1000, profile="official")))
    for record in _broken_schieber(schieber_match(8)):
        vectors.append(("score_match", record))
    for fmt in ("liga", "small_big", "hamburg"):
        for n in (0, 4, 12):
            vectors.append(("score_match", klammern_match(fmt, n)))
    for record in _broken_klammern(klammern_match("small_big", 6)):
        vectors.append(("score_match", record))
    return vectors


def _played() -> list[Vector]:
    vectors: list[Vector] = []
    for seed in range(4):
        hands = deal_hands("schieber", seed)
        contract = ("H", "S", "obenabe", "undenufe")[seed]
        tricks = play_out("schieber", contract, hands, Contract.parse(contract).ranking(schieber_options()))
        record = {
            "game": "schieber",
            "forehand": 1,
            "contract": contract,
            "hands": {str(s): h for s, h in hands.items()},
            "tricks": tricks,
        }
        vectors.append(("score_deal", record))
        wrong = copy.deepcopy(record)
        wrong["tricks"][0][1], wrong["tricks"][1][1] = wrong["tricks"][1][1], wrong["tricks"][0][1]
        vectors.append(("score_deal", wrong))
    hands = deal_hands("klammern", 5)
    tricks = play_out("klammern", "S", hands, klammern_ranking(Suit.SPADES))
    vectors.append(
        (
            "score_deal",
            {
                "game": "klammern",
                "players": 4,
                "format": "small_big",
                "forehand": 1,
                "trump": "S",
                "declarer": 1,
                "hands": {str(s): h for s, h in hands.items()},
                "tricks": tricks,
            },
        )
    )
    return vectors


def vectors() -> list[Vector]:
    """Every vector, in a fixed order."""
    return [*_documented(), *_perft(), *_tournaments(), *_matches(), *_played()]

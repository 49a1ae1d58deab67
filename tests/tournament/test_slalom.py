"""The Passe's Slalom (TOURNAMENT.md T2.3, COIFFEUR.md C5.1 and C5.6).

The card-by-card cases are checked against a small Slalom written here from the rule files:
trick k in the `start` mode when k is odd and in the other mode when even (C5.1), won by the
highest card of the led suit in that trick's mode, counted with the first trick's values
(`opening`) or each trick's own (`per_trick`, C5.6), the last trick adding 5 (C5.7).
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from rules_engine import InvalidRecord, score_passe

DATA = Path(__file__).parent / "data"
EXAMPLE: dict[str, Any] = json.loads((DATA / "example1_passe.json").read_text())

SUITS = "DHSC"
#: Obenabe's order, highest first; Undenufe's is the reverse (S4.6).
RANKS = "AKQJT9876"
#: S5: Obenabe counts the Ass 11 and the 6 nothing; Undenufe (`six11`) the reverse; the 8s count 8.
OBENABE = {"A": 11, "K": 4, "Q": 3, "J": 2, "T": 10, "9": 0, "8": 8, "7": 0, "6": 0}
UNDENUFE = {**OBENABE, "A": 0, "6": 11}


def passe(**options: Any) -> dict[str, Any]:
    record = copy.deepcopy(EXAMPLE)
    record["options"].update({"contracts": ["slalom"], **options})
    record.pop("reported")
    return record


def slalom(start: str) -> dict[str, str]:
    return {"type": "slalom", "start": start}


def card_by_card(start: str, tricks: list[list[str]], forehand: int = 1, **more: Any) -> dict[str, Any]:
    """A Slalom game of the Passe entered with its tricks, both teams confirming it."""
    return {"forehand": forehand, "contract": slalom(start), "tricks": tricks, "confirmed_by": [1, 2], **more}


def rules(answer: Any) -> list[tuple[str, int | None]]:
    return [(error["rule"], error.get("game")) for error in answer["errors"]]


class Played:
    """A shuffled deal played out legally (each player follows suit with his first card of it),
    with each team's points under both readings of C5.6, by this module's own Slalom."""

    def __init__(self, seed: int, start: str, forehand: int) -> None:
        deck = [suit + rank for suit in SUITS for rank in RANKS]
        random.Random(seed).shuffle(deck)
        self.hands = {seat: deck[(seat - 1) * 9 : seat * 9] for seat in range(1, 5)}
        held = {seat: list(cards) for seat, cards in self.hands.items()}
        other = "undenufe" if start == "obenabe" else "obenabe"
        leader = forehand
        self.tricks: list[list[str]] = []
        self.seats: list[list[int]] = []
        self.points = {"opening": [0, 0], "per_trick": [0, 0]}
        for k in range(1, 10):
            mode = start if k % 2 == 1 else other
            trick, seats = [], []
            for offset in range(4):
                seat = (leader - 1 + offset) % 4 + 1
                follow = [card for card in held[seat] if trick and card[0] == trick[0][0]]
                card = (follow or held[seat])[0]
                held[seat].remove(card)
                trick.append(card)
                seats.append(seat)
            led = [(card, seat) for card, seat in zip(trick, seats, strict=True) if card[0] == trick[0][0]]
            order = RANKS if mode == "obenabe" else RANKS[::-1]
            leader = min(led, key=lambda pair: order.index(pair[0][1]))[1]
            team = 0 if leader % 2 == 1 else 1
            last = 5 if k == 9 else 0
            first_values = OBENABE if start == "obenabe" else UNDENUFE
            own_values = OBENABE if mode == "obenabe" else UNDENUFE
            self.points["opening"][team] += sum(first_values[card[1]] for card in trick) + last
            self.points["per_trick"][team] += sum(own_values[card[1]] for card in trick) + last
            self.tricks.append(trick)
            self.seats.append(seats)

    def revoked(self) -> tuple[int, list[list[str]]]:
        """The tricks with one follower's card swapped for a later card of another suit from his
        own hand (a revoke), and the 0-based trick of that revoke."""
        for t in range(9):
            led = self.tricks[t][0][0]
            for i in range(1, 4):
                seat, card = self.seats[t][i], self.tricks[t][i]
                if card[0] != led:
                    continue
                for u in range(t + 1, 9):
                    j = self.seats[u].index(seat)
                    if self.tricks[u][j][0] != led:
                        tricks = [list(trick) for trick in self.tricks]
                        tricks[t][i], tricks[u][j] = tricks[u][j], tricks[t][i]
                        return t, tricks
        raise AssertionError("this deal has no revoke to make")


def test_option_contracts_may_add_the_slalom() -> None:
    record = passe()
    record["games"][0]["contract"] = slalom("obenabe")
    answer = score_passe(record)
    assert answer["valid"], answer["errors"]
    assert answer["games"][0]["total"] == [98, 59]  # worked example 1 writes 98 for team 1


def test_a_slalom_counts_once_whatever_the_factors() -> None:
    record = passe(factors={"obenabe": 3, "undenufe": 2})
    record["games"][0].update(contract=slalom("undenufe"), points={"team": 1, "value": 100})
    answer = score_passe(record)
    assert answer["games"][0]["total"] == [100, 57]  # T2.2: a Slalom's factor is 1
    # T3.5: the Slalom adds 157 × 1 to the control sum, whatever the start mode's factor.
    plain = passe(factors={"obenabe": 3, "undenufe": 2})
    plain["games"][0].update(contract="S", points={"team": 1, "value": 100})
    assert answer["control"]["expected"] == score_passe(plain)["control"]["expected"]


def test_a_slalom_by_points_is_checked_as_a_game_of_157() -> None:
    record = passe()
    record["games"][0].update(contract=slalom("obenabe"), points={"team": 2, "value": 156})
    answer = score_passe(record)
    assert rules(answer) == [("T3.4", 0)]


@pytest.mark.parametrize("start", ["obenabe", "undenufe"])
@pytest.mark.parametrize("seed", range(6))
def test_a_slalom_card_by_card_scores_as_the_rule_files_play_it(seed: int, start: str) -> None:
    played = Played(seed, start, forehand=1)
    tricks, points = played.tricks, played.points
    for reading in ("opening", "per_trick"):
        record = passe(mixed_points=reading)
        record["games"][0] = card_by_card(start, tricks)
        answer = score_passe(record)
        assert answer["valid"], (reading, answer["errors"])
        assert answer["games"][0]["total"] == points[reading]
        # T2.3, T3.5: the total the Slalom's cards give takes the place of its 157.
        assert answer["control"]["expected"] == 11 * 157 + sum(points[reading])
        assert answer["control"]["ok"] is True
    assert sum(points["opening"]) == 157


def test_the_forehand_of_the_game_leads_the_first_trick() -> None:
    played = Played(3, "obenabe", forehand=2)
    tricks, points = played.tricks, played.points
    record = passe(mixed_points="per_trick")
    record["games"][0] = card_by_card("obenabe", tricks, forehand=2)
    answer = score_passe(record)
    assert answer["valid"], answer["errors"]
    assert answer["games"][0]["total"] == points["per_trick"]


def test_all_nine_tricks_are_a_match_and_per_trick_a_slalom_can_total_201() -> None:
    # Each seat holds one suit; seat 1 leads hearts nine times and nobody can follow. The ranks
    # fall trick by trick A, 6, K, Q, J, T, 9, 8, 7: per trick 44 + 44 + 16 + 12 + 8 + 40 + 0 + 32 + 0 + 5.
    order = "A6KQJT987"
    tricks = [[suit + rank for suit in "HSDC"] for rank in order]
    for reading, total in (("opening", 157), ("per_trick", 201)):
        record = passe(mixed_points=reading, match_value=207)
        record["games"][0] = card_by_card("obenabe", tricks)
        answer = score_passe(record)
        assert answer["valid"], answer["errors"]
        assert answer["games"][0]["match"] == [True, False]
        assert answer["games"][0]["total"] == [total + 50, 0]  # T2.4: the bonus of a Match at 207


def test_a_card_against_the_slalom_cites_c5_1_with_its_trick() -> None:
    played = Played(1, "obenabe", forehand=1)
    hands = {str(seat): cards for seat, cards in played.hands.items()}
    record = passe()
    record["games"][0] = card_by_card("obenabe", played.tricks, hands=hands)
    assert score_passe(record)["valid"]
    trick, tricks = played.revoked()
    record["games"][0] = card_by_card("obenabe", tricks, hands=hands)
    answer = score_passe(record)
    assert not answer["valid"]
    first = answer["errors"][0]
    assert (first["rule"], first["game"], first["params"]["trick"]) == ("C5.1", 0, trick + 1)
    assert answer["games"][0]["total"] is None


def test_per_trick_a_slalom_must_be_entered_card_by_card() -> None:
    record = passe(mixed_points="per_trick")
    record["games"][0].update(contract=slalom("obenabe"), points={"team": 1, "value": 100})
    answer = score_passe(record)
    assert rules(answer) == [("T2.3", 0)]
    assert answer["errors"][0]["field"] == "points"
    claimed = passe(mixed_points="per_trick", confirm="double_entry")
    del claimed["games"][0]["points"]
    claimed["games"][0].update(contract=slalom("obenabe"), claims={"1": {"team": 1, "value": 100}})
    assert rules(score_passe(claimed)) == [("T2.3", 0)]


def test_no_stoeck_in_a_slalom() -> None:
    record = passe(stoeck=True)
    record["games"][0].update(contract=slalom("obenabe"), stoeck=1)
    answer = score_passe(record)
    assert not answer["valid"]  # T2.1: no trump, so no Stöck
    assert answer["errors"][0]["field"] == "stoeck"
    assert answer["games"][0]["total"] is None


def test_an_unknown_contract_in_the_option_is_still_malformed() -> None:
    with pytest.raises(InvalidRecord, match="guschti"):
        score_passe(passe(contracts=["slalom", "guschti"]))

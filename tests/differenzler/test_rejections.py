"""D8: everything the engine must reject, each with its cited rule (exit 1) or as malformed (exit 2)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules_engine import InvalidRecord, legal_cards, score_deal, score_match

BASE: dict[str, Any] = {
    "game": "differenzler",
    "forehand": 1,
    "trump": "C",
    "estimates": [40, 0, 65, 50],
    "points": [43, 0, 65, 49],
    "tricks_won": [2, 0, 4, 3],
}


def deal(options: dict[str, Any] | None = None, **changes: Any) -> dict[str, Any]:
    record = {**BASE, **changes}
    if options is not None:
        record["options"] = options
    return {key: value for key, value in record.items() if value is not ...}


def rules(answer: dict[str, Any]) -> list[str]:
    assert answer["valid"] is False
    assert answer["score"] is None
    return [error["rule"] for error in answer["errors"]]


def codes(answer: dict[str, Any]) -> list[str]:
    return [error["code"] for error in answer["errors"]]


def test_the_base_record_is_valid() -> None:
    assert score_deal(deal())["valid"]


@pytest.mark.parametrize(
    ("options", "estimates", "valid"),
    [
        (None, [158, 0, 65, 50], False),
        (None, [-1, 0, 65, 50], False),
        (None, [157, 0, 65, 50], True),
        ({"stoeck": "counted"}, [177, 0, 65, 50], True),
        ({"stoeck": "holder_choice"}, [177, 0, 65, 50], True),
        ({"stoeck": "counted"}, [178, 0, 65, 50], False),
    ],
)
def test_estimate_range(options: dict[str, Any] | None, estimates: list[int], valid: bool) -> None:
    answer = score_deal(deal(options, estimates=estimates))
    assert answer["valid"] is valid
    if not valid:
        assert rules(answer) == ["D8"] and codes(answer) == ["estimate_range"]


def test_null_estimate() -> None:
    answer = score_deal(deal(estimates=[40, None, 65, 50]))
    assert rules(answer) == ["D8"]


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        ([158, 0, 0, -1], ["points_range", "points_range"]),
        ([1, 42, 65, 49], ["impossible_points"]),
        ([156, 0, 1, 0], ["impossible_points", "impossible_points"]),
        ([43, 0, 65, 50], ["points_sum"]),
    ],
)
def test_points(points: list[int], expected: list[str]) -> None:
    answer = score_deal(deal(points=points, tricks_won=None))
    assert set(rules(answer)) == {"D8"}
    assert codes(answer) == expected


@pytest.mark.parametrize(
    ("points", "tricks_won", "code"),
    [
        ([43, 0, 65, 49], [2, 0, 4, 4], "tricks_won_sum"),
        ([43, 0, 65, 49], [2, 0, 10, -3], "tricks_won_sum"),
        ([43, 0, 65, 49], [2, 1, 0, 6], "points_without_trick"),
        ([150, 0, 7, 0], [9, 0, 0, 0], "all_tricks_not_157"),
        ([157, 0, 0, 0], [8, 1, 0, 0], "157_without_all_tricks"),
    ],
)
def test_tricks_won(points: list[int], tricks_won: list[int], code: str) -> None:
    answer = score_deal(deal(points=points, tricks_won=tricks_won))
    assert "D8" in rules(answer)
    assert code in codes(answer)


def test_a_match_is_157_with_all_tricks_and_no_bonus() -> None:
    answer = score_deal(deal(points=[157, 0, 0, 0], tricks_won=[9, 0, 0, 0], estimates=[157, 0, 0, 0]))
    assert answer["valid"], answer["errors"]
    assert answer["made"] == [157, 0, 0, 0]


def test_needs_zero_trick_without_tricks_won() -> None:
    answer = score_deal(deal({"zero_exact": "needs_zero_trick"}, tricks_won=None))
    assert rules(answer) == ["D8"]
    assert codes(answer) == ["zero_needs_tricks"]


def test_trump_obenabe_or_undenufe_needs_the_modes_option() -> None:
    assert rules(score_deal(deal(trump="obenabe"))) == ["D2.3"]
    assert score_deal(deal({"modes": ["suit", "obenabe", "undenufe"]}, trump="undenufe"))["valid"]


def test_weis_breaks_d5_3() -> None:
    assert rules(score_deal(deal(weis={"1": [["H6", "H7", "H8"]]}))) == ["D5.3"]
    assert score_deal(deal(weis={}))["valid"]


def test_stoeck_breaks_d5_4_when_it_does_not_count_or_has_no_trump() -> None:
    assert rules(score_deal(deal(stoeck=2))) == ["D5.4"]
    assert score_deal(deal(stoeck=None))["valid"]
    answer = score_deal(deal({"stoeck": "counted", "modes": ["suit", "obenabe"]}, trump="obenabe", stoeck=2))
    assert rules(answer) == ["D5.4"]


def test_holder_choice_adds_the_stoeck_only_when_the_holder_says_so() -> None:
    options = {"stoeck": "holder_choice"}
    assert score_deal(deal(options, stoeck=3))["made"][2] == 65
    assert score_deal(deal(options, stoeck=3, stoeck_counted=True))["made"][2] == 85
    open_form = {"stoeck": "counted", "form": "open", "dealer_credit": True}
    # D6.5: with a counted Stöck the made total is 177.
    answer = score_deal(deal(open_form, stoeck=1, estimates=[63, 0, 65, 49]))
    assert answer["dealer_credit"] == 0 and answer["score"][0] == -10


OPEN = {"form": "open"}


@pytest.mark.parametrize(
    ("announcements", "code"),
    [
        ([[2, 0], [1, 40], [3, 65], [4, 50]], "announcement_order"),
        ([[1, 40], [2, 0], [3, 65]], "announcement_order"),  # seat 4 never announced
        ([[1, 30], [2, 0], [1, 40], [3, 65], [4, 50]], "late_correction"),
        ([[1, 40], [2, 0], [3, 60], [4, 50]], "announcement_estimate"),
    ],
)
def test_open_form_announcements_d3_2(announcements: list[list[int]], code: str) -> None:
    answer = score_deal(deal(OPEN, announcements=announcements))
    assert rules(answer) == ["D3.2"]
    assert codes(answer) == [code]


def test_open_form_corrections_before_the_next_player_and_by_the_dealer_are_allowed() -> None:
    spoken = [[1, 30], [1, 40], [2, 0], [3, 65], [4, 45], [4, 50]]
    assert score_deal(deal(OPEN, announcements=spoken))["valid"]


def test_hidden_form_estimate_sealed_after_the_first_card_d3_3() -> None:
    sealed = {
        "estimates": ["2026-03-01T19:02:11Z", "2026-03-01T19:02:30Z", "2026-03-01T19:03:01Z", None],
        "first_card": "2026-03-01T19:03:00Z",
    }
    answer = score_deal(deal(sealed_at=sealed))
    assert rules(answer) == ["D3.3"]
    assert answer["errors"][0]["params"]["seat"] == 3
    sealed["estimates"][2] = "2026-03-01T19:02:59Z"
    assert score_deal(deal(sealed_at=sealed))["valid"]


# --- card by card -----------------------------------------------------------------------------

DECK = [s + r for s in "HCDS" for r in "AKQJT9876"]
NORMAL = "AKQJT9876"
TRUMP = "J9AKQT876"


def winner(trick: list[str], trump: str) -> int:
    def strength(card: str) -> int:
        if card[0] == trump:
            return 100 + 9 - TRUMP.index(card[1])
        return 9 - NORMAL.index(card[1]) if card[0] == trick[0][0] else -1

    return max(range(len(trick)), key=lambda i: strength(trick[i]))


def play(
    seed: int, trump: str = "C", players: int = 4
) -> tuple[dict[str, list[str]], list[list[str]], list[int]]:
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    size = 36 // players
    hands = {seat: deck[(seat - 1) * size : seat * size] for seat in range(1, players + 1)}
    held = {seat: list(cards) for seat, cards in hands.items()}
    leader, tricks, winners = 1, [], []
    for _ in range(size):
        trick: list[str] = []
        for i in range(players):
            seat = (leader - 1 + i) % players + 1
            answer = legal_cards(
                {
                    "game": "differenzler",
                    "players": players,
                    "trump": trump,
                    "hand": held[seat],
                    "trick": trick,
                }
            )
            card = rng.choice(answer["legal"])
            held[seat].remove(card)
            trick.append(card)
        leader = (leader - 1 + winner(trick, trump)) % players + 1
        tricks.append(trick)
        winners.append(leader)
    return {str(seat): cards for seat, cards in hands.items()}, tricks, winners


def carded(tricks: list[list[str]], hands: Any = None, **changes: Any) -> dict[str, Any]:
    return deal(points=..., tricks_won=changes.pop("tricks_won", ...), tricks=tricks, hands=hands, **changes)


def test_a_legal_deal_card_by_card_is_valid() -> None:
    hands, tricks, winners = play(1)
    answer = score_deal(carded(tricks, hands))
    assert answer["valid"], answer["errors"]
    assert sum(answer["points"]) == 157
    assert answer["trick_winners"] == winners
    assert answer["tricks_won"] == [winners.count(seat) for seat in range(1, 5)]


def test_tricks_won_differing_from_the_replay() -> None:
    _, tricks, winners = play(2)
    wrong = [winners.count(seat) for seat in range(1, 5)]
    wrong[0], wrong[1] = wrong[1] + 1, wrong[0] - 1 if wrong[0] else wrong[0] + 1
    answer = score_deal(carded(tricks, tricks_won=wrong))
    assert "tricks_won_differs" in codes(answer)


def test_card_twice_and_card_not_in_hand() -> None:
    hands, tricks, _ = play(3)
    twice = [list(t) for t in tricks]
    twice[8][3] = twice[0][0]
    answer = score_deal(carded(twice))
    assert rules(answer) == ["D8"] and codes(answer) == ["card_played_twice"]
    played_first = tricks[0][0]  # seat 1 (forehand) leads it
    other = next(card for card in DECK if card not in hands["1"])
    swapped = {"1": [other if card == played_first else card for card in hands["1"]]}
    answer = score_deal(carded(tricks, swapped))
    assert answer["errors"][0]["rule"] == "D8" and answer["errors"][0]["code"] == "not_in_hand"


def test_a_card_against_d4_2_names_the_rule_and_the_card() -> None:
    # Swap a card that followed a plain lead (and did not win) with the same player's card of
    # the last trick, of another plain suit: the player then held the led suit and did not follow.
    for seed in range(200):
        hands, tricks, winners = play(seed)
        leaders = [1, *winners[:-1]]
        for t in range(8):
            led = tricks[t][0][0]
            if led == "C":
                continue
            for i in range(1, 4):
                seat = (leaders[t] - 1 + i) % 4 + 1
                j = (seat - leaders[8]) % 4
                card, last = tricks[t][i], tricks[8][j]
                if card[0] == led and winner(tricks[t], "C") != i and last[0] not in (led, "C"):
                    changed = [list(x) for x in tricks]
                    changed[t][i], changed[8][j] = last, card
                    answer = score_deal(carded(changed))
                    first = answer["errors"][0]
                    assert (first["rule"], first["params"]["trick"], first["params"]["card"]) == (
                        "D4.2",
                        t + 1,
                        last,
                    )
                    assert first["params"]["play_rule"] == "S4.3"
                    return
    pytest.fail("no deal to swap found")


def test_stoeck_claim_is_checked_against_the_cards() -> None:
    hands, tricks, _ = play(4)
    holder = next((seat for seat, cards in hands.items() if {"CK", "CQ"} <= set(cards)), None)
    other = next(seat for seat in hands if seat != holder)
    answer = score_deal(
        carded(tricks, hands, options={"stoeck": "counted"}, stoeck=int(other), estimates=[40, 0, 65, 50])
    )
    assert "D5.4" in rules(answer)


# --- the Partie ---------------------------------------------------------------------------


def test_a_deal_after_the_partie_is_complete_d7_2() -> None:
    one = {"forehand": 1, "trump": "C", "estimates": [40, 0, 65, 50], "points": [43, 0, 65, 49]}
    answer = score_match({"game": "differenzler", "deal_count": 1, "deals": [one, {**one, "forehand": 2}]})
    assert rules({**answer, "score": None}) == ["D7.2"]
    assert answer["errors"][0]["deal"] == 1
    done = score_match({"game": "differenzler", "deal_count": 1, "deals": [one]})
    assert done["finished"] is True and done["next"] is None


# --- malformed (exit 2) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "changes",
    [
        {"estimates": [40, 0, 65]},
        {"points": [43, 0, 65, 49, 0]},
        {"tricks_won": [2, 0, 4]},
        {"penalties": [0, 0, 0]},
        {"estimates": [40, 0, 65.5, 50]},
        {"points": [43, "0", 65, 49]},
        {"zero_trick": True},
        {"tricks": [["H6"]]},  # points and tricks together
        {"points": ..., "tricks_won": ...},  # neither points nor tricks
        {"stoeck": 5},
        {"stoeck": "north"},
        {"players": 5},
        {"trump": "X"},
        {"forehand": ...},
        {"sealed_at": {"estimates": ["2026-03-01T19:02:11Z"], "first_card": None}},
        {"sealed_at": {"estimates": ["yesterday", None, None, None], "first_card": None}},
        {"announcements": [[1, 40]]},  # announcements with the hidden form
    ],
)
def test_malformed_deal_records(changes: dict[str, Any]) -> None:
    with pytest.raises(InvalidRecord):
        score_deal(deal(**changes))


@pytest.mark.parametrize(
    "options",
    [
        {"tie": "extra_deal"},
        {"form": "secret"},
        {"dealer_credit": True},  # with the hidden form
        {"form": "hidden", "dealer_credit": True},
        {"colour": "red"},
        {"modes": ["suit", "slalom"]},
        {"stoeck": "always"},
        {"exact_bonus": -10},
        {"zero_exact": "sometimes"},
        {"penalty_points": "20"},
    ],
)
def test_unknown_option_values_are_malformed(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidRecord):
        score_deal(deal(options))


def test_malformed_partie_records() -> None:
    one = {"forehand": 1, "trump": "C", "estimates": [40, 0, 65, 50], "points": [43, 0, 65, 49]}
    with pytest.raises(InvalidRecord):  # a deal's players differs from the Partie's
        score_match({"game": "differenzler", "players": 4, "deals": [{**one, "players": 3}]})
    with pytest.raises(InvalidRecord):  # game and options belong to the Partie
        score_match({"game": "differenzler", "deals": [{**one, "game": "differenzler"}]})
    with pytest.raises(InvalidRecord):
        score_match({"game": "differenzler", "players": 2, "deals": []})
    with pytest.raises(InvalidRecord):
        score_match({"game": "differenzler_tournament", "deals": []})
    with pytest.raises(InvalidRecord):
        score_deal({"game": "differenzler_tournament"})


def test_no_differenzler_tournament_record_in_this_version_d7_3() -> None:
    import rules_engine

    with pytest.raises(InvalidRecord):
        rules_engine.score_tournament({"game": "differenzler_tournament", "players": [], "rounds": []})

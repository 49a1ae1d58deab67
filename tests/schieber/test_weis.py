"""Weis (S6.1-S6.5): what a Weis is, finding them, comparing them, awarding them.

Expected figures are worked out from SCHIEBER.md by hand.
"""

from __future__ import annotations

import pytest

from rules_engine.cards import Card, parse_cards
from rules_engine.errors import RuleBroken
from rules_engine.schieber.contracts import Contract, schieber_options
from rules_engine.schieber.weis import (
    Declared,
    Weis,
    WeisKind,
    award_weis,
    best_declaration,
    check_declaration,
    compare_weis,
    find_weis,
    read_weis,
)
from rules_engine.seats import Seat

SEED = schieber_options()
OFFICIAL = schieber_options("official")


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def weis(text: str, options: object = SEED) -> Weis:
    return read_weis(cards(text), options)  # type: ignore[arg-type]


def rule_of(text: str, options: object = SEED) -> str:
    with pytest.raises(RuleBroken) as caught:
        weis(text, options)
    return caught.value.reasons[0].rule


# ----------------------------------------------------------------- S6.1 runs


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("H6 H7 H8", 20),  # Dreiblatt
        ("SQ SK SA", 20),
        ("D9 DT DJ DQ", 50),  # Vierblatt
        ("C6 C7 C8 C9 CT", 100),
        ("C6 C7 C8 C9 CT CJ", 100),  # seed: five or more 100
        ("H6 H7 H8 H9 HT HJ HQ HK HA", 100),
    ],
)
def test_run_points_seed_flat(text: str, points: int) -> None:
    found = weis(text)
    assert found.kind is WeisKind.RUN
    assert found.points == points


@pytest.mark.parametrize(
    ("length", "points"), [(3, 20), (4, 50), (5, 100), (6, 150), (7, 200), (8, 250), (9, 300)]
)
def test_run_points_graded(length: int, points: int) -> None:
    run = " ".join(f"S{r}" for r in "6789TJQKA"[:length])
    assert weis(run, OFFICIAL).points == points
    assert weis(run, schieber_options(None, {"long_runs": "graded"})).points == points


def test_run_cards_in_any_order_and_trump_suit_and_ten_as_10() -> None:
    assert weis("HA HQ HK").cards == cards("HQ HK HA")
    assert read_weis(parse_cards(["H9", "H10", "HJ"]), SEED).points == 20


@pytest.mark.parametrize(
    "text",
    [
        "H6 H7 H9",  # gap
        "HK HA H6",  # no wrap-around: A is the top of the natural order
        "H6 H7 S8",  # two suits
        "H6 H7",  # too short
        "HJ SJ CJ",  # three of a kind is nothing
    ],
)
def test_not_a_run_is_rejected_citing_s6_1(text: str) -> None:
    assert rule_of(text) == "S6.1"


def test_a_card_twice_in_one_claim_is_rejected() -> None:
    assert rule_of("H6 H7 H7 H8") == "S8"


# ----------------------------------------------------------------- S6.2 four of a kind


@pytest.mark.parametrize(("rank", "points"), [("J", 200), ("A", 100), ("K", 100), ("Q", 100), ("T", 100)])
def test_four_of_a_kind(rank: str, points: int) -> None:
    four = weis(" ".join(f"{s}{rank}" for s in "HSDC"))
    assert four.kind is WeisKind.FOUR
    assert four.points == points
    assert weis(" ".join(f"{s}{rank}" for s in "HSDC"), OFFICIAL).points == points


def test_four_nines_and_low_cards_in_seed_are_false_claims() -> None:
    for rank in "9876":
        with pytest.raises(RuleBroken) as caught:
            weis(" ".join(f"{s}{rank}" for s in "HSDC"))
        reason = caught.value.reasons[0]
        assert (reason.rule, reason.code) == ("S6.2", "four_not_scoring")


def test_four_nines_and_low_cards_in_official() -> None:
    assert weis("H9 S9 D9 C9", OFFICIAL).points == 150
    for rank in "876":
        assert weis(" ".join(f"{s}{rank}" for s in "HSDC"), OFFICIAL).points == 100


def test_four_nines_option_values() -> None:
    assert weis("H9 S9 D9 C9", schieber_options(None, {"four_nines": 150})).points == 150
    zero_in_official = schieber_options("official", {"four_nines": 0})
    assert rule_of("H9 S9 D9 C9", zero_in_official) == "S6.2"


# ----------------------------------------------------------------- finding Weis


def test_find_weis_lists_sub_runs_and_scoring_fours() -> None:
    hand = cards("H6 H7 H8 H9 SJ HJ CJ DJ SA")
    found = {str(w): w.points for w in find_weis(hand, SEED)}
    assert found == {"H6 H7 H8": 20, "H7 H8 H9": 20, "H6 H7 H8 H9": 50, "HJ CJ DJ SJ": 200}


def test_find_weis_skips_four_nines_in_seed_only() -> None:
    hand = cards("H9 S9 D9 C9 HA")
    assert find_weis(hand, SEED) == []
    assert [w.points for w in find_weis(hand, OFFICIAL)] == [150]


def test_best_declaration_prefers_splitting_a_run_for_a_four_without_kreuzweis() -> None:
    # Run H6..HJ (100) alone, or H6..HT (100) plus four Unders (200): 300.
    hand = cards("H6 H7 H8 H9 HT HJ SJ CJ DJ")
    assert [str(w) for w in best_declaration(hand, SEED)] == ["H6 H7 H8 H9 HT", "HJ CJ DJ SJ"]


def test_best_declaration_with_kreuzweis_shares_the_under() -> None:
    # official: graded run of six (150) and four Unders (200) may share HJ: 350.
    hand = cards("H6 H7 H8 H9 HT HJ SJ CJ DJ")
    best = best_declaration(hand, OFFICIAL)
    assert sorted(w.points for w in best) == [150, 200]


def test_best_declaration_of_nine_in_a_row() -> None:
    hand = cards("H6 H7 H8 H9 HT HJ HQ HK HA")
    # seed (flat): 4 + 5 = 50 + 100 = 150 beats the whole run (100) and three Dreiblatt (60).
    assert sorted(w.points for w in best_declaration(hand, SEED)) == [50, 100]
    # official (graded): the whole run is 300.
    assert [w.points for w in best_declaration(hand, OFFICIAL)] == [300]


def test_best_declaration_of_a_hand_without_weis() -> None:
    assert best_declaration(cards("H6 H8 HT HQ S6 S8 ST SQ DA"), SEED) == ()


# ----------------------------------------------------------------- S6.3 one player's set


def test_card_in_two_weis_of_one_player_seed() -> None:
    run, four = weis("HT HJ HQ"), weis("HJ SJ CJ DJ")
    reasons = check_declaration(Seat(1), [run, four], SEED)
    assert [(r.rule, r.code) for r in reasons] == [("S6.3", "card_in_two_weis")]
    assert "HJ" in reasons[0].message


def test_kreuzweis_allows_a_run_and_a_four_but_never_two_runs() -> None:
    kreuzweis = schieber_options(None, {"kreuzweis": True})
    assert check_declaration(Seat(1), [weis("HT HJ HQ"), weis("HJ SJ CJ DJ")], kreuzweis) == []
    two_runs = check_declaration(Seat(1), [weis("H6 H7 H8"), weis("H8 H9 HT")], kreuzweis)
    assert [r.rule for r in two_runs] == ["S6.3"]
    assert "two runs" in two_runs[0].message


def test_the_same_weis_declared_twice() -> None:
    reasons = check_declaration(Seat(2), [weis("H6 H7 H8"), weis("H8 H7 H6")], OFFICIAL)
    assert [(r.rule, r.code) for r in reasons] == [("S6.3", "weis_declared_twice")]


# ----------------------------------------------------------------- S6.5 comparison


def duel(
    first: str,
    second: str,
    contract: str = "H",
    *,
    seats: tuple[int, int] = (1, 2),
    forehand: int = 1,
    options: object = SEED,
) -> tuple[int, str]:
    result = compare_weis(
        Declared(Seat(seats[0]), weis(first, options)),
        Declared(Seat(seats[1]), weis(second, options)),
        Contract.parse(contract),
        options,
        Seat(forehand),  # type: ignore[arg-type]
    )
    return result.winner, result.deciding.name


def test_step1_points() -> None:
    assert duel("S6 S7 S8", "D6 D7 D8 D9") == (2, "points")
    assert duel("HA SA DA CA", "H6 H7 H8 H9") == (1, "points")
    assert duel("HJ SJ DJ CJ", "S6 S7 S8 S9 ST") == (1, "points")


def test_step2_more_cards_whatever_the_type() -> None:
    # A run of five (100, five cards) beats four Asses (100, four cards).
    assert duel("HA SA DA CA", "S6 S7 S8 S9 ST") == (2, "cards")
    # Flat: a run of six beats a run of five, both 100.
    assert duel("D6 D7 D8 D9 DT", "S6 S7 S8 S9 ST SJ") == (2, "cards")


def test_step2_quartet_first_option() -> None:
    quartet = schieber_options(None, {"weis_equal_points": "quartet_first"})
    assert duel("HA SA DA CA", "S6 S7 S8 S9 ST", options=quartet) == (1, "cards")
    # ... then the longer run.
    assert duel("D6 D7 D8 D9 DT", "S6 S7 S8 S9 ST SJ", options=quartet) == (2, "cards")


def test_step3_higher_top_card() -> None:
    assert duel("S6 S7 S8", "DQ DK DA") == (2, "rank")
    assert duel("HK SK DK CK", "HA SA DA CA", "obenabe") == (2, "rank")


def test_step3_undenufe_lower_wins() -> None:
    # 6-7-8 is the best three-card run in Undenufe, four Könige beat four Asses.
    assert duel("S6 S7 S8", "DQ DK DA", "undenufe") == (1, "rank")
    assert duel("HK SK DK CK", "HA SA DA CA", "undenufe") == (1, "rank")
    # Points and length still come first.
    assert duel("SQ SK SA", "D6 D7 D8", "undenufe") == (2, "rank")
    assert duel("S9 ST SJ SQ", "D6 D7 D8", "undenufe") == (1, "points")


def test_step4_trump_run_beats_equal_run() -> None:
    assert duel("C6 C7 C8", "H6 H7 H8", "H") == (2, "trump")
    assert duel("C6 C7 C8", "H6 H7 H8", "C") == (1, "trump")


def test_step5_play_order_from_forehand() -> None:
    # No trump: equal runs; forehand 3 plays first, then 4, 1, 2.
    assert duel("C6 C7 C8", "H6 H7 H8", "obenabe", seats=(1, 4), forehand=3) == (2, "play_order")
    assert duel("C6 C7 C8", "H6 H7 H8", "obenabe", seats=(1, 4), forehand=1) == (1, "play_order")


def test_comparison_lists_every_step_up_to_the_deciding_one() -> None:
    result = compare_weis(
        Declared(Seat(1), weis("H6 H7 H8")),
        Declared(Seat(2), weis("C6 C7 C8")),
        Contract.parse("H"),
        SEED,
        Seat(1),
    )
    assert [(s.step, s.name, s.rule, s.winner) for s in result.steps] == [
        (1, "points", "S6.5", None),
        (2, "cards", "S6.5", None),
        (3, "rank", "S6.5", None),
        (4, "trump", "S6.5", 1),
    ]
    assert result.to_json()["winner"] == 1


# ----------------------------------------------------------------- S6.5 award


def test_only_the_team_with_the_best_weis_scores_all_its_weis() -> None:
    declared = {
        Seat(1): (weis("S6 S7 S8"),),
        Seat(3): (weis("D6 D7 D8 D9"),),
        Seat(2): (weis("CT CJ CQ CK CA"),),
    }
    award = award_weis(declared, Contract.parse("H"), SEED, Seat(1))
    assert (award.winner, award.points) == (2, (0, 100))
    declared[Seat(3)] = (weis("D6 D7 D8 D9"), weis("HJ SJ DJ CJ"))
    award = award_weis(declared, Contract.parse("H"), SEED, Seat(1))
    # Team 1's four Unders (200) win: both its players' Weis count, 20 + 50 + 200.
    assert (award.winner, award.points) == (1, (270, 0))
    assert award.best is not None and award.best.seat == Seat(3)


def test_award_without_weis_and_with_one_team_only() -> None:
    assert award_weis({}, Contract.parse("H"), SEED, Seat(1)).winner is None
    award = award_weis({Seat(4): (weis("S6 S7 S8"),)}, Contract.parse("H"), SEED, Seat(1))
    assert (award.winner, award.points, award.comparison) == (2, (0, 20), None)

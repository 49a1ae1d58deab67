"""Hypothesis properties of deal and match scoring.

* Any valid deal's totals add up to 157 × factor (+ 100 × factor for a Match) plus the
  Weis and the Stöck, and only one team scores Weis (S5.4, S5.5, S6.5, S6.6, S3.3).
* A deal played card by card scores like the same deal given as points.
* Scoring a match equals summing its deals until the target, the deciding deal
  truncated after Stöck, after Weis or counted in full (S7.1, S7.2), ``reached_first``
  deciding when both teams cross by trick points (S7.3).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rules_engine import score_deal, score_match
from rules_engine.cards import Card, Rank
from rules_engine.schieber.contracts import CONTRACT_KEYS, SCHIEBER_DECK, Contract, schieber_options
from rules_engine.schieber.play import legal_plays, trick_point_takes
from rules_engine.schieber.weis import best_declaration, check_declaration, find_weis, read_weis
from rules_engine.seats import Seat

PROFILES = ("seed", "official")
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_random_deal(seed: int, contract_key: str, profile: str) -> dict[str, Any]:
    """A complete legal deal: shuffled hands, random legal cards, best Weis declared, Stöck if held."""
    rng = random.Random(seed)
    deck = list(SCHIEBER_DECK)
    rng.shuffle(deck)
    hands = {Seat(n): deck[(n - 1) * 9 : n * 9] for n in range(1, 5)}
    dealt = {seat: tuple(cards) for seat, cards in hands.items()}
    contract = Contract.parse(contract_key)
    options = schieber_options(profile)
    forehand = Seat(rng.randint(1, 4))
    leader = forehand
    tricks: list[list[str]] = []
    for _ in range(9):
        trick: list[Card] = []
        seat = leader
        for _ in range(4):
            legal = legal_plays(contract, options, hands[seat], trick).legal
            card = rng.choice(legal)
            hands[seat].remove(card)
            trick.append(card)
            seat = seat.next
        winner_index = contract.ranking(options).winner_index(trick)
        leader = Seat((leader.number - 1 + winner_index) % 4 + 1)
        tricks.append([str(c) for c in trick])
    weis = {
        str(seat.number): [[str(c) for c in w.cards] for w in best_declaration(cards, options, contract)]
        for seat, cards in dealt.items()
    }
    stoeck = None
    if contract.trump is not None:
        for seat, cards in dealt.items():
            if Card(contract.trump, Rank.KING) in cards and Card(contract.trump, Rank.QUEEN) in cards:
                stoeck = seat.number
    return {
        "game": "schieber",
        "profile": profile,
        "forehand": forehand.number,
        "contract": contract_key,
        "tricks": tricks,
        "hands": {str(s.number): [str(c) for c in cards] for s, cards in dealt.items()},
        "weis": weis,
        "stoeck": stoeck,
    }


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1), contract=st.sampled_from(CONTRACT_KEYS), profile=st.sampled_from(PROFILES)
)
def test_any_played_deal_totals_157_times_factor_plus_weis_and_stoeck(
    seed: int, contract: str, profile: str
) -> None:
    record = play_random_deal(seed, contract, profile)
    answer = score_deal(record)
    assert answer["valid"], answer["errors"]
    factor = answer["factor"]
    match = answer["match_team"] is not None
    expected = factor * (157 + (100 if match else 0)) + sum(answer["weis"]) + sum(answer["stoeck"])
    assert sum(answer["total"]) == expected
    assert sum(answer["trick_points"]) == 157 * factor
    assert 0 in answer["weis"]  # one team only (S6.5)
    assert sum(answer["stoeck"]) == (20 * factor if record["stoeck"] else 0)
    assert [Seat(n).side for n in answer["trick_winners"]].count(1) in range(10)

    # The same deal as a points record scores the same.
    raw = answer["raw"]["trick_points"]
    points: dict[str, Any] = (
        {"team": answer["match_team"], "match": True} if match else {"team": 1, "value": raw[0]}
    )
    as_points = {k: v for k, v in record.items() if k not in ("tricks",)} | {"points": points}
    same = score_deal(as_points)
    assert same["valid"], same["errors"]
    for key in ("trick_points", "match_bonus", "weis", "weis_winner", "stoeck", "total"):
        assert same[key] == answer[key], key


@st.composite
def points_deals(draw: st.DrawFn) -> dict[str, Any]:
    contract_key = draw(st.sampled_from(CONTRACT_KEYS))
    contract = Contract.parse(contract_key)
    team = draw(st.sampled_from((1, 2)))
    deal: dict[str, Any] = {"forehand": draw(st.integers(1, 4)), "contract": contract_key}
    if draw(st.integers(0, 9)) == 0:
        deal["points"] = {"team": team, "match": True}
    else:
        takes = trick_point_takes(contract, schieber_options())
        possible = sorted(t for t, ways in takes.items() if any(0 < w.tricks < 9 for w in ways))
        deal["points"] = {"team": team, "value": draw(st.sampled_from(possible))}
    # Weis without any K or Q so that no Stöck claim can clash with it.
    pool = {
        "1": [["S6", "S7", "S8"]],
        "2": [["D8", "D9", "DT", "DJ"]],
        "3": [["HA", "SA", "DA", "CA"]],
        "4": [["C6", "C7", "C8", "C9", "CT"]],
    }
    seats = draw(st.lists(st.sampled_from(sorted(pool)), unique=True, max_size=3))
    if seats:
        deal["weis"] = {seat: pool[seat] for seat in seats}
    if contract.trump is not None and draw(st.booleans()):
        deal["stoeck"] = draw(st.integers(1, 4))
    deal["reached_first"] = draw(st.sampled_from((1, 2)))
    return deal


@SETTINGS
@given(deal=points_deals())
def test_any_valid_points_deal_totals(deal: dict[str, Any]) -> None:
    answer = score_deal({"game": "schieber", **deal})
    assert answer["valid"], answer["errors"]
    factor = answer["factor"]
    bonus = 100 * factor if deal["points"].get("match") else 0
    assert sum(answer["total"]) == 157 * factor + bonus + sum(answer["weis"]) + sum(answer["stoeck"])


def expected_match(deals: list[dict[str, Any]], target: int) -> tuple[list[int], int | None, int | None]:
    """Sum the deals' answers until a team reaches ``target`` (S7.1, S7.2, S7.3)."""
    scores = [0, 0]
    for index, deal in enumerate(deals):
        answer = score_deal({"game": "schieber", **deal})
        for part in ("stoeck", "weis"):
            scores = [s + p for s, p in zip(scores, answer[part])]
            crossed = [team for team in (1, 2) if answer[part][team - 1] and scores[team - 1] >= target]
            if crossed:
                return scores, crossed[0], index
        scores = [s + t + m for s, t, m in zip(scores, answer["trick_points"], answer["match_bonus"])]
        crossed = [team for team in (1, 2) if scores[team - 1] >= target]
        if len(crossed) == 2:
            return scores, deal["reached_first"], index
        if crossed:
            return scores, crossed[0], index
    return scores, None, None


@pytest.mark.slow
@SETTINGS
@given(deals=st.lists(points_deals(), max_size=12), target=st.integers(100, 3000))
def test_match_equals_summing_its_deals_until_the_target(deals: list[dict[str, Any]], target: int) -> None:
    answer = score_match({"game": "schieber", "target": target, "deals": deals})
    scores, winner, decided = expected_match(deals, target)
    ended_on = answer["deals"][decided]["ended_on"] if decided is not None else None
    event(f"ended on {ended_on}, extra deals: {decided is not None and decided < len(deals) - 1}")
    if decided is not None and decided < len(deals) - 1:
        assert not answer["valid"]
        assert [(e["rule"], e["deal"]) for e in answer["errors"]] == [("S7.1", decided + 1)]
        return
    assert answer["valid"], answer["errors"]
    assert answer["scores"] == scores
    assert answer["winner"] == winner
    assert answer["finished"] is (winner is not None)
    if winner is not None:
        loser = scores[2 - winner]
        assert answer["schneider"] is (loser * 2 < target)
    elif deals:
        last = deals[-1]["forehand"]
        assert answer["next"] == {"dealer": last, "forehand": last % 4 + 1}
    # Running scores are the cumulative counted points.
    running = [0, 0]
    for deal in answer["deals"]:
        running = [r + c for r, c in zip(running, deal["counted"])]
        assert deal["scores_after"] == running


@SETTINGS
@given(
    hand=st.lists(st.sampled_from(SCHIEBER_DECK), min_size=9, max_size=9, unique=True),
    profile=st.sampled_from(PROFILES),
    contract=st.sampled_from(CONTRACT_KEYS),
)
def test_found_weis_read_back_and_the_best_declaration_is_declarable(
    hand: list[Card], profile: str, contract: str
) -> None:
    options = schieber_options(profile)
    found = find_weis(hand, options)
    for weis in found:
        assert read_weis(weis.cards, options) == weis
        assert set(weis.cards) <= set(hand)
    best = best_declaration(hand, options, Contract.parse(contract))
    assert all(weis in found for weis in best)
    assert check_declaration(Seat(1), list(best), options) == []
    assert sum(w.points for w in best) >= max((w.points for w in found), default=0)
    # Maximal: any further Weis of the hand would overlap (every Weis is worth > 0).
    for weis in found:
        if weis not in best:
            assert check_declaration(Seat(1), [*best, weis], options)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-300, 300)
    | st.sampled_from(["H", "HJ", "S6", "obenabe", "1", ""]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["1", "2", "team", "value"]), inner, max_size=3)
    ),
    max_leaves=12,
)
EXAMPLE: dict[str, Any] = {
    "game": "schieber",
    "forehand": 1,
    "contract": "H",
    "points": {"team": 1, "value": 98},
    "weis": {"1": [["H6", "H7", "H8"]], "2": [["C6", "C7", "C8"]]},
    "stoeck": 3,
}


@pytest.mark.slow
@SETTINGS
@given(
    key=st.sampled_from(sorted(EXAMPLE) + ["pushed", "hands", "tricks", "reached_first", "options"]),
    value=JSON,
)
def test_any_field_value_is_answered_or_rejected_as_malformed_never_crashes(key: str, value: Any) -> None:
    from rules_engine import InvalidRecord

    record = dict(EXAMPLE)
    record[key] = value
    for entry in (
        score_deal,
        lambda r: score_match(
            {
                "game": "schieber",
                "deals": [{k: v for k, v in r.items() if k not in ("game", "profile", "options")}],
            }
        ),
    ):
        try:
            answer = entry(record)
        except InvalidRecord:
            continue
        assert isinstance(answer["valid"], bool)
        assert answer["valid"] == (not answer["errors"])

"""The office's questions to a Passe (TOURNAMENT.md T6.2, T6.3, T6.5, T6.6, T3.5), from the rule text."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rules_engine
from rules_engine.schieber.contracts import DEAL_TOTAL
from rules_engine.tournament.office import (
    Awaiting,
    awaiting,
    compare_entries,
    paper_control,
    table_state,
    transcription_check,
)
from rules_engine.tournament.options import passe_options


def passe(games: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    return {"game": "schieber_passe", "options": {"games_per_passe": 2, **options}, "games": games}


def game(forehand: int, value: int, **more: Any) -> dict[str, Any]:
    return {"forehand": forehand, "contract": "H", "points": {"team": 1, "value": value}, **more}


def test_t6_3_figures_agree_when_they_give_each_team_the_same_points() -> None:
    # T6.3's own example: {"team": 1, "value": 98} and {"team": 2, "value": 59} agree.
    assert compare_entries({"team": 1, "value": 98}, {2: {"team": 2, "value": 59}}).agree


def test_t6_2_double_entry_two_different_claims_disagree() -> None:
    found = compare_entries(None, {1: {"team": 1, "value": 98}, 2: {"team": 2, "value": 60}})
    assert not found.agree
    assert [who for who, _ in found.figures] == ["team 1", "team 2"]
    assert found.figures[0][1].points == (98, 59)
    assert found.figures[1][1].points == (97, 60)


def test_t6_3_a_match_does_not_agree_with_157_trick_points() -> None:
    # Same trick points, different Match flags: T6.3 compares both.
    assert not compare_entries({"team": 1, "match": True}, {2: {"team": 2, "value": 0}}).agree
    assert compare_entries({"team": 1, "match": True}, {1: {"team": 1, "match": True}}).agree


def test_t6_2_none_awaits_nobody() -> None:
    assert awaiting([game(1, 98)], "none") == []


@pytest.mark.parametrize("confirm", ["per_game", "double_entry"])
def test_t6_3_per_game_each_team_confirms_by_confirmed_by_or_a_claim(confirm: str) -> None:
    games = [
        game(1, 98),
        game(2, 45, confirmed_by=[1]),
        game(3, 121, claims={"2": {"team": 2, "value": 36}}, confirmed_by=[1]),
        game(4, 67, ruling={"points": {"team": 1, "value": 67}, "by": "office"}),
    ]
    assert awaiting(games, confirm) == [Awaiting(1, 0), Awaiting(2, 0), Awaiting(2, 1)]


def test_t6_2_per_passe_awaits_the_signature_once_every_game_is_entered() -> None:
    games = [game(1, 98, confirmed_by=[1, 2])]
    assert awaiting(games, "per_passe", (), games_per_passe=2) == []
    games.append(game(2, 45))
    # A game's confirmed_by plays no part under per_passe (T6.3).
    assert awaiting(games, "per_passe", (2,), games_per_passe=2) == [Awaiting(1, None)]
    assert awaiting(games, "per_passe", (1, 2), games_per_passe=2) == []


def test_awaiting_refuses_an_unknown_mode() -> None:
    with pytest.raises(ValueError, match="confirm"):
        awaiting([], "sometimes")


def state_of(record: dict[str, Any]) -> str:
    return table_state(rules_engine.score_passe(record), record["options"]["games_per_passe"])


def test_t6_5_table_states_follow_the_passe() -> None:
    assert state_of(passe([game(1, 98, confirmed_by=[1, 2])])) == "playing"
    # Every game entered, one team has not confirmed the second: waiting (T6.2 per_game).
    assert state_of(passe([game(1, 98, confirmed_by=[1, 2]), game(2, 45, confirmed_by=[1])])) == "waiting"
    both = [game(1, 98, confirmed_by=[1, 2]), game(2, 45, confirmed_by=[1, 2])]
    assert state_of(passe(both)) == "complete"
    # A team rejects the entry by claiming its own figure: disputed, even with a game to go.
    rejected = [game(1, 98, confirmed_by=[1], claims={"2": {"team": 2, "value": 69}})]
    assert state_of(passe(rejected)) == "disputed"
    # The office's ruling settles it (T6.4) and needs no confirmation.
    ruled = dict(
        rejected[0], ruling={"points": {"team": 1, "value": 88}, "by": "office", "reason": "recount"}
    )
    assert state_of(passe([ruled, game(2, 45, confirmed_by=[1, 2])])) == "complete"


def test_t6_2_per_passe_completes_with_the_signature() -> None:
    games = [game(1, 98), game(2, 45)]
    assert state_of(passe(games, confirm="per_passe")) == "waiting"
    assert state_of({**passe(games, confirm="per_passe"), "confirmed_by": [1, 2]}) == "complete"


def test_t6_6_a_reported_total_that_differs_names_the_team_and_both_figures() -> None:
    found = transcription_check((1010, 874), (1010, 864))
    assert [f.reason.rule for f in found] == ["T6.6"]
    assert found[0].reason.params == {"team": 2, "reported": 874, "actual": 864}
    assert transcription_check((1010, 874), (1010, 874)) == []


def test_t6_6_the_passe_answer_carries_the_same_check() -> None:
    record = {**passe([game(1, 98), game(2, 45)], confirm="none"), "reported": {"team_totals": [153, 171]}}
    answer = rules_engine.score_passe(record)
    assert not answer["valid"]
    assert [(e["rule"], e["params"]["team"]) for e in answer["errors"]] == [("T6.6", 1)]


def test_t3_5_paper_totals_must_reach_the_control_sum() -> None:
    options = passe_options(None, {"games_per_passe": 12})
    assert paper_control((1010, 874), (0, 0), options) == []  # 1884 = 12 × 157
    found = paper_control((1010, 864), (0, 0), options)
    assert [(f.reason.rule, f.reason.code) for f in found] == [("T3.5", "control_sum")]
    assert found[0].reason.params == {"actual": 1874, "expected": 1884}


def test_t3_5_paper_totals_with_a_match_bonus_and_impossible_totals() -> None:
    options = passe_options(None, {"games_per_passe": 12, "match_value": 207})
    assert paper_control((1010, 924), (1, 0), options) == []  # 1934 with one Match at 207
    codes = [f.reason.code for f in paper_control((1, 1883), (0, 0), options)]
    assert codes == ["passe_total_impossible"]  # a team Passe total of 1 is impossible


@given(st.integers(min_value=0, max_value=157), st.sampled_from([1, 2]))
def test_t6_3_a_figure_agrees_with_its_mirror_and_with_nothing_else(value: int, team: int) -> None:
    """Property: team t's v agrees with the other team's 157 − v, and with no other value of theirs."""
    other = 3 - team
    mirror = {other: {"team": other, "value": DEAL_TOTAL - value}}
    assert compare_entries({"team": team, "value": value}, mirror).agree
    shifted = {other: {"team": other, "value": (DEAL_TOTAL - value + 1) % (DEAL_TOTAL + 1)}}
    assert not compare_entries({"team": team, "value": value}, shifted).agree

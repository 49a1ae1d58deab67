"""Seating (TOURNAMENT.md T5): the spread report and the generator's properties."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import limits, score_tournament, seat_next_round
from rules_engine.tournament import SeatedTable, next_round, seating_report
from rules_engine.tournament.seating import SEARCH_WORK, SearchWork

DATA = Path(__file__).parent / "data"
EXAMPLE2: dict[str, Any] = json.loads((DATA / "example2_tournament.json").read_text())


def T(a: str, b: str, c: str, d: str) -> SeatedTable:
    """A table written as partners vs partners: a+b vs c+d."""
    return SeatedTable((a, b), (c, d))


def test_report_of_worked_example_2() -> None:
    rounds = [
        [T("A", "B", "C", "D"), T("E", "F", "G", "H")],
        [T("A", "C", "E", "G"), T("B", "D", "F", "H")],
        [T("A", "E", "B", "F"), T("C", "G", "D", "H")],
    ]
    assert seating_report(rounds, [[], [], []]) == {
        "partner_repeats": 0,
        "opponent_repeats": 0,
        "meeting_repeats": 12,
        "sitout_counts": {},
    }


def test_report_counts_each_repeat_beyond_the_first_meeting() -> None:
    same = [T("A", "B", "C", "D")]
    report = seating_report([same, same, same], [["E"], ["E"], ["F"]])
    # Three times: partners A+B and C+D twice over, four opponent pairs twice over each.
    assert report == {
        "partner_repeats": 4,
        "opponent_repeats": 8,
        "meeting_repeats": 12,
        "sitout_counts": {"E": 2, "F": 1},
    }


@given(st.lists(st.permutations("ABCDEFGH"), min_size=1, max_size=6), st.integers(0, 6))
def test_a_report_after_the_counts_so_far_is_the_report_of_every_round(
    orders: list[list[str]], split: int
) -> None:
    """T5.3's repeats of the rounds after ``so_far`` (the draw's report of its new round) are
    those of all the rounds together, and the counts so far are left as they were."""
    from rules_engine.tournament.seating import spread_counts

    rounds = [[T(*order[:4]), T(*order[4:])] for order in orders]
    before, after = rounds[:split], rounds[split:]
    so_far = spread_counts(before)
    kept = [dict(counts) for counts in so_far]
    assert seating_report(after, [], so_far) == seating_report(rounds, [])
    assert [dict(counts) for counts in so_far] == kept


def test_pairs_count_only_as_opponents() -> None:
    rounds = [[SeatedTable(("P1",), ("P2",))], [SeatedTable(("P2",), ("P1",))]]
    report = seating_report(rounds, [[], []])
    assert (report["partner_repeats"], report["opponent_repeats"], report["meeting_repeats"]) == (0, 1, 1)


def _play(
    n: int, rounds: int, seed: int, team_size: int = 2, *, ahead: bool = False
) -> tuple[list[list[SeatedTable]], list[list[str]]]:
    """A whole tournament seated round by round; ``ahead`` tells the generator the rounds to come."""
    players = [f"P{i:03d}" for i in range(n)]
    history: list[list[SeatedTable]] = []
    sitouts: list[list[str]] = []
    for number in range(rounds):
        counts = Counter(p for names in sitouts for p in names)
        left = rounds - number - 1 if ahead else 0
        tables, out = next_round(
            players, history, counts, seed=seed + number, team_size=team_size, rounds_left=left
        )
        history.append(tables)
        sitouts.append(out)
    return history, sitouts


def _partners(tables: list[SeatedTable]) -> set[tuple[str, str]]:
    return {tuple(sorted(team)) for t in tables for team in (t.team1, t.team2)}  # type: ignore[misc]


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(n=st.integers(4, 60), rounds=st.integers(1, 6), seed=st.integers(0, 2**32))
def test_every_round_seats_everyone_once_and_sitouts_are_fair(n: int, rounds: int, seed: int) -> None:
    history, sitouts = _play(n, rounds, seed)
    earlier: Counter[str] = Counter()
    for tables, out in zip(history, sitouts, strict=True):
        seated = [p for t in tables for p in t.team1 + t.team2]
        assert all(len(t.team1) == len(t.team2) == 2 for t in tables)  # T5.1
        assert len(seated) == len(set(seated)) and not set(seated) & set(out)
        assert sorted(seated + out) == sorted(f"P{i:03d}" for i in range(n))
        assert len(out) == n % 4  # T5.2
        if out:  # nobody sits out again while someone with fewer sit-outs plays
            assert max(earlier[p] for p in out) <= min(earlier[p] for p in seated)
        earlier.update(out)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(n=st.integers(8, 80), seed=st.integers(0, 2**32), data=st.data())
def test_no_repeated_partner_while_the_field_allows_it(n: int, seed: int, data: st.DataObject) -> None:
    # With r rounds behind, each seated player has had at most r partners. While r <= m/2 - 1
    # (m seated), the players' possible new partners form a graph of degree >= m/2, which has a
    # perfect matching (Dirac), so a round without a repeated partner exists.
    seated = n - n % 4
    rounds = data.draw(st.integers(1, max(1, min(6, seated // 2))))
    history, _ = _play(n, rounds, seed)
    report = seating_report(history, [])
    assert report["partner_repeats"] == 0


def _zero_partner_round_exists(players: list[str], partnered: set[tuple[str, str]]) -> bool:
    """Exhaustive: can ``players`` (a multiple of 4) be split into partner pairs never seen before?"""
    if not players:
        return True
    first, rest = players[0], players[1:]
    for other in rest:
        if tuple(sorted((first, other))) in partnered:
            continue
        if _zero_partner_round_exists([p for p in rest if p != other], partnered):
            return True
    return False


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), rounds=st.integers(1, 7))
def test_eight_players_get_a_round_without_repeated_partners_whenever_one_exists(
    seed: int, rounds: int
) -> None:
    players = [f"P{i}" for i in range(8)]
    history, _ = _play(8, rounds - 1, seed)
    partnered: set[tuple[str, str]] = set()
    for tables in history:
        partnered |= _partners(tables)
    tables, _ = next_round(players, history, {}, seed=seed)
    if _zero_partner_round_exists(players, partnered):
        assert not _partners(tables) & partnered


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(n=st.integers(4, 40), rounds=st.integers(0, 4), seed=st.integers(0, 2**32))
def test_the_draw_is_deterministic_for_a_seed(n: int, rounds: int, seed: int) -> None:
    history, sitouts = _play(n, rounds, seed)
    counts = Counter(p for names in sitouts for p in names)
    players = [f"P{i:03d}" for i in range(n)]
    first = next_round(players, history, counts, seed=seed)
    second = next_round(list(players), list(history), dict(counts), seed=seed)
    assert first == second


@settings(max_examples=20, deadline=None)
@given(n=st.integers(2, 30), rounds=st.integers(1, 5), seed=st.integers(0, 2**32))
def test_pairs_meet_new_pairs_and_sit_out_fairly(n: int, rounds: int, seed: int) -> None:
    history, sitouts = _play(n, rounds, seed, team_size=1)
    for tables, out in zip(history, sitouts, strict=True):
        seated = [p for t in tables for p in t.team1 + t.team2]
        assert len(seated) == len(set(seated)) == n - n % 2 and len(out) == n % 2
    report = seating_report(history, sitouts)
    assert report["partner_repeats"] == 0
    if rounds <= (n - n % 2) - 1:  # a round-robin has n - 1 rounds
        pairs_met = Counter(tuple(sorted(t.team1 + t.team2)) for tables in history for t in tables)
        assert report["opponent_repeats"] == sum(max(0, c - 1) for c in pairs_met.values())


def test_worked_example_2_seating_is_matched_by_the_generator() -> None:
    # Zero repeated partners and zero repeated opponents over 3 rounds of 8 (T5.3: optimal).
    history, _ = _play(8, 3, seed=0)
    report = seating_report(history, [])
    assert (report["partner_repeats"], report["opponent_repeats"]) == (0, 0)
    assert report["meeting_repeats"] == 12


def _tournament(players: int, passen: int) -> dict[str, Any]:
    return {
        "game": "schieber_tournament",
        "options": {"games_per_passe": 8},
        "passen": passen,
        "players": [{"id": f"P{i:02d}", "name": f"Player {i}"} for i in range(players)],
        "rounds": [],
        "results": [],
    }


def test_seat_next_round_draws_a_whole_tournament_that_the_engine_accepts() -> None:
    record = _tournament(18, 3)
    record["substitutes"] = [{"for": "P05", "substitute": "S1", "from_round": 2, "to_round": 2}]
    for number in (1, 2, 3):
        answer = seat_next_round({**record, "seed": 7})
        assert answer["valid"] and answer["round"] == number
        assert answer == seat_next_round({**record, "seed": 7})  # deterministic
        record["rounds"].append({"tables": answer["tables"], "sitouts": answer["sitouts"]})
        checked = score_tournament(record)
        assert checked["valid"], checked["errors"]
        assert checked["seating"] == answer["seating"]
    assert checked["seating"]["partner_repeats"] == 0
    assert checked["seating"]["sitout_counts"] and set(checked["seating"]["sitout_counts"].values()) == {1}
    seated_round_2 = {p for t in record["rounds"][1]["tables"] for p in t["seats"].values()}
    assert "P05" not in seated_round_2 and ("S1" in seated_round_2 or "P05" in record["rounds"][1]["sitouts"])


def test_seat_next_round_for_pairs() -> None:
    record = _tournament(10, 3)
    record["options"]["format"] = "partner"
    record["pairs"] = [{"id": f"Q{i}", "players": [f"P{2 * i:02d}", f"P{2 * i + 1:02d}"]} for i in range(5)]
    for _ in range(3):
        answer = seat_next_round(record)
        record["rounds"].append({"tables": answer["tables"], "sitouts": answer["sitouts"]})
    checked = score_tournament(record)
    assert checked["valid"], checked["errors"]
    assert checked["seating"]["opponent_repeats"] == 0
    assert sorted(checked["seating"]["sitout_counts"].values()) == [1, 1, 1]


def test_seat_next_round_refuses_a_history_that_breaks_t5() -> None:
    record = _tournament(8, 3)
    record["rounds"] = [
        {"tables": [{"table": 1, "seats": {"1": "P00", "2": "P01", "3": "P02", "4": "P03"}}], "sitouts": []}
    ]
    answer = seat_next_round(record)
    assert not answer["valid"] and answer["tables"] == []
    assert {(e["rule"], e["code"]) for e in answer["errors"]} == {("T5.1", "not_seated")}


def test_four_hundred_players_without_repeats() -> None:
    history, sitouts = _play(400, 4, seed=1)
    report = seating_report(history, sitouts)
    assert (report["partner_repeats"], report["opponent_repeats"]) == (0, 0)
    assert all(len(tables) == 100 for tables in history)


def test_unordered_pairs_helper_agrees_with_combinations() -> None:
    # The report counts every two players at a table once per round.
    table = T("A", "B", "C", "D")
    report = seating_report([[table], [table]], [[], []])
    assert report["meeting_repeats"] == len(list(combinations("ABCD", 2)))


# The lookahead (small fields told how many rounds are still to come, T5.3 [reading]).


@pytest.mark.slow
@settings(max_examples=10, deadline=None)
@given(n=st.integers(4, 16), rounds=st.integers(0, 3), left=st.integers(1, 3), seed=st.integers(0, 2**32))
def test_the_lookahead_is_deterministic_for_a_seed(n: int, rounds: int, left: int, seed: int) -> None:
    history, sitouts = _play(n, rounds, seed)
    counts = Counter(p for names in sitouts for p in names)
    players = [f"P{i:03d}" for i in range(n)]
    first = next_round(players, history, counts, seed=seed, rounds_left=left)
    second = next_round(list(players), list(history), dict(counts), seed=seed, rounds_left=left)
    assert first == second


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(n=st.integers(8, 16), seed=st.integers(0, 2**32), data=st.data())
def test_the_lookahead_keeps_partners_new_while_the_field_allows_it(
    n: int, seed: int, data: st.DataObject
) -> None:
    seated = n - n % 4  # r <= m/2 rounds: a round without a repeated partner exists (Dirac)
    rounds = data.draw(st.integers(2, min(5, seated // 2)))
    history, sitouts = _play(n, rounds, seed, ahead=True)
    report = seating_report(history, sitouts)
    assert report["partner_repeats"] == 0
    assert (
        max(report["sitout_counts"].values(), default=0)
        - min((report["sitout_counts"].get(f"P{i:03d}", 0) for i in range(n)), default=0)
        <= 1
    )  # T5.2


def test_large_fields_do_not_look_ahead() -> None:
    # Above the small-field limit the answer is the round-by-round one, whatever is to come.
    history, sitouts = _play(40, 2, seed=3)
    counts = Counter(p for names in sitouts for p in names)
    players = [f"P{i:03d}" for i in range(40)]
    assert next_round(players, history, counts, seed=5, rounds_left=3) == next_round(
        players, history, counts, seed=5
    )


def test_the_last_round_does_not_look_ahead() -> None:
    history, sitouts = _play(12, 3, seed=3)
    counts = Counter(p for names in sitouts for p in names)
    players = [f"P{i:03d}" for i in range(12)]
    assert next_round(players, history, counts, seed=5, rounds_left=0) == next_round(
        players, history, counts, seed=5
    )


def _bench_tournament(n: int, rounds: int, seed: int, *, ahead: bool) -> tuple[int, int]:
    """bench/seating.py's tournament: round seeds seed × 100 + round; (partner, opponent) repeats."""
    players = [f"P{i:03d}" for i in range(n)]
    history: list[list[SeatedTable]] = []
    sitouts: list[list[str]] = []
    for number in range(rounds):
        counts = Counter(p for names in sitouts for p in names)
        left = rounds - number - 1 if ahead else 0
        tables, out = next_round(players, history, counts, seed=seed * 100 + number, rounds_left=left)
        history.append(tables)
        sitouts.append(out)
    report = seating_report(history, sitouts)
    return report["partner_repeats"], report["opponent_repeats"]


@pytest.mark.slow
def test_the_lookahead_is_no_worse_than_the_greedy_on_the_bench_seeds() -> None:
    # bench/seating.py's two hard rows and its seeds; the greedy is measured here, not remembered.
    for n, rounds in ((9, 5), (12, 6)):
        greedy = [_bench_tournament(n, rounds, 20261201 + t, ahead=False) for t in range(6)]
        ahead = [_bench_tournament(n, rounds, 20261201 + t, ahead=True) for t in range(6)]
        assert all(partners == 0 for partners, _ in greedy + ahead), (n, rounds, ahead)
        assert sum(o for _, o in ahead) <= sum(o for _, o in greedy), (n, rounds, greedy, ahead)


# 12 players over 6 rounds: every player meets 2 opponents a round, 12 in all, among 11 others, so at
# least 12 players × 1 / 2 = 6 opponent pairs repeat in any seating (T5.3's opponent_repeats).


@pytest.mark.parametrize("seed", [0, 20261201])
def test_twelve_players_over_six_rounds_repeat_the_fewest_opponents_possible(seed: int) -> None:
    """T5.3 [reading]: no repeated partner, then as few repeated opponents as possible: the bound of 6."""
    history, sitouts = _play(12, 6, seed, ahead=True)
    report = seating_report(history, sitouts)
    assert (report["partner_repeats"], report["opponent_repeats"]) == (0, 6)


@pytest.mark.parametrize("seed", [1, 20261202])
def test_twelve_players_over_five_rounds_repeat_the_fewest_opponents_possible(seed: int) -> None:
    """Over 5 rounds the counting bound is 0, but no seating without a repeated partner repeats fewer than
    2 opponent pairs, nor then fewer than 30 meetings (exhaustive search, bench/seating_bound.py)."""
    history, sitouts = _play(12, 5, seed, ahead=True)
    report = seating_report(history, sitouts)
    assert (report["partner_repeats"], report["opponent_repeats"], report["meeting_repeats"]) == (0, 2, 30)
    players = [f"P{i:03d}" for i in range(12)]
    assert all(sorted(p for t in tables for p in (*t.team1, *t.team2)) == players for tables in history)


def test_twelve_players_over_six_rounds_through_the_record() -> None:
    """seat_next_round tells the generator the rounds still to draw; the engine's report of the whole draw."""
    record = _tournament(12, 6)
    for _ in range(6):
        answer = seat_next_round({**record, "seed": 3})
        assert answer["valid"] and answer["sitouts"] == []
        record["rounds"].append({"tables": answer["tables"], "sitouts": []})
    report = score_tournament(record)["seating"]
    assert (report["partner_repeats"], report["opponent_repeats"]) == (0, 6)


@pytest.mark.slow
def test_twelve_players_seated_otherwise_before_get_a_searched_round() -> None:
    """Rounds seated by hand (here round 2 repeats round 1's partners) are no stored seating: the search
    seats everyone once and repeats no partner it need not (T5.1, T5.3)."""
    players = [f"P{i:03d}" for i in range(12)]
    first = [T(*players[0:4]), T(*players[4:8]), T(*players[8:12])]
    second = [
        T(*players[0:2], *players[4:6]),
        T(*players[2:4], *players[8:10]),
        T(*players[6:8], *players[10:12]),
    ]
    tables, out = next_round(players, [first, second], {}, seed=1, rounds_left=3)
    assert out == [] and sorted(p for t in tables for p in (*t.team1, *t.team2)) == players
    assert not _partners(tables) & (_partners(first) | _partners(second))
    assert tables == next_round(players, [first, second], {}, seed=1, rounds_left=3)[0]


def test_the_last_of_twelve_by_six_rounds_is_the_same_when_nothing_is_said_to_come() -> None:
    """The 6th round needs no ``rounds_left``: five rounds of the seating at the bound are finished at the bound."""
    history, _ = _play(12, 6, seed=4, ahead=True)
    players = [f"P{i:03d}" for i in range(12)]
    tables, out = next_round(players, history[:5], {}, seed=11)
    assert out == [] and seating_report([*history[:5], tables], [])["opponent_repeats"] == 6


# The search's work is bounded: a fixed budget of table costs per round drawn, whatever the field.


@pytest.mark.parametrize(
    ("n", "rounds"),
    [(16, 0), (16, 8), (9, 4), (limits.TOURNAMENT.players, 0), (limits.TOURNAMENT.players, 6)],
)
def test_a_round_of_the_largest_tournament_stays_within_the_search_budget(n: int, rounds: int) -> None:
    """16 players with 11 rounds to come was the costliest lookahead; 1,000 the largest field."""
    history, sitouts = _play(n, rounds, seed=2) if rounds else ([], [])
    counts = Counter(p for names in sitouts for p in names)
    players = [f"P{i:03d}" for i in range(n)]
    work = SearchWork()
    left = limits.TOURNAMENT.passen - rounds - 1
    tables, out = next_round(players, history, counts, seed=9, rounds_left=left, work=work)
    assert 0 < work.spent <= SEARCH_WORK == work.budget
    seated = sorted(p for t in tables for p in (*t.team1, *t.team2))
    assert sorted(seated + out) == players and len(out) == n % 4  # T5.1, T5.2
    if rounds == 0 or n > 100:  # a large field still repeats nobody within the budget
        report = seating_report([*history, tables], [*sitouts, out])
        assert (report["partner_repeats"], report["opponent_repeats"]) == (0, 0)
    assert (tables, out) == next_round(players, history, counts, seed=9, rounds_left=left)


def test_a_smaller_budget_stops_the_search_sooner_and_still_seats_everyone() -> None:
    history, sitouts = _play(16, 6, seed=5)
    players = [f"P{i:03d}" for i in range(16)]
    counts = Counter(p for names in sitouts for p in names)
    full, small = SearchWork(), SearchWork(budget=500)
    next_round(players, history, counts, seed=1, rounds_left=5, work=full)
    tables, out = next_round(players, history, counts, seed=1, rounds_left=5, work=small)
    assert small.spent <= 500 < full.spent
    assert out == [] and sorted(p for t in tables for p in (*t.team1, *t.team2)) == players


def test_the_api_seats_the_largest_request_it_accepts() -> None:
    record = _tournament(limits.TOURNAMENT.players, limits.TOURNAMENT.passen)
    answer = seat_next_round(record)
    assert answer["valid"] and len(answer["tables"]) == limits.TOURNAMENT.players // 4
    assert answer["seating"]["partner_repeats"] == 0

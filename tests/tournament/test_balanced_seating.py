"""The seating record's `strengths`: each table of four is split strong with weak, after T5.3."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import InvalidRecord, seat_next_round


def record(players: list[str], **more: Any) -> dict[str, Any]:
    return {"game": "schieber_tournament", "passen": 3, "players": [{"id": p} for p in players], **more}


def teams(answer: dict[str, Any]) -> list[tuple[frozenset[str], frozenset[str]]]:
    found = []
    for table in answer["tables"]:
        s = table["seats"]
        found.append((frozenset((s["1"], s["3"])), frozenset((s["2"], s["4"]))))
    return found


def test_the_strongest_partners_the_weakest_at_every_table() -> None:
    players = [f"P{n}" for n in range(1, 13)]
    strengths = {p: 1500 + 40 * n for n, p in enumerate(players)}
    for seed in range(8):
        answer = seat_next_round(record(players, seed=seed, strengths=strengths))
        assert answer["valid"]
        for team1, team2 in teams(answer):
            four = sorted(team1 | team2, key=strengths.__getitem__)
            strong_with_weak = frozenset((four[0], four[3]))
            assert strong_with_weak in (team1, team2), (seed, team1, team2)


def test_the_same_tables_as_without_strengths_and_no_repeat_added() -> None:
    players = [f"P{n}" for n in range(1, 9)]
    strengths = {p: float(n) for n, p in enumerate(players)}
    plain = seat_next_round(record(players, seed=3))
    balanced = seat_next_round(record(players, seed=3, strengths=strengths))
    assert [frozenset(t["seats"].values()) for t in plain["tables"]] == [
        frozenset(t["seats"].values()) for t in balanced["tables"]
    ]
    assert balanced["seating"]["partner_repeats"] <= plain["seating"]["partner_repeats"]


@pytest.mark.parametrize("strengths", [[1, 2], {"P1": "strong"}, {"P1": True}])
def test_malformed_strengths_are_refused(strengths: Any) -> None:
    with pytest.raises(InvalidRecord):
        seat_next_round(record(["P1", "P2", "P3", "P4"], strengths=strengths))

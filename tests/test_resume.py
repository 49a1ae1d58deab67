"""A match scored where the last scoring left off answers exactly as a full re-score.

The app keeps :func:`rules_engine.resume_match`'s state per match version and passes it with
the next record; these properties enter random matches of every format one edit at a time —
a new deal, a correction of any deal ``k`` (scored again from ``k``), an undo, a deal after
the match ended, an invalid deal, a malformed one — and compare each answer, as JSON text,
with :func:`rules_engine.score_match` of the same record (S7, K7-K10).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rules_engine import InvalidRecord, MatchState, resume_match, score_match

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SCHIEBER_CONTRACTS = ("H", "D", "S", "C", "obenabe", "undenufe")


@st.composite
def schieber_deal(draw: st.DrawFn) -> dict[str, Any]:
    """A points-only deal; now and then one that breaks a rule (S5: no such trick points)
    or a malformed one (an unknown contract)."""
    kind = draw(st.integers(0, 19))
    deal: dict[str, Any] = {
        "forehand": draw(st.integers(1, 4)),
        "contract": draw(st.sampled_from(SCHIEBER_CONTRACTS)),
    }
    team = draw(st.sampled_from((1, 2)))
    if kind == 0:
        deal["points"] = {"team": team, "value": 156}  # 157 - 156 = 1 for the other team: S5.2
    elif kind == 1:
        deal["contract"] = "X"  # malformed: the whole record is rejected
        deal["points"] = {"team": team, "value": 80}
    elif kind == 2:
        deal["points"] = {"team": team, "match": True}
    else:
        deal["points"] = {"team": team, "value": draw(st.integers(20, 137))}
    if deal["contract"] in "HDSC" and draw(st.integers(0, 4)) == 0:
        deal["stoeck"] = draw(st.integers(1, 4))
    deal["reached_first"] = draw(st.sampled_from((1, 2)))
    return deal


@st.composite
def schieber_header(draw: st.DrawFn) -> dict[str, Any]:
    header: dict[str, Any] = {"game": "schieber", "profile": draw(st.sampled_from(("seed", "official")))}
    # Small targets end matches early, so that deals after the end (S7.1) and both teams
    # crossing in one deal (S7.3) come up.
    header["target"] = draw(st.sampled_from((300, 700, 1500, 2500)))
    if draw(st.booleans()):
        header["first_forehand"] = draw(st.integers(1, 4))
    return header


@st.composite
def klammern_header(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.sampled_from((2, 3, 4)))
    format_name = draw(st.sampled_from(("small_big", "liga", "hamburg")))
    header: dict[str, Any] = {"game": "klammern", "players": players, "format": format_name}
    if format_name == "liga" and draw(st.booleans()):
        header["target"] = draw(st.sampled_from((20, 51)))
    if format_name == "small_big" and draw(st.booleans()):
        header["target_big"] = draw(st.sampled_from((1, 3)))
    if draw(st.booleans()):
        header["first_forehand"] = draw(st.integers(1, players))
    return header


#: Card points a deal shares out, by table size (K1.4, K2.4): 2 and 3 players as the deal layer takes them.
KLAMMERN_TOTAL = {2: 152, 3: 150}


def klammern_deal(players: int) -> st.SearchStrategy[dict[str, Any]]:
    @st.composite
    def deal(draw: st.DrawFn) -> dict[str, Any]:
        kind = draw(st.integers(0, 19))
        record: dict[str, Any] = {
            "forehand": draw(st.integers(1, players)),
            "trump": draw(st.sampled_from("HDSC")),
            "declarer": draw(st.integers(1, players)),
            "how": draw(st.sampled_from(("orgi", "kleines"))),
        }
        if players == 4:
            value = draw(st.integers(0, 164))
            team = 1 if record["declarer"] % 2 else 2
            record["points"] = {"team": team, "value": value}
        else:
            total = KLAMMERN_TOTAL[players]
            first = draw(st.integers(0, total))
            rest = total - first
            second = draw(st.integers(0, rest))
            sides = [first, rest] if players == 2 else [first, second, rest - second]
            record["points"] = {"sides": sides}
        if kind == 0:
            record["points"] = {"team": 1, "value": 170} if players == 4 else {"sides": [200] * players}
        elif kind == 1:
            record["players"] = 5 if players != 4 else 3  # the match says otherwise: malformed
        elif kind == 2:
            record["kontra"] = True
        return record

    return deal()


Edit = tuple[str, int, dict[str, Any]]


def edits(deal: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[list[Edit]]:
    """What a table does to its match: mostly new deals, some corrections and undos."""
    return st.lists(
        st.tuples(
            st.sampled_from(("append", "append", "append", "append", "correct", "undo")),
            st.integers(0, 10_000),
            deal,
        ),
        min_size=1,
        max_size=30,
    )


def check_edits(header: dict[str, Any], steps: list[Edit]) -> None:
    deals: list[dict[str, Any]] = []
    state: MatchState[Any] | None = None
    for action, where, deal in steps:
        if action == "append":
            deals.append(deal)
        elif action == "correct" and deals:
            deals[where % len(deals)] = deal
        elif action == "undo" and deals:
            deals.pop()
        record = {**header, "deals": [dict(d) for d in deals]}
        try:
            expected = json.dumps(score_match(record))
        except InvalidRecord as error:
            with pytest.raises(InvalidRecord) as resumed_error:
                resume_match(record, state)
            assert str(resumed_error.value) == str(error)
            event("malformed record")
            continue  # the state from the last good record stays in use
        answer, state = resume_match(record, state)
        assert json.dumps(answer) == expected
        event(f"{action}: {'finished' if answer['finished'] else 'valid' if answer['valid'] else 'invalid'}")
        assert state is not None and len(state.checkpoints) == len(deals)
        # The state is not moved by the caller's dicts changing afterwards.
        for given_deal in record["deals"]:
            given_deal["forehand"] = 99
        # And the answer given again with the state of its own record is the same.
        again, _ = resume_match({**header, "deals": [dict(d) for d in deals]}, state)
        assert json.dumps(again) == expected


@pytest.mark.slow
@SETTINGS
@given(header=schieber_header(), steps=edits(schieber_deal()))
def test_schieber_resumed_equals_full_rescore(header: dict[str, Any], steps: list[Edit]) -> None:
    check_edits(header, steps)


@st.composite
def klammern_match(draw: st.DrawFn) -> tuple[dict[str, Any], list[Edit]]:
    header = draw(klammern_header())
    return header, draw(edits(klammern_deal(header["players"])))


@pytest.mark.slow
@SETTINGS
@given(case=klammern_match())
def test_klammern_resumed_equals_full_rescore(case: tuple[dict[str, Any], list[Edit]]) -> None:
    check_edits(*case)


def test_a_correction_of_deal_k_scores_again_from_k() -> None:
    deals = [
        {"forehand": i % 4 + 1, "contract": "H", "points": {"team": 1, "value": 60 + i}} for i in range(12)
    ]
    record = {"game": "schieber", "target": 5000, "deals": deals}
    _, state = resume_match(record)
    assert state is not None
    corrected = [*deals[:7], {**deals[7], "points": {"team": 2, "value": 100}}, *deals[8:]]
    answer, after = resume_match({**record, "deals": corrected}, state)
    assert after is not None
    # Deals 0-6 are the earlier scoring's own answers; 7 on are new.
    assert all(after.checkpoints[i] is state.checkpoints[i] for i in range(7))
    assert all(after.checkpoints[i] is not state.checkpoints[i] for i in range(7, 12))
    assert answer == score_match({**record, "deals": corrected})


def test_another_header_starts_afresh() -> None:
    deal = {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 100}}
    _, state = resume_match({"game": "schieber", "target": 1000, "deals": [deal]})
    answer, after = resume_match({"game": "schieber", "target": 100, "deals": [deal]}, state)
    assert after is not None and after.checkpoints[0] is not state.checkpoints[0]  # type: ignore[union-attr]
    assert answer["winner"] == 1  # S7.1: 100 points reach the smaller target


def test_games_scored_whole_answer_without_a_state() -> None:
    record = {"game": "differenzler", "deals": []}
    answer, state = resume_match(record)
    assert state is None and answer == score_match(record)


def test_json_copy_keeps_types_and_cuts_every_link_to_the_original() -> None:
    from decimal import Decimal

    from rules_engine.resume import json_copy

    original: dict[str, Any] = {"hands": {"1": ["H6", "H7"]}, "pair": (1, 2), "flag": True, "none": None}
    copied = json_copy(original)
    assert copied == original and type(copied["pair"]) is tuple and copied["flag"] is True
    original["hands"]["1"].append("H8")
    assert copied["hands"]["1"] == ["H6", "H7"]  # a change to the original does not reach it
    # A value marshal does not write is copied item by item, still apart from the original.
    odd = {"points": [Decimal("1.5")]}
    odd_copy = json_copy(odd)
    odd["points"].append(Decimal(2))
    assert odd_copy == {"points": [Decimal("1.5")]}

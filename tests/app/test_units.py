"""The app's small pure helpers: quick melds, card lists, strokes, dice, error placement, the log."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.errors import InvalidRecord
from scorer.deals.deal_input import error_slot, place_errors
from scorer.games.deal_form import FORM_ERRORS
from scorer.games.klammern.match import die_face
from scorer.scoring import invalid_record_error, match_record
from scorer.store.log import derive
from scorer.store.models import Entry
from scorer.web.card_text import format_groups, read_groups
from scorer.web.display import (
    Strokes,
    quick_meld,
    side_of,
    stroke_groups,
)


def test_quick_runs_and_four_of_a_kind() -> None:
    assert quick_meld("run3", "H", "8") == ["H6", "H7", "H8"]
    assert quick_meld("run5", "S", "A") == ["ST", "SJ", "SQ", "SK", "SA"]
    assert quick_meld("run9", "D", "A") == ["D6", "D7", "D8", "D9", "DT", "DJ", "DQ", "DK", "DA"]
    assert quick_meld("four", "", "J") == ["HJ", "CJ", "DJ", "SJ"]
    with pytest.raises(ValueError):
        quick_meld("run4", "H", "8")  # would start below the 6


def test_card_lists_round_trip() -> None:
    assert read_groups(" h6 h7 H8; cj dj,hj sj ;") == [["H6", "H7", "H8"], ["CJ", "DJ", "HJ", "SJ"]]
    assert read_groups("H10 HJ HQ") == [["HT", "HJ", "HQ"]]
    groups = [["H6", "H7", "H8"], ["CJ", "DJ", "HJ", "SJ"]]
    assert read_groups(format_groups(groups)) == groups


@given(st.integers(min_value=0, max_value=20_000))
def test_strokes_add_up_to_the_score(score: int) -> None:
    s = Strokes.of(score)
    assert 100 * s.hundreds + 50 * s.fifties + 20 * s.twenties + s.rest == score
    assert s.fifties <= 1 and s.twenties <= 2 and s.rest < 20
    assert sum(stroke_groups(s.hundreds)) == s.hundreds


def test_die_faces() -> None:
    assert die_face(0) == "\u2685"  # six, meaning 0 (K9.1)
    assert [die_face(n) for n in range(1, 6)] == ["\u2680", "\u2681", "\u2682", "\u2683", "\u2684"]
    assert die_face(7) == "\u2685"


def test_sides() -> None:
    assert [side_of(s, 4) for s in (1, 2, 3, 4)] == [1, 2, 1, 2]
    assert [side_of(s, 3) for s in (1, 2, 3)] == [1, 2, 3]


def test_error_slots() -> None:
    assert error_slot({"field": "points"}, 0) == "points"
    assert error_slot({"field": "weis.2[0]"}, 0) == "weis_2"
    assert error_slot({"field": "melds.3"}, 0) == "melds_3"
    assert error_slot({"field": "weis", "params": {"seat": 4}}, 0) == "weis_4"
    assert error_slot({"field": "re"}, 0) == "kontra"
    assert error_slot({"field": "deals[2].stoeck"}, 2) == "stoeck"
    assert error_slot({"field": "points", "deal": 1}, 3) == FORM_ERRORS  # another deal's problem
    assert error_slot({"field": "tricks[3]"}, 0) == FORM_ERRORS
    assert error_slot({}, 0) == FORM_ERRORS
    placed = place_errors([{"field": "points", "deal": 0, "rule": "S8"}], 0)
    assert placed == {"points": [{"field": "points", "rule": "S8"}]}


def test_invalid_record_error_names_field_and_deal() -> None:
    error = invalid_record_error(InvalidRecord("deals[3].weis.2[0]: 'X9' is not a card"))
    assert error["deal"] == 3 and error["field"] == "weis.2[0]" and error["rule"] is None
    assert error_slot(error, 3) == "weis_2"
    assert "field" not in invalid_record_error(InvalidRecord("a record must be a JSON object"))


def test_match_record_keeps_only_the_formats_fields() -> None:
    settings = {
        "game": "klammern",
        "players": 4,
        "format": "small_big",
        "options": {},
        "target": 51,
        "target_big": 3,
        "names": ["a"],
        "deck": "french",
    }
    assert match_record(settings, []) == {
        "game": "klammern",
        "players": 4,
        "format": "small_big",
        "target_big": 3,
        "deals": [],
    }
    settings["format"] = "liga"
    assert match_record(settings, [])["target"] == 51 and "target_big" not in match_record(settings, [])


def entry(seq: int, kind: str, target: int | None = None, value: int | None = None) -> Entry:
    return Entry(
        seq=seq,
        kind=kind,
        target_seq=target,
        record=None if value is None else {"v": value},
        created=datetime(2026, 11, 29, tzinfo=UTC),
    )


def test_log_derivation() -> None:
    log = [
        entry(1, "deal", value=1),
        entry(2, "deal", value=2),
        entry(3, "correction", 1, value=10),
        entry(4, "undo", 3),
        entry(5, "correction", 2, value=20),
        entry(6, "deal", value=3),
        entry(7, "undo", 6),
    ]
    state = derive(log)
    assert state.deals == [{"v": 1}, {"v": 20}]
    assert state.version == 7
    assert state.last_undoable is not None and state.last_undoable.seq == 5
    first = state.slots[0]
    assert [v.undone for v in first.versions] == [False, True] and not first.corrected
    assert state.slots[1].corrected
    assert derive([*log, entry(8, "void")]).voided
    assert derive([]).deals == [] and derive([]).version == 0
    assert state.last_redoable is not None and state.last_redoable.seq == 7
    # undoing the undo (a redo) brings deal 3 back; undoing that again removes it once more
    redone = derive([*log, entry(8, "undo", 7)])
    assert redone.deals == [{"v": 1}, {"v": 20}, {"v": 3}] and redone.last_redoable is None
    assert derive([*log, entry(8, "undo", 7), entry(9, "undo", 8)]).deals == [{"v": 1}, {"v": 20}]
    # two undos, two redos, in stack order
    stack = [entry(1, "deal", value=1), entry(2, "deal", value=2), entry(3, "undo", 2), entry(4, "undo", 1)]
    assert derive(stack).deals == [] and derive(stack).last_redoable.seq == 4  # type: ignore[union-attr]
    stack.append(entry(5, "undo", 4))
    assert derive(stack).deals == [{"v": 1}] and derive(stack).last_redoable.seq == 3  # type: ignore[union-attr]
    stack.append(entry(6, "undo", 3))
    assert derive(stack).deals == [{"v": 1}, {"v": 2}] and derive(stack).last_redoable is None

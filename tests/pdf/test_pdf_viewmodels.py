"""View-models as data: every figure is the engine's answer, copied, never recomputed."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

import rules_engine
from scorer.games.klammern.sheet import augen_rounding
from scorer.games.sheet import Mark
from scorer.sheets.pdf.model import SheetError
from scorer.sheets.pdf.pad_views import pad_view
from scorer.sheets.pdf.sheet_views import build_scoresheet, engine_states, scoresheet_view, split_document
from tests.helpers.pdf_matches import finished_schieber_match, klammern_match, schieber_match


def keys(columns: Any) -> list[str]:
    return [c.key for c in columns]


# --- pads ---------------------------------------------------------------------------------


def test_schieber_pad_has_every_column_of_issue_5() -> None:
    view = pad_view("schieber", teams=("Bern", "Thun"), players=("Anna", "Beat", "Carla", "Dario"))
    assert keys(view.columns) == [
        "n",
        "dealer",
        "contract",
        "factor",
        "points",
        "weis",
        "stoeck",
        "running",
        "check",
    ]
    assert [c.key for c in view.columns if c.per_side] == ["points", "weis", "stoeck", "running"]
    assert view.extras == ("chalkboard",)
    assert [s.name for s in view.header.sides] == ["Bern", "Thun"]
    assert [s.seats for s in view.header.sides] == [(1, 3), (2, 4)]
    assert view.header.sides[1].players == ("Beat", "Dario")


def test_schieber_pad_target_and_schneider_line() -> None:
    # S1.2: the seed default target is 3000; S1.3: Schneider is under half of it.
    assert (pad_view("schieber").header.target, pad_view("schieber").schneider) == (3000, 1500)
    assert (pad_view("schieber", target=1000).header.target, pad_view("schieber", target=1000).schneider) == (
        1000,
        500,
    )


def test_klammern_pads() -> None:
    small_big = pad_view("klammern", "small_big")
    assert {"small", "running", "laube", "big", "kalte", "kontra", "re"} <= set(keys(small_big.columns))
    assert small_big.extras == ("big_tally",)
    liga = pad_view("klammern", "liga")
    assert "augen" in keys(liga.columns) and liga.extras == ("rounding",)
    assert liga.header.target == 51  # K8.2 default
    hamburg = pad_view("klammern", "hamburg")
    assert {"orgi", "little", "dice"} <= set(keys(hamburg.columns)) and hamburg.extras == ("dice",)
    # K1.4: two or three players play alone, one column group each.
    alone = pad_view("klammern", "small_big", players=("Ben", "Sue", "Ola"))
    assert [s.name for s in alone.header.sides] == ["Ben", "Sue", "Ola"]


def test_rounding_table_matches_k8_1_examples() -> None:
    table = augen_rounding(20)

    def augen(points: int) -> int:
        return next(a for low, high, a in table if low <= points <= high)

    # KLAMMERN.md K8.1: 50 -> 5, 54 -> 5, 55 -> 6, 64 -> 6, 110 -> 11, 115 -> 12.
    assert [augen(p) for p in (50, 54, 55, 64, 110, 115)] == [5, 5, 6, 6, 11, 12]
    assert table[0] == (0, 4, 0)
    # Contiguous: every point total has exactly one row.
    assert all(table[k + 1][0] == table[k][1] + 1 for k in range(len(table) - 1))


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        (("skat",), {}, "unknown game"),
        (("klammern", "bridge"), {}, "unknown Klammern format"),
        (("schieber", "liga"), {}, "Schieber has no format"),
        (("schieber",), {"target": 0}, "target"),
        (("klammern",), {"players": ("a", "b", "c", "d", "e")}, "2, 3 or 4"),
    ],
)
def test_pad_view_rejects_bad_input(args: tuple[Any, ...], kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        pad_view(*args, **kwargs)


# --- metadata -------------------------------------------------------------------------------


def test_split_document_keeps_metadata_away_from_the_engine() -> None:
    document = schieber_match(
        3, meta={"event": "Cup"}, place="Thun", date="2026-11-28", players=["A", "B", "C", "D"]
    )
    document["deals"][1]["corrected_at"] = "2026-11-28T21:14:00"
    record, meta, deal_meta = split_document(document)
    assert "place" not in record and "players" not in record and "meta" not in record
    assert "corrected_at" not in record["deals"][1]
    assert meta["place"] == "Thun" and meta["names"] == ["A", "B", "C", "D"] and meta["event"] == "Cup"
    assert deal_meta == [{}, {"corrected_at": "2026-11-28T21:14:00"}, {}]
    assert rules_engine.score_match(record)["valid"]


# --- scoresheets from hand-written answers (the engine contract, DEAL_RECORD.md) ------------


SCHIEBER_RECORD = {
    "game": "schieber",
    "target": 1000,
    "deals": [
        {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 98}, "stoeck": 3},
        {"forehand": 2, "contract": "obenabe", "points": {"team": 2, "match": True}},
    ],
}
SCHIEBER_ANSWER: dict[str, Any] = {
    "valid": True,
    "errors": [],
    "scores": [118, 830],
    "finished": True,
    "winner": 2,
    "schneider": True,
    "deals": [
        {
            "factor": 1,
            "trick_points": [98, 59],
            "match_bonus": [0, 0],
            "weis": [0, 0],
            "stoeck": [20, 0],
            "total": [118, 59],
            "counted": [118, 59],
            "scores_after": [118, 59],
            "ended_on": None,
        },
        {
            "factor": 3,
            "trick_points": [0, 471],
            "match_bonus": [0, 300],
            "weis": [0, 0],
            "stoeck": [0, 0],
            "total": [0, 771],
            "counted": [0, 771],
            "scores_after": [118, 830],
            "ended_on": "trick_points",
        },
    ],
}


def test_schieber_rows_copy_the_answer() -> None:
    states = engine_states(SCHIEBER_RECORD, SCHIEBER_ANSWER, _no_engine)
    view = scoresheet_view(
        SCHIEBER_RECORD,
        SCHIEBER_ANSWER,
        states,
        {"names": ["A", "B", "C", "D"]},
        [{}, {"corrected_at": "2026-11-28T21:14"}],
    )
    first, second = view.rows
    assert first["dealer"] == 4 and first["forehand"] == 1  # S2.3: the dealer plays just before forehand
    assert (first["contract"], first["factor"], first["points"], first["stoeck"]) == (
        "H",
        1,
        (98, 59),
        (20, 0),
    )
    assert (first["total"], first["running"]) == ((118, 59), (118, 59))
    assert second["running"] == (118, 830)
    assert Mark("match", 2, 300) in second.marks
    assert Mark("ended_on", 2, "trick_points") in second.marks
    assert second.corrected_at == dt.datetime(2026, 11, 28, 21, 14) and first.corrected_at is None
    assert view.result.figures == (("Points", (118, 830)),)
    assert view.result.winner == 2 and Mark("schneider", 1) in view.result.marks
    assert view.header.seat_name(3) == "C"


def test_the_deal_column_shows_what_counted() -> None:
    # S7.1: when Stöck ends the match, only that Stöck counts; the sheet shows the engine's `counted`.
    answer = {
        **SCHIEBER_ANSWER,
        "deals": [
            dict(SCHIEBER_ANSWER["deals"][0], counted=[20, 0], scores_after=[20, 0]),
            SCHIEBER_ANSWER["deals"][1],
        ],
    }
    view = scoresheet_view(SCHIEBER_RECORD, answer, engine_states(SCHIEBER_RECORD, answer, _no_engine))
    assert view.rows[0]["total"] == (20, 0)


def _no_engine(record: Any) -> dict[str, Any]:
    raise AssertionError("the answer had every running total; the engine must not be asked again")


def test_missing_running_totals_are_asked_of_the_engine_per_prefix() -> None:
    record = schieber_match(4)
    answer = rules_engine.score_match(record)
    stripped = {
        **answer,
        "deals": [{k: v for k, v in d.items() if k != "scores_after"} for d in answer["deals"]],
    }
    asked: list[int] = []

    def engine(prefix: Any) -> dict[str, Any]:
        asked.append(len(prefix["deals"]))
        return rules_engine.score_match(prefix)

    states = engine_states(record, stripped, engine)
    assert asked == [1, 2, 3, 4]
    assert [s["scores"] for s in states] == [d["scores_after"] for d in answer["deals"]]


def test_klammern_small_big_marks_from_a_hand_written_answer() -> None:
    record = klammern_match("small_big", 2)
    answer = {
        "valid": True,
        "errors": [],
        "scores": {"small": [0, 0], "big": [2, 0]},
        "kalte": [1],
        "laube": [],
        "must_play": None,
        "finished": False,
        "winner": None,
        "running": [{"small": [4, 0], "big": [0, 0]}, {"small": [0, 0], "big": [2, 0]}],
        "deals": [
            {
                "card_points": [100, 64],
                "melds": [0, 20],
                "bella": [20, 0],
                "declarer_wins": True,
                "declarer_side": 1,
                "small_points": [4, 0],
            },
            {
                "card_points": [120, 44],
                "melds": [0, 0],
                "bella": [0, 0],
                "declarer_wins": False,
                "declarer_side": 2,
                "small_points": [2, 0],
            },
        ],
    }
    states = [{"scores": answer["running"][0], "laube": [1]}, {"scores": answer["running"][1], "laube": []}]
    view = scoresheet_view(record, answer, states)
    first, second = view.rows
    assert (first["small"], first["running"], first["big"]) == ((4, 0), (4, 0), (0, 0))
    assert (first["melds"], first["bella"], first["points"]) == ((0, 20), (20, 0), (100, 64))
    assert Mark("laube", 1) in first.marks
    assert Mark("kalte") in second.marks and Mark("lost", 2) in second.marks
    assert view.result.figures == (("Big points", (2, 0)), ("Small points", (0, 0)))
    assert Mark("kalte", value=1) in view.result.marks


def test_a_rejected_match_is_not_printed() -> None:
    record = {
        "game": "schieber",
        "deals": [{"forehand": 1, "contract": "H", "points": {"team": 1, "value": 1}}],
    }
    with pytest.raises(SheetError) as caught:
        build_scoresheet(record)
    assert caught.value.errors and caught.value.errors[0]["rule"].startswith("S")
    with pytest.raises(SheetError, match="not a match record"):
        build_scoresheet({"game": "schieber", "deals": [{"forehand": 9}]})
    with pytest.raises(SheetError, match="list of deals"):
        build_scoresheet({"game": "schieber"})


# --- scoresheets with the real engine -----------------------------------------------------


def test_schieber_sheet_equals_the_engine_answer() -> None:
    record = schieber_match(30)
    answer = rules_engine.score_match(record)
    view = build_scoresheet(record)
    assert len(view.rows) == 30
    for row, figures in zip(view.rows, answer["deals"]):
        assert row["factor"] == figures["factor"]
        assert row["points"] == tuple(figures["trick_points"])
        assert row["weis"] == tuple(figures["weis"])
        assert row["stoeck"] == tuple(figures["stoeck"])
        assert row["total"] == tuple(figures["counted"])
        assert row["running"] == tuple(figures["scores_after"])
    assert view.result.figures[0][1] == tuple(answer["scores"])
    assert not view.result.finished and view.result.winner is None


def test_finished_schieber_sheet_has_winner_and_schneider() -> None:
    record = finished_schieber_match(rules_engine.score_match, target=1400)
    answer = rules_engine.score_match(record)
    assert answer["finished"] and answer["schneider"], "the fixture must end in a Schneider"
    view = build_scoresheet(record)
    assert view.result.winner == answer["winner"]
    assert Mark("schneider", 3 - answer["winner"]) in view.result.marks


@pytest.mark.parametrize(
    ("fmt", "figure"), [("small_big", "small_points"), ("liga", "augen"), ("hamburg", "dice")]
)
def test_klammern_sheet_equals_the_engine_answer(fmt: str, figure: str) -> None:
    record = klammern_match(fmt, {"small_big": 25, "liga": 15, "hamburg": 2}[fmt])
    answer = rules_engine.score_match(record)
    assert answer["valid"], answer["errors"]
    view = build_scoresheet(record)
    column = {"small_points": "small", "augen": "augen", "dice": "dice"}[figure]
    for i, (row, figures) in enumerate(zip(view.rows, answer["deals"])):
        assert row[column] == tuple(figures[figure])
        assert row["points"] == tuple(figures["card_points"])
        running = answer["running"][i]
        if fmt == "small_big":
            assert (row["running"], row["big"]) == (tuple(running["small"]), tuple(running["big"]))
        else:
            assert row["running"] == tuple(running)
    if fmt == "small_big":
        kalte_rows = [row.number - 1 for row in view.rows if Mark("kalte") in row.marks]
        assert kalte_rows == answer["kalte"]
        # The Laube a row shows is the engine's state after that deal.
        for row in view.rows:
            prefix = rules_engine.score_match({**record, "deals": record["deals"][: row.number]})
            for side in (1, 2):
                if Mark("laube", side) in row.marks:
                    assert side in prefix["laube"]


def test_laube_per_deal_agrees_with_asking_the_engine_for_every_prefix() -> None:
    record = klammern_match("small_big", 25)
    answer = rules_engine.score_match(record)
    fast = engine_states(record, answer, _no_engine)
    for i, state in enumerate(fast):
        prefix = rules_engine.score_match({**record, "deals": record["deals"][: i + 1]})
        assert state["laube"] == prefix["laube"], i
        assert state["scores"] == prefix["scores"], i
    assert any(state["laube"] for state in fast), "the fixture should visit the Laube"

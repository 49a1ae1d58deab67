"""A tournament (TOURNAMENT.md T4–T8): worked examples 2 and 3, sit-outs, substitutes, withdrawals, T9."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rules_engine import InvalidRecord, score_tournament

DATA = Path(__file__).parent / "data"
EXAMPLE2: dict[str, Any] = json.loads((DATA / "example2_tournament.json").read_text())
EXAMPLE3: dict[str, Any] = json.loads((DATA / "example3_tournament.json").read_text())
PASSE: dict[str, Any] = json.loads((DATA / "example1_passe.json").read_text())


def example(which: dict[str, Any], **options: Any) -> dict[str, Any]:
    record = copy.deepcopy(which)
    record["options"].update(options)
    return record


def by_id(answer: Any) -> dict[str, Any]:
    return {entry["id"]: entry for entry in answer["ranking"]}


def order(answer: Any) -> list[tuple[int, str, int]]:
    return [(entry["rank"], entry["id"], entry["total"]) for entry in answer["ranking"]]


def rules(answer: Any) -> list[tuple[str, int | None]]:
    return [(error["rule"], error.get("round")) for error in answer["errors"]]


def seats(text: str) -> dict[str, str]:
    return dict(zip("1234", text.split(), strict=True))


# ----------------------------------------------------------------- worked example 2


def test_worked_example_2_ranking_with_streichpasse_and_best_passe() -> None:
    answer = score_tournament(EXAMPLE2)
    assert answer["valid"], answer["errors"]
    assert order(answer) == [
        (1, "B", 2012),
        (2, "A", 1967),
        (3, "D", 1944),
        (4, "G", 1921),
        (5, "H", 1921),
        (6, "F", 1899),
        (7, "C", 1899),
        (8, "E", 1832),
    ]
    ranking = by_id(answer)
    # The two entries the rule file shows, exactly.
    assert ranking["B"] == {
        "rank": 1,
        "id": "B",
        "total": 2012,
        "passen": [1010, 1002, 994],
        "struck": [2],
        "sitouts": [],
        "shared": False,
        "provisional": False,
        "matches": 0,
    }
    assert ranking["G"] == {
        "rank": 4,
        "id": "G",
        "total": 1921,
        "passen": [979, 927, 942],
        "struck": [1],
        "sitouts": [],
        "shared": False,
        "provisional": False,
        "matches": 0,
        "decided_by": "best_passe",
    }
    assert ranking["F"]["decided_by"] == "best_passe"  # 994 > 957
    assert "decided_by" not in ranking["H"] and "decided_by" not in ranking["C"]
    assert [ranking[p]["struck"] for p in "ADHFCE"] == [[2], [0], [1], [1], [0], [2]]


def test_worked_example_2_seating_report_and_standblatt() -> None:
    answer = score_tournament(EXAMPLE2)
    assert answer["seating"] == {
        "partner_repeats": 0,
        "opponent_repeats": 0,
        "meeting_repeats": 12,
        "sitout_counts": {},
    }
    assert answer["rounds_complete"] == [True, True, True]
    assert answer["standblatt"] is not None
    assert answer["standblatt"]["A"][0] == {
        "round": 1,
        "table": 1,
        "partner": "B",
        "opponents": ["C", "D"],
        "score": 1010,
    }
    # Team 2's opponents are seats 1 and 3.
    assert answer["standblatt"]["H"][1] == {
        "round": 2,
        "table": 2,
        "partner": "F",
        "opponents": ["B", "D"],
        "score": 882,
    }


def test_worked_example_2_without_the_streichpasse() -> None:
    answer = score_tournament(example(EXAMPLE2, streich=0))
    assert [(e["id"], e["total"]) for e in answer["ranking"]] == [
        ("B", 3006),
        ("A", 2857),
        ("G", 2848),
        ("D", 2818),
        ("H", 2803),
        ("F", 2781),
        ("C", 2773),
        ("E", 2722),
    ]
    assert all(e["struck"] == [] for e in answer["ranking"])


def test_an_embedded_passe_scores_its_table_and_counts_its_matches() -> None:
    record = copy.deepcopy(EXAMPLE2)
    passe = {"games": PASSE["games"], "reported": PASSE["reported"]}
    record["results"][0] = {"round": 1, "table": 1, "passe": passe}
    answer = score_tournament(record)
    assert answer["valid"], answer["errors"]
    ranking = by_id(answer)
    assert ranking["B"]["total"] == 2012 and ranking["B"]["matches"] == 1
    assert ranking["A"]["matches"] == 1 and ranking["C"]["matches"] == 0


def test_an_open_round_makes_the_ranking_provisional_and_strikes_nothing() -> None:
    record = copy.deepcopy(EXAMPLE2)
    passe = {"games": PASSE["games"][:11]}
    record["results"][4] = {"round": 3, "table": 1, "passe": passe}
    answer = score_tournament(record)
    assert answer["valid"], answer["errors"]
    assert answer["rounds_complete"] == [True, True, False]
    ranking = by_id(answer)
    assert ranking["A"]["passen"] == [1010, 957, None]
    assert ranking["A"]["provisional"] and ranking["A"]["struck"] == []
    assert ranking["A"]["total"] == 1967
    assert not ranking["C"]["provisional"] and ranking["C"]["struck"] == [0]
    assert answer["standblatt"] is not None and answer["standblatt"]["A"][2]["score"] is None


def test_an_open_passe_shows_its_running_total_apart_and_never_counts_it() -> None:
    """T7.5 keeps an open Passe's entry null; T6.5 adds up its games with a figure so far. The
    answer's ``running`` gives that figure beside the entry, for the room to follow game by game."""
    record = copy.deepcopy(EXAMPLE2)
    record["results"][4] = {"round": 3, "table": 1, "passe": {"games": PASSE["games"][:11]}}
    answer = score_tournament(record)
    assert answer["valid"], answer["errors"]
    # Worked example 1's games (its answer's figures), the first eleven: round 3, table 1.
    games = json.loads((DATA / "example1_answer.json").read_text())["games"][:11]
    so_far = [sum(game["total"][team] for game in games) for team in (0, 1)]
    ranking = by_id(answer)
    seated = record["rounds"][2]["tables"][0]["seats"]
    for seat, team in (("1", 0), ("3", 0), ("2", 1), ("4", 1)):
        entry = ranking[seated[seat]]
        assert entry["running"] == {"round": 3, "score": so_far[team]}
        assert entry["passen"][2] is None and entry["provisional"]
        assert entry["total"] == sum(score for score in entry["passen"] if score is not None)
    # The complete table of the round, and complete rounds, have nothing running.
    assert all(
        "running" not in entry for competitor, entry in ranking.items() if competitor not in seated.values()
    )
    assert all("running" not in entry for entry in score_tournament(EXAMPLE2)["ranking"])


def test_rounds_not_yet_seated_are_null() -> None:
    record = copy.deepcopy(EXAMPLE2)
    record["passen"] = 4
    answer = score_tournament(record)
    assert answer["rounds_complete"] == [True, True, True, False]
    assert by_id(answer)["B"]["passen"] == [1010, 1002, 994, None]
    assert by_id(answer)["B"]["total"] == 3006  # provisional: nothing struck


# ----------------------------------------------------------------- worked example 3


def test_worked_example_3_sitouts_rank_below_played_passen() -> None:
    answer = score_tournament(EXAMPLE3)
    assert answer["valid"], answer["errors"]
    assert [(e["rank"], e["id"], e["total"], e["shared"]) for e in answer["ranking"]] == [
        (1, "B", 2868, True),
        (1, "F", 2868, True),
        (3, "C", 2826, True),
        (3, "D", 2826, True),
        (5, "G", 2826, True),
        (5, "H", 2826, True),
        (5, "I", 2826, True),
        (8, "A", 2784, True),
        (8, "E", 2784, True),
    ]
    ranking = by_id(answer)
    assert ranking["D"]["decided_by"] == "best_passe"
    assert [e["id"] for e in answer["ranking"] if "decided_by" in e] == ["D"]
    assert ranking["G"]["sitouts"] == [2] and ranking["G"]["passen"] == [942, 942, 942]
    assert answer["seating"]["sitout_counts"] == {"G": 1, "H": 1, "I": 1}
    assert answer["standblatt"] is not None
    assert answer["standblatt"]["I"][0] == {"round": 1, "table": None, "sitout": True, "score": 942}


def test_a_sitout_counts_at_the_draw_by_default_and_with_round_complete_once_its_round_is() -> None:
    """T7.5 as written: a sit-out's score is his round's entry once the round is seated. With
    ``sitout_from: "round_complete"`` (docs/DEAL_RECORD_ADDITIONS.md) it stays null, the
    ranking provisional, until every table of the round is complete."""
    record = copy.deepcopy(EXAMPLE3)
    del record["results"][5]  # round 3, table 2: still playing
    seated = by_id(score_tournament(record))["G"]
    assert seated["passen"] == [942, 942, 942] and seated["total"] == 2826

    record["options"]["sitout_from"] = "round_complete"
    waiting = score_tournament(record)
    assert waiting["valid"], waiting["errors"]
    g = by_id(waiting)["G"]
    assert g["passen"] == [942, 942, None] and g["provisional"] and g["total"] == 1884
    assert waiting["standblatt"] is not None
    assert waiting["standblatt"]["G"][-1] == {"round": 3, "table": None, "sitout": True, "score": None}

    record["results"] = copy.deepcopy(EXAMPLE3["results"])  # the last table is complete
    done = by_id(score_tournament(record))["G"]
    assert done["passen"] == [942, 942, 942] and not done["provisional"]


def test_sitout_from_takes_only_its_two_readings() -> None:
    with pytest.raises(InvalidRecord, match="options.sitout_from: unknown value 'later'"):
        score_tournament(example(EXAMPLE3, sitout_from="later"))


@pytest.mark.parametrize(
    ("options", "sitout"),
    [
        ({"sitout_score": "fixed", "sitout_points": 1000}, 1000),
        ({"sitout_score": "own_average"}, 942),
        ({"sitout_score": "streich", "streich": 1}, 0),
    ],
)
def test_sitout_score_options(options: dict[str, Any], sitout: int) -> None:
    answer = score_tournament(example(EXAMPLE3, **options))
    assert answer["valid"], answer["errors"]
    ranking = by_id(answer)
    assert ranking["I"]["passen"][0] == sitout
    if options["sitout_score"] == "streich":
        assert ranking["I"]["struck"] == [0] and ranking["I"]["total"] == 942 + 942


def test_own_average_is_rounded_half_up() -> None:
    record = example(EXAMPLE3, sitout_score="own_average")
    record["results"][2]["team_totals"] = [943, 941]  # A+C 943 in round 2; I still 942 in round 2
    record["results"][3]["team_totals"] = [941, 943]  # F+I 943 in round 2
    # I played 942 (round 2 is 943) and 942: his own average is (943 + 942) / 2 = 942.5 -> 943.
    assert by_id(score_tournament(record))["I"]["passen"] == [943, 943, 942]


def test_a_seven_game_passe_sitout_is_550() -> None:
    record = example(EXAMPLE3, games_per_passe=7)
    for result in record["results"]:
        result["team_totals"] = [550, 549]
    answer = score_tournament(record)
    assert answer["valid"], answer["errors"]
    assert by_id(answer)["I"]["passen"][0] == 550


# ----------------------------------------------------------------- tie-break steps


def test_last_passe_matches_and_lot_tiebreaks() -> None:
    record = example(EXAMPLE3, tiebreak=["last_passe", "shared"])
    answer = score_tournament(record)
    # From the last round back: C and D played all three; I sat out round 1, H round 2, G round 3.
    ranking = by_id(answer)
    assert [ranking[p]["rank"] for p in "CDIHG"] == [3, 3, 5, 6, 7]
    assert ranking["D"]["decided_by"] == ranking["I"]["decided_by"] == "last_passe"
    record = example(EXAMPLE3, tiebreak=["lot", "shared"])
    record["lots"] = {"B": 2, "F": 1}
    ranking = by_id(score_tournament(record))
    assert (ranking["F"]["rank"], ranking["B"]["rank"]) == (1, 2)
    assert ranking["F"]["decided_by"] == "lot"
    record["lots"] = {"B": 2}  # not every member drew: the lot decides nothing
    ranking = by_id(score_tournament(record))
    assert ranking["F"]["rank"] == ranking["B"]["rank"] == 1


def test_a_field_of_equal_rounds_is_split_by_the_next_step_of_the_chain() -> None:
    # Before any round is played every entry is null (T7.5): best and last Passe are equal for
    # all, so the lot, the next step (T7.3), orders the whole field.
    record = example(EXAMPLE3, tiebreak=["best_passe", "last_passe", "lot", "shared"])
    record["rounds"], record["results"] = [], []
    players = [player["id"] for player in record["players"]]
    record["lots"] = {player: len(players) - n for n, player in enumerate(players)}
    answer = score_tournament(record)
    assert [entry["id"] for entry in answer["ranking"]] == players[::-1]
    assert [entry["rank"] for entry in answer["ranking"]] == list(range(1, len(players) + 1))
    assert {entry.get("decided_by") for entry in answer["ranking"][:-1]} == {"lot"}
    assert all(entry["provisional"] for entry in answer["ranking"])


def test_matches_tiebreak_counts_every_passe() -> None:
    record = example(EXAMPLE3, tiebreak=["matches", "shared"])
    record["results"][5] = {"round": 3, "table": 2, "team_totals": [942, 942], "matches": [1, 0]}
    ranking = by_id(score_tournament(record))
    # Team 1 of that table is C+H (seats 1 and 3).
    assert [ranking[p]["matches"] for p in "CHDGI"] == [1, 1, 0, 0, 0]
    assert [ranking[p]["rank"] for p in "CHDGI"] == [3, 3, 5, 5, 5]
    assert ranking["H"]["decided_by"] == "matches"


# ----------------------------------------------------------------- substitutes and withdrawals


def test_a_substitutes_passe_scores_zero_for_the_replaced_player_by_default() -> None:
    record = copy.deepcopy(EXAMPLE2)
    record["rounds"][2]["tables"][1]["seats"]["4"] = "S1"  # S1 plays H's third Passe
    record["substitutes"] = [{"for": "H", "substitute": "S1", "from_round": 3, "to_round": 3}]
    answer = score_tournament(record)
    assert answer["valid"], answer["errors"]
    ranking = by_id(answer)
    assert ranking["H"]["passen"] == [979, 882, 0]
    assert ranking["H"]["struck"] == [2]  # the 0 is his lowest Passe
    assert "S1" not in ranking  # a substitute is not ranked
    assert ranking["D"]["passen"] == [874, 1002, 942]  # it counts for the others at the table
    assert answer["standblatt"] is not None
    assert answer["standblatt"]["H"][2] == {
        "round": 3,
        "table": 2,
        "partner": "D",
        "opponents": ["C", "G"],
        "score": 0,
    }
    assert answer["standblatt"]["D"][2]["partner"] == "S1"
    record["options"]["substitute_scores"] = "original"
    assert by_id(score_tournament(record))["H"]["passen"] == [979, 882, 942]


def test_substitute_ids_are_accepted_only_in_their_rounds_and_the_replaced_player_not_at_all() -> None:
    record = copy.deepcopy(EXAMPLE2)
    record["substitutes"] = [{"for": "H", "substitute": "S1", "from_round": 3}]
    answer = score_tournament(record)  # H himself seated in round 3
    assert [(e["rule"], e["code"], e.get("round")) for e in answer["errors"]] == [
        ("T5.1", "replaced_player_seated", 3),
        ("T5.1", "not_seated", 3),
    ]
    record["rounds"][1]["tables"][1]["seats"]["4"] = "S1"  # S1 in round 2, before his rounds
    assert ("T5.1", "unknown_id") in [(e["rule"], e["code"]) for e in score_tournament(record)["errors"]]


def test_withdrawal_with_reseat_scores_zero_from_its_round() -> None:
    record = copy.deepcopy(EXAMPLE3)
    record["withdrawals"] = [{"player": "I", "from_round": 3, "table_action": "reseat"}]
    # Round 3 reseated with the 8 active players: nobody sits out.
    record["rounds"][2] = {
        "tables": [{"table": 1, "seats": seats("A B E F")}, {"table": 2, "seats": seats("C D G H")}],
        "sitouts": [],
    }
    answer = score_tournament(record)
    assert answer["valid"], answer["errors"]
    ranking = by_id(answer)
    assert ranking["I"]["passen"] == [942, 942, 0]
    assert not ranking["I"]["provisional"]
    record["rounds"][2]["sitouts"] = ["I"]
    assert ("T5.1", "withdrawn_listed") in [
        (e["rule"], e["code"]) for e in score_tournament(record)["errors"]
    ]


def test_withdrawal_with_sitout_score_gives_the_short_table_sitouts() -> None:
    record = copy.deepcopy(EXAMPLE2)
    record["withdrawals"] = [{"player": "H", "from_round": 3, "table_action": "sitout_score"}]
    record["rounds"][2] = {"tables": [{"table": 1, "seats": seats("A B E F")}], "sitouts": ["C", "D", "G"]}
    record["results"] = record["results"][:5]
    answer = score_tournament(record)
    assert answer["valid"], answer["errors"]
    ranking = by_id(answer)
    assert ranking["C"]["passen"] == [874, 957, 942] and ranking["C"]["sitouts"] == [2]
    assert ranking["H"]["passen"] == [979, 882, 0]


# ----------------------------------------------------------------- Partnerschieber


def test_partnerschieber_ranks_pairs() -> None:
    record: dict[str, Any] = {
        "game": "schieber_tournament",
        "options": {"format": "partner", "games_per_passe": 8},
        "passen": 2,
        "players": [{"id": p, "name": p} for p in "ABCDEF"],
        "pairs": [
            {"id": "P1", "players": ["A", "B"]},
            {"id": "P2", "players": ["C", "D"]},
            {"id": "P3", "players": ["E", "F"]},
        ],
        "rounds": [
            {"tables": [{"table": 1, "pairs": ["P1", "P2"]}], "sitouts": ["P3"]},
            {"tables": [{"table": 1, "pairs": ["P3", "P1"]}], "sitouts": ["P2"]},
        ],
        "results": [
            {"round": 1, "table": 1, "team_totals": [700, 556]},
            {"round": 2, "table": 1, "team_totals": [600, 656]},
        ],
    }
    answer = score_tournament(record)
    assert answer["valid"], answer["errors"]
    assert order(answer) == [(1, "P1", 1356), (2, "P3", 1228), (3, "P2", 1184)]
    assert answer["seating"]["partner_repeats"] == 0
    assert answer["standblatt"] is not None
    assert answer["standblatt"]["P1"] == [
        {"round": 1, "table": 1, "opponents": "P2", "score": 700},
        {"round": 2, "table": 1, "opponents": "P3", "score": 656},
    ]
    record["substitutes"] = [{"for": "A", "substitute": "X", "from_round": 2}]
    record["options"]["pair_substitute"] = "excluded"
    assert by_id(score_tournament(record))["P1"]["passen"] == [700, 0]


# ----------------------------------------------------------------- T9: rules broken (exit 1)


def test_more_rounds_than_passen_breaks_t4_3() -> None:
    record = copy.deepcopy(EXAMPLE2)
    record["passen"] = 2
    record["options"]["streich"] = 1
    assert ("T4.3", 3) in rules(score_tournament(record))


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda r: r["rounds"][0]["tables"][1]["seats"].update({"4": "A"}), "seated_twice"),
        (lambda r: r["rounds"][0]["tables"][1]["seats"].pop("4"), "table_size"),
        (lambda r: r["rounds"][0]["tables"][1]["seats"].update({"4": "Z"}), "unknown_id"),
        (lambda r: r["rounds"][0]["sitouts"].append("Z"), "unknown_id"),
        (lambda r: r["rounds"][0]["sitouts"].append("A"), "sitout_seated"),
        (lambda r: r["rounds"][0]["tables"].pop(), "not_seated"),
        (
            lambda r: r["results"].append({"round": 1, "table": 3, "team_totals": [942, 942]}),
            "result_not_seated",
        ),
        (
            lambda r: r["results"].append({"round": 4, "table": 1, "team_totals": [942, 942]}),
            "result_not_seated",
        ),
    ],
)
def test_seating_that_breaks_t5_1(change: Any, code: str) -> None:
    record = copy.deepcopy(EXAMPLE2)
    change(record)
    answer = score_tournament(record)
    assert not answer["valid"] and answer["ranking"] is None and answer["standblatt"] is None
    assert ("T5.1", code) in [(e["rule"], e["code"]) for e in answer["errors"]]
    assert all("round" in e for e in answer["errors"])


def test_a_withdrawn_player_seated_breaks_t5_1() -> None:
    record = copy.deepcopy(EXAMPLE2)
    record["withdrawals"] = [{"player": "H", "from_round": 3, "table_action": "reseat"}]
    codes = [(e["rule"], e["code"]) for e in score_tournament(record)["errors"]]
    assert ("T5.1", "withdrawn_seated") in codes


def test_sitouts_that_break_t5_2() -> None:
    record = copy.deepcopy(EXAMPLE3)
    record["rounds"][1]["sitouts"] = ["I"]  # I again while H, G ... have sat out fewer times
    record["rounds"][1]["tables"][1]["seats"]["4"] = "H"
    answer = score_tournament(record)
    assert [(e["rule"], e["code"], e["round"]) for e in answer["errors"]] == [("T5.2", "sitout_order", 2)]
    record = copy.deepcopy(EXAMPLE2)
    record["rounds"][0]["sitouts"] = ["H"]
    record["rounds"][0]["tables"][1]["seats"]["4"] = None
    errors = [(e["rule"], e["code"]) for e in score_tournament(record)["errors"]]
    assert ("T5.2", "sitout_count") in errors and ("T5.1", "table_size") in errors


def test_a_repeated_partner_is_reported_never_rejected() -> None:
    record = copy.deepcopy(EXAMPLE2)
    record["rounds"][1]["tables"][0]["seats"] = seats("A E B G")
    record["rounds"][1]["tables"][1]["seats"] = seats("C F D H")
    answer = score_tournament(record)
    assert answer["valid"], answer["errors"]
    assert answer["seating"]["partner_repeats"] == 2  # A+B and C+D again


@pytest.mark.parametrize(
    ("totals", "matches", "code"),
    [
        ([1010, 884], [0, 0], "control_sum"),
        ([1883, 1], [0, 0], "passe_total_impossible"),
        ([1900, -16], [0, 0], "passe_total_impossible"),
        ([1010, 874], [1, 0], None),
    ],
)
def test_results_only_totals_are_checked_against_t3_5(
    totals: list[int], matches: list[int], code: str | None
) -> None:
    record = example(EXAMPLE2, match_value=207) if matches != [0, 0] else copy.deepcopy(EXAMPLE2)
    if matches != [0, 0]:
        totals = [1060, 874]
    record["results"][0] = {"round": 1, "table": 1, "team_totals": totals, "matches": matches}
    answer = score_tournament(record)
    if code is None:
        assert answer["valid"], answer["errors"]
        return
    errors = [(e["rule"], e["code"], e["round"], e["table"]) for e in answer["errors"]]
    assert ("T3.5", code, 1, 1) in errors


def test_an_embedded_passe_error_names_round_table_and_game() -> None:
    record = copy.deepcopy(EXAMPLE2)
    games = copy.deepcopy(PASSE["games"])
    games[7] = {"forehand": 4, "contract": "H", "points": {"team": 1, "value": 158}, "confirmed_by": [1, 2]}
    record["results"][0] = {"round": 1, "table": 1, "passe": {"games": games}}
    answer = score_tournament(record)
    assert [(e["rule"], e["round"], e["table"], e["game"]) for e in answer["errors"]] == [("T3.4", 1, 1, 7)]


# ----------------------------------------------------------------- T9: malformed (exit 2)


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda r: r["options"].update(colour="red"), "unknown tournament option"),
        (lambda r: r.update(profile="official"), "profile"),
        (lambda r: r["options"].update(streich=3), "streich"),
        (lambda r: r["options"].update(sitout_score="streich", streich=0), "streich"),
        (lambda r: r["options"].update(sitout_score="fixed"), "sitout_points"),
        (lambda r: r["options"].update(tiebreak=["best_passe"]), "end with 'shared'"),
        (lambda r: r["options"].update(tiebreak=["lot", "lot", "shared"]), "repeated"),
        (lambda r: r.update(lots={"Z": 1}), "not a competitor"),
        (
            lambda r: r.update(substitutes=[{"for": "Z", "substitute": "S", "from_round": 1}]),
            "not a registered",
        ),
        (
            lambda r: r.update(substitutes=[{"for": "A", "substitute": "B", "from_round": 1}]),
            "registered player's id",
        ),
        (
            lambda r: r.update(substitutes=[{"for": "A", "substitute": "S", "from_round": 3, "to_round": 2}]),
            "before",
        ),
        (
            lambda r: r.update(withdrawals=[{"player": "Z", "from_round": 2, "table_action": "reseat"}]),
            "not a competitor",
        ),
        (lambda r: r["results"].append({"round": 1, "table": 1, "team_totals": [942, 942]}), "second result"),
        (
            lambda r: r["results"].__setitem__(
                0, {"round": 1, "table": 1, "passe": {"games": [], "options": {}}}
            ),
            "comes from the tournament",
        ),
        (
            lambda r: r["results"].__setitem__(
                0, {"round": 1, "table": 1, "passe": {"games": [], "seats": {}}}
            ),
            "comes from the tournament",
        ),
        (lambda r: r["options"].update(factors={"S": 2}), "cannot be checked"),
        (lambda r: r["options"].update(weis=True), "cannot be checked"),
        (lambda r: r["options"].update(mixed_points="per_trick"), "cannot be checked"),
        (lambda r: r["results"][0].update(matches=[13, 0]), "at most 12"),
        (lambda r: r.update(game="schieber_passe"), "not a tournament record"),
    ],
)
def test_malformed_tournament_records_are_invalid_records(change: Any, match: str) -> None:
    record = copy.deepcopy(EXAMPLE2)
    change(record)
    with pytest.raises(InvalidRecord, match=match):
        score_tournament(record)

"""The tablet's module mirrors three server functions that cannot run in a browser; each
pair must agree, or the tablet would judge another record than the server stores:
the deal forms' record builders (WTForms), the log's derivation, the match record."""

from __future__ import annotations

import random
from datetime import datetime
from typing import Any

import pytest
from flask import Flask
from hypothesis import given
from hypothesis import strategies as st

from scorer import games, scoring
from scorer.deals.deal_input import ShapeError
from scorer.offline import tablet
from scorer.store import log
from scorer.store.models import Entry

SCHIEBER = {
    "game": "schieber",
    "profile": "seed",
    "deck": "swiss",
    "players": 4,
    "names": ["A", "B", "C", "D"],
}
KLAMMERN = {
    "game": "klammern",
    "players": 4,
    "format": "small_big",
    "deck": "french",
    "names": ["A", "B", "C", "D"],
}
KLAMMERN_3 = {
    "game": "klammern",
    "players": 3,
    "format": "small_big",
    "deck": "french",
    "names": ["A", "B", "C"],
}


def server_record(app: Flask, settings: dict[str, Any], fields: dict[str, str]) -> tuple[str, Any]:
    """What the server's deal form makes of ``fields``: ("record", …) or ("refused", field names)."""
    entry = games.of(settings).deal
    # The version and key a form carries are the sync's business, not the record's.
    with app.test_request_context(method="POST", data={**fields, "version": "0", "idem": "k"}):
        form = entry.form(meta={"csrf": False})
        entry.prepare(form, settings)
        if not form.validate():
            return "refused", sorted(form.errors)
        try:
            return "record", entry.record(form, settings)
        except ShapeError as error:
            return "refused", [error.field]


def tablet_record(settings: dict[str, Any], fields: dict[str, str]) -> tuple[str, Any]:
    try:
        return "record", tablet.deal_record(fields, settings)
    except tablet.Shape as error:
        return "refused", [error.field]


KINDS = ("", "run3", "run4", "run5", "run9", "four")
NATURAL = tablet.NATURAL


def schieber_fields(rng: random.Random) -> dict[str, str]:
    fields = {
        "forehand": rng.choice("1234"),
        "contract": rng.choice(("H", "C", "D", "S", "obenabe", "undenufe")),
        "team": rng.choice("12"),
        "points": rng.choice(("98", "0", "157", "", " 57 ", "12")),
        "stoeck": rng.choice(("", "", "1", "3")),
        "reached_first": rng.choice(("", "", "2")),
    }
    if rng.random() < 0.3:
        fields["pushed"] = "y"
    if rng.random() < 0.2:
        fields["match"] = "y"
    for seat in "1234":
        if rng.random() < 0.3:
            fields[f"weis_{seat}_1_kind"] = rng.choice(KINDS)
            fields[f"weis_{seat}_1_suit"] = rng.choice(("", "H", "C", "D", "S"))
            fields[f"weis_{seat}_1_top"] = rng.choice(("", *NATURAL))
        if rng.random() < 0.2:
            fields[f"weis_{seat}_cards"] = rng.choice(("h10 hj hq", "C6 C7 C8; D9 DT", "x9 h6", ""))
    return fields


def klammern_fields(rng: random.Random, players: int) -> dict[str, str]:
    fields = {
        "forehand": rng.choice("1234"[:players]),
        "trump": rng.choice("CSHD"),
        "how": rng.choice(("orgi", "kleines", "besser")),
        "declarer": rng.choice("1234"[:players]),
        "bella": rng.choice(("", "", "2")),
        "team": rng.choice("12"),
        "points": rng.choice(("100", "", "62", "0")),
    }
    for n in range(1, 4):
        fields[f"side_{n}"] = rng.choice(("40", "", "82"))
        fields[f"revoke_{n}"] = rng.choice(("40", "", "20"))
    if rng.random() < 0.15:
        fields["revoke_seat"] = rng.choice("1234"[:players])
    elif rng.random() < 0.15:
        fields["durchmarsch"] = rng.choice("1234"[:players])
        if rng.random() < 0.5:
            fields["all_tricks"] = "y"
    for flag in ("kontra", "re"):
        if rng.random() < 0.2:
            fields[flag] = "y"
    for seat in "1234"[:players]:
        if rng.random() < 0.3:
            fields[f"melds_{seat}_2_kind"] = rng.choice(KINDS)
            fields[f"melds_{seat}_2_suit"] = rng.choice(("", "C", "S"))
            fields[f"melds_{seat}_2_top"] = rng.choice(("", *NATURAL[1:]))
        if rng.random() < 0.2:
            fields[f"melds_{seat}_cards"] = rng.choice(("S7 S8 S9", "SK SQ", ""))
    return fields


@pytest.mark.parametrize("seed", range(4))
def test_schieber_fields_make_the_servers_record(app: Flask, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        fields = schieber_fields(rng)
        server = server_record(app, SCHIEBER, fields)
        mine = tablet_record(SCHIEBER, fields)
        assert mine[0] == server[0], fields
        if server[0] == "record":
            assert mine == server, fields


@pytest.mark.parametrize("settings", [KLAMMERN, KLAMMERN_3], ids=["four", "three"])
@pytest.mark.parametrize("seed", range(3))
def test_klammern_fields_make_the_servers_record(app: Flask, settings: dict[str, Any], seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        fields = klammern_fields(rng, settings["players"])
        server = server_record(app, settings, fields)
        mine = tablet_record(settings, fields)
        assert mine[0] == server[0], fields
        if server[0] == "record":
            assert mine == server, fields


entry_kinds = st.sampled_from(("deal", "deal", "correction", "undo", "void"))


@given(st.lists(st.tuples(entry_kinds, st.integers(1, 12)), max_size=12))
def test_derive_mirrors_the_log(steps: list[tuple[str, int]]) -> None:
    entries = []
    plain = []
    for seq, (kind, target) in enumerate(steps, start=1):
        target_seq = target if kind in ("correction", "undo") else None
        record = {"n": seq} if kind in ("deal", "correction") else None
        entries.append(
            Entry(seq=seq, kind=kind, target_seq=target_seq, record=record, created=datetime(2026, 1, 1))
        )
        plain.append({"seq": seq, "kind": kind, "target_seq": target_seq, "record": record})
    state = log.derive(entries)
    mine = tablet.derive(plain)
    assert mine["version"] == state.version
    assert [(s["slot"], s["record"]) for s in mine["slots"]] == [
        (s.slot, s.current.record) for s in state.current_slots if s.current is not None
    ]
    assert mine["last_undoable"] == (state.last_undoable.seq if state.last_undoable else None)
    assert mine["last_redoable"] == (state.last_redoable.seq if state.last_redoable else None)


@pytest.mark.parametrize("settings", [SCHIEBER, KLAMMERN])
def test_match_record_mirrors_scoring(app: Flask, settings: dict[str, Any]) -> None:
    with app.app_context():
        head = scoring.match_record(settings, [])
        deals = [{"forehand": 2}]
        assert tablet.match_record(head, deals) == scoring.match_record(settings, deals)
        assert tablet.match_record(head, []) == head


SCHIEBER_SETUPS = [
    {"profile": "seed", "deck": "swiss", "rosen7": "1", "name_1": " Anna ", "name_2": "Beat"},
    {"profile": "official", "deck": "french", "rosen7": "3", "target": "1500", "factor_H": "2", "factor_obenabe": "3",
     "long_runs": "graded", "four_nines": "150", "kreuzweis": "yes", "weis_equal_points": "more_cards"},
    {"profile": "seed", "deck": "swiss", "rosen7": "4", "kreuzweis": "no", "undenufe_points": "six11", "four_low": "0"},
]  # fmt: skip
KLAMMERN_SETUPS = [
    {"players": "4", "format": "small_big", "first_dealer": "4", "target_big": "7", "name_1": "Ben"},
    {"players": "3", "format": "liga", "first_dealer": "2", "target": "501", "jappa_total": "yes", "revoke": "clean_side_all"},
    {"players": "2", "format": "hamburg", "first_dealer": "1", "meld_tiebreak": "suit_rank", "target": "9"},
]  # fmt: skip


@pytest.mark.parametrize(
    ("game", "fields"),
    [("schieber", f) for f in SCHIEBER_SETUPS] + [("klammern", f) for f in KLAMMERN_SETUPS],
)
def test_a_match_started_offline_has_the_servers_settings(
    app: Flask, game: str, fields: dict[str, str]
) -> None:
    setup = games.registry()[game].setup
    with app.test_request_context(method="POST", data={**fields, "idem": "k"}):
        form = setup.form(meta={"csrf": False})
        assert form.validate(), form.errors
        settings = setup.settings(form)
        assert setup.check(form, settings)
        assert tablet.setup_settings(game, fields) == settings
        assert tablet.head_of(settings) == scoring.match_record(settings, [])
        assert tablet.start_match(game, fields)["valid"] is True

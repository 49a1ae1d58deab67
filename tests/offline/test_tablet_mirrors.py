"""The tablet builds its records with the server's own pure modules, from what the server
reads otherwise: the raw posted fields (the server judges them with WTForms first), its
kept log as JSON, the match record of no deals. Each pair of readings must agree, or the
tablet would judge another record than the server stores."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest
from flask import Flask
from hypothesis import given
from hypothesis import strategies as st
from wtforms import BooleanField, IntegerField

from scorer import games, scoring
from scorer.games.deal_form import ShapeError
from scorer.offline import tablet
from scorer.store import log
from scorer.store.models import Entry
from scorer.web.card_text import NATURAL

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
    except ShapeError as error:
        return "refused", [error.field]


KINDS = ("", "run3", "run4", "run5", "run9", "four")
#: The form's own fields, not the deal's: the sync's business.
NOT_THE_DEALS = frozenset({"csrf_token", "version", "idem"})
#: Values worth trying for fields whose text the builders read (the others by their type).
POOLS = {
    "weis_values": ("50", "20 50", "100+50", "50,20", " 150 ", "0", "-20", "x", "", "50 50 50 50 50"),
    "weis_best": ("", "", "1", "2", "3"),
    "meld_values": ("20", "50 20", "20+20", "50,20", "0", "x", "", "100", "50 50 50 50 50 50"),
    "meld_best": ("", "", "1", "2", "3", "4"),
}


def form_candidates(app: Flask, settings: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    """Every field of the game's deal form with values to try, read from the form itself:
    a field added to the form later is tried here without anyone listing it."""
    entry = games.of(settings).deal
    with app.test_request_context(method="POST"):
        form = entry.form(meta={"csrf": False})
        entry.prepare(form, settings)
        candidates: dict[str, tuple[str, ...]] = {}
        for field in form:
            if field.name in NOT_THE_DEALS:
                continue
            pool = POOLS.get(field.name) or POOLS.get(field.name.rstrip("0123456789").rstrip("_"))
            if pool is not None:
                candidates[field.name] = pool
            elif isinstance(field, BooleanField):
                candidates[field.name] = ("y", "", "false")
            elif isinstance(field, IntegerField):
                candidates[field.name] = ("0", "57", "157", "", "x")
            elif hasattr(field, "choices"):
                candidates[field.name] = (*(c[0] for c in field.iter_choices()), "?")
            else:
                candidates[field.name] = ("", "H6 H7 H8", "x9", "H6 " * 70)
    return candidates


def with_the_rest(
    rng: random.Random, fields: dict[str, str], candidates: dict[str, tuple[str, ...]]
) -> dict[str, str]:
    """``fields`` and, now and then, a value for a form field they leave out."""
    for name, pool in candidates.items():
        if name not in fields and rng.random() < 0.15:
            fields[name] = rng.choice(pool)
    return fields


def mirrored(
    app: Flask,
    settings: dict[str, Any],
    rng: random.Random,
    rounds: int,
    make: Callable[[random.Random], dict[str, str]],
    servers_own: Callable[[dict[str, Any]], dict[str, Any]] = dict,
) -> int:
    """``rounds`` entries of ``make``'s fields (and now and then another field of the form) read
    by the server's form and by the tablet's builder: both store the same record or both
    refuse. ``servers_own``: the server's record without what only the server adds. The number
    of records."""
    candidates = form_candidates(app, settings)
    records = 0
    for _ in range(rounds):
        fields = with_the_rest(rng, make(rng), candidates)
        server = server_record(app, settings, fields)
        mine = tablet_record(settings, fields)
        assert mine[0] == server[0], (fields, server, mine)
        if server[0] == "record":
            records += 1
            assert mine[1] == servers_own(server[1]), fields
    return records


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
    # The match page's panel: Weis by value per team, and whose counts on a tie (S6.5).
    for team in "12":
        if rng.random() < 0.4:
            fields[f"weis_values_{team}"] = rng.choice(POOLS["weis_values"])
    if rng.random() < 0.4:
        fields["weis_best"] = rng.choice(POOLS["weis_best"])
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


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_schieber_fields_make_the_servers_record(app: Flask, seed: int) -> None:
    mirrored(app, SCHIEBER, random.Random(seed), 80, schieber_fields)


@pytest.mark.slow
@pytest.mark.parametrize("settings", [KLAMMERN, KLAMMERN_3], ids=["four", "three"])
@pytest.mark.parametrize("seed", range(3))
def test_klammern_fields_make_the_servers_record(app: Flask, settings: dict[str, Any], seed: int) -> None:
    mirrored(app, settings, random.Random(seed), 60, lambda rng: klammern_fields(rng, settings["players"]))


@pytest.mark.parametrize("settings", [SCHIEBER, KLAMMERN, KLAMMERN_3], ids=["schieber", "klammern", "three"])
def test_the_random_fields_reach_every_field_of_the_deal_form(app: Flask, settings: dict[str, Any]) -> None:
    rng = random.Random(0)
    candidates = form_candidates(app, settings)
    reached: set[str] = set()
    for _ in range(300):
        if settings["game"] == "schieber":
            fields = schieber_fields(rng)
        else:
            fields = klammern_fields(rng, settings["players"])
        reached |= set(with_the_rest(rng, fields, candidates))
    assert {"weis_values_1", "weis_values_2", "weis_best"} <= set(form_candidates(app, SCHIEBER))
    assert set(candidates) <= reached


def test_weis_by_value_makes_the_servers_record(app: Flask) -> None:
    fields = {"forehand": "2", "contract": "S", "team": "1", "points": "98", "stoeck": "",
              "weis_values_1": "50 20", "weis_values_2": "50", "weis_best": "1"}  # fmt: skip
    server = server_record(app, SCHIEBER, fields)
    assert server[0] == "record"
    assert server[1]["weis_values"] == {"1": [50, 20], "2": [50]} and server[1]["weis_best"] == 1
    assert tablet_record(SCHIEBER, fields) == server
    refused = {**fields, "weis_values_2": "fifty"}
    assert server_record(app, SCHIEBER, refused) == ("refused", ["weis_values_2"])
    assert tablet_record(SCHIEBER, refused) == ("refused", ["weis_values_2"])


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


COIFFEUR_SETUPS = [
    {"grid": "official8", "first_forehand": "1", "name_1": " Uri ", "name_3": "Vreni"},
    {"grid": "ten", "deck": "french", "first_forehand": "3", "team_name_1": "Uri & Vreni", "push": "partner",
     "undenufe_points": "ace11", "guschti_split": "4", "mixed_points": "per_trick", "wunsch_contracts": "any",
     "misere_suits": "yes", "match_value": "257", "match_bonus": "flat", "match_bonus_points": "100",
     "konter": "penalty", "konter_penalty": "500", "rounding": "tens", "opponents_score": "lost"},
    {"grid": "six", "deck": "swiss", "first_forehand": "2", "konter": "award", "konter_award": "300"},
]  # fmt: skip


@pytest.mark.parametrize(
    ("game", "fields"),
    [("schieber", f) for f in SCHIEBER_SETUPS]
    + [("klammern", f) for f in KLAMMERN_SETUPS]
    + [("coiffeur", f) for f in COIFFEUR_SETUPS],
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
        offline = games.registry()[game].offline
        assert offline is not None
        assert offline.records().setup_settings(fields) == settings
        assert tablet.head_of(settings) == scoring.match_record(settings, [])
        started = tablet.start_match(game, fields)
        assert started["valid"] is True
        # Its deal form is the born form of its table, cards and grid, which the server keeps.
        page = started["page"]
        assert page.startswith(f"/offline/born/{game}/{settings['players']}/{settings['deck']}")
        assert app.test_client().get(page).status_code == 200, page


@pytest.mark.parametrize(
    "changed",
    [{"match_value": "100"}, {"konter": "?"}, {"deck": "german"}, {"first_forehand": ""}, {"grid": "eight"},
     {"konter_award": "x"}, {"guschti_split": "5"}],
)  # fmt: skip
def test_a_coiffeur_set_up_the_form_refuses_is_refused_offline(app: Flask, changed: dict[str, str]) -> None:
    fields = {**COIFFEUR_SETUPS[1], **changed}
    setup = games.registry()["coiffeur"].setup
    with app.test_request_context(method="POST", data={**fields, "idem": "k"}):
        assert not setup.form(meta={"csrf": False}).validate()
    assert tablet.start_match("coiffeur", fields)["valid"] is False


def test_a_coiffeur_of_own_rows_is_set_up_with_the_network() -> None:
    started = tablet.start_match("coiffeur", {**COIFFEUR_SETUPS[0], "grid": "custom", "rows": "D×1, H×2"})
    assert started["valid"] is False and started["errors"][0]["field"] == "grid"


COIFFEUR = {"game": "coiffeur", "deck": "swiss", "players": 4, "names": ["A", "B", "C", "D"],
            "options": {"grid": "ten", "wunsch_contracts": "any"}}  # fmt: skip
PASSE = {
    "game": "passe",
    "profile": "tournament",
    "options": {"games_per_passe": 12, "confirm": "none", "contracts": ["slalom"]},
    "deck": "swiss",
    "players": 4,
    "names": ["A", "B", "C", "D"],
}


def coiffeur_fields(rng: random.Random) -> dict[str, str]:
    """A Coiffeur entry as a table taps it, now and then with a value the form does not offer."""

    def pick(good: tuple[str, ...], bad: tuple[str, ...]) -> str:
        return rng.choice(bad if bad and rng.random() < 0.1 else good)

    fields = {
        "kind": pick(("deal", "deal", "deal", "scratch"), ("", "?")),
        "forehand": pick(("1", "2", "3", "4"), ("", "9")),
        "chooser": pick(("1", "2", "3", "4"), ("",)),
        "row": pick(tuple(str(n) for n in range(1, 11)), ("0", "11", "", "x")),
        "result": pick(("points", "points", "points", "match", "konter"), ("", "?")),
        "team": pick(("1", "2"), ("",)),
        "points": pick(("98", "0", "157", "57", "120"), ("", "x", "-3")),
    }
    for name, good, bad in (
        ("pushes", ("", "0", "2", "7"), ("9",)),
        ("contract", ("slalom", "misere", "3x3", "guschti", "obenabe", "H"), ("", "?")),
        ("start", ("obenabe", "undenufe"), ("", "?")),
        ("trump", ("H", "S"), ("", "?")),
        ("mode", ("obenabe", "undenufe", "slalom"), ("H", "?")),
        ("order", ("trump undenufe obenabe", "obenabe undenufe trump"), ("", "?")),
        ("scratch_team", ("1", "2"), ("",)),
        ("reason", ("", "cards shown"), ()),
    ):
        if rng.random() < 0.6:
            fields[name] = pick(good, bad)
    return fields


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_coiffeur_fields_make_the_servers_record(app: Flask, seed: int) -> None:
    records = mirrored(app, COIFFEUR, random.Random(seed), 80, coiffeur_fields)
    assert records > 10  # the fields make records, not only refusals


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2))
def test_passe_fields_make_the_servers_record(app: Flask, seed: int) -> None:

    def passe_fields(rng: random.Random) -> dict[str, str]:
        fields = schieber_fields(rng)
        if rng.random() < 0.3:
            fields["contract"] = rng.choice(("slalom_obenabe", "slalom_undenufe"))
        return fields

    mirrored(app, PASSE, random.Random(seed), 60, passe_fields)


DIFFERENZLER = {"game": "differenzler", "deck": "swiss", "players": 4, "deal_count": 8, "names": ["A", "B", "C", "D"],
                "options": {"form": "hidden", "zero_exact": "needs_zero_trick", "stoeck": "holder_choice",
                            "modes": ["suit", "obenabe", "undenufe"]}}  # fmt: skip
DIFFERENZLER_OPEN_3 = {"game": "differenzler", "deck": "swiss", "players": 3, "deal_count": 8,
                       "names": ["A", "B", "C"], "options": {"form": "open", "stoeck": "counted"}}  # fmt: skip


def differenzler_fields(rng: random.Random) -> dict[str, str]:
    """A Differenzler deal as a table types it: four players' estimates and points (a fourth
    left over at a table of three), now and then a value the form does not offer."""

    def pick(good: tuple[str, ...], bad: tuple[str, ...]) -> str:
        return rng.choice(bad if rng.random() < 0.04 else good)

    fields = {
        "forehand": pick(("1", "2", "3", "4"), ("", "5")),
        "trump": pick(("H", "S", "D", "C", "obenabe", "undenufe"), ("", "?")),
        "stoeck": pick(("", "", "", "2", "4"), ("9",)),
    }
    for seat in "1234":
        fields[f"estimate_{seat}"] = pick(("40", "0", "157", " 57 ", "\u06f4\u06f0", "-3"), ("", "x"))
        fields[f"points_{seat}"] = pick(("40", "37", "0", "157"), ("", "x"))
        if rng.random() < 0.3:
            fields[f"tricks_{seat}"] = pick(("0", "3", ""), ("x",))
        if rng.random() < 0.15:
            fields[f"penalty_{seat}"] = pick(("1", "0", ""), ("x",))
    if rng.random() < 0.1:
        fields["void"] = rng.choice(("y", "false"))
    if rng.random() < 0.3:
        fields["stoeck_counted"] = rng.choice(("y", ""))
    return fields


@pytest.mark.slow
@pytest.mark.parametrize("settings", [DIFFERENZLER, DIFFERENZLER_OPEN_3], ids=["hidden", "open-three"])
def test_differenzler_fields_make_the_servers_record(app: Flask, settings: dict[str, Any]) -> None:
    """The server seals hidden estimates with its own clock (D3.3): the tablet's record is the
    server's without that time, which the server adds when the deal arrives."""

    def unsealed(record: dict[str, Any]) -> dict[str, Any]:
        stated = dict(record)
        sealed = stated.pop("sealed_at", None)
        assert (sealed is not None) == (settings["options"]["form"] == "hidden" and not stated.get("void"))
        return stated

    records = mirrored(app, settings, random.Random(5), 120, differenzler_fields, unsealed)
    assert records > 15, records  # the fields make records, not only refusals

"""Events: a director registers players, draws rounds with the engine's generator, tables enter
their Passen, and the ranking is the engine's (TOURNAMENT.md T3-T8)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

import rules_engine
from scorer.events import state as event_log
from scorer.store import db
from scorer.store.models import AccessGrant, Event, EventEntry, Match
from tests.helpers.events import (
    confirm_game,
    draw,
    evening,
    event_state,
    form_tokens,
    new_event,
    play_passe,
    post_form,
    ranking_of,
    register,
    slots,
    table_url,
)
from tests.helpers.tablet import csrf, english, hidden, post_deal


@pytest.mark.slow
def test_an_event_is_created_with_a_hashed_director_secret(client: FlaskClient, app: Flask) -> None:
    event_id = new_event(client)
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    link = re.search(r"/events/\d+/edit/([A-Za-z0-9_-]+)", page)
    assert link, "the director sees his link"
    with app.app_context():
        event = db.session().get(Event, event_id)
        assert event is not None and event.edit_secret_hash not in page
        assert link.group(1) not in (event.edit_secret_hash or "")
    # Another browser may look, not change.
    other = app.test_client()
    other.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    assert "Register" not in other.get(f"/events/{event_id}").get_data(as_text=True)
    assert other.post(f"/events/{event_id}/draw", data={}).status_code == 403
    # The director's link gives the right on another device.
    assert other.get(f"/events/{event_id}/edit/{link.group(1)}").status_code == 303
    assert "Register" in other.get(f"/events/{event_id}").get_data(as_text=True)
    assert other.get(f"/events/{event_id}/edit/wrong").status_code == 403
    # The sessions hold rights by id, never the secret; a new grant row per browser.
    for browser in (client, other):
        with browser.session_transaction() as session:
            assert link.group(1) not in repr(dict(session))
            assert session["event_edit"][str(event_id)]
    with app.app_context():
        assert db.session().query(AccessGrant).filter_by(event_id=event_id).count() == 2


def test_streich_not_below_passen_is_refused(client: FlaskClient, app: Flask) -> None:
    page = client.get("/events/new").get_data(as_text=True)
    data = {
        "csrf_token": csrf(client, "/events/new"),
        "idem": hidden(page, "idem"),
        "title": "X",
        "passen": "3",
        "games_per_passe": "8",
        "streich": "3",
        "match_value": "157",
    }
    assert client.post("/events/new", data=data).status_code == 422
    with app.app_context():
        assert db.session().scalar(select(func.count()).select_from(Event)) == 0


def test_the_draw_seats_everyone_and_is_stored_never_recomputed(client: FlaskClient, app: Flask) -> None:
    event_id = new_event(client)
    names = [f"Spieler {n}" for n in range(1, 19)]
    register(client, event_id, names[:9] + [f"{names[9]}; JC Tafel; 17"] + names[10:])
    state = event_state(app, event_id)
    assert len(state.registered) == 18
    assert state.players["P10"].club == "JC Tafel" and state.players["P10"].number == "17"
    draw(client, event_id)
    state = event_state(app, event_id)
    (first,) = state.rounds
    # T5.2: 18 players, 4 tables, 2 sit out.
    assert len(first.tables) == 4 and len(first.sitouts) == 2
    seated = sorted(p for t in first.tables for p in t.seats.values())
    assert sorted(seated + first.sitouts) == sorted(p.id for p in state.registered)
    # The stored draw is what the engine proposed for this record and seed.
    with app.app_context():
        event = db.session().get(Event, event_id)
        assert event is not None
        record = event_log.tournament_record(event, event_log.derive([]), lambda _: [])
        record["players"] = [{"id": p.id, "name": p.name} for p in state.registered]
        record["players"][9]["club"], record["players"][9]["number"] = "JC Tafel", "17"
        record["seed"] = event_id * 100 + 1
        proposal = rules_engine.seat_next_round(record)
        assert [t["seats"] for t in proposal["tables"]] == [t.seats for t in first.tables]
        # Each table's Passe is a match of the passe game, sealed with an edit secret.
        matches = db.session().scalars(select(Match).where(Match.game == "passe").order_by(Match.id)).all()
        assert len(matches) == 4 and all(m.edit_secret_hash for m in matches)
        assert matches[0].settings["seats"] == first.tables[0].seats
    # Registering after the first draw makes a late entry, active from the next round on.
    register(client, event_id, ["Zu spät"])
    state = event_state(app, event_id)
    assert (
        len(state.registered) == 19
        and state.players[max(state.players, key=lambda p: state.players[p].seq)].late_from == 2
    )


@pytest.mark.slow
def test_an_evening_with_a_substitute_and_a_correction(client: FlaskClient, app: Flask) -> None:
    event_id = new_event(client)
    register(client, event_id, [f"Spieler {n}" for n in range(1, 19)])
    values = [98, 45, 121, 67, 88, 30, 104, 62]  # team 1's points; each game totals 157
    for number in range(1, 4):
        if number == 2:
            # Player P3 withdraws after round 1; a substitute takes his place (T8.1).
            response = post_form(client, event_id, "withdraw", {"player": "P3", "substitute": "Ersatz"})
            assert response.status_code == 303
        draw(client, event_id)
        state = event_state(app, event_id)
        for table in state.rounds[-1].tables:
            play_passe(client, table.match_id, values)
    state = event_state(app, event_id)
    substitute = state.replaced("P3")
    assert substitute is not None and substitute.from_round == 2
    for later in state.rounds[1:]:
        seated = {p for t in later.tables for p in t.seats.values()}
        assert "P3" not in seated and (substitute.id in seated or substitute.id in later.sitouts)
    # A corrected game: a new version in the table's log, the ranking follows it.
    match_id = state.rounds[2].tables[0].match_id
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    slot = re.findall(r"/deals/(\d+)/correct", page)[0]
    url = f"/matches/{match_id}/deals/{slot}/correct"
    assert (
        post_deal(
            client, match_id, {"forehand": 1, "contract": "H", "team": 1, "points": 100}, url=url
        ).status_code
        == 303
    )
    ranking = client.get(f"/events/{event_id}/ranking").get_data(as_text=True)
    with app.app_context():
        event = db.session().get(Event, event_id)
        assert event is not None
        from scorer.events.views import ranking as rank

        answer = rank(event, event_log.derive(event.entries))
    assert answer["valid"] is True, answer["errors"]
    assert answer["rounds_complete"] == [True, True, True]
    entries = {e["id"]: e for e in answer["ranking"]}
    # T3.6: team 1 of every table scored 615 (8 games), team 2 641; the corrected table 617 : 639.
    team1_total, team2_total = sum(values), 8 * 157 - sum(values)
    assert {team1_total, team2_total, team1_total + 2, team2_total - 2} >= {
        p for e in entries.values() for p in e["passen"] if p is not None and p not in (0, 628)
    }
    # T8.2: the replaced player's rounds with the substitute score 0 for him.
    assert entries["P3"]["passen"][1:] == [0, 0]
    # T5.5: a sit-out scores half the control sum, 8 × 157 / 2 = 628.
    assert any(628 in e["passen"] for e in entries.values())
    top = answer["ranking"][0]
    assert f">{state.name(top['id'])}<" in ranking
    # The player's page shows his Passen and a chart of his course.
    player = client.get(f"/events/{event_id}/players/{top['id']}").get_data(as_text=True)
    assert "<svg" in player and "<polyline" in player
    with app.app_context():
        kinds = [e.kind for e in db.session().scalars(select(EventEntry).order_by(EventEntry.seq))]
    assert kinds.count("round") == 3 and kinds.count("substitute") == 1


def test_freeze_holds_back_the_standings(client: FlaskClient, app: Flask) -> None:
    event_id = new_event(client, passen="2", games_per_passe="1")
    register(client, event_id, list("ABCD"))
    draw(client, event_id)
    state = event_state(app, event_id)
    play_passe(client, state.rounds[0].tables[0].match_id, [100])
    response = post_form(client, event_id, "freeze", {"frozen": "y"})
    assert response.status_code == 303
    draw(client, event_id)
    state = event_state(app, event_id)
    assert state.frozen
    play_passe(client, state.rounds[1].tables[0].match_id, [90])
    # The public's projector holds the standings back; the director's shows them live.
    reader = english(app, "192.0.2.77")
    page = reader.get(f"/events/{event_id}/ranking").get_data(as_text=True)
    assert "held back" in page and ">190<" not in page and ">100<" in page
    part = reader.get(f"/events/{event_id}/ranking?part=table").get_data(as_text=True)
    assert "<table" in part and "<html" not in part and ">190<" not in part
    live = client.get(f"/events/{event_id}/ranking").get_data(as_text=True)
    assert "the public sees them held back" in live and ">190<" in live


@pytest.mark.slow
def test_every_printout_in_every_language(client: FlaskClient, app: Flask) -> None:
    import io

    from pypdf import PdfReader

    event_id = new_event(client, passen="2", games_per_passe="2")
    register(client, event_id, ["Anna; JC Tafel; 7", "Beat", "Cla", "Dora", "Erich"])
    draw(client, event_id)
    state = event_state(app, event_id)
    (table,) = state.rounds[0].tables
    play_passe(client, table.match_id, [98, 45])
    for lang in ("de_CH", "fr_CH", "it_CH", "en", "sv", "fa"):
        for kind in ("tables", "pads", "standblatt", "ranking"):
            response = client.get(f"/events/{event_id}/print/{kind}.pdf?lang={lang}")
            assert response.status_code == 200, (lang, kind)
            assert response.mimetype == "application/pdf"
            reader = PdfReader(io.BytesIO(response.data))
            text = "".join(page.extract_text() for page in reader.pages)
            if kind == "standblatt":
                assert len(reader.pages) == 5  # one Standblatt per player (T1.4)
            if kind == "pads" and lang == "en":
                # The Jasszettel: both games, the totals 143 : 171, the control sum 314 (T3.5).
                assert "143" in text and "171" in text and "314" in text
            if kind == "tables" and lang == "en":
                assert "Table 1" in text and f"/matches/{table.match_id}/edit/" in text
    # The table cards carry the tables' edit links: only the director gets them.
    other = app.test_client()
    assert other.get(f"/events/{event_id}/print/tables.pdf").status_code == 403
    assert other.get(f"/events/{event_id}/print/ranking.pdf").status_code == 200
    assert client.get(f"/events/{event_id}/print/nothing.pdf").status_code == 404


@pytest.mark.slow
def test_a_partnerschieber_ranks_pairs(client: FlaskClient, app: Flask) -> None:
    event_id = new_event(client, format="partner", passen="2", games_per_passe="2")
    pairs = ["Anna / Beat", "Cla / Dora", "Erich; JC Tafel / Fränzi", "Gian / Heidi", "Ida / Jon"]
    register(client, event_id, pairs)
    state = event_state(app, event_id)
    assert len(state.pairs) == 5 and len(state.registered) == 10
    # A line without a partner is refused in the Partnerschieber (T4.2).
    response = post_form(client, event_id, "players", {"players": "Solo"})
    assert response.status_code == 303
    assert len(event_state(app, event_id).pairs) == 5
    post_form(client, event_id, "withdraw", {"player": "P2b", "substitute": "Ersatz"})
    draw(client, event_id)
    state = event_state(app, event_id)
    (first,) = state.rounds
    # T5.2: 5 pairs, 2 tables, one pair sits out; the first pair in seats 1 and 3.
    assert len(first.tables) == 2 and len(first.sitouts) == 1 and first.sitouts[0] in state.pairs
    for table in first.tables:
        assert table.pairs is not None
        a, c = state.pairs[table.pairs[0]]
        assert (state.seated(a, 1), state.seated(c, 1)) == (table.seats["1"], table.seats["3"])
        play_passe(client, table.match_id, [98, 100])
    with app.app_context():
        event = db.session().get(Event, event_id)
        assert event is not None
        from scorer.events.views import ranking as rank

        answer = rank(event, event_log.derive(event.entries))
    assert answer["valid"], answer["errors"]
    ranked = {e["id"]: e for e in answer["ranking"]}
    assert set(ranked) == set(state.pairs)
    # T3.6: team 1 scored 198 of 314 at each table; the sit-out pair half the control sum (T5.5).
    assert sorted(e["passen"][0] for e in ranked.values()) == [116, 116, 157, 198, 198]
    page = client.get(f"/events/{event_id}/ranking").get_data(as_text=True)
    assert "Anna &amp; Beat" in page or "Anna & Beat" in page
    pair_page = client.get(f"/events/{event_id}/players/{answer['ranking'][0]['id']}")
    assert pair_page.status_code == 200 and "<svg" in pair_page.get_data(as_text=True)
    assert client.get(f"/events/{event_id}/print/standblatt.pdf").status_code == 200


def test_a_player_correction_adds_a_version(client: FlaskClient, app: Flask) -> None:
    event_id = new_event(client)
    register(client, event_id, ["Ana; JC; 1", "Beat"])
    page = client.get(f"/events/{event_id}/players/P1").get_data(as_text=True)
    action = f"/events/{event_id}/players/P1/correct"
    data = form_tokens(page, action)
    response = client.post(action, data={**data, "name": "Anna", "club": "JC Tafel", "number": "1"})
    assert response.status_code == 303
    state = event_state(app, event_id)
    assert state.players["P1"].name == "Anna" and state.players["P1"].versions == 2
    with app.app_context():
        entries = db.session().scalars(select(EventEntry).order_by(EventEntry.seq)).all()
    # Nothing overwritten: the first version is still in the log.
    assert [(e.kind, (e.record or {}).get("name")) for e in entries] == [
        ("player", "Ana"),
        ("player", "Beat"),
        ("correction", "Anna"),
    ]
    # A stranger may not correct.
    other = app.test_client()
    assert other.post(action, data={**data, "name": "X"}).status_code == 403


def test_a_stale_or_garbage_version_saves_nothing(client: FlaskClient, app: Flask) -> None:
    event_id = new_event(client)
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    data = form_tokens(page, f"/events/{event_id}/players")
    for version in ("v", "-1", "99999999999999999999", "7"):
        response = client.post(
            f"/events/{event_id}/players", data={**data, "version": version, "players": "X"}
        )
        assert response.status_code == 303
    assert event_state(app, event_id).players == {}
    follow = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "changed meanwhile" in follow


def test_players_sharing_a_rank_are_listed_in_the_order_they_registered(
    client: FlaskClient, app: Flask
) -> None:
    """T7.3, T7.5: every table's Passe alike, so each team side's six players share one total and,
    with nothing to split them, one rank. The engine lists them by id, which compares as text (an
    id of ten and more before one of two); the pages list them as they were registered."""
    event_id = new_event(client, games_per_passe=2, passen=1)
    register(client, event_id, [f"Spieler {n}" for n in range(1, 13)])
    draw(client, event_id)
    for table in event_state(app, event_id).rounds[0].tables:
        play_passe(client, table.match_id, [100, 100])
    rows = ranking_of(client, event_id)
    numbers = [int(re.search(r"Spieler (\d+)", " ".join(row)).group(1)) for row in rows]  # type: ignore[union-attr]
    ranks = [row[0] for row in rows]
    assert len(numbers) == 12 and len(set(ranks[:6])) == 1 and len(set(ranks[6:])) == 1, rows
    assert numbers[:6] == sorted(numbers[:6]) and numbers[6:] == sorted(numbers[6:]), rows


def test_a_player_pasted_twice_registers_nobody_and_is_named(client: FlaskClient, app: Flask) -> None:
    event_id = new_event(client)
    pasted = ["Anna; Bern", "Beat", "Cla", "anna; bern"]
    response = post_form(client, event_id, "players", {"players": "\n".join(pasted)})
    assert response.status_code == 303
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "Nobody was registered: Anna would be registered twice." in page
    assert event_state(app, event_id).players == {}
    # Two people of one name, told apart by their clubs, are two players.
    register(client, event_id, ["Anna; Bern", "Anna; Basel", "Beat"])
    assert [p.name for p in event_state(app, event_id).registered] == ["Anna", "Anna", "Beat"]
    # One already registered, pasted again (a one-letter name too).
    register(client, event_id, ["C"])
    post_form(client, event_id, "players", {"players": "C"})
    assert "Nobody was registered: C would be registered twice." in client.get(
        f"/events/{event_id}"
    ).get_data(as_text=True)
    post_form(client, event_id, "players", {"players": "Dora\nbeat"})
    assert "Nobody was registered: Beat would be registered twice." in client.get(
        f"/events/{event_id}"
    ).get_data(as_text=True)
    assert len(event_state(app, event_id).registered) == 4


def test_a_tables_confirmation_meanwhile_does_not_refuse_the_directors_action(
    client: FlaskClient, app: Flask
) -> None:
    """T6.2: the tables confirm their games while the director's page is open. What a table adds
    changes nothing the director's form was filled in against: the hold-back is stored. A change
    of the director's own meanwhile (another tab released the standings) still refuses it."""
    event_id, (match_id,) = evening(client, app, "per_game", games=2)
    play_passe(client, match_id, [100, 80])
    shown = client.get(f"/events/{event_id}").get_data(as_text=True)
    freeze = form_tokens(shown, f"/events/{event_id}/freeze")
    slot, version = slots(client.get(table_url(event_id, match_id)).get_data(as_text=True))[0]
    for team in (1, 2):
        assert confirm_game(client, event_id, match_id, slot, version, team).status_code == 303
    assert client.post(f"/events/{event_id}/freeze", data={**freeze, "frozen": "y"}).status_code == 303
    assert event_state(app, event_id).frozen
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "The standings are held back: the public sees them as they stand now." in page
    assert "changed meanwhile" not in page

    # The director's two tabs, both at one version: the first releases the standings, the
    # second, holding them back again, was filled in against what the first changed.
    tokens = form_tokens(
        client.get(f"/events/{event_id}").get_data(as_text=True), f"/events/{event_id}/freeze"
    )
    tokens.pop("frozen", None)
    assert client.post(f"/events/{event_id}/freeze", data=tokens).status_code == 303
    assert not event_state(app, event_id).frozen
    client.post(f"/events/{event_id}/freeze", data={**tokens, "idem": "the-other-tab", "frozen": "y"})
    assert not event_state(app, event_id).frozen
    assert "changed meanwhile" in client.get(f"/events/{event_id}").get_data(as_text=True)


def test_a_draw_asks_first_and_a_table_confirming_meanwhile_does_not_stop_it(
    client: FlaskClient, app: Flask
) -> None:
    """A drawn round stays (its tables open at once), so the draw asks for one more tap; what a
    table confirms while the director's page is open does not refuse it (T6.2)."""
    event_id = new_event(client, passen=2, games_per_passe=1, confirm="per_game")
    register(client, event_id, list("ABCD"))
    shown = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert 'name="confirmed"' in shown
    response = post_form(client, event_id, "draw", {})
    assert response.status_code == 303 and event_state(app, event_id).rounds == []
    assert "Nothing was drawn: tick \u201cYes, draw it now\u201d to draw round 1." in client.get(
        f"/events/{event_id}"
    ).get_data(as_text=True)
    draw(client, event_id)
    (table,) = event_state(app, event_id).rounds[0].tables
    play_passe(client, table.match_id, [100])
    tokens = form_tokens(client.get(f"/events/{event_id}").get_data(as_text=True), f"/events/{event_id}/draw")
    slot, version = slots(client.get(table_url(event_id, table.match_id)).get_data(as_text=True))[0]
    assert confirm_game(client, event_id, table.match_id, slot, version, 1).status_code == 303
    assert client.post(f"/events/{event_id}/draw", data={**tokens, "confirmed": "y"}).status_code == 303
    assert len(event_state(app, event_id).rounds) == 2


def stored_options(app: Flask, event_id: int) -> dict[str, Any]:
    """The options an event stored from its new-event form."""
    with app.app_context():
        event = db.session().get(Event, event_id)
        assert event is not None
        return dict(event.settings["options"])


def test_the_ranking_options_are_on_the_new_event_form(client: FlaskClient, app: Flask) -> None:
    """TOURNAMENT.md's options table: the sit-out score (T5.5), the tie-break order (T7.3), a
    substitute's Passen (T8.2) and a late arrival's rounds (T8.4) are the director's to choose;
    the defaults are stored as no option at all."""
    page = client.get("/events/new").get_data(as_text=True)
    for name in (
        "sitout_score",
        "sitout_points",
        "sitout_from",
        "tiebreak",
        "substitute_scores",
        "late_entry",
    ):
        assert f'name="{name}"' in page, name
    event_id = new_event(
        client,
        sitout_score="fixed",
        sitout_points="1000",
        tiebreak="last_passe shared",
        substitute_scores="original",
        late_entry="sitout_score",
    )
    options = stored_options(app, event_id)
    assert {
        k: options[k]
        for k in ("sitout_score", "sitout_points", "tiebreak", "substitute_scores", "late_entry")
    } == {
        "sitout_score": "fixed",
        "sitout_points": 1000,
        "tiebreak": ["last_passe", "shared"],
        "substitute_scores": "original",
        "late_entry": "sitout_score",
    }
    plain = new_event(client)
    stored = stored_options(app, plain)
    assert not {"sitout_score", "tiebreak", "substitute_scores", "late_entry"} & set(stored)
    # When a round sat out counts: the form proposes its round's end; the rule file's reading
    # (from the draw, T7.5) is the engine's default and stored as no option.
    assert stored["sitout_from"] == "round_complete"
    at_draw = stored_options(app, new_event(client, sitout_from="seated"))
    assert "sitout_from" not in at_draw
    # T9: a fixed sit-out score needs its points; the form says so at that field.
    data = {
        "csrf_token": csrf(client, "/events/new"),
        "idem": hidden(client.get("/events/new").get_data(as_text=True), "idem"),
        "title": "Clubabend",
        "game": "schieber",
        "passen": "3",
        "games_per_passe": "8",
        "streich": "0",
        "match_value": "157",
        "confirm": "none",
        "sitout_score": "fixed",
    }
    response = client.post("/events/new", data=data)
    assert response.status_code == 422
    text = response.get_data(as_text=True)
    field = text[text.index('name="sitout_points"') - 600 : text.index('name="sitout_points"') + 400]
    assert "Enter the points a round sat out scores (T5.5)." in field
    # In the reader's language, not the engine's English: 3 struck of 3 Passen (T7.2).
    data.update(sitout_score="half_control", streich="3", csrf_token=csrf(client, "/events/new"))
    data["idem"] = hidden(client.get("/events/new").get_data(as_text=True), "idem")
    german = client.post("/events/new", data=data, headers={"Accept-Language": "de-CH"})
    assert german.status_code == 422
    text = german.get_data(as_text=True)
    field = text[text.index('name="streich"') - 600 : text.index('name="streich"') + 400]
    assert "Streicht weniger Passen, als der Anlass hat (T7.2)." in field and "options.streich" not in text


def test_a_draw_the_engine_refuses_names_the_field_and_rule_in_the_readers_language(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record the seating generator refuses (T9) is told in the page's language with the field
    and the rule, never as the engine's English sentence; nothing is drawn."""
    import dataclasses

    from rules_engine.errors import InvalidRecord
    from scorer.events import formats, views

    event_id = new_event(client, passen=2, games_per_passe=1)
    register(client, event_id, list("ABCD"))
    real = formats.of

    def refusing(settings: Any) -> Any:
        def seat(record: Any) -> Any:
            raise InvalidRecord(
                "tournament.players[1].id: 'P1' is registered twice (T4.1)", where="players[1].id"
            )

        return dataclasses.replace(real(settings), seat=seat)

    monkeypatch.setattr(views.formats, "of", refusing)
    response = post_form(client, event_id, "draw", {"confirmed": "y"})
    assert response.status_code == 303 and event_state(app, event_id).rounds == []
    page = html.unescape(client.get(f"/events/{event_id}").get_data(as_text=True))
    assert "The round cannot be drawn: the rules refuse the event's record at players[1].id (T4.1)." in page
    assert "registered twice" not in page


def test_the_games_rules_are_on_the_new_event_form_and_reach_every_table(
    client: FlaskClient, app: Flask
) -> None:
    """TOURNAMENT.md's options table: Weis and Stöck (T2.1), Undenufe's card points (T2.3), the
    forehand's rotation (T3.3) and a pair's substitute (T8.3) are the director's to choose, the
    defaults stored as no option; a table's Passe plays by the event's choice (its panel asks
    for the Weis and the Stöck)."""
    page = client.get("/events/new").get_data(as_text=True)
    for name in ("weis", "stoeck", "undenufe_points", "rotation", "pair_substitute"):
        assert f'name="{name}"' in page, name
    plain = new_event(client)
    stored = stored_options(app, plain)
    assert not {"weis", "stoeck", "undenufe_points", "rotation", "pair_substitute"} & set(stored)
    event_id = new_event(
        client,
        weis="yes",
        stoeck="yes",
        undenufe_points="ace11",
        rotation="strict",
        pair_substitute="excluded",
    )
    options = stored_options(app, event_id)
    assert {k: options[k] for k in ("weis", "stoeck", "undenufe_points", "rotation", "pair_substitute")} == {
        "weis": True,
        "stoeck": True,
        "undenufe_points": "ace11",
        "rotation": "strict",
        "pair_substitute": "excluded",
    }
    register(client, event_id, list("ABCD"))
    draw(client, event_id)
    (table,) = event_state(app, event_id).rounds[0].tables
    with app.app_context():
        match = db.session().get(Match, table.match_id)
        assert match is not None
        table_options = match.settings["options"]
    assert {k: table_options.get(k) for k in ("weis", "stoeck", "undenufe_points", "rotation")} == {
        "weis": True,
        "stoeck": True,
        "undenufe_points": "ace11",
        "rotation": "strict",
    }
    screen = client.get(f"/matches/{table.match_id}").get_data(as_text=True)
    assert 'name="stoeck"' in screen and 'name="weis_values_1"' in screen

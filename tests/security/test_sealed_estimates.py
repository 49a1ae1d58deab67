"""Hidden Differenzler estimates stay sealed (D3.3): no answer carries a sealed estimate before its
deal is entered, whoever asks and wherever; each seat's own link seals that seat's estimate and
nothing else, from the first phone that opened it; once the deal is entered its estimates are
locked.

The estimates sealed here (143, 137, 129) are numbers no page of a fresh match shows otherwise.
"""

from __future__ import annotations

import io
import json
import re
import sqlite3
import stat
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from scorer.store import backup as backups
from scorer.store import db, log
from scorer.store.models import Entry, Match
from tests.helpers.differenzler import new_differenzler, new_differenzler_event, seal, seat_links, seat_phone
from tests.helpers.events import draw, event_state, register
from tests.helpers.tablet import csrf, hidden, post_deal, undo

SEALED = {1: 143, 2: 137, 3: 129}
MADE = [43, 0, 65, 49]


def shows_a_sealed_value(text: str) -> list[int]:
    return [value for value in SEALED.values() if re.search(rf"(?<![\w.#-]){value}(?![\w.%-])", text)]


def page_text(html: str) -> str:
    """What a page says and its attribute values (a value in a field is shown too)."""
    return re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)


def stored_estimates(app: Flask, match_id: int) -> list[dict[str, Any]]:
    with app.app_context():
        rows = db.session().query(Entry).filter_by(match_id=match_id, kind="estimate").order_by(Entry.seq)
        return [dict(row.record or {}) for row in rows]


def sealed_table(app: Flask, client: FlaskClient) -> tuple[int, dict[int, FlaskClient]]:
    """A Partie whose seats 1–3 sealed their estimates from their own phones."""
    match_id = new_differenzler(client)
    links = seat_links(client, match_id)
    phones = {seat: seat_phone(app, links[seat]) for seat in SEALED}
    for seat, value in SEALED.items():
        assert seal(phones[seat], match_id, seat, value).status_code == 303
    assert len(stored_estimates(app, match_id)) == 3
    return match_id, phones


def enter_deal(client: FlaskClient, match_id: int) -> Any:
    fields: dict[str, Any] = {"forehand": 1, "trump": "C", "estimate_4": 50}
    fields.update({f"points_{n}": points for n, points in enumerate(MADE, start=1)})
    return post_deal(client, match_id, fields)


# --- nothing leaves the server ---------------------------------------------------------------------


def test_the_offline_state_names_sealed_entries_but_never_their_values(
    app: Flask, client: FlaskClient
) -> None:
    match_id, _phones = sealed_table(app, client)
    for reader in (app.test_client(), client):
        response = reader.get(f"/offline/matches/{match_id}/state.json")
        assert response.status_code == 200
        body = response.get_json()
        sealed = [e for e in body["entries"] if e["kind"] == "estimate"]
        assert len(sealed) == 3 and all(e["record"] is None for e in sealed)
        assert not shows_a_sealed_value(json.dumps(body["entries"]))
        # The tablet's log counts them as versions all the same.
        assert body["version"] == max(e["seq"] for e in body["entries"])


def test_no_page_of_the_match_shows_a_sealed_estimate(app: Flask, client: FlaskClient) -> None:
    match_id, phones = sealed_table(app, client)
    spectator = app.test_client()
    pages = [
        (spectator, f"/matches/{match_id}"),
        (spectator, f"/matches/{match_id}?view=board"),
        (spectator, f"/matches/{match_id}/export.json"),
        (client, f"/matches/{match_id}"),
        (client, f"/matches/{match_id}/estimate"),
        (client, f"/matches/{match_id}/deals/new"),
        (client, f"/matches/{match_id}/export.json"),
        (phones[1], f"/matches/{match_id}/estimate/1"),
        (phones[2], f"/matches/{match_id}"),
    ]
    for reader, url in pages:
        response = reader.get(url, headers={"Accept-Language": "en"})
        assert response.status_code == 200, url
        assert not shows_a_sealed_value(page_text(response.get_data(as_text=True))), url
    sheet = spectator.get(f"/matches/{match_id}/scoresheet.pdf")
    if sheet.status_code == 200:
        text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(sheet.data)).pages)
        assert not shows_a_sealed_value(text)


def backed_up_estimates(copy: Path, kind: str, match_id: int) -> list[dict[str, Any]]:
    """The sealed estimates a backup file holds for ``match_id``."""
    if kind == "json":
        document = json.loads(copy.read_text(encoding="utf-8"))
        (match,) = [m for m in document["matches"] if m["id"] == match_id]
        return [e["record"] for e in match["entries"] if e["kind"] == "estimate"]
    with sqlite3.connect(copy) as connection:
        rows = connection.execute(
            "SELECT record FROM entry WHERE match_id = ? AND kind = 'estimate' ORDER BY seq", (match_id,)
        ).fetchall()
    return [json.loads(record) for (record,) in rows]


def test_the_backup_keeps_the_seals_for_the_operator_alone(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    """The backup is the operator's copy of the database, made on the server by ``tafel backup``:
    a restore must give back the estimates sealed before it (D3.3), so it keeps them, and it is
    never served: no route answers with it, and its file is readable by its owner alone."""
    match_id, _phones = sealed_table(app, client)
    copy = tmp_path / "tafel.backup"
    kind = backups.backup(app.config["DATABASE_URL"], copy)
    assert sorted(r["estimate"] for r in backed_up_estimates(copy, kind, match_id)) == sorted(SEALED.values())
    assert stat.S_IMODE(copy.stat().st_mode) & 0o077 == 0, oct(copy.stat().st_mode)
    for rule in app.url_map.iter_rules():
        view = app.view_functions[rule.endpoint]
        assert view.__module__ not in (backups.__name__, "scorer.cli"), rule.rule
        assert "backup" not in rule.rule and "export-all" not in rule.rule, rule.rule
    for guess in ("/backup", "/admin/backup", "/export-all", "/tafel.backup", "/static/tafel.backup"):
        assert app.test_client().get(guess).status_code == 404, guess


def test_the_seat_links_are_the_table_tablets_alone(app: Flask, client: FlaskClient) -> None:
    match_id = new_differenzler(client)
    spectator = app.test_client()
    page = spectator.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "/seat/" not in page and "seat-link" not in page
    assert spectator.get(f"/matches/{match_id}/qr/seat-1.svg").status_code == 403
    assert client.get(f"/matches/{match_id}/qr/seat-1.svg").headers["Cache-Control"] == "no-store"
    # The pages that carry the seats' links, or a seat's form, are kept by no cache.
    for url in (f"/matches/{match_id}", f"/matches/{match_id}/estimate"):
        assert client.get(url).headers["Cache-Control"] == "private, no-store", url
    # A seat's right is no right to the table, nor to another seat's code.
    phone = seat_phone(app, seat_links(client, match_id)[1])
    assert phone.get(f"/matches/{match_id}/qr/seat-2.svg").status_code == 403
    assert phone.get(f"/matches/{match_id}/deals/new").status_code == 403
    assert "seat-link" not in phone.get(f"/matches/{match_id}").get_data(as_text=True)
    assert phone.get(f"/matches/{match_id}/estimate/1").headers["Cache-Control"] == "private, no-store"


def test_no_event_surface_shows_a_sealed_estimate(app: Flask, client: FlaskClient) -> None:
    event_id = new_differenzler_event(client)
    register(client, event_id, ["Anna", "Beat", "Cla", "Doris"])
    draw(client, event_id)
    match_id = event_state(app, event_id).rounds[0].tables[0].match_id
    links = seat_links(client, match_id)  # the director's device is a tablet of every table
    for seat, value in SEALED.items():
        assert seal(seat_phone(app, links[seat]), match_id, seat, value).status_code == 303
    spectator = app.test_client()
    texts = []
    for reader in (spectator, client):
        for url in (
            f"/events/{event_id}",
            f"/events/{event_id}/ranking",
            f"/events/{event_id}/results",
            f"/events/{event_id}/tables/{match_id}",
            f"/events/{event_id}/export/ranking.csv",
            f"/events/{event_id}/export/standblatt.csv",
            f"/matches/{match_id}",
            f"/offline/matches/{match_id}/state.json",
        ):
            response = reader.get(url)
            if response.status_code == 200:
                texts.append((url, page_text(response.get_data(as_text=True))))
        for kind in ("pads", "standblatt", "ranking"):
            response = reader.get(f"/events/{event_id}/print/{kind}.pdf")
            if response.status_code == 200:
                text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(response.data)).pages)
                texts.append((kind, text))
    exported = client.get(f"/events/{event_id}/export.json")
    assert exported.status_code == 200
    texts.append(("export.json", exported.get_data(as_text=True)))
    record = exported.get_json()["matches"][str(match_id)]
    assert [e["record"] for e in record["entries"] if e["kind"] == "estimate"] == [None, None, None]
    assert len(texts) > 10
    for where, text in texts:
        assert not shows_a_sealed_value(text), where


# --- only the seat's own link seals, and only that seat ---------------------------------------------------


def test_the_tables_link_seals_no_estimate(app: Flask, client: FlaskClient) -> None:
    match_id = new_differenzler(client)
    url = f"/matches/{match_id}/estimate"
    token = csrf(client, f"/matches/{match_id}/deals/new")  # the table's own, valid token
    data = {"csrf_token": token, "seat": "2", "estimate": "40", "deal": "1"}
    assert client.post(url, data=data).status_code == 403
    assert client.get(f"{url}/2").status_code == 403
    data = {"csrf_token": token, "estimate": "40", "deal": "1", "idem": "k"}
    assert client.post(f"{url}/2", data=data).status_code == 403
    assert stored_estimates(app, match_id) == []


def test_a_seats_link_seals_that_seat_alone(app: Flask, client: FlaskClient) -> None:
    match_id = new_differenzler(client)
    links = seat_links(client, match_id)
    phone = seat_phone(app, links[1])
    assert seal(phone, match_id, 1, 40).status_code == 303
    # One phone, one player: seat 1's phone may not take seat 2 by its link.
    assert phone.get(links[2]).status_code == 403
    # The table shows no code for a seat a phone holds, only that it is held.
    assert sorted(seat_links(client, match_id)) == [2, 3, 4]
    assert "Another phone holds this seat." in client.get(f"/matches/{match_id}").get_data(as_text=True)
    # Seat 1's phone tries seat 2's page, and seat 2's page with its own form.
    assert phone.get(f"/matches/{match_id}/estimate/2").status_code == 403
    token = csrf(phone, f"/matches/{match_id}/estimate/1")
    data = {"csrf_token": token, "estimate": "157", "deal": "1", "idem": "other-seat"}
    assert phone.post(f"/matches/{match_id}/estimate/2", data=data).status_code == 403
    # A form field naming another seat changes nothing: the seat is the link's.
    assert seal(phone, match_id, 1, 41, {"seat": "2"}).status_code == 303
    assert [(r["seat"], r["estimate"]) for r in stored_estimates(app, match_id)] == [(1, 40), (1, 41)]


def test_a_seat_is_held_by_the_first_phone_that_opens_its_link(app: Flask, client: FlaskClient) -> None:
    match_id = new_differenzler(client)
    link = seat_links(client, match_id)[2]
    owner = seat_phone(app, link)
    assert seal(owner, match_id, 2, 60).status_code == 303
    neighbour = app.test_client()
    assert neighbour.get(link).status_code == 403  # scanned from the table's screen
    assert neighbour.get(f"/matches/{match_id}/estimate/2").status_code == 403
    assert seal(owner, match_id, 2, 61).status_code == 303
    # The table frees the seat (a phone lost its cookie): the next phone holds it, the first no more.
    page = client.get(f"/matches/{match_id}/estimate").get_data(as_text=True)
    free = f"/matches/{match_id}/seat/2/free"
    assert free in page
    assert client.post(free, data={"csrf_token": hidden(page, "csrf_token")}).status_code == 303
    assert app.test_client().post(free, data={}).status_code in (400, 403)
    assert neighbour.get(link).status_code == 303
    assert owner.get(f"/matches/{match_id}/estimate/2").status_code == 403
    assert seal(neighbour, match_id, 2, 62).status_code == 303
    assert [r["estimate"] for r in stored_estimates(app, match_id)] == [60, 61, 62]


def test_a_wrong_seat_secret_is_a_counted_guess(app: Flask, client: FlaskClient) -> None:
    match_id = new_differenzler(client)
    link = seat_links(client, match_id)[1]
    guesser = app.test_client()
    assert guesser.get(link[:-3] + "xyz").status_code == 403
    assert guesser.get(link.replace("/seat/1/", "/seat/2/")).status_code == 403
    assert guesser.get(link.replace("/seat/1/", "/seat/9/")).status_code == 404
    assert guesser.get(f"/matches/{match_id}/estimate/1").status_code == 403


def test_a_new_edit_link_ends_the_seat_links(app: Flask, client: FlaskClient) -> None:
    from scorer.access import rights

    match_id = new_differenzler(client)
    link = seat_links(client, match_id)[1]
    phone = seat_phone(app, link)
    with app.test_request_context():
        rights.issue_secret(match_id)
    assert phone.get(f"/matches/{match_id}/estimate/1").status_code == 403
    assert app.test_client().get(link).status_code == 403


# --- the happy path, and the lock once the deal is entered ------------------------------------------------


def test_sealed_resealed_entered_then_locked(app: Flask, client: FlaskClient) -> None:
    match_id, phones = sealed_table(app, client)
    assert seal(phones[1], match_id, 1, 40).status_code == 303  # seat 1 changes his mind before play
    page = phones[1].get(f"/matches/{match_id}/estimate/1").get_data(as_text=True)
    stale = {
        "csrf_token": hidden(page, "csrf_token"),
        "idem": hidden(page, "idem"),
        "deal": hidden(page, "deal"),
        "estimate": "99",
    }
    assert stale["deal"] == "1"
    assert enter_deal(client, match_id).status_code == 303
    record = client.get(f"/matches/{match_id}/export.json").get_json()["deals"][0]
    assert record["estimates"] == [40, 137, 129, 50]  # revealed with the deal (D3.3)
    # The page left open before the deal was entered: locked, and the phone is told so.
    response = phones[1].post(f"/matches/{match_id}/estimate/1", data=stale)
    assert response.status_code == 409
    assert "Deal 1 is entered: its estimates are locked (D3.3)" in response.get_data(as_text=True)
    replayed = dict(stale, estimate="40")
    assert phones[1].post(f"/matches/{match_id}/estimate/1", data=replayed).status_code == 409
    after = client.get(f"/matches/{match_id}/export.json").get_json()["deals"][0]
    assert after["estimates"] == [40, 137, 129, 50]
    assert [r["deal"] for r in stored_estimates(app, match_id)] == [1, 1, 1, 1]
    # The next deal's estimates are sealed afresh, and stay hidden in their turn.
    assert seal(phones[2], match_id, 2, 151).status_code == 303
    body = app.test_client().get(f"/offline/matches/{match_id}/state.json").get_data(as_text=True)
    assert "151" not in body


def test_an_undone_deal_keeps_its_estimates_locked(app: Flask, client: FlaskClient) -> None:
    """Undoing the deal shows the estimates no more, but everyone has seen them: a player may not
    now change his for the deal entered again (D3.3)."""
    match_id, phones = sealed_table(app, client)
    assert enter_deal(client, match_id).status_code == 303
    assert undo(client, match_id).status_code == 200
    assert client.get(f"/matches/{match_id}/export.json").get_json()["deals"] == []
    response = seal(phones[1], match_id, 1, 99)
    assert response.status_code == 409
    assert "Deal 1 was entered once: its estimates stay locked (D3.3)" in response.get_data(as_text=True)
    assert [r["estimate"] for r in stored_estimates(app, match_id)] == list(SEALED.values())
    assert enter_deal(client, match_id).status_code == 303
    record = client.get(f"/matches/{match_id}/export.json").get_json()["deals"][0]
    assert record["estimates"] == [*SEALED.values(), 50]


def test_an_estimate_is_refused_when_it_could_not_be_stored(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every attempt conflicts: the phone is told it was not sealed, and nothing is."""
    match_id = new_differenzler(client)
    phone = seat_phone(app, seat_links(client, match_id)[1])
    tries: list[int] = []

    def always_overtaken(*args: Any, **kwargs: Any) -> Any:
        tries.append(kwargs["expected_version"])
        raise log.Conflict(kwargs["expected_version"])

    monkeypatch.setattr(log, "append", always_overtaken)
    response = phone.post(
        f"/matches/{match_id}/estimate/1",
        data={
            "csrf_token": csrf(phone, f"/matches/{match_id}/estimate/1"),
            "idem": "k1",
            "deal": "1",
            "estimate": "40",
        },
    )
    text = response.get_data(as_text=True)
    assert response.status_code == 409 and len(tries) == 3
    assert "was not sealed" in text and "Your estimate is sealed" not in text
    monkeypatch.undo()
    assert stored_estimates(app, match_id) == []


def test_a_seal_overtaken_once_is_stored_at_the_next_version(app: Flask, client: FlaskClient) -> None:
    """Another phone seals between the page and the post: the estimate is still stored, once."""
    match_id = new_differenzler(client)
    links = seat_links(client, match_id)
    first, second = seat_phone(app, links[1]), seat_phone(app, links[2])
    url = f"/matches/{match_id}/estimate/1"
    page = first.get(url).get_data(as_text=True)
    data = {
        "csrf_token": hidden(page, "csrf_token"),
        "idem": hidden(page, "idem"),
        "deal": "1",
        "estimate": "40",
    }
    assert seal(second, match_id, 2, 55).status_code == 303
    assert first.post(url, data=data).status_code == 303
    assert first.post(url, data=data).status_code == 303  # a double tap: stored once
    assert [(r["seat"], r["estimate"]) for r in stored_estimates(app, match_id)] == [(2, 55), (1, 40)]


def test_a_page_fetched_meanwhile_does_not_renew_the_phones_form(app: Flask, client: FlaskClient) -> None:
    """A phone opens its seat's link and its page at once, while its service worker fetches the
    app's pages with the cookie the link's answer set: the answer stored last must not hold another
    form token than the page's form, or the seal is refused as open too long."""
    match_id = new_differenzler(client)
    link = seat_links(client, match_id)[1]
    phone = app.test_client()
    phone.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    assert phone.get(link).status_code == 303
    cookie = phone.get_cookie("session")
    assert cookie is not None
    url = f"/matches/{match_id}/estimate/1"
    page = phone.get(url).get_data(as_text=True)
    worker = app.test_client()
    worker.set_cookie("session", cookie.value)
    assert worker.get("/matches/new/differenzler").status_code == 200
    later = worker.get_cookie("session")
    assert later is not None
    phone.set_cookie("session", later.value)  # the worker's answer came last
    data = {
        "csrf_token": hidden(page, "csrf_token"),
        "idem": hidden(page, "idem"),
        "deal": "1",
        "estimate": "40",
    }
    response = phone.post(url, data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    assert [r["estimate"] for r in stored_estimates(app, match_id)] == [40]


def test_a_voided_partie_takes_no_estimate(app: Flask, client: FlaskClient) -> None:
    match_id = new_differenzler(client)
    phone = seat_phone(app, seat_links(client, match_id)[1])
    with app.app_context():
        match = db.session().get(Match, match_id)
        assert match is not None
        log.append(db.session(), match, expected_version=0, kind="void")
    response = phone.post(f"/matches/{match_id}/estimate/1", data={"estimate": "40", "deal": "1"})
    assert response.status_code in (302, 400, 403, 409)
    assert stored_estimates(app, match_id) == []

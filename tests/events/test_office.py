"""The office (TOURNAMENT.md T6): both teams confirm (T6.2), a disagreement reaches the office's
queue (T6.3), a ruling with its reason settles it (T6.4) and the ranking follows, paper sheets
are checked (T6.6); who may do what (a table's link opens only that table)."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorer.store import db
from scorer.store.models import EventEntry
from tests.helpers.events import (
    NAMES,
    all_slots,
    claim,
    claim_table,
    confirm_game,
    draw,
    evening,
    event_state,
    new_event,
    play_passe,
    ranking_of,
    register,
    sign_passe,
    slots,
    table_link,
    table_url,
    token,
)
from tests.helpers.tablet import english


@pytest.mark.slow
def test_t6_2_per_game_both_teams_confirm_before_the_passe_counts(client: FlaskClient, app: Flask) -> None:
    event_id, (match_id,) = evening(client, app, "per_game")
    play_passe(client, match_id, [98, 45])
    # Entered but not confirmed: the Passe is open (T6.5), the ranking provisional (T7.5).
    assert all(row[2] == "·" for row in ranking_of(client, event_id))
    page = client.get(table_url(event_id, match_id)).get_data(as_text=True)
    assert "waiting for confirmation" in page
    waiting = slots(page)
    assert len(waiting) == 2
    for slot, version in waiting:
        for team in (1, 2):
            assert confirm_game(client, event_id, match_id, slot, version, team).status_code == 303
    page = client.get(table_url(event_id, match_id)).get_data(as_text=True)
    assert "complete" in page
    rows = ranking_of(client, event_id)
    # Team 1 made 98 + 45 = 143, team 2 59 + 112 = 171 (T3.6).
    assert sorted(row[2] for row in rows) == ["143", "143", "171", "171"]


@pytest.mark.slow
def test_t6_2_a_corrected_game_asks_both_teams_again(client: FlaskClient, app: Flask) -> None:
    event_id, (match_id,) = evening(client, app, "per_game", games=1)
    play_passe(client, match_id, [98])
    slot, version = slots(client.get(table_url(event_id, match_id)).get_data(as_text=True))[0]
    confirm_game(client, event_id, match_id, slot, version, 1)
    # A confirmation of an older version is refused outright.
    response = confirm_game(client, event_id, match_id, slot, str(int(version) + 5), 2)
    assert response.status_code == 303
    page = client.get(table_url(event_id, match_id), follow_redirects=True).get_data(as_text=True)
    assert 'data-team="2"' in page and 'data-team="1"' not in page


@pytest.mark.slow
def test_t6_3_a_disagreement_reaches_the_office_and_a_ruling_with_a_reason_settles_it(
    client: FlaskClient, app: Flask
) -> None:
    event_id, (match_id,) = evening(client, app, "per_game")
    play_passe(client, match_id, [98, 45])
    page = client.get(table_url(event_id, match_id)).get_data(as_text=True)
    (first, v1), (second, v2) = slots(page)
    for team in (1, 2):
        confirm_game(client, event_id, match_id, first, v1, team)
    confirm_game(client, event_id, match_id, second, v2, 1)
    # Team 2 rejects game 2 (45 : 112) by entering its own figure: 122 for team 2.
    assert claim(client, event_id, match_id, second, 2, 122).status_code == 303
    office = client.get(f"/events/{event_id}/office").get_data(as_text=True)
    assert "Disputed games" in office and f'id="dispute-{match_id}-{second}"' in office
    queue = office[office.index(f'id="dispute-{match_id}-{second}"') :]
    assert "45" in queue[:800] and "112" in queue[:800] and "122" in queue[:800] and "35" in queue[:800]
    # The desk's tools one tap away, prefilled with the contract and each count.
    assert "/disputes/count?ask=1&amp;game=schieber&amp;contract=H&amp;points=45" in queue
    assert "/disputes/card?game=schieber&amp;contract=H" in queue
    assert all(row[2] == "·" for row in ranking_of(client, event_id))
    token_ = token(office)
    base = {"csrf_token": token_, "match_id": str(match_id), "slot": second, "team": "1"}
    # No reason, no ruling (T6.4); an impossible figure is refused with its rule (T3.4).
    refused = client.post(
        f"/events/{event_id}/office/rule", data={**base, "value": "40", "reason": "", "idem": "r1"}
    )
    assert "reason" in client.get(refused.headers["Location"]).get_data(as_text=True)
    refused = client.post(
        f"/events/{event_id}/office/rule", data={**base, "value": "156", "reason": "x", "idem": "r2"}
    )
    assert "T3.4" in client.get(refused.headers["Location"]).get_data(as_text=True)
    reason = "Recounted the cards with both teams: 40 for team 1"
    ruled = client.post(
        f"/events/{event_id}/office/rule", data={**base, "value": "40", "reason": reason, "idem": "r3"}
    )
    assert ruled.status_code == 303
    office = client.get(f"/events/{event_id}/office").get_data(as_text=True)
    assert "No disputed game." in office and reason in office
    rows = ranking_of(client, event_id)
    # The ruling replaces every figure (T6.4): team 1 98 + 40 = 138, team 2 59 + 117 = 176.
    assert sorted(row[2] for row in rows) == ["138", "138", "176", "176"]
    with app.app_context():
        kinds = db.session().scalars(select(EventEntry.kind).where(EventEntry.event_id == event_id)).all()
    assert kinds.count("ruling") == 1 and kinds.count("claim") == 1  # the claim stays in the log


@pytest.mark.slow
def test_t6_2_double_entry_compares_both_teams_figures(client: FlaskClient, app: Flask) -> None:
    event_id, (match_id,) = evening(client, app, "double_entry", games=1)
    play_passe(client, match_id, [98])
    slot = all_slots(client.get(table_url(event_id, match_id)).get_data(as_text=True))[0]
    claim(client, event_id, match_id, slot, 1, 98)
    assert "waiting for confirmation" in client.get(table_url(event_id, match_id)).get_data(as_text=True)
    claim(client, event_id, match_id, slot, 2, 59)  # 59 for team 2 is 98 for team 1: they agree
    assert "complete" in client.get(table_url(event_id, match_id)).get_data(as_text=True)
    claim(client, event_id, match_id, slot, 2, 69)
    assert "disputed" in client.get(table_url(event_id, match_id)).get_data(as_text=True)


@pytest.mark.slow
def test_t6_2_per_passe_both_teams_sign(client: FlaskClient, app: Flask) -> None:
    event_id, (match_id,) = evening(client, app, "per_passe")
    play_passe(client, match_id, [98, 45])
    page = client.get(table_url(event_id, match_id)).get_data(as_text=True)
    assert "Team 1 signs the Passe" in page
    for team in (1, 2):
        assert sign_passe(client, event_id, match_id, team).status_code == 303
    assert sorted(row[2] for row in ranking_of(client, event_id)) == ["143", "143", "171", "171"]


@pytest.mark.slow
def test_t6_6_a_paper_sheet_that_differs_from_its_games_is_caught(client: FlaskClient, app: Flask) -> None:
    event_id, (match_id,) = evening(client, app, "none")
    play_passe(client, match_id, [98, 45])
    office = client.get(f"/events/{event_id}/office").get_data(as_text=True)
    data = {
        "csrf_token": token(office),
        "match_id": str(match_id),
        "team_1": "143",
        "team_2": "181",
        "idem": "p1",
    }
    client.post(f"/events/{event_id}/office/reported", data=data)
    office = client.get(f"/events/{event_id}/office").get_data(as_text=True)
    assert "T6.6" in office and "181" in office and "171" in office
    # The sheet's own sum is not the control sum either: 143 + 181 = 324, not 2 × 157 (T3.5).
    assert "T3.5" in office and "324" in office and "314" in office
    data.update(team_2="171", idem="p2")
    client.post(f"/events/{event_id}/office/reported", data=data)
    assert "T6.6" not in client.get(f"/events/{event_id}/office").get_data(as_text=True)


@pytest.mark.slow
def test_a_tables_link_opens_only_that_table_and_spectators_read_only(app: Flask) -> None:
    director = english(app, "192.0.2.10")
    event_id = new_event(director, confirm="per_game", games_per_passe=1, passen=1)
    register(director, event_id, [f"P{n}" for n in range(8)])
    draw(director, event_id)
    first, second = (t.match_id for t in event_state(app, event_id).rounds[0].tables)
    play_passe(director, first, [98])
    play_passe(director, second, [98])
    table = english(app, "192.0.2.11")
    claim_table(table, table_link(director, event_id, first))
    spectator = english(app, "192.0.2.12")
    with app.app_context():
        before = db.session().scalar(select(func.count()).select_from(EventEntry))
    slot, version = slots(director.get(table_url(event_id, first)).get_data(as_text=True))[0]
    other_slot, other_version = slots(director.get(table_url(event_id, second)).get_data(as_text=True))[0]
    # The spectator reads the table and the results, changes nothing, opens no office.
    assert spectator.get(table_url(event_id, first)).status_code == 200
    assert 'data-team="1"' not in spectator.get(table_url(event_id, first)).get_data(as_text=True)
    assert spectator.get(f"/events/{event_id}/results").status_code == 200
    assert spectator.get(f"/events/{event_id}/office").status_code == 403
    assert spectator.get(f"/events/{event_id}/export.json").status_code == 403
    page = spectator.get("/events/new").get_data(as_text=True)
    data = {"csrf_token": token(page), "slot": slot, "version": version, "team": "1", "idem": "x1"}
    assert spectator.post(f"{table_url(event_id, first)}/confirm", data=data).status_code == 403
    # Nor claim a figure, rule, report a paper sheet or withdraw a link (T6.3, T6.4, T6.6).
    changes = {
        f"{table_url(event_id, first)}/claim": {"slot": slot, "team": "2", "value": "60"},
        f"/events/{event_id}/office/rule": {"match_id": str(first), "slot": slot, "team": "1", "value": "60"}
        | {"reason": "mine"},
        f"/events/{event_id}/office/reported": {"match_id": str(first), "team_1": "1", "team_2": "2"},
        f"/events/{event_id}/links/revoke": {"link": "table", "match_id": str(first)},
    }
    for path, fields in changes.items():
        assert spectator.post(path, data={"csrf_token": data["csrf_token"], **fields}).status_code == 403, (
            path
        )
    # The table's device confirms its own table, not the other one, and opens no office.
    assert confirm_game(table, event_id, first, slot, version, 1).status_code == 303
    page = table.get(table_url(event_id, first)).get_data(as_text=True)
    data = {
        "csrf_token": token(page),
        "slot": other_slot,
        "version": other_version,
        "team": "1",
        "idem": "x2",
    }
    assert table.post(f"{table_url(event_id, second)}/confirm", data=data).status_code == 403
    # Nor enter a game on the other table's Passe.
    deal = {"csrf_token": token(page), "version": "1", "contract": "H", "team": "1", "points": "60"}
    assert table.post(f"/matches/{second}/deals/new", data=deal).status_code == 403
    assert table.get(f"/events/{event_id}/office").status_code == 403
    # Without the session's CSRF token nothing is stored.
    data = {"slot": slot, "version": version, "team": "2", "idem": "x3"}
    table.post(f"{table_url(event_id, first)}/confirm", data=data)
    with app.app_context():
        after = db.session().scalar(select(func.count()).select_from(EventEntry))
    assert after == (before or 0) + 1
    # A match of no table of this event is not found.
    assert director.get(table_url(event_id, 999_999)).status_code == 404


def played_event(client: FlaskClient, app: Flask) -> int:
    """Two tables, one round of one game each, the table's entry counting alone (T6.2 ``none``)."""
    event_id = new_event(client, confirm="none", games_per_passe=1, passen=2)
    register(client, event_id, ["Anna", "Beat", "Chris", "Dora", "=cmd()", "Fritz", "Gabi", "Hans"])
    draw(client, event_id)
    for value, table in zip([98, 121], event_state(app, event_id).rounds[0].tables, strict=True):
        play_passe(client, table.match_id, [value])
    return event_id


@pytest.mark.slow
def test_exports_hold_the_ranking_shown_on_screen(client: FlaskClient, app: Flask) -> None:
    import csv
    import io

    from openpyxl import load_workbook

    event_id = played_event(client, app)
    shown = ranking_of(client, event_id)
    assert len(shown) == 8
    on_screen = [(row[1], row[2], row[-1]) for row in shown]  # name, Passe 1, total
    response = client.get(f"/events/{event_id}/export/ranking.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.get_data().decode("utf-8-sig"))))
    assert rows[0][:3] == ["Rank", "Id", "Player"]
    # A name that looks like a formula is kept as text.
    assert "'=cmd()" in [row[2] for row in rows[1:]]
    total = rows[0].index("Total")
    assert [(r[2].lstrip("'"), r[3], r[total]) for r in rows[1:]] == on_screen
    response = client.get(f"/events/{event_id}/export/ranking.xlsx")
    sheet = load_workbook(io.BytesIO(response.get_data())).active
    assert sheet is not None
    values = [list(row) for row in sheet.iter_rows(values_only=True)]
    assert [(str(r[2]).lstrip("'"), str(r[3]), str(r[total])) for r in values[1:]] == on_screen
    response = client.get(f"/events/{event_id}/export/standblatt.xlsx")
    lines = list(load_workbook(io.BytesIO(response.get_data())).active.iter_rows(values_only=True))  # type: ignore[union-attr]
    assert len(lines) == 1 + 8  # one line per player and round played
    standblatt = list(
        csv.reader(
            io.StringIO(
                client.get(f"/events/{event_id}/export/standblatt.csv").get_data().decode("utf-8-sig")
            )
        )
    )
    assert standblatt[1:] == [[str(c) if c is not None else "" for c in line] for line in lines[1:]]
    assert client.get(f"/events/{event_id}/export/ranking.ods").status_code == 404
    page = client.get(f"/events/{event_id}/results").get_data(as_text=True)
    assert "ranking.xlsx" in page and "standblatt.csv" in page and "print/ranking.pdf" in page


def test_an_event_export_imports_as_the_same_event(client: FlaskClient, app: Flask) -> None:
    import json

    event_id = played_event(client, app)
    exported = client.get(f"/events/{event_id}/export.json").get_json()
    assert exported["format"] == "tafel-event" and "secret" not in json.dumps(exported)
    page = client.get("/events/import").get_data(as_text=True)
    data = {"csrf_token": token(page), "text": json.dumps(exported), "idem": "i1"}
    response = client.post("/events/import", data=data)
    assert response.status_code == 303
    copy_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    assert copy_id != event_id
    assert ranking_of(client, copy_id) == ranking_of(client, event_id)
    again = client.get(f"/events/{copy_id}/export.json").get_json()
    # The round trip keeps everything but the ids the database gave.
    assert again["settings"] == exported["settings"] and again["title"] == exported["title"]
    assert [(e["seq"], e["kind"]) for e in again["entries"]] == [
        (e["seq"], e["kind"]) for e in exported["entries"]
    ]
    assert [m["entries"] for m in again["matches"].values()] == [
        m["entries"] for m in exported["matches"].values()
    ]
    refused = client.post("/events/import", data={**data, "text": '{"format": "x"}', "idem": "i2"})
    assert refused.status_code == 422 and "not an event export" in refused.get_data(as_text=True)


@pytest.mark.slow
def test_readers_share_one_stored_ranking_the_director_sees_it_live(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorer.events import snapshot

    # A stored answer older than the room's last change is stale once its claim is older than
    # CLAIM_WINDOW (test_live_room); here only its age makes it stale, however slow the host.
    monkeypatch.setattr(snapshot, "CLAIM_WINDOW", 3600.0)
    event_id, (match_id,) = evening(client, app, "none", games=1)
    play_passe(client, match_id, [98])
    spectator = english(app, "192.0.2.20")
    app.config["EVENT_RANKING_MAX_AGE"] = 3600.0
    app.config["EVENT_RANKING_PROCESS"] = False  # computed in this process (test_live_ranking: in its own)
    first = ranking_of(spectator, event_id)  # computed and stored
    assert sorted(row[-1] for row in first) == ["59", "59", "98", "98"]
    # Team 2 rejects game 1 (slot 1: the log's first entry): disputed, out of the ranking (T6.5).
    claim(client, event_id, match_id, "1", 2, 69)
    import time

    time.sleep(1.2)
    assert ranking_of(spectator, event_id) == first  # the stored answer, younger than its age
    assert sorted(row[-1] for row in ranking_of(client, event_id)) == ["0", "0", "0", "0"]
    with app.app_context():
        from scorer.store.models import EventRanking

        row = db.session().get(EventRanking, event_id)
        assert row is not None
        row.computed = row.claimed = 0.0  # long ago
        db.session().commit()
    # The reader whose request claims the stale answer gets it without waiting; its worker
    # computes the next one once that answer is sent, and the next reader gets that.
    assert ranking_of(spectator, event_id) == first
    assert sorted(row[-1] for row in ranking_of(spectator, event_id)) == ["0", "0", "0", "0"]


def test_a_phone_polling_the_stored_ranking_gets_304_until_it_changes(
    client: FlaskClient, app: Flask
) -> None:
    import gzip

    event_id, (match_id,) = evening(client, app, "none", games=1)
    phone = english(app, "192.0.2.21")
    app.config["EVENT_RANKING_MAX_AGE"] = 3600.0
    app.config["EVENT_RANKING_PROCESS"] = False  # computed in this process (test_live_ranking: in its own)
    url = f"/events/{event_id}/ranking?part=table"
    phone.get(url)  # computed and stored
    first = phone.get(url)
    tag = first.headers.get("ETag")
    # Browsers ask again each time; a shared cache may answer for a moment (one page for all).
    assert (
        first.status_code == 200 and tag and first.headers["Cache-Control"] == "public, max-age=0, s-maxage=1"
    )
    again = phone.get(url, headers={"If-None-Match": tag})
    assert again.status_code == 304 and not again.get_data()
    # Sent gzipped to a browser that accepts it (compressed once per stored answer): the same page.
    zipped = phone.get(url, headers={"Accept-Encoding": "gzip, br"})
    assert zipped.headers.get("Content-Encoding") == "gzip" and zipped.headers.get("ETag") != tag
    assert gzip.decompress(zipped.get_data()) == first.get_data()
    # The projector's page is another page: its own tag.
    assert phone.get(f"/events/{event_id}/ranking", headers={"If-None-Match": tag}).status_code == 200
    # A game, and the answer computed anew: the old tag no longer fits, the new ranking is sent.
    play_passe(client, match_id, [98])
    with app.app_context():
        from scorer.store.models import EventRanking

        row = db.session().get(EventRanking, event_id)
        assert row is not None
        row.computed = row.claimed = 0.0  # long ago
        db.session().commit()
    phone.get(url).close()  # this reader's request claims it: its worker computes it anew once it is sent
    fresh = phone.get(url, headers={"If-None-Match": tag})
    assert fresh.status_code == 200 and fresh.headers.get("ETag") != tag
    assert "98" in fresh.get_data(as_text=True)


@pytest.mark.slow
def test_the_office_sees_every_tables_state_and_a_late_table(client: FlaskClient, app: Flask) -> None:
    event_id = new_event(client, confirm="per_game", games_per_passe=2, passen=2)
    register(client, event_id, NAMES)
    draw(client, event_id)
    (first,) = (t.match_id for t in event_state(app, event_id).rounds[0].tables)
    play_passe(client, first, [98])
    office = client.get(f"/events/{event_id}/office").get_data(as_text=True)
    assert re.search(r'class="office-table state-playing" data-round="1"', office)
    play_passe(client, first, [45])
    office = client.get(f"/events/{event_id}/office").get_data(as_text=True)
    assert re.search(r'class="office-table state-waiting" data-round="1"', office)
    draw(client, event_id)  # round 2 drawn while round 1's table still waits: late
    office = client.get(f"/events/{event_id}/office").get_data(as_text=True)
    assert re.search(r'class="office-table state-late" data-round="1"', office)
    assert re.search(r'class="office-table state-playing" data-round="2"', office)


def test_a_server_reads_only_the_log_entries_it_has_not_read(client: FlaskClient, app: Flask) -> None:
    """The readers' ranking reads the event's log incrementally: what it shows is the whole log's."""
    event_id, (match_id,) = evening(client, app, "none", games=1)
    app.config["EVENT_RANKING_MAX_AGE"] = 0.0  # every reader live
    spectator = english(app, "192.0.2.21")
    assert all(row[-1] == "0" for row in ranking_of(spectator, event_id))
    play_passe(client, match_id, [98])
    assert sorted(row[-1] for row in ranking_of(spectator, event_id)) == ["59", "59", "98", "98"]
    claim(client, event_id, match_id, "1", 2, 69)  # a new entry of the event's log: disputed
    assert all(row[-1] == "0" for row in ranking_of(spectator, event_id))


@pytest.mark.slow
def test_a_server_derives_again_only_the_matches_that_changed(client: FlaskClient, app: Flask) -> None:
    """The readers' ranking keeps each table's derived log by its last seq: after games and an
    undo it shows what a server that keeps nothing shows."""
    from scorer.events import snapshot
    from tests.helpers.tablet import undo

    event_id, (match_id,) = evening(client, app, "none", games=2)
    app.config["EVENT_RANKING_MAX_AGE"] = 0.0  # every reader live
    spectator = english(app, "192.0.2.22")

    def kept_and_fresh() -> list[list[str]]:
        kept = ranking_of(spectator, event_id)
        snapshot._MATCHES.clear()
        assert ranking_of(spectator, event_id) == kept
        return kept

    kept_and_fresh()
    play_passe(client, match_id, [98])
    ranking_of(spectator, event_id)  # match 1 derived and kept at its version 1
    assert any(key[1] == match_id and key[3] == 1 for key in snapshot._MATCHES)
    play_passe(client, match_id, [45])
    # Team 1 made 98 + 45 = 143, team 2 59 + 112 = 171 (T3.6).
    assert sorted(row[-1] for row in kept_and_fresh()) == ["143", "143", "171", "171"]
    undo(client, match_id)  # the second game undone: a version the kept state does not answer
    assert sorted(row[-1] for row in kept_and_fresh()) != ["143", "143", "171", "171"]

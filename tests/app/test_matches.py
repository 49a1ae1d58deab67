"""Matches: list, new match (both games), match screen, export/import, rule book, languages."""

from __future__ import annotations

import json
from io import BytesIO

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.store import entries_read
from tests.helpers.tablet import counts, csrf, new_klammern, new_schieber, post_deal


def test_index_redirects_to_the_match_list(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/matches/")


def test_empty_list_offers_both_games(client: FlaskClient) -> None:
    page = client.get("/matches/").get_data(as_text=True)
    assert "/matches/new/schieber" in page and "/matches/new/klammern" in page
    assert "/matches/new" in client.get("/matches/new").get_data(as_text=True)


def test_new_schieber_stores_settings(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(
        client, target=1000, factor_undenufe=3, long_runs="graded", kreuzweis="yes", rosen7=3
    )
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Anna &amp; Cla" in page and "Beat &amp; Dora" in page
    assert "1,000 still needed" in page  # from target − 0, in the reader's number format
    with app.app_context():
        from scorer.store import db
        from scorer.store.models import Match

        match = db.session().get(Match, match_id)
        assert match is not None
        assert match.settings["options"] == {
            "factors": {"undenufe": 3},
            "long_runs": "graded",
            "kreuzweis": True,
        }
        assert match.settings["target"] == 1000
        assert match.settings["first_forehand"] == 3
    # Rosen 7 at seat 3: Cla is forehand of the first deal, and the seat before deals.
    assert "Beat deals, Cla is forehand" in page


def test_new_schieber_shows_a_drawn_table_with_teams(client: FlaskClient) -> None:
    page = client.get("/matches/new/schieber").get_data(as_text=True)
    for position in ("pos-bottom", "pos-right", "pos-top", "pos-left"):
        assert position in page
    assert "Team 1" in page and "Team 2" in page
    assert 'inputmode="numeric"' in page


def test_new_schieber_rejections_save_nothing(client: FlaskClient, app: Flask) -> None:
    before = counts(app)
    token = csrf(client, "/matches/new/schieber")
    base = {"profile": "seed", "deck": "swiss", "rosen7": "1"}
    # no CSRF token
    assert client.post("/matches/new/schieber", data=base).status_code == 422
    # a target of 0, a factor of 0, a negative four-nines value, an unknown profile, no Rosen 7 seat
    for bad in (
        {"target": "0"},
        {"factor_H": "0"},
        {"four_nines": "-5"},
        {"profile": "nope"},
        {"rosen7": "9"},
        {"target": "many"},
    ):
        response = client.post("/matches/new/schieber", data={**base, "csrf_token": token, **bad})
        assert response.status_code == 422, bad
        assert 'class="reason"' in response.get_data(as_text=True)
    assert counts(app) == before


def test_new_klammern_formats_and_players(client: FlaskClient, app: Flask) -> None:
    small = new_klammern(client)
    page = client.get(f"/matches/{small}").get_data(as_text=True)
    assert "small and big points" in page and "Ben &amp; Tom" in page
    # dealer seat 4 -> forehand seat 1 (K1.3, clockwise, the dealer's left)
    assert "Ulla deals, Ben is forehand" in page
    liga = new_klammern(client, format="liga", target=31)
    assert "Liga to 31 Augen" in client.get(f"/matches/{liga}").get_data(as_text=True)
    hamburg = new_klammern(client, players=3, format="hamburg", first_dealer=3)
    page = client.get(f"/matches/{hamburg}").get_data(as_text=True)
    assert "Hamburg dice" in page and "\u2685" in page  # every die starts at six
    assert page.count('class="side side-') == 3


def test_three_klammern_players_with_the_default_dealer_start_at_seat_1(client: FlaskClient) -> None:
    """The form's default dealer, seat 4, is the seat before seat 1 (K1.3): with three players the
    last seat deals and seat 1 leads, as at four; seat 4's name field is not a player's."""
    match_id = new_klammern(client, players=3, first_dealer=4, name_4="")
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Tom deals, Ben is forehand" in page
    assert page.count('class="side side-') == 3
    form = client.get("/matches/new/klammern").get_data(as_text=True)
    assert 'data-seat="4"' in form  # the seat the set-up script hides at a smaller table


def test_new_klammern_rejections_save_nothing(client: FlaskClient, app: Flask) -> None:
    before = counts(app)
    token = csrf(client, "/matches/new/klammern")
    base = {"csrf_token": token, "players": "2", "format": "small_big", "first_dealer": "1"}
    for bad in (
        {"first_dealer": "3"},
        {"players": "5"},
        {"format": "poker"},
        {"target": "0", "format": "liga"},
    ):
        response = client.post("/matches/new/klammern", data={**base, **bad})
        assert response.status_code == 422, bad
    assert counts(app) == before


def test_unknown_game_and_match_are_404(client: FlaskClient) -> None:
    assert client.get("/matches/new/poker").status_code == 404
    assert client.get("/matches/999").status_code == 404
    assert client.get("/matches/999/export.json").status_code == 404
    assert client.get("/matches/999/deals/new").status_code == 404
    assert client.get("/nowhere").status_code == 404


def test_list_shows_matches_and_state(client: FlaskClient) -> None:
    new_schieber(client)
    new_klammern(client)
    page = client.get("/matches/").get_data(as_text=True)
    assert "Schieber #1" in page and "Klammern #2" in page
    assert "in play" in page


def test_export_is_the_engine_match_record(client: FlaskClient) -> None:
    match_id = new_schieber(client, target=1000)
    post_deal(client, match_id, {"forehand": 1, "contract": "H", "team": 1, "points": 98})
    response = client.get(f"/matches/{match_id}/export.json")
    assert response.mimetype == "application/json"
    record = json.loads(response.get_data(as_text=True))
    assert record == {
        "game": "schieber",
        "profile": "seed",
        "target": 1000,
        "deals": [
            {
                "forehand": 1,
                "contract": "H",
                "pushed": False,
                "points": {"team": 1, "value": 98},
                "weis": {},
                "stoeck": None,
            }
        ],
    }
    import rules_engine

    assert rules_engine.score_match(record)["scores"] == [98, 59]


def test_import_round_trip(client: FlaskClient, app: Flask) -> None:
    match_id = new_klammern(client, format="liga")
    post_deal(
        client,
        match_id,
        {"forehand": 1, "declarer": 1, "trump": "S", "how": "orgi", "team": 1, "points": 100},
    )
    exported = client.get(f"/matches/{match_id}/export.json").get_data(as_text=True)
    token = csrf(client, "/matches/import")
    response = client.post(
        "/matches/import", data={"csrf_token": token, "text": exported, "deck": "swiss", "name_1": "Ann"}
    )
    assert response.status_code == 302
    new_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    assert client.get(f"/matches/{new_id}/export.json").get_data(as_text=True) == exported
    assert "Ann" in client.get(f"/matches/{new_id}").get_data(as_text=True)
    # as an uploaded file too
    response = client.post(
        "/matches/import",
        data={"csrf_token": token, "deck": "swiss", "file": (BytesIO(exported.encode()), "m.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302


def test_import_rejections_save_nothing(client: FlaskClient, app: Flask) -> None:
    token = csrf(client, "/matches/import")
    before = counts(app)
    impossible = {
        "game": "schieber",
        "deals": [{"forehand": 1, "contract": "H", "points": {"team": 1, "value": 156}}],
    }
    cases = {
        "not json": "{nope",
        "not a match": "[1, 2]",
        "unknown game": json.dumps({"game": "poker", "deals": []}),
        "impossible count": json.dumps(impossible),
        "malformed deal": json.dumps({"game": "schieber", "deals": [{"contract": "X"}]}),
        "unknown field": json.dumps({"game": "schieber", "colour": "red", "deals": []}),
    }
    for name, text in cases.items():
        response = client.post("/matches/import", data={"csrf_token": token, "text": text, "deck": "swiss"})
        assert response.status_code == 422, name
        assert 'class="reason"' in response.get_data(as_text=True), name
    page = client.post(
        "/matches/import", data={"csrf_token": token, "text": json.dumps(impossible), "deck": "swiss"}
    ).get_data(as_text=True)
    assert 'href="/rules/schieber#S8"' in page and "156" in page
    assert client.post("/matches/import", data={"text": "{}", "deck": "swiss"}).status_code == 422  # no CSRF
    assert counts(app) == before


def test_rule_book_has_an_anchor_per_rule(client: FlaskClient) -> None:
    page = client.get("/rules").get_data(as_text=True)
    for rule in ("S4.4", "S8", "S7.3", "K5.2", "K7.5", "K10"):
        assert f'id="{rule}"' in page


def test_language_switch(client: FlaskClient) -> None:
    response = client.get("/lang/fr_CH?next=/rules")
    assert response.status_code == 302 and response.headers["Location"].endswith("/rules")
    assert 'lang="fr-CH"' in client.get("/rules").get_data(as_text=True)
    assert client.get("/lang/fa").status_code == 302
    assert 'dir="rtl"' in client.get("/rules").get_data(as_text=True)
    # no open redirect, no unknown language
    assert client.get("/lang/en?next=//evil.example").headers["Location"].endswith("/matches/")
    assert client.get("/lang/xx").status_code == 404


def test_accept_language_picks_a_known_language(client: FlaskClient) -> None:
    page = client.get("/rules", headers={"Accept-Language": "it-CH,it;q=0.9"}).get_data(as_text=True)
    assert 'lang="it-CH"' in page
    client.environ_base.pop("HTTP_ACCEPT_LANGUAGE")
    assert '<html lang="de-CH"' in client.get("/rules").get_data(as_text=True)  # the default


def test_double_tap_on_start_makes_one_match(client: FlaskClient, app: Flask) -> None:
    page = client.get("/matches/new/schieber").get_data(as_text=True)
    from tests.helpers.tablet import hidden

    data = {
        "csrf_token": hidden(page, "csrf_token"),
        "idem": hidden(page, "idem"),
        "profile": "seed",
        "deck": "swiss",
        "rosen7": "1",
    }
    first = client.post("/matches/new/schieber", data=data)
    second = client.post("/matches/new/schieber", data=data)
    assert first.headers["Location"] == second.headers["Location"]
    assert counts(app) == (1, 0)
    page = client.get("/matches/import").get_data(as_text=True)
    text = json.dumps(
        {"game": "schieber", "deals": [{"forehand": 1, "contract": "H", "points": {"team": 1, "value": 98}}]}
    )
    data = {
        "csrf_token": hidden(page, "csrf_token"),
        "idem": hidden(page, "idem"),
        "text": text,
        "deck": "swiss",
    }
    assert (
        client.post("/matches/import", data=data).headers["Location"]
        == client.post("/matches/import", data=data).headers["Location"]
    )
    assert counts(app) == (2, 1)


def test_an_imported_match_is_scored_once(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Importing checks every deal with the engine; storing the match and showing it
    continue from that scoring instead of judging every deal again (an import of the
    largest match would otherwise cost twice its deals)."""
    from rules_engine.schieber import match as schieber_match
    from scorer import scoring

    # A record as the app stores it (nothing the import would drop or add), S3.3's seed factors.
    record = {
        "game": "schieber",
        "profile": "seed",
        "deals": [{"forehand": n % 4 + 1, "contract": "HDSC"[n % 4], "points": {"team": 1, "value": 100}}
                  for n in range(6)],
    }  # fmt: skip
    judged: list[object] = []
    evaluate = schieber_match.evaluate_deal

    def counted(*args: object, **kwargs: object) -> object:
        judged.append(args[0])
        return evaluate(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(schieber_match, "evaluate_deal", counted)
    scoring.forget()
    token = csrf(client, "/matches/import")
    response = client.post(
        "/matches/import", data={"csrf_token": token, "text": json.dumps(record), "deck": "swiss"}
    )
    assert response.status_code == 302
    page = client.get(response.headers["Location"])
    assert page.status_code == 200
    # Six deals, each judged once: by the import's check; storing and showing continue from it.
    assert len(judged) == 6


def test_an_imported_log_is_kept_as_written_not_read_back(client: FlaskClient, app: Flask) -> None:
    """The import keeps the log it wrote (as a read of it would derive it): the new match's
    pages read no stored deal back, and what they show equals the log read afresh."""
    from scorer.store import db, log
    from scorer.store.models import Match

    record = {
        "game": "schieber",
        "target": 100000,
        "deals": [{"forehand": n % 4 + 1, "contract": "HDSC"[n % 4], "points": {"team": 1, "value": 100 - n}}
                  for n in range(40)],
    }  # fmt: skip
    with entries_read() as fetched:
        token = csrf(client, "/matches/import")
        response = client.post(
            "/matches/import", data={"csrf_token": token, "text": json.dumps(record), "deck": "swiss"}
        )
        assert response.status_code == 302
        page = client.get(response.headers["Location"])
    assert page.status_code == 200 and 'id="deal-40"' in page.get_data(as_text=True)
    # The import and the first page read the last entry, to see that the kept log is current.
    assert set(fetched) <= {40}, sorted(set(fetched))
    match_id = int(response.headers["Location"].rsplit("/", 1)[1])
    with app.app_context():
        session = db.session()
        match = session.get(Match, match_id)
        assert match is not None
        kept = log.LOGS.read(session, match)
        log.LOGS.clear()
        afresh = log.LOGS.read(session, match)
    assert kept.version == afresh.version == 40
    assert kept.deals == afresh.deals == [deal for deal in record["deals"]]
    assert [(e.seq, e.id, e.created) for e in kept.entries] == [
        (e.seq, e.id, e.created) for e in afresh.entries
    ]

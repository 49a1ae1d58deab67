"""Deals: enter, correct, undo — every figure from the engine, every rejection saves nothing.

Expected figures are worked out from rules/SCHIEBER.md and rules/KLAMMERN.md by hand.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.tablet import (
    counts,
    deal,
    deal_form,
    hidden,
    new_klammern,
    new_schieber,
    post_deal,
    undo,
)


def scores(client: FlaskClient, match_id: int) -> list[str]:
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    return re.findall(r'data-score="([^"]*)"', page)


def reasons(page: str) -> list[str]:
    return [
        re.sub(r"<[^>]+>", "", r).strip() for r in re.findall(r'<p class="reason"[^>]*>(.*?)</p>', page, re.S)
    ]


# --- Schieber ----------------------------------------------------------------------------


def test_enter_deal_page(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    page = client.get(f"/matches/{match_id}/deals/new").get_data(as_text=True)
    assert "Deal 1" in page
    assert "Rosen" in page and "Eicheln" in page and "Obenabe" in page and "×4" in page  # factors shown
    assert 'inputmode="numeric"' in page
    assert 'name="idem"' in page and 'name="version"' in page


def test_deal_with_weis_and_stoeck(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    # Rosen trump ×1: 98 + Weis 20 (Anna's three in a row) + Stöck 20 (Cla) = 138; other team 157 − 98 = 59.
    response = post_deal(
        client, match_id, deal(weis_1_1_kind="run3", weis_1_1_suit="H", weis_1_1_top="8", stoeck=3)
    )
    assert response.status_code == 303
    assert scores(client, match_id) == ["138", "59"]
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Anna: Rosen 6–8" in page and "Stöck: Cla" in page
    assert "2,862 still needed" in page
    assert counts(app) == (1, 1)


def test_weis_by_cards_and_four_of_a_kind(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    # Schilten ×2: 60 -> 120 : 194; team 2 Weis four Under (200) beats team 1's 50 -> 400 ×... (S6.5)
    response = post_deal(
        client,
        match_id,
        deal(
            contract="S",
            team=1,
            points=60,
            weis_1_cards="C6 C7 C8 C9",
            weis_2_1_kind="four",
            weis_2_1_top="J",
        ),
    )
    assert response.status_code == 303, reasons(response.get_data(as_text=True))
    # team 1: 60×2 = 120; team 2: 97×2 + 200×2 = 594
    assert scores(client, match_id) == ["120", "594"]


def test_match_bonus(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    assert post_deal(client, match_id, deal(contract="S", team=2, points=None, match="y")).status_code == 303
    assert scores(client, match_id) == ["0", "514"]  # (157 + 100) × 2
    assert "Match" in client.get(f"/matches/{match_id}").get_data(as_text=True)


@pytest.mark.slow
def test_rejected_156_saves_nothing_and_cites_the_rule(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    before = counts(app)
    response = post_deal(client, match_id, deal(points=156))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert 'href="/rules/schieber#S8"' in page
    assert any("156" in r for r in reasons(page))
    # shown at the points field, and the typed value is kept
    points_block = page[page.index('<fieldset class="points') :]
    assert "156" in points_block[: points_block.index("</fieldset>")]
    assert counts(app) == before


@pytest.mark.slow
def test_every_schieber_rejection_saves_nothing(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    before = counts(app)
    cases: dict[str, tuple[dict[str, Any], str | None]] = {
        "no contract": (deal(contract=None), None),
        "no points, no Match": (deal(points=None), None),
        "points not a number": (deal(points="abc"), None),
        "points out of range": (deal(points=160), "S8"),
        "Stöck in Obenabe": (deal(contract="obenabe", stoeck=2), "S6.6"),
        "four 9s are no Weis": (deal(weis_2_1_kind="four", weis_2_1_top="9"), "S6.2"),
        "run below the 6": (deal(weis_3_1_kind="run5", weis_3_1_suit="H", weis_3_1_top="8"), None),
        "quick Weis without suit": (deal(weis_3_1_kind="run3", weis_3_1_top="8"), None),
        "a Weis of two cards": (deal(weis_4_cards="H9 CT"), "S6.1"),
        "not a card": (deal(weis_4_cards="X9 X8 X7"), None),
        "unknown contract": (deal(contract="grand"), None),
        "unknown seat": (deal(forehand=7), None),
    }
    for name, (fields, rule) in cases.items():
        response = post_deal(client, match_id, fields)
        assert response.status_code == 422, name
        page = response.get_data(as_text=True)
        assert reasons(page), name
        if rule:
            assert f'href="/rules/schieber#{rule}"' in page, name
    assert counts(app) == before


def test_weis_error_shown_at_the_players_weis(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    page = post_deal(client, match_id, deal(weis_2_1_kind="four", weis_2_1_top="9")).get_data(as_text=True)
    seat = page[page.index('data-seat="2"') : page.index('data-seat="3"')]
    assert 'href="/rules/schieber#S6.2"' in seat


def test_csrf_and_stale_version_and_double_tap(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    before = counts(app)
    form = deal_form(client, match_id)
    fields = {k: str(v) for k, v in deal().items()}
    # no CSRF token
    response = client.post(
        f"/matches/{match_id}/deals/new", data={**fields, "version": form["version"], "idem": form["idem"]}
    )
    assert response.status_code == 422
    assert counts(app) == before
    # a double tap stores one deal
    data = {**form, **fields}
    assert client.post(f"/matches/{match_id}/deals/new", data=data).status_code == 303
    assert client.post(f"/matches/{match_id}/deals/new", data=data).status_code == 303
    assert counts(app) == (before[0], before[1] + 1)
    # a form shown before that deal (another tablet) is refused with the new state
    stale = {**form, **fields, "idem": "another-tablet"}
    response = client.post(f"/matches/{match_id}/deals/new", data=stale)
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "changed meanwhile" in page
    assert hidden(page, "version") == "1"  # resubmitting now is possible
    assert counts(app) == (before[0], before[1] + 1)


def test_reached_first_asked_when_both_cross(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client, target=300)
    before = counts(app)
    # Undenufe ×4: 80 -> 320 : 308, both over 300 by trick points (S7.3).
    response = post_deal(client, match_id, deal(contract="undenufe", points=80))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert 'href="/rules/schieber#S7.3"' in page
    block = page[page.index('<details class="reached"') :]
    assert block.startswith('<details class="reached" open')
    assert counts(app) == before
    assert (
        post_deal(client, match_id, deal(contract="undenufe", points=80, reached_first=2)).status_code == 303
    )
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Match over" in page and "Winner: Beat &amp; Dora" in page and "No Schneider" in page
    assert "Enter deal" not in page


def test_schieber_match_to_the_target_with_schneider(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client, target=1000)
    for fields in (
        deal(contract="undenufe", points=100),  # 400 : 228
        deal(forehand=2, contract="obenabe", points=120),  # 360 : 111 -> 760 : 339
        deal(forehand=3, contract="H", points=100),
    ):  # 100 : 57 -> 860 : 396
        assert post_deal(client, match_id, fields).status_code == 303
    assert scores(client, match_id) == ["860", "396"]
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Schneider threatened" in page  # 396 < 500 while team 1 is past half
    assert "Cla deals, Dora is forehand" in page  # S2.3: next dealer = last forehand
    assert (
        post_deal(
            client, match_id, deal(forehand=4, contract="S", team=1, points=None, match="y")
        ).status_code
        == 303
    )
    assert scores(client, match_id) == ["1374", "396"]
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Match over" in page and "Schneider!" in page and "Winner: Anna &amp; Cla" in page
    # a deal after the end: the form is not offered and a POST is refused by the engine (S7.1)
    assert client.get(f"/matches/{match_id}/deals/new").status_code == 302
    before = counts(app)
    response = post_deal(client, match_id, deal(), url=f"/matches/{match_id}/deals/1/correct")
    assert response.status_code in (303, 422)
    assert counts(app)[1] == before[1] + (1 if response.status_code == 303 else 0)
    base = counts(app)
    form = deal_form(client, match_id, f"/matches/{match_id}/deals/1/correct")
    response = client.post(
        f"/matches/{match_id}/deals/new", data={**form, **{k: str(v) for k, v in deal().items()}}
    )
    assert response.status_code == 422
    assert 'href="/rules/schieber#S7.1"' in response.get_data(as_text=True)
    assert counts(app) == base


def test_chalk_board_strokes(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(contract="undenufe", points=100))  # 400 : 228
    page = client.get(f"/matches/{match_id}?view=board").get_data(as_text=True)
    # 400 = 4 × 100; 228 = 2 × 100 + 0 × 50 + 1 × 20 + 8
    # Top to bottom as on the printed pad: the 100s, the 50s (the diagonal), the 20s.
    assert re.findall(r'class="stroke-line line-(\d+)" data-count="(\d+)"', page) == [
        ("100", "4"),
        ("50", "0"),
        ("20", "0"),
        ("100", "2"),
        ("50", "0"),
        ("20", "1"),
    ]
    assert "+ 8 = 228" in page


@pytest.mark.slow
def test_correction_is_a_new_version_with_history(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    post_deal(client, match_id, deal(forehand=2, contract="D", points=57))
    url = f"/matches/{match_id}/deals/1/correct"
    page = client.get(url).get_data(as_text=True)
    assert "Correct deal 1" in page and 'value="98"' in page
    assert post_deal(client, match_id, deal(points=100), url=url).status_code == 303
    assert scores(client, match_id) == ["157", "157"]  # 100 + 57 : 57 + 100
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "corrected" in page
    # Both versions visible, in words rather than as their records.
    assert "Rosen, Anna &amp; Cla 98</li>" in page and "Rosen, Anna &amp; Cla 100</li>" in page
    assert '"value"' not in page and "{&#34;" not in page
    assert counts(app)[1] == 3  # deal, deal, correction: nothing overwritten
    # an invalid correction is refused and changes nothing
    before = counts(app)
    response = post_deal(client, match_id, deal(points=156), url=url)
    assert response.status_code == 422 and 'href="/rules/schieber#S8"' in response.get_data(as_text=True)
    assert counts(app) == before
    assert client.get(f"/matches/{match_id}/deals/99/correct").status_code == 404


@pytest.mark.slow
def test_undo_last_entry(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    post_deal(client, match_id, deal(points=100), url=f"/matches/{match_id}/deals/1/correct")
    assert scores(client, match_id) == ["100", "57"]
    page = undo(client, match_id).get_data(as_text=True)  # undoes the correction
    # It says what it undid, in words (Rosen trump, 100 for Anna & Cla).
    assert "The correction of deal 1 was undone: Rosen, Anna &amp; Cla 100." in page
    assert scores(client, match_id) == ["98", "59"]
    assert "(undone)" in client.get(f"/matches/{match_id}/deals/1/correct").get_data(as_text=True)
    page = undo(client, match_id).get_data(as_text=True)  # undoes the deal
    assert "Deal 1 was undone: Rosen, Anna &amp; Cla 98." in page
    assert scores(client, match_id) == ["0", "0"]
    assert counts(app)[1] == 4  # two entries and two undos: nothing deleted
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Undo last entry" not in page
    # Redo: undoing the last undo brings the deal back
    form = page[page.index(f'action="/matches/{match_id}/redo"') :]
    response = client.post(
        f"/matches/{match_id}/redo",
        data={
            "csrf_token": hidden(form, "csrf_token"),
            "version": hidden(form, "version"),
            "idem": hidden(form, "idem"),
        },
        follow_redirects=True,
    )
    assert "Deal 1 is back: Rosen, Anna &amp; Cla 98." in response.get_data(as_text=True)
    assert scores(client, match_id) == ["98", "59"]
    assert counts(app)[1] == 5


def test_undo_rejections(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    before = counts(app)
    assert "not sent from this page" in undo(client, match_id, csrf_token="bad").get_data(as_text=True)
    assert "changed meanwhile" in undo(client, match_id, version="0").get_data(as_text=True)
    assert counts(app) == before
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    form = page[page.index(f'action="/matches/{match_id}/undo"') :]
    data = {"csrf_token": hidden(form, "csrf_token"), "version": "1", "idem": "same"}
    client.post(f"/matches/{match_id}/undo", data=data)
    # a double tap on undo: one undo entry, and one message (the first tap's, still to be shown)
    response = client.post(f"/matches/{match_id}/undo", data={**data, "version": "2"}, follow_redirects=True)
    page = response.get_data(as_text=True)
    assert "Deal 1 was undone" in page and "already saved" not in page
    # Once that message was shown, a late repeat says it was already saved.
    response = client.post(f"/matches/{match_id}/undo", data={**data, "version": "2"}, follow_redirects=True)
    assert "already saved" in response.get_data(as_text=True)
    assert counts(app) == (before[0], before[1] + 1)
    empty = new_schieber(client)
    response = client.post(f"/matches/{empty}/undo", data={"version": "0"}, follow_redirects=True)
    assert response.status_code == 200
    assert client.get(f"/matches/{match_id}/undo").status_code == 405


# --- Klammern ----------------------------------------------------------------------------


def k_deal(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "forehand": 1,
        "declarer": 1,
        "trump": "S",
        "how": "orgi",
        "team": 1,
        "points": 100,
    }
    base.update(fields)
    return base


@pytest.mark.slow
def test_klammern_small_big_laube_and_kalte(client: FlaskClient) -> None:
    match_id = new_klammern(client)
    page = client.get(f"/matches/{match_id}/deals/new").get_data(as_text=True)
    assert "Terz" in page and "Bella" in page and "Kontra" in page
    for n in range(4):  # playing team 1 wins with 100 > Beet 82: one small point each (K7.1)
        assert post_deal(client, match_id, k_deal(forehand=n % 4 + 1)).status_code == 303
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Ben &amp; Tom are in the Laube." in page  # 4 small points (K7.5); two players: plural
    assert "Sue &amp; Ulla must play." in page
    assert post_deal(client, match_id, k_deal()).status_code == 303
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert 'class="kalte"' in page and "Kalte" in page  # 5 : 0 is a Kalte: 2 big points (K7.3)
    assert 'data-big="2"' in page and 'data-big="0"' in page
    assert "in the Laube" not in page  # a new small game starts at 0 : 0


@pytest.mark.slow
def test_klammern_lost_deal_kontra_melds_bella(client: FlaskClient) -> None:
    match_id = new_klammern(client)
    # Declarer team 1 with 70 of 164 loses (K6.3): defenders 2 small points, ×2 with Kontra (K5.6).
    assert post_deal(client, match_id, k_deal(points=70, kontra="y")).status_code == 303
    assert scores(client, match_id) == ["0", "4"]
    # Terz in trump by quick kind + Bella: team 1 card points 90 + 20 + 20 > Beet (164+40)/2 = 102
    response = post_deal(
        client,
        match_id,
        k_deal(points=90, melds_1_1_kind="run3", melds_1_1_suit="S", melds_1_1_top="T", bella=3),
    )
    assert response.status_code == 303, reasons(response.get_data(as_text=True))
    assert scores(client, match_id) == ["1", "4"]
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Ben: Spades 8–10" in page and "Bella: Tom" in page


def test_every_klammern_rejection_saves_nothing(client: FlaskClient, app: Flask) -> None:
    match_id = new_klammern(client)
    before = counts(app)
    cases: dict[str, tuple[dict[str, Any], str | None]] = {
        "no trump": (k_deal(trump=None), None),
        "no card points": (k_deal(points=None), None),
        "impossible 163": (k_deal(points=163), "K10"),
        "Besser not clubs": (k_deal(how="besser"), "K3.3"),
        "Re without Kontra": (k_deal(re="y"), "K5.6"),
        "Bella with cards elsewhere": (k_deal(bella=2, melds_1_cards="SQ SK SA"), "K5.5"),
        "Durchmarsch outside Liga": (k_deal(durchmarsch=1), None),
        "revoke without points": (k_deal(revoke_seat=2), None),
        "a 6 in Klammern": (k_deal(melds_1_cards="H6 H7 H8"), None),
    }
    for name, (fields, rule) in cases.items():
        response = post_deal(client, match_id, fields)
        assert response.status_code == 422, name
        page = response.get_data(as_text=True)
        assert reasons(page), name
        if rule:
            assert f'href="/rules/klammern#{rule}"' in page, (name, reasons(page))
    assert counts(app) == before


def test_klammern_liga_and_durchmarsch(client: FlaskClient) -> None:
    match_id = new_klammern(client, format="liga")
    assert post_deal(client, match_id, k_deal(points=100)).status_code == 303
    assert scores(client, match_id) == ["10", "6"]  # 100 -> 10 Augen, 64 -> 6 (K8.1)
    assert "41 still needed" in client.get(f"/matches/{match_id}").get_data(as_text=True)
    response = post_deal(client, match_id, k_deal(points=None, durchmarsch=2, all_tricks="y"))
    assert response.status_code == 303, reasons(response.get_data(as_text=True))
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Match over" in page and "Durchmarsch" in page and "Winner: Sue &amp; Ulla" in page


@pytest.mark.slow
def test_klammern_hamburg_dice_and_revoke(client: FlaskClient) -> None:
    match_id = new_klammern(client, format="hamburg")
    assert post_deal(client, match_id, k_deal()).status_code == 303  # Orgi won: 2 (K9.2)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "\u2681" in page  # the die shows two
    response = post_deal(
        client, match_id, k_deal(forehand=2, declarer=2, points=None, revoke_seat=1, revoke_1=40, revoke_2=30)
    )
    assert response.status_code == 303, reasons(response.get_data(as_text=True))
    assert "revoke: Ben" in client.get(f"/matches/{match_id}").get_data(as_text=True)


def test_klammern_three_players(client: FlaskClient) -> None:
    match_id = new_klammern(client, players=3, first_dealer=3)
    page = client.get(f"/matches/{match_id}/deals/new").get_data(as_text=True)
    assert 'name="side_3"' in page and "Ulla" not in page
    # Declarer Ben with 90 of 90+50+20 = 160 (no melds): more than half (80), won: 1 small point (K1.4)
    response = post_deal(client, match_id, k_deal(points=None, side_1=90, side_2=50, side_3=20))
    assert response.status_code == 303, reasons(response.get_data(as_text=True))
    assert scores(client, match_id) == ["1", "0", "0"]
    assert post_deal(client, match_id, k_deal(points=None, side_1=80)).status_code == 422


def test_klammern_correction_prefills_the_form(client: FlaskClient, app: Flask) -> None:
    match_id = new_klammern(client, format="hamburg")
    post_deal(
        client,
        match_id,
        k_deal(
            forehand=2,
            declarer=2,
            points=None,
            revoke_seat=1,
            revoke_1=40,
            revoke_2=30,
            melds_2_cards="H7 H8 H9",
            kontra="y",
        ),
    )
    url = f"/matches/{match_id}/deals/1/correct"
    page = client.get(url).get_data(as_text=True)
    assert 'value="H7 H8 H9"' in page and 'value="40"' in page and 'value="30"' in page
    assert re.search(
        r'<option selected value="1">Ben</option>|<option value="1" selected>Ben</option>',
        page[page.index('name="revoke_seat"') :],
    )
    assert re.search(r'name="kontra" type="checkbox" value="y" checked|checked[^>]*name="kontra"', page)
    # the correction: no revoke, Sue's team plays the Orgi and wins it with 100: 2 on its die (K9.2)
    response = post_deal(client, match_id, k_deal(forehand=2, declarer=2, team=2, points=100), url=url)
    assert response.status_code == 303, reasons(response.get_data(as_text=True))
    assert scores(client, match_id) == ["0", "2"]
    assert counts(app)[1] == 2


def test_a_refused_meld_select_is_named_with_its_player(client: FlaskClient, app: Flask) -> None:
    # Not an engine reason: the form itself refuses a value that is none of the select's options.
    match_id = new_schieber(client)
    before = counts(app)
    response = post_deal(client, match_id, deal(weis_2_1_kind="zz", stoeck="9"))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    summary = [
        re.sub(r"<[^>]+>", "", p)
        for p in re.findall(r'<p class="reason" role="alert"><span class="field-name">.*?</p>', page, re.S)
    ]
    assert "Beat · Kind: Not a valid choice." in summary
    assert any(line.startswith("Stöck") and "Not a valid choice" in line for line in summary)
    assert counts(app) == before

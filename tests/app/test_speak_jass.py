"""Speak Jass: messages and pages name players, cards and options as players do — no
"team None", no seat numbers or card codes where the names are known, no option keys, no
record JSON — and Persian pages read in Persian digits.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.web import display, reason_texts
from tests.helpers.tablet import deal, new_klammern, new_schieber, post_deal

RULES = Path(__file__).resolve().parents[2] / "scorer" / "rules"


#: Stöck for Anna (seat 1) while Beat (seat 2) declares Rosen Under–König in Rosen trump:
#: the Ober and König cannot be in two hands (S6.6).
def k_deal(**fields: Any) -> dict[str, Any]:
    """A Klammern deal the playing team wins with 100 (K7.1: one small point)."""
    return {"forehand": 1, "declarer": 1, "trump": "S", "how": "orgi", "team": 1, "points": 100, **fields}


STOECK_IN_OTHER_WEIS = deal(weis_2_1_kind="run3", weis_2_1_suit="H", weis_2_1_top="K", stoeck=1)


def reasons(page: str) -> list[str]:
    return [
        " ".join(re.sub(r"<[^>]+>", " ", m).split())
        for m in re.findall(r'class="reason"[^>]*>(.*?)</p>', page, re.S)
    ]


def test_s7_3_without_a_team_by_the_tricks_names_no_team_none(app: Flask) -> None:
    error = {
        "rule": "S7.3",
        "code": "reached_first_missing",
        "params": {"target": 1000, "by_tricks": None},
        "message": "both teams reach 1000 by trick points in this deal",
    }
    for language in ("en", "de_CH", "fr_CH", "fa"):
        with app.test_request_context(headers={"Accept-Language": language.replace("_", "-")}):
            text = reason_texts.sentence(error)
            assert "None" not in text and text, language
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert reason_texts.sentence(error) == (
            "Both teams reach 1,000 by trick points in this deal; say which team reached it first."
        )


def test_a_deal_form_names_the_players_and_the_cards(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    page = post_deal(client, match_id, STOECK_IN_OTHER_WEIS).get_data(as_text=True)
    assert (
        "S6.6 Seat 1 (Anna) claims Stöck, but Rosen König, Rosen Ober is in the Weis of seat 2 (Beat)."
        in (reasons(page))
    )
    french = new_schieber(client, deck="french")
    page = post_deal(client, french, STOECK_IN_OTHER_WEIS).get_data(as_text=True)
    assert any("Hearts King, Hearts Queen" in text for text in reasons(page)), reasons(page)


def test_persian_reasons_read_persian(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fa"
    (text,) = [t for t in reasons(post_deal(client, match_id, STOECK_IN_OTHER_WEIS).get_data(as_text=True))]
    assert "König" not in text and "Ober" not in text  # Swiss rank names in Persian
    assert "\u060c" in text and ", " not in text  # the Persian comma
    assert not re.search(r"[0-9]", text.removeprefix("S6.6"))


def test_swiss_rank_names_are_translated(app: Flask) -> None:
    expected = {"fr_CH": ("As", "Roi", "Dame", "Valet"), "fa": ("آس", "شاه", "اوبر", "اوندر")}
    for language, names in expected.items():
        with app.test_request_context(headers={"Accept-Language": language.replace("_", "-")}):
            assert tuple(display.rank_name(rank, "swiss") for rank in ("A", "K", "Q", "J")) == names


def test_the_dispute_desk_keeps_card_codes(client: FlaskClient) -> None:
    """Without a match there are no names: the desk's reasons keep what was typed."""
    page = client.get("/disputes/weis?game=schieber&contract=H&forehand=1&seat_1=HA+HA+HK&ask=1")
    assert "HA HA HK" in page.get_data(as_text=True)


def test_the_rule_book_speaks_of_options_as_the_form_does(client: FlaskClient) -> None:
    # One page per game: Schieber's and Klammern's option tables.
    page = "".join(client.get(f"/rules/{game}").get_data(as_text=True) for game in ("schieber", "klammern"))
    assert "<code>seed</code>" not in page and "<code>official</code>" not in page
    assert "Default target 3000 (basic rules) or 2500 (Swiss regulation)" in page
    for key in (
        "long_runs",
        "four_nines",
        "weis_equal_points",
        "jappa_total",
        "meld_tiebreak",
        "clean_side_all",
    ):
        assert f"<code>{key}</code>" not in page, key
    assert "Runs of five and more" in page and "Equal melds" in page
    german = client.get("/rules/schieber", headers={"Accept-Language": "de-CH"}).get_data(as_text=True)
    assert "<code>seed</code>" not in german


def test_the_rule_book_promises_no_schneider_series() -> None:
    """S1.3: the app shows Schneider on the result; it keeps no series of matches."""
    words = ("series", "Serie", "série", "serie", "سری")
    for path in [RULES / "SCHIEBER.md", *RULES.glob("*/SCHIEBER.md")]:
        text = path.read_text(encoding="utf-8")
        rule = text[text.index("- S1.3") : text.index("## S2")]
        assert not any(word in rule for word in words), path


def test_the_match_page_links_the_dispute_desk(client: FlaskClient) -> None:
    match_id = new_schieber(client, profile="official")
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert 'class="button desk-link" href="/disputes/?game=schieber&amp;profile=official"' in page
    klammern = new_klammern(client, players="3", name_4="", first_dealer="3")
    page = client.get(f"/matches/{klammern}").get_data(as_text=True)
    assert 'href="/disputes/?game=klammern&amp;players=3"' in page


def test_a_double_tap_shows_one_message(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    page = client.get(f"/matches/{match_id}/deals/new").get_data(as_text=True)
    form = {
        name: re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page).group(1)  # type: ignore[union-attr]
        for name in ("csrf_token", "version", "idem")
    }
    fields = {**form, **{k: str(v) for k, v in deal(points=98).items()}}
    first = client.post(f"/matches/{match_id}/deals/new", data=fields)
    assert first.status_code == 303  # the browser never follows it: the second tap came first
    second = client.post(f"/matches/{match_id}/deals/new", data=fields, follow_redirects=True)
    shown = second.get_data(as_text=True)
    assert shown.count('<p class="flash') == 1 and "Deal saved." in shown and "already saved" not in shown
    assert shown.count('<tr id="deal-') == 1


def test_the_history_of_a_correction_in_words_and_persian_digits(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98, weis_2_1_kind="four", weis_2_1_top="J", stoeck=1))
    corrected = deal(points=120, contract="S", weis_2_1_kind="four", weis_2_1_top="J")
    post_deal(client, match_id, corrected, url=f"/matches/{match_id}/deals/1/correct")
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    history = page[page.index('<ol class="history">') : page.index("</ol>")]
    assert "Rosen, Anna &amp; Cla 98, Beat: 4 × Under, Stöck: Anna" in history
    assert "Schilten, Anna &amp; Cla 120, Beat: 4 × Under" in history and "{" not in history
    persian = client.get(f"/matches/{match_id}", headers={"Accept-Language": "fa"}).get_data(as_text=True)
    table = persian[persian.index('<table class="deals">') : persian.index("</table>")]
    shown = re.sub(r"<[^>]+>", " ", table)
    assert not re.search(r"[0-9]", shown), shown  # deal numbers, factors, points, times, Weis
    assert re.search("\u0648\u0627\u06cc\u0633 [\u06f0-\u06f9]+ : [\u06f0-\u06f9٬]+", shown)  # "Weis ۰ : ۴۰۰"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("language", "laube", "must"),
    [
        ("en", "Ben &amp; Tom are in the Laube.", "Sue &amp; Ulla must play."),
        ("de_CH", "Ben &amp; Tom sind in der Laube.", "Sue &amp; Ulla müssen spielen."),
    ],
)
def test_a_side_of_two_is_plural(client: FlaskClient, language: str, laube: str, must: str) -> None:
    match_id = new_klammern(client)
    for n in range(4):  # four won deals: team 1 has 4 small points, the Laube (K7.5)
        assert post_deal(client, match_id, k_deal(forehand=n % 4 + 1)).status_code == 303
    page = client.get(f"/matches/{match_id}", headers={"Accept-Language": language.replace("_", "-")})
    text = page.get_data(as_text=True)
    assert laube in text and must in text


def test_the_match_title_names_the_profile_in_words(client: FlaskClient) -> None:
    seed = client.get(f"/matches/{new_schieber(client)}").get_data(as_text=True)
    official = client.get(f"/matches/{new_schieber(client, profile='official')}").get_data(as_text=True)
    assert "· basic rules</small>" in seed and "· Swiss regulation</small>" in official
    german = client.get(f"/matches/{new_schieber(client)}", headers={"Accept-Language": "de-CH"})
    assert "· Grundregeln</small>" in german.get_data(as_text=True)


def test_the_weis_comparison_names_the_top_cards(client: FlaskClient) -> None:
    """S6.5: equal points and length, the higher top card wins — Ober against König, not Q vs K."""
    url = "/disputes/weis?game=schieber&contract=H&forehand=1&seat_1=CT+CJ+CQ&seat_2=SJ+SQ+SK&ask=1"
    page = client.get(url).get_data(as_text=True)
    steps = page[page.rindex("<table") : page.rindex("</table>")]
    cells = [
        " ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", steps, re.S)
    ]
    assert "Ober" in cells and "König" in cells
    assert "Q" not in cells and "K" not in cells
    persian = client.get(url, headers={"Accept-Language": "fa"}).get_data(as_text=True)
    assert "اوبر" in persian and "شاه" in persian


def test_persian_match_title_and_chalk_board_in_persian_digits(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    for view in ("", "?view=board"):
        page = client.get(f"/matches/{match_id}{view}", headers={"Accept-Language": "fa"}).get_data(
            as_text=True
        )
        title = re.search(r'<h1 class="match-title">(.*?)</h1>', page, re.S)
        assert (
            title
            and "#\u06f1" in title.group(1)
            and not re.search(r"[0-9]", re.sub(r"<[^>]+>", "", title.group(1)))
        )
        if view:
            board = page[
                page.index('<section class="chalkboard"') : page.index("</section>", page.index("chalkboard"))
            ]
            assert not re.search(r"[0-9]", re.sub(r"<[^>]+>", " ", board))


def test_persian_deal_form_and_match_list_in_persian_digits(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    persian = {"Accept-Language": "fa"}
    form = client.get(f"/matches/{match_id}/deals/new", headers=persian).get_data(as_text=True)
    title = re.search(r'<h1 class="deal-title">(.*?)<a', form, re.S)
    assert title and "\u06f2" in title.group(1) and not re.search(r"[0-9]", title.group(1))
    options = re.findall(r"<option[^>]*>([^<]*)</option>", form)
    assert options and not [o for o in options if re.search(r"[0-9]", o)]
    listing = client.get("/matches/", headers=persian).get_data(as_text=True)
    counts = re.findall(r'<span class="muted">([^<]*)</span>', listing)
    assert counts and not [c for c in counts if re.search(r"[0-9]", c)]

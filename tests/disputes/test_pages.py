"""The dispute desk's pages: GET questions, shareable links, one-page PDFs, import with CSRF, weight."""

from __future__ import annotations

import io
import json
import re
from urllib.parse import urlencode, urlsplit

import pytest
from flask.testing import FlaskClient
from pypdf import PdfReader

from tests.helpers.disputes import QUESTIONS

EN = {"Accept-Language": "en"}

VERDICTS = {
    "card": "H6 was not allowed.",
    "trick": "C6 takes the trick (seat 3).",
    "weis": "Team 2 scores the Weis: 50 × 4 = 200.",
    "count": "156 is impossible.",
    "replay": "Every card follows the rules.",
}


def ask(client: FlaskClient, screen: str, **extra: str) -> str:
    query = urlencode({**QUESTIONS[screen], **extra, "ask": "1"})
    response = client.get(f"/disputes/{screen}?{query}", headers=EN)
    assert response.status_code == 200
    return response.get_data(as_text=True)


@pytest.mark.slow
@pytest.mark.parametrize("screen", list(QUESTIONS))
def test_each_screen_rules_and_cites(client: FlaskClient, screen: str) -> None:
    page = ask(client, screen)
    assert VERDICTS[screen] in page.replace("&#39;", "'")
    # Every cited rule links to its anchor in the rule book.
    assert re.search(r'href="/rules/(?:schieber|klammern)#[SK]\d+(\.\d+)?"', page)


@pytest.mark.slow
@pytest.mark.parametrize("screen", list(QUESTIONS))
def test_share_link_reproduces_the_ruling(client: FlaskClient, screen: str) -> None:
    page = ask(client, screen)
    link = re.search(r'class="share-link" type="text" readonly value="([^"]+)"', page)
    assert link
    url = urlsplit(link.group(1).replace("&amp;", "&"))
    again = client.get(f"{url.path}?{url.query}", headers=EN).get_data(as_text=True)
    assert VERDICTS[screen] in again.replace("&#39;", "'")


@pytest.mark.slow
@pytest.mark.parametrize("screen", list(QUESTIONS))
def test_pdf_is_one_page_with_the_verdict(client: FlaskClient, screen: str) -> None:
    query = urlencode({**QUESTIONS[screen], "ask": "1"})
    response = client.get(f"/disputes/{screen}.pdf?{query}", headers=EN)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert VERDICTS[screen].split(" ")[0] in text


def test_pdf_without_a_question_goes_to_the_form(client: FlaskClient) -> None:
    response = client.get("/disputes/card.pdf")
    assert response.status_code == 302


def test_form_problems_are_shown_on_the_field(client: FlaskClient) -> None:
    page = ask(client, "card", card="XX")
    assert "XX is not a card" in page
    page = ask(client, "card", game="klammern", hand="H6 H7", card="H7", trick="")
    assert "has no 6s" in page
    page = ask(client, "count", points="")
    assert 'role="alert"' in page


def test_screen_prefilled_from_the_match_screen(client: FlaskClient) -> None:
    page = client.get("/disputes/card?game=klammern&contract=S", headers=EN).get_data(as_text=True)
    assert re.search(r'value="klammern"[^>]*checked|checked[^>]*value="klammern"', page)
    assert 'class="ruling' not in page
    index = client.get("/disputes/?game=klammern", headers=EN).get_data(as_text=True)
    assert "/disputes/card?game=klammern" in index


def test_klammern_weis_and_revoke_pages(client: FlaskClient) -> None:
    page = ask(
        client,
        "weis",
        game="klammern",
        contract="S",
        seat_1="S9 ST SJ",
        kind_2="",
        suit_2="",
        top_2="",
        kind_4="run3",
        suit_4="H",
        top_4="A",
    )
    assert "Team 2 scores the melds: 20." in page


def test_import_needs_csrf(client: FlaskClient) -> None:
    assert client.post("/disputes/replay", data={"text": "{}"}).status_code == 400
    page = client.get("/disputes/replay").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    record = {"game": "schieber", "contract": "H", "forehand": 1, "tricks": [["H6", "H7", "H8", "H9"]]}
    response = client.post(
        "/disputes/replay", data={"csrf_token": token.group(1), "text": json.dumps(record)}
    )
    assert response.status_code == 302
    shown = client.get(response.headers["Location"], headers=EN).get_data(as_text=True)
    assert "Every card follows the rules." in shown


def test_import_file(client: FlaskClient) -> None:
    page = client.get("/disputes/replay").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    data = {
        "csrf_token": token.group(1),
        "file": (
            io.BytesIO(b'{"game": "schieber", "contract": "H", "tricks": [["H6", "H7", "H8", "HJ"]]}'),
            "deal.json",
        ),
    }
    response = client.post("/disputes/replay", data=data, content_type="multipart/form-data")
    assert response.status_code == 302
    assert "Every card follows" in client.get(response.headers["Location"], headers=EN).get_data(as_text=True)


@pytest.mark.slow
@pytest.mark.parametrize("screen", ["", *QUESTIONS])
def test_page_weight_and_no_external_requests(client: FlaskClient, screen: str) -> None:
    page = ask(client, screen) if screen else client.get("/disputes/").get_data(as_text=True)
    total = len(page.encode())
    for asset in re.findall(r'(?:src|href)="(/static/[^"]+)"', page):
        with client.get(asset) as response:
            total += len(response.data)
    assert total < 100_000
    assert not re.search(r'(?:src|href)="(?:https?:)?//', page)


def test_match_screen_link_partial(app: object) -> None:
    from flask import Flask, render_template

    assert isinstance(app, Flask)
    with app.test_request_context():
        html = render_template("disputes/_link.html", game="schieber")
    assert "/disputes/?game=schieber" in html


@pytest.mark.parametrize(
    ("lang", "direction", "arrow", "wrong_way"),
    [("fa", "rtl", "\u2190", "\u2192"), ("de-CH", "ltr", "\u2192", "\u2190")],
)
def test_arrow_to_the_played_card_points_the_way_the_page_reads(
    client: FlaskClient, lang: str, direction: str, arrow: str, wrong_way: str
) -> None:
    # Under dir="rtl" the cards so far run right to left, so the card played comes after them on the left.
    query = urlencode({**QUESTIONS["card"], "ask": "1"})
    page = client.get(f"/disputes/card?{query}", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert f'dir="{direction}"' in page
    then = re.findall(r'<span class="then" aria-hidden="true">(.)</span>', page)
    assert then == [arrow]
    ruling = page[page.index('class="ruling') :]
    assert wrong_way not in ruling


def test_pdf_carries_the_pdf_policy_not_the_pages(client: FlaskClient) -> None:
    from scorer.web.security import PDF_POLICY

    query = urlencode({**QUESTIONS["card"], "ask": "1"})
    response = client.get(f"/disputes/card.pdf?{query}", headers=EN)
    policy = response.headers["Content-Security-Policy"]
    # Chrome's own viewer draws the PDF through an <embed> (object-src): the page's 'none' would blank it.
    assert policy == PDF_POLICY
    assert "object-src 'self'" in policy and "object-src 'none'" not in policy
    assert response.headers["Content-Disposition"] == 'inline; filename="tafel-card.pdf"'
    # The question's page keeps the app's strict policy.
    page = client.get(f"/disputes/card?{query}", headers=EN)
    assert "object-src 'none'" in page.headers["Content-Security-Policy"]

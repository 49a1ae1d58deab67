"""The Weis desk: two Weis of one player picked apart, and the one-page PDF keeping the S6.5
comparison table beside the verdict and the share link."""

from __future__ import annotations

import io
import re
from urllib.parse import urlencode, urlsplit

from flask.testing import FlaskClient
from pypdf import PdfReader

EN = {"Accept-Language": "en"}


def ask(client: FlaskClient, fields: dict[str, str], pdf: bool = False) -> bytes:
    query = urlencode({**fields, "ask": "1"})
    response = client.get(f"/disputes/weis{'.pdf' if pdf else ''}?{query}", headers=EN)
    assert response.status_code == 200
    return response.data


def test_two_pickers_separate_two_weis_of_one_player(client: FlaskClient) -> None:
    # Seat 1 holds Rosen 6-7-8 (20) and four Under (200): two claims, judged one by one (S6.1,
    # S6.2); seat 2's Schellen run of four (50) loses to the four Under (S6.5 step 1).
    page = ask(
        client,
        {
            "game": "schieber",
            "contract": "S",
            "forehand": "1",
            "kind_1": "run3",
            "suit_1": "H",
            "top_1": "8",
            "kind_1_2": "four",
            "top_1_2": "J",
            "kind_2": "run4",
            "suit_2": "C",
            "top_2": "9",
        },
    ).decode()
    assert 'name="kind_1_2"' in page
    rows = re.findall(r'<tr class="ok"><td>1</td><td>(.*?)</td>', page, re.S)
    assert len(rows) == 2  # two claims of seat 1, each its own row
    text = re.sub(r"<[^>]+>", " ", page)
    assert "Team 1 scores the Weis: 220 × 2 = 440." in text.replace("&#39;", "'")


WEIS = {
    "game": "schieber",
    "contract": "H",
    "forehand": "1",
    "seat_1": "CA CK CQ CJ",  # 50, top Ass
    "kind_2": "run4",
    "suit_2": "D",
    "top_2": "A",  # 50, top Ass: equal up to trump and play order
}


def test_the_pdf_keeps_the_comparison_table_and_the_share_link(client: FlaskClient) -> None:
    page = ask(client, WEIS).decode()
    assert "The comparison, step by step" in page
    link = re.search(r'class="share-link" type="text" readonly value="([^"]+)"', page)
    assert link
    data = ask(client, WEIS, pdf=True)
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(data)).pages]
    assert len(pages) == 1
    text = pages[0]
    assert "The comparison, step by step" in text
    # Every step up to the deciding one, both Weis side by side: play order decides (S6.5).
    assert "Team 1: CJ CQ CK CA (seat 1) | Team 2: DJ DQ DK DA (seat 2)" in text
    assert "1. points: 50 | 50 \u2013 equal" in text
    assert "4. trump: no | no \u2013 equal" in text
    assert "5. play order: 1. to play | 2. to play \u2013 yes" in text
    shared = urlsplit(link.group(1).replace("&amp;", "&"))
    assert shared.path in text.replace("\n", "")

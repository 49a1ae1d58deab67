"""A ruling's PDF is one page that always keeps its verdict and share link (the rule texts give way)."""

from __future__ import annotations

import io

import pytest
from flask.testing import FlaskClient
from pypdf import PdfReader

from scorer.disputes.pdf import _share, ruling_pdf
from scorer.games.ruling import Ruling
from scorer.rulebook import book

LINK = "https://tafel.example/disputes/card?game=klammern&players=3&trick=CA+ST&hand=S7+SJ+D8&card=S7&ask=1"


def pages(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def ruling(rules: list[str]) -> Ruling:
    return Ruling(
        screen="card",
        verdict="S7 was not allowed.",
        ok=False,
        rules=rules,
        facts=[("Players", "3"), ("Trick so far", "CA ST"), ("Hand", "S7 SJ D8")],
        lines=["Spades are trump; ST is in the trick and SJ can overtrump it (K4.3)."],
    )


def test_long_rule_texts_are_shortened_never_the_link() -> None:
    # Forty Klammern rules cited at once: not even their ids fit on one page.
    cited = [(rid, str(text)) for rid, text in book.pairs("klammern")][:40]
    found = pages(ruling_pdf(ruling([rid for rid, _ in cited]), "Card", cited, LINK))
    assert len(found) == 1
    text = found[0]
    assert "S7 was not allowed." in text
    assert LINK.replace("&", "") in text.replace("\n", "").replace("&", "")
    # The texts were cut, and the cut shows; the link is the last thing on the page.
    assert "\u2026" in text
    assert text.rstrip().replace("\n", "").endswith(LINK[-20:])


def test_a_dozen_long_rules_share_the_page() -> None:
    rids = [
        "K1.4",
        "K1.4.1",
        "K1.4.2",
        "K2.4",
        "K4.3",
        "K4.5",
        "K5.2",
        "K5.3",
        "K8.3",
        "K8.4",
        "K9.4",
        "K2.5",
    ]
    cited = [(rid, book.rule_text(rid)) for rid in rids]
    assert sum(len(text) for _, text in cited) > 6000
    text = pages(ruling_pdf(ruling(rids), "Card", cited, LINK))[0]
    assert "S7 was not allowed." in text and "ask=1" in text.replace("\n", "")
    assert all(rid in text for rid in rids) and "\u2026" in text


def test_every_cited_rule_keeps_its_id_when_texts_are_cut() -> None:
    long_text = " ".join(["The revoker is one side; every other player together is the clean side."] * 40)
    cited = [("K1.4.1", long_text), ("K4.5", long_text), ("K1.4.2", "Small points with 2–3 players.")]
    text = pages(ruling_pdf(ruling(["K1.4.1", "K4.5", "K1.4.2"]), "Card", cited, LINK))[0]
    for rid in ("K1.4.1", "K4.5", "K1.4.2"):
        assert rid in text
    # The short text keeps all of itself; the long ones are cut.
    assert "Small points with 2–3 players." in text and text.count("\u2026") == 2
    assert "ask=1" in text.replace("\n", "")


def test_short_rulings_are_not_cut() -> None:
    cited = [("K4.3", book.rule_text("K4.3"))]
    text = pages(ruling_pdf(ruling(["K4.3"]), "Card", cited, LINK))[0]
    assert "\u2026" not in text and "ask=1" in text.replace("\n", "")


def test_a_right_to_left_ruling_keeps_its_link() -> None:
    cited = [
        (rid, book.rule_text(rid, "fa")) for rid in ("K1.4", "K1.4.1", "K1.4.2", "K4.5", "K8.3", "K8.4")
    ] * 3
    found = pages(ruling_pdf(ruling([rid for rid, _ in cited]), "Card", cited, LINK, "fa"))
    assert len(found) == 1 and "ask=1" in found[0].replace("\n", "")


@pytest.mark.parametrize(
    "lengths, room, expected",
    [
        ([3, 4], 10, [3, 4]),  # everything fits
        ([2, 30, 30], 12, [2, 5, 5]),  # the short one whole, the long ones share
        ([30, 30, 30], 10, [4, 3, 3]),  # the odd line to the rule cited first
        ([5, 5], 0, [0, 0]),  # no room: ids only
    ],
)
def test_share_of_lines(lengths: list[int], room: int, expected: list[int]) -> None:
    assert _share(lengths, room) == expected
    assert sum(_share(lengths, room)) <= max(room, sum(lengths) if sum(lengths) <= room else room)


def test_the_desk_pdf_of_a_small_table_keeps_its_link(client: FlaskClient) -> None:
    query = "game=klammern&contract=S&players=3&trick=CA+ST&hand=S7+SJ+D8&card=S7&ask=1"
    response = client.get(f"/disputes/card.pdf?{query}", headers={"Accept-Language": "de-CH"})
    assert response.status_code == 200
    found = pages(response.data)
    assert len(found) == 1 and "players=3" in found[0].replace("\n", "")

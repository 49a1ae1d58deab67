"""A large event's printouts come in parts (``printouts.PART_SIZES``): each part holds its items
alone, says which they are, and is offered where the printout is; no request renders the whole
of a thousand players' Standblätter or two hundred and fifty tables' cards."""

from __future__ import annotations

import io
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from scorer.events import printouts
from tests.helpers.events import draw, event_state, new_event, register

NAMES = ["Anna", "Beat", "Cla", "Dora", "Erich", "Fränzi", "Gian", "Heidi", "Ida"]


def texts(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def test_parts_cover_every_item_once_and_an_empty_printout_has_one() -> None:
    for kind, size in printouts.PART_SIZES.items():
        for count in (0, 1, size - 1, size, size + 1, 5 * size + 3):
            found = printouts.parts(kind, count)
            covered = [item for part in found for item in range(part.first, part.last + 1)]
            assert covered == list(range(1, count + 1)), (kind, count)
            assert all(part.last - part.first < size for part in found)
            assert [part.number for part in found] == list(range(1, len(found) + 1))


@pytest.fixture
def small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parts of two items (tables, players, lines), so that a small evening has several."""
    monkeypatch.setattr(printouts, "PART_SIZES", dict.fromkeys(printouts.PART_SIZES, 2))


@pytest.mark.slow
def test_each_part_prints_its_items_alone(
    client: FlaskClient, app: Flask, small_parts: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    event_id = new_event(client, passen="2", games_per_passe="2")
    register(client, event_id, NAMES)
    draw(client, event_id)
    (round_,) = event_state(app, event_id).rounds
    assert len(round_.tables) == 2 and len(round_.sitouts) == 1
    # Standblätter: 9 players in parts of 2, in registration order; the fifth part holds Ida.
    sheets = [
        texts(client.get(f"/events/{event_id}/print/standblatt.pdf?part={n}").data) for n in range(1, 6)
    ]
    assert [len(part) for part in sheets] == [2, 2, 2, 2, 1]
    # Each page's player: the large line under the heading, in registration order over the parts.
    assert [page.splitlines()[1] for part in sheets for page in part] == NAMES
    assert "Part 5: 9 of 9" in sheets[4][0]  # a part of one item names it alone
    # The ranking list in lines of two: every player exactly once over the parts.
    ranked = "".join(
        "".join(texts(client.get(f"/events/{event_id}/print/ranking.pdf?part={n}").data)) for n in range(1, 6)
    )
    assert all(ranked.count(name) == 1 for name in NAMES)
    # One table's card and pad per part of one: the second part holds table 2 alone.
    monkeypatch.setattr(printouts, "PART_SIZES", dict.fromkeys(printouts.PART_SIZES, 1))
    for kind in ("tables", "pads"):
        (page,) = texts(client.get(f"/events/{event_id}/print/{kind}.pdf?part=2").data)
        assert "Table 2" in page and "Table 1" not in page, kind
        assert "Part 2: 2 of 2" in page
    # A part that does not exist, or that is not a number, is not found.
    for asked in ("3", "0", "-1", "x", "1e3", "99999999999"):
        assert client.get(f"/events/{event_id}/print/tables.pdf?part={asked}").status_code == 404, asked


@pytest.mark.slow
def test_the_pages_offer_every_part(client: FlaskClient, app: Flask, small_parts: None) -> None:
    event_id = new_event(client, passen="2", games_per_passe="2")
    register(client, event_id, NAMES)
    draw(client, event_id)
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    for kind, count in (("standblatt", 5), ("ranking", 5)):
        links = re.findall(rf"/events/{event_id}/print/{kind}\.pdf\?part=(\d+)", page)
        assert links == [str(n) for n in range(1, count + 1)], kind
    for kind in ("tables", "pads"):  # the round's two tables, in one part of two
        assert re.findall(rf"/events/{event_id}/print/{kind}\.pdf\?round=1(?!&)", page), kind
    results = client.get(f"/events/{event_id}/results").get_data(as_text=True)
    assert "print/standblatt.pdf?part=5" in results and "1–2" in results


def test_a_club_evening_prints_in_one_part(client: FlaskClient, app: Flask) -> None:
    event_id = new_event(client, passen="2", games_per_passe="2")
    register(client, event_id, NAMES)
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "part=" not in page
    (sheets,) = [texts(client.get(f"/events/{event_id}/print/standblatt.pdf").data)]
    assert len(sheets) == len(NAMES) and not any("Part " in text for text in sheets)


@pytest.mark.slow
def test_the_standblaetter_exports_come_in_parts_of_players(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(printouts, "PART_SIZES", {**printouts.PART_SIZES, "standblatt_sheet": 4})
    event_id = new_event(client, passen="2", games_per_passe="2")
    register(client, event_id, NAMES)
    draw(client, event_id)
    results = client.get(f"/events/{event_id}/results").get_data(as_text=True)
    assert re.findall(rf"/events/{event_id}/export/standblatt\.csv\?part=(\d)", results) == ["1", "2", "3"]
    players = []
    for number in (1, 2, 3):
        answer = client.get(f"/events/{event_id}/export/standblatt.csv?part={number}")
        assert answer.status_code == 200
        assert f"standblatt-{number}.csv" in answer.headers["Content-Disposition"]
        lines = answer.get_data(as_text=True).lstrip("\ufeff").splitlines()[1:]
        players += sorted({line.split(",")[0] for line in lines})
    # Every player's lines once, in parts of four, in registration order.
    assert players == [f"P{n}" for n in range(1, len(NAMES) + 1)]
    assert client.get(f"/events/{event_id}/export/standblatt.xlsx?part=4").status_code == 404


@pytest.mark.slow
def test_the_parts_are_named_in_the_readers_digits(
    client: FlaskClient, app: Flask, small_parts: None
) -> None:
    event_id = new_event(client, passen="2", games_per_passe="2")
    register(client, event_id, NAMES)
    client.get(f"/lang/fa?next=/events/{event_id}/results")
    results = client.get(f"/events/{event_id}/results").get_data(as_text=True)
    assert ">۱–۲</a>" in results and ">۹</a>" in results and ">1–2</a>" not in results

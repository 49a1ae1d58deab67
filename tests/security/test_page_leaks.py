"""Pages that carry something they must not: a form inside the page's title, one reader's query
string in a page every reader is served."""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.events import claim_table, draw, event_state, new_event, play_passe, register, table_link
from tests.helpers.tablet import english

TEMPLATES = Path(__file__).resolve().parents[2] / "scorer" / "templates"


def title_of(page: str) -> str:
    found = re.search(r"<title>(.*?)</title>", page, re.S)
    assert found, "the page has a title"
    return found.group(1)


def test_the_directors_player_page_keeps_its_form_out_of_the_title(client: FlaskClient) -> None:
    event_id = new_event(client)
    register(client, event_id, ["Anna", "Beat"])
    page = client.get(f"/events/{event_id}/players/P1").get_data(as_text=True)
    title = title_of(page)
    assert "<" not in title and "csrf" not in title.lower(), title
    assert title.startswith("Anna · Clubabend")
    # The correction form is on the page, once, in its body.
    assert page.count(f'action="/events/{event_id}/players/P1/correct"') == 1
    assert page.index("</title>") < page.index('name="csrf_token"')


def test_no_template_puts_markup_into_a_title_or_an_attribute() -> None:
    """A block left open swallows what follows it: the title and the body's class (an
    attribute) hold text and expressions only."""
    for template in TEMPLATES.rglob("*.html"):
        source = template.read_text(encoding="utf-8")
        for body in re.findall(r"{%-?\s*block (?:title|body_class)\s*-?%}(.*?){%-?\s*endblock", source, re.S):
            text = re.sub(r"{{.*?}}", "", body)  # expressions are escaped when rendered
            assert not re.search(r"[<>\"\n]|{%", text), (template, body)


def projector_page(reader: FlaskClient, event_id: int, query: str) -> bytes:
    response = reader.get(f"/events/{event_id}/ranking{query}", headers={"Accept-Encoding": "identity"})
    assert response.status_code == 200
    body = response.get_data()
    response.close()  # as a server does once the answer is sent: a claimed refresh runs here
    return body


def test_the_projector_page_is_the_same_whatever_query_a_reader_sent(app: Flask, client: FlaskClient) -> None:
    event_id = new_event(client, passen=1, games_per_passe=2)
    register(client, event_id, ["Anna", "Beat", "Chris", "Dora"])
    draw(client, event_id)
    match_id = event_state(app, event_id).rounds[0].tables[0].match_id
    claim_table(client, table_link(client, event_id, match_id))  # the table's tablet
    play_passe(client, match_id, [98, 45])
    queries = ["?utm=leak-one", "", "?next=%2Fleak-two&x=1", "?leak-three", "?a=%22%3E%3Cb%3E"]
    for address, query in enumerate(queries):
        # Each a spectator of its own: the first reader's page is computed live, the others' are
        # served from the stored answer.
        reader = english(app, f"192.0.2.{60 + address}")
        pages = [projector_page(reader, event_id, query) for _ in range(2)]
        for page in pages:
            text = page.decode()
            assert "leak" not in text and "%3Cb%3E" not in text and "<b>" not in text
            links = re.findall(r'href="(/lang/[^"]*)"', text)
            assert links and all(link.endswith(f"next=/events/{event_id}/ranking") for link in links), links
        if address == 0:
            first = pages[0]
        assert pages == [first, first], query

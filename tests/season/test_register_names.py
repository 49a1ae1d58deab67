"""An evening's names read by the register of its series (SEASON.md Z2): a name alike a player's
of the series is shown to the director with one tap that writes it as the series does (a
correction of the registration, nothing overwritten); a name of the series in other letter case
is that player already; different people stay apart as registered."""

from __future__ import annotations

import difflib
import random
import re
from unittest.mock import patch

from flask import Flask
from flask.testing import FlaskClient

from scorer.season import register
from tests.helpers.events import draw, event_state, form_tokens, new_event, play_passe
from tests.helpers.events import register as register_players
from tests.helpers.season import new_series, office_post
from tests.helpers.tablet import english

MEMBERS = {"gian caflisch": "Gian Caflisch", "anna muster": "Anna Muster", "beat": "Beat"}


def test_a_members_name_in_other_letter_case_is_that_member() -> None:
    (read,) = register.read_names(["  anna   MUSTER "], MEMBERS, lambda key: key, "Cup")
    assert read.known == "Anna Muster" and read.alike == () and read.register == "Cup"


def test_a_name_alike_a_members_offers_the_member_the_most_alike_first() -> None:
    members = {**MEMBERS, "gian caflish": "Gian Caflish"}
    (read,) = register.read_names(["Gian Calfisch"], members, lambda key: key)
    assert read.known is None and read.alike == ("Gian Caflisch", "Gian Caflish")
    # Nothing alike: a new player.
    (new,) = register.read_names(["Zoë Brunner"], MEMBERS, lambda key: key)
    assert new.known is None and new.alike == ()


def test_a_merged_spelling_is_its_person_already() -> None:
    merged = {"gian calfisch": "gian caflisch"}
    (read,) = register.read_names(["Gian Calfisch"], MEMBERS, lambda key: merged.get(key, key))
    assert read.known == "Gian Caflisch"


def test_an_evenings_names_are_compared_within_a_bound() -> None:
    members = {f"spieler {n:04d}": f"Spieler {n:04d}" for n in range(1000)}
    # Only keys of a length that can be alike are compared: these are all of one length.
    first = [f"Spieler 0a{n:02d}" for n in range(register.MOST_COMPARISONS // len(members))]
    assert first
    read = register.read_names([*first, "Spieler 00x1"], members, lambda key: key)
    assert all(each.alike for each in read[:-1])
    assert read[-1].alike == ()  # alike members, but past the bound: read as new
    (alone,) = register.read_names(["Spieler 00x1"], members, lambda key: key)
    assert alone.alike[0] == "Spieler 0001" and len(alone.alike) == register.ALIKE_OFFERED
    # A short name is compared with no key of another length: it costs nothing of the bound.
    shorts = register.read_names(["Gast"] * 10_000 + ["Spieler 00x1"], members, lambda key: key)
    assert shorts[-1].alike[0] == "Spieler 0001"


def alike_section(client: FlaskClient, event_id: int) -> str:
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    found = re.search(r'<section class="alike-names".*?</section>', page, re.S)
    return found.group(0) if found else ""


def test_the_director_writes_a_name_as_the_series_does_with_one_tap(client: FlaskClient, app: Flask) -> None:
    series_id = new_series(client, title="Jahresmeisterschaft")
    january = new_event(client, title="Januar", passen=1, series=series_id)
    register_players(client, january, ["Anna Muster", "Beat", "Chris", "Gian Caflisch"])
    february = new_event(client, title="Februar", passen=1, series=series_id)
    register_players(client, february, ["anna muster", "Beat", "Dora", "Gian Calfisch"])
    section = alike_section(client, february)
    # Only the typo is asked about: "anna muster" is Anna Muster (Z2.1), Dora is new.
    assert "Gian Calfisch looks like Gian Caflisch of Jahresmeisterschaft." in section
    assert 'name="back" value="event"' in section  # the tap comes back to this page
    assert section.count("<li>") == 1 and "Dora" not in section and "anna muster" not in section
    # Anyone else reading the evening's page sees nothing of it.
    assert alike_section(english(app, "192.0.2.30"), february) == ""
    (gian,) = [p for p in event_state(app, february).registered if p.name == "Gian Calfisch"]
    action = f"/events/{february}/players/{gian.id}/correct"
    data = {
        **form_tokens(section, action),
        "club": "",
        "number": "",
        "name": "Gian Caflisch",
        "back": "event",
    }
    answer = client.post(action, data=data)
    assert answer.status_code == 303 and answer.headers["Location"].endswith(f"/events/{february}")
    state = event_state(app, february)
    assert [p.name for p in state.registered] == ["anna muster", "Beat", "Dora", "Gian Caflisch"]
    assert state.players[gian.id].versions == 2  # a correction: the registration kept
    assert alike_section(client, february) == ""
    # The series counts him once; the evening outside any series is asked nothing.
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    assert "Gian Calfisch" not in page
    alone = new_event(client, title="Freundschaftsspiel", passen=1)
    register_players(client, alone, ["Gian Calfisch", "Beat", "Chris", "Dora"])
    assert alike_section(client, alone) == ""


def test_a_merge_in_the_series_settles_the_question_for_the_evenings_after(
    client: FlaskClient, app: Flask
) -> None:
    series_id = new_series(client, title="Cup")
    asked = []
    for title, gian in (("Eins", "Gian Caflisch"), ("Zwei", "Gian Calfisch")):
        event_id = new_event(client, title=title, passen=1, games_per_passe=1, series=series_id)
        register_players(client, event_id, [gian, "Beat", "Chris", "Dora"])
        asked.append(alike_section(client, event_id))
        draw(client, event_id)
        # Asked while the evening registers: once it is drawn, the series' office merges.
        assert alike_section(client, event_id) == ""
        (table,) = event_state(app, event_id).rounds[0].tables
        play_passe(client, table.match_id, [100])  # a ranking: the series' standing names them
    assert asked[0] == "" and "Gian Calfisch looks like Gian Caflisch of Cup." in asked[1]
    merged = office_post(client, series_id, "merge", {"alias": "gian calfisch", "into": "gian caflisch"})
    assert merged.status_code == 303
    third = new_event(client, title="Drei", passen=1, games_per_passe=1, series=series_id)
    register_players(client, third, ["Gian Calfisch", "Beat", "Chris", "Dora"])
    assert alike_section(client, third) == ""  # one person of the series, written either way


def test_an_evenings_names_are_read_as_its_state_names_its_players() -> None:
    from datetime import UTC, datetime

    from scorer.events import snapshot
    from scorer.events import state as event_log
    from scorer.season import views as season_views

    def row(seq: int, kind: str, record: dict[str, object], target: int | None = None) -> snapshot.LogRow:
        return snapshot.LogRow(seq, kind, record, target, datetime(2026, 12, 4, tzinfo=UTC))

    rows = [
        row(1, "player", {"name": "Gian Calfisch", "club": "Chur"}),
        row(2, "pair", {"players": [{"name": "Anna"}, {"name": "Beat"}]}),
        row(3, "correction", {"name": "Gian Caflisch", "club": "Chur"}, target=1),
        row(4, "correction", {"name": "Bea", "member": "b"}, target=2),
        row(5, "substitute", {"name": "Dora", "for": "P1", "from_round": 2}),
        row(6, "player", {"name": "Chris", "from_round": 2}),
    ]
    derived = tuple(player.name for player in event_log.derive(rows).players.values())
    assert (
        season_views._registered_names(rows) == derived == ("Gian Caflisch", "Anna", "Bea", "Dora", "Chris")
    )


def test_alike_names_are_offered_a_few_at_a_time_within_a_bound() -> None:
    """The office is offered the pairs that look alike (Z2); a register whose every name is alike
    every other gives a few pairs, not all of them, and one of random names of the longest
    length compares only as many as its bound allows (the page's work is bounded)."""
    found = register.near_duplicates(["gian caflisch", "gian calfisch", "anna muster", "beat"])
    assert found == [("gian caflisch", "gian calfisch")]
    alike = [f"spielerin nummer {n:04d}" for n in range(1000)]
    pairs = register.near_duplicates(alike)
    assert len(pairs) == register.PAIRS_OFFERED and all(a < b for a, b in pairs)
    compared: list[int] = []
    original = difflib.SequenceMatcher.quick_ratio

    def counted(self: difflib.SequenceMatcher[str]) -> float:
        compared.append(1)
        return original(self)

    draw = random.Random(32)
    names = ["".join(draw.choice("abcdefghij") for _ in range(120)) for _ in range(400)]
    with patch.object(difflib.SequenceMatcher, "quick_ratio", counted):
        register.near_duplicates(names)
    # Each quick comparison charged by both lengths: 80,000 / 240 of them at most.
    assert 0 < len(compared) <= register.MOST_ALIKE_COMPARISONS // 240 + 1

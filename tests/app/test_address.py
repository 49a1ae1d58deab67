"""Serving a table: share links and QR codes carry an address another tablet can open.

A configured public URL first, else the address the browser asked for unless it is a loopback
one, else this machine's address on the local network (found without sending anything).
"""

from __future__ import annotations

import re
import socket
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer import create_app
from scorer.access import address
from tests.helpers.events import draw, new_event, register
from tests.helpers.pdf import page_texts
from tests.helpers.tablet import new_schieber


def links(client: FlaskClient, match_id: int, base_url: str = "http://localhost") -> list[str]:
    """The edit and spectator links the creator's match page shows, asked for at ``base_url``.

    The creator's session (the right to edit) was set on ``localhost``: it goes along.
    """
    session = client.get_cookie("session")
    assert session is not None
    client.set_cookie("session", session.value, domain=base_url.split("://", 1)[1].split(":")[0])
    page = client.get(f"/matches/{match_id}", base_url=base_url).get_data(as_text=True)
    return re.findall(r'class="link-copy" type="text" readonly value="([^"]+)"', page)


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("localhost", True),
        ("tafel.localhost", True),
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("[::1]", True),
        ("::1", True),
        (None, True),
        ("192.168.1.20", False),
        ("10.0.0.7", False),
        ("tafel.local", False),
        ("[fe80::1]", False),
    ],
)
def test_loopback_hosts(host: str | None, loopback: bool) -> None:
    assert address.is_loopback(host) is loopback


@pytest.mark.slow
def test_a_configured_public_url_wins(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(address, "lan_address", lambda: "192.168.1.23")
    match_id = new_schieber(client)
    app.config["PUBLIC_URL"] = "https://jass.example.ch/"
    edit, watch = links(client, match_id, "http://10.0.0.5:5000")
    assert watch == f"https://jass.example.ch/matches/{match_id}"
    assert edit.startswith(f"https://jass.example.ch/matches/{match_id}/edit/")


@pytest.mark.slow
def test_the_address_asked_for_when_it_is_not_loopback(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(address, "lan_address", lambda: "192.168.1.23")
    match_id = new_schieber(client)
    edit, watch = links(client, match_id, "http://tafel.local:8000")
    assert watch == f"http://tafel.local:8000/matches/{match_id}"
    assert edit.startswith(f"http://tafel.local:8000/matches/{match_id}/edit/")


@pytest.mark.slow
def test_a_loopback_address_is_replaced_by_the_lan_address_with_its_port(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(address, "lan_address", lambda: "192.168.1.23")
    match_id = new_schieber(client)
    edit, watch = links(client, match_id, "http://127.0.0.1:5000")
    assert watch == f"http://192.168.1.23:5000/matches/{match_id}"
    assert edit.startswith(f"http://192.168.1.23:5000/matches/{match_id}/edit/")
    assert links(client, match_id, "http://localhost")[1] == f"http://192.168.1.23/matches/{match_id}"


def test_without_a_network_the_address_asked_for_stays(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(address, "lan_address", lambda: None)
    match_id = new_schieber(client)
    assert links(client, match_id, "http://127.0.0.1:5000")[1] == f"http://127.0.0.1:5000/matches/{match_id}"


def test_the_dispute_desk_shares_the_same_address(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(address, "lan_address", lambda: "192.168.1.23")
    page = client.get(
        "/disputes/count?game=schieber&contract=H&points=156&ask=1", base_url="http://127.0.0.1:5000"
    ).get_data(as_text=True)
    assert 'value="http://192.168.1.23:5000/disputes/count?game=schieber' in page
    assert "127.0.0.1" not in page


def test_the_command_line_edit_link_uses_the_lan_address(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(address, "lan_address", lambda: "192.168.1.23")
    match_id = new_schieber(client)
    result = app.test_cli_runner().invoke(args=["edit-link", str(match_id)])
    assert result.exit_code == 0, result.output
    assert result.output.strip().startswith(f"http://192.168.1.23:5000/matches/{match_id}/edit/")


def test_public_url_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/env.sqlite")
    monkeypatch.setenv("TAFEL_SECRET_KEY", "env-secret")
    monkeypatch.setenv("TAFEL_PUBLIC_URL", "http://jass.club:8080")
    app = create_app()
    assert app.config["PUBLIC_URL"] == "http://jass.club:8080"
    app.extensions["tafel_engine"].dispose()


class FakeSocket:
    """A UDP socket that records what is done with it; it can send nothing."""

    calls: list[tuple[str, Any]] = []
    routes: dict[str, str] = {}

    def __init__(self, family: int, kind: int) -> None:
        assert (family, kind) == (socket.AF_INET, socket.SOCK_DGRAM)
        self.peer = ""

    def __enter__(self) -> FakeSocket:
        return self

    def __exit__(self, *exc: object) -> None:
        self.calls.append(("close", None))

    def connect(self, peer: tuple[str, int]) -> None:
        self.calls.append(("connect", peer))
        if peer[0] not in self.routes:
            raise OSError("Network is unreachable")
        self.peer = peer[0]

    def getsockname(self) -> tuple[str, int]:
        return (self.routes[self.peer], 40000)


def fake_network(
    monkeypatch: pytest.MonkeyPatch, routes: dict[str, str], own: list[str]
) -> list[tuple[str, Any]]:
    FakeSocket.calls = []
    FakeSocket.routes = routes
    monkeypatch.setattr(address.socket, "socket", FakeSocket)
    monkeypatch.setattr(
        address.socket,
        "getaddrinfo",
        lambda *args: [(socket.AF_INET, socket.SOCK_DGRAM, 0, "", (a, 0)) for a in own],
    )
    return FakeSocket.calls


def test_lan_address_from_the_routing_table_without_sending(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = fake_network(monkeypatch, {"10.255.255.254": "10.1.2.3"}, ["127.0.1.1"])
    assert address.lan_address() == "10.1.2.3"
    # Only connect (which for UDP fixes the peer and sends nothing) and close: no send at all.
    assert {kind for kind, _ in calls} == {"connect", "close"}
    assert all(peer[0] in address.PROBES for kind, peer in calls if kind == "connect")


def test_lan_address_from_the_host_name_when_no_route(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_network(monkeypatch, {}, ["127.0.1.1", "169.254.3.4", "192.168.0.40"])
    assert address.lan_address() == "192.168.0.40"


def test_no_lan_address_on_a_machine_without_a_network(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_network(monkeypatch, {"192.168.255.254": "127.0.0.1"}, ["127.0.1.1"])
    assert address.lan_address() is None


def test_the_real_lan_address_is_not_loopback() -> None:
    found = address.lan_address()
    assert found is None or not address.is_loopback(found)


def test_the_start_page_shows_the_table_address_and_its_qr_code(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(address, "lan_address", lambda: "192.168.1.23")
    page = client.get("/matches/", base_url="http://127.0.0.1:5000").get_data(as_text=True)
    assert '<strong class="table-url" dir="ltr">http://192.168.1.23:5000/matches/</strong>' in page
    assert 'src="/qr/table.svg"' in page and "This table’s address" in page
    qr = client.get("/qr/table.svg", base_url="http://127.0.0.1:5000")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"
    assert b"<path" in qr.data
    # A different address is a different code.
    other = client.get("/qr/table.svg", base_url="http://tafel.local:8000")
    assert other.data != qr.data


def test_the_lan_address_is_kept_for_a_while_then_found_again(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save's share links do not ask the routing table each time; a server that joins
    another network shows its new address once the kept one is older than its lifetime."""
    now = [1000.0]
    monkeypatch.setattr(address, "_clock", lambda: now[0])
    found = ["192.168.1.23"]
    asked: list[str | None] = []

    def lan() -> str | None:
        asked.append(found[0])
        return found[0]

    monkeypatch.setattr(address, "lan_address", lan)
    assert "http://192.168.1.23:5000/matches/" in client.get(
        "/matches/", base_url="http://127.0.0.1:5000"
    ).get_data(as_text=True)
    found[0] = "10.0.0.7"
    now[0] += address.LAN_ADDRESS_SECONDS - 1
    assert "http://192.168.1.23:5000/matches/" in client.get(
        "/matches/", base_url="http://127.0.0.1:5000"
    ).get_data(as_text=True)
    assert asked == ["192.168.1.23"]
    now[0] += 1
    page = client.get("/matches/", base_url="http://127.0.0.1:5000").get_data(as_text=True)
    assert "http://10.0.0.7:5000/matches/" in page and "192.168.1.23" not in page
    assert asked == ["192.168.1.23", "10.0.0.7"]


def test_the_event_hands_out_links_another_device_can_open(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The director opened the event on the laptop itself (``localhost``): the table links, the
    office and director links on the event page and the table cards' links carry the laptop's
    address on the network, as the match pages' links do."""
    monkeypatch.setattr(address, "lan_address", lambda: "192.168.1.23")
    event_id = new_event(client, games_per_passe=2)
    register(client, event_id, [f"Spieler {n}" for n in range(1, 9)])
    draw(client, event_id)
    local = "http://localhost"
    session = client.get_cookie("session")
    assert session is not None
    client.set_cookie("session", session.value, domain="localhost")
    page = client.get(f"/events/{event_id}", base_url=local).get_data(as_text=True)
    handed_out = re.findall(r'https?://[^"<\s]+', page)
    assert {link.split("/")[2] for link in handed_out} == {"192.168.1.23"}, handed_out
    kinds = {re.sub(r"\d+", "N", link.split("/", 3)[3]).rsplit("/", 1)[0] for link in handed_out}
    assert kinds >= {"matches/N/edit", "events/N/edit", "events/N/office/link"}, kinds
    cards = client.get(f"/events/{event_id}/print/tables.pdf", base_url=local)
    assert cards.status_code == 200
    text = "".join(page_texts(cards.data))
    assert re.findall(r"https?://[^/\s]+", text) == ["http://192.168.1.23"] * 2  # one card per table

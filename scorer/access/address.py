"""The address another device of the table can open: for share links and their QR codes.

A tablet that opened the app as ``http://127.0.0.1:5000`` (the server's own browser) would
otherwise hand the other tablets a loopback address, which leads each of them to itself.
In order of preference:

1. the configured public URL (``TAFEL_PUBLIC_URL``, e.g. ``https://jass.example.ch``), for a
   server behind a proxy or with a name;
2. the address the browser asked for, when it is not a loopback one (a tablet that reached the
   server gives the others the same address);
3. this machine's address on the local network, with the port asked for;
4. the address asked for after all (a machine without a network: nothing better exists).
"""

from __future__ import annotations

import ipaddress
import socket
import time
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, request, url_for

#: Private addresses a UDP socket is "connected" to, to learn which local address the
#: routing table would use for the local network. Connecting a UDP socket sends nothing:
#: it only fixes the default peer. Tried in turn (a table's Wi-Fi is mostly 192.168/16).
PROBES: tuple[str, ...] = ("192.168.255.254", "10.255.255.254", "172.31.255.254")
#: Seconds an app keeps the local network address it found: finding it takes three sockets
#: and a name lookup, and a tablet's every save and page shows the share links
#: of a server opened as 127.0.0.1. A server that joins another network shows the new
#: address within this time.
LAN_ADDRESS_SECONDS = 10.0
_clock = time.monotonic


def is_loopback(host: str | None) -> bool:
    """``localhost``, ``127.x.y.z`` or ``::1`` (a name or an address, without its port)."""
    if not host:
        return True
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _routed_address(probe: str) -> str | None:
    """The local address the system would send from towards ``probe`` (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        try:
            udp.connect((probe, 9))
            address = str(udp.getsockname()[0])
        except OSError:  # no route: no network of that kind
            return None
    return address


def lan_address() -> str | None:
    """This machine's IPv4 address on the local network, or None when it has none.

    Asks the routing table only (a UDP ``connect``), then the addresses of the host's own name;
    never sends anything off the machine.
    """
    candidates = [_routed_address(probe) for probe in PROBES]
    try:
        candidates += [
            str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        ]
    except OSError:
        pass
    for candidate in candidates:
        if candidate is None:
            continue
        try:
            address = ipaddress.IPv4Address(candidate)
        except ValueError:
            continue
        if not (address.is_loopback or address.is_unspecified or address.is_link_local):
            return candidate
    return None


def kept_lan_address() -> str | None:
    """:func:`lan_address` as this app found it at most :data:`LAN_ADDRESS_SECONDS` ago."""
    kept: tuple[float, str | None] | None = current_app.extensions.get("tafel_lan_address")
    now = _clock()
    if kept is None or now >= kept[0]:
        kept = (now + LAN_ADDRESS_SECONDS, lan_address())
        current_app.extensions["tafel_lan_address"] = kept
    return kept[1]


def base_url() -> str:
    """Scheme, host and port (no trailing slash) that another device of the table can open."""
    public = str(current_app.config.get("PUBLIC_URL") or "").strip()
    if public:
        return public.rstrip("/")
    asked = urlsplit(request.host_url)
    if not is_loopback(asked.hostname):
        return request.host_url.rstrip("/")
    lan = kept_lan_address()
    if lan is None:
        return request.host_url.rstrip("/")
    port = f":{asked.port}" if asked.port else ""
    return f"{asked.scheme}://{lan}{port}"


def external_url(endpoint: str, **values: Any) -> str:
    """``url_for(endpoint, **values)`` as an address another device can open (see :func:`base_url`)."""
    return base_url() + url_for(endpoint, **values)

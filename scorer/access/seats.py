"""A seat's own link: what one player does from his own phone, and nothing else.

A game whose players each have a page of their own (``Game.seat_page``: a hidden estimate,
D3.3) gives each seat a link ``/matches/<id>/seat/<n>/<secret>``. Its secret is derived as a
table's is (``scorer.events.access``): with the app's key from the match's stored hash of its
edit secret, the match and the seat, so only the app states it, and a new edit link gives new
seat links. The table's tablet shows them (a QR code per seat).

The first browser that opens a seat's link holds the seat: a right by id in its session (a
row of ``access_grant`` whose role names the seat, as the tablets' and the directors' rights
are), never the secret. Another browser that opens the same link later is refused while that
right lives, so a player who scans his neighbour's code on the table's screen gets nothing;
the table frees a seat for a player whose phone lost it. A seat's right is no right to edit
the match: the match's edit right is looked up only under its own session key.
"""

from __future__ import annotations

import hmac
import time

from flask import current_app, session
from flask_wtf.csrf import generate_csrf
from sqlalchemy import delete, select

from scorer.access import address, rights
from scorer.store import db
from scorer.store.models import AccessGrant, Match

#: Session key: {"<match id>:<seat>": id of the browser's stored right}.
SEATS = "seats"
MAX_REMEMBERED = 20


def role(seat: int) -> str:
    """The grant row's role of a seat's right (never ``None``, the match's edit right)."""
    return f"{rights.SEAT_ROLE_PREFIX}{seat}"


def secret(match: Match, seat: int) -> str | None:
    """The seat's link secret, or None for a match without an edit secret."""
    if not match.edit_secret_hash:
        return None
    return rights.derived_secret(f"match-seat:{match.edit_secret_hash}:{match.id}:{seat}")


def secret_fits(match: Match, seat: int, given: str | None) -> bool:
    expected = secret(match, seat)
    if not given or expected is None:
        return False
    return hmac.compare_digest(rights.hash_secret(given), rights.hash_secret(expected))


def link(match: Match, seat: int) -> str | None:
    """The seat's link as another device opens it (for the table's QR codes)."""
    found = secret(match, seat)
    if found is None:
        return None
    return address.external_url("access.seat_link", match_id=match.id, seat=seat, secret=found)


def _key(match_id: int, seat: int) -> str:
    return f"{match_id}:{seat}"


def holds(match: Match, seat: int) -> bool:
    """This browser holds ``seat`` of ``match`` (a live right, not withdrawn, of that seat)."""
    row = rights.grant_row((session.get(SEATS) or {}).get(_key(match.id, seat)))
    return (
        row is not None
        and row.match_id == match.id
        and row.event_role == role(seat)
        and time.time() - row.created < _lifetime()
    )


def held_here(match: Match) -> bool:
    """This browser holds some seat of ``match``."""
    prefix = f"{match.id}:"
    return any(
        holds(match, int(key[len(prefix) :]))
        for key in (session.get(SEATS) or {})
        if key.startswith(prefix) and key[len(prefix) :].isdigit()
    )


def held(match: Match) -> frozenset[int]:
    """The seats of ``match`` a phone holds now (the table shows no code for those)."""
    rows = db.session().scalars(
        select(AccessGrant.event_role).where(
            AccessGrant.match_id == match.id,
            AccessGrant.event_role.like(f"{rights.SEAT_ROLE_PREFIX}%"),
            AccessGrant.revoked.is_(None),
            AccessGrant.created > time.time() - _lifetime(),
        )
    )
    return frozenset(int(name[len("seat-") :]) for name in rows if name and name[len("seat-") :].isdigit())


def _lifetime() -> float:
    return float(current_app.permanent_session_lifetime.total_seconds())


def _first_holder(match: Match, seat: int) -> str | None:
    """The id of the seat's oldest live right."""
    return db.session().scalar(
        select(AccessGrant.id)
        .where(
            AccessGrant.match_id == match.id,
            AccessGrant.event_role == role(seat),
            AccessGrant.revoked.is_(None),
            AccessGrant.created > time.time() - _lifetime(),
        )
        .order_by(AccessGrant.created, AccessGrant.id)
        .limit(1)
    )


def _taken(match: Match, seat: int) -> bool:
    """Another browser holds the seat now."""
    return _first_holder(match, seat) is not None


def claim(match: Match, seat: int) -> bool:
    """Give this browser ``seat`` unless another browser holds it; whether it holds it now."""
    if holds(match, seat):
        return True
    if _taken(match, seat) or held_here(match):
        return False  # one phone, one player: a phone that holds a seat of the match takes no other
    grant_id = rights.new_match_grant(match.id, role(seat))
    if _first_holder(match, seat) != grant_id:
        # Another phone opened the link at the same moment and was first: it holds the seat.
        db.session().execute(delete(AccessGrant).where(AccessGrant.id == grant_id))
        db.session().commit()
        return False
    held = {k: v for k, v in dict(session.get(SEATS) or {}).items() if k != _key(match.id, seat)}
    held[_key(match.id, seat)] = grant_id
    while len(held) > MAX_REMEMBERED:
        held.pop(next(iter(held)))
    session[SEATS] = held
    session.permanent = True
    # The form's token is made with the right, in the answer that sets the cookie: a page
    # the phone's service worker fetches meanwhile then finds it and makes no other.
    generate_csrf()
    return True


def free(match_id: int, seat: int) -> None:
    """End every browser's right to ``seat`` (the table frees it for another phone)."""
    db.session().execute(
        delete(AccessGrant).where(AccessGrant.match_id == match_id, AccessGrant.event_role == role(seat))
    )
    db.session().commit()

"""Who may direct an event: its edit secret (as a match's, ``scorer.access.rights``), hashed.

The creating browser's session remembers the secret; the director's link
``/events/<id>/edit/<secret>`` adds it on another device. Each table's Passe gets an edit
secret of its own, derived with the app's secret key from the event's stored hash and the
match id, so that the table cards can carry it (a QR code) while the database stores only
its hash (a copy of the database alone derives nothing, nor does the key alone).

Every use of the matches' rights (``scorer.access.rights``) by the events is in this module.
"""

from __future__ import annotations

import hmac
import secrets

from flask import session
from flask_wtf.csrf import generate_csrf
from sqlalchemy.orm import lazyload

from scorer.access import rights
from scorer.store import db, log
from scorer.store.models import Event, Match

#: Session key: {str(event id): id of the browser's stored right (``access_grant``)}.
RIGHTS = "event_edit"
#: Session key as ``RIGHTS``, for the office's right (its grant rows have the role ``office``).
OFFICE = "event_office"
OFFICE_ROLE = "office"
MAX_REMEMBERED = 20


def secret_fits(event: Event, secret: str | None) -> bool:
    if not secret or not event.edit_secret_hash:
        return False
    return hmac.compare_digest(rights.hash_secret(secret), event.edit_secret_hash)


def _remember(key: str, event: Event, role: str | None) -> None:
    held = {k: v for k, v in dict(session.get(key) or {}).items() if k != str(event.id)}
    held[str(event.id)] = rights.new_event_grant(event.id, role)
    while len(held) > MAX_REMEMBERED:
        held.pop(next(iter(held)))
    session[key] = held
    session.permanent = True
    # As a match's right (``rights.grant``): the forms' token comes with the right's cookie.
    generate_csrf()


def grant(event: Event) -> None:
    """Remember in this browser's session that it may direct ``event`` (a right by id)."""
    _remember(RIGHTS, event, None)


def grant_office(event: Event) -> None:
    """Remember in this browser's session that it may work in ``event``'s office (rulings,
    paper sheets), and nothing else of the event."""
    _remember(OFFICE, event, OFFICE_ROLE)


def holds_right(event: Event) -> bool:
    return rights.event_grant_holds((session.get(RIGHTS) or {}).get(str(event.id)), event.id)


def may_direct(event: Event) -> bool:
    return rights.is_admin() or holds_right(event)


def may_office(event: Event) -> bool:
    """The office's work: the director's, or a browser that opened the office link."""
    held = (session.get(OFFICE) or {}).get(str(event.id))
    return may_direct(event) or rights.event_grant_holds(held, event.id, OFFICE_ROLE)


def _generation_suffix(generation: int) -> str:
    # The first link of each kind has no generation suffix: a link printed then still opens.
    return f":{generation}" if generation else ""


def office_secret(event: Event, generation: int = 0) -> str | None:
    """The office link's secret: derived like a table's from the event's stored hash, so only
    the app states it; a new director's secret gives a new office secret too, and so does each
    withdrawal of the office link (``generation``: how often it was withdrawn)."""
    if not event.edit_secret_hash:
        return None
    return rights.derived_secret(f"event-office:{event.edit_secret_hash}{_generation_suffix(generation)}")


def _fits(secret: str | None, expected: str | None) -> bool:
    if not secret or expected is None:
        return False
    return hmac.compare_digest(rights.hash_secret(secret), rights.hash_secret(expected))


def office_secret_fits(event: Event, secret: str | None, generation: int = 0) -> bool:
    return _fits(secret, office_secret(event, generation))


def office_secret_withdrawn(event: Event, secret: str | None, generation: int) -> bool:
    """``secret`` is one of the office links the director withdrew (not a guess)."""
    return any(_fits(secret, office_secret(event, earlier)) for earlier in range(generation))


def director_secret(event: Event) -> str | None:
    """The director's secret, for the director's link on a browser that may direct."""
    if event.edit_nonce is None:
        return None
    secret = rights.derived_secret(event.edit_nonce)
    return secret if secret_fits(event, secret) else None


def new_secret(event: Event) -> None:
    """Give ``event`` a director's secret: a nonce and the secret's keyed hash are stored."""
    event.edit_nonce = secrets.token_hex(16)
    event.edit_secret_hash = rights.hash_secret(rights.derived_secret(event.edit_nonce))


def table_secret(event: Event, match_id: int, generation: int = 0) -> str:
    """The edit secret of a table's Passe: only the app (its key and the event's row) can state
    it; each withdrawal of the table's link (``generation``) gives a new one."""
    return rights.derived_secret(
        f"event-table:{event.edit_secret_hash}:{match_id}{_generation_suffix(generation)}"
    )


def table_secret_withdrawn(event: Event, match_id: int, secret: str | None, generation: int) -> bool:
    """``secret`` is one of the table's links the director withdrew (not a guess)."""
    return any(_fits(secret, table_secret(event, match_id, earlier)) for earlier in range(generation))


def table_hash(event: Event, match_id: int, generation: int = 0) -> str:
    """What a table's Passe stores of its edit secret (``Match.edit_secret_hash``)."""
    return rights.hash_secret(table_secret(event, match_id, generation))


def seal_table(event: Event, match: Match, generation: int = 0) -> str:
    """Give a table's Passe its edit secret (stored hashed); the secret itself."""
    secret = table_secret(event, match.id, generation)
    match.edit_secret_hash = rights.hash_secret(secret)
    return secret


def directs_the_table(match_id: int) -> bool:
    """This browser directs the event whose table plays ``match_id``: it may enter and correct
    the table's games, at every table of every round, with no right of the table's stored (the
    table's device is the one that claimed its link, ``scorer.events.devices``)."""
    if not session.get(RIGHTS) and not rights.is_admin():
        return False  # no event's right in this browser: nothing to read
    match = db.session().get(Match, match_id, options=[lazyload(Match.entries)])
    event_id = log.event_of(match) if match is not None else None
    if event_id is None:
        return False
    event = db.session().get(Event, event_id, options=[lazyload(Event.entries)])
    return event is not None and may_direct(event)


def team_secret(event: Event, match_id: int, team: int, generation: int = 0) -> str:
    """The secret of a team's link at a table: it confirms for that team alone; a withdrawal of the
    table's link (``generation``) gives new team links too."""
    return rights.derived_secret(
        f"event-team:{event.edit_secret_hash}:{match_id}:{team}{_generation_suffix(generation)}"
    )


def team_secret_fits(event: Event, match_id: int, team: int, secret: str | None, generation: int) -> bool:
    return _fits(secret, team_secret(event, match_id, team, generation))


def team_secret_withdrawn(
    event: Event, match_id: int, team: int, secret: str | None, generation: int
) -> bool:
    """``secret`` is one of the team's links the director withdrew with its table's (not a guess)."""
    return any(_fits(secret, team_secret(event, match_id, team, earlier)) for earlier in range(generation))

"""The director withdraws a link: the office's, or one table's (a lost phone, a table card left
on the wrong table).

The withdrawal is an entry of the event's log (``revoke``, kept like every other); the rights
the link gave are kept in ``access_grant``, marked ``revoked``, and grant nothing from then on
(``scorer.access.rights``). The link's secret is derived anew (``scorer.events.access``, its
generation is how often it was withdrawn), so the old link opens nothing: it answers a page
that says it was withdrawn, not a counted guess (only the app could state it).
"""

from __future__ import annotations

import time

from flask import g
from flask_babel import gettext as _
from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql.elements import ColumnElement

from scorer.access import rights
from scorer.events import access
from scorer.events import state as event_log
from scorer.events.state import EventState
from scorer.store import db
from scorer.store.models import AccessGrant, Event, Match

#: Appends retried when a table wrote to the event's log at the same moment.
RETRIES = 8


def generation(state: EventState, link: str, match_id: int | None = None) -> int:
    """How often the office's link (``link`` "office") or a table's was withdrawn."""
    return state.revoked.get(event_log.link_name(link, match_id), 0)


def withdraw(event: Event, state: EventState, match: Match | None, key: str | None) -> bool:
    """Withdraw the office's link (``match`` None) or the link of ``match``'s table, and every
    right it gave, in one transaction. False when ``key`` was used already (withdrawn once)."""
    session = db.session()
    record: dict[str, object] = (
        {"link": "office"} if match is None else {"link": "table", "match_id": match.id}
    )
    for _attempt in range(RETRIES):
        current = event_log.last_seq(session, event.id)
        try:
            event_log.append(
                session,
                event,
                expected_version=current,
                kind="revoke",
                record=record,
                key=key,
                commit=False,
            )
        except event_log.Duplicate:
            return False
        now = time.time()
        held: ColumnElement[bool]
        if match is None:
            held = (AccessGrant.event_id == event.id) & (AccessGrant.event_role == access.OFFICE_ROLE)
        else:
            held = AccessGrant.match_id == match.id
            access.seal_table(event, match, generation(state, "table", match.id) + 1)
        session.execute(update(AccessGrant).where(held, AccessGrant.revoked.is_(None)).values(revoked=now))
        try:
            session.commit()
        except IntegrityError:
            session.rollback()
            if event_log.find_key(session, key) is not None:
                return False
            continue
        g.pop("tafel_grants", None)
        return True
    raise event_log.Conflict("revoke")


def refused() -> rights.EditRefused:
    return rights.EditRefused(
        _("The event's director withdrew this link."),
        _("Ask the event's director for the new link."),
    )

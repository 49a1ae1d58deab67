"""A table's own pages hold back what the event's standings hold back.

While the director holds the standings back (``scorer.events.standings``), a table's Passe is
public on more pages than the event's: its match page (and board), its export, its scoresheet,
the offline state a spectator's tablet reads and the event's page of the table. Each states the
table's games and totals, so any of them would show the held round's results to whoever holds
the table's watch link. They are answered to the table itself (its device, its team links, its
seat phones: the players know their own game), to the director and the office (who see the
standings live) and to the club administrator; anyone else is refused with the reason while the
table's log holds entries past the hold, and reads the table again once the director releases
the standings. Until a table enters something after the hold, its pages show what the hold shows
and stay open.

The match's version (``live.version``, which an open page polls) states no score, but its number
counts the games entered since the hold: it is held back like the pages, and the table's own
answer is kept by no shared cache, so that a proxy never hands it to a spectator.
"""

from __future__ import annotations

from flask import Blueprint, g, request
from flask.blueprints import BlueprintSetupState
from flask_babel import lazy_gettext as _l
from sqlalchemy.orm import lazyload
from werkzeug.wrappers import Response

from scorer.access import rights, seats
from scorer.events import access, devices, standings
from scorer.matches.views import WITHHELD
from scorer.store import db, log
from scorer.store.models import Event, Match
from scorer.web import conditional

bp = Blueprint("held", __name__)

#: The pages that state a table's games or totals to whoever opens them.
TABLE_PAGES = frozenset(
    {"matches.show", "matches.export", "sheets.scoresheet", "offline.state", "office.table", "live.version"}
)
#: Set on ``g`` when the answer shows the table past the hold to one who may see it.
PAST_THE_HOLD = "tafel_past_the_hold"


class HeldBack(rights.EditRefused):
    """A table's page asked while the standings are held back (403, naming why)."""

    def __init__(self) -> None:
        super().__init__(
            _l("The standings are held back."),
            _l(
                "This table's games since the director held the standings back are shown when they "
                "are released. The event's page shows the standings as everyone sees them now."
            ),
        )


@bp.record
def _list_holds(state: BlueprintSetupState) -> None:
    state.app.extensions.setdefault(WITHHELD, []).append(withheld)


@bp.before_app_request
def hold_table_pages() -> None:
    """Refuse a table's page to a reader who would see more than the held standings."""
    if request.endpoint not in TABLE_PAGES or request.method not in rights.SAFE_METHODS:
        return
    match_id = (request.view_args or {}).get("match_id")
    if not isinstance(match_id, int):
        return
    match = db.session().get(Match, match_id, options=[lazyload(Match.entries)])
    event_id = log.event_of(match) if match is not None else None
    if match is None or event_id is None:
        return
    # Most of an evening nothing is held back: one look-up says so, before the table's log is read.
    shown = standings.table_hold(event_id, match_id)
    if shown is None:
        return
    version = log.last_seq(db.session(), match_id)
    if _withheld(match, event_id, shown, version):
        raise HeldBack()
    if version > shown:
        setattr(g, PAST_THE_HOLD, True)


@bp.after_app_request
def keep_past_the_hold_private(response: Response) -> Response:
    """An answer that shows a table past the hold is this reader's: no shared cache keeps it."""
    if getattr(g, PAST_THE_HOLD, False):
        conditional.private(response)
    return response


def withheld(match: Match, version: int) -> bool:
    """Whether this reader is shown less of ``match`` (at ``version``) than the table's log: it is
    a table of an event whose standings are held back, it entered something since, and this
    browser is neither the table nor the event's desk."""
    event_id = log.event_of(match)
    if event_id is None:
        return False
    shown = standings.table_hold(event_id, match.id)
    return shown is not None and _withheld(match, event_id, shown, version)


def _withheld(match: Match, event_id: int, shown: int, version: int) -> bool:
    """:func:`withheld` once the hold shows the table up to its entry ``shown``."""
    if version <= shown or _the_table(match):
        return False
    event = db.session().get(Event, event_id, options=[lazyload(Event.entries)])
    return event is None or not access.may_office(event)


def _the_table(match: Match) -> bool:
    """This browser is the table's device, one of its teams' or seats' phones, or the club's
    administrator."""
    return (
        rights.is_admin()
        or rights.holds_right(match)
        or devices.team_of_device(match) is not None
        or seats.held_here(match)
    )

"""Access pages: the edit link, the QR codes, the administrator and voiding."""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Any

import qrcode
import qrcode.image.svg
from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from sqlalchemy.orm import lazyload

from scorer import games
from scorer.access import address, rights, seats
from scorer.store import db, log
from scorer.store.models import Match
from scorer.web.forms import AdminLoginForm, AdminLogoutForm, BaseForm, VoidForm

bp = Blueprint("access", __name__)
#: A QR code or an edit link needs the match, not its log (which a long match makes long).
WITHOUT_LOG = lazyload(Match.entries)


@bp.get("/matches/<int:match_id>/edit/<secret>")
def edit_link(match_id: int, secret: str) -> Any:
    """Grant this browser the right to edit the match, then leave the secret's address."""
    rights.check_not_limited()
    match = db.session().get(Match, match_id, options=[WITHOUT_LOG])
    if match is None or not rights.secret_fits(match, secret):
        rights.limiter().fail(rights.client_address())
        raise rights.EditRefused(
            _("This edit link is not valid."),
            _("Ask a tablet of this match for its edit link (the QR code on the match page)."),
            match.id if match is not None else None,
        )
    rights.upgrade_legacy(match, secret)
    rights.grant(match)
    flash(_("This tablet may now enter deals for this match."))
    # 303 to the plain match page: the secret leaves the address bar (and the history entry).
    return redirect(url_for("matches.show", match_id=match.id), 303)


def _seat_game(match_id: int, seat: int) -> tuple[Match, str]:
    """The match and its game's seat page; 404 when either is missing or the seat is none of its."""
    match = db.session().get(Match, match_id, options=[WITHOUT_LOG])
    game = games.registry().get(str(match.settings.get("game"))) if match is not None else None
    if match is None or game is None or not game.seat_page:
        abort(404)
    if not 1 <= seat <= int(match.settings.get("players") or 4):
        abort(404)
    return match, game.seat_page


@bp.get("/matches/<int:match_id>/seat/<int:seat>/<secret>")
def seat_link(match_id: int, seat: int, secret: str) -> Any:
    """Give this phone the seat (the first phone that opens the link), then its page without
    the secret in the address."""
    rights.check_not_limited()
    match, page = _seat_game(match_id, seat)
    if not seats.secret_fits(match, seat, secret):
        rights.limiter().fail(rights.client_address())
        raise rights.EditRefused(
            _("This seat's link is not valid."),
            _("Scan your seat's QR code on the table's screen again."),
            match_id,
        )
    if not seats.claim(match, seat):
        raise rights.EditRefused(
            _("Another phone holds this seat."),
            _("Only the phone that opened this seat's link first may use it. The table can free the seat."),
            match_id,
        )
    return redirect(url_for(page, match_id=match_id, seat=seat), 303)


@bp.get("/matches/<int:match_id>/qr/seat-<int:seat>.svg")
def seat_qr(match_id: int, seat: int) -> Response:
    """A seat's link as a QR code, for the table's screen only."""
    match, _page = _seat_game(match_id, seat)
    if not rights.may_edit(match):
        raise rights.refused_no_right(match_id)
    found = seats.link(match, seat)
    if found is None:
        abort(404)
    response = qr_svg(found)
    response.headers["Cache-Control"] = "no-store"  # it carries the seat's secret
    return response


class FreeSeatForm(BaseForm):
    pass


@bp.post("/matches/<int:match_id>/seat/<int:seat>/free")
def free_seat(match_id: int, seat: int) -> Any:
    """The table frees a seat: its link works again for the next phone that opens it
    (the guard asked for the table's right)."""
    _seat_game(match_id, seat)
    if FreeSeatForm().validate_on_submit():
        seats.free(match_id, seat)
        flash(_("The seat is free: the next phone that opens its link holds it."))
    return redirect(url_for("matches.show", match_id=match_id), 303)


def qr_svg(text: str) -> Response:
    return Response(_drawn(text), mimetype="image/svg+xml")


@lru_cache(maxsize=1024)
def _drawn(text: str) -> bytes:
    """The QR code of ``text`` as SVG, drawn once per link and worker (drawing one costs as much
    as a page)."""
    image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathFillImage, box_size=10, border=2)
    buffer = io.BytesIO()
    image.save(buffer)
    return buffer.getvalue()


@bp.get("/matches/<int:match_id>/qr/edit.svg")
def edit_qr(match_id: int) -> Response:
    match = db.session().get(Match, match_id, options=[WITHOUT_LOG])
    if match is None:
        abort(404)
    if not rights.holds_right(match):
        raise rights.refused_no_right(match_id)
    secret = rights.shown_secret(match)
    if secret is None:  # a match from before derived secrets: ask for a new edit link
        abort(404)
    response = qr_svg(address.external_url("access.edit_link", match_id=match_id, secret=secret))
    # It carries the secret: no cache may keep it.
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/matches/<int:match_id>/qr/watch.svg")
def watch_qr(match_id: int) -> Response:
    if db.session().get(Match, match_id, options=[WITHOUT_LOG]) is None:
        abort(404)
    response = qr_svg(address.external_url("matches.show", match_id=match_id))
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response


@bp.get("/qr/table.svg")
def table_qr() -> Response:
    """The start page's address as another tablet of the table opens it."""
    response = qr_svg(address.external_url("matches.index"))
    # The address may change with the network (a laptop moved to the club's Wi-Fi).
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.route("/admin", methods=["GET", "POST"])
def admin_login() -> Any:
    if not rights.admin_configured():
        abort(404)
    form = AdminLoginForm()
    logout = AdminLogoutForm()
    status = 200
    if form.validate_on_submit():
        rights.check_not_limited()
        if rights.password_fits(form.password.data or ""):
            rights.log_in_admin()
            flash(_("You are logged in as the club administrator."))
            return redirect(url_for("access.admin_login"), 303)
        rights.limiter().fail(rights.client_address())
        form.password.errors = [*form.password.errors, _("This is not the administrator password.")]
        status = 403
    elif request.method == "POST":
        status = 422
    if status != 200 and rights.is_admin():
        # A logged-in administrator's page shows only the logout form, not the login form's
        # errors: say here why nothing happened (a login sent from a page open since before).
        for message in form.password.errors:
            flash(message, "error")
    return render_template("access/admin.html", form=form, logout=logout), status


@bp.post("/admin/logout")
def admin_logout() -> Any:
    if AdminLogoutForm().validate_on_submit():
        rights.log_out_admin()
        flash(_("You are logged out."))
    return redirect(url_for("matches.index"), 303)


@bp.post("/matches/<int:match_id>/void")
def void(match_id: int) -> Any:
    """Void the match: a ``void`` entry is appended; nothing is deleted."""
    match = db.session().get(Match, match_id, options=[WITHOUT_LOG])
    if match is None or match.settings.get("game") not in games.registry():
        abort(404)  # no such match, or one of a game this app does not keep
    version = log.read(db.session(), match).version
    if not rights.is_admin():
        raise rights.EditRefused(
            _("Only the club administrator may void a match."), _("Ask the club administrator."), match_id
        )
    form = VoidForm(prefix="void")
    if not form.validate_on_submit():
        flash(_("Tick the box to void the match."), "error")
    elif form.version.data != str(version):
        flash(
            _("The match changed meanwhile: it was not voided. Check the score, then void it again."), "error"
        )
    else:
        try:
            log.append(
                db.session(),
                match,
                expected_version=version,
                kind="void",
                key=form.idem.data,
            )
            flash(_("The match was voided."))
        except log.Duplicate:
            flash(_("This entry was already saved."))
        except log.Conflict:
            flash(
                _("The match changed meanwhile: it was not voided. Check the score, then void it again."),
                "error",
            )
    return redirect(url_for("matches.show", match_id=match_id), 303)

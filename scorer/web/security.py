"""Security headers on every response, and the session cookie's flags;
PDFs get a policy of their own.

The pages use no inline script or style and load nothing from elsewhere, so the policy
can be strict: everything from this server, QR codes as SVG images from this server.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, request
from flask.sessions import SecureCookieSessionInterface

#: No 'unsafe-inline' anywhere: templates carry no <script>/<style> blocks and no style=""
#: attributes (tests/security checks both). ``data:`` images are allowed for the browser's
#: own form widgets (a <select> arrow in some engines).
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
        "base-uri 'none'",
    )
)

HEADERS: dict[str, str] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    # An edit link carries the match's secret in its path: no page may pass its address on.
    "Referrer-Policy": "no-referrer",
    # For browsers older than frame-ancestors.
    "X-Frame-Options": "DENY",
}


#: The PDFs may be shown by the browser's own viewer, which the pages' policy would block:
#: Chrome draws a PDF through an <embed> (object-src) on a page with inline styles
#: (crbug.com/271452). A PDF runs no script of ours, so only those two are opened; the
#: rest stays shut (nothing to load, no framing, no forms).
PDF_POLICY = "; ".join(
    (
        "default-src 'none'",
        "object-src 'self'",
        "style-src 'unsafe-inline'",
        "frame-ancestors 'none'",
        "form-action 'none'",
        "base-uri 'none'",
    )
)


def pdf_response(data: bytes, filename: str) -> Response:
    """A PDF shown inline, under :data:`PDF_POLICY` (scoresheets, pads, dispute rulings)."""
    response = Response(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.headers["Content-Security-Policy"] = PDF_POLICY
    return response


def add_headers(response: Response) -> Response:
    # A view may set its own (stricter) value; the app's default fills the rest.
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


class SessionCookie(SecureCookieSessionInterface):
    """Flask's signed session cookie, sent again unchanged only with a page.

    A permanent session's cookie is sent again to push its expiry on
    (``SESSION_REFRESH_EACH_REQUEST``), but only with a whole page a browser opened. An answer
    to a page's own requests (its stylesheet, scripts, QR codes, texts, version polls, an
    htmx swap) that left the session as it was sends no cookie: such a request may have left
    with the cookie as it stood before the page's own answer, and sending that copy back would
    undo what the page's answer stored (its form's CSRF token: the form was then refused as
    open too long). A 304 sends none either. (A right the cookie names ends with its stored
    row, counted from when it was granted, whatever the cookie's expiry.)
    """

    def save_session(self, app: Flask, session: Any, response: Response) -> None:
        if not session.modified and not _a_page(response):
            if session.accessed:
                response.vary.add("Cookie")
            return
        super().save_session(app, session, response)


def _a_page(response: Response) -> bool:
    """Whether ``response`` is a whole HTML page (not a fragment htmx swaps in, not a 304)."""
    return (
        response.status_code != 304
        and response.mimetype == "text/html"
        and "HX-Request" not in request.headers
    )


def init_app(app: Flask) -> None:
    """Register the headers; refuse a configuration that would weaken the session cookie."""
    if not app.config.get("SESSION_COOKIE_HTTPONLY", True):
        raise ValueError("SESSION_COOKIE_HTTPONLY must stay on: the session holds edit rights")
    if app.config.get("SESSION_COOKIE_SAMESITE") not in ("Lax", "Strict"):
        raise ValueError(
            "SESSION_COOKIE_SAMESITE must be Lax or Strict, not "
            f"{app.config.get('SESSION_COOKIE_SAMESITE')!r}"
        )
    app.session_interface = SessionCookie()
    app.after_request(add_headers)

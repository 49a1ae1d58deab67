"""Security headers on every response, and the session cookie's flags (issue 8, access).

The pages use no inline script or style and load nothing from elsewhere, so the policy
can be strict: everything from this server, QR codes as SVG images from this server.
"""

from __future__ import annotations

from flask import Flask
from werkzeug.wrappers import Response

#: No 'unsafe-inline' anywhere: templates carry no <script>/<style> blocks and no style=""
#: attributes (tests/security checks both). ``data:`` images are allowed for the browser's
#: own form widgets (a <select> arrow in some engines).
CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'none'",
))

HEADERS: dict[str, str] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    # An edit link carries the match's secret in its path: no page may pass its address on.
    "Referrer-Policy": "no-referrer",
    # For browsers older than frame-ancestors.
    "X-Frame-Options": "DENY",
}


def add_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        # A view may set its own (stricter) value; the app's default fills the rest.
        response.headers.setdefault(name, value)
    return response


def init_app(app: Flask) -> None:
    """Register the headers; refuse a configuration that would weaken the session cookie."""
    if not app.config.get("SESSION_COOKIE_HTTPONLY", True):
        raise ValueError("SESSION_COOKIE_HTTPONLY must stay on: the session holds edit rights")
    if app.config.get("SESSION_COOKIE_SAMESITE") not in ("Lax", "Strict"):
        raise ValueError("SESSION_COOKIE_SAMESITE must be Lax or Strict, not "
                         f"{app.config.get('SESSION_COOKIE_SAMESITE')!r}")
    app.after_request(add_headers)

"""Security headers on every kind of response, cookie flags, CSRF lifetime."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.helpers.tablet import MakeApp, csrf, english, new_schieber

TEMPLATES = Path(__file__).resolve().parents[2] / "scorer" / "templates"

REQUIRED_CSP = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "frame-ancestors": "'none'",
    "form-action": "'self'",
    "base-uri": "'none'",
}


def policy(response: TestResponse) -> dict[str, str]:
    header = response.headers.get("Content-Security-Policy", "")
    return {
        name: value.strip()
        for name, _, value in (part.strip().partition(" ") for part in header.split(";") if part.strip())
    }


def assert_secured(response: TestResponse, what: str) -> None:
    csp = policy(response)
    for name, value in REQUIRED_CSP.items():
        assert csp.get(name) == value, (what, name, response.headers.get("Content-Security-Policy"))
    header = response.headers["Content-Security-Policy"]
    assert "unsafe-inline" not in header and "unsafe-eval" not in header, what
    assert response.headers.get("X-Content-Type-Options") == "nosniff", what
    assert response.headers.get("Referrer-Policy") == "no-referrer", what
    assert response.headers.get("X-Frame-Options") == "DENY", what


@pytest.mark.slow
def test_headers_on_html_json_static_svg_and_errors(client: FlaskClient, spectator: FlaskClient) -> None:
    match_id = new_schieber(client)
    responses = {
        "HTML page": client.get(f"/matches/{match_id}"),
        "HTML list": client.get("/matches/"),
        "redirect": client.get("/"),
        "JSON document": client.get("/api/openapi.json"),
        "JSON answer": client.post("/api/v1/deal", data="{}", content_type="application/json"),
        "JSON error": client.get("/api/v1/nothing"),
        "match export": client.get(f"/matches/{match_id}/export.json"),
        "static CSS": client.get("/static/tafel.css"),
        "static JS": client.get("/static/tafel.js"),
        "QR code": client.get(f"/matches/{match_id}/qr/watch.svg"),
        "404 page": client.get("/no/such/page"),
        "403 page": spectator.post(f"/matches/{match_id}/undo"),
    }
    for what, response in responses.items():
        assert_secured(response, what)
        response.close()
    assert responses["JSON document"].mimetype == "application/json"
    assert responses["static CSS"].mimetype == "text/css"
    assert responses["403 page"].status_code == 403


def test_templates_have_no_inline_script_or_style() -> None:
    """The policy allows neither, so none may exist (or the page breaks silently)."""
    inline = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|<style\b|\sstyle=|\son[a-z]+=|javascript:", re.I)
    found = {
        str(path.relative_to(TEMPLATES)): inline.findall(path.read_text(encoding="utf-8"))
        for path in TEMPLATES.rglob("*.html")
    }
    assert not {name: hits for name, hits in found.items() if hits}


def test_session_cookie_is_httponly_and_samesite(client: FlaskClient) -> None:
    client.get("/matches/new/schieber")  # the CSRF token starts the session
    cookie = client.get_cookie("session")
    assert cookie is not None
    assert cookie.http_only and cookie.same_site == "Lax" and not cookie.secure


def test_secure_cookie_is_configurable(make_app: MakeApp) -> None:
    app = make_app(SESSION_COOKIE_SECURE=True)
    browser = english(app)
    response = browser.get("/matches/new/schieber", base_url="https://localhost")
    assert "Secure" in response.headers["Set-Cookie"] and "HttpOnly" in response.headers["Set-Cookie"]


def test_a_weakened_cookie_configuration_is_refused(make_app: MakeApp) -> None:
    with pytest.raises(ValueError, match="SAMESITE"):
        make_app(SESSION_COOKIE_SAMESITE="None")
    with pytest.raises(ValueError, match="HTTPONLY"):
        make_app(SESSION_COOKIE_HTTPONLY=False)


def test_csrf_token_survives_an_evening_but_not_for_ever(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page opened at 18:00 still saves at 05:00; a token from yesterday is refused."""
    assert app.config["WTF_CSRF_TIME_LIMIT"] == 24 * 3600
    token = csrf(client, "/matches/new/schieber")
    fields = {"csrf_token": token, "profile": "seed", "deck": "swiss", "rosen7": "1"}
    import itsdangerous.timed

    now = time.time()
    monkeypatch.setattr(itsdangerous.timed.time, "time", lambda: now + 11 * 3600)
    assert client.post("/matches/new/schieber", data=fields).status_code == 302
    monkeypatch.setattr(itsdangerous.timed.time, "time", lambda: now + 25 * 3600)
    refused = client.post("/matches/new/schieber", data=fields)
    assert refused.status_code == 422
    assert "This page was open too long and has been renewed" in refused.get_data(as_text=True)


def test_every_post_form_carries_a_csrf_token(client: FlaskClient, app: Flask) -> None:
    app.config["ADMIN_PASSWORD"] = "x"
    match_id = new_schieber(client)
    login = client.post("/admin", data={"csrf_token": csrf(client, "/admin"), "password": "x"})
    assert login.status_code == 303
    for url in (f"/matches/{match_id}", "/admin", "/matches/import"):
        page = client.get(url).get_data(as_text=True)
        forms = re.findall(r"<form[^>]*method=\"post\".*?</form>", page, re.S)
        assert forms, url
        for form in forms:
            assert re.search(r'name="(?:\w+-)?csrf_token"', form), (url, form[:200])

"""A posted urlencoded form reads as the standard library reads it (``parse_qsl``, as Werkzeug
calls it), whatever the body: the fast decoder is a speed, never another reading."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

import pytest
import werkzeug.urls  # noqa: F401  (registers the error handler Werkzeug decodes fields with)
from flask import Flask
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.web.formbody import FIELD_ERRORS, TafelRequest, parse_urlencoded

#: Characters that matter to the encoding: its separators and escapes, a backslash (the fast
#: decoder's own escape), non-ASCII text, control characters.
TRICKY = st.text(alphabet=st.sampled_from("ab%+&=\\xZ9 äé€{}\"':;\x00\x07/?#"), max_size=40)


def standard(body: str) -> list[tuple[str, str]]:
    return parse_qsl(body, keep_blank_values=True, errors=FIELD_ERRORS)


@pytest.mark.slow  # its many examples run with the whole suite (make test)
@settings(max_examples=400, deadline=None)
@given(TRICKY)
def test_any_raw_body_reads_as_the_standard_library_reads_it(body: str) -> None:
    assert parse_urlencoded(body.encode()) == standard(body)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(TRICKY, st.text(max_size=60)), max_size=5))
def test_a_browsers_encoding_reads_back_as_its_fields(fields: list[tuple[str, str]]) -> None:
    body = urlencode(fields)
    assert parse_urlencoded(body.encode()) == standard(body) == fields


@pytest.mark.parametrize(
    "body",
    ["a=%FF%FE", "a=%C3", "x=%zz%41", "%41%42=%%", "a=b;c=d", "=", "&&a", "n=%5C%78%34%31", "t=%E2%82"],
)
def test_malformed_escapes_and_bytes_read_as_before(body: str) -> None:
    assert parse_urlencoded(body.encode()) == standard(body)


def test_a_body_that_is_not_utf8_gives_no_field(app: Flask) -> None:
    with pytest.raises(UnicodeDecodeError):
        parse_urlencoded(b"a=\xff")
    with app.test_request_context(
        "/", method="POST", data=b"a=\xff&b=1", content_type="application/x-www-form-urlencoded"
    ):
        from flask import request

        assert dict(request.form) == {}


def test_the_app_reads_its_forms_with_it(app: Flask) -> None:
    text = '{"players": ["Schär", "Müller"], "x": "100%"}'
    with app.test_request_context(
        "/",
        method="POST",
        data=urlencode({"text": text, "idem": "k"}),
        content_type="application/x-www-form-urlencoded",
    ):
        from flask import request

        assert request.form["text"] == text and request.form["idem"] == "k"
    assert app.request_class is TafelRequest

"""A posted form's urlencoded body, decoded at the speed of its size.

A browser sends a textarea's text urlencoded, every brace, quote and colon of a pasted event
export as ``%XX``. Werkzeug hands the body to the standard library's ``parse_qsl``, which
percent-decodes in Python, piece by piece: the app's largest body (``MAX_CONTENT_LENGTH``),
each character encoded, then costs several ordinary saves before any view sees it. This parser
gives the same fields: it rewrites each ``%`` as a ``\\x`` escape (after doubling the body's own
backslashes) and lets the C decoder of ``codecs.escape_decode`` turn the escapes into bytes; a
piece that is not well-formed (``%`` not followed by two hex digits) is decoded by the standard
library as before. Multipart bodies (file uploads) are Werkzeug's own.

Plugged in where Werkzeug provides for it: ``Request.form_data_parser_class``.
"""

from __future__ import annotations

import codecs
from typing import Any
from urllib.parse import unquote

from flask import Request
from werkzeug.formparser import FormDataParser

URLENCODED = "application/x-www-form-urlencoded"
#: The error handler Werkzeug decodes a field's bytes with (it keeps invalid UTF-8 as ``%XX``).
FIELD_ERRORS = "werkzeug.url_quote"


def decode_field(raw: bytes) -> str:
    """One name or value of an urlencoded body: ``+`` is a space, ``%XX`` a byte, the bytes UTF-8.

    >>> decode_field(b"Sch%C3%A4r+%7B%22a%22%3A+1%7D%5C")
    'Schär {"a": 1}\\\\'
    >>> decode_field(b"100%25+sicher%")
    '100% sicher%'
    """
    spaced = raw.replace(b"+", b" ")
    if b"%" not in spaced:
        return spaced.decode("utf-8", FIELD_ERRORS)
    try:
        decoded: bytes = codecs.escape_decode(spaced.replace(b"\\", b"\\\\").replace(b"%", b"\\x"))[0]
    except ValueError:  # a "%" without two hex digits: kept as written, as parse_qsl keeps it
        return unquote(spaced.decode("utf-8"), errors=FIELD_ERRORS)
    return decoded.decode("utf-8", FIELD_ERRORS)


def parse_urlencoded(body: bytes) -> list[tuple[str, str]]:
    """The fields of an urlencoded body as ``parse_qsl(body.decode(), keep_blank_values=True)``
    reads them: pairs split at ``&``, empty pieces skipped, a name without ``=`` has the value "".

    :raises UnicodeDecodeError: the body is not UTF-8 (Werkzeug then reads no field).
    """
    body.decode("utf-8")
    fields = []
    for piece in body.split(b"&"):
        if piece:
            name, _, value = piece.partition(b"=")
            fields.append((decode_field(name), decode_field(value)))
    return fields


class FormParser(FormDataParser):
    """Werkzeug's form parser, with urlencoded bodies decoded by :func:`parse_urlencoded`."""

    def parse(
        self,
        stream: Any,
        mimetype: str,
        content_length: int | None,
        options: dict[str, str] | None = None,
    ) -> Any:
        if mimetype != URLENCODED:
            return super().parse(stream, mimetype, content_length, options)
        try:
            fields = parse_urlencoded(stream.read())
        except ValueError:  # as Werkzeug's own parser: a body it cannot read gives no fields
            if not self.silent:
                raise
            fields = []
        return stream, self.cls(fields), self.cls()


class TafelRequest(Request):
    """Flask's request, reading forms with :class:`FormParser`."""

    form_data_parser_class = FormParser

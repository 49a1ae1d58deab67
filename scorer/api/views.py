"""The JSON API: the engine contract of DEAL_RECORD.md and TOURNAMENT.md over HTTP.

``POST /api/v1/deal``, ``/api/v1/match`` and ``/api/v1/legal`` take a record and answer
exactly what :func:`rules_engine.score_deal`, :func:`~rules_engine.score_match` and
:func:`~rules_engine.legal_cards` answer; each game's tournament format adds the records of
its own (``POST /api/v1/<name>``, :class:`~scorer.games.event.TournamentApi`), answered by the
engine's entry point the format names.

Status codes (also in the OpenAPI document, ``GET /api/openapi.json``):

* **200** — the engine's answer, for a valid record *and* for one that breaks a rule
  (``valid: false`` with the cited ``errors``): a rule break is a ruling, not a failed
  request, just as the command line still prints the answer when it exits 1.
* **400** ``{"error": message}`` — not JSON, not a JSON object, or not a record (what the
  command line rejects with exit 2: an unknown field or value, a card outside the deck).
* **404** / **405** / **413** ``{"error": message}`` — no such address, method, too large.

Never a 5xx: an engine failure on some record is logged and answered 400 with a
message; the record can then be reported. No CSRF: these endpoints read JSON bodies and
change nothing, and carry no cookie-based authority.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import jsonschema_rs
from flask import Blueprint, Flask, Response, current_app, jsonify, request
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

import rules_engine
from rules_engine import limits
from rules_engine.errors import InvalidRecord
from scorer.api import season
from scorer.api.openapi import document, schemas, tournament_operations
from scorer.games.event import Operation

bp = Blueprint("api", __name__, url_prefix="/api")

#: An engine entry point: a record in, its (typed) JSON answer out.
Entry = Callable[[Mapping[str, Any]], Mapping[str, object]]


def error(message: str, status: int = 400) -> tuple[Response, int]:
    return jsonify({"error": message}), status


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def read_body(text_limit: int = limits.MAX_RECORD_BYTES) -> object:
    """The request body as JSON.

    :raises ValueError: empty, not UTF-8, not JSON (NaN and Infinity are not JSON), or nested
        too deep to read.
    :raises InvalidRecord: longer or deeper than any real record (``rules_engine.limits``);
        a body longer than a record is refused before it is read (past the server's own
        limit, ``MAX_CONTENT_LENGTH``, the answer is 413).
    """
    # Before reading, by the announced length; then by what came (a chunked body).
    announced = request.content_length or 0
    if announced > int(request.max_content_length or announced):
        raise RequestEntityTooLarge()
    limits.check_text(announced, "the request body", text_limit)
    raw = request.get_data(cache=False)
    limits.check_text(len(raw), "the request body", text_limit)
    if not raw.strip():
        raise ValueError("the request body is empty; send a JSON record")
    limits.check_json_depth(raw, "the request body")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("the request body is not UTF-8 text") from None
    try:
        record = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as problem:
        raise ValueError(f"the request body is not JSON: {problem}") from None
    except RecursionError:
        raise ValueError("the request body is nested too deeply") from None
    return record


@functools.cache
def _request_schema(name: str) -> Any:
    """The validator of a record by its schema's name in the OpenAPI document's components."""
    return jsonschema_rs.validator_for(
        {"$ref": f"#/components/schemas/{name}", "components": {"schemas": schemas()}}
    )


def schema_problem(name: str, record: object) -> str | None:
    """The first field of ``record`` outside its request schema ``name``, as a JSON pointer and why."""
    errors = list(_request_schema(name).iter_errors(record))
    if not errors:
        return None
    found = max(errors, key=lambda e: len(e.instance_path))
    message = str(found.message)
    pointer = "".join(f"/{part}" for part in found.instance_path) or "/"
    return f"{pointer}: {message if len(message) <= 200 else message[:200] + '…'}"


def answer(
    name: str, entry: Entry, request_schema: str | None = None, text_limit: int = limits.MAX_RECORD_BYTES
) -> tuple[Response, int]:
    try:
        record = read_body(text_limit)
    except ValueError as problem:  # InvalidRecord included: a body too large or too deep
        return error(str(problem))
    if not isinstance(record, dict):
        return error(f"a record must be a JSON object, not {type(record).__name__}")
    # The tournament's records are checked against their schema (and its bounds,
    # rules_engine.limits.TOURNAMENT) before the engine does any work on them.
    outside = schema_problem(request_schema, record) if request_schema is not None else None
    if outside is not None:
        return error(outside)
    try:
        result = entry(record)
        # Serialised here, inside the guard: an answer that is not JSON is an engine failure too.
        body = json.dumps(result, ensure_ascii=False, allow_nan=False)
    except InvalidRecord as problem:
        return error(str(problem))
    except RecursionError:
        return error("the record is nested too deeply")
    except Exception as problem:  # noqa: BLE001 — the API promises never to answer 5xx
        current_app.logger.exception("engine failure on /api/v1/%s", name)
        return error(
            f"the rules engine could not read this record ({type(problem).__name__}); "
            "please report it with the record"
        )
    return Response(body, status=200, mimetype="application/json"), 200


@bp.post("/v1/deal")
def deal() -> tuple[Response, int]:
    """One deal's validation and score (``rules_engine.score_deal``)."""
    return answer("deal", rules_engine.score_deal)


@bp.post("/v1/match")
def match() -> tuple[Response, int]:
    """A whole match: running score, states, winner (``rules_engine.score_match``)."""
    return answer("match", rules_engine.score_match)


@bp.post("/v1/legal")
def legal() -> tuple[Response, int]:
    """Which cards may be played, and why the others may not (``rules_engine.legal_cards``)."""
    return answer("legal", rules_engine.legal_cards)


def init_app(app: Flask) -> None:
    """Answer the records of the app's games' tournament formats, each at its own address
        (``POST /api/v1/<name>``: a table's round, the ranking, the next draw), and a season's
    (``POST /api/v1/series``, ``/api/v1/rating``)."""
    with app.app_context():
        found = tournament_operations()
    for name, operation in found.items():
        app.add_url_rule(
            f"{bp.url_prefix}/v1/{name}",
            f"{bp.name}.{name}",
            partial(answer, name, operation.entry, operation.request),
            methods=["POST"],
        )
    for operation in season.OPERATIONS:
        app.add_url_rule(
            f"{bp.url_prefix}/v1/{operation.name}",
            f"{bp.name}.{operation.name}",
            partial(_season_answer, operation),
            methods=["POST"],
        )


def _season_answer(operation: Operation) -> tuple[Response, int]:
    """A season's record: longer than any match, read by the engine alone (:mod:`scorer.api.season`)."""
    request.max_content_length = limits.SEASON.text
    return answer(operation.name, operation.entry, None, limits.SEASON.text)


@bp.get("/openapi.json")
def openapi() -> Response:
    return jsonify(document(request.host_url.rstrip("/")))


def _json_http_errors(state: Any) -> None:
    """Answer HTTP errors under /api/ in JSON (404, 405, 413); other pages keep their HTML.

    Routing errors (an unknown address, a wrong method) happen before any blueprint is
    chosen, so the app-wide handler is wrapped rather than replaced.
    """
    app: Flask = state.app
    handlers = app.error_handler_spec.setdefault(None, {}).setdefault(None, {})
    page_handler = handlers.get(HTTPException)

    def handle(problem: HTTPException) -> Any:
        if request.path.startswith(bp.url_prefix or "/api"):
            response, status = error(problem.description or problem.name, problem.code or 400)
            # A 405 keeps its Allow header (RFC 9110).
            for name, value in problem.get_headers():
                if name.lower() == "allow":
                    response.headers["Allow"] = value
            return response, status
        if page_handler is not None:
            return page_handler(problem)
        return problem

    app.register_error_handler(HTTPException, handle)
    csrf = app.extensions.get("csrf")
    if csrf is not None:  # a global CSRFProtect, should the app adopt one: JSON API exempt
        csrf.exempt(bp)


bp.record_once(_json_http_errors)

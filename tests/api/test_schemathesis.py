"""Schemathesis against /api/openapi.json through the WSGI app (no network).

Every generated request must get a response that is not a 5xx and that matches the
schema documented for its status code; an engine failure behind a 400 is a failure too.

Each operation goes through Schemathesis's three phases: its documented examples; its coverage
phase, deterministic, which sends every property's boundary values, each required field left
out and each wrong type (thousands of cases in all, the bulk of the run); and a random fuzzing
phase, here a sample of ten cases an operation (``SCHEMATHESIS_EXAMPLES`` asks for more, e.g. 100
for a search deeper than `make test` pays for).

The app and its schema are made by fixtures when the test runs, not when pytest collects the
module: Schemathesis builds each operation's cases (its coverage phase) as it loads a schema,
which every collecting process (each xdist worker, `make check`) would otherwise pay for.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator

import pytest
import schemathesis
from flask import Flask
from hypothesis import HealthCheck, settings
from schemathesis.checks import negative_data_rejection, positive_data_acceptance
from schemathesis.schemas import BaseSchema

from scorer import create_app

#: Random cases of each operation in the fuzzing phase (the coverage phase's are not counted);
#: none by default.
FUZZED_CASES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "0"))


class Failures(logging.Handler):
    """The app's logged errors (an engine failure is logged, then answered with a 400)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(scope="module")
def api_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    database = tmp_path_factory.mktemp("api") / "t.sqlite"
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": f"sqlite:///{database}"})
    yield app
    engine = app.extensions.get("tafel_engine")
    if engine is not None:
        engine.dispose()


@pytest.fixture(scope="module")
def failures(api_app: Flask) -> Iterator[Failures]:
    handler = Failures()
    api_app.logger.addHandler(handler)
    yield handler
    api_app.logger.removeHandler(handler)


@pytest.fixture(scope="module")
def api_schema(api_app: Flask) -> BaseSchema:
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", api_app)
    if FUZZED_CASES == 0:
        schema.config.phases.update(phases=["examples", "coverage"])
    return schema


schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.fixture(autouse=True)
def _nodeid_for_schemathesis(request: pytest.FixtureRequest) -> None:
    """Schemathesis's lazy schema renames the running test's ``_nodeid`` for each operation it
    runs, an attribute pytest 9 no longer has; the name it reads back is the test's own."""
    request.node._nodeid = request.node.nodeid


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=max(FUZZED_CASES, 1), deadline=None, suppress_health_check=list(HealthCheck))
def test_api_conforms(case: schemathesis.Case, failures: Failures) -> None:
    before = len(failures.records)
    # The schema describes records; it is not the engine's validator. It cannot state every
    # cross-field rule (``revoke.points`` has one number per side), so a schema-valid body may
    # rightly be a 400; and the engine reads some fields more leniently than the schema says
    # (null for an optional number), so a schema-invalid body may be a 200. Both checks are off;
    # every other check (no 5xx, status codes documented, responses match their schema) is on.
    # A plain client: the app compresses JSON for clients that accept it, and the WSGI
    # transport hands Schemathesis the bytes as sent.
    response = case.call_and_validate(
        headers={"Accept-Encoding": "identity"},
        excluded_checks=[positive_data_acceptance, negative_data_rejection],
    )
    assert response.status_code < 500
    engine_failures = failures.records[before:]
    assert not engine_failures, f"engine failure on {case.body!r}: {engine_failures[0].getMessage()}"


def test_document_is_openapi_31(api_app: Flask) -> None:
    document = api_app.test_client().get("/api/openapi.json").get_json()
    assert document["openapi"].startswith("3.1")
    assert set(document["paths"]) == {
        "/api/v1/deal",
        "/api/v1/match",
        "/api/v1/legal",
        "/api/v1/passe",
        "/api/v1/tournament",
        "/api/v1/seating",
        "/api/v1/series",
        "/api/v1/rating",
    }
    for path in document["paths"].values():
        assert {"200", "400"} <= set(path["post"]["responses"])

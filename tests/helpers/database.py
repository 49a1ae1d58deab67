"""A fresh, migrated database for one test (or one live server): SQLite, or PostgreSQL on demand.

``TEST_DATABASE_URL`` (else a non-SQLite ``DATABASE_URL``) names a PostgreSQL database the
tests may use, as ``scripts/with-postgres.sh`` exports it. Each caller then gets a schema of
its own in that database, made by running the migrations (about 50 ms) and dropped
afterwards, so parallel workers and module-scoped servers never see each other's rows.
Without it, each caller gets a copy of a SQLite file migrated once per process.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine, make_url, text
from sqlalchemy.pool import NullPool

from scorer.store.migrate import upgrade

_SQLITE_TEMPLATE: dict[str, bytes] = {}


def server_url() -> str | None:
    """The PostgreSQL (or other server) URL the tests run against, or None for SQLite files."""
    for name in ("TEST_DATABASE_URL", "DATABASE_URL"):
        url = os.environ.get(name, "")
        if url and not url.startswith("sqlite"):
            return url
    return None


def in_schema(url: str, schema: str) -> str:
    """``url`` with every connection's search_path set to ``schema``."""
    return (
        make_url(url)
        .update_query_dict({"options": f"-csearch_path={schema}"})
        .render_as_string(hide_password=False)
    )


@contextmanager
def fresh_database(directory: Path) -> Iterator[str]:
    """The URL of an empty database at the migrations' head, used by nobody else.

    The caller must dispose its engines before leaving the block (the schema is dropped).
    """
    server = server_url()
    if server is None:
        path = directory / "tafel.sqlite"
        # Migrating once per process and copying the file keeps each test's database fresh and fast.
        if "db" not in _SQLITE_TEMPLATE:
            upgrade(f"sqlite:///{path}")
            _SQLITE_TEMPLATE["db"] = path.read_bytes()
        else:
            path.write_bytes(_SQLITE_TEMPLATE["db"])
        yield f"sqlite:///{path}"
        return
    schema = f"test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(server, poolclass=NullPool)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        url = in_schema(server, schema)
        upgrade(url)
        yield url
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()

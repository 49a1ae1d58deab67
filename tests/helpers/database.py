"""A fresh, migrated database for one test (or one live server): SQLite, or PostgreSQL on demand.

``TEST_DATABASE_URL`` (else a non-SQLite ``DATABASE_URL``) names a PostgreSQL database the
tests may use, as ``scripts/with-postgres.sh`` exports it. Each caller then gets a schema of
its own in that database, so parallel workers and module-scoped servers never see each other's
rows. A schema is made by running the migrations, which costs a PostgreSQL server most of a
second of work; when its caller is done, a schema whose tables, columns, indexes, constraints
and revision are still the migrations' own is emptied (its rows deleted, its sequences started
again) and handed to the next caller of the same process, any other is dropped. Without a server, each
caller gets a copy of a SQLite file migrated once per process.
"""

from __future__ import annotations

import atexit
import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, make_url, text
from sqlalchemy.exc import OperationalError
from sqlalchemy.pool import NullPool

from scorer.store.migrate import upgrade

_SQLITE_TEMPLATE: dict[str, bytes] = {}
#: Per process: the server's administering engine, the emptied schemas at the migrations' head
#: waiting for their next caller, and what such a schema looks like (its shape).
_ADMIN: dict[str, Engine] = {}
_EMPTY_SCHEMAS: list[str] = []
_HEAD_SHAPE: dict[str, tuple[Any, ...]] = {}

#: Everything a migration or a test could change in a schema besides its rows: its tables and
#: indexes, their columns, constraints and triggers, and the recorded revision.
_SHAPE_QUERIES = (
    """SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = :schema ORDER BY 1, 2""",
    """SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull,
    pg_get_expr(d.adbin, d.adrelid) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE n.nspname = :schema AND a.attnum > 0 AND NOT a.attisdropped ORDER BY 1, 2""",
    "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = :schema ORDER BY 1",
    """SELECT r.relname, k.conname, pg_get_constraintdef(k.oid) FROM pg_constraint k
    JOIN pg_class r ON r.oid = k.conrelid JOIN pg_namespace n ON n.oid = r.relnamespace
    WHERE n.nspname = :schema ORDER BY 1, 2""",
    """SELECT r.relname, t.tgname FROM pg_trigger t JOIN pg_class r ON r.oid = t.tgrelid
    JOIN pg_namespace n ON n.oid = r.relnamespace WHERE n.nspname = :schema ORDER BY 1, 2""",
)


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
    admin = _administering(server)
    schema = _EMPTY_SCHEMAS.pop() if _EMPTY_SCHEMAS else _migrated_schema(admin, server)
    try:
        yield in_schema(server, schema)
    finally:
        if _emptied(admin, schema):
            _EMPTY_SCHEMAS.append(schema)
        else:
            _drop(admin, schema)


def _administering(server: str) -> Engine:
    admin = _ADMIN.get(server)
    if admin is None:
        admin = _ADMIN[server] = create_engine(server, poolclass=NullPool)

        def drop_the_empty_schemas() -> None:
            while _EMPTY_SCHEMAS:
                _drop(admin, _EMPTY_SCHEMAS.pop())
            admin.dispose()

        atexit.register(drop_the_empty_schemas)
    return admin


def _migrated_schema(admin: Engine, server: str) -> str:
    schema = f"test_{uuid.uuid4().hex[:16]}"
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        upgrade(in_schema(server, schema))
    except BaseException:
        _drop(admin, schema)
        raise
    if "head" not in _HEAD_SHAPE:
        with admin.connect() as connection:
            _HEAD_SHAPE["head"] = _shape(connection, schema)
            _HEAD_SHAPE["children first"] = _children_first(connection, schema)
    return schema


def _shape(connection: Connection, schema: str) -> tuple[object, ...]:
    shape = [tuple(connection.execute(text(query), {"schema": schema})) for query in _SHAPE_QUERIES]
    revision = connection.execute(
        text("SELECT to_regclass(:table) IS NOT NULL"), {"table": f'"{schema}".alembic_version'}
    ).scalar_one()
    if revision:
        shape.append(tuple(connection.execute(text(f'SELECT version_num FROM "{schema}".alembic_version'))))
    return tuple(shape)


def _emptied(admin: Engine, schema: str) -> bool:
    """Empty ``schema`` for its next caller if it still has the migrations' shape; False when
    it has another (a test migrated it elsewhere) or is still locked by a connection left open.

    Its few rows are deleted, children before parents, and its sequences start again (as after
    the migrations): quicker than TRUNCATE, which makes each table's files anew."""
    try:
        with admin.begin() as connection:
            shape = _shape(connection, schema)
            if shape != _HEAD_SHAPE.get("head"):
                return False
            # Nothing to keep safe on disk: the next caller wants the schema empty, not durable.
            connection.execute(text("SET LOCAL synchronous_commit = off"))
            connection.execute(text("SET LOCAL lock_timeout = '2s'"))
            for table in _HEAD_SHAPE["children first"]:
                connection.execute(text(f'DELETE FROM "{schema}"."{table}"'))
            for sequence in (name for name, kind in shape[0] if kind == "S"):
                connection.execute(text(f'ALTER SEQUENCE "{schema}"."{sequence}" RESTART'))
    except OperationalError:
        return False
    return True


def _children_first(connection: Connection, schema: str) -> tuple[str, ...]:
    """The schema's tables but alembic_version, each after every table that refers to it."""
    tables = {
        name
        for (name,) in connection.execute(
            text(
                "SELECT tablename FROM pg_tables WHERE schemaname = :schema AND tablename != 'alembic_version'"
            ),
            {"schema": schema},
        )
    }
    parents: dict[str, set[str]] = {table: set() for table in tables}
    for child, parent in connection.execute(
        text(
            """SELECT c.relname, p.relname FROM pg_constraint k
            JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
            JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE k.contype = 'f' AND n.nspname = :schema AND c.relname != p.relname"""
        ),
        {"schema": schema},
    ):
        parents[child].add(parent)
    order: list[str] = []
    while parents:
        referred = set().union(*parents.values())
        leaves = sorted(table for table in parents if table not in referred)
        if not leaves:  # a ring of references: no order deletes it row by row
            raise AssertionError(f"foreign keys in a ring among {sorted(parents)}")
        order.extend(leaves)
        for table in leaves:
            del parents[table]
    return tuple(order)


def _drop(admin: Engine, schema: str) -> None:
    with admin.begin() as connection:
        connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))

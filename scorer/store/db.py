"""The database: one SQLAlchemy engine per app, one session per request.

The schema is made by Alembic (``flask --app scorer db-upgrade``), never at start-up.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, g
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool


def make_engine(url: str) -> Engine:
    kwargs: dict[str, Any] = {}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False}
        if url in ("sqlite://", "sqlite:///:memory:"):
            # One shared connection, or every session would see its own empty database.
            kwargs["poolclass"] = StaticPool
    else:
        # A pooled connection may have died with its server (a restart, a fail-over): each
        # checkout checks it first and replaces a dead one, rather than failing a request.
        kwargs["pool_pre_ping"] = True
    engine = create_engine(url, **kwargs)
    if url.startswith("sqlite"):
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    # A tablet that loses power must not lose an acknowledged entry; WAL keeps readers
    # (spectators) from blocking the writer. In WAL mode NORMAL survives a killed process
    # but may drop the last commits on power loss: FULL syncs the WAL at every commit
    # (~0.1 ms here, bench/RESULTS.md).
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def init_app(app: Flask) -> None:
    engine = make_engine(app.config["DATABASE_URL"])
    app.extensions["tafel_db"] = sessionmaker(bind=engine, expire_on_commit=False)
    app.extensions["tafel_engine"] = engine
    app.extensions["tafel_lone_reads"] = lone_reads(engine)
    app.teardown_appcontext(_close_session)


def engine() -> Engine:
    return current_app.extensions["tafel_engine"]  # type: ignore[no-any-return]


def lone_reads(engine: Engine) -> Engine:
    """``engine`` for a connection that runs one SELECT and nothing else (a version poll, a 304).

    On a server (PostgreSQL) in autocommit: the one statement is its own transaction, and no
    BEGIN and ROLLBACK travel with it (two round trips of four, the pre-ping and the query
    left). The same pool and its pre-ping. SQLite's driver begins no transaction for a read.
    """
    if engine.dialect.name == "sqlite":
        return engine
    return engine.execution_options(isolation_level="AUTOCOMMIT")


def lone_read_engine() -> Engine:
    """:func:`lone_reads` of the app's engine."""
    return current_app.extensions["tafel_lone_reads"]  # type: ignore[no-any-return]


def session() -> Session:
    """The request's session (created on first use)."""
    if "db_session" not in g:
        g.db_session = current_app.extensions["tafel_db"]()
    return g.db_session  # type: ignore[no-any-return]


def _close_session(_exc: BaseException | None) -> None:
    db_session = g.pop("db_session", None)
    if db_session is not None:
        db_session.close()

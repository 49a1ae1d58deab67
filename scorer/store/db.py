"""The database: one SQLAlchemy engine per app, one session per request.

The schema is made by Alembic (``flask --app scorer db-upgrade``), never at start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import Flask, current_app, g, has_request_context, request
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
    # (bench/load.py measures saves with it).
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def init_app(app: Flask) -> None:
    engine = make_engine(app.config["DATABASE_URL"])
    app.extensions["tafel_db"] = sessionmaker(bind=engine, expire_on_commit=False)
    app.extensions["tafel_engine"] = engine
    app.extensions["tafel_lone_reads"] = autocommit = lone_reads(engine)
    # The session of a request that writes one statement at a time (one_statement_writes).
    app.extensions["tafel_db_autocommit"] = sessionmaker(bind=autocommit, expire_on_commit=False)
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


View = TypeVar("View", bound=Callable[..., Any])

#: The attribute :func:`one_statement_writes` marks a view with.
_ONE_STATEMENT = "tafel_one_statement_writes"


def one_statement_writes(view: View) -> View:
    """Mark ``view``: no two statements a POST to it writes must hold together.

    Its save is one statement (:func:`scorer.store.log.append` writes the entry and the rows
    derived from it as one on PostgreSQL); any other write it makes stands alone (the summary
    row that showing the match stores, committed apart already). Its request's session is then
    in autocommit on PostgreSQL (:func:`session`): each statement is its own transaction, and
    no BEGIN and COMMIT travel with its reads and its write — a deal save's round trips are
    the pre-ping, two SELECTs and the write. Reads outside a transaction see what READ
    COMMITTED showed them inside one (each statement its own snapshot). A write of several
    statements such a request may still make (a legacy cookie's right traded for a row) asks
    for a transaction first: :func:`writes_together`.
    """
    setattr(view, _ONE_STATEMENT, True)
    return view


def session() -> Session:
    """The request's session (created on first use): in autocommit for a POST to a view marked
    :func:`one_statement_writes` on PostgreSQL, else a transaction per commit."""
    if "db_session" not in g:
        extensions = current_app.extensions
        g.db_session = extensions["tafel_db_autocommit" if _one_statement_request() else "tafel_db"]()
    return g.db_session  # type: ignore[no-any-return]


def _one_statement_request() -> bool:
    if not has_request_context() or request.method != "POST" or request.endpoint is None:
        return False
    return getattr(current_app.view_functions.get(request.endpoint), _ONE_STATEMENT, False) is True


def writes_together() -> Session:
    """The request's session, its next statements in one transaction up to its next commit (and
    every later one's): for writes of several statements that must hold together, in a request
    whose session may be in autocommit (:func:`one_statement_writes`). Call it before changing
    any row: a change pending in the session is written now, on its own."""
    db_session = session()
    transactional = engine()
    if db_session.bind is not transactional:
        db_session.commit()  # in autocommit: nothing travels
        db_session.bind = transactional
    return db_session


def _close_session(_exc: BaseException | None) -> None:
    db_session = g.pop("db_session", None)
    if db_session is not None:
        db_session.close()

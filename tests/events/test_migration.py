"""The event tables' migration runs up and down on SQLite, and its schema is the models'."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from sqlalchemy import create_engine, inspect

from scorer.store.migrate import alembic_config, upgrade


def test_event_migration_up_and_down(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.sqlite'}"
    upgrade(url)
    engine = create_engine(url)
    try:
        tables = set(inspect(engine).get_table_names())
        assert {"event", "event_entry", "match", "entry"} <= tables
        columns = {c["name"] for c in inspect(engine).get_columns("event_entry")}
        assert {"event_id", "seq", "kind", "target_seq", "record", "idempotency_key"} <= columns
        command.downgrade(alembic_config(url), "0005")
        engine.dispose()
        tables = set(inspect(engine).get_table_names())
        assert "event" not in tables and "event_entry" not in tables and "match" in tables
        upgrade(url)
        engine.dispose()
        assert {"event", "event_entry"} <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()

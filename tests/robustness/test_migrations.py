"""The migrations make exactly the models' schema, on SQLite and on PostgreSQL, and step
down and up again cleanly (``flask --app scorer db-upgrade`` runs the same ``upgrade``)."""

from __future__ import annotations

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from scorer.store.db import make_engine
from scorer.store.migrate import alembic_config, upgrade
from scorer.store.models import Base


def differences(url: str) -> list[object]:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return list(compare_metadata(MigrationContext.configure(connection), Base.metadata))
    finally:
        engine.dispose()


def test_migrated_schema_is_the_models(database_url: str) -> None:
    assert differences(database_url) == []


@pytest.mark.slow
def test_down_to_nothing_and_up_again(database_url: str) -> None:
    command.downgrade(alembic_config(database_url), "base")
    engine = make_engine(database_url)
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    engine.dispose()
    upgrade(database_url)
    upgrade(database_url)  # a second run is a no-op
    assert differences(database_url) == []

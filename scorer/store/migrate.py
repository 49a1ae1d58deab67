"""Database migrations as a command: ``flask --app scorer db-upgrade`` (never at start-up)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click
from flask import Flask, current_app

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def alembic_config(url: str) -> Config:
    # Alembic is imported when a migration runs, not by every process that builds the app.
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(url: str, revision: str = "head") -> None:
    from alembic import command

    command.upgrade(alembic_config(url), revision)


def init_app(app: Flask) -> None:
    @app.cli.command("db-upgrade")
    @click.argument("revision", default="head")
    def db_upgrade(revision: str) -> None:
        """Apply the database migrations up to REVISION (default: head)."""
        url = current_app.config["DATABASE_URL"]
        if url.startswith("sqlite:///"):
            Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        upgrade(url, revision)
        click.echo(f"database at revision {revision}")

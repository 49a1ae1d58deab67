"""A club's series (SEASON.md): its row and its append-only log.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "series",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("title", sa.String(120), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("idempotency_key", sa.String(64), nullable=True),
        sa.Column("edit_secret_hash", sa.String(64), nullable=True),
        sa.UniqueConstraint("idempotency_key", name="uq_series_idempotency_key"),
    )
    op.create_table(
        "series_entry",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("series_id", sa.Integer(), sa.ForeignKey("series.id"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("series_id", "seq", name="uq_series_entry_series_seq"),
    )
    op.create_index("ix_series_entry_series_id", "series_entry", ["series_id"])


def downgrade() -> None:
    op.drop_index("ix_series_entry_series_id", table_name="series_entry")
    op.drop_table("series_entry")
    op.drop_table("series")

"""A match and its append-only log of entries.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "match",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "entry",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("match.id"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("target_seq", sa.Integer(), nullable=True),
        sa.Column("record", sa.JSON(), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("idempotency_key", sa.String(64), nullable=True),
        sa.UniqueConstraint("match_id", "seq", name="uq_entry_match_seq"),
        sa.UniqueConstraint("idempotency_key", name="uq_entry_idempotency_key"),
    )
    op.create_index("ix_entry_match_id", "entry", ["match_id"])


def downgrade() -> None:
    op.drop_index("ix_entry_match_id", table_name="entry")
    op.drop_table("entry")
    op.drop_table("match")

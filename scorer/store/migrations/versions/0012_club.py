"""A club (SEASON.md Z2): its row and its append-only log, which names the series it holds.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "club",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("idempotency_key", sa.String(64), nullable=True),
        sa.UniqueConstraint("idempotency_key", name="uq_club_idempotency_key"),
    )
    op.create_table(
        "club_entry",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("club_id", sa.Integer(), sa.ForeignKey("club.id"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("club_id", "seq", name="uq_club_entry_club_seq"),
    )
    op.create_index("ix_club_entry_club_id", "club_entry", ["club_id"])


def downgrade() -> None:
    op.drop_index("ix_club_entry_club_id", table_name="club_entry")
    op.drop_table("club_entry")
    op.drop_table("club")

"""The ranking an event's readers were last shown (derived; any server computes it again).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "event_ranking",
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("event.id"), primary_key=True),
        sa.Column("computed", sa.Float(), nullable=False),
        sa.Column("claimed", sa.Float(), nullable=False),
        sa.Column("held", sa.Integer(), nullable=True),
        sa.Column("answer", sa.JSON(), nullable=False),
        sa.Column("names", sa.JSON(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("event_ranking")

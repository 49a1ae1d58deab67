"""Wrong guesses at edit secrets and the administrator password, shared by every worker.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "guess_failure",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_guess_failure_address_at", "guess_failure", ["address", "at"])
    op.create_index("ix_guess_failure_at", "guess_failure", ["at"])


def downgrade() -> None:
    op.drop_index("ix_guess_failure_at", table_name="guess_failure")
    op.drop_index("ix_guess_failure_address_at", table_name="guess_failure")
    op.drop_table("guess_failure")

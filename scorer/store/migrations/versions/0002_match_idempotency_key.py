"""A match remembers the key of the form that created it: a double tap makes one match.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("match") as batch:
        batch.add_column(sa.Column("idempotency_key", sa.String(64), nullable=True))
        batch.create_unique_constraint("uq_match_idempotency_key", ["idempotency_key"])


def downgrade() -> None:
    with op.batch_alter_table("match") as batch:
        batch.drop_constraint("uq_match_idempotency_key", type_="unique")
        batch.drop_column("idempotency_key")

"""A right withdrawn by the event's director stays stored, marked with when (``revoked``).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("access_grant") as batch:
        batch.add_column(sa.Column("revoked", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("access_grant") as batch:
        batch.drop_column("revoked")

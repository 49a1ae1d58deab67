"""The office's right to an event (``scorer.events.access``): a grant row with its role.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("access_grant") as batch:
        batch.add_column(sa.Column("event_role", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("access_grant") as batch:
        batch.drop_column("event_role")

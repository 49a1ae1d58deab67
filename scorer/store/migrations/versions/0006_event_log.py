"""Events (club evenings, tournaments) and their append-only log.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "event",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("title", sa.String(120), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("idempotency_key", sa.String(64), nullable=True),
        sa.Column("edit_secret_hash", sa.String(64), nullable=True),
        sa.Column("edit_nonce", sa.String(32), nullable=True),
        sa.UniqueConstraint("idempotency_key", name="uq_event_idempotency_key"),
    )
    op.create_table(
        "event_entry",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("event.id"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("target_seq", sa.Integer(), nullable=True),
        sa.Column("record", sa.JSON(), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("idempotency_key", sa.String(64), nullable=True, unique=True),
        sa.UniqueConstraint("event_id", "seq", name="uq_event_entry_event_seq"),
    )
    op.create_index("ix_event_entry_event_id", "event_entry", ["event_id"])
    # A director's right is a grant row too: the session holds its id, never the secret.
    with op.batch_alter_table("access_grant") as batch:
        batch.add_column(sa.Column("event_id", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("access_grant") as batch:
        batch.drop_column("event_id")
    op.drop_index("ix_event_entry_event_id", table_name="event_entry")
    op.drop_table("event_entry")
    op.drop_table("event")

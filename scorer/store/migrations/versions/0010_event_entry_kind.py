"""An index of the event log's entries by kind: whether an event is closed is its latest
``close`` or ``reopen`` entry, looked up on every write of the event and of its tables.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02
"""

from __future__ import annotations

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_event_entry_event_kind_seq", "event_entry", ["event_id", "kind", "seq"])


def downgrade() -> None:
    op.drop_index("ix_event_entry_event_kind_seq", table_name="event_entry")

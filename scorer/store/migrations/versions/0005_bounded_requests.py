"""Nothing granted by a copy, bounded work per request.

* ``match.edit_nonce``: the random value a match's edit secret is derived from with the
  app's secret key (``scorer.access.rights``); a copy of the database alone derives nothing.
* ``match.idempotency_key`` now holds a keyed hash of the creating form's key. The keys
  stored before were the keys themselves, and replaying one handed out the creator's edit
  right: they are dropped (they only ever served a double tap within seconds).
* ``access_grant``: the rights a browser holds (edit a match, administrator), looked up by
  the id its session cookie carries, so that log-out and a new edit link end them.
* ``write_event``: anonymous writes (new matches, imports) per client address, counted
  for every worker like ``guess_failure``.
* ``match_summary``: what the match list shows of a match, kept per log version, so that
  the list pages through matches without reading their logs.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("match") as batch:
        batch.add_column(sa.Column("edit_nonce", sa.String(32), nullable=True))
    op.execute(sa.text("UPDATE match SET idempotency_key = NULL"))
    op.create_table(
        "access_grant",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("match_id", sa.Integer(), nullable=True),
        sa.Column("admin_tag", sa.String(64), nullable=True),
        sa.Column("created", sa.Float(), nullable=False),
    )
    op.create_index("ix_access_grant_match_id", "access_grant", ["match_id"])
    op.create_index("ix_access_grant_created", "access_grant", ["created"])
    op.create_table(
        "write_event",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_write_event_address_at", "write_event", ["address", "at"])
    op.create_index("ix_write_event_at", "write_event", ["at"])
    op.create_table(
        "match_summary",
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("match.id"), primary_key=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("deals", sa.Integer(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("voided", sa.Boolean(), nullable=False),
        sa.Column("scores", sa.JSON(), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("match_summary")
    op.drop_index("ix_write_event_at", table_name="write_event")
    op.drop_index("ix_write_event_address_at", table_name="write_event")
    op.drop_table("write_event")
    op.drop_index("ix_access_grant_created", table_name="access_grant")
    op.drop_index("ix_access_grant_match_id", table_name="access_grant")
    op.drop_table("access_grant")
    with op.batch_alter_table("match") as batch:
        batch.drop_column("edit_nonce")

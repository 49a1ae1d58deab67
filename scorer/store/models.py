"""The stored data: a match and its append-only log of entries (STYLE.md practice 7), and
the recent wrong guesses at edit secrets (``GuessFailure``).

Nothing of a match is ever updated or deleted: a correction, an undo or a void is a new
entry, and the current deals are derived from the log (``scorer.store.log``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Float, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class Match(Base):
    __tablename__ = "match"
    __table_args__ = (UniqueConstraint("idempotency_key", name="uq_match_idempotency_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    #: profile, options, target, players, format, deck, names, first forehand, ...
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    #: The key of the form that created the match (new or import): a double tap makes one.
    idempotency_key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: SHA-256 (hex) of the match's edit secret (``scorer.access.rights``); the secret itself is
    #: never stored, so a copy of the database grants no edit right. None: a match made
    #: before edit secrets existed, which only the club administrator may change.
    edit_secret_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    entries: Mapped[list[Entry]] = relationship(back_populates="match", order_by="Entry.seq", lazy="selectin")


class Entry(Base):
    """One line of a match's log.

    ``seq`` numbers a match's entries 1, 2, 3 … and doubles as the match version: the
    unique (match_id, seq) pair makes two writers of the same version collide.
    """

    __tablename__ = "entry"
    __table_args__ = (UniqueConstraint("match_id", "seq", name="uq_entry_match_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    #: deal | correction | undo | void
    kind: Mapped[str] = mapped_column(String(16))
    #: correction: the seq of the deal corrected; undo: the seq of the entry undone.
    target_seq: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: The deal record (DEAL_RECORD.md, without game/profile/options) for deal/correction.
    record: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    idempotency_key: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)

    match: Mapped[Match] = relationship(back_populates="entries")


class GuessFailure(Base):
    """A wrong edit secret or administrator password from one client address (``scorer.access.rights``).

    Access bookkeeping, not match data: rows older than the guessing window are deleted.
    Kept in the database so that every worker process (and every server of one PostgreSQL
    database) counts the same guesses.
    """

    __tablename__ = "guess_failure"
    __table_args__ = (
        Index("ix_guess_failure_address_at", "address", "at"),
        Index("ix_guess_failure_at", "at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    address: Mapped[str] = mapped_column(String(64))
    #: Seconds since the epoch, by the limiter's clock.
    at: Mapped[float] = mapped_column(Float)


class Event(Base):
    """A club evening or tournament (TOURNAMENT.md): its settings and its append-only log.

    Like a match, nothing of an event is updated or deleted: players, draws, withdrawals,
    substitutes and the ranking's freeze are entries of its log (``scorer.events.state``).
    Each table's Passe is a match of the ``passe`` game, named by the round's entry.
    """

    __tablename__ = "event"
    __table_args__ = (UniqueConstraint("idempotency_key", name="uq_event_idempotency_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    title: Mapped[str] = mapped_column(String(120))
    #: format, passen, options (games_per_passe, streich, match_value …)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    idempotency_key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: SHA-256 (hex) of the director's edit secret, as for a match.
    edit_secret_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    entries: Mapped[list[EventEntry]] = relationship(
        back_populates="event", order_by="EventEntry.seq", lazy="selectin"
    )


class EventEntry(Base):
    """One line of an event's log; ``seq`` is the event's version, as for a match's entries."""

    __tablename__ = "event_entry"
    __table_args__ = (UniqueConstraint("event_id", "seq", name="uq_event_entry_event_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    #: player | correction | withdrawal | substitute | round | freeze
    kind: Mapped[str] = mapped_column(String(16))
    #: correction: the seq of the player entry it gives a new version.
    target_seq: Mapped[int | None] = mapped_column(Integer, nullable=True)
    record: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    idempotency_key: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)

    event: Mapped[Event] = relationship(back_populates="entries")

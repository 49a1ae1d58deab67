"""The stored data: a match and its append-only log of entries (STYLE.md practice 7), and
the recent wrong guesses at edit secrets (``GuessFailure``).

Nothing of a match is ever updated or deleted: a correction, an undo or a void is a new
entry, and the current deals are derived from the log (``scorer.store.log``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Float, ForeignKey, Index, Integer, String, UniqueConstraint
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
    #: A keyed hash (HMAC with the app's secret key) of the key of the form that created the
    #: match (new or import): a double tap makes one match, and a copy of the database holds
    #: no key that could be replayed as the creator's.
    idempotency_key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: A keyed hash (HMAC-SHA-256, hex) of the match's edit secret (``scorer.access.rights``);
    #: the secret itself is never stored, so a copy of the database grants no edit right.
    #: Matches from before keyed hashes hold a plain SHA-256 until their secret is next used.
    #: None: a match made before edit secrets existed, which only the administrator may change.
    edit_secret_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: The random value the edit secret is derived from with the app's secret key, so that a
    #: tablet holding the right can show the edit link again; None for older matches.
    edit_nonce: Mapped[str | None] = mapped_column(String(32), nullable=True)
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
    #: The director's secret is derived from this nonce with the app's key (as a match's).
    edit_nonce: Mapped[str | None] = mapped_column(String(32), nullable=True)
    entries: Mapped[list[EventEntry]] = relationship(
        back_populates="event", order_by="EventEntry.seq", lazy="selectin"
    )


class EventEntry(Base):
    """One line of an event's log; ``seq`` is the event's version, as for a match's entries."""

    __tablename__ = "event_entry"
    __table_args__ = (
        UniqueConstraint("event_id", "seq", name="uq_event_entry_event_seq"),
        # Whether an event is closed: its latest close or reopen entry (scorer.events.closing).
        Index("ix_event_entry_event_kind_seq", "event_id", "kind", "seq"),
    )

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


class AccessGrant(Base):
    """A right one browser holds (``scorer.access.rights``): to edit a match, or administrator.

    The session cookie carries only this row's id, never a secret; deleting the row (log-out,
    a new edit link) ends the right on every copy of the cookie. Rows older than the session
    lifetime are deleted as new ones come.
    """

    __tablename__ = "access_grant"
    __table_args__ = (
        Index("ix_access_grant_match_id", "match_id"),
        Index("ix_access_grant_created", "created"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    #: The match this browser may edit; None for an administrator's login.
    match_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: The event this browser may direct (``scorer.events.access``); under the role ``series``,
    #: the club's series whose office it is (``scorer.access.rights.SERIES_ROLE``).
    event_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: The right's role in that event: None to direct it, ``office`` for the office alone.
    event_role: Mapped[str | None] = mapped_column(String(16), nullable=True)
    #: An administrator's login: a keyed tag of the password it was made with.
    admin_tag: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: Seconds since the epoch.
    created: Mapped[float] = mapped_column(Float)
    #: When an event's director withdrew this right (``scorer.events.revoke``): the row stays,
    #: it grants nothing.
    revoked: Mapped[float | None] = mapped_column(Float, nullable=True)


class WriteEvent(Base):
    """An anonymous write (a new match, an import) from one client address, for its rate limit.

    Like :class:`GuessFailure`, counted in the database so that every worker shares the limit.
    """

    __tablename__ = "write_event"
    __table_args__ = (
        Index("ix_write_event_address_at", "address", "at"),
        Index("ix_write_event_at", "at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: ``kind:address`` (``import:192.0.2.1``).
    address: Mapped[str] = mapped_column(String(64))
    at: Mapped[float] = mapped_column(Float)


class MatchSummary(Base):
    """What the match list shows of a match, derived from its log at ``version`` (its last seq).

    Derived data, never a source: a summary older than the log is derived again when the
    list shows it (``scorer.matches.views``), so the list reads no log that has not changed.
    """

    __tablename__ = "match_summary"

    match_id: Mapped[int] = mapped_column(ForeignKey("match.id"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    deals: Mapped[int] = mapped_column(Integer)
    finished: Mapped[bool] = mapped_column(Boolean)
    voided: Mapped[bool] = mapped_column(Boolean)
    #: The engine's ``scores`` (a pair, or small/big points); None while the match is not valid.
    scores: Mapped[Any] = mapped_column(JSON, nullable=True)


class EventRanking(Base):
    """The ranking an event's readers (phones, projector) were last shown, as the engine answered it.

    Derived data, never a source (like :class:`MatchSummary`): any server may compute it again
    from the logs. It lets every server answer the polls of a thousand phones from one row,
    computed at most once per ``EVENT_RANKING_MAX_AGE`` seconds (``scorer.events.snapshot``).
    """

    __tablename__ = "event_ranking"

    event_id: Mapped[int] = mapped_column(ForeignKey("event.id"), primary_key=True)
    #: When it was computed, and when a server last set out to compute it (epoch seconds).
    computed: Mapped[float] = mapped_column(Float)
    claimed: Mapped[float] = mapped_column(Float)
    #: The rounds the standings were held back to (the freeze), or None.
    held: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: The engine's answer (``valid``, ``errors``, ``ranking``) and each ranked id's name.
    answer: Mapped[dict[str, Any]] = mapped_column(JSON)
    names: Mapped[dict[str, str]] = mapped_column(JSON)


class Series(Base):
    """A club's season or cup (SEASON.md): events added up under the club's options.

    Append-only like an event: the events it counts, the options in force, the players the
    office merged or split are entries of its log (``scorer.season.log``); its standing is
    always derived from that log and the events' own rankings.
    """

    __tablename__ = "series"
    __table_args__ = (UniqueConstraint("idempotency_key", name="uq_series_idempotency_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    title: Mapped[str] = mapped_column(String(120))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    idempotency_key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: SHA-256 (hex) of the office's edit secret, as for an event.
    edit_secret_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    entries: Mapped[list[SeriesEntry]] = relationship(
        back_populates="series", order_by="SeriesEntry.seq", lazy="selectin"
    )


class SeriesEntry(Base):
    """One line of a series' log; ``seq`` is the series' version."""

    __tablename__ = "series_entry"
    __table_args__ = (UniqueConstraint("series_id", "seq", name="uq_series_entry_series_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    series_id: Mapped[int] = mapped_column(ForeignKey("series.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    #: options | event | leave | merge | split
    kind: Mapped[str] = mapped_column(String(16))
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    series: Mapped[Series] = relationship(back_populates="entries")


class Club(Base):
    """A club (SEASON.md Z2): one register of players for every series it holds, and its ratings.

    Append-only like a series: the series it holds, the names its office merged or split, its
    guests and whether it rates its players are entries of its log (``scorer.season.club``).
    """

    __tablename__ = "club"
    __table_args__ = (UniqueConstraint("idempotency_key", name="uq_club_idempotency_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    idempotency_key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    entries: Mapped[list[ClubEntry]] = relationship(
        back_populates="club", order_by="ClubEntry.seq", lazy="selectin"
    )


class ClubEntry(Base):
    """One line of a club's log; ``seq`` is the club's version."""

    __tablename__ = "club_entry"
    __table_args__ = (UniqueConstraint("club_id", "seq", name="uq_club_entry_club_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    #: options | series | leave | merge | split | guest
    kind: Mapped[str] = mapped_column(String(16))
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    club: Mapped[Club] = relationship(back_populates="entries")

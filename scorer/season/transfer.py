"""A series to take elsewhere: its log and its evenings' rankings, as one JSON document.

An export carries the series' log as it is and, for each of the app's events it counts, that
event's ranking as the series read it (the results by name, its date and direction). An import
makes a new series of it: the events of another server are not here, so each comes back as a
ranking from outside the app (a ``paper`` entry) holding the same results, and the standing is
the same. Every entry is checked as if it were typed on the series' page; nothing of a
document that fails is stored.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from rules_engine.limits import SEASON, TOURNAMENT
from scorer.events import formats
from scorer.season import checks, log
from scorer.season.log import SeriesState
from scorer.season.standing import event_results
from scorer.season.standing import moment_of as moment
from scorer.store import db
from scorer.store.models import Event, Series, SeriesEntry

FORMAT = "tafel-series"
FORMAT_VERSION = 1
#: Entries of one series' log an import takes: as many as a series holds.
MOST_ENTRIES = log.MOST_ENTRIES


class Unreadable(ValueError):
    """The document is not a series export this app reads."""


def export_record(series: Series, state: SeriesState) -> dict[str, Any]:
    evenings = []
    for event_id in state.events:
        event = db.session().get(Event, event_id)
        read = event_results(event) if event is not None else None
        if event is None or read is None:
            continue  # no ranking yet: nothing the series counts
        results, names, participants, _provisional = read
        evenings.append(
            {
                "event": event.id,
                "title": event.title,
                "date": event.created.date().isoformat(),
                "played": moment(event.created),
                "direction": formats.of(event.settings).direction,
                "participants": participants,
                "results": [
                    {
                        "name": names[result["player"]],
                        "rank": result["rank"],
                        "total": result["total"],
                        "matches": result["matches"],
                    }
                    for result in results
                ],
            }
        )
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "title": series.title,
        "entries": [{"seq": e.seq, "kind": e.kind, "record": e.record} for e in series.entries],
        "evenings": evenings,
    }


def checked_text(value: object, where: str, most: int = TOURNAMENT.title) -> str:
    """``value`` if it is a text of 1 to ``most`` characters.

    :raises Unreadable: it is not.
    """
    if not isinstance(value, str) or not value.strip() or len(value) > most:
        raise Unreadable(f"{where}: a text of 1 to {most} characters")
    return value


def _int(value: object, where: str, least: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or (least is not None and value < least):
        raise Unreadable(f"{where}: a whole number" + (f" of at least {least}" if least is not None else ""))
    return value


def _rows(raw: object, where: str) -> list[dict[str, Any]]:
    if not isinstance(raw, list) or not raw or len(raw) > SEASON.results_per_event:
        raise Unreadable(f"{where}: a list of 1 to {SEASON.results_per_event} results")
    rows = []
    for index, row in enumerate(raw):
        if not isinstance(row, dict) or set(row) - {"name", "rank", "total", "matches"}:
            raise Unreadable(f"{where}[{index}]: name, rank, total and Matches")
        rows.append(
            {
                "name": checked_text(row.get("name"), f"{where}[{index}].name", 120),
                "rank": _int(row.get("rank"), f"{where}[{index}].rank", 1),
                "total": _int(row.get("total"), f"{where}[{index}].total"),
                "matches": _int(row.get("matches", 0), f"{where}[{index}].matches", 0),
            }
        )
    return rows


def _paper(raw: dict[str, Any], where: str) -> dict[str, Any]:
    date = checks.date_of(str(raw.get("date", "")))
    if date is None or raw.get("direction") not in ("high", "low"):
        raise Unreadable(f"{where}: a date (YYYY-MM-DD) and a direction (high or low)")
    rows = _rows(raw.get("results"), f"{where}.results")
    found = {
        "title": checked_text(raw.get("title"), f"{where}.title"),
        "date": date.isoformat(),
        "direction": raw["direction"],
        "weight": _int(raw.get("weight", 1), f"{where}.weight", 1),
        "results": rows,
    }
    if isinstance(raw.get("played"), str) and len(raw["played"]) <= 32:
        found["played"] = raw["played"]
    if raw.get("participants") is not None:
        # Guests kept out still count among an evening's participants (Z3.3).
        found["participants"] = _int(raw["participants"], f"{where}.participants", len(rows))
    return found


#: The register's entries of a log (a series', a club's) and the names each one holds.
NAME_KINDS = {"merge": ("alias", "into"), "split": ("alias",), "guest": ("player",)}


def name_entry(kind: str, record: dict[str, Any], where: str) -> dict[str, Any]:
    """A ``merge``, ``split`` or ``guest`` entry's record as an import stores it, each name checked.

    :raises Unreadable: a name missing or too long.
    """
    cleaned: dict[str, Any] = {
        key: checked_text(record.get(key), f"{where}.{key}", 200) for key in NAME_KINDS[kind]
    }
    if kind == "guest":
        cleaned["guest"] = bool(record.get("guest", True))
    return cleaned


def logged_entries(entries: list[Any]) -> Iterator[tuple[str, object, dict[str, Any]]]:
    """Each entry of an exported log (a series', a club's): where it stands, its kind, its record.

    :raises Unreadable: an entry that is not an object with a record.
    """
    for index, entry in enumerate(entries):
        where = f"entries[{index}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("record"), dict):
            raise Unreadable(f"{where}: an object with a record")
        yield where, entry.get("kind"), entry["record"]


def read_entries(document: object) -> tuple[str, list[tuple[str, dict[str, Any]]]]:
    """The new series' title and its log's entries (kind, record), each checked.

    :raises Unreadable: the document or one of its entries is not what an export holds.
    """
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise Unreadable(f"not a {FORMAT} document")
    if document.get("version") != FORMAT_VERSION:
        raise Unreadable(f"version {document.get('version')!r}, this app reads {FORMAT_VERSION}")
    title = checked_text(document.get("title"), "title")
    entries = document.get("entries")
    evenings = document.get("evenings", [])
    if not isinstance(entries, list) or not entries or len(entries) > MOST_ENTRIES:
        raise Unreadable(f"entries: a list of 1 to {MOST_ENTRIES}")
    if not isinstance(evenings, list):
        raise Unreadable("evenings: a list")
    exported = {}
    for index, evening in enumerate(evenings):
        if not isinstance(evening, dict):
            raise Unreadable(f"evenings[{index}]: an object")
        exported[_int(evening.get("event"), f"evenings[{index}].event")] = _paper(
            {**evening, "weight": 1}, f"evenings[{index}]"
        )
    found: list[tuple[str, dict[str, Any]]] = []
    for where, kind, record in logged_entries(entries):
        if kind == "options":
            options = record.get("options") or {}
            planned = record.get("planned_events")
            if not isinstance(options, dict) or (
                planned is not None and _int(planned, f"{where}.planned_events", 1) < 1
            ):
                raise Unreadable(f"{where}: options")
            refused = checks.options_problem(options, planned)
            if refused is not None:
                raise Unreadable(f"{where}: {refused}")
            found.append(
                (
                    "options",
                    {
                        "options": options,
                        "planned_events": planned,
                        "rating": bool(record.get("rating")),
                        "balance": bool(record.get("balance")),
                    },
                )
            )
        elif kind == "event":
            event = _int(record.get("event"), f"{where}.event")
            if event not in exported:
                raise Unreadable(f"{where}: event {event} has no ranking in the document's evenings")
            found.append(
                (
                    "paper",
                    {
                        **exported[event],
                        "weight": _int(record.get("weight", 1), f"{where}.weight", 1),
                        "event": event,
                    },
                )
            )
        elif kind == "paper":
            found.append(("paper", _paper(record, where)))
        elif kind == "leave":
            found.append(("leave", {"paper_of": record}))
        elif kind in NAME_KINDS:
            found.append((kind, name_entry(kind, record, where)))
        else:
            raise Unreadable(f"{where}: unknown kind {kind!r}")
    return title, found


def import_into(session: Any, series: Series, entries: list[tuple[str, dict[str, Any]]]) -> None:
    """Append the entries to the new, empty ``series``: an event's leaving names the seq its
    ranking got here (events and rankings are numbered anew)."""
    seq_of_event: dict[int, int] = {}
    seq_of_paper: dict[int, int] = {}
    source_seq = 0
    for kind, record in entries:
        source_seq += 1
        if kind == "leave":
            left = record["paper_of"]
            if "event" in left and left["event"] in seq_of_event:
                record = {"paper": seq_of_event[left["event"]]}
            elif "paper" in left and left["paper"] in seq_of_paper:
                record = {"paper": seq_of_paper[left["paper"]]}
            else:
                raise Unreadable(f"entries[{source_seq - 1}]: leaves an evening the series does not count")
        if kind == "paper" and "event" in record:
            event = record.pop("event")
            seq_of_event[event] = len(series.entries) + 1
        elif kind == "paper":
            seq_of_paper[source_seq] = len(series.entries) + 1
        session.add(SeriesEntry(series_id=series.id, seq=len(series.entries) + 1, kind=kind, record=record))
        session.flush()
        session.refresh(series)


def sent_document(upload: Any, typed: str | None, what: str) -> object:
    """The JSON document an import form sent (its file, else its text field), at most
    ``SEASON.text`` characters; ``what`` it should hold names it in the refusal.

    :raises Unreadable: longer than that, or not JSON.
    :raises UnicodeDecodeError: a file that is not UTF-8.
    """
    text = upload.read(SEASON.text + 1).decode("utf-8") if upload else str(typed or "")
    if len(text) > SEASON.text:
        raise Unreadable(f"longer than any {what}")
    return read_text(text)


def read_text(text: str) -> object:
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise Unreadable(f"not JSON ({error})") from None


__all__ = [
    "FORMAT",
    "NAME_KINDS",
    "Unreadable",
    "export_record",
    "import_into",
    "logged_entries",
    "name_entry",
    "read_entries",
    "read_text",
    "sent_document",
    "checked_text",
]

"""A club to take elsewhere: its log and each series it names, as one JSON document.

An export carries the club's log as it is and every series the log names (joined, or joined and
left) as that series' own export (``scorer.season.transfer``: its log and its evenings'
rankings). An import makes a new club of it with a new series for each, numbered anew, the
club's entries naming the new ones. Every entry is checked as if it were made on the club's
page; nothing of a document that fails is stored.
"""

from __future__ import annotations

from typing import Any

from scorer.season import club, transfer
from scorer.season import log as series_log
from scorer.store import db
from scorer.store.models import Club, ClubEntry, Series

FORMAT = "tafel-club"
FORMAT_VERSION = 1
#: Series one export carries at most: the club's, and as many it held and let go.
MOST_SERIES = 2 * club.MOST_SERIES

Unreadable = transfer.Unreadable


def export_record(found: Club) -> dict[str, Any]:
    named: list[int] = []
    for entry in found.entries:
        if entry.kind in ("series", "leave"):
            series_id = int((entry.record or {})["series"])
            if series_id not in named:
                named.append(series_id)
    series = []
    for series_id in named:
        held = db.session().get(Series, series_id)
        if held is not None:
            series.append({"id": series_id, **transfer.export_record(held, series_log.derive(held.entries))})
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "name": found.name,
        "entries": [{"seq": e.seq, "kind": e.kind, "record": e.record} for e in found.entries],
        "series": series,
    }


def read_document(
    document: object,
) -> tuple[str, list[tuple[int, str, list[tuple[str, dict[str, Any]]]]], list[tuple[str, dict[str, Any]]]]:
    """The new club's name, each series it carries (its id in the document, title and entries,
    each checked as ``transfer.read_entries`` does) and the club's entries (kind, record).

    :raises Unreadable: the document or one of its entries is not what an export holds.
    """
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise Unreadable(f"not a {FORMAT} document")
    if document.get("version") != FORMAT_VERSION:
        raise Unreadable(f"version {document.get('version')!r}, this app reads {FORMAT_VERSION}")
    name = transfer.checked_text(document.get("name"), "name", 120)
    listed = document.get("series", [])
    if not isinstance(listed, list) or len(listed) > MOST_SERIES:
        raise Unreadable(f"series: a list of at most {MOST_SERIES}")
    series: list[tuple[int, str, list[tuple[str, dict[str, Any]]]]] = []
    for index, raw in enumerate(listed):
        if not isinstance(raw, dict) or isinstance(raw.get("id"), bool) or not isinstance(raw.get("id"), int):
            raise Unreadable(f"series[{index}]: an object with its id")
        try:
            title, entries = transfer.read_entries(raw)
        except Unreadable as error:
            raise Unreadable(f"series[{index}].{error}") from None
        series.append((int(raw["id"]), title, entries))
    known = {series_id for series_id, _title, _entries in series}
    logged = document.get("entries")
    if not isinstance(logged, list) or not logged or len(logged) > series_log.MOST_ENTRIES:
        raise Unreadable(f"entries: a list of 1 to {series_log.MOST_ENTRIES}")
    found: list[tuple[str, dict[str, Any]]] = []
    for where, kind, record in transfer.logged_entries(logged):
        if kind == "options":
            found.append(("options", {"rating": bool(record.get("rating"))}))
        elif kind in ("series", "leave"):
            series_id = record.get("series")
            if isinstance(series_id, bool) or series_id not in known:
                raise Unreadable(f"{where}.series: a series the document carries")
            found.append((kind, {"series": series_id}))
        elif kind in transfer.NAME_KINDS:
            cleaned = transfer.name_entry(kind, record, where)
            if kind == "merge" and record.get("name") is not None:  # the person's name as the club writes it
                cleaned["name"] = transfer.checked_text(record["name"], f"{where}.name", 200)
            found.append((kind, cleaned))
        else:
            raise Unreadable(f"{where}: unknown kind {kind!r}")
    return name, series, found


def import_club(session: Any, document: object) -> tuple[Club, list[int]]:
    """A new club of the document, with a new series for each it carries (not committed): the
    club and the new series' ids.

    :raises Unreadable: as :func:`read_document`; nothing is stored then (the caller rolls back).
    """
    name, series, entries = read_document(document)
    new_ids: dict[int, int] = {}
    for old_id, title, series_entries in series:
        made = Series(title=title)
        session.add(made)
        session.flush()
        transfer.import_into(session, made, series_entries)
        new_ids[old_id] = made.id
    made_club = Club(name=name)
    session.add(made_club)
    session.flush()
    for seq, (kind, record) in enumerate(entries, start=1):
        if kind in ("series", "leave"):
            record = {"series": new_ids[record["series"]]}
        session.add(ClubEntry(club_id=made_club.id, seq=seq, kind=kind, record=record))
    session.flush()
    session.refresh(made_club)
    return made_club, list(new_ids.values())

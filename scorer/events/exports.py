"""Results that leave the building: the ranking and the Standblätter as CSV and XLSX, a results
page to share read-only, and the event's export and import (JSON, like a match's record).

The rows are a pure function of the engine's answer (:func:`ranking_rows`,
:func:`standblatt_rows`); CSV and XLSX only write them. What a reader sees follows the ranking
page: while the standings are held back, only the director and the office get the live ones
(``scorer.events.standings``).
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from openpyxl import Workbook
from werkzeug.wrappers import Response

from rules_engine.errors import InvalidRecord
from scorer.access import rights
from scorer.events import access, formats, standings
from scorer.events import state as event_log
from scorer.events import views as events
from scorer.events.office_forms import ImportEventForm
from scorer.events.state import EventState
from scorer.store import db, log
from scorer.store.models import Entry, Event, EventEntry, Match

bp = Blueprint("exports", __name__, url_prefix="/events")

FORMAT = "tafel-event"
FORMAT_VERSION = 1
KINDS = ("ranking", "standblatt")
FILES = ("csv", "xlsx")
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

Row = list[str | int | None]


def ranking_rows(answer: Mapping[str, Any], name: Callable[[str], str], passen: int) -> list[Row]:
    """The ranking as rows: a header, then one row per competitor in ranking order (T7.5)."""
    header: Row = [_("Rank"), _("Id"), _("Player")]
    header += [_("Passe %(number)s", number=n) for n in range(1, passen + 1)]
    header += [_("Total"), _("Provisional")]
    rows = [header]
    for entry in answer.get("ranking") or []:
        rows.append(
            [
                entry["rank"],
                entry["id"],
                name(entry["id"]),
                *entry["passen"],
                entry["total"],
                int(entry["provisional"]),
            ]
        )
    return rows


def standblatt_rows(answer: Mapping[str, Any], name: Callable[[str], str]) -> list[Row]:
    """Every competitor's Standblatt (T1.4) as rows: one line per round he plays or sits out."""
    rows: list[Row] = [
        [_("Id"), _("Player"), _("Round"), _("Table"), _("Partner"), _("Opponents"), _("Score")]
    ]
    for competitor, lines in (answer.get("standblatt") or {}).items():
        for line in lines:
            partner = line.get("partner")
            opponents = " / ".join(name(o) for o in line.get("opponents") or [])
            rows.append(
                [
                    competitor,
                    name(competitor),
                    line["round"],
                    line.get("table"),
                    name(partner) if partner else ("—" if line.get("sitout") else ""),
                    opponents,
                    line.get("score"),
                ]
            )
    return rows


#: What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection"): its first
#: character one of these, the tab and the carriage return included.
FORMULA_LEADS = frozenset("=+-@\t\r")
#: Characters an XLSX file cannot hold (XML 1.0 allows no other C0 control, no surrogate, no
#: U+FFFE or U+FFFF) and DEL: a spreadsheet skips them in a CSV, where a formula would hide
#: behind them.
CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")


def spreadsheet_cell(value: str | int | None) -> str | int | None:
    """A cell as the CSV and the XLSX write it: text stays text. Control characters go; text
    that a spreadsheet would read as a formula (OWASP's leads, also after leading spaces) is
    quoted with an apostrophe, which spreadsheets show as text and do not evaluate."""
    if not isinstance(value, str):
        return value
    text = CONTROLS.sub("", value)
    if text[:1] in FORMULA_LEADS or text.lstrip()[:1] in FORMULA_LEADS:
        return "'" + text
    return text


def to_csv(rows: Sequence[Row]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    for row in rows:
        writer.writerow(["" if c is None else spreadsheet_cell(c) for c in row])
    return out.getvalue().encode("utf-8-sig")


def to_xlsx(rows: Sequence[Row], title: str) -> bytes:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    # A sheet's name is at most 31 characters, none of them one of \ / * ? : [ ].
    sheet.title = re.sub(r"[\\/*?:\[\]]", " ", CONTROLS.sub("", title))[:31] or "Tafel"
    for row in rows:
        sheet.append([spreadsheet_cell(c) for c in row])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


@bp.get("/<int:event_id>/results")
def results(event_id: int) -> str:
    """The event's results, read-only, to share: ranking, Standblätter and every export."""
    event, state = events.load(event_id)
    shown = standings.shown(event, state=state)
    return render_template(
        "events/results.html",
        event=event,
        state=shown.state,
        answer=events.shown_ranking(event, shown),
        held=shown.rounds,
        passen=int(event.settings.get("passen", 4)),
    )


@bp.get("/<int:event_id>/export/<kind>.<ext>")
def export(event_id: int, kind: str, ext: str) -> Response:
    if kind not in KINDS or ext not in FILES:
        abort(404)
    event, state = events.load(event_id)
    shown = standings.shown(event, state=state)
    answer = events.shown_ranking(event, shown)
    passen = int(event.settings.get("passen", 4))
    name = shown.state.name
    rows = ranking_rows(answer, name, passen) if kind == "ranking" else standblatt_rows(answer, name)
    filename = f"tafel-event-{event.id}-{kind}.{ext}"
    if ext == "csv":
        response = Response(to_csv(rows), mimetype="text/csv")
    else:
        title = _("Ranking") if kind == "ranking" else _("Standblätter")
        response = Response(to_xlsx(rows, title), mimetype=XLSX)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# --- export and import of the whole event ------------------------------------------------------


def _entries(entries: Sequence[Any]) -> list[dict[str, Any]]:
    return [
        {"seq": e.seq, "kind": e.kind, "record": e.record, "target_seq": e.target_seq}
        for e in sorted(entries, key=lambda e: e.seq)
    ]


def export_record(event: Event, state: EventState) -> dict[str, Any]:
    """The event and every table's Passe, their logs as they are (nothing of the secrets)."""
    matches = events._matches(state)
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "title": event.title,
        "settings": event.settings,
        "entries": _entries(event.entries),
        "matches": {
            str(match_id): {
                "game": match.game,
                "settings": match.settings,
                # A sealed estimate of a deal not entered yet is nobody's to read (D3.3).
                "entries": log.shared_entries(match.entries),
            }
            for match_id, match in sorted(matches.items())
        },
    }


@bp.get("/<int:event_id>/export.json")
def export_json(event_id: int) -> Response:
    event, state = events.load(event_id)
    if not access.may_direct(event):
        # The export carries every table's games before the office released them.
        raise rights.EditRefused(
            _("Only the event's director may change it."),
            _("Open the director's link of this event (on the director's device) first."),
        )
    data = json.dumps(export_record(event, state), ensure_ascii=False, indent=1, default=str)
    response = Response(data, mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="tafel-event-{event.id}.json"'
    return response


class Unreadable(ValueError):
    """The text is not an event export this app can read."""


def _checked_entries(raw: object, where: str) -> list[dict[str, Any]]:
    if not isinstance(raw, list):
        raise Unreadable(f"{where} must be a list")
    found = []
    for index, entry in enumerate(raw):
        if (
            not isinstance(entry, dict)
            or not isinstance(entry.get("seq"), int)
            or not isinstance(entry.get("kind"), str)
        ):
            raise Unreadable(f"{where}[{index}] needs a 'seq' and a 'kind'")
        if entry["seq"] != index + 1:
            raise Unreadable(f"{where}[{index}]: seq {entry['seq']} out of order")
        record = entry.get("record")
        if record is not None and not isinstance(record, dict):
            raise Unreadable(f"{where}[{index}].record must be an object")
        target = entry.get("target_seq")
        if target is not None and not isinstance(target, int):
            raise Unreadable(f"{where}[{index}].target_seq must be a number")
        found.append({"seq": index + 1, "kind": entry["kind"][:16], "record": record, "target_seq": target})
    return found


def import_record(data: object) -> Event:
    """Store an export as a new event: new ids, a new director's secret, each table a new match.

    :raises Unreadable: not an export, or one whose ranking the engine cannot read.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != FORMAT_VERSION:
        raise Unreadable(f"not a {FORMAT} export, version {FORMAT_VERSION}")
    settings = data.get("settings")
    if not isinstance(settings, dict):
        raise Unreadable("settings must be an object")
    entries = _checked_entries(data.get("entries"), "entries")
    raw_matches = data.get("matches") or {}
    if not isinstance(raw_matches, dict):
        raise Unreadable("matches must be an object")
    session = db.session()
    event = Event(title=str(data.get("title") or "")[:120], settings=settings)
    access.new_secret(event)
    session.add(event)
    session.flush()
    ids: dict[int, int] = {}
    for old, raw in raw_matches.items():
        if not str(old).isdigit() or not isinstance(raw, dict) or not isinstance(raw.get("settings"), dict):
            raise Unreadable(f"matches.{old} must be an object with settings")
        match_settings = dict(raw["settings"])
        if isinstance(match_settings.get("event"), dict):
            match_settings["event"] = {**match_settings["event"], "id": event.id}
        match = Match(game=formats.of(settings).table_game, settings=match_settings)
        session.add(match)
        session.flush()
        access.seal_table(event, match)
        ids[int(old)] = match.id
        for entry in _checked_entries(raw.get("entries") or [], f"matches.{old}.entries"):
            session.add(Entry(match_id=match.id, **entry))
    for entry in entries:
        record = _renumbered(entry["record"], ids)
        session.add(
            EventEntry(
                event_id=event.id,
                seq=entry["seq"],
                kind=entry["kind"],
                record=record,
                target_seq=entry["target_seq"],
            )
        )
    session.flush()
    session.expire(event)
    state = event_log.derive(event.entries)
    for match_id in ids.values():
        # A table whose link was withdrawn before the export has the link of its generation.
        withdrawn = state.revoked.get(event_log.link_name("table", match_id), 0)
        sealed = session.get(Match, match_id) if withdrawn else None
        if sealed is not None:
            access.seal_table(event, sealed, withdrawn)
    try:
        formats.of(settings).score(events.record_of(event, state))
    except (InvalidRecord, KeyError, TypeError, ValueError) as error:
        session.rollback()
        raise Unreadable(str(error)) from None
    session.commit()
    return event


def _renumbered(record: dict[str, Any] | None, ids: Mapping[int, int]) -> dict[str, Any] | None:
    """An event entry with its tables' match ids as stored here."""
    if record is None:
        return None
    found = dict(record)
    if isinstance(found.get("match_id"), int):
        if found["match_id"] not in ids:
            raise Unreadable(f"match {found['match_id']} is not in the export")
        found["match_id"] = ids[found["match_id"]]
    if isinstance(found.get("tables"), list):
        tables = []
        for table in found["tables"]:
            if not isinstance(table, dict) or table.get("match_id") not in ids:
                raise Unreadable("a round names a table whose match is not in the export")
            tables.append({**table, "match_id": ids[table["match_id"]]})
        found["tables"] = tables
    return found


@bp.route("/import", methods=["GET", "POST"])
def import_event() -> Any:
    form = ImportEventForm()
    if form.validate_on_submit():
        rights.check_write("import")
        text = form.text.data or ""
        try:
            event = import_record(json.loads(text))
        except (Unreadable, json.JSONDecodeError) as error:
            db.session().rollback()
            form.text.errors = [
                *form.text.errors,
                _("This is not an event export: %(reason)s", reason=str(error)),
            ]
        else:
            access.grant(event)
            flash(_("Event imported."))
            return redirect(url_for("events.show", event_id=event.id), 303)
    form.fresh_key()
    return render_template("events/import.html", form=form), (422 if request.method == "POST" else 200)

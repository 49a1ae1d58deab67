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
from types import SimpleNamespace
from typing import Any, cast

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from sqlalchemy import Table, insert
from werkzeug.wrappers import Response

from rules_engine import limits
from rules_engine.errors import InvalidRecord
from scorer import scoring
from scorer.access import rights
from scorer.events import access, devices, formats, paging, printouts, schema, snapshot
from scorer.events import state as event_log
from scorer.events import views as events
from scorer.events.office_forms import ImportEventForm
from scorer.events.rows import tiebreak_note
from scorer.events.state import EventState
from scorer.store import db, log
from scorer.store.models import Entry, Event, EventEntry, Match
from scorer.web import parts, xlsx
from scorer.web.memo import each_once

bp = Blueprint("exports", __name__, url_prefix="/events")

FORMAT = "tafel-event"
FORMAT_VERSION = 1
KINDS = ("ranking", "standblatt")
FILES = ("csv", "xlsx")
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

Row = list[str | int | None]


def ranking_rows(answer: Mapping[str, Any], name: Callable[[str], str], passen: int) -> list[Row]:
    """The ranking as rows: a header, then one row per competitor in ranking order (T7.5), with
    his Matches and the tie-break that put him ahead of the next."""
    header: Row = [_("Rank"), _("Id"), _("Player")]
    header += [_("Passe %(number)s", number=n) for n in range(1, passen + 1)]
    header += [_("Total"), _("Provisional")]
    entries = answer.get("ranking") or []
    # The Matches (T2.4, T7.3's `matches` step) where the format counts them.
    matches = any("matches" in entry for entry in entries)
    header += [_("Matches made")] if matches else []
    # Which Passen the total leaves out (T7.2) and which were sat out (T5.5), by their numbers:
    # the Passen's cells less the struck ones add up to the total.
    header += [_("Struck Passen"), _("Passen sat out"), _("Tie-break")]
    rows = [header]
    for entry in entries:
        rows.append(
            [
                entry["rank"],
                entry["id"],
                name(entry["id"]),
                *entry["passen"],
                entry["total"],
                int(entry["provisional"]),
                *([entry.get("matches", 0)] if matches else []),
                _rounds(entry.get("struck")),
                _rounds(entry.get("sitouts")),
                tiebreak_note(entry.get("decided_by")),
            ]
        )
    return rows


def _rounds(indexes: Sequence[int] | None) -> str:
    """0-based round indexes (T7.5) as the Passen's numbers a reader sees: "1, 3"."""
    return ", ".join(str(index + 1) for index in indexes or ())


def standblatt_rows(
    answer: Mapping[str, Any],
    name: Callable[[str], str],
    substitutes: Mapping[tuple[str, int], str] | None = None,
) -> list[Row]:
    """Every competitor's Standblatt (T1.4) as rows: one line per round he plays or sits out;
    ``substitutes``: who played a round in his place, and for whom it counted
    (``printouts.substitute_notes``)."""
    rows: list[Row] = [
        [_("Id"), _("Player"), _("Round"), _("Table"), _("Partner"), _("Opponents"), _("Score"), _("Note")]
    ]
    struck = {entry["id"]: set(entry.get("struck") or ()) for entry in answer.get("ranking") or []}
    for competitor, lines in (answer.get("standblatt") or {}).items():
        for line in lines:
            notes = [_("sat out")] if line.get("sitout") else []
            notes += [_("late entry")] if line.get("late_entry") else []
            notes += [_("struck")] if line["round"] - 1 in struck.get(competitor, ()) else []
            found = (substitutes or {}).get((competitor, int(line["round"])))
            notes += [found] if found else []
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
                    ", ".join(notes),
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
    # A sheet's name is at most 31 characters, none of them one of \ / * ? : [ ].
    name = re.sub(r"[\\/*?:\[\]]", " ", CONTROLS.sub("", title))[:31] or "Tafel"
    # Each text guarded once: a Standblatt repeats its partners' and opponents' names.
    guarded = each_once(spreadsheet_cell)

    def cell(value: str | int | None) -> str | int | None:
        return guarded(value) if isinstance(value, str) else value

    return xlsx.workbook(([cell(c) for c in row] for row in rows), name)


@bp.get("/<int:event_id>/results")
def results(event_id: int) -> str:
    """The event's results, read-only, to share: ranking (a page of it), Standblätter and every export."""
    event, state, answer, held = events.shown_now(event_id)
    return render_template(
        "events/results.html",
        event=event,
        state=state,
        answer=answer,
        held=held,
        passen=int(event.settings.get("passen", 4)),
        paged=paging.page_of(len(answer.get("ranking") or [])),
    )


@bp.get("/<int:event_id>/export/<kind>.<ext>")
def export(event_id: int, kind: str, ext: str) -> Response:
    if kind not in KINDS or ext not in FILES:
        abort(404)
    event, state, answer, _held = events.shown_now(event_id)
    if snapshot.shown_late(answer):
        return events.not_yet(event)
    passen = int(event.settings.get("passen", 4))
    name = state.name
    suffix = ""
    if kind == "ranking":
        rows = ranking_rows(answer, name, passen)
    else:
        # A field's Standblätter in parts of its players: each plays a line a round.
        sheets = answer.get("standblatt") or {}
        part = parts.pick(
            printouts.parts("standblatt_sheet", len(sheets)), parts.asked(request.args.get("part"))
        )
        if part is None:
            abort(404)
        if not part.whole:
            answer = {**answer, "standblatt": {c: sheets[c] for c in list(sheets)[part.items]}}
            suffix = f"-{part.number}"
        options = event.settings.get("options") or {}
        rows = standblatt_rows(answer, name, printouts.substitute_notes(state, answer, options))
    filename = f"tafel-event-{event.id}-{kind}{suffix}.{ext}"
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


def export_record(event: Event, state: EventState, entries: Sequence[Any] | None = None) -> dict[str, Any]:
    """The event and every table's Passe, their logs as they are (nothing of the secrets).
    ``entries``: the event's log as read already (default ``event.entries``)."""
    matches = events._matches(state)
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "title": event.title,
        "settings": event.settings,
        "entries": _entries(event.entries if entries is None else entries),
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
    # The log and its state as this server keeps them (``snapshot``).
    event, entries = snapshot.event_and_log(event_id)
    if not access.may_direct(event):
        # The export carries every table's games before the office released them.
        raise rights.EditRefused(
            _("Only the event's director may change it."),
            _("Open the director's link of this event (on the director's device) first."),
        )
    state = snapshot.live(event, entries).state
    # Compact: json's C encoder writes it (an indented dump is Python's, three times the time).
    data = json.dumps(export_record(event, state, entries), ensure_ascii=False, default=str)
    response = Response(data, mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="tafel-event-{event.id}.json"'
    return response


class Unreadable(ValueError):
    """The text is not an event export this app can read."""


#: Nesting of an export's JSON: a table's game's Weis (``/matches/7/entries/0/record/weis/1/0``)
#: is seven containers deep; two spare.
EXPORT_DEPTH = 9


def read_export(text: str) -> object:
    """The export's JSON, its nesting checked on the text before the parser recurses.

    :raises Unreadable: nested deeper than any export, or not JSON.
    """
    try:
        limits.check_json_depth(text, "/", EXPORT_DEPTH)
    except InvalidRecord as error:
        raise Unreadable(str(error)) from None
    try:
        return json.loads(text, parse_constant=_not_a_number)
    except (ValueError, RecursionError) as error:
        raise Unreadable(f"/: not JSON ({error})") from None


def _not_a_number(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _checked_order(entries: Sequence[Mapping[str, Any]], where: str) -> None:
    for index, entry in enumerate(entries):
        if entry["seq"] != index + 1:
            raise schema.Refused(f"{where}/{index}/seq", f"{entry['seq']} out of order (not {index + 1})")


def _checked_references(entries: Sequence[Mapping[str, Any]], raw_matches: Mapping[str, Any]) -> None:
    """Every id an entry names is registered (a player, a substitute, a pair), every table it
    names is a table of the export, each table is seated once, rounds come in order.

    :raises schema.Refused: naming the entry's field.
    """
    known: set[str] = set()
    seqs: dict[int, str] = {}
    competitors = 0
    seated: set[str] = set()
    rounds = 0
    for index, entry in enumerate(entries):
        kind, record, where = entry["kind"], entry.get("record") or {}, f"/entries/{index}"
        seq = entry["seq"]
        seqs[seq] = kind
        if kind == "player":
            known.add(f"P{seq}")
            competitors += 1
        elif kind == "pair":
            known.update((f"P{seq}a", f"P{seq}b", f"T{seq}"))
            competitors += 1
        elif kind == "substitute":
            known.add(f"S{seq}")
        if competitors > limits.TOURNAMENT.players:
            raise schema.Refused(where, f"more than {limits.TOURNAMENT.players} players or pairs in an event")
        if kind == "correction" and seqs.get(entry.get("target_seq") or 0) not in ("player", "pair"):
            raise schema.Refused(f"{where}/target_seq", "names no player registered before it")
        named: list[tuple[str, object]] = []
        if kind in ("withdrawal", "substitute"):
            key = "player" if kind == "withdrawal" else "for"
            named.append((f"{where}/record/{key}", record.get(key)))
        if kind == "round":
            rounds += 1
            if record["round"] != rounds:
                raise schema.Refused(
                    f"{where}/record/round", f"{record['round']} out of order (not {rounds})"
                )
            for number, table in enumerate(record["tables"]):
                at = f"{where}/record/tables/{number}"
                named += [(f"{at}/seats/{seat}", player) for seat, player in table["seats"].items()]
                named += [(f"{at}/pairs/{n}", pair) for n, pair in enumerate(table.get("pairs") or [])]
                match_id = str(table["match_id"])
                if match_id not in raw_matches or match_id in seated:
                    raise schema.Refused(
                        f"{at}/match_id", f"{match_id} is no table of the export, or seated twice"
                    )
                seated.add(match_id)
            named += [(f"{where}/record/sitouts/{n}", p) for n, p in enumerate(record.get("sitouts") or [])]
        if "match_id" in record and kind != "round" and str(record["match_id"]) not in raw_matches:
            raise schema.Refused(
                f"{where}/record/match_id", f"{record['match_id']} is no table of the export"
            )
        for at, player in named:
            if player not in known:
                raise schema.Refused(at, f"{player!r} is not registered before this entry")
    for match_id in raw_matches:
        if match_id not in seated:
            raise schema.Refused(f"/matches/{match_id}", "no round seats this table")


def import_record(data: object) -> Event:
    """Store an export as a new event: new ids, a new director's secret, each table a new match
    whose settings are the draw's (its event's options, its round's seats).

    Everything is checked before anything is stored: the export's schema
    (:mod:`scorer.events.schema`, the bounds of ``rules_engine.limits.TOURNAMENT``), the ids
    and tables each entry names, then the engine's reading of the whole tournament.

    :raises schema.Refused: outside the schema, naming the field.
    :raises Unreadable: an export whose ranking the engine cannot read.
    """
    schema.check_export(data, sorted(formats.formats()))
    assert isinstance(data, dict)
    settings: dict[str, Any] = data["settings"]
    entries: list[dict[str, Any]] = data["entries"]
    raw_matches: dict[str, Any] = data.get("matches") or {}
    _checked_order(entries, "/entries")
    for old, raw in raw_matches.items():
        _checked_order(raw["entries"], f"/matches/{old}/entries")
    _checked_references(entries, raw_matches)
    # The exporting server's device bindings grant no entry here.
    entries = [*entries, *devices.released_on_import(entries)]
    game = formats.of(settings)
    session = db.session()
    event = Event(title=str(data.get("title") or ""), settings=settings)
    access.new_secret(event)
    session.add(event)
    session.flush()
    drawn = {
        str(table["match_id"]): (entry["record"]["round"], table)
        for entry in entries
        if entry["kind"] == "round"
        for table in entry["record"]["tables"]
    }
    # The names the tables' settings carry, as the draw writes them (a log's entries as read);
    # an export of no tables names nobody.
    registered = event_log.derive(
        cast(Any, [SimpleNamespace(**_kept(entry)) for entry in entries if entry["kind"] != "round"])
        if raw_matches
        else []
    )
    table_settings = game.table_settings(settings.get("options") or {})
    ids: dict[int, int] = {}
    for old, raw in raw_matches.items():
        number, table = drawn[old]
        seats = dict(table["seats"])
        match_settings = {
            **table_settings,
            "names": [registered.name(seats[str(n)]) for n in range(1, 5)],
            "players": 4,
            "first_forehand": 1,
            "seats": seats,
            "event": {"id": event.id, "round": number, "table": table["table"]},
        }
        _check_table(old, match_settings, raw["entries"])
        match = Match(game=game.table_game, settings=match_settings)
        session.add(match)
        session.flush()
        access.seal_table(event, match)
        ids[int(old)] = match.id
        if raw["entries"]:
            session.execute(
                insert(Entry), [{"match_id": match.id, **_kept(entry)} for entry in raw["entries"]]
            )
    stored = [{**_kept(entry), "record": _renumbered(entry.get("record"), ids)} for entry in entries]
    if stored:
        # The table's own insert, not the ORM's bulk one: an event holds up to a thousand players.
        session.connection().execute(
            insert(cast(Table, EventEntry.__table__)), [{"event_id": event.id, **entry} for entry in stored]
        )
    session.flush()
    # The log is read as just written, not back from the database (the ORM's copy only
    # expires): reading a thousand rows back would cost more than the import.
    session.expire(event, ["entries"])
    written = cast(Any, [SimpleNamespace(**entry) for entry in stored])
    state = event_log.derive(written)
    for match_id in ids.values():
        # A table whose link was withdrawn before the export has the link of its generation.
        withdrawn = state.revoked.get(event_log.link_name("table", match_id), 0)
        sealed = session.get(Match, match_id) if withdrawn else None
        if sealed is not None:
            access.seal_table(event, sealed, withdrawn)
    try:
        game.score(events.record_of(event, state, entries=written))
    except (InvalidRecord, KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        session.rollback()
        # The engine names the field of the tournament record it read, not of the export.
        raise Unreadable(f"/: the rules engine cannot rank this event: {error}") from None
    session.commit()
    return event


def _check_table(old: str, settings: dict[str, Any], entries: Sequence[Mapping[str, Any]]) -> None:
    """A table's games in force are records the engine reads (a game may still break a rule,
    as a table's entry may).

    :raises schema.Refused: naming the table's entries.
    """
    read = [SimpleNamespace(**_kept(entry), created=None) for entry in entries]
    deals = log.derive(cast(Any, read)).deals
    scored = scoring.score(scoring.match_record(settings, deals))
    if scored.answer is None:
        raise schema.Refused(f"/matches/{old}/entries", str(scored.errors[0].get("message")))


def _kept(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The columns of a log's entry an export carries."""
    return {
        "seq": entry["seq"],
        "kind": entry["kind"],
        "record": entry.get("record"),
        "target_seq": entry.get("target_seq"),
    }


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
            event = import_record(read_export(text))
        except (Unreadable, schema.Refused) as error:
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

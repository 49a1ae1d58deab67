"""A series' standing as rows (CSV, XLSX) and as a printout (PDF), and a player's rating page
as a printout: every figure the engine's, every word translated before it is drawn."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from typing import Any

from flask_babel import gettext as _

from scorer.events.pdf import Grid, Page
from scorer.season.standing import Standing

Number = Callable[[Any], str]
Row = list[str | int | None]


def _cell(entry: dict[str, Any], num: Number) -> str:
    """An event's entry in a standing's cell: struck in parentheses (Z6.3), an absence marked."""
    if entry["score"] is None:
        return "–"
    shown = num(entry["score"]) + ("*" if entry["absent"] else "")
    return f"({shown})" if entry["status"] == "dropped" else shown


def standing_rows(found: Standing) -> list[Row]:
    """Header, then the ranked players by rank and the unranked: rank, name, total, evenings
    played, then each evening's entry (struck in parentheses, an absence marked *)."""
    answer = found.answer or {}
    events = found.record["events"]
    header: Row = [_("Rank"), _("Name"), _("Total"), _("Evenings"), *(e["name"] for e in events)]
    rows: list[Row] = [header]
    for row in [*answer.get("standings", []), *answer.get("unranked", [])]:
        rows.append(
            [
                row.get("rank"),
                row["name"],
                row["total"],
                row["attended"],
                *(_cell(e, str) for e in row["events"]),
            ]
        )
    return rows


def standing_pages(title: str, found: Standing, num: Number, digits: Number) -> list[Page]:
    answer = found.answer or {}
    events = found.record["events"]
    rows = []
    for row in answer.get("standings", []):
        rank = f"{digits(row['rank'])}{'=' if row['shared'] else ''}."
        rows.append([f"{rank} {row['name']}", num(row["total"]), *(_cell(e, num) for e in row["events"])])
    header = [_("Name"), _("Total"), *(digits(n) for n in range(1, len(events) + 1))]
    lines = [f"{digits(n)}: {e['name']} ({e['date']})" for n, e in enumerate(events, start=1)]
    if answer.get("provisional"):
        lines.insert(
            0,
            _(
                "Provisional: %(held)s of %(planned)s evenings played; nothing is struck before the last.",
                held=digits(answer["events_held"]),
                planned=digits(answer["events_planned"]),
            ),
        )
    foot = [_("Struck results are in parentheses."), f"* {_('absent')}"]
    unranked = answer.get("unranked", [])
    if unranked:
        foot.append(
            _("Not ranked yet") + ": " + ", ".join(f"{r['name']} ({num(r['total'])})" for r in unranked)
        )
    prizes = answer.get("prizes") or {}
    if prizes.get("most_matches"):
        most = prizes["most_matches"]
        foot.append(
            _("Most Matches (%(matches)s):", matches=digits(most["matches"]))
            + " "
            + ", ".join(found.names.get(i, i) for i in most["ids"])
        )
    if prizes.get("booby"):
        booby = prizes["booby"]
        foot.append(
            _("Booby prize (place %(rank)s):", rank=digits(booby["rank"]))
            + " "
            + ", ".join(found.names.get(i, i) for i in booby["ids"])
        )
    first = 0.34 if len(events) < 10 else 0.24
    return [Page(heading=title, lines=lines, grid=Grid(header, rows, first=first), foot=foot)]


def player_pages(
    title: str,
    row: dict[str, Any],
    points: Sequence[tuple[date, float, float]],
    num: Number,
    until: date | None = None,
) -> list[Page]:
    """A player's rating and its course after each evening, the band ± its uncertainty."""
    big = [row["name"]]
    lines = [
        _(
            "Rating %(rating)s ± %(sd)s (cautious: %(cautious)s) after %(games)s games",
            rating=num(round(row["rating"])),
            sd=num(round(row["rating_sd"])),
            cautious=num(round(row["conservative"])),
            games=num(row["games"]),
        ),
        _(
            "1500 is an even player; ten points of rating are one point a game for his team (Z10.5). "
            "The band is ± one uncertainty: it narrows as he plays."
        ),
    ]
    if until is not None:
        # A course shown in part (``rating.course_within``), as the page says it.
        lines.append(
            _(
                "The evenings up to %(date)s are still being rated: open this again in a moment.",
                date=until.isoformat(),
            )
        )
    rows = [[day.isoformat(), f"{num(round(r))} ± {num(round(s))}"] for day, r, s in points]
    low = min((r - s for _d, r, s in points), default=0.0)
    high = max((r + s for _d, r, s in points), default=0.0)
    return [
        Page(
            heading=title,
            big=big,
            lines=lines,
            chart=[(r, s) for _d, r, s in points],
            chart_labels=(num(round(low)), num(round(high))),
            grid=Grid([_("Date"), _("Rating")], rows, first=0.5) if rows else None,
        )
    ]

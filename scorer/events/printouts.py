"""The view-models of an event's printouts (:mod:`scorer.events.pdf`), translated, figures the engine's."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from flask_babel import pgettext

from scorer.events.pdf import Grid, Page
from scorer.events.state import EventState, Player, Round
from scorer.web.display import side_label
from scorer.web.parts import Part, split

#: How a printout writes a figure (the PDFs' language layer: 1'256, ۱٬۲۵۶) and a label (table 3).
Number = Callable[[Any], str]


def _plain(value: Any) -> str:
    return "" if value is None or value == "" else str(value)


#: The most items one PDF of a printout holds: tables (a card, a pad), players (a Standblatt),
#: lines (of the ranking, the prize list, the wall list); and the players of one file of the
#: Standblätter's export. A larger event's printout comes in
#: parts (``?part=n``), each offered where the printout is, so that no request renders more than
#: about a hundred pages' worth of text (each part at most ten ordinary saves of work, measured
#: in bench/abuse.py). A club evening's printout is one part.
PART_SIZES: Mapping[str, int] = {
    "tables": 8,
    "pads": 16,
    "standblatt": 16,
    "ranking": 200,
    "prizes": 200,
    "seating": 200,
    # The Standblätter's CSV and XLSX: players, each a line a round.
    "standblatt_sheet": 100,
}


def parts(kind: str, count: int) -> list[Part]:
    """The parts of printout ``kind`` of ``count`` items (one part at least, if empty)."""
    return split(PART_SIZES[kind], count)


def part_label(part: Part, digits: Number = _plain) -> str:
    """What a part's pages say of it under their heading (its items of all)."""
    if part.first == part.last:  # one item: "201 of 201", not "201–201"
        return _(
            "Part %(number)s: %(first)s of %(count)s",
            number=digits(part.number),
            first=digits(part.first),
            count=digits(part.count),
        )
    return _(
        "Part %(number)s: %(first)s–%(last)s of %(count)s",
        number=digits(part.number),
        first=digits(part.first),
        last=digits(part.last),
        count=digits(part.count),
    )


def _seat_lines(state: EventState, seats: Mapping[str, str], teams: bool = True) -> list[str]:
    """Who sits where; ``teams``: with his team (seats 1 and 3, 2 and 4)."""
    lines = []
    for seat in ("1", "2", "3", "4"):
        team = 1 if seat in ("1", "3") else 2
        name = state.name(seats[seat])
        lines.append(
            _("Seat %(seat)s: %(name)s (team %(team)s)", seat=seat, name=name, team=team)
            if teams
            else _("Seat %(seat)s: %(name)s", seat=seat, name=name)
        )
    return lines


def table_cards(
    title: str,
    state: EventState,
    round_: Round,
    entry_link: Callable[[int], str],
    digits: Number = _plain,
    *,
    teams: bool = True,
) -> list[Page]:
    """One card per table: its number, the seats and names, a QR code opening its entry."""
    return [
        Page(
            heading=f"{title} \u2013 {_('Round %(round)s', round=digits(round_.number))}",
            big=[_("Table %(table)s", table=digits(table.table))],
            lines=_seat_lines(state, table.seats, teams),
            qr=entry_link(table.match_id),
            qr_caption=_("Scan to enter this table's games"),
        )
        for table in round_.tables
    ]


@dataclass(frozen=True, slots=True)
class Placing:
    """Where one player sits in a round, as the wall list says it."""

    name: str
    table: int
    seat: str
    #: His team at the table (seats 1 and 3, 2 and 4), None where the game has no teams.
    team: int | None
    #: The partner's name (the opposite seat), "" where the game has no teams.
    partner: str


def wall_list(state: EventState, round_: Round, *, teams: bool = True) -> tuple[list[Placing], list[str]]:
    """The round's wall list: every seated player by name (his table, seat, team and partner),
    and who sits out; a substitute under his own name (T8.1)."""
    placed = []
    for table in round_.tables:
        for seat, player in table.seats.items():
            opposite = str((int(seat) + 1) % 4 + 1)
            placed.append(
                Placing(
                    state.name(player),
                    table.table,
                    seat,
                    (1 if seat in ("1", "3") else 2) if teams else None,
                    state.name(table.seats[opposite]) if teams and opposite in table.seats else "",
                )
            )
    placed.sort(key=lambda placing: (placing.name.casefold(), placing.table))
    return placed, sorted((state.name(player) for player in round_.sitouts), key=str.casefold)


def wall_list_pages(
    title: str,
    state: EventState,
    round_: Round,
    digits: Number = _plain,
    *,
    teams: bool = True,
    lines: slice = slice(None),
) -> list[Page]:
    """The wall list as a printout: one grid of every player by name (its ``lines``), then who
    sits out."""
    placed, sitouts = wall_list(state, round_, teams=teams)
    placed = placed[lines]
    header = [_("Player"), _("Table"), pgettext("seat", "Seat")]
    header += [_("Team"), _("Partner")] if teams else []
    rows = [
        [placing.name, digits(placing.table), digits(placing.seat)]
        + ([digits(placing.team), placing.partner] if teams else [])
        for placing in placed
    ]
    foot = [_("Sit out:") + " " + ", ".join(sitouts)] if sitouts else []
    heading = f"{title} – {_('Round %(round)s', round=digits(round_.number))} – {_('Seating')}"
    return [Page(heading=heading, grid=Grid(header, rows, first=0.4), foot=foot)]


def pads(
    title: str,
    state: EventState,
    round_: Round,
    games_per_passe: int,
    answers: Mapping[int, Mapping[str, Any]],
    contracts: Mapping[int, list[str]] | None = None,
    num: Number = _plain,
    digits: Number = _plain,
) -> list[Page]:
    """A Jasszettel per table: one line per game, the Passe's totals and its control sum (T3.5)."""
    pages = []
    for table in round_.tables:
        seats = table.seats
        teams = {
            "names": [state.name(seats[str(n)]) for n in range(1, 5)],
        }
        answer = answers.get(table.match_id) or {}
        deals = answer.get("deals") or []
        named = (contracts or {}).get(table.match_id) or []
        rows = []
        for index in range(games_per_passe):
            deal = deals[index] if index < len(deals) else {}
            total = deal.get("total") or ["", ""]
            contract = named[index] if index < len(named) else ""
            rows.append([digits(index + 1), contract, num(total[0]), num(total[1])])
        scores = answer.get("scores") or ["", ""]
        control = answer.get("control") or {}
        pages.append(
            Page(
                heading=f"{title} \u2013 {_('Round %(round)s', round=digits(round_.number))} \u2013 "
                f"{_('Table %(table)s', table=digits(table.table))}",
                lines=_seat_lines(state, seats),
                grid=Grid(
                    [
                        "#",
                        _("Contract"),
                        side_label(1, teams),
                        side_label(2, teams),
                    ],
                    [*rows, [_("Total"), "", num(scores[0]), num(scores[1])]],
                ),
                foot=[
                    _(
                        "Control sum: %(games)s × 157 = %(expected)s (plus any Match bonus)",
                        games=digits(games_per_passe),
                        expected=num(games_per_passe * 157),
                    )
                    if not control
                    else _(
                        "Control sum: %(actual)s of %(expected)s",
                        actual=num(control["actual"]) if control.get("actual") is not None else "\u2014",
                        expected=num(control.get("expected")),
                    ),
                    _("Signatures: team 1 ______________   team 2 ______________"),
                ],
            )
        )
    return pages


def estimate_pads(
    title: str,
    state: EventState,
    round_: Round,
    deals_per_passe: int,
    answers: Mapping[int, Mapping[str, Any]],
    records: Mapping[int, list[dict[str, Any]]],
    trumps: Mapping[int, list[str]],
    num: Number = _plain,
    digits: Number = _plain,
) -> list[Page]:
    """The pad of a table whose players each estimate their points (D3, D6): one line per deal,
    each player's estimate, made points and score, and the Passe's totals (D7.3); the lines not
    yet played are left to be written by hand."""
    pages = []
    for table in round_.tables:
        names = [state.name(table.seats[str(n)]) for n in range(1, 5)]
        answer = answers.get(table.match_id) or {}
        scored = answer.get("deals") or []
        played = records.get(table.match_id) or []
        named = trumps.get(table.match_id) or []
        rows = []
        # A void deal is replayed (D6.4): it takes a line of its own beyond the Passe's four.
        for index in range(max(deals_per_passe, len(played))):
            record = played[index] if index < len(played) else {}
            deal = scored[index] if index < len(scored) else {}
            cells = []
            for seat in range(4):
                if not deal:
                    cells.append("")
                    continue
                estimate = (record.get("estimates") or [None] * 4)[seat]
                made = (deal.get("made") or [None] * 4)[seat]
                score = (deal.get("score") or [None] * 4)[seat]
                cells.append(
                    " · ".join(num(v) if v is not None else "\u2014" for v in (estimate, made, score))
                )
            rows.append([digits(index + 1), named[index] if index < len(named) else "", *cells])
        totals = answer.get("totals") or [None] * 4
        pages.append(
            Page(
                heading=f"{title} \u2013 {_('Round %(round)s', round=digits(round_.number))} \u2013 "
                f"{_('Table %(table)s', table=digits(table.table))}",
                lines=[*_seat_lines(state, table.seats, teams=False), _("estimate · made · score")],
                grid=Grid(
                    ["#", _("Trump"), *names],
                    [*rows, [_("Total"), "", *(num(t) for t in totals)]],
                ),
                foot=[_("Each deal's made points total 157 (D5.1); the lowest total wins (D1.2).")],
            )
        )
    return pages


def substitute_notes(
    state: EventState, answer: Mapping[str, Any], options: Mapping[str, Any], num: Number = _plain
) -> dict[tuple[str, int], str]:
    """(competitor, round) -> who played that round in his place and what it scored for whom
    (T8.1): in the Einzelschieber the team's Passe (his partner's line), counted for him under
    ``substitute_scores: "original"``, not counted under the default ``none`` (T8.2); in the
    Partnerschieber the pair's Passe with its substitute partner (T8.3)."""
    lines = answer.get("standblatt") or {}
    notes: dict[tuple[str, int], str] = {}
    for substitute in state.substitutes:
        player = substitute.substitutes_for
        start = substitute.from_round
        if player is None or start is None:
            continue
        competitor = state.pair_of(player) or player
        for line in lines.get(competitor) or []:
            number = int(line["round"])
            if number < start or line.get("sitout"):
                continue
            if competitor != player:  # a pair: its Passe with the substitute partner counts or not (T8.3)
                counted = options.get("pair_substitute", "counts") == "counts"
                notes[(competitor, number)] = (
                    _(
                        "%(substitute)s played for %(player)s (T8.3)",
                        substitute=substitute.name,
                        player=state.name(player),
                    )
                    if counted
                    else _(
                        "%(substitute)s played for %(player)s: not counted for the pair (T8.3)",
                        substitute=substitute.name,
                        player=state.name(player),
                    )
                )
                continue
            partner = str(line.get("partner") or "")
            team = next(
                (other.get("score") for other in lines.get(partner) or [] if other["round"] == number), None
            )
            counted = options.get("substitute_scores", "none") == "original"
            notes[(competitor, number)] = (
                _(
                    "%(substitute)s played in his seat: %(score)s for the team, counted for him (T8.2)",
                    substitute=substitute.name,
                    score=num(team),
                )
                if counted
                else _(
                    "%(substitute)s played in his seat: %(score)s for the team, not counted for him (T8.2)",
                    substitute=substitute.name,
                    score=num(team),
                )
            )
    return notes


def standblaetter(
    title: str,
    state: EventState,
    answer: Mapping[str, Any],
    num: Number = _plain,
    digits: Number = _plain,
    options: Mapping[str, Any] | None = None,
    competitors: Sequence[str] | None = None,
) -> list[Page]:
    """A Standblatt per player (T1.4; ``competitors``: theirs alone): one line per round, his Passe
    score, his total and rank; a round a substitute played for him says so under the grid (T8.1,
    ``substitute_notes``)."""
    ranked = {entry["id"]: entry for entry in answer.get("ranking") or []}
    notes = substitute_notes(state, answer, options or {}, num)
    # Translated outside the f-strings: the catalog's extractor does not look inside them.
    sheet = _("Standblatt")
    lines_of = answer.get("standblatt") or {}
    pages = []
    for competitor in state.competitors if competitors is None else competitors:
        player = state.players.get(competitor) or Player(competitor, 0, state.name(competitor))
        entry = ranked.get(competitor)
        struck = set(entry.get("struck") or ()) if entry else set()
        rows = []
        for line in lines_of.get(competitor) or []:
            score = num(line.get("score"))
            if line["round"] - 1 in struck:
                score = f"({score})"  # T7.2: not counted
            if line.get("sitout"):
                rows.append([digits(line["round"]), "", _("sits out"), "", score])
            else:
                rows.append(
                    [
                        digits(line["round"]),
                        digits(line.get("table") or ""),
                        state.name(str(line.get("partner", ""))),
                        _opponents(state, line.get("opponents")),
                        score,
                    ]
                )
        extra = [player.club, player.number]
        pages.append(
            Page(
                heading=f"{title} \u2013 {sheet}",
                big=[player.name],
                lines=[" · ".join(x for x in extra if x)] if any(extra) else [],
                grid=Grid(
                    [_("Round"), _("Table"), _("Partner"), _("Opponents"), pgettext("score", "Passe")],
                    rows,
                ),
                foot=(
                    (
                        [
                            _(
                                "Rank %(rank)s, %(total)s points",
                                rank=digits(entry["rank"]),
                                total=num(entry["total"]),
                            )
                        ]
                        + ([_("(…) struck Passe (T7.2), not counted")] if struck else [])
                    )
                    if entry
                    else []
                )
                + [
                    _("Round %(round)s", round=digits(number)) + ": " + note
                    for (who, number), note in sorted(notes.items())
                    if who == competitor
                ],
            )
        )
    return pages


def _opponents(state: EventState, opponents: Any) -> str:
    """Each player alone (T4.1): the two opponents; fixed pairs (T4.2): the opposing pair (T1.4)."""
    if isinstance(opponents, str):
        return state.name(opponents)
    return ", ".join(state.name(o) for o in opponents or [])


def ranking_list(
    title: str,
    state: EventState,
    answer: Mapping[str, Any],
    passen: int,
    num: Number = _plain,
    digits: Number = _plain,
    lines: slice = slice(None),
) -> list[Page]:
    """The ranking (T7.5; its ``lines``): a struck Passe in parentheses (T7.2), a sit-out's marked
    (T5.5), so the other cells add up to the total; the tie-break that split an equal total (T7.3)
    by its row (a column in every part when any line has one)."""
    entries = answer.get("ranking") or []
    ties = any(entry.get("decided_by") for entry in entries)
    marked = {"struck": False, "sitout": False}
    rows = []
    for entry in entries[lines]:
        struck, sitouts = set(entry.get("struck") or ()), set(entry.get("sitouts") or ())
        passen_cells = []
        for index, score in enumerate(entry["passen"]):
            cell = num(score)
            if index in sitouts:
                cell, marked["sitout"] = f"{cell}{SITOUT_MARK}", True
            if index in struck:
                cell, marked["struck"] = f"({cell})", True
            passen_cells.append(cell)
        row = [f"{digits(entry['rank'])}.", state.name(entry["id"]), *passen_cells, num(entry["total"])]
        rows.append(row + ([tiebreak_short(entry.get("decided_by"))] if ties else []))
    header = [_("Rank"), _("Player"), *(digits(n) for n in range(1, passen + 1)), _("Total")]
    header += [_("Tie-break")] if ties else []
    foot = [_("(…) struck Passe (T7.2), not counted")] if marked["struck"] else []
    foot += [_("%(mark)s Passe sat out (T5.5)", mark=SITOUT_MARK)] if marked["sitout"] else []
    foot += [_("Tie-break: what put a player ahead of the next on an equal total (T7.3)")] if ties else []
    return [Page(heading=f"{title} \u2013 {_('Ranking')}", grid=Grid(header, rows, first=0.08), foot=foot)]


#: Marks a sit-out's score in a printed ranking.
SITOUT_MARK = "*"


def tiebreak_short(step: str | None) -> str:
    """The tie-break step that split two equal totals (T7.3), short enough for a grid's cell."""
    if step is None:
        return ""
    return {
        "best_passe": _("better Passe"),
        "last_passe": _("later Passen"),
        "matches": _("more Matches"),
        "lot": _("by lot"),
    }.get(step, step)

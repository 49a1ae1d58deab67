"""The ranking table's rows as one string: a thousand rows through Jinja's loop hold the
interpreter's lock while the worker's other requests wait; joined here they take a small part of
that (the event bench measures it). The markup is the template's (``events/_ranking.html``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from flask_babel import gettext as _
from markupsafe import Markup, escape

from scorer.languages import NATIVE_DIGITS
from scorer.web import i18n
from scorer.web.memo import ByIdentity, each_once


def tiebreak_note(step: str | None) -> str:
    """Why a competitor is ranked ahead of the next one, who has the same total: the tie-break
    step that separated them (T7.3, the engine's ``decided_by``); empty for any other entry."""
    if step is None:
        return ""
    notes = {
        "best_passe": _("ahead of the next on the better Passe (T7.3)"),
        "last_passe": _("ahead of the next on the later Passen (T7.3)"),
        "matches": _("ahead of the next on more Matches (T7.3)"),
        "lot": _("ahead of the next by lot (T7.3)"),
    }
    return notes.get(step, _("ahead of the next by the tie-break %(step)s (T7.3)", step=step))


def has_running(entries: Iterable[Mapping[str, Any]]) -> bool:
    """Whether a ranking shows the open Passen's column (:func:`ranking_rows`)."""
    return any("running" in entry for entry in entries)


#: The rows written per ranking (an engine answer's list, never changed once made): a large
#: event's readers are shown the same answer until the next is worked out
#: (``snapshot.live_answer``), and a thousand rows are some ten ordinary saves to write.
_WRITTEN: ByIdentity[dict[tuple[Any, ...], tuple[object, Markup]]] = ByIdentity(8)


def ranking_rows(
    entries: Sequence[Mapping[str, Any]],
    name: Callable[[str], str],
    player_url: str,
    running: bool | None = None,
) -> Markup:
    """:func:`_written_rows`, once per ranking, language, link and names (the state they come from)."""
    names = getattr(name, "__self__", name)
    key = (i18n.current(), player_url, running, id(names))
    written = _WRITTEN.get(entries, dict)
    kept = written.get(key)
    if kept is not None and kept[0] is names:
        return kept[1]
    rows = _written_rows(entries, name, player_url, running)
    written[key] = (names, rows)
    return rows


def _written_rows(
    entries: Sequence[Mapping[str, Any]],
    name: Callable[[str], str],
    player_url: str,
    running: bool | None = None,
) -> Markup:
    """Each ranking entry's ``<tr>``: rank, the player's name linked to his page (``player_url``
    with ``__id__`` for his id) and the tie-break that put him ahead of the next, each Passe
    (struck, sit-out), the open one's total so far while a round is open (``running``: the column
    is shown, for a page of a longer ranking), the total. A field an engine's
    entry lacks (a format that strikes no round) shows as the template showed it: nothing."""
    # A thousand rows hold few distinct scores and ranks: each is written in the reader's
    # language once.
    num = each_once(lambda value: str(escape(i18n.number(value))))
    rank_of = each_once(lambda rank: i18n.digits(_text(rank)))
    note: Callable[[str], str] = each_once(lambda step: str(escape(tiebreak_note(step))))

    url = str(escape(player_url))
    # A round without a score: a middle dot, but a dash where digits are native (Persian), whose
    # zero is a dot too.
    no_score = "\u2014" if NATIVE_DIGITS.get(i18n.current()) else "·"
    # The open Passen's totals so far (T6.5) stand in a column of their own before the total,
    # apart from the counted scores (T7.5); only while a round is open.
    if running is None:
        running = has_running(entries)
    parts: list[str] = []
    #: The Passen's cells by their values and marks: a field drawn but not yet played (or a
    #: table's four players) shares one row of them.
    rounds: dict[tuple[tuple[Any, ...], ...], str] = {}
    #: A Passe's cell, neither struck nor sat out, by its score: a played field's thousand rows
    #: are twelve thousand cells of a few hundred scores.
    plain: dict[Any, str] = {}

    def plain_cell(value: Any) -> str:
        cell = plain[value] = '<td class="num">' + (num(value) if value is not None else no_score) + "</td>"
        return cell

    for entry in entries:
        struck, sitouts = entry.get("struck") or (), entry.get("sitouts") or ()
        passen = tuple(entry.get("passen") or ())
        if not struck and not sitouts:
            cells = "".join([plain.get(value) or plain_cell(value) for value in passen])
        else:
            shape = (passen, tuple(struck), tuple(sitouts))
            cells = rounds.get(shape) or rounds.setdefault(
                shape,
                "".join(
                    '<td class="num'
                    + (" struck" if index in struck else "")
                    + (" sitout" if index in sitouts else "")
                    + '">'
                    + (num(value) if value is not None else no_score)
                    + "</td>"
                    for index, value in enumerate(passen)
                ),
            )
        if running:
            so_far = entry.get("running")
            cells += '<td class="num running">' + (num(so_far["score"]) if so_far else "") + "</td>"
        ident = str(escape(entry["id"]))
        parts.append(
            "\n  <tr"
            + (' class="provisional"' if entry.get("provisional") else "")
            + '>\n    <td class="num">'
            + rank_of(entry.get("rank", ""))
            + "."
            + ("<small>=</small>" if entry.get("shared") else "")
            + '</td>\n    <td><a href="'
            + url.replace("__id__", ident)
            + '">'
            + str(escape(name(entry["id"])))
            + "</a>"
            + (
                '<small class="tiebreak">' + note(entry["decided_by"]) + "</small>"
                if entry.get("decided_by")
                else ""
            )
            + "</td>\n    "
            + cells
            + '\n    <td class="num"><strong>'
            + (num(entry["total"]) if "total" in entry else "")
            + "</strong></td>\n  </tr>"
        )
    return Markup("".join(parts))


def _text(value: Any) -> str:
    # A rank is a number: nothing in it to escape.
    return str(value) if type(value) is int else str(escape(value))


def prize_rows(placed: Iterable[Any], name: Callable[[str], str]) -> Markup:
    """Each line of the prize list's ``<tr>`` (``prizes.Placed``: rank, name, total, prize), as
    the template wrote them: a thousand through Jinja's loop cost a page many ordinary saves."""
    shared = str(escape(_("shared")))
    num = each_once(lambda value: str(escape(i18n.number(value))))
    rank_of = each_once(lambda rank: i18n.digits(_text(rank)))
    parts: list[str] = []
    for place in placed:
        parts.append(
            "\n  <tr"
            + (' class="prized"' if place.prize else "")
            + '><td class="num">'
            + rank_of(place.rank)
            + ".</td><td>"
            + str(escape(name(place.id)))
            + (f' <small class="muted">{shared}</small>' if place.shared else "")
            + '</td><td class="num">'
            + num(place.total)
            + "</td><td>"
            + str(escape(place.prize))
            + "</td></tr>"
        )
    return Markup("".join(parts))

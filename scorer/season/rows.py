"""The series standing's rows as one string (the markup of ``season/show.html``): a club's
standing of a hundred and fifty players over forty evenings is six thousand cells, which Jinja's
loops wrote in some twenty milliseconds at each reading; written here once per standing and
language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from markupsafe import Markup, escape

from scorer.web import i18n
from scorer.web.memo import ByIdentity, each_once

#: The rows written per standing (an engine answer, never changed once made), by language.
_WRITTEN: ByIdentity[dict[str, Markup]] = ByIdentity(16)


def standing_rows(answer: Mapping[str, Any]) -> Markup:
    """Each ranked player's ``<tr>``: rank (= when shared), name and the tie-break that put him
    ahead (Z7.3), total, and each evening's score (struck in parentheses, ``*`` absent)."""
    written = _WRITTEN.get(answer, dict)
    language = i18n.current()
    kept = written.get(language)
    if kept is None:
        kept = written[language] = _written(answer)
    return kept


def _written(answer: Mapping[str, Any]) -> Markup:
    steps = {
        "best": _("the better single evening"),
        "attendance": _("more evenings played"),
        "wins": _("more evenings won"),
        "last": _("the later evenings"),
    }

    def digit_text(value: Any) -> str:
        return str(escape(i18n.digits(value)))

    def ahead_text(step: str) -> str:
        return str(escape(_("ahead on %(step)s (Z7.3)", step=steps.get(step, step))))

    def cell_text(entry: tuple[str | None, Any, bool]) -> str:
        status, score, absent = entry
        shown = "–" if score is None else f"({digits(score)})" if status == "dropped" else digits(score)
        return (
            f'<td class="num{" struck" if status == "dropped" else ""}">{shown}{"*" if absent else ""}</td>'
        )

    # A standing's six thousand cells hold few distinct scores: each written once.
    digits = each_once(digit_text)
    ahead = each_once(ahead_text)
    cells = each_once(cell_text)
    parts = []
    for row in answer.get("standings") or ():
        parts.append(
            '<tr><td class="num">'
            + digits(row["rank"])
            + ("=" if row.get("shared") else "")
            + "</td><td>"
            + str(escape(row["name"]))
            + (f' <small class="muted">{ahead(row["decided_by"])}</small>' if row.get("decided_by") else "")
            + '</td><td class="num"><strong>'
            + digits(row["total"])
            + "</strong></td>\n"
            + "".join(
                cells((entry.get("status"), entry.get("score"), bool(entry.get("absent"))))
                for entry in row.get("events") or ()
            )
            + "</tr>\n"
        )
    return Markup("".join(parts))

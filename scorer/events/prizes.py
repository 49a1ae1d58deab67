"""The prize list at the end of an evening, read out at the prize-giving before the director closes
the event: the ranking (T7.5) with the director's prizes from the first place down, and the
awards clubs give besides it — the most Matches (T2.4: "some organisers give a prize for the most
Matches"), the best single Passe, and the booby prize for the last place.

The prizes are the director's lines, an entry of the event's log (``prizes``: the latest list
counts, an earlier one stays in the log); everything else is the engine's ranking as the reader
is shown it (held back or live), so the list cannot say more than the ranking page does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import TextAreaField
from wtforms.validators import Optional, ValidationError

from scorer.events.pdf import Grid, Page
from scorer.events.schema import PRIZE_LINE, PRIZES, printable
from scorer.events.state import EventState
from scorer.web.forms import VersionedForm

Number = Any


@dataclass(frozen=True, slots=True)
class Placed:
    """One line of the ranking with its prize ("" where the director gave none)."""

    rank: int
    id: str
    total: int
    prize: str
    shared: bool


@dataclass(frozen=True, slots=True)
class Award:
    """An award beside the ranking: who won it (every competitor tied for it), and for what."""

    ids: tuple[str, ...]
    #: The count or the score that won it.
    value: int
    #: For the best Passe: the rounds (1-based) it was played in, by competitor.
    rounds: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PrizeList:
    placed: tuple[Placed, ...]
    most_matches: Award | None
    best_passe: Award | None
    booby: Award | None
    #: A round is still open (T7.5): the list may change.
    provisional: bool


def prize_list(prizes: Sequence[str], answer: Mapping[str, Any]) -> PrizeList:
    """The prize list of a ranking ``answer`` (the engine's, T7.5) with the director's ``prizes``
    given down the ranking in its order (competitors sharing a rank take the prizes of their
    places in the list: the director sees "shared" beside them)."""
    entries = list(answer.get("ranking") or [])
    placed = tuple(
        Placed(
            int(entry["rank"]),
            str(entry["id"]),
            int(entry["total"]),
            prizes[index] if index < len(prizes) else "",
            bool(entry.get("shared")),
        )
        for index, entry in enumerate(entries)
    )
    return PrizeList(
        placed=placed,
        most_matches=_most_matches(entries),
        best_passe=_best_single(entries),
        booby=_booby(entries),
        provisional=any(entry.get("provisional") for entry in entries),
    )


def _most_matches(entries: Sequence[Mapping[str, Any]]) -> Award | None:
    """T2.4: the most Matches (all nine tricks of a game); none while nobody made one."""
    most = max((int(entry.get("matches") or 0) for entry in entries), default=0)
    if most == 0:
        return None
    return Award(tuple(e["id"] for e in entries if int(e.get("matches") or 0) == most), most)


def _played(entry: Mapping[str, Any]) -> list[tuple[int, int]]:
    """(round, score) of each Passe the competitor played: struck ones too (T7.2 strikes it from
    the total, not from the evening), sit-outs (T5.5) and open rounds not."""
    sitouts = set(entry.get("sitouts") or ())
    return [
        (index + 1, int(score))
        for index, score in enumerate(entry.get("passen") or [])
        if score is not None and index not in sitouts
    ]


def _best_single(entries: Sequence[Mapping[str, Any]]) -> Award | None:
    played = {entry["id"]: _played(entry) for entry in entries}
    best = max((score for scores in played.values() for _round, score in scores), default=None)
    if best is None:
        return None
    winners = [competitor for competitor, scores in played.items() if any(s == best for _r, s in scores)]
    rounds = tuple(next(r for r, s in played[competitor] if s == best) for competitor in winners)
    return Award(tuple(winners), best, rounds)


def _booby(entries: Sequence[Mapping[str, Any]]) -> Award | None:
    """The last place (every competitor sharing it); none for a field of one, or while every
    competitor shares the first place (nobody is last)."""
    if len(entries) < 2:
        return None
    last = max(int(entry["rank"]) for entry in entries)
    if last == 1:
        return None
    losers = [entry for entry in entries if int(entry["rank"]) == last]
    return Award(tuple(entry["id"] for entry in losers), int(losers[0]["total"]))


def _lines(text: str | None) -> list[str]:
    return [printable(line).strip() for line in (text or "").splitlines() if line.strip()]


class PrizesForm(VersionedForm):
    """The director's prizes, one a line from the first place down."""

    prizes = TextAreaField(
        _l("Prizes, one a line from the first place down"),
        validators=[Optional()],
        render_kw={"rows": 6},
    )

    def validate_prizes(self, field: Any) -> None:
        lines = _lines(field.data)
        if len(lines) > PRIZES:
            raise ValidationError(_("At most %(count)s prizes.", count=PRIZES))
        for number, line in enumerate(lines, start=1):
            if len(line) > PRIZE_LINE:
                raise ValidationError(
                    _(
                        "Prize %(number)s is longer than %(length)s characters.",
                        number=number,
                        length=PRIZE_LINE,
                    )
                )

    def lines(self) -> list[str]:
        return _lines(self.prizes.data)


def prizes_form(state: EventState, prefix: str = "prizes") -> PrizesForm:
    form = PrizesForm(
        formdata=None, version=str(state.version), prefix=prefix, prizes="\n".join(state.prizes)
    )
    form.fresh_key()
    return form


def pages(title: str, state: EventState, listed: PrizeList, num: Number, digits: Number) -> list[Page]:
    """The prize list as a printout: the ranking with the prizes, then the awards."""
    rows = [
        [f"{digits(place.rank)}.", state.name(place.id), num(place.total), place.prize]
        for place in listed.placed
    ]
    lines = [f"{label}: {text}" for label, text in awards(state, listed, num, digits)]
    foot = [_("Provisional: a round is still open (T7.5).")] if listed.provisional else []
    grid = Grid([_("Rank"), _("Player"), _("Total"), _("Prize")], rows, first=0.08)
    return [Page(heading=f"{title} \u2013 {_('Prize list')}", lines=lines, grid=grid, foot=foot)]


def awards(state: EventState, listed: PrizeList, num: Number, digits: Number) -> list[tuple[str, str]]:
    """Each award's label and who won it with what, as the page and the printout say it."""
    found: list[tuple[str, str]] = []

    def names(award: Award) -> str:
        return ", ".join(state.name(competitor) for competitor in award.ids)

    if listed.most_matches is not None:
        count = listed.most_matches.value
        found.append((_("Most Matches"), f"{names(listed.most_matches)} ({digits(count)})"))
    if listed.best_passe is not None:
        award = listed.best_passe
        rounds = ", ".join(digits(number) for number in sorted(set(award.rounds)))
        found.append(
            (
                _("Best single Passe"),
                _(
                    "%(names)s (%(score)s, round %(rounds)s)",
                    names=names(award),
                    score=num(award.value),
                    rounds=rounds,
                ),
            )
        )
    if listed.booby is not None:
        found.append((_("Booby prize"), f"{names(listed.booby)} ({num(listed.booby.value)})"))
    return found

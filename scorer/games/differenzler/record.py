"""A Differenzler deal's record from its deal form's posted fields, and the match-level fields of
its record: standard library, ``rules_engine`` and the app's pure modules only, so that the
server (after WTForms has judged a form) and the tablet (under Pyodide, without network) build
the very same records.

Under hidden estimates (D3.3) the server adds what only it knows: the estimates sealed from
the players' phones, for the seats left empty, and the time they were sealed
(``sealed_at``). A tablet without network knows neither: every estimate is typed at the table,
masked, and the server stamps the time when the deal arrives.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.games.records import present
from scorer.web import posted
from scorer.web.posted import N_, Fields, Record

#: Match-level settings copied into the engine's Partie record.
MATCH_FIELDS = ("players", "deal_count", "options")
SEATS = ("1", "2", "3", "4")
SUITS = ("D", "H", "S", "C")
DIRECTIONS = ("obenabe", "undenufe")
#: D5.1: the card points of a deal.
DEAL_TOTAL = 157


def players(settings: Mapping[str, Any]) -> int:
    return int(settings.get("players") or 4)


def options(settings: Mapping[str, Any]) -> Mapping[str, Any]:
    return settings.get("options") or {}


def hidden(settings: Mapping[str, Any]) -> bool:
    """D3.3: hidden estimates are the default form."""
    return bool(options(settings).get("form", "hidden") == "hidden")


def tricks_asked(settings: Mapping[str, Any]) -> bool:
    """D6.3 ``needs_zero_trick``: an exact 0 earns the credit only with a trick won, so the form
    asks each player's tricks (D8 rejects an exact 0 without them)."""
    return bool(options(settings).get("zero_exact") == "needs_zero_trick")


def trumps(settings: Mapping[str, Any]) -> tuple[str, ...]:
    """What may be trump: the four suits, and Obenabe and Undenufe where played (D2.3)."""
    return SUITS + DIRECTIONS if "obenabe" in (options(settings).get("modes") or []) else SUITS


def _estimate(fields: Fields, name: str) -> int | None:
    # A masked text field (it keeps any script's digits): not WTForms' integer message.
    try:
        return posted.integer(fields, name)
    except posted.ShapeError:
        raise posted.ShapeError("estimates", N_("An estimate is a number of points, 0 to 157.")) from None


def _check_fields(fields: Fields, settings: Mapping[str, Any]) -> None:
    """What the deal form refuses whatever the deal (the forehand aside, read first): a seat not
    at the table, a number that is none (its number fields exist for four seats at any table)."""
    posted.choice(fields, "stoeck", SEATS[: players(settings)], required=False)
    for seat in SEATS:
        for prefix in ("points", "tricks", "penalty"):
            posted.integer(fields, f"{prefix}_{seat}")


def deal_record(
    fields: Fields,
    settings: Mapping[str, Any],
    *,
    phones: Mapping[int, tuple[int, str]] | None = None,
    sealed_at: str | None = None,
) -> Record:
    """The deal record (inside a Partie record) the fields state.

    ``phones``: under hidden estimates, each seat's estimate sealed from its phone with its
    time, for the seats whose field is empty; ``sealed_at``: when the estimates typed here were
    sealed (the server's clock). Neither: the record states no times.

    :raises ShapeError: a choice the form does not offer, an estimate that is no number, no
        trump, or a player's points missing.
    """
    count = players(settings)
    stated: Record = {"forehand": int(posted.choice(fields, "forehand", SEATS[:count]))}
    _check_fields(fields, settings)
    trump = posted.choice(fields, "trump", trumps(settings), required=False)
    seats = range(1, count + 1)
    penalties = [posted.integer(fields, f"penalty_{n}") or 0 for n in seats]
    if posted.ticked(fields, "void"):  # D6.4: a void deal needs only forehand, penalties and void
        stated.update(penalties=penalties, void=True)
        return stated
    if not trump:
        raise posted.ShapeError("trump", N_("Choose the trump (the card shown before play)."))
    estimates = [_estimate(fields, f"estimate_{n}") for n in seats]
    times: list[str | None] = [sealed_at] * count
    for n, (value, moment) in (phones or {}).items() if hidden(settings) else ():
        if 1 <= n <= count and estimates[n - 1] is None:
            estimates[n - 1], times[n - 1] = value, moment
    points = [posted.integer(fields, f"points_{n}") for n in seats]
    if any(p is None for p in points):
        raise posted.ShapeError("points", N_("Enter every player's card points."))
    stated.update(trump=trump, estimates=estimates, points=points)
    if tricks_asked(settings):
        tricks = [posted.integer(fields, f"tricks_{n}") for n in seats]
        if any(t is not None for t in tricks):
            if any(t is None for t in tricks):
                raise posted.ShapeError("tricks_won", N_("Enter every player's tricks, or none."))
            stated["tricks_won"] = tricks
    if any(penalties):
        stated["penalties"] = penalties
    stoeck = posted.seat_or_none(fields, "stoeck")
    if stoeck is not None:
        stated["stoeck"] = stoeck
        if options(settings).get("stoeck") == "holder_choice":
            stated["stoeck_counted"] = posted.ticked(fields, "stoeck_counted")
    if hidden(settings) and any(moment is not None for moment in times):
        stated["sealed_at"] = {"estimates": times}
    return stated


def scores(answer: Mapping[str, Any]) -> Any:
    """Each player's total (the match screen's big figures): every player is his own side."""
    return answer.get("totals")


def match_fields(settings: Mapping[str, Any]) -> Record:
    """The app's record's match-level fields of these settings (``game`` and ``deals`` aside)."""
    return present(settings, MATCH_FIELDS)


def setup_settings(fields: Fields) -> Record:
    """A Differenzler is set up with the network (its players' phones get their links there): the
    tablet keeps a Partie it knows, it starts none (``Offline.born`` is empty).

    :raises ShapeError: always.
    """
    raise posted.ShapeError("game", N_("A Differenzler is set up with the network; it then goes on without."))

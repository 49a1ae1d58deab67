"""What the tournament office asks of a Passe (TOURNAMENT.md T6): who still has to confirm,
whether two entries agree, where a table stands, and the checks of paper sheets.

Pure functions over the engine's own values and answers, so that a table's screen, the
office's screen and a test all read one adjudication:

- :func:`compare_entries` (T6.3, T6.2 ``double_entry``): do the figures of one game agree;
- :func:`awaiting` (T6.2, T6.3): which team still has to confirm what;
- :func:`table_state` (T6.3, T6.5): playing, waiting for confirmation, disputed or complete;
- :func:`transcription_check` (T6.6): the totals written on paper against the games;
- :func:`paper_control` (T3.5): totals kept on paper only, against the control sum.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.options import RuleOptions
from rules_engine.schieber.contracts import DEAL_TOTAL
from rules_engine.schieber.deal import PointsClaim
from rules_engine.tournament.answers import PasseAnswer
from rules_engine.tournament.findings import Finding, finding
from rules_engine.tournament.passe import Figure, transcription_check

__all__ = [
    "CONFIRM_MODES",
    "TABLE_STATES",
    "Awaiting",
    "Comparison",
    "awaiting",
    "compare_entries",
    "figure_of",
    "paper_control",
    "table_state",
    "transcription_check",
]

#: T6.2's option values, the default first.
CONFIRM_MODES = ("per_game", "per_passe", "double_entry", "none")
#: A table as the office sees it (T6.3, T6.5); ``late`` is the app's (a clock is not a rule).
TABLE_STATES = ("playing", "waiting", "disputed", "complete")
TEAMS = (1, 2)


def figure_of(points: Mapping[str, Any]) -> Figure:
    """The figure of a ``points`` object (``{"team", "value"}`` or ``{"team", "match": true}``), T6.1.

    >>> figure_of({"team": 1, "value": 98}) == figure_of({"team": 2, "value": 59})
    True
    """
    team = int(points["team"])
    if points.get("match"):
        return Figure.of(PointsClaim(team, None, True))
    return Figure.of(PointsClaim(team, int(points["value"]), False))


@dataclass(frozen=True, slots=True)
class Comparison:
    """T6.3: the figures of one game side by side; ``agree`` when they are one figure."""

    agree: bool
    #: Each team's trick points as the entry and each claim give them (entry first).
    figures: tuple[tuple[str, Figure], ...]


def compare_entries(entry: Mapping[str, Any] | None, claims: Mapping[int, Mapping[str, Any]]) -> Comparison:
    """Compare a game's entry with each team's claim (T6.2 ``double_entry``, T6.3).

    Two figures agree when they give each team the same trick points and the same Match flags:
    ``{"team": 1, "value": 98}`` agrees with ``{"team": 2, "value": 59}``.
    """
    figures: list[tuple[str, Figure]] = []
    if entry is not None:
        figures.append(("entry", figure_of(entry)))
    for team in sorted(claims):
        figures.append((f"team {team}", figure_of(claims[team])))
    agree = all(figure == figures[0][1] for _, figure in figures[1:])
    return Comparison(agree, tuple(figures))


@dataclass(frozen=True, slots=True)
class Awaiting:
    """A confirmation still missing (T6.2): ``game`` 0-based, or None for the Passe's signature."""

    team: int
    game: int | None


def awaiting(
    games: Sequence[Mapping[str, Any]],
    confirm: str,
    passe_confirmed_by: Sequence[int] = (),
    games_per_passe: int | None = None,
) -> list[Awaiting]:
    """What each team still has to confirm, game records in the order of the Passe (T6.2, T6.3).

    - ``none``: nothing;
    - ``per_game`` / ``double_entry``: each game a team has neither confirmed (``confirmed_by``)
      nor claimed (``claims``); a ruled game needs nobody (T6.4);
    - ``per_passe``: each team that has not signed the Passe, once all its games are entered.
    """
    if confirm not in CONFIRM_MODES:
        raise ValueError(f"confirm: {confirm!r} is not one of {CONFIRM_MODES}")
    if confirm == "none":
        return []
    if confirm == "per_passe":
        if games_per_passe is not None and len(games) < games_per_passe:
            return []
        return [Awaiting(team, None) for team in TEAMS if team not in set(passe_confirmed_by)]
    missing: list[Awaiting] = []
    for index, game in enumerate(games):
        if game.get("ruling") is not None:
            continue
        done = {int(t) for t in game.get("confirmed_by") or ()} | {int(t) for t in game.get("claims") or {}}
        missing.extend(Awaiting(team, index) for team in TEAMS if team not in done)
    return missing


def table_state(answer: PasseAnswer, games_per_passe: int) -> str:
    """Where a table's Passe stands for the office (T6.5 first, then how far play is).

    - ``disputed``: a game is disputed without a ruling (T6.3), or the Passe breaks a rule;
    - ``complete``: T6.5's complete (every game confirmed or ruled, the control sum holds);
    - ``waiting``: every game is entered, some confirmation is missing (T6.2);
    - ``playing``: games are still to be played.
    """
    if not answer["valid"] or answer["status"] == "disputed":
        return "disputed"
    if answer["status"] == "complete":
        return "complete"
    if len(answer["games"]) >= games_per_passe:
        return "waiting"
    return "playing"


def paper_control(
    team_totals: tuple[int, int], matches: tuple[int, int], options: RuleOptions
) -> list[Finding]:
    """T3.5 for a Passe kept on paper (all factors 1): each team in 0..games × match_value, never 1,
    and both together the control sum ``games × 157 + Matches × (match_value − 157)``."""
    games = options.games_per_passe
    top = games * options.match_value
    found = [
        finding(
            "T3.5",
            "passe_total_impossible",
            "team {team}: a Passe total of {total} is impossible (0..{top}, never 1)",
            {"team": team, "total": total, "top": top},
            field="team_totals",
        )
        for team, total in enumerate(team_totals, start=1)
        if not 0 <= total <= top or total == 1
    ]
    control = games * DEAL_TOTAL + sum(matches) * (options.match_value - DEAL_TOTAL)
    if sum(team_totals) != control:
        found.append(
            finding(
                "T3.5",
                "control_sum",
                "the Passe totals sum to {actual}, not the control sum {expected}",
                {"actual": sum(team_totals), "expected": control},
                field="team_totals",
            )
        )
    return found

"""The desk's replay of a deal whose tricks have modes (each trick played under its own
contract), which the games played with Schieber's tricks share (Coiffeur, Differenzler)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from flask_babel import gettext as _

from rules_engine.cards import Card
from rules_engine.errors import InvalidRecord
from rules_engine.schieber.trick_modes import ModeReplay, Relabel, TrickMode, replay_modes
from scorer.games.replay import wrong_card_ruling
from scorer.games.ruling import Ruling, Unreadable
from scorer.web import display
from scorer.web.reasons import reason_text


@dataclass(frozen=True, slots=True)
class ModesDeal:
    """A deal the desk replays trick by trick in each trick's mode (Coiffeur's contracts, Differenzler)."""

    modes: Sequence[TrickMode]
    points: Sequence[Mapping[Card, int]]
    players: int
    first_leader: int
    relabel: Relabel
    #: The rule a card twice or not held breaks (C9, D8), and the rule of the trick's winner.
    deck_rule: str
    winner_rule: str


def replay_modes_ruling(
    deal: ModesDeal,
    tricks: Sequence[Sequence[Card]],
    hands: Mapping[int, Sequence[Card]] | None,
    facts: list[tuple[str, str]],
    game: str,
    score_lines: Callable[[ModeReplay], tuple[list[str], list[str]]],
) -> Ruling:
    """Replay ``tricks`` (all of the deal's, or the first ones) card by card.

    ``score_lines`` turns a complete, clean replay into the score's lines and the rules they
    cite. A replay of the first tricks only counts no last trick and checks no hand size.

    :raises Unreadable: too many tricks, or a trick without one card per player.
    """
    count = len(deal.modes)
    if not tricks:
        raise Unreadable("tricks", _("Enter the tricks, one per line, each card in the order played."))
    if len(tricks) > count:
        raise Unreadable(
            "tricks", _("A deal has %(count)s tricks, not %(given)s.", count=count, given=len(tricks))
        )
    for number, trick in enumerate(tricks, start=1):
        if len(trick) != deal.players:
            raise Unreadable(
                "tricks",
                _(
                    "Trick %(n)s has %(count)s cards; every trick has %(players)s.",
                    n=number,
                    count=len(trick),
                    players=deal.players,
                ),
            )
    played = len(tricks)
    complete = played == count
    try:
        replayed = replay_modes(
            deal.modes[:played],
            deal.points[:played],
            deal.players,
            deal.first_leader,
            [list(trick) for trick in tricks],
            hands,
            deal.relabel,
            deal.deck_rule,
            partial=not complete,
        )
    except InvalidRecord as error:
        raise Unreadable("tricks", str(error)) from None
    per_trick = list(replayed.points_per_trick)
    wrong: dict[tuple[int, int], dict[str, Any]] = {}
    other: list[dict[str, Any]] = []
    for reason in replayed.reasons:
        as_json = cast(dict[str, Any], reason.to_json())
        where = reason.field or ""
        if where.startswith("tricks["):
            t, i = (int(x) for x in where[len("tricks[") : -1].split("]["))
            wrong.setdefault((t, i), as_json)
        else:
            other.append(as_json)
    rows: list[dict[str, Any]] = []
    for t, trick in enumerate(tricks):
        leader = replayed.leaders[t]
        winner = replayed.winners[t]
        cells = []
        for i, card in enumerate(trick):
            seat = (leader - 1 + i) % deal.players + 1
            cells.append(
                {
                    "card": str(card),
                    "seat": seat,
                    "ok": (t, i) not in wrong,
                    "reason": wrong.get((t, i)),
                    "wins": seat == winner,
                }
            )
        rows.append(
            {
                "n": t + 1,
                "mode": deal.modes[t].key,
                "leader": leader,
                "winner": winner,
                "points": per_trick[t],
                "cards": cells,
            }
        )
    facts = [*facts, (_("Tricks entered"), str(played))]
    first = min(wrong) if wrong else None
    if first is not None:
        t = first[0]
        # The trick's mode decides (C5.1-C5.3) where the deal's tricks have several.
        mode_line = (
            [
                _(
                    "Trick %(n)s is played %(mode)s.",
                    n=t + 1,
                    mode=display.contract_name(deal.modes[t].key, "swiss"),
                )
            ]
            if len({mode.key for mode in deal.modes}) > 1
            else []
        )
        ruling = wrong_card_ruling(tricks, rows, wrong, facts, context=mode_line)
    elif other:
        ruling = Ruling(
            "replay", _("Every card follows the rules, but the record breaks a rule."), False, facts=facts
        )
    else:
        ruling = Ruling("replay", _("Every card follows the rules."), True, facts=facts)
        ruling.cite(deal.winner_rule)
    for problem in other:
        ruling.cite(problem.get("rule"))
        ruling.lines.append(reason_text(problem))
    seat_points = [0] * deal.players
    for row in rows:
        seat_points[row["winner"] - 1] += row["points"]
    if complete and ruling.ok:
        lines, rules = score_lines(replayed)
        ruling.lines.extend(lines)
        for rule in rules:
            ruling.cite(rule)
    elif not complete:
        ruling.lines.append(
            _(
                "Points so far, by seat: %(points)s. Enter every trick for the score.",
                points=" : ".join(map(str, seat_points)),
            )
        )
    ruling.data = {
        "rows": rows,
        "first": first,
        "game": game,
        "seat_points": seat_points,
        "tricks_won": list(replayed.tricks_won),
    }
    return ruling

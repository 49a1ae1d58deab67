"""The replays the games' desks share: a first wrong card's ruling.

A game's desk (``scorer/games/<game>/disputes.py``) replays its own records; this is the
part every game's replay is made of.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _

from rules_engine.cards import Card
from scorer.games.ruling import Ruling
from scorer.web.reasons import reason_text


def wrong_card_ruling(
    tricks: Sequence[Sequence[Card]],
    rows: Sequence[Mapping[str, Any]],
    wrong: Mapping[tuple[int, int], Mapping[str, Any]],
    facts: list[tuple[str, str]],
    *,
    context: Sequence[str] = (),
) -> Ruling:
    """A replay's ruling on its first card played against the rules: the card, its seat, the
    reason (cited), ``context`` lines, and how many more wrong cards follow."""
    t, i = min(wrong)
    first = wrong[(t, i)]
    ruling = Ruling(
        "replay",
        _(
            "Trick %(n)s: %(card)s by seat %(seat)s was not allowed.",
            n=t + 1,
            card=str(tricks[t][i]),
            seat=rows[t]["cards"][i]["seat"],
        ),
        False,
        facts=facts,
    )
    ruling.cite(first.get("rule"))
    ruling.lines.append(reason_text(first))
    ruling.lines.extend(context)
    if len(wrong) > 1:
        ruling.lines.append(
            _("%(count)s more wrong cards follow; each is marked below.", count=len(wrong) - 1)
        )
    return ruling

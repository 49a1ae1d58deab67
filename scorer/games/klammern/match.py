"""A Klammern match on screen: each side's score in its format, and the cells of each deal's row."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from rules_engine.klammern.formats.hamburg import die_face as engine_die_face
from scorer.games import words as said
from scorer.games.base import MatchPage, RowCells
from scorer.games.board import Side, claims, item, seat_name
from scorer.games.klammern.record import players
from scorer.web import display, i18n
from scorer.web.i18n import gettext as _

if TYPE_CHECKING:
    from rules_engine.klammern.answers import KlammernMatchAnswer
    from scorer.games.board import MatchView


def die_face(points: int) -> str:
    """The die of a side with ``points``, as the engine reads it (K9.1: six for 0 and for 6 or more)."""
    return display.die_glyph(engine_die_face(max(points, 0)))


def engine_answer(loaded: MatchView) -> KlammernMatchAnswer | None:
    """The engine's answer to this Klammern match, typed; None while the match breaks a rule."""
    return cast("KlammernMatchAnswer", loaded.answer) if loaded.scored.valid else None


def sides(loaded: MatchView) -> list[Side]:
    settings = loaded.settings
    answer = engine_answer(loaded)
    scores = answer["scores"] if answer else None
    listed = scores if isinstance(scores, list) else None
    fmt = settings.get("format")
    count = players(settings)
    result = []
    for i in range(2 if count == 4 else count):
        side = Side(i + 1, display.side_label(i + 1, settings), None)
        if fmt == "small_big":
            side.layout = "small_big"
            if scores is not None and not isinstance(scores, list):
                side.score, side.big = item(scores["small"], i), item(scores["big"], i)
        elif fmt == "liga":
            side.score = item(listed, i)
            side.needed = item(answer["points_needed"] if answer else None, i)  # K8.2
        else:
            side.layout = "die"
            side.score = item(listed, i)
            face = item(answer.get("dice_faces") if answer else None, i)  # K9.1
            side.die = display.die_glyph(face) if isinstance(face, int) else None
        result.append(side)
    if fmt == "small_big" and answer is not None:
        laube = answer.get("laube") or []
        for side in result:
            if side.number in laube:
                side.marks.append(_("in der Laube"))
        must = answer.get("must_play")
        for side in result:
            if must == side.number:
                side.marks.append(_("must play"))
    return result


def cells(loaded: MatchView, seat_names: Sequence[str]) -> RowCells:
    deck = loaded.settings.get("deck") or "french"
    running = loaded.answer.get("running") or []
    kalte = set(loaded.answer.get("kalte") or [])
    # Translated once per page, not once per row.
    how = {"orgi": _("Orgi"), "kleines": _("Kleines"), "besser": _("Besser")}
    re, kontra = _("Re"), _("Kontra")

    def row(index: int, record: Mapping[str, Any], answer: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "contract": display.suit_name(str(record.get("trump")), deck),
            "declarer": seat_name(seat_names, record.get("declarer")),
            "how": how.get(str(record.get("how")), ""),
            "weis": claims(record.get("melds"), seat_names, deck) + value_claims(record, loaded.settings),
            "bella": seat_name(seat_names, record.get("bella")) if record.get("bella") else "",
            "kontra": (re if record.get("re") else kontra) if record.get("kontra") else "",
            "kalte": index in kalte,
            "revoke": seat_name(seat_names, record["revoke"]["seat"]) if record.get("revoke") else "",
            "durchmarsch": seat_name(seat_names, record.get("durchmarsch"))
            if record.get("durchmarsch")
            else "",
            "running": running[index] if index < len(running) else None,
        }

    return row


def value_claims(record: Mapping[str, Any], settings: Mapping[str, Any]) -> list[str]:
    """Melds given by value (``meld_values``) as "Ben & Tom: 50 + 20", side by side."""
    return [
        f"{display.side_label(int(side), dict(settings))}: {' + '.join(i18n.number(v) for v in values)}"
        for side, values in sorted((record.get("meld_values") or {}).items())
        if values
    ]


def context(loaded: MatchView) -> dict[str, Any]:
    return {}


def words(record: Mapping[str, Any], settings: Mapping[str, Any], game_deck: str) -> list[str]:
    """A deal of a trump and its declarer (DEAL_RECORD.md ``trump``, ``declarer``), its points
    and melds, in words; also the Differenzler's (its trump)."""
    names = said.names(settings)
    parts = [display.suit_name(str(record.get("trump")), game_deck)]
    if record.get("declarer"):
        parts[0] += f" ({said.seat(names, record['declarer'])})"
    parts += said.points(record.get("points"), settings)
    parts += said.claims(record.get("melds"), names, game_deck)
    parts += said.values(record.get("meld_values"), _("Melds"), settings)
    return parts


MATCH = MatchPage(sides=sides, cells=cells, context=context, words=words)

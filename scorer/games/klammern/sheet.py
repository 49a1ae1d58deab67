"""Klammern on paper: the columns of each scoring format (small and big points, Liga, Hamburg),
the pad's boxes (big-point tally, Augen rounding, dice) and the figures of each deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.klammern.formats import FORMATS as ENGINE_FORMATS
from rules_engine.klammern.formats.liga import DEFAULT_TARGET as LIGA_DEFAULT_TARGET
from rules_engine.klammern.formats.small_big import award, start
from rules_engine.klammern.match import deal_figures
from scorer.games.sheet import (
    DEALER,
    INDEX,
    NO_CONTRACT_NAMES,
    Column,
    Header,
    Mark,
    PadView,
    ResultFigures,
    RowFigures,
    per_side,
    sides_of,
)
from scorer.web.pdf_text import N_, Lang

FORMATS = ("small_big", "liga", "hamburg")
#: The game's scoring formats (K9), as ``Game.formats`` states them; the printed sheets read
#: them here, without the game's pages.
GAME_FORMATS = FORMATS

_LEAD = (
    INDEX,
    DEALER,
    Column("contract", N_("Trump"), "contract", width=1.2),
    Column("declarer", N_("Declarer"), "seat", width=1.3),
    Column("how", N_("Game"), "how", width=1.0),
    Column("kr", N_("Kontra/Re"), "kr", width=0.9),
)
SHEET: Mapping[str, tuple[Column, ...]] = {
    "small_big": _LEAD
    + (
        Column("melds", N_("Melds"), "bonus", per_side=True, width=0.85),
        Column("bella", N_("Bella"), "bonus", per_side=True, width=0.85),
        Column("points", N_("Points"), "figure", per_side=True, width=0.9),
        Column("small", N_("Small"), "figure", per_side=True, width=0.8),
        Column("running", N_("Small total"), "figure", per_side=True, width=0.9),
        Column("big", N_("Big total"), "figure", per_side=True, width=0.9),
        Column("marks", N_("Notes"), "marks", width=2.0),
    ),
    "liga": _LEAD
    + (
        Column("melds", N_("Melds"), "bonus", per_side=True, width=0.85),
        Column("bella", N_("Bella"), "bonus", per_side=True, width=0.85),
        Column("points", N_("Points"), "figure", per_side=True, width=0.9),
        Column("augen", N_("Augen"), "figure", per_side=True, width=0.85),
        Column("running", N_("Total"), "figure", per_side=True, width=0.9),
        Column("marks", N_("Notes"), "marks", width=2.0),
    ),
    "hamburg": _LEAD
    + (
        Column("points", N_("Points"), "figure", per_side=True, width=0.9),
        Column("dice", N_("Dice"), "figure", per_side=True, width=0.85),
        Column("running", N_("Total"), "figure", per_side=True, width=0.9),
        Column("marks", N_("Notes"), "marks", width=2.0),
    ),
}

_PAD_LEAD = (
    INDEX,
    DEALER,
    Column("contract", N_("Trump"), "contract", width=1.1),
    Column("declarer", N_("Declarer"), "seat", width=1.3),
    Column("kontra", N_("Kontra"), "check", width=0.8),
    Column("re", N_("Re"), "check", width=0.6),
)
PAD: Mapping[str, tuple[Column, ...]] = {
    "small_big": _PAD_LEAD
    + (
        Column("small", N_("Small"), "figure", per_side=True, width=0.8),
        Column("running", N_("Small total"), "figure", per_side=True, width=0.9),
        Column("laube", N_("Laube"), "check", per_side=True, width=0.8),
        Column("big", N_("Big"), "figure", per_side=True, width=0.8),
        Column("kalte", N_("Kalte"), "check", width=0.8),
    ),
    "liga": _PAD_LEAD
    + (
        Column("points", N_("Points"), "figure", per_side=True, width=0.9),
        Column("augen", N_("Augen"), "figure", per_side=True, width=0.85),
        Column("running", N_("Total"), "figure", per_side=True, width=0.9),
        Column("durchmarsch", N_("Durchmarsch"), "check", width=1.2),
    ),
    "hamburg": (
        INDEX,
        DEALER,
        Column("contract", N_("Trump"), "contract", width=1.1),
        Column("declarer", N_("Declarer"), "seat", width=1.3),
        Column("orgi", N_("Orgi"), "check", width=0.75),
        Column("little", N_("Little one"), "check", width=0.9),
        Column("won", N_("Won"), "check", width=0.7),
        Column("kontra", N_("Kontra"), "check", width=0.8),
        Column("re", N_("Re"), "check", width=0.6),
        Column("dice", N_("Dice"), "figure", per_side=True, width=0.8),
        Column("running", N_("Total"), "figure", per_side=True, width=0.9),
    ),
}


def augen_rounding(max_augen: int = 20) -> tuple[tuple[int, int, int], ...]:
    """K8.1 as a lookup table: (lowest points, highest points, Augen), halves rounded up.

    >>> augen_rounding(2)
    ((0, 4, 0), (5, 14, 1), (15, 24, 2))
    """
    # An Auge is 10 game points (K8.1), so n Augen cover 10n-5 .. 10n+4.
    return tuple((max(0, 10 * n - 5), 10 * n + 4, n) for n in range(max_augen + 1))


def _row(
    deal: Mapping[str, Any],
    figures: Mapping[str, Any],
    state: Mapping[str, Any],
    fmt: str,
    sides: int,
) -> RowFigures:
    """The figures and marks of one deal, Laube and Kalte aside (they need the whole match)."""
    running = state.get("scores")
    values: dict[str, Any] = {
        "contract": deal.get("trump"),
        "declarer": deal.get("declarer"),
        "how": deal.get("how"),
        "kr": "re" if deal.get("re") else ("kontra" if deal.get("kontra") else None),
        "melds": per_side(figures.get("melds"), sides),
        "bella": per_side(figures.get("bella"), sides),
        "points": per_side(figures.get("card_points"), sides),
    }
    marks: list[Mark] = []
    if figures.get("declarer_wins") is False:
        marks.append(Mark("lost", figures.get("declarer_side")))
    revoke = deal.get("revoke")
    if isinstance(revoke, Mapping):
        marks.append(Mark("revoke", value=revoke.get("seat")))
    if fmt == "small_big":
        small = running.get("small") if isinstance(running, Mapping) else None
        big = running.get("big") if isinstance(running, Mapping) else None
        values |= {
            "small": per_side(figures.get("small_points"), sides),
            "running": per_side(small, sides),
            "big": per_side(big, sides),
        }
    elif fmt == "liga":
        values |= {"augen": per_side(figures.get("augen"), sides), "running": per_side(running, sides)}
        march = figures.get("durchmarsch")
        if isinstance(march, Mapping):
            marks.append(Mark("durchmarsch", march.get("side"), bool(march.get("all_tricks"))))
    else:
        values |= {"dice": per_side(figures.get("dice"), sides), "running": per_side(running, sides)}
    return values, marks


@dataclass(frozen=True, slots=True)
class KlammernSheet:
    """Klammern's part of the pads and scoresheets (:class:`scorer.games.sheet.SheetPart`)."""

    default_deck: str = "french"
    tables: tuple[int, ...] = (2, 3, 4)
    formats: tuple[str, ...] = FORMATS
    #: The pad page's field (its query parameter) that :attr:`pad_choices` fill.
    pad_field: str = "format"

    @property
    def pad_choices(self) -> tuple[object, ...]:
        """The pad page's choices of scoring (:class:`scorer.sheets.views.PadForm`)."""
        from scorer.games.klammern.forms import FORMAT_CHOICES  # the web's words, not the PDF's

        return tuple(FORMAT_CHOICES)

    @property
    def pad_note(self) -> object:
        """The pad page's word on the names at a table of two or three."""
        from scorer.games.klammern.forms import PAD_NOTE

        return PAD_NOTE

    @property
    def contract_names(self) -> Mapping[str, str]:
        return NO_CONTRACT_NAMES

    def title(self, lang: Lang, header: Header) -> str:
        fmt = {
            "small_big": lang("small and big points"),
            "liga": lang("Liga-Partie"),
            "hamburg": lang("Hamburg dice"),
        }.get(header.format or "small_big", header.format or "")
        return lang("Klammern (%(format)s)", format=fmt)

    def pad(
        self, format: str | None, target: int | None, teams: Sequence[str], names: tuple[str | None, ...]
    ) -> PadView:
        fmt = format or "small_big"
        if fmt not in FORMATS:
            raise ValueError(f"format: unknown Klammern format {fmt!r} (use {', '.join(FORMATS)})")
        count = len(names) if len(names) in (2, 3) else 4
        if len(names) > 4:
            raise ValueError(f"players: Klammern has 2, 3 or 4 players, not {len(names)}")
        if fmt == "liga":
            goal = target if target is not None else LIGA_DEFAULT_TARGET
            header = Header("klammern", fmt, target=goal, players=count, sides=sides_of(count, teams, names))
            return PadView(header, PAD[fmt], ("rounding",), rounding=augen_rounding())
        header = Header("klammern", fmt, target=target, players=count, sides=sides_of(count, teams, names))
        return PadView(header, PAD[fmt], ("big_tally",) if fmt == "small_big" else ("dice",))

    def players(self, record: Mapping[str, Any]) -> int:
        return int(record.get("players", 4))

    def header_fields(self, record: Mapping[str, Any]) -> tuple[str | None, str | None, Any]:
        fmt = str(record.get("format", "small_big"))
        profile = str(record["profile"]) if record.get("profile") else None
        target = record.get("target_big") if fmt == "small_big" else record.get("target")
        return fmt, profile, target

    def target_unit(self, lang: Lang, format: str | None) -> str:
        return {"liga": lang("Augen"), "small_big": lang("big points")}.get(format or "", "")

    def default_target(self, format: str | None) -> int | None:
        return LIGA_DEFAULT_TARGET if format == "liga" else None

    def columns(self, header: Header) -> tuple[Column, ...]:
        return SHEET[header.format or "small_big"]

    def rows(
        self,
        deals: Sequence[Mapping[str, Any]],
        answers: Sequence[Mapping[str, Any]],
        states: Sequence[Mapping[str, Any]],
        answer: Mapping[str, Any],
        header: Header,
    ) -> list[RowFigures]:
        fmt = header.format or "small_big"
        sides = len(header.sides)
        kalte = set(answer.get("kalte") or ())
        missed = set(answer.get("must_play_missed") or ())
        previous_laube: set[int] = set()
        out: list[RowFigures] = []
        for i, (deal, figures, state) in enumerate(zip(deals, answers, states)):
            values, marks = _row(deal, figures, state, fmt, sides)
            if fmt == "small_big":
                if i in kalte:
                    marks.append(Mark("kalte"))
                if i in missed:
                    marks.append(Mark("must_play_missed"))
                laube = set(state.get("laube") or ())
                for side in sorted(laube - previous_laube):
                    marks.append(Mark("laube", side))
                previous_laube = laube
            out.append((values, marks))
        return out

    def result(self, header: Header, answer: Mapping[str, Any], sides: int) -> ResultFigures:
        scores = answer.get("scores")
        marks: list[Mark] = []
        figures: list[tuple[str, tuple[int | float, ...]]] = []
        if header.format in (None, "small_big"):
            big = scores.get("big") if isinstance(scores, Mapping) else None
            small = scores.get("small") if isinstance(scores, Mapping) else None
            figures.append((N_("Big points"), per_side(big, sides)))
            figures.append((N_("Small points"), per_side(small, sides)))
            if answer.get("kalte"):
                marks.append(Mark("kalte", value=len(answer["kalte"])))
            for side in answer.get("laube") or ():
                marks.append(Mark("laube", side))
            if answer.get("must_play"):
                marks.append(Mark("must_play", answer["must_play"]))
        elif header.format == "liga":
            figures.append((N_("Augen"), per_side(scores, sides)))
            march = answer.get("durchmarsch")
            if march and isinstance(march, Mapping):
                marks.append(Mark("durchmarsch", march.get("side"), march.get("succeeded")))
        else:
            figures.append((N_("Dice"), per_side(scores, sides)))
        return figures, marks

    def keeps_laube(self, record: Mapping[str, Any]) -> bool:
        return bool(record.get("format", "small_big") == "small_big")

    def laube_by_deal(
        self, record: Mapping[str, Any], answer: Mapping[str, Any], count: int
    ) -> list[list[int] | None]:
        """The Laube of its running entries when the engine gives them, else its own small/big
        fold replayed over its deal answers (linear, where asking ``score_match`` for every
        prefix is quadratic)."""
        running = answer.get("running") or []
        if len(running) == count and all(isinstance(r, Mapping) and "laube" in r for r in running):
            return [list(r["laube"]) for r in running]
        players = int(record.get("players", 4))
        target_big = record.get("target_big")
        standing = start(players)
        out: list[list[int] | None] = []
        for index, figures in enumerate(answer.get("deals") or []):
            standing = award(
                standing, deal_figures(figures, index, ENGINE_FORMATS["small_big"], players), target_big
            )
            out.append(list(standing.laube))
        return out + [None] * (count - len(out))


SHEET_PART = KlammernSheet()

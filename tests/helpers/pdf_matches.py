"""Deterministic match documents for the PDF tests and the benchmark.

They are built as plain records (DEAL_RECORD.md); the figures the tests expect are the
engine's answers to them, never values computed here.
"""

from __future__ import annotations

from typing import Any

CONTRACTS = ("H", "D", "S", "C", "obenabe", "undenufe")
#: Trick points of one team, varied and never 1 or 156 (impossible totals, S8).
POINTS = (98, 57, 120, 64, 0, 157, 81, 75, 110, 40)


def schieber_deal(i: int) -> dict[str, Any]:
    contract = CONTRACTS[i % len(CONTRACTS)]
    forehand = i % 4 + 1
    deal: dict[str, Any] = {"forehand": forehand, "contract": contract, "pushed": i % 5 == 2}
    if i % 11 == 7:
        deal["points"] = {"team": forehand % 2 + 1, "match": True}
    else:
        deal["points"] = {"team": 1 + i % 2, "value": POINTS[i % len(POINTS)]}
    if i % 3 == 0:
        # A Dreiblatt in a suit that is never trump here (low cards, far from K/Q of trump).
        suit = "C" if contract != "C" else "D"
        deal["weis"] = {str(forehand): [[f"{suit}6", f"{suit}7", f"{suit}8"]]}
    if contract in ("H", "D", "S", "C") and i % 4 == 1:
        deal["stoeck"] = (forehand % 4) + 1
    return deal


def schieber_match(deals: int, target: int = 100_000, **extra: Any) -> dict[str, Any]:
    """A Schieber match of ``deals`` deals that does not end (the target is out of reach)."""
    return {
        "game": "schieber",
        "profile": "seed",
        "target": target,
        "deals": [schieber_deal(i) for i in range(deals)],
        **extra,
    }


def finished_schieber_match(score_match: Any, target: int = 1500) -> dict[str, Any]:
    """A Schieber match cut at the deal that decides it (asks the engine where that is)."""
    deals: list[dict[str, Any]] = []
    for i in range(200):
        deals.append(schieber_deal(i))
        answer = score_match({"game": "schieber", "target": target, "deals": deals})
        if answer["valid"] and answer["finished"]:
            return {"game": "schieber", "target": target, "deals": deals}
    raise AssertionError("the match never ended")


def klammern_deal(i: int, fmt: str) -> dict[str, Any]:
    forehand = i % 4 + 1
    declarer = (forehand + i % 2 - 1) % 4 + 1
    deal: dict[str, Any] = {
        "forehand": forehand,
        "trump": "SHDC"[i % 4],
        "declarer": declarer,
        "how": "orgi" if i % 3 else "kleines",
        "kontra": i % 7 == 3,
        "re": False,
        "melds": {},
        "bella": None,
        "points": {"team": 1 + i % 2, "value": (100, 60, 90, 120, 82, 130)[i % 6]},
        "revoke": None,
        "durchmarsch": None,
        "tricks": None,
    }
    return deal


def klammern_match(fmt: str, deals: int, **extra: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "game": "klammern",
        "players": 4,
        "format": fmt,
        "deals": [klammern_deal(i, fmt) for i in range(deals)],
        **extra,
    }
    if fmt == "liga":
        record.setdefault("target", 1000)
    return record

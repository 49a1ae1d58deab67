"""A Passe's game on the form: Schieber's deal entry (T6.1), its Weis shown only where they count."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from scorer.games.base import DealEntry
from scorer.games.schieber.deal import DEAL as SCHIEBER_DEAL


def counts(settings: Mapping[str, Any], key: str) -> bool:
    """Whether Weis (``weis``) or Stöck (``stoeck``) count in this Passe (T2.1: not by default)."""
    options = settings.get("options") or {}
    return bool(options.get(key, False))


#: Schieber's deal form and record; its meld section only where the Passe's options count Weis.
DEAL: DealEntry = dataclasses.replace(
    SCHIEBER_DEAL,
    melds=dataclasses.replace(
        SCHIEBER_DEAL.melds, seats=lambda settings: 4 if counts(settings, "weis") else 0
    )
    if SCHIEBER_DEAL.melds is not None
    else None,
)

"""A Passe's game on the form: Schieber's deal entry (T6.1), its Weis shown only where they count,
and the Slalom among the contracts where the Passe's options allow it (T2.3)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from rules_engine.tournament.options import SLALOM
from scorer.games.base import DealEntry, Form, Record, Settings
from scorer.games.passe.record import SLALOM_CHOICES, deal_record, slalom
from scorer.games.schieber.deal import DEAL as SCHIEBER_DEAL
from scorer.web import display
from scorer.web.posted import of_form

#: The Slalom's choices on the contract buttons, each the mode its first trick is played in (C5.1).


def counts(settings: Mapping[str, Any], key: str) -> bool:
    """Whether Weis (``weis``) or Stöck (``stoeck``) count in this Passe (T2.1: not by default)."""
    options = settings.get("options") or {}
    return bool(options.get(key, False))


def slalom_allowed(settings: Mapping[str, Any]) -> bool:
    """T2.3: option ``contracts`` lists the Slalom."""
    options = settings.get("options") or {}
    allowed = options.get("contracts") if isinstance(options, Mapping) else None
    return isinstance(allowed, list) and SLALOM in allowed


def prepare(form: Form, settings: Settings) -> None:
    SCHIEBER_DEAL.prepare(form, settings)
    if slalom_allowed(settings):
        deck = str(settings.get("deck") or "swiss")
        form.contract.choices = [
            *form.contract.choices,
            *((key, display.contract_name(slalom(start), deck)) for key, start in SLALOM_CHOICES.items()),
        ]


def record(form: Form, settings: Settings) -> Record:
    """The game's record the judged form states, by the builder the tablet runs too
    (:func:`scorer.games.passe.record.deal_record`)."""
    return deal_record(of_form(form), settings)


def fill(stored: Mapping[str, Any]) -> dict[str, Any]:
    data = SCHIEBER_DEAL.fill(stored)
    contract = stored.get("contract")
    if isinstance(contract, Mapping):
        data["contract"] = f"{SLALOM}_{contract.get('start')}"
    return data


#: Schieber's deal form and record; its meld section only where the Passe's options count Weis.
DEAL: DealEntry = dataclasses.replace(
    SCHIEBER_DEAL,
    prepare=prepare,
    record=record,
    fill=fill,
    melds=dataclasses.replace(
        SCHIEBER_DEAL.melds, seats=lambda settings: 4 if counts(settings, "weis") else 0
    )
    if SCHIEBER_DEAL.melds is not None
    else None,
)

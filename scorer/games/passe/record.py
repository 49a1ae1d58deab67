"""A Passe game's record from the table's deal form (Schieber's, T6.1, with the Slalom where
T2.3's option allows it) and the match-level fields of the app's record of a Passe: standard
library, ``rules_engine`` and the app's pure modules only, so that the server (after WTForms has
judged a form) and the tablet (under Pyodide, without network) build the very same records and
judge them alike (:func:`score`, the Passe's own answer)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.tournament.options import SLALOM
from scorer.games.passe.engine import score as score
from scorer.games.records import present
from scorer.games.schieber.record import deal_record as schieber_deal_record
from scorer.web import posted
from scorer.web.posted import N_, Fields, Record

#: Match-level settings copied into the app's record of the Passe.
MATCH_FIELDS = ("profile", "options", "seats", "first_forehand")
#: The deal form's Slalom choices (T2.3) and the mode each opens with.
SLALOM_CHOICES = {"slalom_obenabe": "obenabe", "slalom_undenufe": "undenufe"}


def slalom(start: str) -> Record:
    """The Slalom as COIFFEUR.md writes its contract, which the Passe record takes (T2.3)."""
    return {"type": SLALOM, "start": start}


def deal_record(fields: Fields, settings: Mapping[str, Any]) -> Record:
    """Schieber's deal record, with the Slalom's object where a Slalom was chosen (its first mode
    stands in while the fields are read).

    :raises ShapeError: a field the deal form refuses.
    """
    start = SLALOM_CHOICES.get(str(fields.get("contract")))
    if start is None:
        return schieber_deal_record(fields, settings)
    stated = schieber_deal_record({**fields, "contract": start}, settings)
    stated["contract"] = slalom(start)
    return stated


def match_fields(settings: Mapping[str, Any]) -> Record:
    """The app's record's match-level fields of these settings (``game`` and ``deals`` aside)."""
    return present(settings, MATCH_FIELDS)


def setup_settings(fields: Fields) -> Record:
    """A Passe is drawn by its event, or set up, with the network: the tablet goes on with a
    Passe it knows and starts none (``Offline.born`` is empty).

    :raises ShapeError: always.
    """
    raise posted.ShapeError("game", N_("A Passe is set up with the network; it then goes on without."))

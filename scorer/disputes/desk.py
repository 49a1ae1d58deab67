"""The game's part of the desk, found through the registry (:class:`scorer.games.disputes.DisputesPart`)."""

from __future__ import annotations

from flask_babel import gettext as _

from scorer import games
from scorer.games.disputes import ClaimsQuestion, DisputesPart
from scorer.games.ruling import Unreadable

__all__ = ["ClaimsQuestion", "DisputesPart", "check_contract", "desk"]


def desk(game: str, field: str = "game") -> DisputesPart:
    """The desk of ``game``.

    :raises Unreadable: a game the app does not know (on ``field``).
    """
    try:
        part = games.game(game).disputes
    except games.UnknownGame:
        part = None
    if part is None:
        raise Unreadable(field, _("Unknown game %(game)s.", game=str(game)))
    return part


def check_contract(game: DisputesPart, key: str) -> None:
    """:raises Unreadable: ``key`` is no contract of the game (on ``contract``)."""
    if key not in game.contracts:
        raise Unreadable("contract", _("Choose the contract."))

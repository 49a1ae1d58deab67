"""Klammern (rules/KLAMMERN.md): two to four players, clockwise (K1.3), three formats."""

from __future__ import annotations

from scorer.games.base import built_on_first_read

__getattr__ = built_on_first_read(__name__)

"""Schieber (rules/SCHIEBER.md): four players in two teams, counter-clockwise (S2.2)."""

from __future__ import annotations

from scorer.games.base import built_on_first_read

__getattr__ = built_on_first_read(__name__)

"""Coiffeur (rules/COIFFEUR.md): Schieber's cards played down a grid of contracts, two teams."""

from __future__ import annotations

from scorer.games.base import built_on_first_read

__getattr__ = built_on_first_read(__name__)

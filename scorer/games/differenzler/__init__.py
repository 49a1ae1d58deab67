"""Differenzler (rules/DIFFERENZLER.md): three or four players alone, each estimating his points."""

from __future__ import annotations

from scorer.games.base import built_on_first_read

__getattr__ = built_on_first_read(__name__)

"""Schieber (SCHIEBER.md): public entry points of the game."""

"""Klammern (KLAMMERN.md): public entry points of the game."""

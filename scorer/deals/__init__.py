"""Deals: enter one, correct one (a new version), undo the last entry."""

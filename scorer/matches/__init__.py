"""Matches: the list, a new match, the match screen, export and import."""

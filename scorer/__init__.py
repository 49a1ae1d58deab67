"""Tafel's table app (Flask). Arrives with issue #4."""

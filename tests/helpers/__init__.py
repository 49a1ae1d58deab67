"""Helpers the tests import: plain modules, never test modules and never conftest files.

Fixtures live in ``tests/conftest.py`` (and a folder's own ``conftest.py`` for what only
that folder uses); what a fixture cannot be (a function called with arguments, a constant,
a Hypothesis strategy) lives here.
"""

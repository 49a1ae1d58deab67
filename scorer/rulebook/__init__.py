"""The rule book: every rule with its full text, in the user's language, at ``/rules``."""

"""Engine reasons as sentences for the player (issue 6 adds the translated templates).

A reason carries its rule id, a stable ``code`` and ``params``; a translated template per
code is looked up here, formatted with the named params after translation.
"""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l

#: code -> translatable template with the engine's named placeholders. Filled by issue 6;
#: a code missing here shows the engine's English message.
TEMPLATES: dict[str, Any] = {
    "engine_failure": _l("The rules engine could not judge this record."),
}


def translated(error: dict[str, Any]) -> str:
    """The reason in the reader's language: the app's own codes here, the engine's codes
    through ``scorer.web.reason_texts`` (issue 6), else the message as given."""
    template = TEMPLATES.get(str(error.get("code")))
    if template is not None:
        try:
            return str(template) % dict(error.get("params") or {})
        except (KeyError, TypeError, ValueError):
            pass
    if error.get("rule"):
        try:
            from scorer.web.reason_texts import sentence
        except ImportError:  # the language layer is optional for the table app
            pass
        else:
            return sentence(error)
    return str(error.get("message") or error.get("code") or "")

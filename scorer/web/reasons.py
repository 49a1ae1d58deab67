"""Engine reasons as sentences for the player, in the reader's language.

A reason carries its rule id, a stable ``code`` and ``params``; a translated template per
code is looked up here, formatted with the named params after translation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import lazy_gettext as _l

from scorer.web.reason_texts import sentence

#: The app's own codes -> translatable template with named placeholders; the engine's codes
#: are translated by :mod:`scorer.web.reason_texts`.
TEMPLATES: dict[str, Any] = {
    "engine_failure": _l("The rules engine could not judge this record."),
}


def reason_text(error: Mapping[str, Any]) -> str:
    """An engine reason as a sentence for the player, in the reader's language: the app's own
    codes here, the engine's codes through ``scorer.web.reason_texts`` (from its rule id, code
    and params), else the engine's English message as given."""
    template = TEMPLATES.get(str(error.get("code")))
    if template is not None:
        try:
            return str(template) % dict(error.get("params") or {})
        except (KeyError, TypeError, ValueError):
            pass
    if error.get("rule"):
        return sentence(error)
    return str(error.get("message") or error.get("code") or "")

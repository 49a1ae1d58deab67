"""WTForms' HTML attributes, written without ``Markup.format``.

``wtforms.widgets.core.html_params`` builds each attribute with ``Markup.format``, whose
escaping formatter is pure Python: about 95 µs for an input's eight attributes on this
machine, and a deal form renders some thirty of them (bench/load.py). This is
the same function with the same output (tests/app/test_widgets.py compares the two on
generated attributes), built with plain string operations; ``install`` puts it where
WTForms' widgets look it up.
"""

from __future__ import annotations

from typing import Any

import wtforms.widgets.core
from markupsafe import Markup, escape
from wtforms.widgets.core import clean_key  # type: ignore[attr-defined]  # WTForms 3.3's, newer than its stubs

#: WTForms' own, kept for the equivalence test.
original_html_params = wtforms.widgets.core.html_params


def html_params(**kwargs: Any) -> Markup:
    params = []
    for key, value in sorted(kwargs.items()):
        key = clean_key(key)
        if value is True:
            params.append(str(escape(key)))
        elif value is not False:
            # As WTForms: the value escaped (or its own __html__), then any quote left in it.
            params.append(f'{escape(key)}="{str(escape(value)).replace(chr(34), "&quot;")}"')
    return Markup(" ".join(params))


def install() -> None:
    """Into the module (selects, text areas) and the classes that keep their own reference
    (``Input`` and ``SubmitInput`` as a static method)."""
    wtforms.widgets.core.html_params = html_params
    for widget in vars(wtforms.widgets.core).values():
        if isinstance(widget, type) and "html_params" in vars(widget):
            setattr(widget, "html_params", staticmethod(html_params))  # noqa: B010  (a class found at run time)

"""The entry panel's and the undo buttons' inputs are written by ``input_tag``: the same
element WTForms' widget draws for the same field and keywords, attribute for attribute."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from scorer import games
from scorer.web.forms import UndoForm
from scorer.web.views import input_tag

KEYWORDS: list[dict[str, Any]] = [
    {},
    {"class_": "big-input", "autofocus": True, "enterkeyhint": "done", "aria-label": "Points"},
    {"id": "other-id", "data_pad": "", "placeholder": 'e.g. "50" <20>', "readonly": False},
]


@pytest.mark.parametrize("game", ["schieber", "klammern", "passe"])
def test_every_input_of_a_deal_form_is_drawn_as_its_widget_draws_it(app: Flask, game: str) -> None:
    with app.test_request_context("/", method="POST", data={"points": "57", "weis_values_1": "20 50"}):
        form = games.registry()[game].deal.form()
        drawn = 0
        for field in form:
            if field.widget.__class__.__name__ not in ("TextInput", "HiddenInput", "CheckboxInput"):
                continue
            for keywords in KEYWORDS:
                assert str(input_tag(field, **keywords)) == str(field(**keywords)), field.name
            drawn += 1
        assert drawn >= 3


def test_the_undo_buttons_tokens_are_drawn_as_their_widgets_draw_them(app: Flask) -> None:
    app.config["WTF_CSRF_ENABLED"] = True
    with app.test_request_context("/"):
        form = UndoForm(formdata=None, version="12")
        form.fresh_key()
        for field in (form.csrf_token, form.version, form.idem):
            assert str(input_tag(field)) == str(field()), field.name
            assert str(input_tag(field, id="redo-x")) == str(field(id="redo-x")), field.name

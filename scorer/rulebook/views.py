"""The rule book (``/rules``): every rule of both games with its full text, anchored by id (``#S4.4``).

Registered under the blueprint name ``rules`` so that ``url_for("rules.book")`` and every
rule link of the app land here; the app's placeholder of the same name then steps aside
(``scorer.create_app``). The texts come from ``rules/`` in the user's language, rule by rule
falling back to English (:mod:`scorer.rulebook.book`).
"""

from __future__ import annotations

from flask import Blueprint, render_template
from flask_babel import get_locale

from scorer.rulebook import book

bp = Blueprint("rules", __name__, url_prefix="/rules")


@bp.get("", endpoint="book")
def show_book() -> str:
    language = str(get_locale() or "en")
    books = [book.book(game, language) for game in book.games()]
    return render_template(
        "rules/book.html",
        books=books,
        render_rule=book.render,
        render_inline=book.inline,
        language=language,
    )

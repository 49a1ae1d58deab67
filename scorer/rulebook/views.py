"""The rule book: ``/rules`` lists every game's rules by id, ``/rules/<game>`` holds one game's
rule file with every rule's full text, anchored by id (``/rules/<game>#S4.4``).

One page per game: four rule files with their worked examples are far more than one page
may weigh. The list at ``/rules`` anchors every id too, so a link to ``/rules#S4.4`` still
lands on that rule's line, one click from its text.

Registered under the blueprint name ``rules`` so that ``url_for("rules.book")`` and every
rule link of the app land here; the app's placeholder of the same name then steps aside
(``scorer.create_app``). The texts come from ``rules/`` in the user's language, rule by rule
falling back to English (:mod:`scorer.rulebook.book`).
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, url_for
from flask_babel import get_locale
from markupsafe import Markup

from scorer import games as registry
from scorer.rulebook import book

bp = Blueprint("rules", __name__, url_prefix="/rules")


def rule_url(rule: str | None) -> str | None:
    """Where a cited rule is read: its game's page of the rule book (``/rules/<game>#S4.4``);
    an id no rule file numbers, the book's list (``/rules#X1``)."""
    if not rule:
        return None
    game = book.game_of(rule)
    if game is None:
        return url_for("rules.book") + "#" + rule
    return url_for("rules.game", game=game) + "#" + rule


bp.add_app_template_global(rule_url, "rule_url")


def _language() -> str:
    return str(get_locale() or "en")


@bp.get("", endpoint="book")
def show_index() -> str:
    language = _language()
    books = [book.book(game, language) for game in book.games()]
    return render_template(
        "rules/index.html", books=books, titles=_titles(), render_inline=book.inline, language=language
    )


def _titles() -> dict[str, str]:
    """Each game's name in the reader's language (a rule file's own title may be English yet)."""
    return {game: registry.game(game).title() for game in book.games()}


@bp.get("/<game>", endpoint="game")
def show_game(game: str) -> str:
    if game not in book.games():
        abort(404)
    language = _language()
    base = url_for("rules.book")

    def render_rule(text: str) -> Markup:
        return book.render(text, base, here=game)

    return render_template(
        "rules/book.html",
        books=[book.book(game, language)],
        titles=_titles(),
        render_rule=render_rule,
        render_inline=book.inline,
        language=language,
    )

"""A placeholder rule book: every rule id the app cites, as an anchor (``/rules#S4.4``).

The dispute desk (issue 7) brings the full rule book; when it registers its own ``rules``
blueprint this one steps aside (see ``scorer.create_app``).
"""

from __future__ import annotations

from flask import Blueprint, render_template

from scorer import rulebook

bp = Blueprint("rules", __name__, url_prefix="/rules")


@bp.get("")
def book() -> str:
    return render_template("rules/placeholder.html", schieber=rulebook.SCHIEBER, klammern=rulebook.KLAMMERN)

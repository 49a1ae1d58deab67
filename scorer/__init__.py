"""Tafel's table app: keep the score of a Jass match on a tablet, run a club evening or a tournament.

``create_app`` is the only way to get an app (no module-level app, no hard-coded secret):
tests pass ``test_config``; a server's workers call ``served_app``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app: configuration, database, languages, blueprints."""
    # Flask is imported here, not at the top: the PDFs and the command line's pads import
    # this package without the web stack.
    from flask import Flask

    app = Flask(
        __name__,
        instance_relative_config=True,
        static_folder="static",
    )
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    from scorer.web.formbody import TafelRequest

    app.request_class = TafelRequest

    from scorer import config

    app.config.from_mapping(config.defaults(app))
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("TAFEL")
        if os.environ.get("DATABASE_URL"):
            app.config["DATABASE_URL"] = os.environ["DATABASE_URL"]
        if os.environ.get("TAFEL_ADMIN_PASSWORD"):
            # As typed: from_prefixed_env would read "1234" or "true" as JSON, not as text.
            app.config["ADMIN_PASSWORD"] = os.environ["TAFEL_ADMIN_PASSWORD"]
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = config.instance_secret_key(app)

    from scorer.access import rights, seats
    from scorer.store import db, migrate
    from scorer.web import assets, i18n, security, views
    from scorer.web.routing import DatabaseId

    # A number past the id columns' range in an address is no match (404), rather than
    # an overflow in the database driver (500).
    app.url_map.converters["int"] = DatabaseId

    db.init_app(app)
    i18n.init_app(app)
    migrate.init_app(app)
    views.init_app(app)
    security.init_app(app)
    rights.init_app(app)
    assets.init_app(app)

    from scorer import games
    from scorer.access import views as access_pages
    from scorer.api import views as api
    from scorer.deals import views as deals
    from scorer.disputes import views as disputes
    from scorer.events import closing as event_closing
    from scorer.events import devices as event_devices
    from scorer.events import exports as event_exports
    from scorer.events import held as event_held
    from scorer.events import office as event_office
    from scorer.events import refresher as event_refresher
    from scorer.events import views as events
    from scorer.games.board import TableAccess
    from scorer.matches import kept, live, matchview
    from scorer.matches import views as matches
    from scorer.offline import views as offline
    from scorer.rulebook import views as rule_book
    from scorer.season import club_views
    from scorer.season import views as season
    from scorer.sheets import views as sheets

    for feature in (
        matches,
        live,
        deals,
        sheets,
        access_pages,
        rule_book,
        disputes,
        api,
        events,
        offline,
        season,
    ):
        app.register_blueprint(feature.bp)
    app.register_blueprint(event_office.bp)
    app.register_blueprint(event_devices.bp)
    app.register_blueprint(event_exports.bp)
    app.register_blueprint(event_closing.bp)
    app.register_blueprint(event_held.bp)
    app.register_blueprint(club_views.bp)
    event_refresher.init_app(app, create_app)
    sheets.init_app(app)
    kept.init_app(app)
    games.init_app(
        app,
        TableAccess(
            matchview.load, rights.may_edit, rights.refused_no_right, seats.holds, seats.link, seats.held
        ),
    )
    api.init_app(app)
    return app


def served_app() -> Flask:
    """The app as a server's worker runs it (``scorer.web.serving``): built, then the worker
    readied (``ready_worker``)."""
    app = create_app()
    ready_worker()
    return app


def ready_worker() -> None:
    """What a server's worker does once, after its app is built and before its first request:
    the PDFs' fonts read (no reader's first printout pays for it), then the worker's garbage
    collector and thread switching set for serving (``scorer.web.collector``), which freezes
    what the worker holds by then."""
    from scorer.sheets.pdf.fonts import FontMissing, register_fonts
    from scorer.web import collector

    try:
        register_fonts()
    except FontMissing:
        pass  # a printout says so when asked for; the rest of the app serves
    collector.tune()

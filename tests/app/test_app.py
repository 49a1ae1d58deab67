"""The app as a whole: factory, configuration, migrations, page weight, no external requests."""

from __future__ import annotations

import multiprocessing
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, inspect

from scorer import create_app
from scorer.matches.matchview import SHOWN_DEALS
from scorer.store.migrate import upgrade
from scorer.store.models import Base
from tests.helpers.tablet import counts, deal_form, new_klammern, new_schieber, post_deal

PAGE_LIMIT = 100 * 1024
#: A first visit over a card table's Wi-Fi: the page and everything it loads, as sent.
DOWNLOAD_LIMIT = 50 * 1024


def test_secret_key_generated_once_and_kept(tmp_path: Path) -> None:
    app = Flask("probe", instance_path=str(tmp_path))
    from scorer.config import instance_secret_key

    key = instance_secret_key(app)
    assert key == instance_secret_key(app) and len(key) == 64  # kept, not regenerated
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0


def _worker_key(instance: str, together: Any, keys: Any) -> None:
    import secrets

    from scorer.config import instance_secret_key

    made = secrets.token_hex

    def token_hex(nbytes: int) -> str:
        # Every worker has looked for a kept key, found none, and makes one: the moment two
        # workers meet when they start at once on a new instance folder.
        together.wait()
        return made(nbytes)

    secrets.token_hex = token_hex
    keys.put(instance_secret_key(Flask("worker", instance_path=instance)))


def test_workers_started_together_sign_with_one_secret_key(tmp_path: Path) -> None:
    """A server's workers all start at once on a new instance folder: a worker signing with a
    key of its own would refuse every form and session the others gave out."""
    context = multiprocessing.get_context("fork")
    workers = 8
    together, keys = context.Barrier(workers, timeout=20), context.Queue()
    processes = [
        context.Process(target=_worker_key, args=(str(tmp_path), together, keys)) for _ in range(workers)
    ]
    for process in processes:
        process.start()
    found = {keys.get(timeout=30) for _ in processes}
    for process in processes:
        process.join(timeout=30)
    assert found == {(tmp_path / "secret_key").read_text(encoding="utf-8").strip()}
    assert [path.name for path in tmp_path.iterdir()] == ["secret_key"]  # no half-made key left


def test_an_empty_kept_key_is_replaced(tmp_path: Path) -> None:
    from scorer.config import instance_secret_key

    (tmp_path / "secret_key").write_text("", encoding="utf-8")
    key = instance_secret_key(Flask("probe", instance_path=str(tmp_path)))
    assert len(key) == 64 and (tmp_path / "secret_key").read_text(encoding="utf-8").strip() == key


def test_configured_secret_key_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    app = create_app({"SECRET_KEY": "from-config", "DATABASE_URL": f"sqlite:///{tmp_path}/x.sqlite"})
    assert app.config["SECRET_KEY"] == "from-config"


def test_database_url_from_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/env.sqlite"
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("TAFEL_SECRET_KEY", "env-secret")
    app = create_app()
    assert app.config["DATABASE_URL"] == url
    assert app.config["SECRET_KEY"] == "env-secret"
    app.extensions["tafel_engine"].dispose()


def test_default_database_is_sqlite_in_the_instance_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    app = create_app({"SECRET_KEY": "x"})
    assert app.config["DATABASE_URL"] == "sqlite:///" + str(Path(app.instance_path) / "tafel.sqlite")
    app.extensions["tafel_engine"].dispose()


def test_migrations_make_the_models_schema(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/m.sqlite"
    upgrade(url)
    engine = create_engine(url)
    inspector = inspect(engine)
    for table in Base.metadata.sorted_tables:
        migrated = {c["name"] for c in inspector.get_columns(table.name)}
        assert migrated == {c.name for c in table.columns}, table.name
    uniques = {tuple(u["column_names"]) for u in inspector.get_unique_constraints("entry")}
    assert ("match_id", "seq") in uniques and ("idempotency_key",) in uniques
    engine.dispose()
    from alembic import command

    from scorer.store.migrate import alembic_config

    command.check(alembic_config(url))  # raises when the models and the migrations disagree


def test_db_upgrade_is_a_command(tmp_path: Path) -> None:
    app = create_app({"SECRET_KEY": "x", "DATABASE_URL": f"sqlite:///{tmp_path}/cli.sqlite"})
    result = app.test_cli_runner().invoke(args=["db-upgrade"])
    assert result.exit_code == 0, result.output
    assert "head" in result.output
    assert "entry" in inspect(create_engine(f"sqlite:///{tmp_path}/cli.sqlite")).get_table_names()


def all_pages(client: FlaskClient) -> list[str]:
    schieber = new_schieber(client)
    for n in range(3):
        post_deal(client, schieber, {"forehand": n % 4 + 1, "contract": "H", "team": 1, "points": 98})
    klammern = new_klammern(client)
    post_deal(
        client,
        klammern,
        {"forehand": 1, "declarer": 1, "trump": "S", "how": "orgi", "team": 1, "points": 100},
    )
    return [
        "/matches/",
        "/matches/new",
        "/matches/new/schieber",
        "/matches/new/klammern",
        "/matches/import",
        "/rules",
        "/rules/schieber",
        "/rules/klammern",
        "/rules/coiffeur",
        "/rules/differenzler",
        f"/matches/{schieber}",
        f"/matches/{schieber}?view=board",
        f"/matches/{schieber}/deals/new",
        f"/matches/{schieber}/deals/1/correct",
        f"/matches/{klammern}",
        f"/matches/{klammern}/deals/new",
        f"/matches/{klammern}/deals/1/correct",
    ]


@pytest.mark.slow
def test_every_page_with_its_css_and_js_under_100_kb(client: FlaskClient) -> None:
    """Two budgets: what a tablet's browser downloads for a page (as served to it, compressed),
    and the page with the app's own CSS and JS as written. The vendored libraries (htmx) come
    minified and are cached for a year under their hashed URL: they count in the first only."""
    gzip = {"Accept-Encoding": "gzip"}
    for url in all_pages(client):
        response = client.get(url)
        assert response.status_code == 200, url
        page = response.get_data(as_text=True)
        written = len(response.data)
        downloaded = len(client.get(url, headers=gzip).data)
        for asset in re.findall(r'(?:href|src)="(/static/[^"]+)"', page):
            with client.get(asset, headers=gzip) as static:
                downloaded += len(static.data)
            if not asset.startswith("/static/vendor/"):
                with client.get(asset) as static:
                    written += len(static.data)
        assert downloaded < DOWNLOAD_LIMIT, f"{url}: {downloaded} bytes downloaded"
        assert written < PAGE_LIMIT, f"{url}: {written} bytes"


@pytest.mark.slow
def test_no_request_leaves_the_machine(client: FlaskClient) -> None:
    for url in all_pages(client):
        page = client.get(url).get_data(as_text=True)
        assert not re.search(r'(?:src|href|action)="(?:https?:)?//', page), url
        assert "<script>" not in page and " on" + "click=" not in page  # no inline script (CSP-ready)
    with client.get("/static/tafel.css") as response:
        css = response.get_data(as_text=True)
    assert "url(" not in css and "@import" not in css


@pytest.mark.slow
def test_numeric_keypads_and_csrf_on_every_form(client: FlaskClient) -> None:
    for url in all_pages(client):
        page = client.get(url).get_data(as_text=True)
        for form in re.findall(r"<form[^>]*method=\"post\".*?</form>", page, re.S):
            assert 'name="csrf_token"' in form, url
        for field in re.findall(r'<input[^>]*name="(?:points|target|side_\d|revoke_\d)"[^>]*>', page):
            assert 'inputmode="numeric"' in field, (url, field)


@pytest.mark.slow
def test_engine_failure_is_a_form_error_not_a_500(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = new_schieber(client)
    form = deal_form(client, match_id)

    def broken(record: object) -> dict[str, object]:
        raise RuntimeError("engine bug")

    import scorer.scoring

    monkeypatch.setattr(scorer.scoring.rules_engine, "score_match", broken)
    monkeypatch.setattr(
        scorer.scoring.rules_engine, "resume_match", lambda record, state=None: broken(record)
    )
    scorer.scoring.forget()
    response = client.post(
        f"/matches/{match_id}/deals/new",
        data={**form, "forehand": "1", "contract": "D", "team": "1", "points": "77"},
    )
    assert response.status_code in (302, 422)
    page = client.get(f"/matches/{match_id}")
    assert page.status_code == 200 and "could not judge" in page.get_data(as_text=True)
    assert client.get(f"/matches/{match_id}/deals/new").status_code == 302
    assert client.get("/matches/").status_code == 200
    assert counts(app) == (1, 0)
    scorer.scoring.forget()


@pytest.mark.slow
@pytest.mark.parametrize("language", ["de_CH", "fr_CH", "it_CH", "en", "sv", "fa"])
def test_every_page_renders_in_every_language(client: FlaskClient, language: str) -> None:
    pages = all_pages(client)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language.replace("_", "-")
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, (language, url)
        assert f'lang="{language.replace("_", "-")}"' in response.get_data(as_text=True)
    # a rejection in that language still names the rule
    from tests.helpers.tablet import post_deal as post

    response = post(client, 1, {"forehand": 1, "contract": "H", "team": 1, "points": 156})
    assert response.status_code == 422 and 'href="/rules/schieber#S8"' in response.get_data(as_text=True)


@pytest.mark.slow
def test_a_60_deal_match_page_stays_under_100_kb(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client, target=100000)
    deal = {
        "forehand": 1,
        "contract": "H",
        "pushed": False,
        "points": {"team": 1, "value": 98},
        "weis": {"1": [["H6", "H7", "H8"]], "2": [["CJ", "DJ", "HJ", "SJ"]]},
        "stoeck": 3,
    }
    with app.app_context():
        from scorer.store import db
        from scorer.store.models import Entry

        session = db.session()
        for seq in range(1, 61):
            session.add(Entry(match_id=match_id, seq=seq, kind="deal", record=deal))
        session.add(Entry(match_id=match_id, seq=61, kind="correction", target_seq=1, record=deal))
        session.commit()
    # The whole list too: "show all" lists every deal (matchview.SHOWN_DEALS by default).
    for url in (f"/matches/{match_id}", f"/matches/{match_id}?view=board", f"/matches/{match_id}?deals=all"):
        response = client.get(url)
        listed = response.get_data(as_text=True).count('<tr id="deal-')
        assert listed == {"?view=board": 0, "?deals=all": 60}.get(url[url.find("?") :], SHOWN_DEALS)
        with client.get("/static/tafel.css") as css, client.get("/static/tafel.js") as js:
            assert len(response.data) + len(css.data) + len(js.data) < PAGE_LIMIT, url


@pytest.mark.slow
def test_every_page_names_the_apps_icon(client: FlaskClient) -> None:
    # Without it a browser asks for /favicon.ico, which the app does not serve: a 404 in the
    # console of every page.
    for url in all_pages(client):
        page = client.get(url).get_data(as_text=True)
        icon = re.search(r'<link rel="icon" href="(/static/[^"]+)"', page)
        assert icon, url
        with client.get(icon.group(1)) as served:
            assert served.status_code == 200 and served.mimetype == "image/svg+xml"

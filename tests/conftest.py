"""Fixtures of every test folder, as in Flask's tutorial: ``app``, ``client``, ``runner``,
and a ``tablet`` that creates matches and enters deals through the pages.

Each test's app has a migrated database of its own (``tests/helpers/database.py``: SQLite,
or PostgreSQL under ``scripts/with-postgres.sh``). A folder changes the app's configuration
by overriding ``app_config`` (e.g. a club administrator's password).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from hypothesis import HealthCheck, settings
from werkzeug.routing.rules import Rule

from scorer import create_app
from tests.helpers.browser import CHROMIUM, LAUNCH_ARGS
from tests.helpers.database import fresh_database
from tests.helpers.tablet import MakeApp, Tablet, english

# Property tests run on a shared machine: a deadline measures the machine's load, not the
# code (the Klammern match properties missed it under load), so no profile has one.
# HYPOTHESIS_PROFILE=dev (make check) tries fewer examples where a test does not set its own
# number; ci (the default, make test) tries Hypothesis's usual hundred.
settings.register_profile("ci", deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, max_examples=10, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def _compile_each_url_builder_once() -> None:
    """Werkzeug compiles a builder function for each URL rule of each app (``ast`` and
    ``compile``: about 30 of the 40 ms of CPU a test's app costs to make), and every test makes
    an app of the same rules. The builder is a pure function of the rule's text, its parsed
    parts and its defaults (it is handed the rule as its first argument), so one per such key
    serves every app of the test process. Only the test process does this: a server makes its
    app once."""
    compile_builder = getattr(Rule, "_compile_builder", None)
    if compile_builder is None:  # another Werkzeug: make each app the slow way
        return
    builders: dict[tuple[Any, ...], Any] = {}

    def kept(rule: Rule, append_unknown: bool = True) -> Any:
        defaults = sorted((name, repr(value)) for name, value in (rule.defaults or {}).items())
        key = (rule.rule, tuple(rule._trace), tuple(defaults), append_unknown)
        builder = builders.get(key)
        if builder is None:
            builder = builders[key] = compile_builder(rule, append_unknown)
        return builder

    Rule._compile_builder = kept  # type: ignore[method-assign,assignment]


_compile_each_url_builder_once()


#: Modules whose tests share a module- or session-scoped fixture that costs seconds to make (a
#: Chromium and a server, the oracles' thousands of positions and games, Pyodide in Node): under
#: `make test` each goes to one worker whole, which makes it once. The accessibility checks are
#: left to spread, one language a worker.
SHARED_SET_UP = (
    "tests/browser/",
    "tests/i18n/test_screenshots.py",
    "tests/oracles/test_belote_legal.py",
    "tests/oracles/test_belote_scores.py",
    "tests/oracles/test_jasskit_games.py",
    "tests/oracles/test_jasskit_legal.py",
    "tests/offline/test_engine_parity.py",
)
SPREAD = ("tests/browser/test_accessibility.py",)


class SharedSetUpPlugin:
    """Registered only where xdist is loaded (``-p no:xdist`` knows no scheduler hook)."""

    @staticmethod
    def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
        """``--dist loadgroup`` as `make test` runs it: xdist's ``load``, which hands each worker
        the tests by their index as it becomes free, two at a time (so one test of a minute is never
        queued behind another), in the order of collection (see pytest_collection_modifyitems), but
        a module in ``SHARED_SET_UP`` goes to one worker whole.

        Not xdist's own loadgroup: it groups by renaming the tests' node ids, which pytest 9 no
        longer sees, and schedules by node id, which runs only one of the Schemathesis tests (they
        share theirs)."""
        if config.getvalue("dist") != "loadgroup":
            return None
        from xdist.scheduler import LoadScheduling

        def shared(nodeid: str) -> str | None:
            module = nodeid.split("::")[0]
            return module if module.startswith(SHARED_SET_UP) and not module.startswith(SPREAD) else None

        class SharedSetUpScheduling(LoadScheduling):
            def __init__(self, config: pytest.Config, log: Any = None) -> None:
                super().__init__(config, log)
                if self.maxschedchunk is None:
                    self.maxschedchunk = 2

            def _send_tests(self, node: Any, num: int) -> None:
                # A shared module's tests are consecutive (pending is in collection order): a
                # batch that reaches into one takes the rest of it too.
                if self.collection is not None and 0 < num < len(self.pending):
                    group = shared(self.collection[self.pending[num - 1]])
                    while (
                        group is not None
                        and num < len(self.pending)
                        and shared(self.collection[self.pending[num]]) == group
                    ):
                        num += 1
                super()._send_tests(node, num)

        return SharedSetUpScheduling(config, log)


def pytest_configure(config: pytest.Config) -> None:
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(SharedSetUpPlugin(), "tafel-shared-set-up")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The order in which the xdist workers take the tests (``--dist loadgroup``, `make test`):
    the modules with browser tests first, then those with other slow
    tests, then the rest, each module's tests together and in their own order.
    The last tests of a run are then short ones: a test of a minute handed out at the end kept
    one worker busy while the others idled."""
    if not hasattr(config, "workerinput"):
        return  # one process: the order changes nothing

    def tier(item: pytest.Item) -> int:
        if item.get_closest_marker("browser") is not None:
            return 0
        return 1 if item.get_closest_marker("slow") is not None else 2

    module_tier: dict[str, int] = {}
    for item in items:
        module = item.nodeid.split("::")[0]
        module_tier[module] = min(module_tier.get(module, 2), tier(item))
    items.sort(key=lambda item: module_tier[item.nodeid.split("::")[0]])  # stable


@pytest.fixture
def database_url(tmp_path: Path) -> Iterator[str]:
    """An empty database at the migrations' head, used by this test alone."""
    directory = tmp_path / "database"
    directory.mkdir()
    with fresh_database(directory) as url:
        yield url


@pytest.fixture
def make_app(tmp_path: Path) -> Iterator[MakeApp]:
    """``make_app(url=None, **config)``: a test app on ``url``, or on a fresh database of its own."""
    made: list[Flask] = []
    with ExitStack() as databases:

        def make(url: str | None = None, **config: Any) -> Flask:
            if url is None:
                # mkdtemp: an app that refuses its configuration is never added to `made`.
                directory = Path(tempfile.mkdtemp(prefix="db-", dir=tmp_path))
                url = databases.enter_context(fresh_database(directory))
            app = create_app(
                {
                    "TESTING": True,
                    "SECRET_KEY": "test",
                    "DATABASE_URL": url,
                    "WTF_CSRF_ENABLED": True,
                    **config,
                }
            )
            made.append(app)
            return app

        try:
            yield make
        finally:
            # Engines go before their databases do.
            for app in made:
                app.extensions["tafel_engine"].dispose()


@pytest.fixture
def app_config() -> dict[str, Any]:
    """Configuration a folder's conftest adds to its tests' app."""
    return {}


@pytest.fixture
def app(database_url: str, make_app: MakeApp, app_config: dict[str, Any]) -> Flask:
    # database_url first: its database outlives the app's engine.
    return make_app(database_url, **app_config)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """The creating tablet's browser, reading English: the assertions quote the source strings."""
    return english(app)


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()


@pytest.fixture
def tablet(client: FlaskClient) -> Tablet:
    return Tablet(client)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (the browser and screenshot tests): one per test
    process, started by its first browser test, as pytest-playwright does; each test opens
    contexts of its own in it, so no test sees another's cookies, storage or service workers."""
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        # Never a silent skip: `make test` installs it (scripts/system-deps.sh).
        pytest.fail("Debian's chromium is not installed at /usr/bin/chromium (run scripts/system-deps.sh)")
    # Imported here: the tests without a browser never pay for Playwright.
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield WithoutServiceWorkers(browser)
        browser.close()


class WithoutServiceWorkers:
    """Chromium whose new contexts block service workers unless a test allows them: the
    offline app's worker keeps Pyodide (about 14 MB) when it installs, which every browser
    test would otherwise fetch from the test server. Such a context also never starts the
    offline engine (its worker's script is refused): an entering page readies it while idle,
    which costs a browser test's Chromium about a quarter of its CPU and checks nothing an
    online test asserts. The offline tests allow both."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        options.setdefault("service_workers", "block")
        context = self._browser.new_context(**options)
        if options["service_workers"] == "block":
            context.route("**/offline/engine-worker.mjs", lambda route: route.abort())
        return context

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)

"""The tablet-first checks every browser test makes of a page."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

#: Screenshots and traces the browser tests leave for a human to look at.
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
#: Debian's Chromium (scripts/system-deps.sh) and the flags VERIFIED.md records.
CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

#: Everything a finger taps on the table app's pages.
TABLE_TARGETS = (
    "button, .button, .chip, .small-button, select, "
    "input:not([type=hidden]):not([type=radio]):not([type=checkbox]), nav a, summary"
)


def check_layout(page: Any, targets: str = TABLE_TARGETS) -> None:
    """No horizontal scroll at 768 and 1024 wide; every visible touch target at least 44 px high."""
    # A click on a link may still be navigating: measure the page that arrives, not a blank one.
    page.wait_for_load_state("load")
    for width, height in ((768, 1024), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"horizontal scroll of {overflow}px at {width}x{height} on {page.url}"
    small = page.evaluate(
        """(targets) => [...document.querySelectorAll(targets)]
        .filter(e => e.offsetParent !== null)
        .map(e => [e.outerHTML.slice(0, 80), e.getBoundingClientRect().height])
        .filter(([_, h]) => h < 44)""",
        targets,
    )
    assert small == [], small
    page.set_viewport_size({"width": 768, "height": 1024})


#: The figures a player reads at the table: each deal's cells and running totals, row labels
#: (the columns' headers are the sides' names, not figures).
FIGURES = ".deals td, .deals tbody th, .deals .running, .deals .num small, .scoreboard .big-score"


def check_readable(page: Any, figures: str = FIGURES, least: float = 16.0) -> None:
    """Every visible figure a player reads at arm's length is set at ``least`` px or more."""
    small = page.evaluate(
        """([figures, least]) => [...document.querySelectorAll(figures)]
        .filter(e => e.offsetParent !== null && e.textContent.trim())
        .map(e => [e.outerHTML.slice(0, 60), parseFloat(getComputedStyle(e).fontSize)])
        .filter(([_, size]) => size < least)""",
        [figures, least],
    )
    assert small == [], small


def open_deal_form(page: Any) -> None:
    """Follow the match page's "Enter deal" link and wait for the deal form: the match page
    holds an entry panel with the same field names, so a test that filled fields before the
    navigation committed would fill the page being left."""
    with page.expect_navigation():
        page.click("a.enter-deal")


#: Where :func:`live_http_server`'s app keeps its answer for the handler.
_ANSWER = "tests.live_http_server.answer"


class _ClosingHandler(WSGIRequestHandler):
    """werkzeug's request handler, closing the app's answer when the browser hangs up mid-way.

    werkzeug closes an answer only after reading what is left of the request: when the browser
    had hung up, that read failed first and the answer (a static file's, its file open) was
    never closed; the file's ResourceWarning then failed whichever test the collector next
    ran in.
    """

    def connection_dropped(self, error: BaseException, environ: WSGIEnvironment | None = None) -> None:
        answer = (environ or {}).get(_ANSWER)
        if answer is not None and hasattr(answer, "close"):
            answer.close()


def enter_passe_game(page: Any, number: int, contract: str, points: int) -> None:
    """Game ``number`` of a Passe entered with the match screen's panel as a table does (the deal
    form's fields, team 1's trick points), answered in place."""
    panel = page.locator("form[data-deal-form]")
    panel.locator(f"input[name=contract][value={contract}]").check()
    panel.locator("input[name=team][value='1']").check()
    panel.locator("input[name=points]").fill(str(points))
    panel.locator("button.save-deal").click()
    page.wait_for_selector(f"#deal-{number}")


def live_http_server(app: WSGIApplication) -> BaseWSGIServer:
    """werkzeug's threaded server for ``app`` on 127.0.0.1, at a free port, for Chromium."""

    def keeping_answer(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        answer = app(environ, start_response)
        environ[_ANSWER] = answer
        return answer

    return make_server("127.0.0.1", 0, keeping_answer, threaded=True, request_handler=_ClosingHandler)


#: Two taps on Save ``gap`` ms apart, timed in the page (a busy test machine may take longer
#: than the gap between two of Playwright's clicks): the second finds Save where it is then.
TWO_TAPS = """(gap) => {
  const save = () => document.querySelector("form[data-deal-form] button.save-deal");
  save().click();
  return new Promise((done) => setTimeout(() => { save().click(); done(); }, gap));
}"""


def new_evening(page: Any, base: str, title: str, games: int, confirm: str, names: list[str]) -> str:
    """An event of one Passe of ``games`` games set up on its pages, ``names`` registered, its
    draw form in sight: the event's address."""
    page.goto(f"{base}/events/new")
    page.fill("input[name=title]", title)
    page.fill("input[name=passen]", "1")
    page.fill("input[name=games_per_passe]", str(games))
    page.select_option("select[name=confirm]", confirm)
    page.click("button[type=submit]")
    page.wait_for_selector("textarea[name=players]")
    event = str(page.url)
    page.fill("textarea[name=players]", "\n".join(names))
    page.click("form[action$='/players'] button[type=submit]")
    page.wait_for_selector("form.draw")
    return event


def scoreboard(page: Any) -> list[str]:
    """The scoreboard's figures as the match screen states them (``data-score``), side by side."""
    return [s.get_attribute("data-score") for s in page.locator(".scoreboard [data-score]").all()]


def start_match(page: Any, base: str, game: str, names: tuple[str, ...], **chosen: str) -> None:
    """A new match of ``game`` set up on its page, with the seats' ``names`` and the radio choices
    ``chosen`` (field -> value); the page waits on the match screen's entry panel."""
    page.goto(f"{base}/matches/new/{game}")
    for seat, name in enumerate(names, start=1):
        page.fill(f"input[name=name_{seat}]", name)
    for field, value in chosen.items():
        page.check(f"input[name={field}][value='{value}']")
    page.click("form button[type=submit]")
    page.wait_for_selector("form[data-deal-form]")
    # The panel is in the document before its stylesheet is applied: a loaded machine measured
    # the unstyled page (Save below the fold).
    page.wait_for_load_state("load")


def save_in_sight(page: Any) -> bool:
    """The entry panel's Save lies within the screen as it is: no scrolling to reach it."""
    box = page.locator("button.save-deal").bounding_box()
    return bool(box) and box["y"] + box["height"] <= page.viewport_size["height"]

"""The match screen rendered once per match version, for every viewer of it.

A match page differs from one viewer to the next only in a few places: a tablet that may
edit sees the entry panel, the undo and redo buttons, the "correct" links and the edit link,
each form with this request's CSRF token and fresh idempotency keys, and the last save's
message; a spectator sees none of these but the read-only note. Everything else (the
scoreboard, the deals, the header and footer) depends on the match's version, the
language and the address only.

So the page is rendered once per version, language and address as a *shared text*: the
tablet's parts between editor marks, the spectator's between spectator marks, and a hole for
each per-request value (tokens, keys, message, edit link). A request fills it: keeps its own
parts, drops the others', fills the holes. The save that makes a version renders it; the
tablets' and the spectators' pages of that version are filled from it (and the spectators'
page of the match's address is put into the page cache at once, so that they do not render
it again).

The edit link (it carries the match's edit secret) is never in the shared text: a hole,
filled on the tablet's page only. A browser that is neither a plain spectator nor a tablet
holding the right (the club administrator, a tablet of a voided match) and a panel sent back
with its errors are rendered directly, the marks resolved as they are rendered.
"""

from __future__ import annotations

import re
import secrets
import uuid
from typing import Any

from flask import current_app, request, session, url_for
from flask_wtf.csrf import generate_csrf
from jinja2 import pass_context
from markupsafe import Markup, escape

from scorer.deals import panel
from scorer.matches import matchview
from scorer.web import i18n, pagecache
from scorer.web.forms import settings_text
from scorer.web.memo import ByIdentity

_WORD = "tafelpart" + secrets.token_hex(8)
#: Marks around a part only a tablet that may edit sees, and around one only a spectator sees:
#: each the process's word and two letters of its own, so that no mark and the text beside
#: it can read as another mark.
EDITOR = (f"{_WORD}eo", f"{_WORD}ec")
SPECTATOR = (f"{_WORD}so", f"{_WORD}sc")
#: Holes filled per request (the entry panel's own holes are panel.HOLES).
HOLES = {name: f"{_WORD}h{name}" for name in ("undo_idem", "redo_idem", "saved", "edit_url")}
#: The match's version in a kept section of a shared text, filled as the text is made.
VERSION = f"{_WORD}v"
_TOKENS = sorted([*HOLES.values(), *(panel.HOLES[name] for name in ("csrf", "idem", "message"))], key=len)


def _pattern(hidden: tuple[str, str], shown: tuple[str, str]) -> re.Pattern[str]:
    """The opening mark of a part the viewer does not see, a mark of one it sees, or a hole."""
    tokens = [*shown, *reversed(_TOKENS), hidden[0]]  # a longer hole before one it begins with
    # Every mark and hole begins with "tafel": a pattern that does is searched for by that
    # literal (the regular expression engine skips to it), not tried at every character.
    common = "tafel"
    assert all(token.startswith(common) for token in [*tokens, hidden[1]])
    return re.compile(common + "(?:" + "|".join(re.escape(token[len(common) :]) for token in tokens) + ")")


_FOR_EDITOR = _pattern(SPECTATOR, EDITOR)
_FOR_SPECTATOR = _pattern(EDITOR, SPECTATOR)


@pass_context
def editor_only(context: Any, body: Markup) -> Markup:
    """``{% filter editor_only %}``: a part only a tablet that may edit sees (the template
    asks ``acc.may_edit`` around it; in a shared text it is marked for the fill)."""
    if context.get("shared_text"):
        return Markup(EDITOR[0]) + body + Markup(EDITOR[1])
    return body


@pass_context
def spectator_only(context: Any, body: Markup) -> Markup:
    """``{% filter spectator_only %}``: a part only a browser that may not edit sees."""
    if context.get("shared_text"):
        return Markup(SPECTATOR[0]) + body + Markup(SPECTATOR[1])
    return body


def saved_line(message: Any) -> Markup:
    """The last save's message where the screen shows no panel (a hole in a shared text)."""
    if message is None or message == "":
        return Markup("")
    if message == HOLES["saved"]:
        return Markup(message)
    return Markup('<p class="saved" role="status">') + escape(message) + Markup("</p>")


def page_path(match_id: int, board: bool, all_deals: bool) -> str:
    """The match page's address as a spectator asks for it (what the language links return to)."""
    query = "&".join(part for part, wanted in (("deals=all", all_deals), ("view=board", board)) if wanted)
    return f"/matches/{match_id}?{query}"


def shared_key(loaded: matchview.Loaded, board: bool, all_deals: bool) -> pagecache.Key:
    match = loaded.match
    return (
        # The marks and holes are this process's own words: a text kept where another
        # process may read it (a page store shared by the workers) is its own process's.
        f"match-screen {_WORD} {panel.HOLE_WORD}",
        match.id,
        str(match.created),
        loaded.state.version,
        settings_text(match.settings),
        i18n.current(),
        request.host_url,
        request.script_root,
        board,
        all_deals,
        bool(current_app.config.get("WTF_CSRF_ENABLED", True)),
    )


def role(acc: Any) -> str | None:
    """Whose page a shared text can give this browser: ``editor``, ``spectator``, or None
    (rendered directly: an administrator, a right on a voided match, a message waiting)."""
    if acc.admin or acc.void_form is not None or session.get("_flashes"):
        return None
    if acc.may_edit:
        return "editor" if acc.edit_url else None
    return "spectator" if acc.edit_url is None else None


def fill(text: str, editor: bool, *, message: str | None, edit_url: str | None) -> str:
    """This request's page from a shared text: one pass over it, each part or hole replaced."""
    if editor:
        csrf = generate_csrf() if current_app.config.get("WTF_CSRF_ENABLED", True) else ""
        values = {
            EDITOR[0]: "",
            EDITOR[1]: "",
            panel.HOLES["csrf"]: csrf,
            panel.HOLES["idem"]: uuid.uuid4().hex,
            HOLES["undo_idem"]: uuid.uuid4().hex,
            HOLES["redo_idem"]: uuid.uuid4().hex,
            panel.HOLES["message"]: str(escape(message)) if message else "",
            HOLES["saved"]: str(saved_line(message)),
            HOLES["edit_url"]: str(escape(edit_url or "")),
        }
        pattern = _FOR_EDITOR
    else:
        values = {SPECTATOR[0]: "", SPECTATOR[1]: "", HOLES["saved"]: ""}
        pattern = _FOR_SPECTATOR
    return _filled(text, pattern, SPECTATOR if editor else EDITOR, values)


def _filled(text: str, pattern: re.Pattern[str], hidden: tuple[str, str], values: dict[str, str]) -> str:
    """``text`` with each hidden part dropped (marks and all), each mark dropped and each hole
    filled. A hole the viewer has no value for (one of a tablet's, outside its parts) stays,
    and so does a hidden part's opening mark without its closing one: complete() refuses the page.

    A hidden part's end is found with ``str.find``: a lazy ``.*?`` in the pattern tried every
    character of the part (a tablet's panel, some ten thousand), which made the spectators'
    fill cost three times the tablet's."""
    opening, closing = hidden
    search = pattern.search
    parts: list[str] = []
    at = 0
    while (found := search(text, at)) is not None:
        start, end = found.span()
        parts.append(text[at:start])
        token = found.group()
        if token == opening:
            close = text.find(closing, end)
            if close >= 0:
                at = close + len(closing)
                continue
        parts.append(values.get(token, token))
        at = end
    parts.append(text[at:])
    return "".join(parts)


def complete(text: str) -> bool:
    """No mark or hole is left, of this process or any other (a fill that missed one must
    not be sent; a page that merely names the word is rendered for its viewer alone)."""
    return _WORD[:9] not in text and panel.HOLE_WORD[:9] not in text


#: Shared texts kept per app, at most this many: one per match version, language, address
#: and view; only the live matches' latest versions are read again (some 25 KB each).
TEXTS = 512


def texts() -> pagecache.PageCache[str]:
    """This app's shared texts in this process: they carry the process's own marks, so they
    are not put into the page cache (which may be shared by the workers)."""
    kept: pagecache.PageCache[str] | None = current_app.extensions.get("tafel_shared_texts")
    if kept is None:
        kept = current_app.extensions.setdefault("tafel_shared_texts", pagecache.PageCache[str](TEXTS))
    return kept


#: Rendered rows of the deal list, by the page they are on and their deal's own state.
_ROWS = pagecache.PageCache[str](4096)
#: The text of an engine's deal answer (a kept row's key), by the answer itself. A deal's
#: answer is one object from the scoring that made it on (the engine's state hands it to
#: every later record's answer, rules_engine.resume; answers are read-only), and repr() of a
#: page's twelve answers cost more than the rest of its rows' lookups.
_ANSWER_TEXTS = ByIdentity[str](8192)


def answer_text(answer: object) -> str:
    """``repr(answer)``, made once per answer object."""
    return _ANSWER_TEXTS.get(answer, lambda: repr(answer))


@pass_context
def kept_row(context: Any, row: matchview.Row, render: Any) -> Markup:
    """``render(row)`` (a template's macro), kept: a row shows its deal's record and the
    engine's answer to it (with the running score), and neither changes while the deal is
    not corrected and no earlier one is. A corrected deal's row (its history) is rendered."""
    return Markup(_kept_row(context.get("row_key"), row, render))


@pass_context
def kept_rows(context: Any, rows: list[matchview.Row], render: Any) -> Markup:
    """:func:`kept_row` of each of ``rows``, one after the other: one call from the template
    for the page's rows, not one each."""
    page = context.get("row_key")
    return Markup("".join([_kept_row(page, row, render) for row in rows]))


def _kept_row(page: pagecache.Key | None, row: matchview.Row, render: Any) -> str:
    if page is None or row.slot.corrected or row.slot.current is None:
        return str(render(row))
    key = (*page, row.index, row.slot.slot, row.slot.current.seq, answer_text(row.answer))
    html = _ROWS.get(key)
    if html is None:
        html = str(render(row))
        _ROWS.put(key, html)
    return html


#: Sections of shared texts (the buttons, the share section) kept across versions.
_SECTIONS = pagecache.PageCache[str](2048)


@pass_context
def kept_section(context: Any, name: str, render: Any, *depends: Any) -> Markup:
    """``render()`` (a partial's macro): in a shared text, kept from one version to the next
    while what it ``depends`` on stays (beyond the match, the language and the address);
    the version in it (the undo forms') is a hole, filled here."""
    page = context.get("row_key")
    if not context.get("shared_text") or page is None:
        return Markup(render())
    key = (name, *page, request.host_url, *depends)
    html = _SECTIONS.get(key)
    if html is None:
        html = str(render())
        _SECTIONS.put(key, html)
    return Markup(html.replace(VERSION, str(context["m"].state.version)))


#: A match page's own addresses per app, script root and match, at most this many.
URLS = 4096


def match_urls(match_id: int) -> dict[str, str]:
    """The addresses a match page links to, built once per match (and script root): the
    routing map builds each anew (``url_for`` was a tenth of a save's rendering)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    kept: dict[tuple[str, int], dict[str, str]] = app.extensions.setdefault("tafel_match_urls", {})
    key = (request.script_root, match_id)
    urls = kept.get(key)
    if urls is None:
        if len(kept) >= URLS:
            kept.clear()
        urls = kept[key] = {
            "show": url_for("matches.show", match_id=match_id),
            "board": url_for("matches.show", match_id=match_id, view="board"),
            "all_deals": url_for("matches.show", match_id=match_id, deals="all"),
            # A deal's correction address without its slot (its rows add their own).
            "correct": url_for("deals.correct", match_id=match_id, slot_id=0)[: -len("0/correct")],
            "htmx": url_for("static", filename="vendor/htmx.min.js"),
        }
    return urls


#: Parts of a match page that stay from one version to the next (kept_fixed).
_FIXED = pagecache.PageCache[str](2048)


@pass_context
def kept_fixed(context: Any, name: str, render: Any, *depends: Any) -> Markup:
    """``render()`` (a template's macro) for a part of the match page that shows the match's
    settings in the page's language (its heading, the deal list's head), kept while what it
    ``depends`` on beyond them stays: the same for every version, viewer and address."""
    page = context.get("row_key")
    if page is None:
        return Markup(render())
    key = (name, *page, *depends)
    html = _FIXED.get(key)
    if html is None:
        html = str(render())
        _FIXED.put(key, html)
    return Markup(html)


def row_key(loaded: matchview.Loaded, template: str, *, may_edit: bool, marked: bool) -> pagecache.Key:
    """What every row of a match page depends on beyond its own deal."""
    match = loaded.match
    return (
        template,
        _WORD if marked else None,  # its marks are this process's (see shared_key)
        match.id,
        str(match.created),
        settings_text(match.settings),
        i18n.current(),
        request.script_root,
        may_edit,
        marked,
    )

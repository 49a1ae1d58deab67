"""The shared code knows no game by name: a game's names live in its folders and its registry line.

Every string and identifier of the Python code outside the games' folders (comments and
docstrings aside) is read; one that names a registered game of either registry fails the test,
so a game added later is held to it too. The few names the record's contract fixes stay.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import rules_engine
import scorer
from rules_engine import games as engine_games
from scorer import games as app_games

ENGINE = Path(rules_engine.__file__).parent
APP = Path(scorer.__file__).parent

#: The registries: their one line per game is where a game is named.
REGISTRIES = {ENGINE / "games.py", APP / "games" / "__init__.py"}

#: Names DEAL_RECORD.md and TOURNAMENT.md fix, each with the shared file that may say it: the
#: engine's entry point and record root of a Passe (the tournament's round).
ALLOWED = {
    ("rules_engine/__init__.py", "score_passe"),
    ("rules_engine/api.py", "score_passe"),
    ("rules_engine/api.py", "passe"),
    ("rules_engine/errors.py", "passe"),
    ("scorer/offline/tablet.py", "score_passe"),
}

#: The tournament's own words for its round, the Passe (TOURNAMENT.md: stored keys, its
#: tie-break steps, its answer, sentences).
TOURNAMENT_WORDS = {
    "Passe",
    "Passe %(number)s",
    "Team %(team)s signed the Passe.",
    "The Passe changed meanwhile: check it, then sign again.",
    "games_per_passe",
    "deals_per_passe",
    "per_passe",
    "best_passe",
    "last_passe",
    "ahead of the next on the better Passe (T7.3)",
    "better Passe",
    "(…) struck Passe (T7.2), not counted",
    "%(mark)s Passe sat out (T5.5)",
    "Best single Passe",
    "passe_options",
    "passe_options_of",
    "PasseAnswer",
}


def game_names() -> set[str]:
    names = set(engine_games.GAMES) | set(engine_games.COMMANDS) | set(app_games.registry())
    # The verbs of records that belong to no game: the tournament's ranking and draw, a season's
    # series and rating (SEASON.md), words every feature may use.
    return {name for name in names if name not in {"tournament", "seating", "series", "rating"}}


def game_folders() -> set[Path]:
    folders = {ENGINE / module.split(".")[1] for module in engine_games.GAMES.values()}
    folders |= {ENGINE / target.split(":")[0].split(".")[1] for target in engine_games.COMMANDS.values()}
    folders |= {APP / "games" / module.rsplit(".", 1)[1] for module in app_games.MODULES}
    return folders


def shared_files() -> Iterator[Path]:
    folders = game_folders()
    for root in (ENGINE, APP):
        for path in sorted(root.rglob("*.py")):
            if path not in REGISTRIES and not any(folder in path.parents for folder in folders):
                yield path


def docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring nodes (module, class and function bodies' first string)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def words(tree: ast.Module) -> Iterator[str]:
    """The strings and identifiers of the code (docstrings aside)."""
    skipped = docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped:
            yield node.value
        elif isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, ast.Attribute):
            yield node.attr
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node.name
        elif isinstance(node, ast.arg):
            yield node.arg
        elif isinstance(node, ast.alias):
            yield node.name
            if node.asname:
                yield node.asname
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module
        elif isinstance(node, ast.keyword) and node.arg:
            yield node.arg


def named_games(text: str, names: set[str]) -> set[str]:
    """The game names ``text`` holds as a word or a part of an identifier (``score_passe``, ``PasseAnswer``)."""
    return {name for name in names if re.search(rf"(?<![A-Za-z])(?i:{name})(?![a-z])", text)}


def naming() -> list[str]:
    names = game_names()
    found = []
    for path in shared_files():
        where = path.relative_to(ENGINE.parent).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for word in sorted({w for w in words(tree) if named_games(w, names)}):
            if (where, word) not in ALLOWED and word not in TOURNAMENT_WORDS:
                found.append(f"{where}: {word!r}")
    return found


def test_the_shared_code_names_no_game() -> None:
    assert naming() == []


#: In a page or script, the tournament's round: the noun (capitalized) and its stored keys.
TOURNAMENT_TEXT = re.compile(r"(?<![A-Za-z])Passe(?![a-z])|\w*per_passe\b")
#: A page's or script's comments.
COMMENTS = re.compile(r"\{#.*?#\}|/\*.*?\*/|^\s*//[^\n]*|\s//\s[^\n]*", re.DOTALL | re.MULTILINE)


def pages_naming() -> list[str]:
    """The templates and scripts outside the games' folders that name a game (comments aside)."""
    names, folders = game_names(), game_folders()
    found = []
    for root in (APP / "templates", APP / "static"):
        for path in sorted(root.rglob("*")):
            if path.suffix not in {".html", ".js", ".mjs"} or "vendor" in path.parts:
                continue
            if any(folder in path.parents for folder in folders):
                continue
            text = TOURNAMENT_TEXT.sub("", COMMENTS.sub("", path.read_text(encoding="utf-8")))
            if named_games(text, names):
                found.append(path.relative_to(APP).as_posix())
    return found


def test_the_shared_pages_and_scripts_name_no_game() -> None:
    assert pages_naming() == []


def test_the_check_sees_a_game_named_in_a_string() -> None:
    tree = ast.parse('"""Schieber is a docstring."""\nGAME = "schieber"\n')
    assert named_games(" ".join(words(tree)), game_names()) == {"schieber"}


def test_every_registered_game_is_looked_for() -> None:
    assert set(app_games.registry()) | set(engine_games.GAMES) <= game_names()


def test_every_allowed_name_is_still_said() -> None:
    """An exception nobody needs any more is taken out of the list."""
    names = game_names()
    said = {
        (path.relative_to(ENGINE.parent).as_posix(), word)
        for path in shared_files()
        for word in words(ast.parse(path.read_text(encoding="utf-8")))
        if named_games(word, names)
    }
    assert ALLOWED <= said

"""Command line: ``python -m rules_engine VERB [FILE]``: ``deal``, ``match`` and ``legal`` for
any game's records (DEAL_RECORD.md), and the verbs of :data:`rules_engine.games.COMMANDS`
for the records that are no single game's (the tournament's Passe, ranking and seating; a
season's series and rating).

Reads one JSON record from FILE or standard input and prints the JSON answer.
Exit status: 0 valid, 1 the record breaks a rule (answer printed with ``valid: false``),
2 the input is not a record (one line on standard error, never a traceback).
A reader that stops early (``... | head -1``) ends the output quietly: exit status 141,
as for a process killed by SIGPIPE, and no traceback.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from rules_engine import games, limits
from rules_engine.api import legal_cards, score_deal, score_match
from rules_engine.errors import InvalidRecord

COMMANDS: dict[str, Callable[[Mapping[str, Any]], Mapping[str, object]]] = {
    "deal": score_deal,
    "match": score_match,
    "legal": legal_cards,
}
#: The exit status of a process ended by SIGPIPE (128 + 13), as shells report it.
BROKEN_PIPE = 141


#: Verbs whose records are a season's, larger than any match (:class:`rules_engine.limits.SeasonLimits`).
SEASON_VERBS = frozenset({"series", "rating"})


def text_limit(verb: str) -> int:
    """The most bytes of input ``verb`` reads: a season's log is longer than any match."""
    return limits.SEASON.text if verb in SEASON_VERBS else limits.MAX_RECORD_BYTES


def usage() -> str:
    verbs = "|".join([*COMMANDS, *games.COMMANDS])
    return f"usage: python -m rules_engine {{{verbs}}} [FILE]  (reads JSON, default stdin)"


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    command = (COMMANDS.get(args[0]) or games.command(args[0])) if args else None
    if command is None or len(args) > 2:
        print(usage(), file=stderr)
        return 2
    try:
        if len(args) == 2:
            with open(args[1], encoding="utf-8") as handle:
                text = handle.read()
        else:
            text = stdin.read()
    except OSError as error:
        print(f"error: cannot read {args[1]}: {error.strerror}", file=stderr)
        return 2
    except UnicodeDecodeError:
        print("error: the input is not UTF-8 text", file=stderr)
        return 2
    try:
        limits.check_text(len(text.encode("utf-8", errors="replace")), "the input", text_limit(args[0]))
    except InvalidRecord as error:  # longer than any real record: not even parsed
        print(f"error: {error}", file=stderr)
        return 2
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        print(f"error: not JSON: {error.msg} at line {error.lineno} column {error.colno}", file=stderr)
        return 2
    except RecursionError:
        # json.loads recurses per nesting level: "[[[[...]]]]" must not end in a traceback.
        print("error: the input is nested too deeply to be a record", file=stderr)
        return 2
    try:
        limits.check_depth(record, "the input")
        answer = command(record)
    except InvalidRecord as error:
        print(f"error: {error}", file=stderr)
        return 2
    except RecursionError:
        print("error: the input is nested too deeply to be a record", file=stderr)
        return 2
    try:
        json.dump(answer, stdout, ensure_ascii=False, indent=2)
        stdout.write("\n")
        stdout.flush()
    except BrokenPipeError:
        _quiet(stdout)
        return BROKEN_PIPE
    if args[0] == "legal":
        return 0
    return 0 if answer.get("valid", False) else 1


def _quiet(stdout: TextIO) -> None:
    """The reader has gone: point the stream at the null device, so that the flush at exit
    does not fail a second time (the Python documentation's recipe for SIGPIPE)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stdout.fileno())
    except (OSError, ValueError):  # not a file descriptor (a test's StringIO): nothing to silence
        pass

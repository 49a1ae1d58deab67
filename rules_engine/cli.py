"""Command line: ``python -m rules_engine deal|match|legal [FILE]``.

Reads one JSON record from FILE or standard input and prints the JSON answer.
Exit status: 0 valid, 1 the record breaks a rule (answer printed with ``valid: false``),
2 the input is not a record (one line on standard error, never a traceback).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import TextIO

from rules_engine import limits
from rules_engine.api import legal_cards, score_deal, score_match
from rules_engine.errors import InvalidRecord

COMMANDS = {"deal": score_deal, "match": score_match, "legal": legal_cards}
USAGE = "usage: python -m rules_engine {deal|match|legal} [FILE]  (reads JSON, default stdin)"


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
    if not args or args[0] not in COMMANDS or len(args) > 2:
        print(USAGE, file=stderr)
        return 2
    command = COMMANDS[args[0]]
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
        limits.check_text(len(text.encode("utf-8", errors="replace")), "the input")
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
    json.dump(answer, stdout, ensure_ascii=False, indent=2)
    stdout.write("\n")
    if args[0] == "legal":
        return 0
    return 0 if answer.get("valid", False) else 1

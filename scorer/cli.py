"""The ``tafel`` command line: printable pads and scoresheets, and room for more.

Each subcommand is a function registered with :func:`command`; it receives the parsed
arguments and returns the exit status. Adding one (``backup``, ``restore``…) means
writing ``@command("name", help=...)`` over a function and an ``arguments`` hook:

    @command("backup", help="…", arguments=lambda p: p.add_argument("-o", required=True))
    def backup(args: argparse.Namespace) -> int: ...

Exit status: 0 done; 1 the match breaks a rule (the engine's reasons on stderr);
2 bad usage or input that is not a match record (one line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

Handler = Callable[[argparse.Namespace], int]
Arguments = Callable[[argparse.ArgumentParser], None]

if TYPE_CHECKING:
    from scorer.sheets.pdf import Lang


@dataclass(frozen=True)
class Command:
    name: str
    help: str
    arguments: Arguments
    run: Handler
    epilog: str | None = None


COMMANDS: dict[str, Command] = {}


def command(
    name: str, *, help: str, arguments: Arguments, epilog: str | None = None
) -> Callable[[Handler], Handler]:
    """Register a subcommand of ``tafel``."""

    def register(run: Handler) -> Handler:
        COMMANDS[name] = Command(name, help, arguments, run, epilog)
        return run

    return register


class Failure(Exception):
    """A clean, one-line failure with its exit status."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


def _write(path: str, data: bytes) -> None:
    try:
        if path == "-":
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        else:
            Path(path).write_bytes(data)
    except OSError as error:
        raise Failure(f"cannot write {path}: {error.strerror}") from None


# --- pad ---------------------------------------------------------------------------------


def _language(value: str) -> str:
    """argparse type for --lang: an app language, short forms (``fr``) accepted."""
    from scorer import languages

    try:
        return languages.resolve(value)
    except ValueError:
        raise argparse.ArgumentTypeError(languages.unknown(value)) from None


def _pdf_language(code: str) -> Lang:
    """The PDF's language with the app's own catalogs, so the command line prints translated PDFs."""
    from scorer.languages import catalog
    from scorer.sheets.pdf import Lang

    return Lang.from_translations(code, catalog(code))


def _game(value: str) -> str:
    """argparse type for --game: a game of the app (the registry is read only when asked)."""
    from scorer import games

    try:
        return games.sheet_game(value).name
    except games.UnknownGame as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _pad_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", required=True, type=_game, help="the game, as a match record names it")
    parser.add_argument(
        "--format", help="the scoring format, for a game that has several (a match record's format)"
    )
    parser.add_argument("--paper", default="a4", choices=["a4", "letter"])
    parser.add_argument(
        "--lang", default="de_CH", type=_language, help="de_CH (default), fr_CH, it_CH, en, sv or fa"
    )
    parser.add_argument(
        "--target", type=int, help="target to print, in the points of the game and its format"
    )
    parser.add_argument(
        "--team", action="append", default=[], metavar="NAME", help="team name (repeat, team 1 first)"
    )
    parser.add_argument(
        "--player",
        action="append",
        default=[],
        metavar="NAME",
        help="player name by seat (repeat, seat 1 first), for a game played alone",
    )
    parser.add_argument("-o", "--output", required=True, help="PDF file to write (- for standard output)")


@command("pad", help="print a blank score pad", arguments=_pad_arguments)
def pad(args: argparse.Namespace) -> int:
    from scorer import games
    from scorer.sheets.pdf import pad_view, render_pad
    from scorer.sheets.pdf.fonts import FontMissing

    if args.format and args.format not in games.sheet_game(args.game).formats:
        having = [each for each in games.registry().values() if args.format in each.formats]
        if not having:
            raise Failure(f"unknown format {args.format!r}")
        raise Failure(f"--format is for {' and '.join(each.title() for each in having)} only")
    try:
        view = pad_view(args.game, args.format, target=args.target, teams=args.team, players=args.player)
        data = render_pad(view, _pdf_language(args.lang), args.paper)
    except (ValueError, FontMissing) as error:
        raise Failure(str(error)) from None
    _write(args.output, data)
    return 0


# --- scoresheet --------------------------------------------------------------------------


def _sheet_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "match",
        metavar="MATCH",
        help="a JSON match record (DEAL_RECORD.md, with optional metadata), or the number of "
        "a match in the app's database",
    )
    parser.add_argument("--paper", default="a4", choices=["a4", "letter"])
    parser.add_argument(
        "--lang", default="de_CH", type=_language, help="de_CH (default), fr_CH, it_CH, en, sv or fa"
    )
    parser.add_argument("-o", "--output", required=True, help="PDF file to write (- for standard output)")


def load_match(source: str) -> object:
    """Read a match document from a JSON file (``-`` for standard input).

    :raises Failure: unreadable or not JSON.
    """
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as error:
        raise Failure(f"cannot read {source}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise Failure(f"{source} is not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise Failure(
            f"{source}: not JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except RecursionError:
        raise Failure(f"{source}: nested too deeply to be a match record") from None


def is_match_number(source: str) -> bool:
    """MATCH names a stored match: digits only, and no file of that name (which keeps
    ``tafel scoresheet 12`` reading a file called 12 where one exists, as it always did)."""
    return source.isascii() and source.isdigit() and not Path(source).exists()


def stored_match(match_id: int) -> dict[str, object]:
    """The scoresheet document of match ``match_id`` in the app's database, built as the app's
    own ``/matches/<id>/scoresheet.pdf`` builds it.

    :raises Failure: no such match, a voided match, or a database that cannot be read.
    """
    from sqlalchemy.exc import SQLAlchemyError
    from werkzeug.exceptions import NotFound

    from scorer import create_app
    from scorer.matches import matchview
    from scorer.sheets.views import scoresheet_document

    app = create_app()
    url = app.config["DATABASE_URL"]
    try:
        # A request context: the sheet's times are shown at the app's clock (its time zone).
        with app.test_request_context():
            try:
                loaded = matchview.load(match_id)
            except NotFound:
                raise Failure(f"there is no match {match_id} in the database {_shown(url)}") from None
            if loaded.state.voided:
                raise Failure(f"match {match_id} was voided: a voided match has no scoresheet")
            return scoresheet_document(loaded)
    except SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).splitlines()[0]
        raise Failure(f"cannot read match {match_id} from the database {_shown(url)}: {reason}") from None
    finally:
        app.extensions["tafel_engine"].dispose()


def _shown(url: str) -> str:
    """A database URL fit for a message: without its password."""
    from sqlalchemy import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "(unreadable URL)"


SHEET_EPILOG = """\
MATCH is a match record (DEAL_RECORD.md) that may also carry, next to the engine's fields:
  "names": ["Anna", "Beat", "Carla", "Dario"]   player names by seat (or {"1": "Anna", ...})
  "teams": ["Bern", "Thun"]                     side names
  "place", "date" (ISO), "event", "deck" ("swiss" or "french")
  or all of these inside one "meta" object; and on a deal "corrected_at" (ISO date-time).
MATCH may also be a match number (digits): the match is read from the app's database
(DATABASE_URL, else the SQLite file in the instance folder) with its names, date and
correction times, as the app prints it. A file whose name is only digits is still read
as a file when it exists (write ./12 to make sure).
Exit status: 0 written; 1 the engine rejects the match (its reasons on stderr); 2 bad input.
"""


@command(
    "scoresheet",
    help="print the scoresheet of a recorded match",
    arguments=_sheet_arguments,
    epilog=SHEET_EPILOG,
)
def scoresheet(args: argparse.Namespace) -> int:
    from scorer.sheets.pdf import SheetError, build_scoresheet, render_scoresheet
    from scorer.sheets.pdf.fonts import FontMissing

    document = stored_match(int(args.match)) if is_match_number(args.match) else load_match(args.match)
    if not isinstance(document, dict):
        raise Failure(f"{args.match}: a match record is a JSON object, not {type(document).__name__}")
    try:
        view = build_scoresheet(document)
    except SheetError as error:
        if not error.errors:
            raise Failure(str(error)) from None
        print(f"tafel scoresheet: {error}", file=sys.stderr)
        for reason in error.errors[1:]:
            where = f" (deal {reason['deal'] + 1})" if isinstance(reason.get("deal"), int) else ""
            print(f"  {reason.get('rule', '')}{where}: {reason.get('message', '')}", file=sys.stderr)
        return 1
    try:
        data = render_scoresheet(view, _pdf_language(args.lang), args.paper)
    except (ValueError, FontMissing) as error:
        raise Failure(str(error)) from None
    _write(args.output, data)
    return 0


# --- backup, restore, export-all, import-all (scorer/backup.py) --------------------------


def _database_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--database",
        metavar="URL",
        help="database URL (default: the app's: DATABASE_URL, else SQLite in instance/)",
    )


def _database_url(args: argparse.Namespace) -> str:
    if args.database:
        return str(args.database)
    from scorer import create_app

    return str(create_app().config["DATABASE_URL"])


def _backup_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-o", "--output", required=True, help="file to write (replaced only once complete)")
    _database_argument(parser)


def _restore_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a backup: a SQLite file or a JSON export")
    parser.add_argument("--force", action="store_true", help="replace the matches the database holds")
    _database_argument(parser)


def _export_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-o", "--output", required=True, help="JSON file to write (- for standard output)")
    _database_argument(parser)


def _import_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", metavar="FILE", help="a JSON export written by tafel export-all (- for standard input)"
    )
    parser.add_argument("--force", action="store_true", help="replace the matches the database holds")
    _database_argument(parser)


@command(
    "backup",
    help="back up every match (SQLite: online backup; other databases: JSON export)",
    arguments=_backup_arguments,
)
def backup(args: argparse.Namespace) -> int:
    from scorer.store import backup as backups

    try:
        kind = backups.backup(_database_url(args), Path(args.output))
    except backups.BackupError as error:
        raise Failure(str(error)) from None
    except OSError as error:
        raise Failure(f"cannot write {args.output}: {error.strerror}") from None
    print(
        f"tafel backup: {'SQLite database' if kind == 'sqlite' else 'JSON export'} written to {args.output}",
        file=sys.stderr,
    )
    return 0


@command(
    "restore",
    help="restore a backup (refused into a database that holds matches, unless --force)",
    arguments=_restore_arguments,
)
def restore(args: argparse.Namespace) -> int:
    from scorer.store import backup as backups

    try:
        summary = backups.restore(_database_url(args), Path(args.file), force=args.force)
    except backups.BackupError as error:
        raise Failure(str(error)) from None
    print(f"tafel restore: {summary}", file=sys.stderr)
    return 0


@command("export-all", help="write every match with its whole log as JSON", arguments=_export_arguments)
def export_all(args: argparse.Namespace) -> int:
    from scorer.store import backup as backups
    from scorer.store.db import make_engine

    engine = make_engine(_database_url(args))
    try:
        data = backups.dumps(backups.export_all(engine))
    except backups.BackupError as error:
        raise Failure(str(error)) from None
    finally:
        engine.dispose()
    _write(args.output, data)
    return 0


@command(
    "import-all",
    help="store the matches of a JSON export (refused into a database that holds matches, unless --force)",
    arguments=_import_arguments,
)
def import_all(args: argparse.Namespace) -> int:
    from scorer.store import backup as backups
    from scorer.store.db import make_engine

    try:
        raw = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
    except OSError as error:
        raise Failure(f"cannot read {args.file}: {error.strerror}") from None
    engine = make_engine(_database_url(args))
    try:
        matches, entries = backups.import_all(engine, backups.parse(raw, args.file), force=args.force)
    except backups.BackupError as error:
        raise Failure(str(error)) from None
    finally:
        engine.dispose()
    print(f"tafel import-all: imported {matches} matches with {entries} entries", file=sys.stderr)
    return 0


# --- entry point -------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    main_parser = argparse.ArgumentParser(
        prog="tafel", description="Tafel: Jass score keeper and rules referee"
    )
    subparsers = main_parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for cmd in COMMANDS.values():
        sub = subparsers.add_parser(
            cmd.name,
            help=cmd.help,
            description=cmd.help,
            epilog=cmd.epilog,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        cmd.arguments(sub)
        sub.set_defaults(run=cmd.run)
    return main_parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``tafel`` with ``argv`` (default: the process's arguments); returns the exit status."""
    args = parser().parse_args(argv)
    try:
        status: int = args.run(args)
    except Failure as failure:
        print(f"tafel {args.command}: error: {failure}", file=sys.stderr)
        return failure.status
    return status


if __name__ == "__main__":
    sys.exit(main())

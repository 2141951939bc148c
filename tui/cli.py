"""The `hotseat` command: home screen, new, resume, list, export, import.

Bad input: one line, exit code 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from rules import SetupError, UnknownGame
from saves import (
    DamagedSave,
    SaveError,
    SaveStore,
    SeatsHeld,
    default_save_dir,
    export_game,
    import_file,
    import_old_saves,
    validate_save_name,
)
from tui.model import (
    GameSession,
    game_title,
    local_time,
    new_seed,
    parse_options,
    parse_players,
    parse_seed,
    players_text,
    recover_save,
    turn_text,
)

USAGE_ERROR = 2


class Parser(argparse.ArgumentParser):
    """argparse that reports a mistake in one line instead of the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"hotseat: {message} (see hotseat --help)\n")


def delay_value(text: str) -> float:
    """Seconds between 0 and 10."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--delay needs seconds, not {text!r}") from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError("--delay must be between 0 and 10 seconds")
    return value


def build_parser() -> Parser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--save-dir",
        type=Path,
        default=argparse.SUPPRESS,
        help="folder of saved games (default: $HOTSEAT_SAVE_DIR or the user data folder)",
    )
    pace = argparse.ArgumentParser(add_help=False)
    pace.add_argument(
        "--delay",
        type=delay_value,
        default=argparse.SUPPRESS,
        help="seconds before each computer move (default 0.6)",
    )
    parser = Parser(
        prog="hotseat",
        description="A terminal game table: pass-and-play, computer players, saved games.",
        parents=[common],
    )
    commands = parser.add_subparsers(dest="command", parser_class=Parser)
    new = commands.add_parser("new", parents=[common, pace], help="start a new game")
    new.add_argument("game", help="game id, e.g. 3x3")
    new.add_argument(
        "--players", required=True, help='comma-separated names; "cpu:" marks a computer player'
    )
    new.add_argument("--seed", help="whole number for a repeatable deal (default random)")
    new.add_argument("--name", help="save name (default: game and date)")
    new.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a table option, e.g. sorting-memory=on for Xylotar",
    )
    resume = commands.add_parser("resume", parents=[common, pace], help="continue a saved game")
    resume.add_argument("name", nargs="?", help="save name (default: the most recent)")
    resume.add_argument(
        "--recover",
        action="store_true",
        help="for a damaged save: continue from its last good move as a new save",
    )
    resume.add_argument(
        "--take-over",
        action="store_true",
        help="take the game from another terminal that has it open (that one goes home)",
    )
    resume.add_argument(
        "--seat",
        action="append",
        metavar="PLAYER",
        help="play only this player's seat here (repeatable); other terminals play the rest",
    )
    commands.add_parser("list", parents=[common], help="list saved games")
    export = commands.add_parser(
        "export", parents=[common], help="write a game as a JSON save document"
    )
    export.add_argument("name", help="save name")
    export.add_argument("file", nargs="?", help="file to write (default: standard output)")
    imports = commands.add_parser(
        "import", parents=[common], help="add games from JSON save documents"
    )
    imports.add_argument("files", nargs="+", type=Path, metavar="FILE", help="save documents")
    imports.add_argument(
        "--recover",
        action="store_true",
        help="for a damaged file: import the moves before the first one that does not replay",
    )
    return parser


APP_COMMANDS = (None, "new", "resume")
"""The commands that show the full-screen app (the others print and exit)."""


def has_terminal() -> bool:
    """True when both standard input and output are a terminal the app can draw on."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; user mistakes and damaged saves end in one line on stderr."""
    args = build_parser().parse_args(argv)
    if args.command in APP_COMMANDS and not has_terminal():
        print("hotseat needs a terminal (with ssh, use ssh -t)", file=sys.stderr)
        return USAGE_ERROR
    save_dir = getattr(args, "save_dir", None) or default_save_dir()
    store = SaveStore(Path(os.path.expanduser(str(save_dir))))
    try:
        notice = import_old_saves(store)
    except SaveError as error:
        if args.command is not None:
            print(f"hotseat: {error}", file=sys.stderr)
            return USAGE_ERROR
        notice = str(error)
    else:
        if notice:
            print(f"hotseat: {notice}", file=sys.stderr)
    try:
        if args.command == "list":
            return list_saves(store)
        if args.command == "export":
            return export_save(store, args.name, args.file)
        if args.command == "import":
            return import_saves(store, args.files, args.recover)
        session, resumed = open_session(store, args)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as error:
        print(f"hotseat: cannot write the output: {error.strerror or error}", file=sys.stderr)
        return USAGE_ERROR
    except SeatsHeld as held:
        print(f"hotseat: {held}; --take-over takes it over", file=sys.stderr)
        return USAGE_ERROR
    except (SetupError, SaveError, UnknownGame) as error:
        print(f"hotseat: {error}", file=sys.stderr)
        return USAGE_ERROR
    return run_app(store, args, session, resumed, notice)


def open_session(store: SaveStore, args: argparse.Namespace) -> tuple[GameSession | None, bool]:
    """The session a command asks for, created or opened before any screen appears."""
    if args.command == "new":
        seed = parse_seed(args.seed) if args.seed is not None else new_seed()
        name = args.name
        if name is not None:
            validate_save_name(name)
        players = parse_players(args.players)
        options = parse_options(args.game, args.option)
        return GameSession.create(
            store, args.game, players, seed, name=name, options=options
        ), False
    if args.command == "resume":
        if args.recover:
            if args.name is None:
                raise SaveError("--recover needs the name of the damaged save")
            name = recover_save(store, args.name)
            print(f"hotseat: recovered {args.name} as {name}", file=sys.stderr)
        else:
            name = args.name or store.most_recent()
            if name is None:
                raise SaveError(f"no saved games in {store.root}")
        return GameSession.open(store, name, people=args.seat, take_over=args.take_over), True
    return None, False


def run_app(
    store: SaveStore,
    args: argparse.Namespace,
    session: GameSession | None,
    resumed: bool,
    notice: str | None = None,
) -> int:
    from tui.app import DEFAULT_DELAY, HotseatApp

    app = HotseatApp(
        store,
        delay=getattr(args, "delay", DEFAULT_DELAY),
        session=session,
        resumed=resumed,
        notice=notice,
    )
    try:
        app.run()
    finally:
        app.close_session()
        store.close()
    if app.crash is not None:
        print(app.crash, file=sys.stderr)
        return 1
    return 0


def list_saves(store: SaveStore) -> int:
    """One line per save, most recently played first, from the stored summaries."""
    infos = store.list()
    if not infos:
        print(f"No saved games in {store.root}")
        return 0
    for info in infos:
        if info.error is not None or info.record is None:
            print(f"{info.name:<24} DAMAGED  {info.error}")
            continue
        record = info.record
        print(
            f"{info.name:<24} {game_title(record.game):<8} {players_text(record.players):<32} "
            f"{turn_text(record.summary):<16} {local_time(record.updated)}"
        )
    sys.stdout.flush()
    return 0


def export_save(store: SaveStore, name: str, file: str | None) -> int:
    """Write game `name` as a save document to `file` (created 0600, like the database:
    it shows every hidden card), or to standard output."""
    data = export_game(store, name)
    if file is None or file == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return 0
    target = Path(file).expanduser()
    if target.is_dir():
        raise SaveError(f"{target} is a folder; name the file to write")
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    except FileExistsError:
        raise SaveError(f"{target} already exists; nothing was written") from None
    except OSError as err:
        raise SaveError(f"cannot write {target}: {err.strerror or err}") from None
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
    except OSError as err:
        target.unlink(missing_ok=True)
        raise SaveError(f"cannot write {target}: {err.strerror or err}") from None
    print(f"hotseat: exported {name} to {target}", file=sys.stderr)
    return 0


def import_saves(store: SaveStore, files: list[Path], recover: bool) -> int:
    """Import each save document as a new game; one line per file, exit 2 if any failed."""
    failed = False
    for path in files:
        try:
            name = import_file(store, path, recover=recover)
        except DamagedSave as error:
            failed = True
            hint = "; --recover imports them" if error.replayable_moves else ""
            print(f"hotseat: {error}{hint}", file=sys.stderr)
        except SaveError as error:
            failed = True
            print(f"hotseat: {error}", file=sys.stderr)
        else:
            print(f"imported {path.name} as {name}")
    return USAGE_ERROR if failed else 0

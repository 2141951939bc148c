"""The `hotseat` command: home screen, new, resume, list, export, import.

Bad input: one line, exit code 2.
"""

from __future__ import annotations

import argparse
import difflib
import gc
import os
import re
import shutil
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from rules import SetupError, UnknownGame, get_game
from rules.catalog import CATALOG
from saves import (
    DamagedSave,
    PlayerSpec,
    SaveError,
    SaveStore,
    SeatsHeld,
    default_save_dir,
    export_game,
    import_file,
    import_old_saves,
    validate_save_name,
)
from saves.exchange import in_save_folder
from saves.visible import visible
from tui.model import (
    GameSession,
    game_title,
    local_time,
    may_choose_seed,
    new_seed,
    parse_options,
    parse_players,
    parse_seed,
    players_text,
    recover_save,
    registered_names,
    seated,
    turn_text,
)

USAGE_ERROR = 2


class Parser(argparse.ArgumentParser):
    """argparse that reports a mistake in one line instead of the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"hotseat: {plain_message(message)} (see {self.prog} --help)\n")


COMMANDS = ("new", "resume", "list", "export", "import", "players", "host")


def plain_message(message: str) -> str:
    """argparse's wording without its jargon: "argument --delay: --delay needs ..." loses
    the repeated option, an option without its value says so, and an unknown command is
    named with the closest one and the list."""
    unknown = re.match(r"argument command: invalid choice: '([^']*)'", message)
    if unknown is None:
        message = re.sub(r"^argument (\S+): expected one argument$", r"\1 needs a value", message)
        return re.sub(r"^argument (\S+): (?=\1 )", "", message)
    command = unknown.group(1)
    close = difflib.get_close_matches(command.lower(), COMMANDS, n=1, cutoff=0.5)
    hint = f"; did you mean {close[0]}?" if close else ""
    return f"unknown command {command!r}{hint}; commands: {', '.join(COMMANDS)}"


def delay_value(text: str) -> float:
    """Seconds from 0 to 10."""
    wrong = argparse.ArgumentTypeError(f"--delay needs seconds from 0 to 10, not {text!r}")
    try:
        value = float(text)
    except ValueError:
        raise wrong from None
    if not 0 <= value <= 10:
        raise wrong
    return value


def folder_value(text: str) -> Path:
    """A folder named by a non-empty path that is not a file."""
    if not text.strip():
        raise argparse.ArgumentTypeError("--save-dir needs a folder, not an empty name")
    if Path(text).expanduser().is_file():
        raise argparse.ArgumentTypeError(f"--save-dir {text} is a file, not a folder")
    return Path(text)


def package_version() -> str:
    """The installed version of hotseat, from the package metadata."""
    from importlib.metadata import PackageNotFoundError, version  # costly; rarely asked

    try:
        return version("hotseat")
    except PackageNotFoundError:
        return "(version unknown: not installed)"


class VersionAction(argparse.Action):
    """Print `hotseat VERSION` and exit; the metadata is read only when asked for."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> NoReturn:
        print(f"hotseat {package_version()}")
        parser.exit()


def games_help() -> str:
    """The game ids `new` takes, with their titles, for its --help."""
    width = max(len(game_id) for game_id in CATALOG)
    lines = [f"  {game_id:<{width}}  {entry.title}" for game_id, entry in CATALOG.items()]
    return "games:\n" + "\n".join(lines)


def known_game(text: str) -> str:
    """The game id `text` names (ignoring case, spaces and dashes, so "XOXO" and
    "Shifting Stones" work too); UnknownGame suggests the closest id and lists them all."""
    wanted = squeeze(text)
    for game_id, entry in CATALOG.items():
        if wanted in (squeeze(game_id), squeeze(entry.title)):
            return game_id
    ids = ", ".join(CATALOG)
    close = difflib.get_close_matches(text.strip().lower(), list(CATALOG), n=1, cutoff=0.5)
    hint = f"; did you mean {close[0]}?" if close else ""
    raise UnknownGame(f"unknown game {text!r}{hint} (games: {ids})")


def squeeze(text: str) -> str:
    """Lower-case letters and digits only."""
    return "".join(c for c in text.lower() if c.isalnum())


def players_value(game_id: str, text: str) -> list[PlayerSpec]:
    """The players of --players, checked against the game's seats."""
    game = get_game(game_id)
    if not text.strip():
        raise SetupError(
            f"--players is empty; {game.title} needs {game.min_players} to "
            f'{game.max_players} names, as in --players "Ann,cpu:Bob"'
        )
    players = parse_players(text)
    if not all(p.name for p in players):
        raise SetupError(f"player names must not be empty (--players {text!r})")
    game.check_new_players([p.name for p in players])
    return players


@dataclass(frozen=True)
class NewGame:
    """A `new` command's game, checked before anything is opened or written."""

    game_id: str
    players: list[PlayerSpec]
    options: dict[str, Any]
    seed: int
    name: str | None


def checked_new_game(args: argparse.Namespace) -> NewGame:
    """Every argument of `new` checked; SetupError, UnknownGame or SaveError says what is
    wrong with the first bad one."""
    game_id = known_game(args.game)
    players = players_value(game_id, args.players)
    options = parse_options(game_id, args.option)
    if args.seed is not None and not may_choose_seed(players, getattr(args, "player", None)):
        raise SetupError(
            "--seed is only for tables of people at this keyboard and computers; "
            "a table with a registered player is always dealt in secret (leave out --seed)"
        )
    seed = parse_seed(args.seed) if args.seed is not None else new_seed()
    if args.name is not None:
        validate_save_name(args.name)
    return NewGame(game_id, players, options, seed, args.name)


def build_parser() -> Parser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--save-dir",
        type=folder_value,
        default=argparse.SUPPRESS,
        help="folder of saved games (default: $HOTSEAT_SAVE_DIR or the user data folder)",
    )
    common.add_argument(
        "--player",
        default=argparse.SUPPRESS,
        metavar="NAME",
        help="play as this registered player (hotseat players list): their games and seats",
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
    parser.add_argument("--version", action=VersionAction, help="show the version and exit")
    commands = parser.add_subparsers(dest="command", parser_class=Parser)
    new = commands.add_parser(
        "new",
        parents=[common, pace],
        help="start a new game",
        epilog=games_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    new.add_argument("game", help="game id (listed below)")
    new.add_argument(
        "--players",
        required=True,
        help='comma-separated names; "cpu:" marks a computer player ("cpu-easy:", '
        '"cpu-hard:" for its level), "remote:" a registered player at their own terminal',
    )
    new.add_argument(
        "--seed",
        help="whole number for a repeatable deal, only at a table of people at this keyboard "
        "and computers (default: a secret random seed)",
    )
    new.add_argument("--name", help="save name (default: game and date)")
    new.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a table option, e.g. sorting-memory=on for Xylotar",
    )
    resume = commands.add_parser("resume", parents=[common, pace], help="continue a saved game")
    resume.add_argument(
        "name", nargs="?", help="save name (default: the most recently played unfinished game)"
    )
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
    players = commands.add_parser(
        "players", parents=[common], help="the players who may connect to `hotseat host`"
    )
    about_players = players.add_subparsers(dest="players_command", parser_class=Parser)
    add = about_players.add_parser(
        "add", parents=[common], help="register a player by their SSH public key"
    )
    add.add_argument("name", help="the player's name at the table")
    add.add_argument("key_file", type=Path, metavar="KEY_FILE", help="their public key (.pub)")
    about_players.add_parser("list", parents=[common], help="list the registered players")
    remove = about_players.add_parser(
        "remove", parents=[common], help="unregister a player (their games stay)"
    )
    remove.add_argument("name", help="the player's name")
    host = commands.add_parser(
        "host", parents=[common], help="let registered players join over SSH"
    )
    host.add_argument(
        "--port", type=port_value, default=2222, help="TCP port to listen on (default 2222)"
    )
    host.add_argument(
        "--listen",
        default="",
        metavar="ADDRESS",
        help="address to listen on (default: every address of this machine)",
    )
    host.add_argument(
        "--max-sessions",
        type=count_value("--max-sessions"),
        default=32,
        metavar="N",
        help="most players connected at once (default 32)",
    )
    host.add_argument(
        "--max-sessions-per-player",
        type=count_value("--max-sessions-per-player"),
        default=3,
        metavar="N",
        help="most sessions one player may have open at once (default 3)",
    )
    host.add_argument(
        "--app-memory",
        type=count_value("--app-memory", least=APP_MEMORY_LEAST),
        default=1024,
        metavar="MIB",
        help="most memory each player's game may map, in MiB (default 1024)",
    )
    return parser


def port_value(text: str) -> int:
    """A TCP port from 1 to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the port must be a number, not {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError("the port must be between 1 and 65535")
    return port


def count_value(option: str, least: int = 1) -> Callable[[str], int]:
    """The type of an `option` that takes a whole number, `least` or more."""

    def value(text: str) -> int:
        try:
            count = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{option} takes a number, not {text!r}") from None
        if count < least:
            raise argparse.ArgumentTypeError(f"{option} must be {least} or more")
        return count

    return value


APP_MEMORY_LEAST = 512
"""MiB below which a player's game could not even start at a busy table."""

APP_COMMANDS = (None, "new", "resume")
"""The commands that show the full-screen app (the others print and exit)."""


def has_terminal() -> bool:
    """True when both standard input and output are a terminal the app can draw on."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; user mistakes and damaged saves end in one line on stderr."""
    args = build_parser().parse_args(argv)
    try:
        new_game = checked_new_game(args) if args.command == "new" else None
    except (SetupError, SaveError, UnknownGame) as error:
        print(f"hotseat: {error}", file=sys.stderr)
        return USAGE_ERROR
    if args.command in APP_COMMANDS and not has_terminal():
        print("hotseat needs a terminal (with ssh, use ssh -t)", file=sys.stderr)
        return USAGE_ERROR
    save_dir = getattr(args, "save_dir", None) or default_save_dir()
    folder = Path(os.path.expanduser(str(save_dir)))
    if args.command == "players":
        from remote.players import players_command

        return players_command(args, folder)
    if args.command == "host":
        from remote.server import host_command

        return host_command(args, folder.absolute())
    try:
        args.player = registered_player(getattr(args, "player", None), folder)
    except SetupError as error:
        print(f"hotseat: {error}", file=sys.stderr)
        return USAGE_ERROR
    store = SaveStore(folder)
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
    finally:
        for moved in store.database.notices():  # files beside the database moved aside
            print(f"hotseat: {moved}", file=sys.stderr)
    try:
        if args.command == "list":
            return list_saves(store, args.player)
        if args.command == "export":
            return export_save(store, args.name, args.file)
        if args.command == "import":
            return import_saves(store, args.files, args.recover)
        session, resumed = open_session(store, args, new_game)
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


def open_session(
    store: SaveStore, args: argparse.Namespace, new_game: NewGame | None = None
) -> tuple[GameSession | None, bool]:
    """The session a command asks for, created or opened before any screen appears."""
    if new_game is not None:
        session = GameSession.create(
            store,
            new_game.game_id,
            registered_names(new_game.players, store.root),
            new_game.seed,
            name=new_game.name,
            options=new_game.options,
            player=args.player,
        )
        return session, False
    if args.command == "resume":
        if args.recover:
            if args.name is None:
                raise SaveError("--recover needs the name of the damaged save")
            name = recover_save(store, args.name)
            print(f"hotseat: recovered {args.name} as {name}", file=sys.stderr)
        else:
            name = args.name if args.name is not None else unfinished_game(store, args.player)
        session = GameSession.open(
            store, name, people=args.seat, take_over=args.take_over, player=args.player
        )
        return session, True
    return None, False


def registered_player(name: str | None, folder: Path) -> str | None:
    """The registered spelling of --player NAME; SetupError when nobody is registered so."""
    if name is None:
        return None
    from remote.players import Players, PlayersError

    try:
        found = Players(folder).named(name.strip())
    except PlayersError as error:
        raise SetupError(str(error)) from None
    if found is None:
        raise SetupError(f"no registered player {name!r} (hotseat players list)")
    return found.name


def unfinished_game(store: SaveStore, player: str | None = None) -> str:
    """The most recently played game that is not over (of those `player` sits at);
    SaveError says when there is none."""
    if player is not None:
        games = [info for info in store.list() if seated(info.players, player)]
        for info in games:
            if not info.summary.get("over"):
                return info.name
        if not games:
            raise SaveError(f"{player} has no tables yet: hotseat new starts one")
    else:
        name = store.most_recent(unfinished=True)
        if name is not None:
            return name
    if store.most_recent() is None:
        raise SaveError(f"no saved games in {store.root}")
    raise SaveError(
        "every saved game is over: hotseat list shows them, hotseat resume NAME opens one, "
        "hotseat new starts a game"
    )


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
        player=args.player,
    )
    # What is loaded by now (modules, the open game's history) lives as long as the app:
    # moved out of the collector's generations, the collections while screens are built
    # no longer walk it over and over.
    gc.freeze()
    try:
        app.run()
    finally:
        app.close_session()
        store.close()
    if app.crash is not None:
        print(app.crash, file=sys.stderr)
        return 1
    return 0


def output_width() -> int | None:
    """The terminal's width when the output goes to one (lines are cut to it), else None:
    a pipe or a file gets whole lines."""
    if not sys.stdout.isatty():
        return None
    return shutil.get_terminal_size().columns


def list_saves(store: SaveStore, player: str | None = None) -> int:
    """One line per save (of those `player` sits at), most recently played first, from the
    stored summaries; the columns are as wide as their longest entry, the players (the
    longest) come last. Text from the database is shown with its control characters
    made visible."""
    infos = [info for info in store.list() if seated(info.players, player)]
    if not infos:
        print(f"No saved games in {store.root}" if player is None else f"{player} has no tables")
        return 0
    rows = []
    for info in infos:
        listing = info.listing
        if info.error is not None or listing is None:
            rows.append((visible(info.name), "DAMAGED", "", "", visible(str(info.error))))
            continue
        cells = (
            info.name,
            game_title(listing.game),
            turn_text(listing.summary),
            local_time(listing.updated),
            players_text(listing.players),
        )
        rows.append(tuple(visible(cell) for cell in cells))
    widths = [max(len(row[column]) for row in rows) for column in range(4)]
    room = output_width()
    for row in rows:
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=False)]
        line = "  ".join([*cells, row[4]]).rstrip()
        print(line if room is None or len(line) <= room else line[: room - 1] + "…")
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
    if in_save_folder(store, target):
        print(
            f"hotseat: warning: files in the save folder {store.root} are not read as saves; "
            "keep exports elsewhere (hotseat import FILE brings one in)",
            file=sys.stderr,
        )
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

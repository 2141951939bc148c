"""The `hotseat` command: home screen, new, resume, list, export, import, and the
registry of players and the SSH host (`players`, `host`).

Bad input: one line, exit code 2. Every word it prints, its --help included (argparse's
own words too, see hotseat.argparse_words), is in the language chosen before the parser is
built.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple, NoReturn

from hotseat.argparse_words import speak_our_language
from rules import SetupError, UnknownGame, get_game
from rules.catalog import CATALOG
from saves import (
    DamagedSave,
    Message,
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
from saves.players import Players, PlayersError
from saves.visible import visible
from tui.i18n import LANGUAGES, _, choose, language, use
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
from tui.words.problems import said
from tui.words.saves import save_text

USAGE_ERROR = 2


class Parser(argparse.ArgumentParser):
    """argparse that reports a mistake in one line instead of the usage block."""

    def error(self, message: str) -> NoReturn:
        line = _("{message} (see {command} --help)").format(
            message=plain_message(message), command=self.prog
        )
        self.exit(USAGE_ERROR, f"hotseat: {line}\n")


COMMANDS = ("new", "resume", "list", "export", "import", "players", "host")


def plain_message(message: str) -> str:
    """argparse's wording without its jargon, in the current language: "argument --delay:
    --delay needs ..." loses the repeated option, an option without its value says so, and
    an unknown command is named with the closest one and the list."""
    argument = filled_in(_("argument %(argument_name)s: %(message)s"), message)
    if argument is None:
        return message
    name, inner = argument["argument_name"], argument["message"]
    if name == "command":
        for template in (
            _("invalid choice: %(value)r (choose from %(choices)s)"),
            _("invalid choice: %(value)r, maybe you meant %(closest)r? (choose from %(choices)s)"),
        ):
            choice = filled_in(template, inner)
            if choice is not None:
                import ast  # only a mistyped command needs it: not on every start

                return unknown_command(ast.literal_eval(choice["value"]))
    if inner == _("expected one argument"):
        return _("{option} needs a value").format(option=name)
    if inner.startswith(f"{name} "):
        return inner
    return message


def filled_in(template: str, text: str) -> dict[str, str] | None:
    """The values argparse filled a %-template with (its `%(name)s` and `%(name)r`) to make
    `text`, by name; None when `text` is not made from `template`."""
    parts = re.split(r"%\((\w+)\)[sr]", template)
    pattern = "".join(
        f"(?P<{part}>.*?)" if index % 2 else re.escape(part) for index, part in enumerate(parts)
    )
    found = re.fullmatch(pattern, text, re.DOTALL)
    return found.groupdict() if found else None


def unknown_command(command: str) -> str:
    """An unknown command named with the closest one, if any, and the list."""
    import difflib  # only a mistyped command needs it: not on every start

    commands = ", ".join(COMMANDS)
    close = difflib.get_close_matches(command.lower(), COMMANDS, n=1, cutoff=0.5)
    if close:
        return _("unknown command {command}; did you mean {close}?; commands: {commands}").format(
            command=repr(command), close=close[0], commands=commands
        )
    return _("unknown command {command}; commands: {commands}").format(
        command=repr(command), commands=commands
    )


def delay_value(text: str) -> float:
    """Seconds from 0 to 10."""
    wrong = argparse.ArgumentTypeError(
        _("--delay needs seconds from 0 to 10, not {text}").format(text=repr(text))
    )
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
        raise argparse.ArgumentTypeError(_("--save-dir needs a folder, not an empty name"))
    if Path(text).expanduser().is_file():
        raise argparse.ArgumentTypeError(
            _("--save-dir {path} is a file, not a folder").format(path=text)
        )
    return Path(text)


def package_version() -> str:
    """The installed version of hotseat, from the package metadata."""
    from importlib.metadata import PackageNotFoundError, version  # costly; rarely asked

    try:
        return version("hotseat")
    except PackageNotFoundError:
        return _("(version unknown: not installed)")


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
    return _("games:") + "\n" + "\n".join(lines)


def known_game(text: str) -> str:
    """The game id `text` names (ignoring case, spaces and dashes, so "XOXO" and
    "Shifting Stones" work too); UnknownGame names them all (said with the closest id,
    `tui.words.setup.unknown_game_text`)."""
    wanted = squeeze(text)
    for game_id, entry in CATALOG.items():
        if wanted in (squeeze(game_id), squeeze(entry.title)):
            return game_id
    raise UnknownGame(text, tuple(CATALOG))


def squeeze(text: str) -> str:
    """Lower-case letters and digits only."""
    return "".join(c for c in text.lower() if c.isalnum())


def players_value(game_id: str, text: str) -> list[PlayerSpec]:
    """The players of --players, checked against the game's seats."""
    game = get_game(game_id)
    if not text.strip():
        raise SetupError(
            _(
                "--players is empty; {game} needs {low} to {high} names, "
                'as in --players "Ann,cpu:Bob"'
            ).format(game=game.title, low=game.min_players, high=game.max_players)
        )
    players = parse_players(text)
    if not all(p.name for p in players):
        raise SetupError(
            _("player names must not be empty (--players {text})").format(text=repr(text))
        )
    game.check_new_players([p.name for p in players])
    return players


class NewGame(NamedTuple):
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
            _(
                "--seed is only for tables of people at this keyboard and computers; "
                "a table with a registered player is always dealt in secret (leave out --seed)"
            )
        )
    seed = parse_seed(args.seed) if args.seed is not None else new_seed()
    if args.name is not None:
        validate_save_name(args.name)
    return NewGame(game_id, players, options, seed, args.name)


def build_parser() -> Parser:
    """The parser of every command, its words (argparse's own too) in the current language."""
    speak_our_language()
    common = Parser(add_help=False)
    common.add_argument(
        "--save-dir",
        type=folder_value,
        default=argparse.SUPPRESS,
        metavar=_("SAVE_DIR"),
        help=_("folder of saved games (default: $HOTSEAT_SAVE_DIR or the user data folder)"),
    )
    common.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=argparse.SUPPRESS,
        help=_("de or en (default: $HOTSEAT_LANG, the language chosen in the app, the locale)"),
    )
    common.add_argument(
        "--player",
        default=argparse.SUPPRESS,
        metavar=_("NAME"),
        help=_("play as this registered player (hotseat players list): their games and seats"),
    )
    pace = Parser(add_help=False)
    pace.add_argument(
        "--delay",
        type=delay_value,
        default=argparse.SUPPRESS,
        metavar=_("DELAY"),
        help=_("seconds before each computer move (default 0.6)"),
    )
    parser = Parser(
        prog="hotseat",
        description=_("A terminal game table: pass-and-play, computer players, saved games."),
        parents=[common, pace],
    )
    parser.add_argument("--version", action=VersionAction, help=_("show the version and exit"))
    commands = parser.add_subparsers(dest="command", parser_class=Parser)
    new = commands.add_parser(
        "new",
        parents=[common, pace],
        help=_("start a new game"),
        epilog=games_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    new.add_argument("game", metavar=_("game"), help=_("game id (listed below)"))
    new.add_argument(
        "--players",
        required=True,
        metavar=_("PLAYERS"),
        help=_(
            'comma-separated names; "cpu:" marks a computer player ("cpu-easy:", '
            '"cpu-hard:" for its level), "remote:" a registered player at their own terminal'
        ),
    )
    new.add_argument(
        "--seed",
        metavar=_("SEED"),
        help=_(
            "whole number for a repeatable deal, only at a table of people at this keyboard "
            "and computers (default: a secret random seed)"
        ),
    )
    new.add_argument("--name", metavar=_("NAME"), help=_("save name (default: game and date)"))
    new.add_argument(
        "--option",
        action="append",
        default=[],
        metavar=_("NAME=VALUE"),
        help=_("a table option, e.g. sorting-memory=on for Xylotar"),
    )
    resume = commands.add_parser("resume", parents=[common, pace], help=_("continue a saved game"))
    resume.add_argument(
        "name",
        nargs="?",
        metavar=_("name"),
        help=_("save name (default: the most recently played unfinished game)"),
    )
    resume.add_argument(
        "--recover",
        action="store_true",
        help=_("for a damaged save: continue from its last good move as a new save"),
    )
    resume.add_argument(
        "--take-over",
        action="store_true",
        help=_("take the game from another terminal that has it open (that one goes home)"),
    )
    resume.add_argument(
        "--seat",
        action="append",
        metavar=_("PLAYER"),
        help=_("play only this player's seat here (repeatable); other terminals play the rest"),
    )
    commands.add_parser("list", parents=[common], help=_("list saved games"))
    export = commands.add_parser(
        "export", parents=[common], help=_("write a game as a JSON save document")
    )
    export.add_argument("name", metavar=_("name"), help=_("save name"))
    export.add_argument(
        "file",
        nargs="?",
        metavar=_("file"),
        help=_("file to write (default: standard output)"),
    )
    imports = commands.add_parser(
        "import", parents=[common], help=_("add games from JSON save documents")
    )
    imports.add_argument("files", nargs="+", type=Path, metavar=_("FILE"), help=_("save documents"))
    imports.add_argument(
        "--recover",
        action="store_true",
        help=_("for a damaged file: import the moves before the first one that does not replay"),
    )
    players = commands.add_parser(
        "players", parents=[common], help=_("the players who may connect to `hotseat host`")
    )
    about_players = players.add_subparsers(dest="players_command", parser_class=Parser)
    add = about_players.add_parser(
        "add", parents=[common], help=_("register a player by their SSH public key")
    )
    add.add_argument("name", metavar=_("name"), help=_("the player's name at the table"))
    add.add_argument(
        "key_file", type=Path, metavar=_("KEY_FILE"), help=_("their public key (.pub)")
    )
    about_players.add_parser("list", parents=[common], help=_("list the registered players"))
    remove = about_players.add_parser(
        "remove", parents=[common], help=_("unregister a player (their games stay)")
    )
    remove.add_argument("name", metavar=_("name"), help=_("the player's name"))
    host = commands.add_parser(
        "host", parents=[common, pace], help=_("let registered players join over SSH")
    )
    host.add_argument(
        "--port",
        type=port_value,
        default=2222,
        metavar=_("PORT"),
        help=_("TCP port to listen on (default 2222)"),
    )
    host.add_argument(
        "--listen",
        default="",
        metavar=_("ADDRESS"),
        help=_("address to listen on (default: every address of this machine)"),
    )
    host.add_argument(
        "--max-sessions",
        type=count_value("--max-sessions"),
        default=32,
        metavar="N",
        help=_("most players connected at once (default 32)"),
    )
    host.add_argument(
        "--max-sessions-per-player",
        type=count_value("--max-sessions-per-player"),
        default=3,
        metavar="N",
        help=_("most sessions one player may have open at once (default 3)"),
    )
    host.add_argument(
        "--app-memory",
        type=count_value("--app-memory", least=APP_MEMORY_LEAST),
        default=1024,
        metavar="MIB",
        help=_("most memory each player's game may map, in MiB (default 1024)"),
    )
    return parser


def port_value(text: str) -> int:
    """A TCP port from 1 to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("the port must be a number, not {text}").format(text=repr(text))
        ) from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(_("the port must be between 1 and 65535"))
    return port


def count_value(option: str, least: int = 1) -> Callable[[str], int]:
    """The type of an `option` that takes a whole number, `least` or more."""

    def value(text: str) -> int:
        try:
            count = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("{option} takes a number, not {text}").format(option=option, text=repr(text))
            ) from None
        if count < least:
            raise argparse.ArgumentTypeError(
                _("{option} must be {least} or more").format(option=option, least=least)
            )
        return count

    return value


APP_MEMORY_LEAST = 512
"""MiB below which a player's game could not even start at a busy table."""

APP_COMMANDS = (None, "new", "resume")
"""The commands that show the full-screen app (the others print and exit)."""


def has_terminal() -> bool:
    """True when both standard input and output are a terminal the app can draw on."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def flag_value(argv: Sequence[str] | None, flag: str) -> str | None:
    """The value given to `flag` on the command line (`--flag value` or `--flag=value`),
    read before the parser exists: its own help must be in the chosen language."""
    words = list(sys.argv[1:] if argv is None else argv)
    for index, word in enumerate(words):
        if word == flag and index + 1 < len(words):
            return words[index + 1]
        if word.startswith(flag + "="):
            return word.partition("=")[2]
    return None


def loaded() -> None:
    """The program is loaded: what it holds by now lives as long as it does and leaves the
    collector's generations (`gc.freeze`), so the collections from here on never walk it;
    then the collector, off while the program loaded (`hotseat.start`), runs again.
    Turned on without the freeze, its first collections would walk everything loaded."""
    gc.freeze()
    gc.enable()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; user mistakes and damaged saves end in one line on stderr."""
    use(choose(flag_value(argv, "--lang"), os.environ))
    args = build_parser().parse_args(argv)
    if args.command not in APP_COMMANDS and not gc.isenabled():
        loaded()  # started by hotseat.start; the app's commands load on until run_app
    try:
        new_game = checked_new_game(args) if args.command == "new" else None
    except (SetupError, SaveError, UnknownGame) as error:
        print("hotseat: " + said(error), file=sys.stderr)
        return USAGE_ERROR
    if args.command in APP_COMMANDS and not has_terminal():
        print(_("hotseat needs a terminal (with ssh, use ssh -t)"), file=sys.stderr)
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
        print("hotseat: " + said(error), file=sys.stderr)
        return USAGE_ERROR
    if args.player is not None:
        use(choose(getattr(args, "lang", None), os.environ, args.player))
    store = SaveStore(folder)
    try:
        return with_store(store, args, new_game)
    finally:
        store.close()


def with_store(store: SaveStore, args: argparse.Namespace, new_game: NewGame | None) -> int:
    """The command that works on the save folder: list, export, import, or a game."""
    notice: str | None
    try:
        report = import_old_saves(store)
    except SaveError as error:
        if args.command is not None:
            print("hotseat: " + said(error), file=sys.stderr)
            return USAGE_ERROR
        notice = said(error)
    else:
        notice = save_text(report) if report is not None else None
        if notice:
            print(f"hotseat: {notice}", file=sys.stderr)
    finally:
        for moved in store.database.notices():  # files beside the database moved aside
            print("hotseat: " + save_text(moved), file=sys.stderr)
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
        reason = error.strerror or error
        print(
            "hotseat: " + _("cannot write the output: {reason}").format(reason=reason),
            file=sys.stderr,
        )
        return USAGE_ERROR
    except SeatsHeld as held:
        print(
            "hotseat: " + _("{error}; --take-over takes it over").format(error=said(held)),
            file=sys.stderr,
        )
        return USAGE_ERROR
    except (SetupError, SaveError, UnknownGame) as error:
        print("hotseat: " + said(error), file=sys.stderr)
        return USAGE_ERROR
    return run_app(store, args, session, resumed, notice)


def open_session(
    store: SaveStore, args: argparse.Namespace, new_game: NewGame | None = None
) -> tuple[GameSession[Any] | None, bool]:
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
                raise SaveError("recover-needs-name")
            name = recover_save(store, args.name)
            recovered = _("recovered {save} as {new}").format(save=args.name, new=name)
            print(f"hotseat: {recovered}", file=sys.stderr)
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
    try:
        found = Players(folder).named(name.strip())
    except PlayersError as error:
        raise SetupError(said(error)) from None
    if found is None:
        raise SetupError(
            _("no registered player {name} (hotseat players list)").format(name=repr(name))
        )
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
            raise SaveError("no-tables-yet", player=player)
    else:
        name = store.most_recent(unfinished=True)
        if name is not None:
            return name
    if store.most_recent() is None:
        raise SaveError("no-saved-games", folder=store.root)
    raise SaveError("every-game-over", name=Message("name-placeholder"))


def run_app(
    store: SaveStore,
    args: argparse.Namespace,
    session: GameSession[Any] | None,
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
        language=language(),
    )
    loaded()  # the modules and the open game's history
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
        if player is None:
            print(_("No saved games in {folder}").format(folder=store.root))
        else:
            print(_("{player} has no tables").format(player=player))
        return 0
    rows: list[tuple[str, ...]] = []
    for info in infos:
        listing = info.listing
        if info.error is not None or listing is None:
            why = visible(said(info.error)) if info.error is not None else ""
            rows.append((visible(info.name), _("DAMAGED"), "", "", why))
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
    lines = []
    for row in rows:
        columns = [cell.ljust(width) for cell, width in zip(row, widths, strict=False)]
        line = "  ".join([*columns, row[4]]).rstrip()
        lines.append(line if room is None or len(line) <= room else line[: room - 1] + "…")
    sys.stdout.write("\n".join(lines) + "\n")  # one write, however the output is buffered
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
        raise SaveError("export-to-folder", file=target)
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    except FileExistsError:
        raise SaveError("export-file-exists", file=target) from None
    except OSError as err:
        raise cannot_write(target, err) from None
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
    except OSError as err:
        target.unlink(missing_ok=True)
        raise cannot_write(target, err) from None
    exported = _("exported {save} to {file}").format(save=name, file=target)
    print(f"hotseat: {exported}", file=sys.stderr)
    if in_save_folder(store, target):
        warning = _(
            "warning: files in the save folder {folder} are not read as saves; keep exports "
            "elsewhere (hotseat import {file} brings one in)"
        ).format(folder=store.root, file=_("FILE"))
        print(f"hotseat: {warning}", file=sys.stderr)
    return 0


def cannot_write(target: Path, error: OSError) -> SaveError:
    """Why `target` could not be written, in one line."""
    return SaveError("cannot-write-file", file=target, reason=error.strerror or str(error))


def import_saves(store: SaveStore, files: list[Path], recover: bool) -> int:
    """Import each save document as a new game; one line per file, exit 2 if any failed."""
    failed = False
    for path in files:
        try:
            name = import_file(store, path, recover=recover)
        except DamagedSave as error:
            failed = True
            line = _("{error}; --recover imports them") if error.replayable_moves else "{error}"
            print("hotseat: " + line.format(error=said(error)), file=sys.stderr)
        except SaveError as error:
            failed = True
            print("hotseat: " + said(error), file=sys.stderr)
        else:
            print(_("imported {file} as {save}").format(file=path.name, save=name))
    return USAGE_ERROR if failed else 0

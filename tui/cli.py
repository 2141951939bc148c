"""The `hotseat` command: home screen, new, resume, list. Bad input: one line, exit code 2."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from rules import SetupError, UnknownGame
from saves import SaveError, SaveStore, default_save_dir, validate_save_name
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
    commands.add_parser("list", parents=[common], help="list saved games")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; user mistakes and damaged saves end in one line on stderr."""
    args = build_parser().parse_args(argv)
    save_dir = getattr(args, "save_dir", None) or default_save_dir()
    store = SaveStore(Path(os.path.expanduser(str(save_dir))))
    try:
        if args.command == "list":
            return list_saves(store)
        session, resumed = open_session(store, args)
    except (SetupError, SaveError, UnknownGame) as error:
        print(f"hotseat: {error}", file=sys.stderr)
        return USAGE_ERROR
    return run_app(store, args, session, resumed)


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
        return GameSession.open(store, name), True
    return None, False


def run_app(
    store: SaveStore, args: argparse.Namespace, session: GameSession | None, resumed: bool
) -> int:
    from tui.app import DEFAULT_DELAY, HotseatApp

    app = HotseatApp(
        store, delay=getattr(args, "delay", DEFAULT_DELAY), session=session, resumed=resumed
    )
    try:
        app.run()
    finally:
        app.close_session()
    return 0


def list_saves(store: SaveStore) -> int:
    """One line per save, newest first; damaged saves say what is wrong."""
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
    return 0

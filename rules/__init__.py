"""Pure game rules for hotseat: one engine contract, four games.

Standard library only, no I/O. `GAMES` maps stable ids to `Game` objects.
"""

from collections.abc import Iterator, Mapping, Sequence
from importlib import import_module

from rules.catalog import CATALOG
from rules.engine import (
    JSON,
    MAX_NAME_LENGTH,
    Action,
    AnyGame,
    Game,
    IllegalAction,
    LogEntry,
    Option,
    SetupError,
)


class GameRegistry(Mapping[str, AnyGame]):
    """The games by id. An engine's module is imported when its game is first asked for,
    so opening one game does not pay for loading all four."""

    def __init__(self) -> None:
        self._loaded: dict[str, AnyGame] = {}

    def __getitem__(self, game_id: str) -> AnyGame:
        game = self._loaded.get(game_id)
        if game is None:
            entry = CATALOG[game_id]
            game = self._loaded[game_id] = getattr(import_module(entry.module), entry.engine)()
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(CATALOG)

    def __len__(self) -> int:
        return len(CATALOG)


GAMES = GameRegistry()


class UnknownGame(KeyError):
    """No playable game has this id: `game` is the id asked for, `known` the ids there are
    (in the catalog's order), so that a screen says it in the player's language."""

    def __init__(self, game: str, known: Sequence[str]) -> None:
        super().__init__(game, tuple(known))
        self.game = game
        self.known = tuple(known)

    def __str__(self) -> str:
        return "unknown-game " + str({"game": self.game, "known": list(self.known)})


def get_game(game_id: str) -> AnyGame:
    """The game registered under `game_id`; raises UnknownGame with the known ids."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise UnknownGame(game_id, tuple(GAMES)) from None


__all__ = [
    "GAMES",
    "JSON",
    "MAX_NAME_LENGTH",
    "Action",
    "AnyGame",
    "Game",
    "IllegalAction",
    "LogEntry",
    "Option",
    "SetupError",
    "UnknownGame",
    "get_game",
]

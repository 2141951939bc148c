"""Pure game rules for hotseat: one engine contract, four games.

Standard library only, no I/O. `GAMES` maps stable ids to `Game` objects.
"""

from rules.engine import JSON, MAX_NAME_LENGTH, Action, Game, IllegalAction, Option, SetupError
from rules.shifting_stones import ShiftingStones
from rules.three_by_three import ThreeByThree
from rules.xoxo import Xoxo
from rules.xylotar import Xylotar

GAMES: dict[str, Game] = {
    game.id: game for game in (ThreeByThree(), Xoxo(), ShiftingStones(), Xylotar())
}


class UnknownGame(KeyError):
    """No playable game has this id."""

    def __str__(self) -> str:
        return str(self.args[0])


def get_game(game_id: str) -> Game:
    """The game registered under `game_id`; raises UnknownGame with the known ids."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise UnknownGame(f"unknown game {game_id!r} (playable: {known})") from None


__all__ = [
    "GAMES",
    "JSON",
    "MAX_NAME_LENGTH",
    "Action",
    "Game",
    "IllegalAction",
    "Option",
    "SetupError",
    "UnknownGame",
    "get_game",
]

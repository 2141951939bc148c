"""Each game's UI, found from the rules' catalog: the UI package `tui.games.<engine module>`
(for `rules.xoxo`, `tui.games.xoxo`) holds everything the app shows of the game: an
`about` module with its one description, `ABOUT`, light enough for the home screen to
read; its `words` (how it says its events, refusals and status); its help, `help/en.md`
and a page for each other language (`help/de.md`); and its `screen` with the widgets it
draws, imported only when that game opens. The packages are found by name: no game is
imported until it is asked for."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import import_module
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from rules.catalog import CATALOG

if TYPE_CHECKING:
    from tui.screens.table import TableScreen


class GameUI(NamedTuple):
    """What the app needs of a game besides its engine. Words are marked with `N_` and
    said in the player's language where they are shown."""

    screen: str
    """The table screen's class, in the `screen` module of the game's UI package."""
    order: int
    """Its place in the home screen's list of games."""
    short_title: str | None = None
    """The title where the save list's Game column is too narrow for the whole one."""
    option_words: Mapping[str, tuple[str, str]] = MappingProxyType({})
    """Each table option's label and one-line help, by option name."""


def package_of(game_id: str) -> str:
    """The UI package of a game in the catalog."""
    return "tui.games." + CATALOG[game_id].module.rpartition(".")[2]


@cache
def about(game_id: str) -> GameUI:
    """The description of a game in the catalog (KeyError for any other id)."""
    found: GameUI = import_module(package_of(game_id) + ".about").ABOUT
    return found


def described(game_id: str) -> GameUI | None:
    """The description of `game_id`, or None for an id the catalog does not hold (a
    save from elsewhere, a help topic that is no game)."""
    return about(game_id) if game_id in CATALOG else None


def words_module(game_id: str) -> str:
    """The module that says a game's facts (`tui.words.GameWords`)."""
    return package_of(game_id) + ".words"


def game_order() -> list[str]:
    """The catalog's games in the order the home screen lists them."""
    return sorted(CATALOG, key=lambda game_id: about(game_id).order)


def screen_class(game_id: str) -> type[TableScreen[Any]]:
    """The table screen class for `game_id`, importing its module on first use."""
    module = import_module(package_of(game_id) + ".screen")
    found: type[TableScreen[Any]] = getattr(module, about(game_id).screen)
    return found

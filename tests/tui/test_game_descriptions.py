"""Every game in the catalog is described once for the app (`tui.catalog.about`) and keeps
in its UI package its table screen, the words for its facts and its help in English and
German; its place on the home screen and the words of its options are in its
description. Nothing outside a game's own package names it."""

from __future__ import annotations

import re
from importlib import import_module
from importlib.resources import files
from pathlib import Path

import pytest

from rules import GAMES
from rules.catalog import CATALOG
from tui.catalog import about, game_order, package_of, screen_class, words_module
from tui.screens.table import TableScreen

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", sorted(CATALOG))
def test_every_game_opens_on_a_table_screen_of_its_own(game_id: str) -> None:
    assert issubclass(screen_class(game_id), TableScreen)


@pytest.mark.parametrize("game_id", sorted(CATALOG))
def test_every_game_says_its_facts_in_words(game_id: str) -> None:
    words = import_module(words_module(game_id))
    assert all(
        callable(getattr(words, name, None))
        for name in ("event_text", "refusal_text", "status_text", "reason_text")
    )


@pytest.mark.parametrize("game_id", sorted(CATALOG))
def test_every_game_has_its_help_in_english_and_german(game_id: str) -> None:
    folder = files(package_of(game_id)) / "help"
    assert (folder / "en.md").is_file() and (folder / "de.md").is_file()


@pytest.mark.parametrize("game_id", sorted(CATALOG))
def test_the_words_of_a_games_options_name_options_it_has(game_id: str) -> None:
    names = {option.name for option in GAMES[game_id].options}
    assert set(about(game_id).option_words) <= names


def test_the_home_screen_lists_every_game_once() -> None:
    assert sorted(game_order()) == sorted(CATALOG)
    assert len({about(game_id).order for game_id in CATALOG}) == len(CATALOG)


def outside_the_games(pattern: re.Pattern[str], *also: Path) -> list[str]:
    """The modules of tui/, remote/ and hotseat/ outside every game's UI package (and `also`) whose
    text `pattern` finds."""
    own = {Path(package_of(g).replace(".", "/")) for g in CATALOG} | set(also)
    return [
        str(path.relative_to(ROOT))
        for folder in ("tui", "remote", "hotseat")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if not any(path.relative_to(ROOT).is_relative_to(mine) for mine in own)
        and pattern.search(path.read_text(encoding="utf-8"))
    ]


def test_no_module_outside_a_games_own_names_it_by_its_id() -> None:
    """Only a game's UI package writes its id: everything else finds the game from the
    catalog."""
    ids = re.compile("|".join(re.escape(f'"{game_id}"') for game_id in CATALOG))
    assert outside_the_games(ids) == []


def test_no_module_outside_a_games_own_imports_its_package() -> None:
    """The app reaches a game's screen, words and help through the catalog alone (the
    finder, `tui/catalog.py`, names the packages only by the catalog's modules)."""
    packages = sorted(package_of(g) for g in CATALOG)
    imports = re.compile("|".join(re.escape(package) for package in packages))
    assert outside_the_games(imports, Path("tui/catalog.py")) == []

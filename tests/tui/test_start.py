"""How the `hotseat` command starts: the program loads with the garbage collector off,
and the collector runs again for whatever the command then does; the home screen loads
nothing it does not show."""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Iterator

import pytest

from hotseat import cli, start
from saves import SaveStore

from tui_helpers import new_session


@pytest.fixture(autouse=True)
def collector_as_found() -> Iterator[None]:
    """Each test leaves the collector of the test process as it found it."""
    yield
    gc.unfreeze()
    gc.enable()


def test_the_arguments_are_read_with_the_collector_off(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[bool] = []
    build_parser = cli.build_parser

    def watched() -> object:
        seen.append(gc.isenabled())
        return build_parser()

    monkeypatch.setattr(cli, "build_parser", watched)
    assert start.main(["list", "--save-dir", str(store.root)]) == 0
    assert seen == [False]


def test_a_command_without_the_app_runs_with_the_collector_on(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[bool] = []
    monkeypatch.setattr(cli, "list_saves", lambda *args: seen.append(gc.isenabled()) or 0)
    assert start.main(["list", "--save-dir", str(store.root)]) == 0
    assert seen == [True]


def test_what_was_loaded_is_out_of_the_collectors_way_once_it_runs(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    gc.unfreeze()
    frozen: list[int] = []
    monkeypatch.setattr(cli, "list_saves", lambda *args: frozen.append(gc.get_freeze_count()) or 0)
    assert start.main(["list", "--save-dir", str(store.root)]) == 0
    assert frozen[0] > 0


def test_the_app_runs_with_the_collector_on(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tui.app import HotseatApp

    seen: list[bool] = []
    monkeypatch.setattr(HotseatApp, "run", lambda self: seen.append(gc.isenabled()))
    assert start.main(["--save-dir", str(store.root)]) == 0
    assert seen == [True]


def test_the_collector_is_on_again_after_a_command_that_failed(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert start.main(["resume", "nothing-here", "--save-dir", str(store.root)]) == 2
    assert gc.isenabled()


HOME_ONLY = """
import asyncio, sys
from pathlib import Path
from saves import SaveStore
from tui.app import HotseatApp

async def home() -> None:
    app = HotseatApp(SaveStore(Path(sys.argv[1])))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#saves").row_count == 1

asyncio.run(home())
print(" ".join(sorted(name for name in sys.argv[2:] if name in sys.modules)))
"""

NOT_SHOWN_AT_HOME = (
    "rules.xoxo",
    "rules.three_by_three",
    "rules.shifting_stones",
    "rules.xylotar",
    "rules.bots.xoxo",
    "rules.bots.three_by_three",
    "tui.screens.table",
    "tui.screens.handoff",
    "tui.screens.take_over",
    "tui.screens.new_game",
    "tui.screens.help",
    "tui.games.xoxo.screen",
    "tui.games.three_by_three.screen",
    "remote",
    "asyncssh",
    "rich._emoji_codes",
)
"""Engines, computer players, tables, dialogs, help, the SSH host, and Rich's emoji table
(loaded by the first text parsed as markup)."""


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("xoxo", "tui.games.xoxo.words"),
        ("3x3", "tui.games.three_by_three.words"),
        ("shifting-stones", "tui.games.shifting_stones.words"),
        ("xylotar", "tui.games.xylotar.words"),
    ],
)
def test_the_home_screen_says_a_save_in_its_words_without_loading_its_game(
    store: SaveStore, game: str, words: str
) -> None:
    new_session(store, "Ann,Bob", name="friday", game=game).close()
    child = subprocess.run(
        [sys.executable, "-c", HOME_ONLY, str(store.root), words, *NOT_SHOWN_AT_HOME],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (child.stdout, child.stderr) == (words + "\n", "")

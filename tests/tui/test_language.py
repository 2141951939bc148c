"""Choosing the language: the locale as a user expects, overridden by --lang and
HOTSEAT_LANG, switched in the app and remembered (per registered player at a host)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hotseat.cli import flag_value
from saves import SaveStore
from tui import i18n
from tui.screens.home import HomeScreen, played_when
from tui.settings import settings_file

from tui_helpers import app_for, new_session, screen_text, type_fast, until


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_AT.UTF-8"}, "de"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "en_US.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "de:en"}, "de"),
        ({"LANGUAGE": ":", "LANG": "de_DE.UTF-8"}, "de"),
    ],
)
def test_the_locale_decides_as_a_user_expects(environ: dict[str, str], language: str) -> None:
    assert i18n.from_locale(environ) == language


def test_without_a_locale_nothing_is_decided() -> None:
    assert i18n.from_locale({}) is None


def test_lang_wins_over_hotseat_lang_and_that_over_the_locale() -> None:
    german = {"LANG": "de_DE.UTF-8"}
    assert i18n.choose("en", {**german, "HOTSEAT_LANG": "de"}) == "en"
    assert i18n.choose(None, {"LANG": "en_US.UTF-8", "HOTSEAT_LANG": "de"}) == "de"
    assert i18n.choose(None, german) == "de"
    assert i18n.choose(None, {}) == "en"


def test_a_language_hotseat_does_not_speak_is_passed_over() -> None:
    assert i18n.choose(None, {"HOTSEAT_LANG": "fr", "LANG": "de_DE.UTF-8"}) == "de"


def test_the_language_chosen_in_the_app_wins_over_the_locale() -> None:
    i18n.remember("de")
    assert i18n.choose(None, {"LANG": "en_US.UTF-8"}) == "de"
    assert i18n.choose("en", {}) == "en"


def test_each_registered_player_keeps_their_own_language() -> None:
    i18n.remember("de", "Ann")
    i18n.remember("en", "Bob")
    assert i18n.remembered("Ann") == "de"
    assert i18n.remembered("Bob") == "en"
    assert i18n.remembered("Cy") is None
    assert i18n.remembered() is None


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"language": "fr"}', ""])
def test_an_unreadable_settings_file_leaves_the_choice_to_the_locale(content: str) -> None:
    settings_file().parent.mkdir(parents=True, exist_ok=True)
    settings_file().write_text(content)
    assert i18n.choose(None, {"LANG": "de_DE.UTF-8"}) == "de"
    i18n.remember("en")
    assert json.loads(settings_file().read_text())["language"] == "en"


def test_a_settings_folder_that_cannot_be_written_costs_no_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("HOTSEAT_CONFIG_DIR", str(blocker / "inside"))
    i18n.remember("de")
    assert i18n.remembered() is None


@pytest.mark.parametrize(
    ("argv", "value"),
    [(["--lang", "de", "list"], "de"), (["--lang=en"], "en"), (["list"], None), (["--lang"], None)],
)
def test_the_lang_flag_is_read_before_the_parser_exists(argv: list[str], value: str | None) -> None:
    assert flag_value(argv, "--lang") == value


def test_dates_are_written_as_the_language_writes_them() -> None:
    i18n.use("de")
    assert played_when("2026-11-28T19:30:00", 2026).endswith("19:30")
    assert played_when("2026-11-28T19:30:00", 2026).startswith("28.11.")
    assert played_when("2025-11-28T12:00:00", 2026) == "28.11.2025"
    i18n.use("en")
    assert played_when("2025-11-28T12:00:00", 2026) == "2025-11-28"


async def test_s_on_the_home_screen_speaks_german_and_remembers_it(store: SaveStore) -> None:
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "New game" in screen_text(app))
        await pilot.press("s")
        await until(pilot, lambda: "Neues Spiel" in screen_text(app))
        assert "Gespeicherte Spiele" in screen_text(app)
        assert i18n.remembered() == "de"
        await pilot.press("s")
        await until(pilot, lambda: "New game" in screen_text(app))
        assert i18n.remembered() == "en"


async def test_a_registered_players_switch_is_theirs_alone(store: SaveStore) -> None:
    app = app_for(store)
    app.player = "Ann"
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("s")
        await until(pilot, lambda: "Neues Spiel" in screen_text(app))
    assert i18n.remembered("Ann") == "de"
    assert i18n.remembered() is None


@pytest.mark.parametrize("keys", [["enter", "s"], ["s", "enter"], ["down", "s", "up"], ["s", "s"]])
async def test_keys_that_arrive_with_s_never_crash_the_home_screen(
    store: SaveStore, keys: list[str]
) -> None:
    """s says the home screen again; a key typed together with it (Enter on a save,
    one that moves the cursor, a second s) finds it whole or waits."""
    new_session(store, "Ann,cpu:Bob", seed=3).close()
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "table" in screen_text(app))
        type_fast(app, keys)
        await pilot.pause()
    assert app.crash is None

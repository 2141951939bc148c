"""Fixtures for the app tests: a private save folder, fixed time zone, app builders."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from saves import SaveStore
from tui import palette


@pytest.fixture(autouse=True)
def fixed_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Saves and crash logs in a temp folder, times in UTC, the home screen's year fixed
    and full colour whatever the terminal running the tests (also for pieces drawn
    without an app), so screens look the same everywhere, every year, in any order."""
    monkeypatch.setenv("HOTSEAT_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("HOTSEAT_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setenv("TZ", "UTC")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr("textual.constants.COLOR_SYSTEM", "truecolor")
    monkeypatch.setattr("tui.screens.home.this_year", lambda: 2026)
    palette.use("full")
    time.tzset()
    yield
    palette.use("full")
    time.tzset()


@pytest.fixture(autouse=True)
def a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line runs as from a terminal (pytest's standard streams are not one)."""
    monkeypatch.setattr("tui.cli.has_terminal", lambda: True)


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    return SaveStore(Path(os.environ["HOTSEAT_SAVE_DIR"]))


@pytest.fixture
def no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app starts as under NO_COLOR=1 (Textual then draws every colour as grey)."""
    monkeypatch.setenv("NO_COLOR", "1")


@pytest.fixture
def sixteen_colours(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app starts as in a terminal with only the 16 basic colours."""
    monkeypatch.setattr("textual.constants.COLOR_SYSTEM", "standard")

"""Fixtures for the app tests: a private save folder, fixed time zone, app builders."""

from __future__ import annotations

import inspect
import os
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
import textual._wait
from textual.app import App
from textual.pilot import Pilot

from saves import SaveStore
from tui import palette

from tui_helpers import pause_to_rest, shown

IDLE_POLL = 1 / 500
"""Seconds Textual's pilot sleeps while it waits for the app to go idle after a key or a
pause (its own default is 1/50: 40 ms a key). Every test waits for the condition it
checks (`until`), so the pilot needs to be no slower than a short poll."""

assert hasattr(textual._wait, "SLEEP_GRANULARITY") and hasattr(textual._wait, "SLEEP_IDLE")
textual._wait.SLEEP_GRANULARITY = IDLE_POLL
textual._wait.SLEEP_IDLE = IDLE_POLL / 20


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
    monkeypatch.setattr("hotseat.cli.has_terminal", lambda: True)


@pytest.fixture(autouse=True)
def pauses_to_rest(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pilot's pause without a delay lasts until the screen is drawn whole (the footer
    rebuilt, the logs scrolled: `pause_to_rest`), so no test looks at a screen halfway."""
    monkeypatch.setattr(Pilot, "pause", pause_to_rest)


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


@pytest.fixture
def snap_compare(snap_compare: Callable[..., bool]) -> Callable[..., bool]:
    """The snapshot plugin's `snap_compare`, with the keys pressed first and the picture
    taken only once the picture has come to rest (`shown`), never after a fixed time."""

    def compare(
        app: App[Any],
        press: Iterable[str] = (),
        terminal_size: tuple[int, int] = (80, 24),
        run_before: Callable[[Pilot[Any]], Awaitable[None] | None] | None = None,
    ) -> bool:
        async def then_settle(pilot: Pilot[Any]) -> None:
            if run_before is not None:
                result = run_before(pilot)
                if inspect.isawaitable(result):
                    await result
            await pilot.press(*press)
            await shown(pilot)

        return snap_compare(app, terminal_size=terminal_size, run_before=then_settle)

    return compare

"""How the `hotseat` command starts: the program loads with the garbage collector off,
and the collector runs again for whatever the command then does."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from hotseat import cli, start
from saves import SaveStore


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


def test_the_app_runs_with_the_collector_on(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tui.app import HotseatApp

    seen: list[bool] = []
    monkeypatch.setattr(cli, "has_terminal", lambda: True)
    monkeypatch.setattr(HotseatApp, "run", lambda self: seen.append(gc.isenabled()))
    assert start.main(["--save-dir", str(store.root)]) == 0
    assert seen == [True]


def test_the_collector_is_on_again_after_a_command_that_failed(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "has_terminal", lambda: True)
    assert start.main(["resume", "nothing-here", "--save-dir", str(store.root)]) == 2
    assert gc.isenabled()

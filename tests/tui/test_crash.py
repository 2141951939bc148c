"""A bug that escapes: one plain line for the player, the traceback in a log file, exit 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from hotseat import cli
from saves import SaveStore

from tui_helpers import app_for, new_session, play_bots_until


class Boom(Exception):
    """A stand-in for a bug in a screen."""


async def test_a_bug_says_the_game_is_saved_and_where_the_details_are(
    store: SaveStore,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("HOTSEAT_STATE_DIR", str(tmp_path / "state"))
    session = new_session(store, "Ann,Bob", seed=3)
    play_bots_until(session, lambda s: len(s.record.actions) >= 4)
    app = app_for(store, session, resumed=True)

    def bug() -> None:
        raise Boom("a bug in a screen")

    with pytest.raises(Boom):
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.call_later(bug)
            await pilot.pause()
    (log,) = (tmp_path / "state").glob("crash-*.log")
    assert app.crash == f"hotseat hit a bug; your game is saved at move 4; details in {log}"
    assert "Traceback" not in capsys.readouterr().err
    assert "Boom: a bug in a screen" in log.read_text()
    assert log.stat().st_mode & 0o777 == 0o600
    assert len(store.record("table")[1].actions) == 4


def test_the_command_prints_the_message_and_exits_with_status_1_after_a_bug(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import tui.app

    def crashing_run(self: tui.app.HotseatApp) -> None:
        self.crash = "hotseat hit a bug; nothing was lost; details in x"

    monkeypatch.setattr(tui.app.HotseatApp, "run", crashing_run)
    assert cli.main(["--save-dir", str(store.root)]) == 1
    assert capsys.readouterr().err == "hotseat hit a bug; nothing was lost; details in x\n"

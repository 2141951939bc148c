"""The command line: mistakes end in one clear line and exit code 2, never a traceback."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from hotseat.cli import main
from saves import SaveStore

from tui_helpers import new_session, play_bots_until, replace_move, run_cli, stored_bytes


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["new", "chess", "--players", "Ann,Bob"], "unknown game 'chess' (games: 3x3, xoxo"),
        (["new", "xoxx", "--players", "Ann,Bob"], "unknown game 'xoxx'; did you mean xoxo?"),
        (["new", "xoxo", "--players", ""], "--players is empty; XOXO needs 2 to 4 names"),
        (["new", "xoxo", "--players", "Ann,Bob", "--save-dir", ""], "--save-dir needs a folder"),
        (["new", "xoxo", "--players", "cpu:"], "player names must not be empty (--players 'cpu:')"),
        (["new", "3x3", "--players"], "--players needs a value (see hotseat new --help)"),
        (["new", "3x3", "--players", "Ann"], "needs 2 to 11 players, not 1"),
        (
            ["new", "xylotar", "--players", "Ann,Bob", "--option", "colour=on"],
            "Xylotar has no option 'colour' (options: sorting-memory)",
        ),
        (
            ["new", "xylotar", "--players", "Ann,Bob", "--option", "sorting-memory=maybe"],
            "option sorting-memory takes off/on",
        ),
        (["new", "3x3", "--players", "Ann,Bob", "--option", "x=1"], "(options: none)"),
        (["new", "3x3", "--players", ",".join(f"P{i}" for i in range(12))], "not 12"),
        (["new", "3x3", "--players", "Ann,"], "must not be empty"),
        (["new", "3x3", "--players", "Ann,ann"], "two players are called"),
        (["new", "3x3", "--players", "Ann,Bob", "--seed", "abc"], "seed must be a whole number"),
        (["new", "3x3", "--players", "Ann,Bob", "--name", "../x"], "not a valid save name"),
        (
            ["new", "3x3", "--players", "Ann,Bob", "--delay", "soon"],
            "--delay needs seconds from 0 to 10, not 'soon'",
        ),
        (["new", "3x3"], "required: --players"),
        (["resume"], "no saved games"),
        (["resume", "nothing-here"], "nothing-here"),
        (["frobnicate"], "unknown command 'frobnicate'; commands: new, resume, list"),
        (["reusme"], "unknown command 'reusme'; did you mean resume?"),
    ],
)
def test_bad_input_gives_one_line_and_exit_code_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    code, out, err = run_cli(capsys, *argv)
    assert code == 2
    assert says in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err + out


def test_unwritable_save_dir_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("x")
    code, _, err = run_cli(
        capsys, "new", "3x3", "--players", "Ann,Bob", "--save-dir", str(blocked / "saves")
    )
    assert code == 2
    assert "cannot write saves" in err
    assert len(err.strip().splitlines()) == 1


def test_a_file_given_as_save_folder_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x")
    code, out, err = run_cli(capsys, "list", "--save-dir", str(a_file))
    assert (code, out) == (2, "")
    assert (
        err == f"hotseat: --save-dir {a_file} is a file, not a folder (see hotseat list --help)\n"
    )


def test_list_shows_game_players_and_whose_turn(
    capsys: pytest.CaptureFixture[str], store: SaveStore
) -> None:
    new_session(store, "Ann,cpu:Bob", name="friday").close()
    code, out, _ = run_cli(capsys, "list")
    assert code == 0
    assert "friday" in out
    assert "3 x 3" in out
    assert "Ann, Bob (cpu)" in out
    assert "'s turn" in out


def test_list_names_a_game_whose_stored_row_is_damaged(
    capsys: pytest.CaptureFixture[str], store: SaveStore
) -> None:
    new_session(store, "Ann,cpu:Bob", name="broken").close()
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE games SET players = '[oops' WHERE name = 'broken'")
    db.close()
    code, out, _ = run_cli(capsys, "list")
    assert code == 0
    assert "broken" in out and "DAMAGED" in out


def test_an_old_json_save_that_cannot_be_imported_is_named_and_left_alone(
    capsys: pytest.CaptureFixture[str], store: SaveStore
) -> None:
    store.root.mkdir(parents=True)
    broken = store.root / "broken.json"
    broken.write_bytes(b'{"format": "hotseat-save", "vers')
    before = broken.read_bytes()
    code, out, err = run_cli(capsys, "list")
    assert code == 0
    assert "1 could not be imported (broken.json)" in err
    assert len(err.strip().splitlines()) == 1
    assert "No saved games" in out
    assert broken.read_bytes() == before


def test_resume_of_a_damaged_save_says_why_in_one_line(
    capsys: pytest.CaptureFixture[str], store: SaveStore
) -> None:
    broken_at(store, 6)
    code, _, err = run_cli(capsys, "resume", "broken")
    assert code == 2
    assert "broken: move 6" in err and "moves 1-5 can be resumed" in err
    assert len(err.strip().splitlines()) == 1


def test_a_refused_resume_changes_no_byte_of_the_database(
    capsys: pytest.CaptureFixture[str], store: SaveStore
) -> None:
    broken_at(store, 12)
    run_cli(capsys, "list")  # the folder as hotseat left it on an earlier day
    store.close()
    before = stored_bytes(store)
    code, _, err = run_cli(capsys, "resume", "broken")
    assert code == 2 and "broken: move 12" in err
    assert stored_bytes(store) == before


def broken_at(store: SaveStore, move: int) -> None:
    """A two-player save "broken" whose stored move `move` does not replay."""
    session = new_session(store, "Ann,Bob", name="broken")
    play_bots_until(session, lambda s: len(s.record.actions) >= move + 2)
    session.close()
    replace_move(store, "broken", move, {"type": "take", "extra": 1})


def test_resume_of_a_save_open_elsewhere_names_the_holder(
    capsys: pytest.CaptureFixture[str], store: SaveStore
) -> None:
    session = new_session(store, "Ann,Bob", name="busy")
    try:
        code, _, err = run_cli(capsys, "resume", "busy")
    finally:
        session.close()
    assert code == 2
    assert f"pid {os.getpid()}" in err and "--take-over" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("argv", [["new", "xoxo", "--players", "Ann,Bob"], ["resume"], []])
def test_without_a_terminal_the_app_says_so_in_one_line_and_changes_nothing(
    tmp_path: Path, argv: list[str]
) -> None:
    env = dict(os.environ, HOTSEAT_SAVE_DIR=str(tmp_path / "saves"))
    done = subprocess.run(
        [sys.executable, "-m", "hotseat", *argv],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr == "hotseat needs a terminal (with ssh, use ssh -t)\n"
    assert done.stdout == ""
    assert not (tmp_path / "saves").exists()


@pytest.mark.parametrize("command", ["list", "export"])
def test_output_into_a_closed_pipe_ends_quietly(store: SaveStore, command: str) -> None:
    new_session(store, "Ann,Bob", name="friday").close()
    argv = [sys.executable, "-m", "hotseat", command, *(["friday"] if command == "export" else [])]
    env = dict(os.environ, HOTSEAT_SAVE_DIR=str(store.root))
    child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()
    errors = child.stderr.read().decode()
    assert child.wait(timeout=60) == 1
    assert errors == ""


def test_output_to_a_full_disk_is_one_line(store: SaveStore) -> None:
    new_session(store, "Ann,Bob", name="friday").close()
    env = dict(os.environ, HOTSEAT_SAVE_DIR=str(store.root))
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "hotseat", "list"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            check=False,
            timeout=60,
        )
    assert done.returncode == 2
    assert done.stderr == "hotseat: cannot write the output: No space left on device\n"


def test_an_exported_file_is_private_like_the_database(
    capsys: pytest.CaptureFixture[str], store: SaveStore, tmp_path: Path
) -> None:
    new_session(store, "Ann,Bob", name="friday").close()
    target = tmp_path / "friday.json"
    code, _, err = run_cli(capsys, "export", "friday", str(target))
    assert code == 0 and "exported friday" in err
    assert target.stat().st_mode & 0o777 == 0o600
    assert json.loads(target.read_text()) == store.document("friday")


def test_import_of_a_file_with_a_refused_move_offers_and_does_the_recovery(
    capsys: pytest.CaptureFixture[str], store: SaveStore, tmp_path: Path
) -> None:
    session = new_session(store, "Ann,Bob", name="friday")
    play_bots_until(session, lambda s: len(s.record.actions) >= 8)
    session.close()
    document = store.document("friday")
    document["actions"][5] = [document["actions"][5][0], {"type": "take", "extra": 1}]
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps(document))
    code, out, err = run_cli(capsys, "import", str(damaged))
    assert code == 2 and out == ""
    assert err.endswith("moves 1-5 can be resumed as a new save; --recover imports them\n")
    code, out, _ = run_cli(capsys, "import", "--recover", str(damaged))
    assert (code, out) == (0, "imported damaged.json as damaged\n")
    assert len(store.record("damaged")[1].actions) == 5


def test_python_dash_m_tui_runs_the_cli(tmp_path: Path) -> None:
    env = dict(os.environ, HOTSEAT_SAVE_DIR=str(tmp_path / "empty"))
    done = subprocess.run(
        [sys.executable, "-m", "hotseat", "list"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0
    assert "No saved games" in done.stdout


def test_a_table_option_from_the_command_line_is_saved_with_the_game(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hotseat import cli
    from tui.model import GameSession, parse_options

    assert parse_options("xylotar", ["Sorting_Memory=ON"]) == {"sorting_memory": True}
    opened: list[dict[str, object]] = []

    def run_app(
        _store: SaveStore, _args: object, session: GameSession, _resumed: bool, _notice: object
    ) -> int:
        opened.append(dict(session.record.options))
        session.close()
        return 0

    monkeypatch.setattr(cli, "run_app", run_app)
    argv = ["new", "xylotar", "--players", "Ann,cpu:Bob", "--option", "sorting-memory=on"]
    assert main([*argv, "--save-dir", str(store.root), "--name", "opt"]) == 0
    assert opened == [{"sorting_memory": True}]


@pytest.mark.parametrize("delay", ["-1", "11", "nan"])
def test_a_delay_out_of_range_is_named_once(capsys: pytest.CaptureFixture[str], delay: str) -> None:
    code, _, err = run_cli(capsys, "new", "3x3", "--players", "Ann,Bob", "--delay", delay)
    assert code == 2
    assert err == (
        f"hotseat: --delay needs seconds from 0 to 10, not '{delay}' (see hotseat new --help)\n"
    )


def test_new_help_lists_every_game_id_with_its_title(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "new", "--help")
    assert code == 0
    listed = out.split("games:\n", 1)[1].splitlines()
    assert [line.split(None, 1) for line in listed] == [
        ["3x3", "3 x 3"],
        ["xoxo", "XOXO"],
        ["shifting-stones", "Shifting Stones"],
        ["xylotar", "Xylotar"],
    ]


def test_version_is_the_installed_packages(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    code, out, _ = run_cli(capsys, "--version")
    assert (code, out) == (0, f"hotseat {version('hotseat')}\n")


def opened_by(store: SaveStore, monkeypatch: pytest.MonkeyPatch, *argv: str) -> list[str]:
    """The names of the sessions the command opens, without showing the app."""
    from hotseat import cli
    from tui.model import GameSession

    opened: list[str] = []

    def run_app(
        _store: SaveStore, _args: object, session: GameSession, _resumed: bool, _notice: object
    ) -> int:
        opened.append(session.name)
        session.close()
        return 0

    monkeypatch.setattr(cli, "run_app", run_app)
    assert main([*argv, "--save-dir", str(store.root)]) == 0
    return opened


@pytest.mark.parametrize(
    ("named", "game"),
    [
        ("XOXO", "xoxo"),
        ("Shifting Stones", "shifting-stones"),
        ("shifting_stones", "shifting-stones"),
        ("3 x 3", "3x3"),
    ],
)
def test_a_game_may_be_named_by_its_title_or_in_capitals(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch, named: str, game: str
) -> None:
    opened = opened_by(store, monkeypatch, "new", named, "--players", "Ann,cpu:Bob")
    [info] = store.list()
    assert info.game == game
    assert opened == [info.name]


def test_resume_without_a_name_continues_the_most_recent_unfinished_game(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_session(store, "Ann,Bob", name="going-on").close()
    done = new_session(store, "Ann,Bob", name="done")
    play_bots_until(done, lambda s: s.over)
    done.close()
    assert store.most_recent() == "done"
    assert opened_by(store, monkeypatch, "resume") == ["going-on"]


def test_resume_without_a_name_says_when_every_game_is_over(
    capsys: pytest.CaptureFixture[str], store: SaveStore
) -> None:
    done = new_session(store, "Ann,Bob", name="done")
    play_bots_until(done, lambda s: s.over)
    done.close()
    code, _, err = run_cli(capsys, "resume")
    assert code == 2
    assert err.startswith("hotseat: every saved game is over: hotseat list shows them")
    assert len(err.strip().splitlines()) == 1


def test_a_finished_game_still_opens_by_its_name(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    done = new_session(store, "Ann,Bob", name="done")
    play_bots_until(done, lambda s: s.over)
    done.close()
    assert opened_by(store, monkeypatch, "resume", "done") == ["done"]


def test_a_mistake_in_the_arguments_is_named_before_the_missing_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("hotseat.cli.has_terminal", lambda: False)
    code, _, err = run_cli(capsys, "new", "xoxx", "--players", "Ann,Bob")
    assert code == 2
    assert err.startswith("hotseat: unknown game 'xoxx'; did you mean xoxo?")


def test_list_lines_up_its_columns_whatever_the_length_of_the_names(
    capsys: pytest.CaptureFixture[str], store: SaveStore
) -> None:
    new_session(store, "Ann,Bob", name="shifting-stones-2026-12-01-1044-2").close()
    new_session(store, "Ann,cpu:Bob", name="friday").close()
    _, out, _ = run_cli(capsys, "list")
    lines = out.splitlines()
    assert [line.index("3 x 3") for line in lines] == [35, 35]
    assert [line.index("Ann's turn") for line in lines] == [42, 42]


def test_list_cuts_its_lines_to_the_terminal_width(
    store: SaveStore, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    new_session(store, "Annabelle Longname-One,Bob,cpu:Carla,cpu:Dmitri", name="evening").close()
    monkeypatch.setattr("hotseat.cli.output_width", lambda: 40)
    code, out, _ = run_cli(capsys, "list")
    assert code == 0
    assert all(len(line) <= 40 for line in out.splitlines())
    assert out.splitlines()[0].startswith("evening") and out.splitlines()[0].endswith("…")


def test_every_package_and_its_data_files_ship_in_the_wheel() -> None:
    """Every folder with an `__init__.py` is a package the wheel finds, and every data
    file in one is named by a glob of its package or of a package above it."""
    import fnmatch
    import tomllib

    root = Path(__file__).resolve().parents[2]
    setup = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
    include, data = setup["packages"]["find"]["include"], setup["package-data"]
    found = {
        ".".join(init.parent.relative_to(root).parts)
        for top in ("rules", "saves", "remote", "tui", "hotseat")
        for init in (root / top).rglob("__init__.py")
    }
    assert all(any(fnmatch.fnmatch(package, glob) for glob in include) for package in found)
    assert set(data) <= found
    unshipped = []
    for file in root.glob("*/**/*"):
        if file.suffix not in (".tcss", ".md", ".txt", ".mo"):
            continue
        parts = file.relative_to(root).parts
        if parts[0] not in ("rules", "saves", "remote", "tui", "hotseat"):
            continue
        owners = [".".join(parts[:n]) for n in range(1, len(parts))]
        if not any(
            fnmatch.fnmatch("/".join(parts[len(owner.split(".")) :]), glob)
            for owner in owners
            if owner in found
            for glob in data.get(owner, [])
        ):
            unshipped.append("/".join(parts))
    assert unshipped == []

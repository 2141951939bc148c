"""The one-time import of an old save folder (one JSON file per game): every good file
comes in once, under its own name; the files are left exactly as they were; the report
names what could not come in."""

from __future__ import annotations

import pytest
from save_helpers import played, snapshot

import saves.exchange
from hotseat.cli import main
from saves import export_game, import_old_saves
from saves.database import FILENAME
from saves.record import encode
from tui.words.saves import save_text

LEFTOVERS = {
    "evening.json.bak": b"{}",
    ".evening.lock": b"pid 1",
    ".evening.json.0123456789abcdef.tmp": b"{",
    ".hidden.json": b"{",
    "notes.txt": b"hello",
}
"""What the old store left beside its saves: backups, lock and temp files, other files."""


@pytest.fixture
def old_folder(store):
    """The save folder as the old store left it: two good saves, a broken one, leftovers."""
    store.root.mkdir(mode=0o700)
    evening, friday = played(10)[0], played(3, seed=2)[0]
    (store.root / "evening.json").write_bytes(encode(evening))
    (store.root / "friday.json").write_bytes(encode(friday))
    (store.root / "broken.json").write_bytes(b'{"format": "hotseat-save", "version": 1')
    for name, content in LEFTOVERS.items():
        (store.root / name).write_bytes(content)
    return {"evening": evening, "friday": friday}


def _old_files(folder) -> dict:
    return {k: v for k, v in snapshot(folder).items() if not k.startswith(FILENAME)}


def test_good_old_saves_come_in_and_the_report_names_the_failures(store, old_folder):
    report = import_old_saves(store)

    assert save_text(report) == (
        f"imported 2 old save files from {store.root} into {FILENAME} "
        "(the .json files are left as they were); 1 could not be imported (broken.json): "
        "try hotseat import FILE"
    )
    assert sorted(info.name for info in store.list()) == ["evening", "friday"]
    for name, record in old_folder.items():
        assert store.load(name)[0] == record


def test_old_save_files_are_left_byte_for_byte_as_they_were(store, old_folder):
    before = _old_files(store.root)

    import_old_saves(store)
    import_old_saves(store)

    assert _old_files(store.root) == before


def test_old_saves_are_imported_only_once(store, old_folder, stores):
    import_old_saves(store)
    listing = [(info.name, info.summary) for info in store.list()]

    assert import_old_saves(store) is None
    assert import_old_saves(stores()) is None
    assert [(info.name, info.summary) for info in store.list()] == listing


def test_an_import_stopped_half_way_goes_on_where_it_stopped(store, old_folder, monkeypatch):
    real_replayed = saves.exchange._replayed

    def interrupted(path, recover):
        if path.name == "friday.json":
            raise KeyboardInterrupt
        return real_replayed(path, recover)

    monkeypatch.setattr(saves.exchange, "_replayed", interrupted)
    with pytest.raises(KeyboardInterrupt):
        import_old_saves(store)
    monkeypatch.undo()
    assert [info.name for info in store.list()] == ["evening"]

    report = import_old_saves(store)

    assert save_text(report).startswith("imported 1 old save file from")
    assert sorted(info.name for info in store.list()) == ["evening", "friday"]


def test_two_terminals_importing_at_once_bring_each_old_save_in_once(
    store, old_folder, stores, monkeypatch
):
    real_replayed = saves.exchange._replayed
    others = [stores()]

    def meanwhile(path, recover):
        """While this terminal reads friday.json, another one imports the whole folder."""
        record = real_replayed(path, recover)
        if path.name == "friday.json" and others:
            import_old_saves(others.pop())
        return record

    monkeypatch.setattr(saves.exchange, "_replayed", meanwhile)
    import_old_saves(store)

    assert sorted(info.name for info in store.list()) == ["evening", "friday"]


def test_a_folder_without_old_saves_gets_no_report_and_no_database(store):
    assert import_old_saves(store) is None
    store.root.mkdir()
    (store.root / "notes.txt").write_text("hello")

    assert import_old_saves(store) is None
    assert not store.path.exists()


def test_old_saves_whose_names_differ_only_by_case_both_come_in(store):
    store.root.mkdir()
    (store.root / "Friday.json").write_bytes(encode(played(2)[0]))
    (store.root / "friday.json").write_bytes(encode(played(4)[0]))

    assert save_text(import_old_saves(store)).startswith("imported 2 old save files")

    assert {info.name: info.summary["moves"] for info in store.list()} == {
        "Friday": 2,
        "friday-2": 4,
    }


def test_an_old_save_named_like_a_windows_device_comes_in_under_a_new_name(store):
    store.root.mkdir()
    (store.root / "con.json").write_bytes(encode(played(2)[0]))
    (store.root / "nul.v2.json").write_bytes(encode(played(2)[0]))

    assert save_text(import_old_saves(store)).startswith("imported 2 old save files")

    assert sorted(info.name for info in store.list()) == ["con-game", "nul-game.v2"]


def test_the_report_names_at_most_three_failures(store):
    store.root.mkdir()
    for name in "abcde":
        (store.root / f"{name}.json").write_text("{")

    report = import_old_saves(store)

    assert report is not None and "\n" not in save_text(report)
    assert save_text(report).endswith(
        "; 5 could not be imported (a.json, b.json, c.json ...): try hotseat import FILE"
    )
    assert store.list() == []


# ---- once per save folder ------------------------------------------------------------


def export_into_the_folder(capsys, store, name: str) -> str:
    """`hotseat export NAME FOLDER/NAME.json` into the save folder; what it says."""
    code = main(["export", name, str(store.root / f"{name}.json"), "--save-dir", str(store.root)])
    _, err = capsys.readouterr()
    assert code == 0, err
    return err


def test_an_export_written_into_the_save_folder_is_not_imported_at_the_next_start(
    capsys, store, stores
):
    assert import_old_saves(store) is None  # the first start: no old saves, no database
    store.create("friday", played(10)[0])  # a game started in it
    export_into_the_folder(capsys, stores(), "friday")

    assert import_old_saves(stores()) is None
    assert [info.name for info in store.list()] == ["friday"]


def test_an_export_into_the_save_folder_warns_that_files_there_are_not_read_as_saves(capsys, store):
    store.create("friday", played(10)[0])

    said = export_into_the_folder(capsys, store, "friday")

    assert said.splitlines()[-1] == (
        f"hotseat: warning: files in the save folder {store.root} are not read as saves; "
        "keep exports elsewhere (hotseat import FILE brings one in)"
    )
    assert (store.root / "friday.json").read_bytes() == export_game(store, "friday")


def test_an_export_outside_the_save_folder_gives_no_warning(capsys, store, tmp_path):
    store.create("friday", played(10)[0])

    code = main(["export", "friday", str(tmp_path / "friday.json"), "--save-dir", str(store.root)])

    assert code == 0
    assert "warning" not in capsys.readouterr().err


def test_a_save_file_put_later_in_a_folder_already_used_without_old_saves_is_not_imported(
    store, stores
):
    store.create("friday", played(10)[0])
    import_old_saves(store)

    (store.root / "evening.json").write_bytes(encode(played(3, seed=2)[0]))

    assert import_old_saves(stores()) is None
    assert [info.name for info in store.list()] == ["friday"]


def test_a_save_file_put_later_in_a_folder_whose_old_saves_came_in_is_not_imported(
    store, old_folder, stores
):
    import_old_saves(store)

    (store.root / "sunday.json").write_bytes(encode(played(3, seed=2)[0]))

    assert import_old_saves(stores()) is None
    assert sorted(info.name for info in store.list()) == ["evening", "friday"]


def test_old_saves_beside_a_database_that_never_looked_for_them_come_in_once(store, old_folder):
    store.create("hosted", played(4)[0])  # made by a command that does not look for old saves

    report = import_old_saves(store)

    assert save_text(report).startswith("imported 2 old save files")
    assert sorted(info.name for info in store.list()) == ["evening", "friday", "hosted"]
    assert import_old_saves(store) is None

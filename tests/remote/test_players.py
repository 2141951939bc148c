"""The registry of remote players and `hotseat players`: who may connect, by which key."""

from __future__ import annotations

import json
import socket
import stat
import subprocess
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import asyncssh
import pytest

from hotseat.cli import main
from remote.players import Players
from rules.names import cells

MakeKey = Callable[[str], asyncssh.SSHKey]


def hotseat(capsys: pytest.CaptureFixture[str], folder: Path, *args: str) -> tuple[int, str, str]:
    """Run `hotseat players ARGS --save-dir FOLDER`: (exit code, stdout, stderr)."""
    code = main(["players", *args, "--save-dir", str(folder)])
    out, err = capsys.readouterr()
    return code, out, err


def snapshot(folder: Path) -> bytes | None:
    path = folder / "players.json"
    return path.read_bytes() if path.exists() else None


def refused(
    capsys: pytest.CaptureFixture[str], folder: Path, *args: str
) -> tuple[str, bytes | None, bytes | None]:
    """Run a command that must be refused: (its one error line, the players file before,
    the players file after)."""
    before = snapshot(folder)
    code, out, err = hotseat(capsys, folder, *args)
    assert (code, out, len(err.splitlines())) == (2, "", 1), (code, out, err)
    assert err.startswith("hotseat: ")
    return err.strip(), before, snapshot(folder)


@pytest.fixture
def bob_pub(tmp_path: Path, make_key: MakeKey) -> Path:
    make_key("bob")
    return tmp_path / "bob.pub"


@pytest.fixture
def with_ann(
    capsys: pytest.CaptureFixture[str], folder: Path, tmp_path: Path, make_key: MakeKey
) -> asyncssh.SSHKey:
    """Ann is registered in `folder`; her key."""
    key = make_key("ann")
    assert hotseat(capsys, folder, "add", "Ann", str(tmp_path / "ann.pub"))[0] == 0
    return key


def write_key_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "key.pub"
    path.write_text(text)
    return path


# Adding, listing, removing


def test_adding_a_player_says_who_was_added_and_how_they_connect(
    capsys: pytest.CaptureFixture[str], folder: Path, bob_pub: Path
) -> None:
    key = asyncssh.import_public_key(bob_pub.read_text())
    _, out, _ = hotseat(capsys, folder, "add", "Bob", str(bob_pub))
    assert out == (
        f"Added Bob (ssh-ed25519 {key.get_fingerprint('sha256')}); "
        f"Bob connects with: ssh -p 2222 {socket.gethostname()}\n"
    )


def test_an_added_player_is_listed_with_key_type_fingerprint_and_date(
    capsys: pytest.CaptureFixture[str], folder: Path, bob_pub: Path
) -> None:
    key = asyncssh.import_public_key(bob_pub.read_text())
    hotseat(capsys, folder, "add", "Bob", str(bob_pub))
    added = Players(folder).named("Bob").added
    day = datetime.fromisoformat(added).astimezone().strftime("%Y-%m-%d")
    _, out, _ = hotseat(capsys, folder, "list")
    assert out == f"Bob  ssh-ed25519 {key.get_fingerprint('sha256')}  added {day}\n"


def test_players_are_listed_by_name_one_line_each(
    capsys: pytest.CaptureFixture[str], folder: Path, tmp_path: Path, make_key: MakeKey
) -> None:
    for name in ("Cy", "ann", "Bob"):
        make_key(name.lower())
        hotseat(capsys, folder, "add", name, str(tmp_path / f"{name.lower()}.pub"))
    _, out, _ = hotseat(capsys, folder, "list")
    assert [line.split()[0] for line in out.splitlines()] == ["ann", "Bob", "Cy"]


def test_players_alone_lists_the_players(
    capsys: pytest.CaptureFixture[str], folder: Path, with_ann: asyncssh.SSHKey
) -> None:
    listed = hotseat(capsys, folder, "list")
    assert hotseat(capsys, folder) == listed


def test_with_no_players_the_list_says_how_to_add_one(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    assert hotseat(capsys, folder, "list") == (
        0,
        f"No players registered in {folder}; add one with: hotseat players add NAME KEY_FILE\n",
        "",
    )


def test_a_removed_player_is_no_longer_listed(
    capsys: pytest.CaptureFixture[str], folder: Path, with_ann: asyncssh.SSHKey, bob_pub: Path
) -> None:
    hotseat(capsys, folder, "add", "Bob", str(bob_pub))
    hotseat(capsys, folder, "remove", "bob")
    _, out, _ = hotseat(capsys, folder, "list")
    assert [line.split()[0] for line in out.splitlines()] == ["Ann"]


def test_removing_a_player_says_so(
    capsys: pytest.CaptureFixture[str], folder: Path, with_ann: asyncssh.SSHKey
) -> None:
    assert hotseat(capsys, folder, "remove", "ann") == (
        0,
        "Removed Ann; their saved games stay\n",
        "",
    )


def test_comments_and_blank_lines_in_a_key_file_are_ignored(
    capsys: pytest.CaptureFixture[str], folder: Path, bob_pub: Path, tmp_path: Path
) -> None:
    key_file = write_key_file(tmp_path, f"# Bob's laptop\n\n{bob_pub.read_text()}\n\n")
    assert hotseat(capsys, folder, "add", "Bob", str(key_file))[0] == 0


def test_a_key_can_be_registered_again_after_its_player_is_removed(
    capsys: pytest.CaptureFixture[str], folder: Path, tmp_path: Path, with_ann: asyncssh.SSHKey
) -> None:
    hotseat(capsys, folder, "remove", "Ann")
    assert hotseat(capsys, folder, "add", "Annie", str(tmp_path / "ann.pub"))[0] == 0


# The file


def test_the_players_file_is_private(
    capsys: pytest.CaptureFixture[str], folder: Path, with_ann: asyncssh.SSHKey
) -> None:
    assert stat.S_IMODE((folder / "players.json").stat().st_mode) == 0o600


def test_a_new_save_folder_is_private(
    capsys: pytest.CaptureFixture[str], folder: Path, with_ann: asyncssh.SSHKey
) -> None:
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_the_players_file_keeps_the_normalized_key_with_its_comment(
    capsys: pytest.CaptureFixture[str], folder: Path, with_ann: asyncssh.SSHKey
) -> None:
    document = json.loads((folder / "players.json").read_text())
    entry = document["players"][0]
    expected = with_ann.export_public_key("openssh").decode().strip()
    assert (document["format"], document["version"], entry["name"], entry["key"]) == (
        "hotseat-players",
        1,
        "Ann",
        expected,
    )


def test_the_date_a_player_was_added_is_stored_in_utc(
    capsys: pytest.CaptureFixture[str], folder: Path, with_ann: asyncssh.SSHKey
) -> None:
    assert Players(folder).named("Ann").added.endswith("+00:00")


def test_no_temporary_file_is_left_beside_the_players_file(
    capsys: pytest.CaptureFixture[str], folder: Path, with_ann: asyncssh.SSHKey
) -> None:
    assert [path.name for path in folder.iterdir()] == ["players.json"]


# Finding players


def test_a_player_is_found_by_their_key(
    capsys: pytest.CaptureFixture[str], folder: Path, with_ann: asyncssh.SSHKey, bob_pub: Path
) -> None:
    hotseat(capsys, folder, "add", "Bob", str(bob_pub))
    bob = asyncssh.import_public_key(bob_pub.read_text())
    assert Players(folder).by_key(bob).name == "Bob"


def test_a_key_without_its_comment_still_finds_its_player(
    folder: Path, with_ann: asyncssh.SSHKey
) -> None:
    kind, data, _ = with_ann.export_public_key().decode().split(" ")
    bare = asyncssh.import_public_key(f"{kind} {data}")
    assert Players(folder).by_key(bare).name == "Ann"


def test_an_unknown_key_finds_no_player(
    folder: Path, with_ann: asyncssh.SSHKey, make_key: MakeKey
) -> None:
    assert Players(folder).by_key(make_key("eve")) is None


def test_a_player_is_named_ignoring_case(folder: Path, with_ann: asyncssh.SSHKey) -> None:
    assert Players(folder).named("ANN").name == "Ann"


def test_reading_the_players_does_not_load_ssh(folder: Path, with_ann: asyncssh.SSHKey) -> None:
    code = (
        "import sys; from pathlib import Path; from remote.players import Players; "
        "players = Players(Path(sys.argv[1])); players.all(); players.named('Ann'); "
        "print('asyncssh' in sys.modules)"
    )
    child = subprocess.run(
        [sys.executable, "-c", code, str(folder)], capture_output=True, text=True, timeout=60
    )
    assert (child.stdout, child.stderr) == ("False\n", "")


# Refusals: one line, exit code 2, nothing changed


def test_a_missing_key_file_is_refused(
    capsys: pytest.CaptureFixture[str], folder: Path, tmp_path: Path, with_ann: asyncssh.SSHKey
) -> None:
    message, before, after = refused(capsys, folder, "add", "Bob", str(tmp_path / "nope.pub"))
    assert ("cannot read" in message, after) == (True, before)


def test_a_key_file_that_cannot_be_read_is_refused(
    capsys: pytest.CaptureFixture[str], folder: Path, tmp_path: Path, with_ann: asyncssh.SSHKey
) -> None:
    (tmp_path / "keys").mkdir()
    message, before, after = refused(capsys, folder, "add", "Bob", str(tmp_path / "keys"))
    assert ("cannot read" in message, after) == (True, before)


def test_a_key_file_too_large_for_a_key_is_refused(
    capsys: pytest.CaptureFixture[str], folder: Path, tmp_path: Path, with_ann: asyncssh.SSHKey
) -> None:
    key_file = write_key_file(tmp_path, "#" * 20_000)
    message, before, after = refused(capsys, folder, "add", "Bob", str(key_file))
    assert ("too large" in message, after) == (True, before)


def test_a_file_that_is_not_a_public_key_is_refused(
    capsys: pytest.CaptureFixture[str], folder: Path, tmp_path: Path, with_ann: asyncssh.SSHKey
) -> None:
    key_file = write_key_file(tmp_path, "ssh-ed25519 not-a-key bob\n")
    message, before, after = refused(capsys, folder, "add", "Bob", str(key_file))
    assert ("is not an SSH public key" in message, after) == (True, before)


def test_a_private_key_is_refused_asking_for_the_pub_file(
    capsys: pytest.CaptureFixture[str], folder: Path, tmp_path: Path, bob_pub: Path
) -> None:
    message, before, after = refused(capsys, folder, "add", "Bob", str(tmp_path / "bob"))
    assert ("is a private key" in message, "bob.pub" in message, after) == (True, True, before)


def test_a_file_with_several_keys_is_refused(
    capsys: pytest.CaptureFixture[str], folder: Path, tmp_path: Path, make_key: MakeKey
) -> None:
    both = make_key("bob").export_public_key() + make_key("cy").export_public_key()
    key_file = write_key_file(tmp_path, both.decode())
    message, before, after = refused(capsys, folder, "add", "Bob", str(key_file))
    assert ("holds 2 keys" in message, after) == (True, before)


def test_an_empty_key_file_is_refused(
    capsys: pytest.CaptureFixture[str], folder: Path, tmp_path: Path
) -> None:
    key_file = write_key_file(tmp_path, "# nothing here\n")
    message, before, after = refused(capsys, folder, "add", "Bob", str(key_file))
    assert ("holds no key" in message, after) == (True, before)


def test_a_key_registered_for_another_player_is_refused_naming_them(
    capsys: pytest.CaptureFixture[str], folder: Path, tmp_path: Path, with_ann: asyncssh.SSHKey
) -> None:
    message, before, after = refused(capsys, folder, "add", "Bob", str(tmp_path / "ann.pub"))
    assert ("already registered for Ann" in message, after) == (True, before)


def test_a_name_taken_in_any_case_is_refused(
    capsys: pytest.CaptureFixture[str], folder: Path, with_ann: asyncssh.SSHKey, bob_pub: Path
) -> None:
    message, before, after = refused(capsys, folder, "add", "ANN", str(bob_pub))
    assert ("Ann is already registered" in message, after) == (True, before)


@pytest.mark.parametrize(
    "name",
    [
        "",
        "A" * 25,
        "Bob\x1b[31m",
        "Bob\u00a0",
        " Bob",
        "Bob ",
        "cpu:Bob",
        "Remote:Bob",
        "cpu-easy:Bob",
        "Ann,Bob",
        "\u3164",
        "Bob\u3164",
        "Bo\u200bb",
        "\u0301",
        "Bob" + "\u0301" * 4,
        "李" * 13,
    ],
    ids=[
        "empty",
        "too-long",
        "control-character",
        "not-printable",
        "leading-space",
        "trailing-space",
        "cpu-prefix",
        "remote-prefix",
        "level-prefix",
        "comma",
        "hangul-filler-alone",
        "hangul-filler",
        "zero-width-space",
        "combining-mark-only",
        "pile-of-marks",
        "too-wide",
    ],
)
def test_an_invalid_name_is_refused(
    capsys: pytest.CaptureFixture[str], folder: Path, bob_pub: Path, name: str
) -> None:
    message, before, after = refused(capsys, folder, "add", name, str(bob_pub))
    assert ("is not a valid player name" in message, after) == (True, before)


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", "is not a valid player name: it has an invisible character"),
        ("de", "ist kein gültiger Spielername: er enthält ein unsichtbares Zeichen"),
    ],
)
def test_a_name_the_rules_for_names_refuse_is_refused_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    folder: Path,
    bob_pub: Path,
    lang: str,
    says: str,
) -> None:
    monkeypatch.setenv("HOTSEAT_LANG", lang)
    message, _, _ = refused(capsys, folder, "add", "An\u200bn", str(bob_pub))
    assert message == f"hotseat: 'An\\u200bn' {says} (U+200B ZERO WIDTH SPACE)"


def test_a_name_that_reads_as_an_option_is_refused(
    capsys: pytest.CaptureFixture[str], folder: Path, bob_pub: Path
) -> None:
    code = main(["players", "add", "--save-dir", str(folder), "--", "-Bob", str(bob_pub)])
    err = capsys.readouterr().err

    assert (code, err.count("\n"), "it begins with a dash" in err) == (2, 1, True)
    assert snapshot(folder) is None


def test_a_name_of_24_characters_is_accepted(
    capsys: pytest.CaptureFixture[str], folder: Path, bob_pub: Path
) -> None:
    assert hotseat(capsys, folder, "add", "B" * 24, str(bob_pub))[0] == 0


def test_a_name_of_12_wide_letters_is_accepted(
    capsys: pytest.CaptureFixture[str], folder: Path, bob_pub: Path
) -> None:
    assert hotseat(capsys, folder, "add", "李" * 12, str(bob_pub))[0] == 0


def test_a_name_is_registered_in_its_normal_form(
    capsys: pytest.CaptureFixture[str], folder: Path, bob_pub: Path
) -> None:
    _, out, _ = hotseat(capsys, folder, "add", "Ｂｏｂ", str(bob_pub))

    assert (out.startswith("Added Bob ("), Players(folder).all()[0].name) == (True, "Bob")


def test_a_name_that_looks_like_a_registered_one_is_refused(
    capsys: pytest.CaptureFixture[str], folder: Path, with_ann: asyncssh.SSHKey, bob_pub: Path
) -> None:
    message, before, after = refused(capsys, folder, "add", "\u0410nn", str(bob_pub))

    assert (message, after) == (
        "hotseat: '\u0410nn' looks like Ann, who is registered already; "
        "choose a name that looks different",
        before,
    )


def test_a_look_alike_in_other_capitals_is_refused(
    capsys: pytest.CaptureFixture[str], folder: Path, with_ann: asyncssh.SSHKey, bob_pub: Path
) -> None:
    message, before, after = refused(capsys, folder, "add", "\u0410NN", str(bob_pub))

    assert ("looks like Ann" in message, after) == (True, before)


def test_a_name_that_only_shares_letters_with_a_registered_one_is_accepted(
    capsys: pytest.CaptureFixture[str], folder: Path, with_ann: asyncssh.SSHKey, bob_pub: Path
) -> None:
    assert hotseat(capsys, folder, "add", "Anne", str(bob_pub))[0] == 0


def test_a_name_registered_under_the_earlier_rules_stays_readable(
    folder: Path, make_key: MakeKey
) -> None:
    folder.mkdir()
    entry = {**valid_entry(make_key("ann")), "name": "李" * 13}
    document = {"format": "hotseat-players", "version": 1, "players": [entry]}
    (folder / "players.json").write_text(json.dumps(document))

    assert [p.name for p in Players(folder).all()] == ["李" * 13]


def test_the_list_lines_up_wide_names_by_the_cells_they_take(
    capsys: pytest.CaptureFixture[str], folder: Path, tmp_path: Path, make_key: MakeKey
) -> None:
    for name, key in (("李小龍", "li"), ("Annabelle", "ann")):
        make_key(key)
        hotseat(capsys, folder, "add", name, str(tmp_path / f"{key}.pub"))
    _, out, _ = hotseat(capsys, folder, "list")

    starts = [cells(line[: line.index("ssh-ed25519")]) for line in out.splitlines()]

    assert starts == [11, 11]


def test_removing_an_unknown_player_is_refused(
    capsys: pytest.CaptureFixture[str], folder: Path, with_ann: asyncssh.SSHKey
) -> None:
    message, before, after = refused(capsys, folder, "remove", "Bob")
    assert ("no player named 'Bob'" in message, after) == (True, before)


def test_an_unwritable_folder_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, bob_pub: Path
) -> None:
    (tmp_path / "file").write_text("not a folder")
    folder = tmp_path / "file" / "saves"
    message, _, _ = refused(capsys, folder, "add", "Bob", str(bob_pub))
    assert "cannot write" in message


def valid_entry(key: asyncssh.SSHKey) -> dict[str, str]:
    line = key.export_public_key().decode().strip()
    return {"name": "Ann", "key": line, "added": "2026-12-01T12:00:00+00:00"}


DAMAGE: dict[str, Callable[[asyncssh.SSHKey], str]] = {
    "not-json": lambda key: '{"format": "hotseat-players", ',
    "not-utf8": lambda key: "\udcff",
    "a-list": lambda key: "[]",
    "no-format-marker": lambda key: json.dumps({"version": 1, "players": []}),
    "players-not-a-list": lambda key: json.dumps(
        {"format": "hotseat-players", "version": 1, "players": {}}
    ),
    "newer-version": lambda key: json.dumps(
        {"format": "hotseat-players", "version": 2, "players": []}
    ),
    "entry-without-key": lambda key: json.dumps(
        {"format": "hotseat-players", "version": 1, "players": [{"name": "Ann"}]}
    ),
    "bad-key-inside": lambda key: json.dumps(
        {
            "format": "hotseat-players",
            "version": 1,
            "players": [{**valid_entry(key), "key": "ssh-ed25519 AAAA@@ ann"}],
        }
    ),
    "unreadable-key-inside": lambda key: json.dumps(
        {
            "format": "hotseat-players",
            "version": 1,
            "players": [{**valid_entry(key), "key": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAAQ=="}],
        }
    ),
    "invalid-name-inside": lambda key: json.dumps(
        {"format": "hotseat-players", "version": 1, "players": [{**valid_entry(key), "name": ""}]}
    ),
    "bad-date-inside": lambda key: json.dumps(
        {
            "format": "hotseat-players",
            "version": 1,
            "players": [{**valid_entry(key), "added": "yesterday"}],
        }
    ),
    "same-name-twice": lambda key: json.dumps(
        {
            "format": "hotseat-players",
            "version": 1,
            "players": [valid_entry(key), {**valid_entry(key), "name": "ANN"}],
        }
    ),
}


@pytest.fixture(params=list(DAMAGE), ids=list(DAMAGE))
def damaged(request: pytest.FixtureRequest, folder: Path, make_key: MakeKey) -> Path:
    """A save folder whose players.json is damaged in one way."""
    folder.mkdir()
    text = DAMAGE[request.param](make_key("ann"))
    (folder / "players.json").write_bytes(text.encode("utf-8", "surrogateescape"))
    return folder


def test_a_damaged_players_file_is_not_overwritten_by_add(
    capsys: pytest.CaptureFixture[str], damaged: Path, bob_pub: Path
) -> None:
    message, before, after = refused(capsys, damaged, "add", "Bob", str(bob_pub))
    assert (f"{damaged / 'players.json'} is damaged" in message, after) == (True, before)


def test_a_damaged_players_file_is_not_overwritten_by_remove(
    capsys: pytest.CaptureFixture[str], damaged: Path
) -> None:
    message, before, after = refused(capsys, damaged, "remove", "Ann")
    assert (f"{damaged / 'players.json'} is damaged" in message, after) == (True, before)


def test_a_damaged_players_file_is_named_by_list(
    capsys: pytest.CaptureFixture[str], damaged: Path
) -> None:
    message, _, _ = refused(capsys, damaged, "list")
    assert f"{damaged / 'players.json'} is damaged" in message


def test_a_dsa_key_is_refused_as_one_the_host_does_not_accept(
    capsys: pytest.CaptureFixture[str], folder: Path, tmp_path: Path
) -> None:
    dsa = tmp_path / "old.pub"
    asyncssh.generate_private_key("ssh-dss").write_public_key(str(dsa))

    message, before, after = refused(capsys, folder, "add", "Bob", str(dsa))

    assert "is a ssh-dss key, which the host no longer accepts" in message
    assert after == before

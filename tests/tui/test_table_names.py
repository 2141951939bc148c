"""Names typed at a table: no two players there look alike, no one looks like a registered
player, a computer never takes a registered player's name; and the new-game dialog keeps
what fits of a name that is too long, saying so."""

from __future__ import annotations

import asyncssh
import pytest
from textual import events
from textual.widgets import Input, Static

from hotseat.cli import main
from rules import SetupError
from saves import PlayerSpec, SaveStore
from tui.games.xoxo.screen import XoxoScreen
from tui.model import GameSession, parse_players, registered_names
from tui.screens.new_game import NewGameScreen
from tui.screens.seat_fields import MAX_NAME_FIELD, fitting

from tui_helpers import app_for, until

CYRILLIC_ANN = "\u0410nn"
""""Ann" with a Cyrillic А: it looks exactly like Ann."""


def register(store: SaveStore, *names: str) -> None:
    """Register each name with a fresh key of its own."""
    from remote.players import Players

    store.root.mkdir(parents=True, exist_ok=True)
    for name in names:
        key_file = store.root.parent / f"{len(name)}-{ord(name[0])}.pub"
        asyncssh.generate_private_key("ssh-ed25519").write_public_key(str(key_file))
        Players(store.root).add(name, key_file)


def seated(store: SaveStore, spec: str) -> list[PlayerSpec]:
    return registered_names(parse_players(spec), store.root)


def refusal(store: SaveStore, spec: str) -> str:
    with pytest.raises(SetupError) as refused:
        seated(store, spec)
    return str(refused.value)


@pytest.fixture
def friends(store: SaveStore) -> SaveStore:
    """A save folder where Ann and Bob are registered players."""
    register(store, "Ann", "Bob")
    return store


# Players at one table


def test_two_players_at_a_table_may_not_look_alike(store: SaveStore) -> None:
    assert refusal(store, f"Ann,cpu:{CYRILLIC_ANN}") == (
        f"'Ann' and '{CYRILLIC_ANN}' look alike; "
        "the players at a table need names that look different"
    )


def test_a_capital_i_and_a_small_l_look_alike(store: SaveStore) -> None:
    assert "look alike" in refusal(store, "Ian,cpu:lan")


def test_look_alikes_are_found_whatever_their_capitals(store: SaveStore) -> None:
    assert "look alike" in refusal(store, f"ANN,cpu:{CYRILLIC_ANN}")


def test_names_in_another_script_sit_together_when_they_look_different(
    store: SaveStore,
) -> None:
    assert [p.name for p in seated(store, "Аня,cpu:Борис")] == ["Аня", "Борис"]


def test_names_are_seated_in_their_normal_form(store: SaveStore) -> None:
    assert [p.name for p in seated(store, "Ｃｙ,cpu:Bob")] == ["Cy", "Bob"]


# Registered players


def test_a_person_here_may_not_look_like_a_registered_player(friends: SaveStore) -> None:
    assert refusal(friends, f"{CYRILLIC_ANN},cpu:Cy") == (
        f"'{CYRILLIC_ANN}' looks like Ann, a registered player; choose a name that looks different"
    )


def test_a_computer_may_not_look_like_a_registered_player(friends: SaveStore) -> None:
    assert "looks like Bob, a registered player" in refusal(friends, "remote:Ann,cpu:B\u043eb")


def test_a_computer_may_not_take_a_registered_players_name(friends: SaveStore) -> None:
    assert refusal(friends, "Cy,cpu:bob") == (
        "Bob is a registered player: seat them as remote:Bob, or give the computer another name"
    )


def test_a_person_here_may_take_a_registered_players_name_as_spelled(
    friends: SaveStore,
) -> None:
    assert [p.name for p in seated(friends, "Ann,cpu:Cy")] == ["Ann", "Cy"]


def test_a_registered_player_is_found_by_a_fullwidth_spelling(friends: SaveStore) -> None:
    assert seated(friends, "remote:Ｂｏｂ,remote:Ann")[0] == PlayerSpec("Bob", "remote")


def test_a_damaged_registry_does_not_stop_a_table_of_people_here(store: SaveStore) -> None:
    store.root.mkdir(parents=True)
    (store.root / "players.json").write_text("[")

    assert [p.name for p in seated(store, "Ann,cpu:Cy")] == ["Ann", "Cy"]


def test_the_command_line_refuses_a_look_alike_in_one_line(
    friends: SaveStore, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["new", "xoxo", "--players", f"{CYRILLIC_ANN},cpu:Cy"])

    assert (code, capsys.readouterr().err) == (
        2,
        f"hotseat: '{CYRILLIC_ANN}' looks like Ann, a registered player; "
        "choose a name that looks different\n",
    )
    assert friends.list() == []


# The new-game dialog


def form_error(screen: NewGameScreen) -> str:
    return str(screen.query_one("#form-error", Static).render())


async def test_a_paste_too_wide_for_a_name_keeps_what_fits_and_says_so(store: SaveStore) -> None:
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        screen = app.screen
        field = screen.query_one("#name-0", Input)
        field.value = ""
        field.post_message(events.Paste("李" * 30))
        await until(pilot, lambda: field.value != "")

        assert field.value == "李" * 12
        assert form_error(screen) == (
            "! Seat 1: a name is at most 24 columns wide (a wide letter takes two); "
            "the rest was left out"
        )


def test_a_name_field_keeps_a_bounded_part_of_a_pasted_pile_of_accents() -> None:
    assert fitting("", "e" + "\u0301" * 100_000) == "e" + "\u0301" * (MAX_NAME_FIELD - 1)


def test_a_name_field_keeps_only_the_first_line_of_a_paste() -> None:
    assert fitting("Ann", "-Marie\nrm -rf /") == "-Marie"


async def test_a_letter_typed_into_a_full_name_is_left_out_and_said(store: SaveStore) -> None:
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        screen = app.screen
        field = screen.query_one("#name-1", Input)
        field.value = "A" * 24
        field.focus()
        await until(pilot, lambda: app.focused is field)
        field.action_end()
        await pilot.press("b")
        await until(pilot, lambda: form_error(screen) != "")

        assert field.value == "A" * 24 and "Seat 2: a name is at most 24 columns" in form_error(
            screen
        )


async def test_the_dialog_refuses_look_alike_seats_inline(store: SaveStore) -> None:
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        screen = app.screen
        screen.query_one("#name-0", Input).value = "Ann"
        screen.query_one("#name-1", Input).value = CYRILLIC_ANN
        await pilot.press("ctrl+s")
        await until(pilot, lambda: form_error(screen) != "")

        assert "look alike" in form_error(screen) and not isinstance(app.screen, XoxoScreen)
    assert store.list() == []


def test_a_new_table_is_stored_and_shown_with_the_normal_form(store) -> None:
    session = GameSession.create(store, "xoxo", parse_players("Ｂｏｂ,Ann"), 1, name="t")

    assert [p.name for p in store.record("t")[1].players] == ["Bob", "Ann"]
    assert session.view(0)["seats"][0]["name"] == "Bob"

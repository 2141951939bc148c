"""An unguessable deal: whoever knows a game's seed knows every hidden card, so new games
draw it from `secrets` with at least 128 bits, and a table with a seat for another person at
their own terminal never takes a seed from a player. `--seed` stays for tables of the people
at this keyboard and computers."""

from __future__ import annotations

import pytest
from test_remote_seats import player_app, register
from textual.widgets import Input, Select

from hotseat.cli import NewGame, build_parser, checked_new_game, main
from saves import SaveStore
from tui.model import SEED_BITS, new_seed
from tui.screens.home import HomeScreen
from tui.screens.new_game import NewGameScreen

from tui_helpers import app_for, until


@pytest.fixture
def friends(store: SaveStore) -> SaveStore:
    """A store with Ann and Bob registered."""
    store.root.mkdir(parents=True, exist_ok=True)
    register(store, "Ann", "Bob")
    return store


REFUSED = (
    "hotseat: --seed is only for tables of people at this keyboard and computers; "
    "a table with a registered player is always dealt in secret (leave out --seed)\n"
)


def test_a_new_seed_is_drawn_from_at_least_128_secret_bits() -> None:
    seeds = {new_seed() for _ in range(64)}

    assert SEED_BITS >= 128
    assert len(seeds) == 64
    assert max(seed.bit_length() for seed in seeds) > 120


def folder(store: SaveStore) -> list[str]:
    return [str(store.root)]


def checked(*argv: str) -> NewGame:
    """The game `hotseat new ARGV` would start, checked as the command line checks it."""
    return checked_new_game(build_parser().parse_args(["new", *argv]))


def test_a_new_game_without_seed_is_dealt_from_a_128_bit_seed() -> None:
    assert checked("3x3", "--players", "Ann,Bob").seed.bit_length() > 64


def test_seed_at_a_table_with_a_registered_player_is_refused_in_one_line(friends, capsys) -> None:
    code = main(
        [
            "new",
            "3x3",
            "--players",
            "Ann,remote:Bob",
            "--seed",
            "4242",
            "--save-dir",
            *folder(friends),
        ]
    )

    assert code == 2
    assert capsys.readouterr().err == REFUSED
    assert SaveStore(friends.root).list() == []


def test_seed_at_a_registered_players_terminal_is_refused_in_one_line(friends, capsys) -> None:
    code = main(
        [
            "--player",
            "Ann",
            "new",
            "3x3",
            "--players",
            "remote:Ann,cpu:Cy",
            "--seed",
            "4242",
            "--save-dir",
            *folder(friends),
        ]
    )

    assert code == 2
    assert capsys.readouterr().err == REFUSED
    assert SaveStore(friends.root).list() == []


def test_seed_at_a_table_of_this_keyboard_and_computers_deals_that_seed() -> None:
    assert checked("3x3", "--players", "Ann,cpu:Cy", "--seed", "4242").seed == 4242


async def test_the_dialog_at_a_players_terminal_has_no_seed_field(friends) -> None:
    app = player_app(friends, "Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))

        assert not app.screen.query_one("#seed", Input).display
        assert not app.screen.query_one("#seed-label").display


async def test_the_dialog_hides_the_seed_once_a_seat_is_for_a_registered_player(friends) -> None:
    app = app_for(friends)
    app.delay = 3600.0
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        screen = app.screen
        seed = screen.query_one("#seed", Input)
        assert seed.display
        seed.value = "4242"
        screen.query_one("#name-1", Input).value = "Bob"

        screen.query_one("#kind-1", Select).value = "remote"
        await until(pilot, lambda: not seed.display)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, NewGameScreen))

    (info,) = friends.list()
    assert friends.record(info.name)[1].seed != 4242
    assert friends.record(info.name)[1].seed.bit_length() > 64


@pytest.mark.parametrize("kind", ["human", "computer"])
async def test_the_dialog_keeps_the_seed_for_people_here_and_computers(friends, kind) -> None:
    app = app_for(friends)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        app.screen.query_one("#kind-1", Select).value = kind
        await pilot.pause()

        assert app.screen.query_one("#seed", Input).display

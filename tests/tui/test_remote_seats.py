"""Registered players at their own terminals: whose seats a terminal plays, whose games it
lists, and how a player learns that it is their turn. (The SSH host that starts these
terminals is tested in tests/remote.)"""

from __future__ import annotations

import socket

import asyncssh
import pytest

from hotseat.cli import main
from rules import SetupError
from saves import SaveError, SaveStore
from tui.app import HotseatApp
from tui.model import GameSession, TurnWatch, parse_players, registered_names
from tui.screens.home import HomeScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.table import TableScreen
from tui.screens.take_over import TakeOverScreen
from tui.words.saves import save_text, when

from tui_helpers import screen_text, until


def register(store: SaveStore, *names: str) -> None:
    """Register each name with a fresh key of its own."""
    from remote.players import Players

    for name in names:
        key_file = store.root.parent / f"{name}.pub"
        asyncssh.generate_private_key("ssh-ed25519").write_public_key(str(key_file))
        Players(store.root).add(name, key_file)


def table(store: SaveStore, spec: str, player: str | None, seed: int = 7) -> GameSession:
    """A 3 x 3 game called "table" started at `player`'s terminal (None: a local one)."""
    specs = registered_names(parse_players(spec), store.root)
    return GameSession.create(store, "3x3", specs, seed, name="table", player=player)


def player_app(store: SaveStore, player: str, session: GameSession | None = None) -> HotseatApp:
    app = HotseatApp(store, delay=0.0, session=session, resumed=session is not None, player=player)
    app.handoff_guard = 0.0
    return app


@pytest.fixture
def friends(store: SaveStore) -> SaveStore:
    """A store with Ann and Bob registered."""
    store.root.mkdir(parents=True, exist_ok=True)
    register(store, "Ann", "Bob")
    return store


def test_a_table_started_by_a_player_holds_their_seat_and_the_computers(friends):
    session = table(friends, "remote:Bob,remote:Ann,cpu:Cy", player="Bob")

    assert session.held_seats == {0, 2}


def test_a_registered_player_opens_only_their_own_seat(friends):
    table(friends, "remote:Bob,remote:Ann,cpu:Cy", player="Bob")

    ann = GameSession.open(SaveStore(friends.root), "table", player="Ann")

    assert ann.held_seats == {1}


def test_a_player_name_is_matched_without_regard_to_case(friends):
    table(friends, "remote:bob,remote:ANN", player="Bob")

    ann = GameSession.open(SaveStore(friends.root), "table", player="ann")

    assert ann.record.names() == ["Bob", "Ann"] and ann.held_seats == {1}


def test_a_local_terminal_does_not_play_a_registered_players_seat(friends):
    table(friends, "remote:Bob,remote:Ann", player="Bob")

    local = GameSession.open(SaveStore(friends.root), "table")

    assert local.held_seats == frozenset()


def test_a_player_cannot_open_a_table_they_do_not_sit_at(friends):
    table(friends, "remote:Bob,cpu:Cy", player="Bob")

    with pytest.raises(SaveError) as caught:
        GameSession.open(SaveStore(friends.root), "table", player="Ann")

    assert save_text(caught.value) == "Ann has no seat at table"


def test_at_a_players_terminal_no_seat_is_a_person_at_the_keyboard(friends):
    with pytest.raises(SetupError, match="at Bob's terminal a seat is Bob"):
        table(friends, "remote:Bob,Carla", player="Bob")


def test_a_player_sits_at_every_table_they_start(friends):
    with pytest.raises(SetupError, match="Bob takes a seat at every table they start"):
        table(friends, "remote:Ann,cpu:Cy", player="Bob")


def test_a_remote_seat_must_be_a_registered_player(friends):
    with pytest.raises(SetupError, match="'Zed' is not a registered player"):
        table(friends, "remote:Bob,remote:Zed", player="Bob")


def test_a_move_at_one_players_terminal_reaches_the_others(friends):
    bob = table(friends, "remote:Bob,remote:Ann", player="Bob", seed=3)
    ann = GameSession.open(SaveStore(friends.root), "table", player="Ann")
    seat = bob.to_act()[0]
    mover, other = (bob, ann) if seat in bob.held_seats else (ann, bob)

    mover.apply(seat, mover.legal(seat)[0])

    assert other.poll() == 1 and other.record.actions == mover.record.actions


def test_a_computer_whose_terminal_left_is_played_by_a_terminal_still_there(friends):
    bob = table(friends, "remote:Bob,remote:Ann,cpu:Cy", player="Bob", seed=0)
    ann = GameSession.open(SaveStore(friends.root), "table", player="Ann")
    assert bob.to_act() == [2] and ann.held_seats == {1}

    bob.close()
    ann.poll()

    assert ann.held_seats == {1, 2}


def test_taking_over_ones_own_seat_leaves_other_terminals_their_computers(friends):
    bob = table(friends, "remote:Bob,remote:Ann,cpu:Cy", player="Bob", seed=0)
    GameSession.open(SaveStore(friends.root), "table", player="Ann")

    again = GameSession.open(SaveStore(friends.root), "table", player="Ann", take_over=True)

    assert again.held_seats == {1} and bob.store.still_held(bob.lease)


def test_the_turn_watch_names_a_game_that_became_the_players_turn(friends):
    bob = table(friends, "remote:Bob,remote:Ann", player="Bob", seed=0)
    watch = TurnWatch(SaveStore(friends.root), "Ann")
    watch.new_turns()

    bob.apply(0, bob.legal(0)[0])

    assert watch.new_turns() == ["table"]


def test_the_turn_watch_says_nothing_when_nothing_changed(friends):
    table(friends, "remote:Bob,remote:Ann", player="Bob", seed=3)
    watch = TurnWatch(SaveStore(friends.root), "Ann")
    watch.new_turns()

    assert watch.new_turns() is None


async def test_a_players_home_screen_lists_only_their_tables(friends):
    table(friends, "remote:Bob,remote:Ann", player="Bob").close()
    local = GameSession.create(
        friends, "3x3", parse_players("Dora,Eve"), 1, name="kitchen", player=None
    )
    local.close()
    app = player_app(friends, "Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.listed)
        text = screen_text(app)

    assert "playing as Ann" in text and "table" in text and "kitchen" not in text


async def test_a_players_home_screen_counts_the_games_where_it_is_their_turn(friends):
    bob = table(friends, "remote:Bob,remote:Ann", player="Bob", seed=0)
    bob.apply(0, bob.legal(0)[0])
    bob.close()
    app = player_app(friends, "Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.listed)
        text = screen_text(app)

    assert "Your tables - your turn in 1 game" in text and "Your turn" in text


async def test_a_player_is_told_and_rung_when_it_becomes_their_turn(friends, monkeypatch):
    bob = table(friends, "remote:Bob,remote:Ann", player="Bob", seed=0)
    app = player_app(SaveStore(friends.root), "Ann")
    rung: list[bool] = []
    monkeypatch.setattr(app, "bell", lambda: rung.append(True))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.listed)
        await until(pilot, lambda: app.turns is not None and app.turns.waiting is not None)
        bob.apply(0, bob.legal(0)[0])
        await until(pilot, lambda: bool(rung))
        said = [n.message for n in app._notifications]
        text = screen_text(app)

    assert said == ["Your turn in table"] and "your turn in 1 game" in text


async def test_a_resumed_table_at_a_players_terminal_shows_their_seat_at_once(friends):
    table(friends, "remote:Bob,remote:Ann", player="Bob", seed=3).close()
    session = GameSession.open(friends, "table", player="Ann")
    app = player_app(friends, "Ann", session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and bool(app.screen.view))
        shown = app.screen.shown_seat

    assert shown == 1


async def test_the_new_game_dialog_at_a_players_terminal_seats_them_first(friends):
    app = player_app(friends, "Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        players = app.screen.players()

    assert [(p.name, p.kind) for p in players] == [("Ann", "remote"), ("Computer 2", "computer")]


def test_new_with_an_unregistered_remote_player_is_refused_in_one_line(friends, capsys):
    code = main(["new", "3x3", "--players", "Ann,remote:Zed", "--save-dir", str(friends.root)])

    assert code == 2
    assert capsys.readouterr().err == (
        "hotseat: 'Zed' is not a registered player (hotseat players list)\n"
    )


def test_play_as_an_unregistered_player_is_refused_in_one_line(friends, capsys):
    code = main(["--player", "Zed", "list", "--save-dir", str(friends.root)])

    assert code == 2
    assert capsys.readouterr().err == "hotseat: no registered player 'Zed' (hotseat players list)\n"


def test_list_as_a_player_shows_only_their_tables(friends, capsys):
    table(friends, "remote:Bob,cpu:Cy", player="Bob").close()

    main(["--player", "Ann", "list", "--save-dir", str(friends.root)])

    assert capsys.readouterr().out == "Ann has no tables\n"


async def test_opening_the_table_clears_the_notice_that_it_is_your_turn(friends, monkeypatch):
    bob = table(friends, "remote:Bob,remote:Ann", player="Bob", seed=0)
    app = player_app(SaveStore(friends.root), "Ann")
    monkeypatch.setattr(app, "bell", lambda: None)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.listed)
        await until(pilot, lambda: app.turns is not None and app.turns.waiting is not None)
        bob.apply(0, bob.legal(0)[0])
        await until(pilot, lambda: bool(app._notifications))
        app.resume("table")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))

        assert not app._notifications


async def test_a_players_take_over_dialog_says_since_when_their_other_terminal_has_the_game(
    friends,
):
    table(friends, "remote:Ann,remote:Bob", player="Ann")
    (holder,) = SaveStore(friends.root).holders("table").values()
    app = player_app(SaveStore(friends.root), "Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.listed)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TakeOverScreen))
        text = screen_text(app)

    assert f"table is open in another terminal of yours since {when(holder)}." in text
    assert "pid" not in text and f"on host {socket.gethostname()}" not in text

"""One table, several terminals: registered players play a stored game from their own SSH
sessions, each seeing only their own cards; leaving, coming back and taking a game over
lose no move.

Each test starts a host in this process, connects the players with asyncssh's client and
reads what each terminal shows with pyte; the true state comes from the database.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncssh
import pytest

from remote.server import Host
from rules import JSON
from rules.three_by_three_cards import card_label
from saves import MoveConflict, SaveStore
from saves.record import summarize
from tui.model import GameSession, parse_players, registered_names
from tui.words.saves import save_text

from remote_helpers import (
    ENTER,
    WAIT,
    Table,
    Terminal,
    Truth,
    asks_to_move,
    at_table,
    open_table,
)

SHORT_GAME = 640
"""A seed whose 3 x 3 deal ends in 52 moves when Ann and Bob always press Enter and Cy
is the normal computer (the shortest of seeds 0-2999)."""

ANN, BOB, CY = 0, 1, 2


def new_table(folder: Path, players: str, seed: int) -> None:
    """Store a new 3 x 3 game called "table", as Ann starts it at her terminal."""
    specs = registered_names(parse_players(players), folder)
    GameSession.create(SaveStore(folder), "3x3", specs, seed, name="table", player="Ann").close()


async def sit_down(host: Host, keys: dict[str, asyncssh.SSHKey], *names: str) -> list[Terminal]:
    """Each player connects and opens "table" from their home screen, in this order."""
    terminals = []
    for name in names:
        terminal = await Terminal.open(host.port, keys[name])
        assert await open_table(terminal, "table"), terminal.text
        terminals.append(terminal)
    return terminals


def shown_to(truth: Truth, seat: int) -> list[str]:
    """What `seat`'s table (small framed cards at 80x24) shows of the current state: the
    pile's count, the counts on the draw pile and the burned cards, and their hand."""
    view = truth.game.view(truth.state, seat)
    counts = [count_on_card(view["draw_count"]), count_on_card(view["burned_count"])]
    return [
        f"Pile · {view['pile_count']}",
        *(count for count in counts if count),
        *(card_label(card) for card in view["hand"]),
    ]


def count_on_card(count: int) -> str:
    """How a small card back shows the count of the cards it stands for ("" for none)."""
    if not count:
        return ""
    return f"│ {count} │" if count < 10 else f"│{count}░│"


@pytest.fixture
def keys(register: Callable[[str], asyncssh.SSHKey]) -> dict[str, asyncssh.SSHKey]:
    """Ann and Bob, registered with a key each."""
    return {name: register(name) for name in ("Ann", "Bob")}


async def test_two_players_and_a_computer_play_a_whole_game_each_seeing_only_their_cards(
    hosts: Callable[..., Awaitable[Host]], folder: Path, keys: dict[str, asyncssh.SSHKey]
) -> None:
    """A whole deal over SSH, paced by how soon a terminal notices another's move (a
    quarter second) and the computer's pause before each of its moves, which the host
    sets short here (`hotseat host --delay`)."""
    host = await hosts(delay=0.05)
    new_table(folder, "remote:Ann,remote:Bob,cpu:Cy", SHORT_GAME)
    ann, bob = await sit_down(host, keys, "Ann", "Bob")
    table = Table(Truth(folder, "table"), {ANN: ann, BOB: bob})

    await table.play_until(lambda truth: truth.over)

    assert await ann.shows("3 x 3: game over") and await bob.shows("3 x 3: game over")
    table.check_screens()
    _, record = SaveStore(folder).record("table")
    players_moves = {(seat, n) for n, (seat, _) in enumerate(record.actions) if seat != CY}
    assert players_moves == table.pressed, "each Enter made one move, and only Enter did"
    assert record.summary["moves"] == len(record.actions) == table.truth.moves
    assert all(table.own_cards_seen.values()), "each player saw their own cards"


async def test_a_player_who_drops_out_frees_their_seat_and_comes_back_to_the_current_move(
    host: Host, folder: Path, keys: dict[str, asyncssh.SSHKey]
) -> None:
    new_table(folder, "remote:Ann,remote:Bob,cpu:Cy", SHORT_GAME)
    ann, bob = await sit_down(host, keys, "Ann", "Bob")
    truth = Truth(folder, "table")
    await Table(truth, {ANN: ann, BOB: bob}).play_until(
        lambda truth: truth.moves >= 3 and truth.to_act() == BOB
    )
    apps = {seat: holder.pid for seat, holder in truth.store.holders("table").items()}
    assert apps[ANN] == apps[CY] != apps[BOB], "Ann's terminal, the first to open, plays Cy"

    ann.abort()

    assert await seat_freed(truth.store, apps[ANN])
    left_at = truth.moves
    await Table(truth, {BOB: bob}).play_until(
        lambda truth: truth.moves > left_at and truth.to_act() == ANN
    )
    assert CY in {seat for seat, _ in truth.record.actions[left_at:]}, "the computer played on"
    assert truth.store.holders("table")[CY].pid == apps[BOB]
    (ann,) = await sit_down(host, keys, "Ann")
    assert await ann.shows(*shown_to(truth, ANN)), ann.text
    assert await ann.until(asks_to_move), ann.text
    back_at = truth.moves
    await Table(truth, {ANN: ann, BOB: bob}).play_until(lambda truth: truth.moves > back_at)
    assert truth.record.actions[back_at][0] == ANN


async def seat_freed(store: SaveStore, pid: int) -> bool:
    """True once process `pid` holds no seat of "table" (within WAIT)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while loop.time() < deadline:
        if all(holder.pid != pid for holder in store.holders("table").values()):
            return True
        await asyncio.sleep(0.05)
    return False


async def test_opening_a_game_open_in_a_frozen_terminal_takes_it_over_and_loses_no_move(
    host: Host, folder: Path, keys: dict[str, asyncssh.SSHKey]
) -> None:
    new_table(folder, "remote:Ann,remote:Bob", SHORT_GAME)
    bob = GameSession.open(SaveStore(folder), "table", player="Bob")
    bob.apply(BOB, bob.legal(BOB)[0])  # Bob chooses his face-up cards first; now Ann
    bob.close()
    truth = Truth(folder, "table")
    (frozen,) = await sit_down(host, keys, "Ann")
    await Table(truth, {ANN: frozen}).play_until(lambda truth: truth.to_act() == BOB)
    played = truth.moves

    second = await Terminal.open(host.port, keys["Ann"])
    assert await second.shows("Your tables", "table")
    second.press(ENTER)
    assert await second.shows("table is open in another terminal", "Take it over?"), second.text
    second.press("y")

    assert await frozen.shows("This game was taken over by another", "Your tables"), frozen.text
    assert await second.until(lambda screen: at_table(screen, "table")), second.text
    assert await second.shows(*shown_to(truth, ANN), "Waiting for Bob."), second.text
    assert truth.read() == played == 2


def test_of_two_players_storing_the_same_move_number_at_once_exactly_one_is_kept(
    folder: Path, keys: dict[str, asyncssh.SSHKey]
) -> None:
    """The engine lets only the seat to act move, so two players' terminals never mean to
    store the same move number; should they, each through its own connection at the same
    moment, the store keeps one and tells the other."""
    new_table(folder, "remote:Ann,remote:Bob", SHORT_GAME)
    ann, bob = (GameSession.open(SaveStore(folder), "table", player=n) for n in ("Ann", "Bob"))
    moves = {session.player: own_first_move(session) for session in (ann, bob)}
    summary = summarize(ann.game, ann.state, 1)
    start = threading.Barrier(2)
    outcomes: dict[str | None, str] = {}

    def store_move_1(session: GameSession) -> None:
        assert session.lease is not None
        start.wait()
        try:
            session.store.append(session.lease, 1, *moves[session.player], summary)
            outcomes[session.player] = "kept"
        except MoveConflict as conflict:
            outcomes[session.player] = save_text(conflict)

    racers = [threading.Thread(target=store_move_1, args=(s,)) for s in (ann, bob)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()

    assert sorted(outcomes.values()) == ["another terminal played move 1 first", "kept"]
    (kept,) = (moves[player] for player, outcome in outcomes.items() if outcome == "kept")
    for session in (ann, bob):
        assert session.store.moves_after(session.game_key, 0) == [kept]


def own_first_move(session: GameSession) -> tuple[int, JSON]:
    """The one seat a player's session holds, with its tour 1 choice (as JSON): keeping the
    face-up cards it was dealt."""
    (seat,) = session.held_seats
    return seat, {"type": "face-up", "cards": session.view(seat)["seats"][seat]["face_up"]}

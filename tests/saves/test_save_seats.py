"""Open seats: a terminal holds the seats it plays; another terminal is told who holds
them and may take them over; a holder that is gone holds nothing."""

from __future__ import annotations

import getpass
import os
import re
import socket
import time
from datetime import UTC, datetime

import pytest
from save_helpers import PLAYERS, play_randomly, read_line, refused, tell

from saves import SaveError, SeatsHeld, TakenOver
from saves.seats import LEASE_EXPIRY
from tui.model import GameSession
from tui.words.saves import describe, save_text

SINCE = r" since (\d{4}-\d\d-\d\d )?\d\d:\d\d$"

HOLD_AND_WAIT = """
import sys
from pathlib import Path
from saves import SaveError, SaveStore
from tui.model import GameSession
from tui.words.saves import save_text

session = GameSession.open(SaveStore(Path(sys.argv[1])), "evening")
for _ in range(3):
    seat = session.to_act()[0]
    session.apply(seat, session.legal(seat)[0])
print("held", len(session.record.actions), flush=True)
sys.stdin.readline()
seat = session.to_act()[0]
for step in (session.poll, lambda: session.apply(seat, session.legal(seat)[0])):
    try:
        step()
        print("no error", flush=True)
    except SaveError as err:
        print(type(err).__name__, save_text(err), flush=True)
"""
"""Opens "evening", plays three moves, says "held" and waits; then polls and tries a move."""

HOLD_AND_DIE = """
import os, sys
from pathlib import Path
from saves import SaveStore
from tui.model import GameSession

GameSession.open(SaveStore(Path(sys.argv[1])), "evening")
os._exit(0)
"""
"""Opens "evening" and ends without giving its seats free."""


def terminals(error: SeatsHeld) -> str:
    """The terminals holding the seats, as the player reads them."""
    return "; ".join(describe(holder) for holder in error.holders)


def _holder(pid: int, host: str | None = None) -> str:
    """The pattern of a holder's description."""
    host = re.escape(host or socket.gethostname())
    return rf"^pid {pid} on host {host} \(user {re.escape(getpass.getuser())}\){SINCE}"


@pytest.fixture
def evening(store) -> GameSession:
    """Ann, Bob and the computer Cy at one terminal, a few moves in."""
    session = GameSession.create(store, "3x3", list(PLAYERS), 11, name="evening")
    play_randomly(session, 4)
    return session


def _add_holder(raw, game: int, seats, *, pid: int, host: str, seen: float) -> None:
    """Record a holder in the seats table, as another terminal's hotseat would."""
    since = datetime.now(UTC).isoformat(timespec="seconds")
    user = getpass.getuser()
    db = raw()
    for seat in seats:
        db.execute(
            "INSERT OR REPLACE INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (game, seat, "f" * 32, pid, host, user, since, seen),
        )


def test_a_second_terminal_asking_for_held_seats_is_told_who_holds_them(evening, stores):
    with pytest.raises(SeatsHeld) as caught:
        GameSession.open(stores(), "evening")

    assert re.match(_holder(os.getpid()), terminals(caught.value))
    assert (
        save_text(caught.value) == f"evening is open in another terminal: {terminals(caught.value)}"
    )


def test_the_holder_named_is_the_process_that_holds_the_seats(evening, stores, spawn):
    evening.close()
    child = spawn(HOLD_AND_WAIT, str(evening.store.root))
    assert read_line(child) == "held 7"

    with pytest.raises(SeatsHeld) as caught:
        GameSession.open(stores(), "evening")

    assert re.match(_holder(child.pid), terminals(caught.value))
    tell(child, "done")
    child.communicate(timeout=60)


def test_a_take_over_gives_the_seats_and_the_other_process_stops(evening, stores, spawn):
    evening.close()
    child = spawn(HOLD_AND_WAIT, str(evening.store.root))
    assert read_line(child) == "held 7"

    taker = GameSession.open(stores(), "evening", take_over=True)
    tell(child, "go on")

    assert read_line(child) == "TakenOver This game was taken over by another terminal"
    assert read_line(child).startswith("TakenOver ")
    child.communicate(timeout=60)
    assert child.returncode == 0
    assert len(taker.record.actions) == 7, "no move of the old terminal is lost"
    assert taker.held_seats == {0, 1, 2}


def test_a_taken_over_terminal_can_no_longer_play(evening, stores):
    moves = list(evening.record.actions)
    state = evening.state

    taker = GameSession.open(stores(), "evening", take_over=True)

    assert not evening.store.still_held(evening.lease)
    assert not evening.store.heartbeat(evening.lease)
    seat = evening.to_act()[0]
    with pytest.raises(TakenOver):
        evening.apply(seat, evening.legal(seat)[0])
    assert evening.state is state and evening.record.actions == moves
    with refused(TakenOver, "taken over by another terminal"):
        evening.poll()
    assert taker.record.actions == moves


def test_a_taken_over_lease_cannot_store_a_move(evening, stores):
    GameSession.open(stores(), "evening", take_over=True)
    seat = evening.to_act()[0]
    action = evening.legal(seat)[0].to_json()

    with refused(TakenOver, "taken over by another terminal"):
        evening.store.append(evening.lease, 5, seat, action, evening.record.summary)

    assert len(evening.store.record("evening")[1].actions) == 4


def test_the_new_holder_plays_on_from_every_move_stored(evening, stores):
    taker = GameSession.open(stores(), "evening", take_over=True)

    play_randomly(taker, 3)

    _, record = evening.store.record("evening")
    assert record.actions[:4] == evening.record.actions
    assert len(record.actions) == 7


def test_a_closed_game_frees_its_seats(evening, stores):
    evening.close()

    other = GameSession.open(stores(), "evening")

    assert other.held_seats == {0, 1, 2}
    assert evening.store.holders("evening").keys() == {0, 1, 2}


def test_a_dead_holder_frees_its_seats_at_once(evening, stores, run_python):
    evening.close()
    died = run_python(HOLD_AND_DIE, str(evening.store.root))
    assert died.returncode == 0, died.stderr

    assert evening.store.holders("evening") == {}
    other = GameSession.open(stores(), "evening")
    assert other.held_seats == {0, 1, 2}


def test_a_holder_on_another_host_not_seen_lately_holds_nothing(evening, store, raw):
    evening.close()
    old = time.time() - LEASE_EXPIRY - 5
    _add_holder(raw, evening.game_key, {0, 1, 2}, pid=4242, host="elsewhere", seen=old)

    assert store.holders("evening") == {}
    assert GameSession.open(store, "evening").held_seats == {0, 1, 2}


def test_a_holder_on_another_host_seen_lately_still_holds_its_seats(evening, store, raw):
    evening.close()
    _add_holder(raw, evening.game_key, {0, 1, 2}, pid=4242, host="elsewhere", seen=time.time())

    with pytest.raises(SeatsHeld) as caught:
        GameSession.open(store, "evening")

    assert re.match(_holder(4242, "elsewhere"), terminals(caught.value))
    assert store.holders("evening").keys() == {0, 1, 2}


def test_every_terminal_holding_a_wanted_seat_is_named_once(evening, store, raw):
    evening.close()
    _add_holder(raw, evening.game_key, {0}, pid=4242, host="elsewhere", seen=time.time())
    _add_holder(raw, evening.game_key, {1, 2}, pid=4343, host="elsewhere", seen=time.time())

    with pytest.raises(SeatsHeld) as caught:
        GameSession.open(store, "evening")

    first, second = terminals(caught.value).split("; ")
    assert re.match(_holder(4242, "elsewhere"), first)
    assert re.match(_holder(4343, "elsewhere"), second)
    assert save_text(caught.value).startswith("evening is open in 2 other terminals: pid 4242")


def test_a_live_process_here_not_seen_lately_holds_nothing(evening, store, raw):
    evening.close()
    old = time.time() - LEASE_EXPIRY - 5
    _add_holder(raw, evening.game_key, {0, 1}, pid=os.getpid(), host=socket.gethostname(), seen=old)

    assert GameSession.open(store, "evening").held_seats == {0, 1, 2}


def test_a_terminal_polling_keeps_its_seats_fresh(evening, raw, monkeypatch):
    monkeypatch.setattr("tui.model.HEARTBEAT", 0.0)
    db = raw()
    db.execute("UPDATE seats SET seen = 0")

    assert evening.poll() == 0

    seen = [row[0] for row in db.execute("SELECT seen FROM seats")]
    assert len(seen) == 3 and min(seen) > time.time() - LEASE_EXPIRY


def test_each_person_holds_only_their_own_seats_and_the_computer_comes_along(store, stores):
    GameSession.create(store, "3x3", list(PLAYERS), 11, name="evening").close()

    ann = GameSession.open(store, "evening", people=["Ann"])
    bob = GameSession.open(stores(), "evening", people=["bob"])

    assert ann.held_seats == {0, 2} and ann.humans == [0]
    assert bob.held_seats == {1} and bob.humans == [1]
    with pytest.raises(SeatsHeld):
        GameSession.open(stores(), "evening", people=["Ann"])


def test_taking_over_one_person_leaves_the_computer_to_the_terminal_that_plays_it(store, stores):
    GameSession.create(store, "3x3", list(PLAYERS), 11, name="evening").close()
    ann = GameSession.open(store, "evening", people=["Ann"])
    GameSession.open(stores(), "evening", people=["Bob"])

    taker = GameSession.open(stores(), "evening", people=["Bob"], take_over=True)

    assert taker.held_seats == {1}
    assert ann.store.still_held(ann.lease) and ann.held_seats == {0, 2}


def test_taking_over_a_terminal_takes_the_computer_it_played_too(store, stores):
    GameSession.create(store, "3x3", list(PLAYERS), 11, name="evening").close()
    GameSession.open(store, "evening", people=["Ann"])

    taker = GameSession.open(stores(), "evening", people=["Ann"], take_over=True)

    assert taker.held_seats == {0, 2}


def test_a_person_who_is_not_a_player_is_refused(evening, stores):
    with refused(SaveError, r"^evening has no player 'Zed' \(players: Ann, Bob, Cy\)$"):
        GameSession.open(stores(), "evening", people=["Zed"])


def test_closing_a_taken_over_terminal_leaves_the_new_holder_alone(evening, stores):
    taker = GameSession.open(stores(), "evening", take_over=True)

    evening.close()

    assert taker.store.still_held(taker.lease)
    with pytest.raises(SeatsHeld):
        GameSession.open(stores(), "evening")


def test_the_seats_of_different_games_are_independent(evening, store, stores):
    other = GameSession.create(store, "3x3", list(PLAYERS), 12, name="other")
    assert other.held_seats == {0, 1, 2}, "seats held in one game do not block another"

    evening.close()

    assert GameSession.open(stores(), "evening").held_seats == {0, 1, 2}
    with pytest.raises(SeatsHeld):
        GameSession.open(stores(), "other")

"""A game open in several terminals: each sees the others' moves when it polls, and its
state is then the same as a full replay of the stored moves."""

from __future__ import annotations

import random

import pytest
from save_helpers import session_views, views

from saves import PlayerSpec
from tui.model import GameSession

PLAY_BOBS_TURN = """
import random, sys
from pathlib import Path
from saves import SaveStore
from tui.model import GameSession

session = GameSession.open(SaveStore(Path(sys.argv[1])), "shared", people=["Bob"])
rng = random.Random(4)
while session.to_act() == [1]:
    session.apply(1, rng.choice(session.legal(1)))
print(len(session.record.actions))
session.close()
"""
"""Opens the game for Bob and plays Bob's turn."""


@pytest.fixture
def tables(store, stores) -> tuple[GameSession, GameSession]:
    """Ann's terminal and Bob's terminal at one game of 3 x 3 (two connections)."""
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "human")]
    GameSession.create(store, "3x3", players, 21, name="shared").close()
    ann = GameSession.open(store, "shared", people=["Ann"])
    bob = GameSession.open(stores(), "shared", people=["Bob"])
    return ann, bob


def _play_turn(session: GameSession, seed: int) -> int:
    """Play random moves while one of this terminal's seats is to act; how many."""
    rng = random.Random(seed)
    played = 0
    while not session.over and session.to_act()[0] in session.held_seats:
        seat = session.to_act()[0]
        session.apply(seat, rng.choice(session.legal(seat)))
        played += 1
    return played


def _replayed(stores) -> list:
    _, game, state = stores().load("shared")
    return views(game, state, 2)


def _first_turn_to(ann: GameSession, bob: GameSession) -> tuple[GameSession, GameSession]:
    """(the terminal whose seat acts first, the other)."""
    return (ann, bob) if ann.to_act() == [0] else (bob, ann)


def test_polling_returns_the_number_of_moves_another_terminal_played(tables, stores):
    mover, watcher = _first_turn_to(*tables)
    played = _play_turn(mover, 1)

    assert played >= 1
    assert watcher.poll() == played
    assert watcher.record.actions == mover.record.actions
    assert session_views(watcher) == session_views(mover) == _replayed(stores)


def test_turns_pass_back_and_forth_between_two_terminals(tables, stores):
    mover, watcher = _first_turn_to(*tables)
    for turn in range(6):
        played = _play_turn(mover, turn)
        assert watcher.poll() == played
        mover, watcher = watcher, mover

    assert session_views(mover) == session_views(watcher) == _replayed(stores)


def test_polling_when_nothing_changed_finds_no_moves(tables):
    ann, bob = tables

    assert ann.poll() == 0
    assert bob.poll() == 0


def test_a_terminal_sees_the_moves_played_in_another_process(store, stores, run_python):
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "human")]
    GameSession.create(store, "3x3", players, 21, name="shared").close()
    ann = GameSession.open(store, "shared", people=["Ann"])
    _play_turn(ann, 2)
    assert ann.to_act() == [1]

    bob = run_python(PLAY_BOBS_TURN, str(store.root))

    assert bob.returncode == 0, bob.stderr
    before = len(ann.record.actions)
    assert ann.poll() == int(bob.stdout) - before > 0
    assert session_views(ann) == _replayed(stores)


def test_the_data_version_changes_when_another_terminal_commits(tables):
    ann, bob = tables
    mover, watcher = _first_turn_to(ann, bob)
    mine, theirs = mover.store.data_version(), watcher.store.data_version()

    _play_turn(mover, 3)

    assert mover.store.data_version() == mine, "its own commits do not count"
    assert watcher.store.data_version() != theirs


def test_a_move_stored_while_a_table_opens_is_on_that_table_once_open(tables, stores, monkeypatch):
    mover, watcher = _first_turn_to(*tables)
    people = [watcher.record.players[min(watcher.held_seats)].name]
    watcher.close()
    opening = stores()
    resume = opening.resume

    def resume_while_the_other_moves(*args, **kwargs):
        """The record is read; the other terminal moves before this one watches."""
        _play_turn(mover, 3)
        return resume(*args, **kwargs)

    monkeypatch.setattr(opening, "resume", resume_while_the_other_moves)

    late = GameSession.open(opening, "shared", people=people)

    assert len(late.record.actions) == len(mover.record.actions) > 0
    assert session_views(late) == _replayed(stores)

"""Each move number is stored once: of two terminals playing the same move number, exactly
one wins; the other is told, sees the winner's move and judges its own again."""

from __future__ import annotations

import hashlib
import json
import random

import pytest
from save_helpers import play_randomly, read_line, refused, session_views, tell

from rules import IllegalAction
from saves import MoveConflict, PlayerSpec, replay
from saves.record import summarize
from tui.model import GameSession

ROUNDS = 8

RACER = """
import hashlib, json, random, sys
from pathlib import Path
from saves import Lease, MoveConflict, SaveStore, replay
from tui.model import GameSession

root, name, token, me = sys.argv[1:]
store = SaveStore(Path(root))
key, record = store.record(name)
game, state = replay(record)
lease = Lease(key, frozenset(game.player_seats(len(record.players))), token)
session = GameSession(store, name, key, record, game, state, lease)
rng = random.Random(me)
while not session.over:
    number = len(session.record.actions) + 1
    seat = session.to_act()[0]
    action = rng.choice(session.legal(seat))
    print("ready", number, flush=True)
    if sys.stdin.readline().strip() != "go":
        break
    try:
        session.apply(seat, action)
        result = "won"
    except MoveConflict:
        result = "lost"
    view = json.dumps(session.view(None), sort_keys=True).encode()
    print(json.dumps({
        "result": result,
        "number": number,
        "seat": seat,
        "action": action.to_json(),
        "stored": session.record.actions[number - 1][1],
        "still_legal": action in session.legal(seat),
        "moves": len(session.record.actions),
        "view": hashlib.sha256(view).hexdigest(),
    }), flush=True)
"""
"""Plays for every seat of game `name` under the lease `token`; each round it picks a legal
move, says "ready N", waits for "go", tries to store it as move N and reports the outcome."""


def _two_player_game(store, name: str = "race") -> GameSession:
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "human")]
    return GameSession.create(store, "3x3", players, 17, name=name)


def test_two_processes_racing_for_one_move_number_store_exactly_one_move(store, spawn):
    session = _two_player_game(store)
    token = session.lease.token
    racers = [spawn(RACER, str(store.root), "race", token, who) for who in ("left", "right")]

    for round_number in range(ROUNDS):
        numbers = {read_line(racer) for racer in racers}
        assert len(numbers) == 1, "both racers wait to play the same move number"
        for racer in racers[:: 1 if round_number % 2 else -1]:
            tell(racer, "go")
        outcomes = [json.loads(read_line(racer)) for racer in racers]

        [winner] = [o for o in outcomes if o["result"] == "won"]
        [loser] = [o for o in outcomes if o["result"] == "lost"]
        number = winner["number"]
        assert loser["number"] == number
        record, game, state = store.load("race")
        assert len(record.actions) == number
        assert list(record.actions[-1]) == [winner["seat"], winner["action"]]
        assert loser["stored"] == winner["action"], "the loser sees the winner's move"
        assert loser["moves"] == number
        action = game.action_from_json(loser["action"])
        assert loser["still_legal"] == (action in game.legal_actions(state, loser["seat"]))
        view = json.dumps(game.view(state, None), sort_keys=True).encode()
        assert loser["view"] == winner["view"] == hashlib.sha256(view).hexdigest()

    for racer in racers:
        read_line(racer)
        tell(racer, "stop")
        racer.communicate(timeout=60)
        assert racer.returncode == 0
    session.sync()
    assert len(session.record.actions) == ROUNDS


# Only the seat to act may move, so two terminals can want the same move number only
# when both play that seat: below, one game opened twice over one lease (two connections).


def _turn_ends_after_one_move(session: GameSession) -> tuple[int, list]:
    """Play on until the seat to act has a move after which another seat is to act;
    (that seat, the legal moves that end its turn)."""
    rng = random.Random(5)
    while True:
        seat = session.to_act()[0]
        enders = [
            action
            for action in session.legal(seat)
            if session.game.to_act(session.game.apply(session.state, seat, action)) != [seat]
        ]
        if len(enders) >= 2:
            return seat, enders
        session.apply(seat, rng.choice(session.legal(seat)))


def test_a_terminal_whose_move_number_was_taken_sees_the_winning_move(store, stores):
    first = _two_player_game(store)
    second = GameSession(stores(), "race", first.game_key, *_fresh(first), lease=first.lease)
    seat, (mine, theirs, *_) = _turn_ends_after_one_move(first)
    second.sync()

    first.apply(seat, theirs)
    with refused(MoveConflict, "another terminal played move"):
        second.apply(seat, mine)

    assert second.record.actions == first.record.actions
    assert session_views(second) == session_views(first)


def test_a_move_judged_on_a_stale_state_is_judged_again_and_may_become_illegal(store, stores):
    first = _two_player_game(store)
    second = GameSession(stores(), "race", first.game_key, *_fresh(first), lease=first.lease)
    seat, (mine, theirs, *_) = _turn_ends_after_one_move(first)
    second.sync()
    first.apply(seat, theirs)
    with pytest.raises(MoveConflict):
        second.apply(seat, mine)

    assert second.to_act() != [seat]
    assert mine not in second.legal(seat)
    with pytest.raises(IllegalAction):
        second.apply(seat, mine)
    assert len(second.store.record("race")[1].actions) == len(first.record.actions)


def _fresh(session: GameSession) -> tuple:
    """(record, game, state) of the game as stored, for a second session object."""
    _, record = session.store.record(session.name)
    game, state = replay(record)
    return record, game, state


def test_a_move_number_already_stored_is_refused_for_any_seat(store, stores):
    first = _two_player_game(store)
    seat = first.to_act()[0]
    first.close()
    mover = GameSession.open(store, "race", people=[first.seat_names[seat]])
    other = stores()
    waiting = other.hold(mover.game_key, {1 - seat})
    play_randomly(mover, 1)
    bogus = {"turn": "nobody", "status": "", "moves": 1, "over": False}

    with refused(MoveConflict, "another terminal played move 1 first"):
        other.append(waiting, 1, 1 - seat, {"type": "pass"}, bogus)

    assert other.moves_after(mover.game_key, 0) == mover.record.actions
    assert [info.summary for info in other.list()] == [mover.record.summary]


def test_a_move_number_that_is_not_the_next_one_is_refused(store):
    session = _two_player_game(store)
    play_randomly(session, 2)
    game, state = session.game, session.state
    seat = game.to_act(state)[0]
    action = game.legal_actions(state, seat)[0]
    summary = summarize(game, game.apply(state, seat, action), 4)

    with pytest.raises(MoveConflict):
        store.append(session.lease, 4, seat, action.to_json(), summary)
    with pytest.raises(MoveConflict):
        store.append(session.lease, 2, seat, action.to_json(), summary)

    assert store.moves_after(session.game_key, 0) == session.record.actions
    assert store.list()[0].summary == session.record.summary

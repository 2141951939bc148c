"""Xylotar random full games, JSON replay of every prefix, privacy, and the computer player."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from rules.bots.xylotar import bid_choice, choose, peek_choice, simulated_tricks
from rules.xylotar import PASS, Bid, Peek, Play, XylotarState, all_cards, deck_for

from xylotar_staging import GAME, NAMES, bot_view, events, new, random_game, started

STEP_CAP = 2000


def _sorter(state: XylotarState, holder: int) -> int:
    """Who sorted `holder`'s hand: the right neighbour; with 2 players A sorts West's and
    B's, B sorts East's and A's."""
    return (0 if holder in (1, 2) else 2) if state.sides else (holder - 1) % state.seats


def _known(state: XylotarState, holder: int, viewer: int) -> set[int]:
    """The face-down slots whose values `viewer` may legitimately see."""
    known: set[int] = set()
    if holder == viewer and state.returned[viewer] is not None:
        known.add(state.returned[viewer])
    if holder == viewer and state.peek is not None and state.turn == viewer:
        known.update(state.peek)
    if state.memory and _sorter(state, holder) == viewer:
        known.update(range(len(state.rows[holder])))
    return known


def _check_privacy(state: XylotarState) -> None:
    for viewer in range(state.seats):
        view = GAME.view(state, viewer)
        for holder, info in enumerate(view["seats"]):
            for slot, shown in enumerate(info["slots"]):
                if shown["status"] == "down" and shown["value"] is not None:
                    assert slot in _known(state, holder, viewer)
        if view["sorting"] is not None and view["sorting"]["sorter"] != viewer:
            assert view["sorting"]["left"] is None and view["sorting"]["placed"] is None
        if view["peek"] is not None:
            assert viewer == state.turn
        for hand in view["sorted"]:
            assert hand["cards"] == list(state.rows[hand["seat"]])
            assert viewer == _sorter(state, hand["seat"])


@pytest.mark.parametrize("memory", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1])
def test_random_games_keep_the_rules_and_replay_from_json(
    players: int, seed: int, memory: bool
) -> None:
    rng = random.Random(seed)
    options = {"sorting_memory": memory}
    state = GAME.new_game(NAMES[:players], seed, options)
    moves: list[tuple[int, object]] = []
    views = []
    while not GAME.is_over(state):
        assert len(moves) < STEP_CAP
        (seat,) = GAME.to_act(state)
        assert seat not in state.sides
        action = rng.choice(GAME.legal_actions(state, seat))
        state = GAME.apply(state, seat, action)
        moves.append((seat, json.loads(json.dumps(action.to_json()))))
        assert all_cards(state) == Counter(deck_for(state.seats))
        if state.phase in ("play", "bid"):
            for holder in range(state.seats):
                values = [int(c[1:]) for c in state.rows[holder]]
                assert values == sorted(values, reverse=True)
                assert sum(mark == "down" for mark in state.status[holder]) <= (
                    len(values) - state.trick_no + 1
                )
        _check_privacy(state)
        views.append([json.dumps(GAME.view(state, s)) for s in range(state.seats)])
    assert state.round >= 3
    assert len(GAME.result(state)["winners"]) == 1
    replay = GAME.new_game(NAMES[:players], seed, options)
    for (seat, data), seen in zip(moves, views, strict=True):
        replay = GAME.apply(replay, seat, GAME.action_from_json(data))
        assert [json.dumps(GAME.view(replay, s)) for s in range(replay.seats)] == seen
    assert GAME.log(replay, 0) == GAME.log(state, 0)


def test_re_dealing_hidden_values_does_not_change_a_view() -> None:
    state = started(4, "", "", "G1", "G6", dealer=3)
    other = state.clone()
    row2, row3 = list(other.rows[2]), list(other.rows[3])
    i, j = row2.index("G1"), row3.index("G6")
    row2[i], row3[j] = "G6", "G1"
    other.rows[2], other.rows[3] = tuple(row2), tuple(row3)
    for seat in (None, 0, 3):
        assert GAME.view(other, seat) == GAME.view(state, seat)
    for seat in (1, 2):
        before, after = GAME.view(state, seat), GAME.view(other, seat)
        assert before["sorted"] != after["sorted"]
        before["sorted"] = after["sorted"] = []
        assert before == after


def test_a_sorter_remembers_the_hand_it_sorted_and_nobody_else_learns_it() -> None:
    """Seat 1 sorted seat 2's hand: it saw those values, seat 2 never did."""
    state = started(4, dealer=3)
    assert GAME.view(state, 1)["sorted"] == [{"seat": 2, "cards": list(state.rows[2])}]
    assert all(s["value"] is None for s in GAME.view(state, 1)["seats"][2]["slots"])
    assert GAME.view(state, 2)["sorted"] == [{"seat": 3, "cards": list(state.rows[3])}]
    assert GAME.view(state, None)["sorted"] == []


def test_sorting_memory_shows_the_sorter_only() -> None:
    state = started(4, dealer=3, sorting_memory=True)
    assert all(s["value"] is not None for s in GAME.view(state, 0)["seats"][1]["slots"])
    assert all(s["value"] is None for s in GAME.view(state, 2)["seats"][1]["slots"])
    assert all(s["value"] is None for s in GAME.view(state, 1)["seats"][1]["slots"])


def test_the_peeked_values_are_named_only_in_the_peekers_log() -> None:
    state = started(4, dealer=3)
    state = GAME.apply(GAME.apply(state, 0, Play(1)), 0, Peek(0, 2))
    peeked = [state.rows[0][0], state.rows[0][2]]
    assert events(state, 0)[-1] == {"kind": "peek", "seat": 0, "slots": [0, 2], "cards": peeked}
    for seat in (None, 1, 2, 3):
        assert events(state, seat)[-1] == {
            "kind": "peek",
            "seat": 0,
            "slots": [0, 2],
            "cards": None,
        }


def test_a_played_card_and_a_bid_card_are_named_in_every_log() -> None:
    state = started(4, dealer=3)
    card = state.rows[0][1]
    state = GAME.apply(GAME.apply(GAME.apply(state, 0, Play(1)), 0, Peek(0, 2)), 0, Bid(2))
    for seat in (None, 0, 1, 2, 3):
        assert {"kind": "play", "seat": 0, "card": card} in events(state, seat)
        assert events(state, seat)[-1] == {"kind": "bid", "seat": 0, "card": state.rows[0][2]}


def test_actions_round_trip_through_json() -> None:
    for action in (Play(3), Peek(2, 4), PASS):
        assert GAME.action_from_json(action.to_json()) == action


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bots_finish_a_game_with_legal_moves_only(players: int) -> None:
    rng = random.Random(players)
    state = GAME.new_game(NAMES[:players], players)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        view = json.loads(json.dumps(GAME.view(state, seat)))
        action = choose(view, legal, rng)
        assert action in legal
        state = GAME.apply(state, seat, action)


def test_the_bot_follows_low_when_it_cannot_win() -> None:
    view = bot_view([5, 3, 1], 0)
    assert choose(view, [Play(0), Play(1), Play(2)], random.Random(0)) == Play(2)


PEEKS = [Peek(0, 1), Peek(1, 2), Peek(2, 3), Peek(3, 4), Peek(4, 5), PASS]


def test_the_bot_peeks_next_to_a_value_that_fits_the_tricks_it_expects() -> None:
    view = bot_view([9, 8, 4, 2, 1, 0], 1)
    assert peek_choice(view, PEEKS, 4.5) == Peek(1, 2)


def test_the_bot_guesses_a_hidden_value_from_its_neighbours_in_the_row() -> None:
    """Between a known 8 and a known 2, an unseen green is guessed in the middle: 5."""
    view = bot_view([9, 8, 4, 2, 1, 0], 1)
    view["seats"][0]["slots"][2]["value"] = None
    assert peek_choice(view, PEEKS, 4.5) == Peek(1, 2)


def test_the_bot_waits_when_nothing_fits() -> None:
    view = bot_view([7, 7, 7, 0, 0, 0], 1)
    assert peek_choice(view, PEEKS, 4.5) == PASS


def test_the_bot_bids_the_peeked_value_nearest_the_tricks_it_expects() -> None:
    view = bot_view([9, 8, 4, 2, 1, 0], peek=[1, 2])
    assert bid_choice(view, 4.5) == Bid(2)
    assert bid_choice(view, 7.0) == Bid(1)


def test_the_bot_counts_more_tricks_holding_the_highest_trumps_than_the_lowest() -> None:
    """It plays the round out in worlds sampled from its own view."""
    strong = started(3, "Y8 Y7 Y6 Y5 G7 G6 G5 T6 T5 B5 B4 P4 K3")
    weak = started(3, "Y0 Y1 Y2 G0 G1 G2 T0 T1 B0 B1 P0 P1 K0")
    rng = random.Random(0)
    high = simulated_tricks(GAME.view(strong, 0), rng)
    low = simulated_tricks(GAME.view(weak, 0), rng)
    assert high > low


def test_a_bot_that_has_its_tricks_sheds_its_highest_losing_card() -> None:
    view = bot_view([5, 3, 1], 1, "G1")
    assert choose(view, [Play(0), Play(1), Play(2)], random.Random(0)) == Play(0)


def test_while_sorting_only_the_sorter_learns_how_far_the_sorting_got() -> None:
    """Groups of one are placed by themselves, so the count would show where values tie."""
    state = new(4, dealer=3)
    sorter = state.jobs[0][0]
    for seat in (None, *range(4)):
        sorting = GAME.view(state, seat)["sorting"]
        known = seat == sorter
        assert (sorting["placed_count"] is not None) == known
        assert (sorting["left_count"] is not None) == known


def test_a_look_alike_slot_plays_as_the_whole_number_it_equals() -> None:
    state = started(4, dealer=3)
    state = GAME.apply(state, 0, Play(True))  # type: ignore[arg-type]
    assert state.trick == ((0, 1),)
    assert type(GAME.view(state, 0)["trick"][0]["slot"]) is int


def test_a_bot_chasing_tricks_leads_the_card_fewest_unseen_cards_can_beat() -> None:
    """The green 7 is the top green; the red 2 trumps, but eight higher reds are unseen."""
    view = bot_view([7, 2, 1], 0)
    view["seats"][0]["slots"][1]["colour"] = "R"
    view["trick"], view["led_colour"] = [], None
    assert choose(view, [Play(0), Play(1), Play(2)], random.Random(0)) == Play(0)


def _ann_leads_and_wins_trick_one() -> XylotarState:
    """Three players; Ann (seat 0) leads her yellow 7, the only trump of trick 1. She
    passes; Bob and Cy, without yellow, each play their leftmost card and bid."""
    hands = (
        "Y8 Y7 Y6 Y5 Y4 Y3 Y2 Y1 Y0 G7 G6 G5 G4",
        "G3 G2 G1 G0 T6 T5 T4 T3 T2 T1 T0 B5 B4",
        "B3 B2 B1 B0 P4 P3 P2 P1 P0 K3 K2 K1 K0",
    )
    state = started(3, *hands, dealer=2)
    state = GAME.apply(GAME.apply(state, 0, Play(state.rows[0].index("Y7"))), 0, PASS)
    for seat in (1, 2):
        state = GAME.apply(state, seat, Play(0))
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


def test_the_trick_winner_is_named_but_did_not_act() -> None:
    """So "since your last turn" for the winner starts after its own play."""
    state = _ann_leads_and_wins_trick_one()
    (entry,) = [e for e in GAME.log(state, 0) if e["event"]["kind"] == "trick"]
    assert entry["event"]["winner"] == 0 and entry["actor"] is None
    assert entry["event"]["cards"][0] == "Y7"
    mine = [e["event"] for e in GAME.log(state, 0) if e["actor"] == 0]
    assert mine[-1] == {"kind": "play", "seat": 0, "card": "Y7"}


def test_the_summary_names_the_sorter_and_the_hand_being_sorted() -> None:
    state = new(3, dealer=2)
    sorter, holder = state.jobs[0]
    assert GAME.summary(state) == {
        "turn": NAMES[sorter],
        "facts": {"phase": "sort", "round": 1, "holder": NAMES[holder], "side": False},
    }


def test_the_summary_says_when_the_hand_being_sorted_is_a_side_player_s() -> None:
    state = new(2, dealer=2)
    assert GAME.summary(state)["facts"] == {
        "phase": "sort",
        "round": 1,
        "holder": "West",
        "side": True,
    }


def test_the_summary_names_the_player_who_may_bid_after_playing() -> None:
    state = started(3, dealer=2)
    state = GAME.apply(state, 0, Play(1))
    assert GAME.summary(state) == {
        "turn": "Ann",
        "facts": {"phase": "play", "round": 1, "trick": 1, "tricks": 12, "bidder": "Ann"},
    }


def test_the_summary_names_the_trick_winner_who_leads_next() -> None:
    state = _ann_leads_and_wins_trick_one()
    assert GAME.summary(state) == {
        "turn": "Ann",
        "facts": {"phase": "play", "round": 1, "trick": 2, "tricks": 12, "bidder": None},
    }


def test_the_summary_of_a_game_over_names_the_winner() -> None:
    state = random_game(3, 1)[-1]
    winner = GAME.result(state)["winners"][0]
    assert GAME.summary(state) == {
        "turn": None,
        "facts": {"phase": "over", "winner": NAMES[winner]},
    }


def test_xylotar_ranks_everyone_and_names_no_loser() -> None:
    state = GAME.new_game(NAMES[:4], 3)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    result = GAME.result(state)
    assert result["losers"] == [] and len(result["winners"]) == 1
    assert sorted(seat for place in result["ranking"] for seat in place) == [0, 1, 2, 3]

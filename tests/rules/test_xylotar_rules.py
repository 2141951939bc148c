"""Xylotar scenarios, one per rule: set-up, sorting, tricks, bids, scoring, rounds, 2 players."""

from __future__ import annotations

from typing import get_args

import pytest

from rules.engine import IllegalAction, SetupError
from rules.xylotar import (
    PASS,
    Bid,
    Peek,
    Play,
    RefusalCode,
    RoundScore,
    Sort,
    down_slots,
    final_winner,
    next_leader,
    score_round,
    sort_actions,
    ties,
    trick_winner,
)

from xylotar_staging import (
    GAME,
    events,
    new,
    play,
    play_first,
    random_game,
    slot_of,
    started,
)


@pytest.mark.parametrize(
    ("players", "size", "trump"), [(2, 15, "R"), (3, 13, "Y"), (4, 15, "R"), (5, 12, "R")]
)
def test_the_deal_gives_everyone_the_same_number_of_cards(
    players: int, size: int, trump: str
) -> None:
    view = GAME.view(started(players), None)
    assert {len(info["slots"]) for info in view["seats"]} == {size}
    assert view["trump"] == trump
    assert view["tricks_per_round"] == size - 1


def test_three_players_play_without_red_and_orange() -> None:
    state = started(3)
    assert GAME.view(state, 0)["colours"] == list("YGTBPK")
    assert not any(card[0] in "RO" for row in state.rows for card in row)


def test_everyone_sees_which_hands_still_wait_to_be_sorted() -> None:
    state = new(4, "", "Y5 G5 T5 B2 R1 O1 Y1 G1 T1 B1 P1 K1 R0 O0 Y0", dealer=3)
    first = GAME.view(state, None)["sorting"]
    assert sorted([first["target"], *first["waiting"]]) == [0, 1, 2, 3]
    while GAME.view(state, None)["sorting"]["target"] == first["target"]:
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    now = GAME.view(state, None)["sorting"]
    assert first["target"] not in [now["target"], *now["waiting"]]
    assert len(now["waiting"]) == 2


def test_the_sorter_is_the_right_neighbour_and_ties_are_the_sorters_choice() -> None:
    state = new(4, "", "Y5 G5 T5 B2 R1 O1 Y1 G1 T1 B1 P1 K1 R0 O0 Y0", dealer=3)
    while GAME.view(state, 0)["sorting"]["target"] != 1:
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert GAME.to_act(state) == [0]
    sorting = GAME.view(state, 0)["sorting"]
    top = max(int(card[1:]) for card in sorting["left"])
    assert sorting["choices"] == [c[0] for c in sorting["left"] if int(c[1:]) == top]
    assert GAME.view(state, 1)["sorting"]["left"] is None
    while GAME.view(state, 0)["sorting"]["choices"] != ["Y", "G", "T"]:
        state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, 0, Sort("B"))
    assert caught.value.code == "sort-highest-value"
    assert caught.value.fields == {"value": 5, "colours": ["Y", "G", "T"]}
    state = GAME.apply(state, 0, Sort("T"))
    assert GAME.legal_actions(state, 0) == [Sort("Y"), Sort("G")]
    state = GAME.apply(state, 0, Sort("G"))
    assert GAME.view(state, 0)["sorting"]["placed"] == ["T5", "G5", "Y5", "B2"]


def test_two_players_sort_two_hands_each() -> None:
    state = new(2, dealer=0)
    sorters = []
    while state.phase == "sort":
        view = GAME.view(state, None)["sorting"]
        sorters.append((view["sorter"], view["target"]))
        state = GAME.apply(state, view["sorter"], GAME.legal_actions(state, view["sorter"])[0])
    assert sorted(set(sorters)) == [(0, 1), (0, 2), (2, 0), (2, 3)]
    assert GAME.view(state, 0)["players"] == ["Ann", "West", "Bob", "East"]


def test_the_seeds_worked_example() -> None:
    """Pink 2 led, pink 3 follows, red 7 trumps (no pink), pink 0 must follow: red 7 wins."""
    state = started(4, "K2 K1", "K3", "R7", "K0", dealer=3)
    state = play(state, 0, "K2")
    state = play(state, 1, "K3")
    assert Play(slot_of(state, 2, "R7")) in GAME.legal_actions(state, 2)
    state = play(state, 2, "R7")
    assert GAME.legal_actions(state, 3) == [Play(slot_of(state, 3, "K0"))]
    state = play(state, 3, "K0")
    assert state.tricks == [0, 0, 1, 0]
    assert GAME.to_act(state) == [2]
    assert score_round([0, 0, 2, 0], [5, 5, 2, 5], frozenset())[1][2] == 7


def test_a_player_must_follow_the_led_colour_when_they_hold_it() -> None:
    state = started(4, "B1 B0", "B2 R0", dealer=3)
    state = play(state, 0, "B1")
    legal = GAME.legal_actions(state, 1)
    assert Play(slot_of(state, 1, "B2")) in legal
    assert {state.rows[1][action.slot][0] for action in legal} == {"B"}
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, 1, Play(slot_of(state, 1, "R0")))
    assert (caught.value.code, caught.value.fields) == ("follow-colour", {"colour": "B"})


def test_the_highest_trump_wins_else_the_highest_of_the_led_colour() -> None:
    assert trick_winner(["G3", "G6", "B5", "G0"], "R") == 1
    assert trick_winner(["G3", "R0", "R2", "G7"], "R") == 2
    assert trick_winner(["Y1", "G7", "T6"], "Y") == 0


def test_the_leader_may_not_lead_the_leftmost_card_except_in_the_last_trick() -> None:
    state = started(4, dealer=3)
    leftmost = down_slots(state, 0)[0]
    assert Play(leftmost) not in GAME.legal_actions(state, 0)
    assert GAME.view(state, 0)["lead_ban"] == {"applies": True, "slot": leftmost}
    with pytest.raises(IllegalAction, match="lead-not-leftmost"):
        GAME.apply(state, 0, Play(leftmost))
    state = play_first(state, until=13)
    assert state.trick_no == 14
    leader = state.turn
    assert GAME.legal_actions(state, leader)[0] == Play(down_slots(state, leader)[0])
    assert GAME.view(state, leader)["lead_ban"]["applies"] is False


def test_a_bid_comes_right_after_ones_own_play_and_skips_gaps() -> None:
    state = started(4, dealer=3)
    state = GAME.apply(state, 0, Play(1))
    assert state.phase == "bid" and GAME.to_act(state) == [0]
    legal = GAME.legal_actions(state, 0)
    assert Peek(0, 2) in legal and Peek(0, 1) not in legal and legal[-1] == PASS
    with pytest.raises(IllegalAction, match="peek-before-bid"):
        GAME.apply(state, 0, Bid(0))
    state = GAME.apply(state, 0, Peek(0, 2))
    assert GAME.legal_actions(state, 0) == [Bid(0), Bid(2)]
    assert GAME.view(state, 0)["peek"] == {
        "slots": [0, 2],
        "cards": [state.rows[0][0], state.rows[0][2]],
    }
    assert GAME.view(state, 1)["peek"] is None
    state = GAME.apply(state, 0, Bid(2))
    mine, theirs = GAME.view(state, 0), GAME.view(state, 1)
    assert mine["seats"][0]["bid"] == {"slot": 2, "card": state.rows[0][2]}
    assert mine["seats"][0]["slots"][0]["value"] == int(state.rows[0][0][1:])
    assert theirs["seats"][0]["slots"][0]["value"] is None
    assert GAME.to_act(state) == [1]
    while state.turn != 0:
        state = GAME.apply(state, state.turn, GAME.legal_actions(state, state.turn)[-1])
    state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    assert state.phase == "play" and state.turn != 0


def test_a_seat_that_passes_may_bid_after_its_next_play() -> None:
    state = started(4, dealer=3)
    state = GAME.apply(GAME.apply(state, 0, Play(1)), 0, PASS)
    assert GAME.to_act(state) == [1]
    state = GAME.apply(state, 1, GAME.legal_actions(state, 1)[0])
    assert state.phase == "bid" and GAME.to_act(state) == [1]


def test_no_bid_is_offered_once_a_player_without_one_is_down_to_two_cards() -> None:
    state = play_first(started(5, dealer=4), until=9)
    assert state.trick_no == 10 and all(slot is None for slot in state.bid_slot)
    seat = state.turn
    assert len(down_slots(state, seat)) == 3
    state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert len(down_slots(state, seat)) == 2
    assert state.phase == "play" and GAME.to_act(state) != [seat]
    assert state.bid_slot[seat] is None


def test_a_player_with_three_face_down_cards_may_still_bid_after_playing() -> None:
    state = play_first(started(5, dealer=4), until=8)
    seat = state.turn
    assert len(down_slots(state, seat)) == 4
    state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert state.phase == "bid" and GAME.to_act(state) == [seat]


def test_the_last_face_down_card_becomes_the_bid() -> None:
    state = play_first(started(5, dealer=4), until=10)
    assert state.trick_no == 11 and all(slot is None for slot in state.bid_slot)
    seat = state.turn
    state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert state.phase != "bid"
    assert state.bid_slot[seat] is not None
    card = state.rows[seat][state.bid_slot[seat]]
    assert {"kind": "last-card-bid", "seat": seat, "card": card} in events(state, None)


@pytest.mark.parametrize(
    ("tricks", "bids", "points"),
    [([2, 0, 3], [2, 0, 1], (7, 5, 3)), ([0, 4, 1], [1, 4, 0], (0, 9, 1))],
)
def test_a_trick_is_a_point_and_a_met_bid_five_more_zero_included(
    tricks: list[int], bids: list[int], points: tuple[int, ...]
) -> None:
    assert score_round(tricks, bids, frozenset())[1] == points


@pytest.mark.parametrize(
    ("bids", "points", "cancel"),
    [
        ([3, 0, 1, 0], (8, None, 4, None), "none"),
        ([3, 2, 1, 0], (5, None, 0, None), "tricks"),
        ([3, 2, 1, 5], (0, None, 0, None), "all"),
    ],
)
def test_side_players_meeting_bids_cancel_the_humans_points(
    bids: list[int], points: tuple[int | None, ...], cancel: str
) -> None:
    _met, scored, how = score_round([3, 2, 4, 5], bids, frozenset((1, 3)))
    assert (scored, how) == (points, cancel)


def test_side_players_bid_their_middle_card_and_play_their_lowest_legal_card() -> None:
    state = started(2, dealer=2)
    assert state.bid_slot[1] == state.bid_slot[3] == 7
    assert state.trick == ((3, 14),)
    assert GAME.to_act(state) == [0]
    led = state.rows[3][14][0]
    state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    follows = [s for s in down_slots(state, 1) if state.rows[1][s][0] == led]
    lowest = max(follows or down_slots(state, 1))
    state = GAME.apply(state, 0, PASS)
    assert state.trick[2] == (1, lowest)
    view = GAME.view(state, 0)
    assert view["totals"] == [0, None, 0, None] and view["side_seats"] == [1, 3]


def test_side_players_never_act() -> None:
    state = started(2)
    while not GAME.is_over(state):
        assert GAME.to_act(state)[0] in (0, 2)
        state = play_first(state, until=state.trick_no) if state.phase != "sort" else state
        if state.phase == "sort":
            state = GAME.apply(state, state.turn, GAME.legal_actions(state, state.turn)[0])


def test_the_fewest_points_lead_the_next_round_ties_clockwise_from_the_last_leader() -> None:
    state = started(4)
    state.totals = [5, 3, 3, 7]
    state.round_leader = 2
    assert next_leader(state) == 2
    state.round_leader = 3
    assert next_leader(state) == 1
    state.totals = [2, 3, 3, 7]
    assert next_leader(state) == 0


def test_round_two_is_led_by_the_fewest_points() -> None:
    state = play_first(started(4), until=14)
    assert state.round == 2
    fewest = min(state.totals)
    assert state.totals[state.round_leader] == fewest


def _last(tricks: list[int], met: list[bool]) -> RoundScore:
    n = len(tricks)
    return RoundScore(3, 0, tuple(tricks), (0,) * n, tuple(met), (0,) * n, "none")


def test_a_tie_goes_to_the_tied_player_who_met_the_bid_with_fewest_tricks() -> None:
    state = started(4)
    state.totals = [20, 20, 20, 5]
    assert final_winner(state, _last([3, 1, 2, 5], [True, True, False, True])) == (1, "bid")
    state.totals = [20, 18, 20, 5]
    assert final_winner(state, _last([3, 1, 2, 5], [True, True, False, True])) == (0, "bid")
    assert final_winner(state, _last([3, 1, 3, 5], [True, True, True, True])) == (None, None)
    assert final_winner(state, _last([3, 1, 3, 5], [False] * 4)) == (None, None)
    state.totals = [21, 18, 20, 5]
    assert final_winner(state, _last([3, 1, 3, 5], [False] * 4)) == (0, None)


def _before_the_end() -> tuple[object, RoundScore]:
    """Round 3's last trick, and the score that round will get with first-choice play."""
    state = started(5, dealer=4)
    while state.round < 3 or state.trick_no < 11:
        state = (
            play_first(state, until=state.trick_no)
            if state.phase != "sort"
            else (GAME.apply(state, state.turn, GAME.legal_actions(state, state.turn)[0]))
        )
    return state, play_first(state).rounds[2]


def test_a_tie_nobody_breaks_means_an_extra_round() -> None:
    state, last = _before_the_end()
    losers = [s for s in range(5) if not last.met[s]]
    assert len(losers) >= 2
    a, b = losers[:2]
    state.totals = [0] * 5
    state.totals[a] = 50 - last.points[a]
    state.totals[b] = 50 - last.points[b]
    state = play_first(state, until=11)
    assert state.round == 4 and state.extra_rounds == 1 and not GAME.is_over(state)
    assert {"kind": "extra-round"} in events(state, None)
    state = play_first(state)
    assert GAME.is_over(state)
    assert GAME.result(state)["reason"]["extra_rounds"] == state.extra_rounds


def test_the_bid_tie_break_decides_after_three_rounds() -> None:
    state, last = _before_the_end()
    a = next(s for s in range(5) if last.met[s])
    b = next(s for s in range(5) if not last.met[s])
    state.totals = [0] * 5
    state.totals[a] = 50 - last.points[a]
    state.totals[b] = 50 - last.points[b]
    state = play_first(state)
    assert GAME.result(state)["winners"] == [a]
    assert state.tie_break == "bid"
    assert GAME.result(state)["reason"]["tie_break"] == "bid"


@pytest.mark.parametrize("flag", [1, 0, 1.0, "on", None])
def test_sorting_memory_is_on_or_off_and_nothing_that_merely_equals_it(flag: object) -> None:
    with pytest.raises(SetupError) as refused:
        GAME.new_game(["Ann", "Bob", "Cy"], 1, {"sorting_memory": flag})
    assert (refused.value.code, refused.value.fields) == (
        "option-value",
        {"option": "sorting_memory", "choices": [False, True]},
    )


def test_a_player_called_west_keeps_the_name_and_the_side_player_is_marked() -> None:
    assert GAME.seat_names(["west", "Bob"]) == ["west", "West (side)", "Bob", "East"]
    assert GAME.player_seats(2) == [0, 2]
    assert GAME.player_seats(3) == [0, 1, 2]
    assert GAME.seat_names(["West", "West (side)"])[1] == "West (side player)"


def test_only_cards_next_to_an_equal_value_may_change_places() -> None:
    assert ties(["Y5", "G5", "T5", "B2", "R1", "O1", "K0"]) == {0, 1, 2, 4, 5}


def test_an_order_chosen_among_equal_values_is_one_choice_per_card_of_a_tie_but_its_last() -> None:
    assert sort_actions(["T5", "G5", "Y5", "B2", "O1", "R1", "K0"]) == [
        Sort("T"),
        Sort("G"),
        Sort("O"),
    ]


def test_the_choices_for_an_order_lay_the_hand_out_in_that_order() -> None:
    state = new(4, "", "Y5 G5 T5 B2 R1 O1 Y1 G1 T1 B1 P1 K1 R0 O0 Y0", dealer=3)
    while GAME.view(state, 0)["sorting"]["target"] != 1:
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert GAME.view(state, 0)["sorting"]["placed"] == []
    wanted = [
        "T5",
        "G5",
        "Y5",
        "B2",
        "K1",
        "P1",
        "B1",
        "T1",
        "G1",
        "Y1",
        "O1",
        "R1",
        "Y0",
        "O0",
        "R0",
    ]
    for action in sort_actions(wanted):
        state = GAME.apply(state, 0, action)
    assert list(state.rows[1]) == wanted


def test_a_new_round_has_no_last_move_until_someone_plays() -> None:
    assert GAME.view(started(4, dealer=3), None)["last"] is None


def test_the_last_move_is_the_card_just_played_and_a_pass_leaves_it() -> None:
    state = started(4, dealer=3)
    card = state.rows[0][1]
    state = GAME.apply(GAME.apply(state, 0, Play(1)), 0, PASS)
    assert GAME.view(state, 2)["last"] == {
        "seat": 0,
        "kind": "play",
        "plays": [{"seat": 0, "card": card}],
        "bids": [],
        "won": None,
    }


def test_a_bid_is_the_last_move_until_the_next_play() -> None:
    state = started(4, dealer=3)
    state = GAME.apply(GAME.apply(state, 0, Play(1)), 0, Peek(0, 2))
    assert GAME.view(state, 1)["last"]["kind"] == "peek"
    state = GAME.apply(state, 0, Bid(2))
    assert GAME.view(state, 1)["last"] == {
        "seat": 0,
        "kind": "bid",
        "plays": [],
        "bids": [0],
        "won": None,
    }


def test_the_play_that_completes_a_trick_names_the_trick_s_winner() -> None:
    state = started(4, "K2 K1", "K3", "R7", "K0", dealer=3)
    for seat, card in enumerate(("K2", "K3", "R7", "K0")):
        state = play(state, seat, card)
    last = GAME.view(state, 0)["last"]
    assert (last["seat"], last["plays"], last["won"]) == (3, [{"seat": 3, "card": "K0"}], 2)


def test_a_last_face_down_card_turned_up_as_the_bid_is_part_of_the_play() -> None:
    state = play_first(started(5, dealer=4), until=10)
    seat = state.turn
    state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    last = GAME.view(state, None)["last"]
    assert (last["seat"], last["kind"], last["bids"]) == (seat, "play", [seat])


def test_the_side_players_plays_belong_to_the_move_that_brought_them_on() -> None:
    state = started(2, dealer=2)
    state = GAME.apply(GAME.apply(state, 0, GAME.legal_actions(state, 0)[0]), 0, PASS)
    last = GAME.view(state, 2)["last"]
    assert [play["seat"] for play in last["plays"]] == [0, 1]


def test_every_refusal_names_one_of_the_codes_the_rules_declare() -> None:
    refused = set()
    states = random_game(4, 2)
    for state in [*states[::5], states[-1]]:
        for seat in range(4):
            for action in (Sort("K"), Play(0), Play(99), Peek(0, 3), Bid(0), PASS):
                try:
                    GAME.apply(state, seat, action)
                except IllegalAction as refusal:
                    refused.add(refusal.code)
    assert refused <= set(get_args(RefusalCode))
    assert {"not-to-act", "game-over", "sort-highest-value", "no-such-slot"} <= refused


def test_the_end_says_the_winner_had_the_most_points_as_data() -> None:
    state = random_game(3, 1)[-1]
    result = GAME.result(state)
    (winner,) = result["winners"]
    assert result["reason"] == {
        "kind": "most-points",
        "winner": winner,
        "points": state.totals[winner],
        "tie_break": state.tie_break,
        "extra_rounds": state.extra_rounds,
    }

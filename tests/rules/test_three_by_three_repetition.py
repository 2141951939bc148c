"""[ours] When the whole position (every player's cards, the pile, whose turn) comes round
for the third time, the game ends there: the players still holding cards share the places
left, and nobody loses. Seen first with eleven computers (seed 55): three players passed
Q♦ Q♥ Q♠ and J♣ around and took the pile for ever."""

from __future__ import annotations

import random

import pytest

from rules import IllegalAction
from rules.bots import choose
from rules.three_by_three import ThreeByThreeState

from staging import GAME, NAMES, Seat, play, play_up, table, take, texts

QUEENS = "QD QH QS"


def queens_and_a_jack(repetition: bool = True) -> ThreeByThreeState:
    """Tour 3, three players: Ann holds three queens, Cy the J♣, Bob only low cards; each
    player's face-up cards are lower than a jack."""
    return table(
        Seat(hand=QUEENS, up="5H 6H 8H", down="AC AD AH"),
        Seat(hand="3C 4C 5C", up="5D 6D 8D", down="KC KD KH"),
        Seat(hand="JC 3D 4D", up="5S 6S 8S", down="KS AS 9C"),
        repetition=repetition,
    )


def once_round(state: ThreeByThreeState) -> ThreeByThreeState:
    """Twelve moves that bring the table back where it was: the queens and the jack go
    round the table, and the player after each play cannot follow and takes the pile."""
    state = play(state, 0, QUEENS)
    state = take(state, 1)
    state = play(state, 2, "JC")
    state = take(state, 0)
    state = play(state, 1, QUEENS)
    state = take(state, 2)
    state = play(state, 0, "JC")
    state = take(state, 1)
    state = play(state, 2, QUEENS)
    state = take(state, 0)
    state = play(state, 1, "JC")
    return take(state, 2)


def test_a_position_that_comes_round_twice_does_not_end_the_game() -> None:
    state = once_round(queens_and_a_jack())
    assert not GAME.is_over(state)
    assert (GAME.to_act(state), GAME.view(state, None)["repeats"]) == ([0], 2)


def test_the_third_time_the_whole_position_comes_round_the_game_ends() -> None:
    state = once_round(once_round(queens_and_a_jack()))
    assert GAME.is_over(state)
    view = GAME.view(state, 0)
    assert (view["phase"], view["to_act"], view["repeats"]) == ("over", [], 3)


def test_after_a_repetition_the_players_holding_cards_share_the_places_and_nobody_loses() -> None:
    state = once_round(once_round(queens_and_a_jack()))
    result = GAME.result(state)
    assert result["ranking"] == [[0, 1, 2]]
    assert (result["winners"], result["losers"]) == ([], [])
    assert result["reason"] == {
        "kind": "repetition",
        "winner": None,
        "seats": [0, 1, 2],
        "place": 1,
    }
    view = GAME.view(state, None)
    assert (view["shared"], view["loser"]) == ([0, 1, 2], None)
    assert [seat["place"] for seat in view["seats"]] == [1, 1, 1]


def test_the_log_and_the_save_list_say_why_the_game_ended() -> None:
    state = once_round(once_round(queens_and_a_jack()))
    assert texts(state)[-1] == (
        "Game over: the same position came round a third time. "
        "Ann, Bob and Cy share 1st place; nobody loses"
    )
    assert GAME.summary(state)["facts"] == {
        "phase": "over",
        "winner": None,
        "loser": None,
        "shared": ["Ann", "Bob", "Cy"],
    }


def test_nothing_is_played_once_a_repetition_ended_the_game() -> None:
    state = once_round(once_round(queens_and_a_jack()))
    with pytest.raises(IllegalAction) as refused:
        play(state, 0, QUEENS)
    assert refused.value.code == "game-over"


def test_a_move_that_changes_the_table_for_good_starts_the_count_afresh() -> None:
    state = once_round(queens_and_a_jack())
    state = play(state, 0, QUEENS)
    state = take(state, 1)
    assert GAME.view(state, None)["repeats"] == 2
    state = play(state, 2, "3D")
    state = play_up(state, 0, "5H")
    assert GAME.view(state, None)["repeats"] == 1
    assert len(state.positions) == 1, "the positions before a face-up play are forgotten"


def test_a_position_that_comes_round_only_after_a_burn_counts_from_the_burn() -> None:
    state = table(
        Seat(hand="QD QH QS", up="5H 6H 8H", down="AC AD AH"),
        Seat(hand="3C 4C TC", up="5D 6D 8D", down="KC KD KH"),
        Seat(hand="JC 3D 4D", up="5S 6S 8S", down="KS AS 9C"),
    )
    state = play(state, 0, QUEENS)
    state = play(state, 1, "TC")
    assert GAME.view(state, None)["repeats"] == 1


def test_games_saved_under_rules_version_1_go_round_as_they_did() -> None:
    assert GAME.older_rules(1) == {"repetition": False}
    state = queens_and_a_jack(repetition=False)
    for _ in range(3):
        state = once_round(state)
    assert not GAME.is_over(state)
    assert GAME.view(state, None)["repeats"] == 0


@pytest.mark.parametrize("seed", [55, 688, 2129])
def test_eleven_computers_that_went_round_for_ever_now_end_by_repetition(seed: int) -> None:
    state = GAME.new_game(NAMES, seed)
    moves = 0
    while not GAME.is_over(state) and moves < 1000:
        (seat,) = GAME.to_act(state)
        rng = random.Random(f"{seed}:{moves}")
        action = choose(
            GAME.id, "normal", GAME.view(state, seat), GAME.legal_actions(state, seat), rng
        )
        state = GAME.apply(state, seat, action)
        moves += 1
    assert GAME.is_over(state)
    assert GAME.result(state)["reason"]["kind"] == "repetition"

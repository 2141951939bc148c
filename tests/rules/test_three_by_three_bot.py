"""The normal computer player: always legal, finishes games, sheds low cards, saves 2s and
10s, and does not lead a 7 (which would send the 7s round the table for ever)."""

from __future__ import annotations

import json
import random

import pytest

from rules import Action
from rules.bots.three_by_three import choose
from rules.three_by_three import TAKE, Blind, ChooseFaceUp, Play, ThreeByThreeState

from staging import GAME, NAMES, Seat, deal, play, table


class Steady(random.Random):
    """Chance that never comes up: the bot sticks to its plan."""

    def random(self) -> float:
        return 0.999


def bot_move(state: ThreeByThreeState, seat: int, rng: random.Random | None = None) -> Action:
    """The bot's choice from a view that went through JSON, like any plain data."""
    view = json.loads(json.dumps(GAME.view(state, seat)))
    return choose(view, GAME.legal_actions(state, seat), rng or Steady())


@pytest.mark.parametrize("players", range(2, 12))
def test_bots_finish_a_game_with_legal_moves_only(players: int) -> None:
    rng = random.Random(players)
    state = GAME.new_game(NAMES[:players], seed=players)
    for _ in range(5_000):
        if GAME.is_over(state):
            break
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        action = choose(GAME.view(state, seat), legal, rng)
        assert action in legal
        state = GAME.apply(state, seat, action)
    assert GAME.is_over(state)


def test_the_bot_puts_its_strongest_cards_face_up() -> None:
    state = deal(Seat(hand="3C 2D 4C", up="AS 5C TC"), Seat())
    assert bot_move(state, 0) == ChooseFaceUp(("2D", "TC", "AS"))
    state = deal(Seat(hand="KC 3C 4D", up="5C 6C AS"), Seat())
    assert bot_move(state, 0) == ChooseFaceUp(("6C", "KC", "AS"))


def test_the_bot_plays_its_lowest_fitting_rank() -> None:
    state = table(Seat(hand="9C 6D QC"), Seat(), draw="3C")
    assert bot_move(state, 0) == Play("hand", ("6D",))


def test_the_bot_plays_the_same_whatever_its_luck() -> None:
    state = table(Seat(hand="9C 6D TC"), Seat(), draw="3C")
    picks = {bot_move(state, 0, random.Random(seed)) for seed in range(200)}
    assert picks == {Play("hand", ("6D",))}


def test_the_bot_does_not_lead_a_7_while_another_rank_can_be_led() -> None:
    state = table(Seat(hand="7C 7D KS"), Seat(), draw="3C")
    assert bot_move(state, 0) == Play("hand", ("KS",))


def test_the_bot_plays_a_7_on_a_low_pile() -> None:
    state = table(Seat(hand="4C QD KD"), Seat(hand="7C 9D KS"), draw="3C")
    state = play(state, 0, "4C")
    assert bot_move(state, 1) == Play("hand", ("7C",))


def test_the_bot_leads_a_7_before_a_2_or_10() -> None:
    state = table(Seat(hand="7C 2D TS"), Seat(), draw="3C")
    assert bot_move(state, 0) == Play("hand", ("7C",))


def test_the_bot_keeps_2s_and_10s_while_another_card_fits() -> None:
    state = table(Seat(hand="2C TC 5C"), Seat(), draw="3C")
    assert bot_move(state, 0) == Play("hand", ("5C",))


def test_the_bot_plays_a_2_or_10_when_nothing_else_fits() -> None:
    state = table(Seat(hand="KC JD QD"), Seat(hand="2C TC 5C"), draw="3C")
    state = play(state, 0, "KC")
    assert bot_move(state, 1) == Play("hand", ("2C",))


def test_the_bot_plays_all_cards_of_the_chosen_rank_together() -> None:
    state = table(Seat(hand="5C 5D 9C"), Seat(), draw="3C")
    assert bot_move(state, 0) == Play("hand", ("5C", "5D"))


def test_the_bot_takes_the_pile_only_when_nothing_else_is_legal() -> None:
    state = table(Seat(hand="KC JD QD"), Seat(hand="3C 4C 5C"), draw="3D")
    state = play(state, 0, "KC")
    assert bot_move(state, 1) == TAKE


def test_the_bot_turns_up_a_face_down_card_it_is_offered() -> None:
    legal = [Blind(0), Blind(2)]
    picks = {choose({}, legal, random.Random(seed)) for seed in range(20)}
    assert picks == set(legal)

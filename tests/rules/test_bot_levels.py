"""Computer players by level: one entry point for every game, levels that play legally and
differently, and a player that sees nothing but the view and the legal actions it is given."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from sharing import wreck

from rules import GAMES, Action, UnknownGame
from rules.bots import Budget, choose
from rules.bots import shifting_stones as stones_bot
from rules.bots import three_by_three as three_bot
from rules.bots import xoxo as xoxo_bot
from rules.bots import xylotar as xylotar_bot
from rules.shifting_stones import SKIP, Flip, Shift
from rules.three_by_three import ChooseFaceUp, Play
from rules.xoxo import Place
from rules.xylotar import PASS, Bid, Peek

import staging as three
import stones_staging as stones
import xoxo_staging as xoxo
from xylotar_staging import bot_view

PLAYER_COUNTS = {
    "3x3": (2, 4, 11),
    "xoxo": (2, 3, 4),
    "shifting-stones": (1, 2, 5),
    "xylotar": (2, 3, 5),
}
"""The player counts each game is tried with: the fewest, some, the most."""
RULE_BASED = {
    "3x3": three_bot.choose,
    "xoxo": xoxo_bot.choose,
    "shifting-stones": stones_bot.choose,
    "xylotar": xylotar_bot.choose,
}
"""Each game's rule-based computer player, as its module plays it."""
NAMES = [f"P{i}" for i in range(11)]
MOVE_LIMIT = 3_000
"""Enough for any game played by these players; 3 x 3 may run long."""


def positions(game_id: str, players: int, seed: int) -> Iterator[tuple[Any, int]]:
    """(state, seat to act) along a game whose seats play easy and normal in turn, with a
    random move now and then to reach positions the players would not steer to."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    state = game.new_game(NAMES[:players], seed)
    for _ in range(MOVE_LIMIT):
        if game.is_over(state):
            return
        (seat,) = game.to_act(state)
        yield state, seat
        legal = game.legal_actions(state, seat)
        if rng.random() < 0.2:
            action = rng.choice(legal)
        else:
            level = AT_ONCE[(seat + seed) % len(AT_ONCE)]
            action = choose(game_id, level, game.view(state, seat), legal, rng)
        state = game.apply(state, seat, action)


AT_ONCE = ("easy", "normal")
"""The levels that decide at once (hard searches: tests/rules/test_bot_hard.py)."""

GAME_RUNS = [(game_id, players) for game_id, counts in PLAYER_COUNTS.items() for players in counts]


def test_every_game_is_tried() -> None:
    assert sorted(PLAYER_COUNTS) == sorted(GAMES)


@pytest.mark.parametrize(("game_id", "players"), GAME_RUNS)
def test_every_level_chooses_a_legal_action_in_random_positions(game_id: str, players: int) -> None:
    game = GAMES[game_id]
    rng = random.Random(players)
    asked: Counter[str] = Counter()
    for seed in (1, 2):
        for step, (state, seat) in enumerate(positions(game_id, players, seed)):
            if step % 3:
                continue
            legal = game.legal_actions(state, seat)
            for level in AT_ONCE:
                assert choose(game_id, level, game.view(state, seat), legal, rng) in legal
                asked[level] += 1
    assert min(asked[level] for level in AT_ONCE) >= 5


@pytest.mark.parametrize("game_id", sorted(PLAYER_COUNTS))
def test_normal_is_each_games_rule_based_player(game_id: str) -> None:
    player = RULE_BASED[game_id]
    game = GAMES[game_id]
    for step, (state, seat) in enumerate(positions(game_id, 2, 3)):
        if step % 5:
            continue
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        expected = player(view, legal, random.Random(step))
        assert choose(game_id, "normal", view, legal, random.Random(step)) == expected


def test_an_unknown_level_is_refused_in_one_line_naming_the_levels() -> None:
    game = GAMES["xoxo"]
    state = game.new_game(NAMES[:2], 1)
    view, legal = game.view(state, 0), game.legal_actions(state, 0)
    for level in ("expert", "Normal", ""):
        with pytest.raises(ValueError) as refused:
            choose("xoxo", level, view, legal, random.Random(0))
        assert str(refused.value) == f"unknown level {level!r} (levels: easy, normal, hard)"


def test_an_unknown_game_is_refused_naming_the_games() -> None:
    with pytest.raises(UnknownGame) as refused:
        choose("chess", "normal", {}, [Place("own", 0, 0)], random.Random(0))
    assert refused.value.game == "chess"
    assert refused.value.known == tuple(GAMES)


def test_todays_levels_decide_the_same_whatever_the_budget() -> None:
    game = GAMES["3x3"]
    for step, (state, seat) in enumerate(positions("3x3", 3, 4)):
        if step % 4:
            continue
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        for level in AT_ONCE:
            free = choose("3x3", level, view, legal, random.Random(step))
            for budget in (Budget(), Budget(seconds=0.001), Budget(iterations=1)):
                bounded = choose("3x3", level, view, legal, random.Random(step), budget)
                assert bounded == free


@pytest.mark.parametrize("game_id", sorted(PLAYER_COUNTS))
@pytest.mark.parametrize("level", AT_ONCE)
def test_a_player_sees_only_its_inputs_and_neither_changes_nor_keeps_them(
    game_id: str, level: str
) -> None:
    game = GAMES[game_id]
    players = max(2, PLAYER_COUNTS[game_id][0])
    for step, (state, seat) in enumerate(positions(game_id, players, 5)):
        if step % 4:
            continue
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        view_before, legal_before = copy.deepcopy(view), list(legal)
        action = choose(game_id, level, view, legal, random.Random(step))
        assert (view, legal) == (view_before, legal_before)
        plain = json.loads(json.dumps(view))
        assert choose(game_id, level, plain, tuple(legal), random.Random(step)) == action
        chosen = action.to_json()
        wreck(view)
        legal.clear()
        assert action.to_json() == chosen
        assert game.view(state, seat) == view_before
        assert game.legal_actions(state, seat) == legal_before
        again = choose(
            game_id, level, copy.deepcopy(view_before), legal_before, random.Random(step)
        )
        assert again == action


def picks(game_id: str, level: str, view: dict[str, Any], legal: list[Action]) -> Counter[Action]:
    """What a player of `level` chooses here, over 200 seeded chances."""
    return Counter(choose(game_id, level, view, legal, random.Random(seed)) for seed in range(200))


def test_3x3_an_easy_player_often_spends_a_10_that_a_normal_player_keeps() -> None:
    state = three.table(three.Seat(hand="2C TC 5C"), three.Seat(), draw="3C")
    view, legal = three.GAME.view(state, 0), three.GAME.legal_actions(state, 0)
    low, ten = Play("hand", ("5C",)), Play("hand", ("TC",))
    normal, easy = picks("3x3", "normal", view, legal), picks("3x3", "easy", view, legal)
    assert normal.most_common(1)[0][0] == low
    assert easy[low] < normal[low]
    assert easy[ten] > normal[ten]


def test_3x3_an_easy_player_keeps_the_face_up_cards_it_was_dealt() -> None:
    state = three.deal(three.Seat(hand="3C 2D 4C", up="AS 5C TC"), three.Seat())
    view, legal = three.GAME.view(state, 0), three.GAME.legal_actions(state, 0)
    normal = choose("3x3", "normal", view, legal, random.Random(0))
    easy = choose("3x3", "easy", view, legal, random.Random(0))
    assert isinstance(normal, ChooseFaceUp) and isinstance(easy, ChooseFaceUp)
    assert sorted(normal.cards) == ["2D", "AS", "TC"]
    assert sorted(easy.cards) == ["5C", "AS", "TC"]


def test_xoxo_an_easy_player_may_complete_a_line_an_opponent_still_needs() -> None:
    state = xoxo.deal(
        own={0: "RSU"},
        general="ROS RXH YTA",
        targets=[["yellow", "square", "happy"], ["red", "cross", "sad"]],
    )
    state = xoxo.lay(state, [(0, 0), (1, 0)])
    view, legal = xoxo.GAME.view(state, 0), xoxo.GAME.legal_actions(state, 0)
    giving = {Place("own", -1, 0), Place("own", 2, 0)}
    normal, easy = picks("xoxo", "normal", view, legal), picks("xoxo", "easy", view, legal)
    assert not set(normal) & giving
    assert set(easy) & giving


def test_xoxo_an_easy_player_mostly_meets_its_own_target_when_it_can() -> None:
    state = xoxo.deal(
        own={0: "RSH"},
        general="ROS RXH BSA",
        targets=[["red", "square", "happy"], ["blue", "cross", "sad"]],
    )
    state = xoxo.lay(state, [(0, 0), (1, 0)])
    view, legal = xoxo.GAME.view(state, 0), xoxo.GAME.legal_actions(state, 0)
    meeting = {Place("own", -1, 0), Place("own", 2, 0)}
    normal, easy = picks("xoxo", "normal", view, legal), picks("xoxo", "easy", view, legal)
    assert set(normal) <= meeting
    assert easy.total() // 2 < sum(easy[place] for place in meeting) < easy.total()


FISH_HORSE_MOON = 0
"""Card 0: fish middle right, horse bottom middle, moon bottom right."""


def test_shifting_stones_an_easy_player_skips_where_a_normal_one_plans_a_shift_and_a_flip() -> None:
    grid = stones.showing({5: "bird", 7: "moon", 8: "horse"})
    state = stones.deal(2, grid, hands=[[FISH_HORSE_MOON]])
    view, legal = stones.GAME.view(state, 0), stones.GAME.legal_actions(state, 0)
    normal = picks("shifting-stones", "normal", view, legal)
    easy = picks("shifting-stones", "easy", view, legal)
    assert all(isinstance(action, Shift | Flip) for action in normal)
    assert easy[SKIP] > easy.total() // 4
    assert sum(easy[action] for action in normal) < sum(normal.values()) // 4


def test_shifting_stones_an_easy_player_still_sees_a_single_shift_that_scores() -> None:
    grid = stones.showing({5: "fish", 7: "moon", 8: "horse"})
    state = stones.deal(2, grid, hands=[[FISH_HORSE_MOON]])
    view, legal = stones.GAME.view(state, 0), stones.GAME.legal_actions(state, 0)
    easy = choose("shifting-stones", "easy", view, legal, random.Random(0))
    assert isinstance(easy, Shift)
    assert (easy.a, easy.b) == (7, 8)


PEEKS = [Peek(0, 1), Peek(1, 2), Peek(2, 3), Peek(3, 4), Peek(4, 5), PASS]


def test_xylotar_an_easy_player_bids_at_once_where_a_normal_one_waits_for_a_fit() -> None:
    """Expecting 4.5 tricks (one won, 7 to come between two), normal sees no fit."""
    view = bot_view([7, 7, 7, 0, 0, 0])
    assert xylotar_bot.peek_choice(view, PEEKS, xylotar_bot.expected_tricks(view)) == PASS
    easy = picks("xylotar", "easy", view, PEEKS)
    assert PASS not in easy
    assert len(easy) > 1


def test_xylotar_an_easy_player_bids_without_counting_the_tricks_it_expects() -> None:
    """One trick won, 7 to come between two players: 4.5 expected, so the 4 fits best."""
    view = bot_view([9, 8, 4, 2, 1, 0], peek=[1, 2])
    legal: list[Action] = [Bid(1), Bid(2)]
    assert xylotar_bot.bid_choice(view, xylotar_bot.expected_tricks(view)) == Bid(2)
    assert set(picks("xylotar", "easy", view, legal)) == {Bid(1), Bid(2)}

"""The normal computer player: always legal, scores what it can, finds short sequences of
shifts and flips that make hand cards score, skips when nothing can be scored, and when it
may not skip brings the grid nearer the cards it keeps. The hard player looks further
ahead within its turn."""

from __future__ import annotations

import random

import pytest

from rules import Action
from rules.bots import Budget
from rules.bots import choose as choose_level
from rules.bots.shifting_stones import HandCard, choose, moved, plans, read_hand, readiness
from rules.shifting_stones import SKIP, Flip, Score, Shift, ShiftingStonesState

from stones_staging import GAME, NAMES, STAGED_EDITION, deal, end, showing, showing_card, skip

FISH_HORSE_MOON = 0
"""Card 0: fish middle right, horse bottom middle, moon bottom right."""


def choice(state: ShiftingStonesState, seed: int = 0) -> object:
    (seat,) = GAME.to_act(state)
    legal = GAME.legal_actions(state, seat)
    return choose(GAME.view(state, seat), legal, random.Random(seed))


def play_until_scored(state: ShiftingStonesState, card: int, limit: int) -> list[object]:
    """The bot's choices for seat 0 until it scores `card`."""
    chosen = []
    for _ in range(limit):
        action = choice(state)
        chosen.append(action)
        state = GAME.apply(state, 0, action)  # type: ignore[arg-type]
        if action == Score(card):
            return chosen
    raise AssertionError(f"the bot did not score card {card}: {chosen}")


@pytest.mark.parametrize("players", [1, 2, 3, 5])
def test_the_bot_always_chooses_a_legal_action(players: int) -> None:
    rng = random.Random(players)
    state = GAME.new_game(NAMES[:players], players)
    steps = 0
    while not GAME.is_over(state) and steps < 400:
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        action = choose(GAME.view(state, seat), legal, rng)
        assert action in legal
        state = GAME.apply(state, seat, action)
        steps += 1


def test_the_bot_scores_a_scorable_card() -> None:
    state = deal(2, showing_card(FISH_HORSE_MOON), hands=[[FISH_HORSE_MOON]])
    assert choice(state) == Score(FISH_HORSE_MOON)


def test_the_bot_scores_the_most_valuable_card_first() -> None:
    grid = showing({0: "horse", 2: "fish", 4: "seed", 5: "boat", 7: "tree", 8: "moon"})
    state = deal(2, grid, hands=[[4, 36]])
    assert choice(state) == Score(36)


def test_the_bot_shifts_once_then_scores() -> None:
    grid = showing({5: "fish", 7: "moon", 8: "horse"})
    state = deal(2, grid, hands=[[FISH_HORSE_MOON]])
    first = choice(state)
    assert isinstance(first, Shift)
    assert (first.a, first.b) == (7, 8)
    assert first.card != FISH_HORSE_MOON
    assert choice(GAME.apply(state, 0, first)) == Score(FISH_HORSE_MOON)


def test_the_bot_finds_a_shift_and_a_flip_that_make_a_card_score() -> None:
    grid = showing({5: "bird", 7: "moon", 8: "horse"})
    state = deal(2, grid, hands=[[FISH_HORSE_MOON]])
    chosen = play_until_scored(state, FISH_HORSE_MOON, limit=3)
    assert len(chosen) == 3
    assert {type(action) for action in chosen[:2]} == {Shift, Flip}


def test_a_plan_counts_a_card_the_grid_fits_on_the_way_and_one_it_fits_at_the_end() -> None:
    """Flip the bird in cell 1 to fish (card 1 fits), then shift it to cell 2 (card 2)."""
    grid = tuple(("bird", "fish") if cell == 1 else ("seed", "tree") for cell in range(9))
    on_the_way = HandCard(1, 1, ((1, "fish"),))
    at_the_end = HandCard(2, 2, ((2, "fish"),))
    never = [HandCard(id, 1, ((4, "moon"),)) for id in (3, 4)]
    best = max(plans(grid, [on_the_way, at_the_end, *never]), key=lambda plan: plan.points)
    assert (best.points, best.scored, best.discards) == (3, {1, 2}, 2)


def test_the_bot_skips_when_nothing_can_be_scored_and_skipping_is_allowed() -> None:
    state = deal(2)
    view = GAME.view(state, 0)
    grid = tuple((stone["up"], stone["down"]) for stone in view["grid"])
    assert plans(grid, read_hand(view)) == []
    assert choice(state) == SKIP


def test_when_it_may_not_skip_the_bot_brings_the_grid_nearer_the_cards_it_keeps() -> None:
    state = end(GAME.apply(deal(2), 0, SKIP), 1)
    view = GAME.view(state, 0)
    grid = tuple((stone["up"], stone["down"]) for stone in view["grid"])
    hand = read_hand(view)
    action = choice(state)
    assert isinstance(action, Shift | Flip)
    kept = [card for card in hand if card.id != action.card]
    move = (
        ("shift", action.a, action.b)
        if isinstance(action, Shift)
        else ("flip",) + (action.cell,) * 2
    )
    assert readiness(moved(grid, move), kept) > readiness(grid, kept)


def test_the_bot_plays_the_same_way_for_the_same_rng() -> None:
    state = GAME.new_game(NAMES[:3], 5)
    assert choice(state, 1) == choice(state, 1)


MOON_FOUR_SHIFTS_AWAY = showing({0: "moon", 5: "fish", 7: "horse", 8: "horse"})
"""Card 0 needs the only sun/moon stone in the bottom right corner: four shifts away (down
the left column and along the bottom row, where the second horse takes the first's
place)."""
FAR_CARDS = (11, 22, 23, 29, 32)
"""Cards that no six shifts or flips make show on that grid."""


def turn_of(level: str, state: ShiftingStonesState, budget: Budget) -> list[Action]:
    """Seat 0's whole turn at `level`."""
    chosen = []
    while GAME.to_act(state) == [0]:
        view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
        action = choose_level("shifting-stones", level, view, legal, random.Random(0), budget)
        chosen.append(action)
        state = GAME.apply(state, 0, action)
    return chosen


def six_cards_moon_four_shifts_away() -> ShiftingStonesState:
    """Ann skipped for six cards; now she must act, and four of them can pay for shifts."""
    hand, drawn = [FISH_HORSE_MOON, *FAR_CARDS[:3]], FAR_CARDS[3:]
    state = end(skip(deal(2, MOON_FOUR_SHIFTS_AWAY, hands=[hand], draw=drawn), 0), 1)
    assert len(GAME.view(state, 0)["hand"]) == 6
    return state


def test_hard_scores_a_card_four_shifts_away_that_normal_does_not_see() -> None:
    state = six_cards_moon_four_shifts_away()

    hard, normal = turn_of("hard", state, Budget(60)), turn_of("normal", state, Budget())

    assert Score(FISH_HORSE_MOON) in hard
    assert [type(action) for action in hard[:4]] == [Shift] * 4
    assert Score(FISH_HORSE_MOON) not in normal


@pytest.mark.parametrize(("iterations", "scores"), [(0, False), (1, True)])
def test_each_iteration_of_the_hard_player_is_one_more_move_looked_ahead(
    iterations: int, scores: bool
) -> None:
    hard = turn_of("hard", six_cards_moon_four_shifts_away(), Budget(iterations=iterations))
    assert (Score(FISH_HORSE_MOON) in hard) == scores


def solo_with_every_card_in_hand(
    grid: list[tuple[str, str]], hand: list[int]
) -> ShiftingStonesState:
    """A solo game whose whole deck is in Ann's hand: the draw and discard piles are empty,
    so a skip draws nothing and every card paid comes back when the turn ends."""
    state = GAME.new_game(NAMES[:1], seed=0, stones=grid, deck=hand, edition=STAGED_EDITION)
    view = GAME.view(state, 0)
    assert (len(view["hand"]), view["draw_count"], view["discard_count"]) == (len(hand), 0, 0)
    return state


def test_the_bot_does_not_skip_when_skipping_draws_nothing() -> None:
    state = solo_with_every_card_in_hand(MOON_FOUR_SHIFTS_AWAY, list(FAR_CARDS[:4]))
    assert SKIP in GAME.legal_actions(state, 0)
    assert isinstance(choice(state), Shift | Flip)


def test_a_last_card_that_comes_back_pays_for_the_move_that_makes_it_fit() -> None:
    state = solo_with_every_card_in_hand(
        showing({5: "bird", 7: "horse", 8: "moon"}), [FISH_HORSE_MOON]
    )
    assert choice(state) == Flip(FISH_HORSE_MOON, 5)

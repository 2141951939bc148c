"""The Shifting Stones computer players: they score what they can, then look ahead.

They decide from their own view and the legal actions only, never the full state.
Normal tries every sequence of up to three shifts and flips on a copy of the grid
(each costs a hand card), counting every card the grid fits on the way, and plays the
first move of the sequence that scores the most points, ending nearest to the cards it
keeps (a spent card is replaced when the turn ends, a card kept near its grid is
worth more than a new one). Seeing nothing to score it skips when that draws more cards
than refilling would, else it spends cards on the moves that bring the grid nearest to
the cards its next turn holds (when the draw pile is empty and the refill takes back
every card paid, as at the end of the solo game, those too). Easy
looks one move ahead only and takes the cheapest plan; seeing nothing to score, it
often tries a shift or flip at random, else skips.

Hard ends its turn when that wins the game at once. At the end of the solo game, once
every card left comes back to its hand each turn, it searches turns ahead for a line
that scores them all (`rules.bots.stones_endgame`). Else it plays as normal but looks
up to five moves ahead, as far as its time allows. Its turn hides nothing it needs (its
hand and the grid are in its view), so it searches the turn itself; the search over
sampled worlds that the other games' hard players use (`rules.bots.search`) cannot
finish one game of playouts in a second here.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from rules import get_game
from rules.bots.search import SECONDS, ending_at_once
from rules.bots.stones_endgame import (
    TURNS_PER_ITERATION,
    OutOfTime,
    Turn,
    returning,
    winning_turn,
)
from rules.bots.stones_grid import MOVES, Grid, HandCard, Move, moved, read_hand
from rules.engine import JSON, Action
from rules.shifting_stones import END, HAND_SIZE, SKIP, SKIP_DRAW, Flip, Score, Shift

DEPTH = 3
"""The longest sequence of shifts and flips the bot looks at."""
EASY_DEPTH = 1
"""The longest sequence the easy player looks at."""
HARD_DEPTH = 5
"""The longest sequence the hard player looks at, time allowing."""
CHECK_EVERY = 256
"""Grids the hard player looks at between looks at the clock."""
GROWTH = 6
"""About how many times longer one more move takes to look at than the moves before: a
longer sequence is not begun unless that much time is left."""
FIDDLE = 0.5
"""How often the easy player, seeing nothing to score, shifts or flips at random (which
also keeps cards going round: skipping alone, the players' hands could swallow the deck)."""


@dataclass(frozen=True)
class Plan:
    """A sequence's first move, its length (cards discarded), the points it scores, the
    grid it ends at and the cards it scores on the way."""

    move: Move
    discards: int
    points: int
    target: Grid
    scored: frozenset[int] = frozenset()


def plans(
    grid: Grid,
    hand: list[HandCard],
    depth: int = DEPTH,
    time_left: Callable[[], float] | None = None,
) -> list[Plan]:
    """Every grid within `depth` moves that makes hand cards scorable on the way there,
    while enough other cards are left to pay for the moves. A card counts once the grid
    fits it at any step: it is scored then, and the moves go on. Each grid is reached by
    a shortest sequence, of those the one that scores the most. Sequences longer than
    DEPTH are looked at while `time_left()` seconds remain, one more move only if about
    GROWTH times the last one's time is left: a longer sequence is left out whole, never
    half looked at."""
    seen = {grid}
    frontier: dict[Grid, tuple[Move | None, frozenset[int], int]] = {grid: (None, frozenset(), 0)}
    values = {card.id: card.value for card in hand}
    found: list[Plan] = []
    took = 0.0
    for discards in range(1, min(depth, len(hand) - 1) + 1):
        layer: dict[Grid, tuple[Move | None, frozenset[int], int]] = {}
        timed = time_left if discards > DEPTH else None
        if timed is not None and timed() < took * GROWTH:
            return found
        began = time.monotonic()
        for looked, (before, (first, scored, _)) in enumerate(frontier.items()):
            if timed is not None and looked % CHECK_EVERY == 0 and timed() <= 0:
                return found
            for move in MOVES:
                after = moved(before, move)
                if after in seen:
                    continue
                fitting = scored | {card.id for card in hand if card.fits(after)}
                points = sum(values[card] for card in fitting)
                known = layer.get(after)
                if known is None or points > known[2]:
                    layer[after] = (first or move, fitting, points)
        seen.update(layer)
        for after, (lead, fitting, points) in layer.items():
            if fitting and len(hand) - len(fitting) >= discards:
                assert lead is not None
                found.append(Plan(lead, discards, points, after, fitting))
        frontier = layer
        took = time.monotonic() - began
    return found


def readiness(grid: Grid, cards: list[HandCard]) -> float:
    """How near the grid is to fitting these cards: each counts 1 / its misses."""
    return sum(1.0 / max(card.misses(grid), 1) for card in cards)


def choose(view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
    """Score a scorable card (the most valuable first). Otherwise play the first move of
    the sequence that scores the most points (ties: the grid it ends at nearest to the
    cards kept, then fewer cards spent), paying with the card furthest from that grid
    (ties: the cheaper). With no such sequence, skip if allowed and it draws more than
    refilling would (with both piles empty it draws nothing), else prepare the grid for
    the next turn's cards (`_preparing_move`)."""
    return _play(view, legal, rng, DEPTH, beginner=False)


def choose_hard(
    view: Mapping[str, JSON],
    legal: Sequence[Action],
    rng: random.Random,
    seconds: float | None = None,
    iterations: int | None = None,
    stop: Callable[[], bool] | None = None,
) -> Action:
    """End the turn when that wins the game at once; at the end of the solo game follow
    a line that scores every card left, if `rules.bots.stones_endgame` finds one in
    time; else play as `choose`, but looking further ahead: `iterations` more moves
    than normal's DEPTH (at most HARD_DEPTH in all), while `seconds` last and `stop()`
    does not say True. Without seconds it has the search's own, unless iterations alone
    bound it (then it needs no clock and the same view and seed give the same move).
    Sequences up to DEPTH long are always looked at, so a hard player stopped at once
    plays as the normal one."""
    if seconds is None and iterations is None:
        seconds = SECONDS
    deadline = math.inf if seconds is None else time.monotonic() + seconds
    depth = HARD_DEPTH if iterations is None else min(HARD_DEPTH, DEPTH + iterations)

    def time_left() -> float:
        return 0.0 if stop and stop() else deadline - time.monotonic()

    if time_left() <= 0:
        return choose(view, legal, rng)
    ending = _winning_end(view, legal, rng)
    if ending is not None:
        return ending
    half = time.monotonic() + time_left() / 2

    def endgame_left() -> float:
        return min(time_left(), half - time.monotonic())

    turns = None if math.isfinite(deadline) else TURNS_PER_ITERATION * (iterations or 0)
    try:
        line = winning_turn(view, endgame_left, turns)
    except OutOfTime:
        line = None
    if line is not None:
        return _first_step(line, read_hand(view), legal)
    return _play(view, legal, rng, depth, beginner=False, time_left=time_left)


def _first_step(turn: Turn, hand: list[HandCard], legal: Sequence[Action]) -> Action:
    """The next action of the rest of the turn: its first move (paid with a card it does
    not score), else its first score, else the end. (What follows a score is searched
    again at the next decision.)"""
    if turn.moves:
        pay = min((card for card in hand if card not in turn.scores), key=lambda card: card.id)
        return _move(turn.moves[0], pay, legal)
    if turn.scores:
        return Score(min(card.id for card in turn.scores))
    return END


def _winning_end(
    view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random
) -> Action | None:
    """Ending the turn (or skipping) if that ends the game at once with this seat the only
    winner. Whether it does depends only on what everyone knows (scores, the goal, whose
    turn starts the round), so one world sampled from the view tells."""
    game = get_game("shifting-stones")
    ends = [action for action in (END, SKIP) if action in legal]
    for action, after in ending_at_once(game, view, ends, rng):
        if game.result(after)["winners"] == [view["seat"]]:
            return action
    return None


def choose_easy(view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
    """A beginner plays as `choose` but looks only EASY_DEPTH moves ahead. When that shows
    nothing to score, it shifts or flips at random now and then (FIDDLE), paying with any
    card; else it skips whenever allowed (in the solo game, a strike), or ends the turn."""
    return _play(view, legal, rng, EASY_DEPTH, beginner=True)


def _play(
    view: Mapping[str, JSON],
    legal: Sequence[Action],
    rng: random.Random,
    depth: int,
    beginner: bool,
    time_left: Callable[[], float] | None = None,
) -> Action:
    """The choice of `choose`, looking `depth` moves ahead (beyond DEPTH only while
    `time_left()` allows); a `beginner` plays as `choose_easy` says."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    scores = [action for action in legal if isinstance(action, Score)]
    if scores:
        values = {card["id"]: card["value"] for card in view["hand"]}
        return max(scores, key=lambda action: values[action.card])
    grid: Grid = tuple((stone["up"], stone["down"]) for stone in view["grid"])
    hand = read_hand(view)
    found = plans(grid, hand, depth, time_left)
    if beginner:
        return _beginners_move(legal, rng, hand, found)
    if found:
        best = max(found, key=lambda plan: _worth(plan, hand))
        return _move(best.move, _payment(hand, best), legal)
    drawable = view["draw_count"] + view["discard_count"]
    if SKIP in legal and min(SKIP_DRAW, drawable) > min(max(HAND_SIZE - len(hand), 0), drawable):
        return SKIP
    return _preparing_move(grid, hand, _returning(view), legal)


def _returning(view: Mapping[str, JSON]) -> list[HandCard] | None:
    """If every card paid comes back to this hand when the turn ends, those paid
    already; else None."""
    return read_hand({"hand": view["discard"]}) if returning(view) else None


def _worth(plan: Plan, hand: list[HandCard]) -> tuple[int, float, int]:
    """Points scored, then how near the grid it ends at is to the cards kept, then fewer
    discards (the turn ends by drawing back up to HAND_SIZE, so a card spent is replaced;
    a card kept near its grid is worth more than a new one)."""
    return plan.points, readiness(plan.target, _kept(hand, plan)), -plan.discards


def _kept(hand: list[HandCard], plan: Plan) -> list[HandCard]:
    """The cards left once the plan has scored its cards and paid with the least ready."""
    rest = sorted(
        (card for card in hand if card.id not in plan.scored),
        key=lambda card: readiness(plan.target, [card]),
    )
    return rest[plan.discards :]


def _payment(hand: list[HandCard], plan: Plan) -> HandCard:
    """The card to pay the plan's next move with: of those it does not score, the one
    furthest from the grid it ends at (ties: the cheaper)."""
    rest = [card for card in hand if card.id not in plan.scored]
    return max(rest, key=lambda card: (card.misses(plan.target), -card.value, -card.id))


def _move(move: Move, pay: HandCard, legal: Sequence[Action]) -> Action:
    kind, a, b = move
    action: Action = Shift(pay.id, a, b) if kind == "shift" else Flip(pay.id, a)
    return action if action in legal else END


def _preparing_move(
    grid: Grid, hand: list[HandCard], returning: list[HandCard] | None, legal: Sequence[Action]
) -> Action:
    """Nothing can score this turn: pay the card furthest from the grid for the one move
    that brings the grid nearest to the cards the next turn holds, if any move does; else
    end. Those are the other hand cards, or, when every card paid comes back (`returning`
    is not None: those paid already), the whole hand and those: then even a last card pays."""
    if not hand or (len(hand) < 2 and returning is None):
        return END
    pay = max(hand, key=lambda card: (card.misses(grid), -card.value, -card.id))
    rest = [card for card in hand if card is not pay] if returning is None else hand + returning
    best = max(MOVES, key=lambda move: _nearness(moved(grid, move), rest))
    if _nearness(moved(grid, best), rest) <= _nearness(grid, rest):
        return END
    return _move(best, pay, legal)


def _nearness(grid: Grid, cards: list[HandCard]) -> tuple[float, int]:
    """Readiness, then fewer cells missed in all (a card one cell away and one that fits
    are equally ready to score after one more move, but only the one that fits scores
    without it)."""
    return readiness(grid, cards), -sum(card.misses(grid) for card in cards)


def _beginners_move(
    legal: Sequence[Action], rng: random.Random, hand: list[HandCard], found: list[Plan]
) -> Action:
    """The cheapest plan by points per card; seeing none, now and then (FIDDLE) a random
    shift or flip, else a skip whenever allowed (in the solo game, a strike), or the end."""
    if found:
        best = max(map(_rank, found))
        plan = rng.choice([plan for plan in found if _rank(plan) == best])
        return _move(plan.move, _payment(hand, plan), legal)
    if rng.random() < FIDDLE:
        moves = [action for action in legal if isinstance(action, Shift | Flip)]
        if moves:
            return rng.choice(moves)
    return SKIP if SKIP in legal else END


def _rank(plan: Plan) -> tuple[float, int, int]:
    """Points per discarded card, then points, then fewer discards."""
    return plan.points / plan.discards, plan.points, -plan.discards

"""The Xylotar computer players. Normal guesses its hidden values from what is gone,
wins tricks while it still needs them, follows low otherwise, and bids a value it
has seen that fits the tricks it expects: it plays the rest of the round out in a few
worlds sampled from its view and counts the tricks it takes. Easy plays the same way
but bids without counting.

They decide from their own view and the legal actions only, never the full state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from rules import get_game
from rules.engine import JSON, Action
from rules.xylotar import PASS, TOP_VALUE, Bid, Peek, Play, Sort, value

LATE = 5
"""With this many face-down cards or fewer and no fitting value, the bot peeks anyway."""
FIT = 0.5
"""A guessed value this close to the tricks the bot expects is worth a peek."""
TRUMP_RISK = 0.25
"""How much each unseen trump counts against a led card of another colour."""
SIMULATIONS = 4
"""Worlds sampled from its view in which the bot plays the round out to count the tricks
it can expect (everyone playing as the bot does, bidding by a fair share)."""


def gone_values(view: Mapping[str, JSON]) -> dict[str, set[int]]:
    """Per colour, the values the seat has seen elsewhere than in its own hidden cards:
    played, bid, known face-down cards, and the hands it sorted."""
    seen: dict[str, set[int]] = {colour: set() for colour in view["colours"]}
    for hand in view["sorted"]:
        for card in hand["cards"]:
            seen[card[0]].add(value(card))
    for info in view["seats"]:
        for slot in info["slots"]:
            if slot["value"] is not None:
                seen[slot["colour"]].add(slot["value"])
    return seen


def estimates(view: Mapping[str, JSON]) -> list[float | None]:
    """The bot's guess per own slot (None for gaps): its value when known, else the middle
    of the colour's unseen values, kept within the known values on either side (the
    row descends from left to right)."""
    seat = view["seat"]
    slots = view["seats"][seat]["slots"]
    seen = gone_values(view)
    guesses: list[float | None] = []
    for index, slot in enumerate(slots):
        if slot["status"] != "down":
            guesses.append(None)
            continue
        if slot["value"] is not None:
            guesses.append(float(slot["value"]))
            continue
        top = TOP_VALUE[slot["colour"]]
        high = min((s["value"] for s in slots[:index] if s["value"] is not None), default=top)
        low = max((s["value"] for s in slots[index + 1 :] if s["value"] is not None), default=0)
        span = range(low, min(high, top) + 1)
        unseen = [v for v in span if v not in seen[slot["colour"]]] or list(span) or [low]
        guesses.append(sum(unseen) / len(unseen))
    return guesses


def expected_tricks(view: Mapping[str, JSON]) -> float:
    """Tricks won so far plus a fair share of the tricks still to come."""
    seat = view["seat"]
    left: int = view["tricks_per_round"] - view["trick_number"] + (0 if view["trick"] else 1)
    won: int = view["seats"][seat]["tricks"]
    return won + max(left, 0) / len(view["players"])


def simulated_tricks(view: Mapping[str, JSON], rng: random.Random) -> float:
    """The tricks the seat takes this round, on average over SIMULATIONS worlds sampled
    from its view in which everyone plays the round out as the bot does (bidding by
    `expected_tricks`, so the count does not count itself)."""
    game = get_game("xylotar")
    seat = view["seat"]
    taken = 0
    for _ in range(SIMULATIONS):
        state = game.sample_state(view, rng)
        rounds = len(view["rounds"])
        while not game.is_over(state):
            seen = game.view(state, seat)
            if len(seen["rounds"]) > rounds:
                break
            actor = game.to_act(state)[0]
            legal = game.legal_actions(state, actor)
            state = game.apply(state, actor, playout(game.view(state, actor), legal, rng))
        else:
            seen = game.view(state, seat)
        taken += seen["rounds"][rounds]["tricks"][seat]
    return taken / SIMULATIONS


def _wants_tricks(view: Mapping[str, JSON]) -> bool:
    bid = view["seats"][view["seat"]]["bid"]
    return bid is None or view["seats"][view["seat"]]["tricks"] < value(bid["card"])


def _beats(view: Mapping[str, JSON], colour: str, guess: float) -> bool:
    """Whether a card of `colour` and value `guess` would beat the trick so far."""
    trick = view["trick"]
    if not trick:
        return True
    trump: str = view["trump"]
    led = view["led_colour"]
    best = max(
        (t["card"] for t in trick if t["card"][0] == trump),
        key=value,
        default=None,
    ) or max((t["card"] for t in trick if t["card"][0] == led), key=value)
    if colour == best[0]:
        return guess > value(best)
    return colour == trump


def _strength(view: Mapping[str, JSON], colour: str, guess: float) -> float:
    """How likely a card is to take a trick: trumps above everything, then by value."""
    return guess + (20.0 if colour == view["trump"] else 0.0)


def _threats(view: Mapping[str, JSON], colour: str, guess: float) -> float:
    """How many unseen cards could beat this card when it leads: the higher ones of its
    colour, and (a quarter each, as someone must lack the colour) the unseen trumps."""
    seen = gone_values(view)
    trump = view["trump"]
    higher = sum(1 for v in range(TOP_VALUE[colour] + 1) if v > guess and v not in seen[colour])
    if colour == trump:
        return higher
    return higher + TRUMP_RISK * sum(1 for v in range(TOP_VALUE[trump] + 1) if v not in seen[trump])


def _play(view: Mapping[str, JSON], plays: list[Play]) -> Action:
    """Chase tricks while short of the bid (or before bidding), else shed safely. Leading:
    the card fewest unseen cards can beat (or, shedding, the most). Following: the lowest
    card that still wins, or the highest card that surely loses."""
    guesses = estimates(view)
    slots = view["seats"][view["seat"]]["slots"]

    def strength(play: Play) -> float:
        return _strength(view, slots[play.slot]["colour"], guesses[play.slot] or 0.0)

    def threats(play: Play) -> tuple[float, float]:
        return _threats(view, slots[play.slot]["colour"], guesses[play.slot] or 0.0), -strength(
            play
        )

    if not view["trick"]:
        return min(plays, key=threats) if _wants_tricks(view) else max(plays, key=threats)
    winners = [p for p in plays if _beats(view, slots[p.slot]["colour"], guesses[p.slot] or 0.0)]
    if _wants_tricks(view):
        return min(winners, key=strength) if winners else min(plays, key=strength)
    losers = [p for p in plays if p not in winners]
    return max(losers, key=strength) if losers else min(plays, key=strength)


def bid_choice(view: Mapping[str, JSON], goal: float) -> Action:
    """Bid the peeked card whose value is closest to the `goal` tricks it expects."""
    cards = view["peek"]["cards"]
    index = min(range(2), key=lambda i: abs(value(cards[i]) - goal))
    return Bid(view["peek"]["slots"][index])


def peek_choice(view: Mapping[str, JSON], legal: Sequence[Action], goal: float) -> Action:
    """Peek at the pair whose known or guessed value fits the `goal` tricks it expects
    best, once one fits within a trick; late in the round, peek at the best pair anyway."""
    peeks = [action for action in legal if isinstance(action, Peek)]
    if not peeks:
        return PASS
    guesses = estimates(view)

    def miss(peek: Peek) -> float:
        return min(abs((guesses[s] or 0.0) - goal) for s in (peek.a, peek.b))

    best = min(peeks, key=miss)
    if miss(best) <= FIT or len(peeks) + 1 <= LATE:
        return best
    return PASS


def choose(view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
    """Sorting: a random colour. Playing: win while the bid is not yet reached (or not
    made), else the lowest guess. Bidding: see `peek_choice` and `bid_choice`, aiming
    at the tricks `simulated_tricks` counts."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    return _decide(view, legal, rng, simulated_tricks)


def playout(view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
    """The normal player bidding by a fair share of the tricks (`expected_tricks`) instead
    of counting them in sampled worlds: for the hard player's playouts, thousands a move."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    return _decide(view, legal, rng, None)


def _decide(
    view: Mapping[str, JSON],
    legal: Sequence[Action],
    rng: random.Random,
    count: Callable[[Mapping[str, JSON], random.Random], float] | None,
) -> Action:
    """The choice of `choose`, aiming bids at the tricks `count` expects (None: a fair
    share, `expected_tricks`)."""
    first = legal[0]
    if isinstance(first, Sort):
        return rng.choice(list(legal))
    if isinstance(first, Play):
        return _play(view, [action for action in legal if isinstance(action, Play)])
    goal = count(view, rng) if count is not None else expected_tricks(view)
    if isinstance(first, Bid):
        return bid_choice(view, goal)
    return peek_choice(view, legal, goal)


def choose_easy(view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
    """A beginner bids without counting: at its first chance it peeks at a random pair and
    bids either card of it at random. Otherwise it plays as `choose`."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    bids = [action for action in legal if isinstance(action, Peek | Bid)]
    if bids:
        return rng.choice(bids)
    return choose(view, legal, rng)

"""Stage Xylotar deals and play them out: explicit hands, sorting by colour order, plays."""

from __future__ import annotations

import random
from typing import Any

from rules.xylotar import Play, Xylotar, XylotarEvent, XylotarState, deck_for, value

GAME = Xylotar()
NAMES = ("Ann", "Bob", "Cy", "Dan", "Eve")


def deal(players: int, *given: str) -> list[list[str]]:
    """Hands per seat: seat i holds the cards in given[i] (space-separated) and is filled up
    with unused cards, highest-value first, so tests name every card that matters."""
    seats = 4 if players == 2 else players
    cards = deck_for(seats)
    size = len(cards) // seats
    named = [card for text in given for card in text.split()]
    spare = iter(sorted((c for c in cards if c not in named), key=lambda c: -value(c)))
    hands = []
    for seat in range(seats):
        hand = given[seat].split() if seat < len(given) else []
        hands.append(hand + [next(spare) for _ in range(size - len(hand))])
    return hands


def new(players: int, *given: str, dealer: int = 0, **options: bool) -> XylotarState:
    """A game with this deal, dealer seat 0 unless told, sorting still to do."""
    return GAME.new_game(NAMES[:players], 0, options, deal=deal(players, *given), dealer=dealer)


def sort_all(state: XylotarState) -> XylotarState:
    """Sort every hand with the first choice (colour order R O Y G T B P K among ties)."""
    while state.phase == "sort":
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


def started(players: int, *given: str, dealer: int = 0, **options: bool) -> XylotarState:
    """A staged game with every hand sorted, in play."""
    return sort_all(new(players, *given, dealer=dealer, **options))


def events(state: XylotarState, seat: int | None, start: int = 0) -> list[XylotarEvent]:
    """The typed records of `seat`'s log from `start` on."""
    return [entry["event"] for entry in GAME.log(state, seat, start)]


def slot_of(state: XylotarState, seat: int, card: str) -> int:
    return state.rows[seat].index(card)


def play(state: XylotarState, seat: int, card: str) -> XylotarState:
    """`seat` plays `card`, passing a bid chance that follows."""
    state = GAME.apply(state, seat, Play(slot_of(state, seat, card)))
    if state.phase == "bid" and state.turn == seat:
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
    return state


def play_first(state: XylotarState, until: int | None = None) -> XylotarState:
    """Play the first legal action (passing bids) until the game is over or, with `until`,
    until trick `until` of this round is complete or the round is over."""
    start = state.round
    while not GAME.is_over(state) and (
        until is None or (state.round == start and state.trick_no <= until)
    ):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, legal[-1] if state.phase == "bid" else legal[0])
    return state


def random_game(players: int, seed: int, **options: bool) -> list[XylotarState]:
    """Every state of a game of random legal moves, the start and the end included."""
    rng = random.Random(seed)
    states = [GAME.new_game(NAMES[:players], seed, options)]
    while not GAME.is_over(states[-1]):
        (seat,) = GAME.to_act(states[-1])
        action = rng.choice(GAME.legal_actions(states[-1], seat))
        states.append(GAME.apply(states[-1], seat, action))
    return states


def bot_view(
    known: list[int], tricks: int = 1, bid: str | None = None, peek: list[int] | None = None
) -> dict[str, Any]:
    """Just what a computer player reads of a 2-player view: seat 0 holds green cards of
    these known values, has won `tricks` of ten (bid `bid`, or not yet), and seat 1 led
    the green 7. With `peek`, seat 0 is looking at these two slots."""
    slots = [{"colour": "G", "status": "down", "value": v} for v in known]
    return {
        "seat": 0,
        "players": ["A", "B"],
        "colours": list("ROYGTBPK"),
        "trump": "R",
        "trick": [{"seat": 1, "slot": 0, "card": "G7"}],
        "led_colour": "G",
        "trick_number": 3,
        "tricks_per_round": 10,
        "peek": peek and {"slots": peek, "cards": [f"G{known[s]}" for s in peek]},
        "sorted": [],
        "seats": [
            {"slots": slots, "tricks": tricks, "bid": bid and {"slot": 9, "card": bid}},
            {"slots": [], "tricks": 0, "bid": None},
        ],
    }

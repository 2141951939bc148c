"""3 x 3's cards as data: ranks and suits, their order and how a card face shows them,
so the words of a game say a card without loading its engine."""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "23456789TJQKA"
SUITS = "CDHS"
RANK_VALUE = {rank: value for value, rank in enumerate(RANKS, start=2)}
"""Rank character to its value: "2" is 2, "T" is 10, "A" is 14."""
SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
FULL_DECK = tuple(rank + suit for rank in RANKS for suit in SUITS)
"""One 52-card deck, sorted by rank, then suit."""
SORT_KEY = {card: index for index, card in enumerate(FULL_DECK)}
"""Card to its place in the canonical order: rank first, then suit."""


def rank_label(rank: str) -> str:
    """A rank character as a card face shows it: "T" is "10", the others stay."""
    return "10" if rank == "T" else rank


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards in the canonical order: by rank, ace high, then by suit."""
    return sorted(cards, key=SORT_KEY.__getitem__)


def card_label(card: str) -> str:
    """A card as its face shows it: rank then suit symbol, e.g. "10♥", "Q♠"."""
    if card not in SORT_KEY:
        raise ValueError(f"not a card: {card!r}")
    return rank_label(card[0]) + SUIT_SYMBOL[card[1]]

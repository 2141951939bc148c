"""How a French playing card looks: rank, suit symbol, and suit colour as a second signal."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from rules.three_by_three import card_label
from tui.palette import ink
from tui.widgets.playing_cards import Face

RED_SUITS = frozenset("DH")

BACK = Face("", back=True)
"""A French card lying face down."""


def card_style(card: str | None) -> Style:
    """Red suits in red; the suit symbol already tells the suit, colour only helps."""
    if card is not None and card[-1] in RED_SUITS:
        return ink("red", bold=True)
    return Style(bold=True)


def french_face(card: str | None) -> Face:
    """The face of `card` ("TH": 10♥ in the corner, ♥ in the middle), or a back for None."""
    if card is None:
        return BACK
    label = card_label(card)
    return Face(label, card_style(card), centre=label[-1])


def cards_text(cards: list[str], separator: str = " ") -> Text:
    """Several cards in a line, each in its suit colour."""
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(separator)
        text.append(card_label(card), card_style(card))
    return text


__all__ = ["BACK", "card_label", "card_style", "cards_text", "french_face"]

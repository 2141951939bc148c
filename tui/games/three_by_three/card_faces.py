"""How a French playing card looks: rank, suit symbol, and suit colour as a second signal.

The rank reads as the player's language writes it: J, Q, K, A in English, B, D, K, A in
German; 10 and the suit symbols are the same in both."""

from __future__ import annotations

import re

from rich.style import Style
from rich.text import Text

from tui.games.three_by_three.words import card_text
from tui.palette import ink
from tui.widgets.playing_cards import Face

RED_SUITS = frozenset("DH")

BACK = Face("", back=True)
"""A French card lying face down."""

FIELD = re.compile(r"\{(\w+)\}")


def card_style(card: str | None) -> Style:
    """Red suits in red; the suit symbol already tells the suit, colour only helps."""
    if card is not None and card[-1] in RED_SUITS:
        return ink("red", bold=True)
    return Style(bold=True)


def french_face(card: str | None) -> Face:
    """The face of `card` ("TH": 10♥ in the corner, ♥ in the middle; "QS": Q♠, or D♠ in
    German), or a back for None."""
    if card is None:
        return BACK
    label = card_text(card)
    return Face(label, card_style(card), centre=label[-1])


def cards_text(cards: list[str], separator: str = " ") -> Text:
    """Several cards in a line, each in its suit colour."""
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(separator)
        text.append(card_text(card), card_style(card))
    return text


def text_with(template: str, **pieces: str | Text) -> Text:
    """A sentence in the player's language with each `{name}` filled by its piece; a
    piece given as Text keeps its styles (cards in their suit colour)."""
    text = Text()
    at = 0
    for field in FIELD.finditer(template):
        text.append(template[at : field.start()])
        piece = pieces[field.group(1)]
        if isinstance(piece, Text):
            text.append_text(piece)
        else:
            text.append(piece)
        at = field.end()
    text.append(template[at:])
    return text


__all__ = ["BACK", "card_style", "cards_text", "french_face", "text_with"]

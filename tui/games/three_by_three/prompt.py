"""What the 3 x 3 prompt says to the player at the keyboard on their turn, from the view
and where their keys point."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from rules.three_by_three import REPEATS, ThreeByThreeView
from tui.games.three_by_three.card_faces import cards_text, text_with
from tui.games.three_by_three.words import need_text
from tui.i18n import _, ngettext


@dataclass(frozen=True)
class Pointer:
    """Where the keys point: the zone, its cards as shown (None: face down), those a
    legal move plays and those marked to be played together."""

    zone: str
    cards: list[str | None]
    playable: frozenset[int]
    marked: frozenset[int]


def with_repetition_warning(view: ThreeByThreeView, prompt: Text) -> Text:
    """The move's prompt, after a warning when the position came round twice: by our
    repetition rule the next time ends the game."""
    if view["repeats"] != REPEATS - 1:
        return prompt
    warning = _("This position has come round twice: a third time ends the game.")
    return Text(warning + "\n", style="bold").append_text(prompt)


def move_prompt(
    view: ThreeByThreeView, pointer: Pointer, *, swapping: bool, only_take: bool
) -> Text:
    """What the player at the keyboard may do in this move: choose face-up cards (tour 1),
    take the pile when nothing fits, turn up a face-down card, or play what is marked."""
    if swapping:
        return Text(
            _(
                "Tour 1: pick your face-up cards. Space on a hand card, then on a face-up "
                "card, swaps them. Enter when done."
            )
        )
    if only_take:
        count = view["pile_count"]
        return Text(
            ngettext(
                "You cannot play: nothing fits (next: {need}). "
                "Press t or Enter to take the pile ({count} card).",
                "You cannot play: nothing fits (next: {need}). "
                "Press t or Enter to take the pile ({count} cards).",
                count,
            ).format(need=need_text(view["pile"][-1][0]), count=count)
        )
    if pointer.zone == "face-down":
        return Text(_("No hand or face-up cards left: choose a face-down card, Enter turns it up."))
    cards = pointer.cards
    playable = cards_text([c for i, c in enumerate(cards) if i in pointer.playable and c])
    if not pointer.marked:
        if pointer.zone == "hand":
            words = _(
                "Your turn, from your hand. Space marks more of a rank, Enter plays.\n"
                "Playable: {playable}"
            )
        else:
            words = _(
                "Your turn, from your face-up cards. Space marks more of a rank, Enter "
                "plays.\nPlayable: {playable}"
            )
        return text_with(words, playable=playable)
    if pointer.zone == "hand":
        words = _(
            "Your turn, from your hand. Enter plays the marked {cards} (Space unmarks).\n"
            "Playable: {playable}"
        )
    else:
        words = _(
            "Your turn, from your face-up cards. Enter plays the marked {cards} (Space "
            "unmarks).\nPlayable: {playable}"
        )
    marked = cards_text([card for i in sorted(pointer.marked) if (card := cards[i])])
    return text_with(words, cards=marked, playable=playable)

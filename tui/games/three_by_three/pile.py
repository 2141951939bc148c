"""The middle of the 3 x 3 table: the draw pile, the discard pile with its top cards and
what may follow, and the burned cards; what the last move laid down or burned is marked."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from tui.widgets.card import BACK, cards_text, french_face
from tui.widgets.names import cut_name, plural
from tui.widgets.playing_cards import CHIP, Canvas, CardSize, Face, Look, card_cells

SHOWN_TOP = 5
"""How many of the pile's top cards are drawn."""

SLOT_GAP = 4
"""Columns between the draw pile, the discard pile and the burned cards."""


def fresh_on_pile(view: dict[str, Any]) -> int:
    """How many of the pile's top cards the last move laid there (0 when it took or burned)."""
    last = view.get("last")
    if not last or last["kind"] not in ("play",) or last["burned"]:
        return 0
    return min(len(last["cards"]), len(view.get("pile", [])))


def burned_now(view: dict[str, Any]) -> bool:
    """Whether the last move burned the pile."""
    last = view.get("last")
    return bool(last and last["burned"])


class PileView(Widget):
    """Shows the shared piles from a view's public fields, in cards of `card_size`."""

    DEFAULT_CSS = """
    PileView { height: auto; }
    """

    view: reactive[dict[str, Any]] = reactive(dict, layout=True)
    card_size: reactive[CardSize] = reactive(CHIP, layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 2 if self.card_size is CHIP else self.card_size.height + 3

    def render(self) -> Text:
        if not self.view:
            return Text("")
        if self.card_size is CHIP:
            return chip_pile(self.view)
        return framed_pile(self.view, self.card_size, max(1, self.size.width))


def _count_face(count: int) -> Face:
    return Face(str(count), back=True) if count else Face("", back=True, pattern=" ")


def chip_pile(view: dict[str, Any]) -> Text:
    """Two lines: the pile's top cards and the other piles; then what may follow and the
    caption of the last move."""
    pile: list[str] = view.get("pile", [])
    fresh = fresh_on_pile(view)
    text = Text("Pile ", style="bold")
    text.append(f"{view.get('pile_count', len(pile))} ")
    if pile:
        if len(pile) > SHOWN_TOP:
            text.append("… ", style="dim")
        shown = pile[-SHOWN_TOP:]
        for i, card in enumerate(shown):
            look = Look(fresh=i >= len(shown) - fresh)
            text.append_text(_chip(french_face(card), look))
    else:
        text.append("empty", style="italic")
    text.append("   Draw ", style="bold")
    if view.get("draw_count"):
        text.append_text(_chip(BACK, Look()))
    text.append(f"{view.get('draw_count', 0)}")
    text.append("   Burned ", style="bold")
    burned = f"{view.get('burned_count', 0)}"
    text.append(burned, style=Style(reverse=True, bold=True) if burned_now(view) else Style())
    if burned_now(view):
        text.append(" burned now", style="bold")
    text.append("\n")
    text.append_text(need_text(view))
    text.append("   ")
    text.append_text(last_text(view))
    text.no_wrap, text.overflow = True, "ellipsis"
    return text


def _chip(face: Face, look: Look) -> Text:
    canvas = Canvas(CHIP.width, 1)
    canvas.place(card_cells(face, look, CHIP), 0, 0)
    return canvas.text()


LAST_NAME_WIDTH = 14
"""Cells of the mover's name in the caption of the last move beside one-line cards."""
WHOLE_NAME = 24
"""Beside framed cards the screen is wide: the name shows whole."""


def last_text(view: dict[str, Any], name_width: int = LAST_NAME_WIDTH) -> Text:
    """The caption of the last move, whose cards are marked on the table: who did what
    (the mover's name cut to `name_width` cells)."""
    last = view.get("last")
    if not last:
        return Text("")
    text = Text("Last: ", style="bold")
    text.append(cut_name(view["players"][last["seat"]], name_width))
    cards = cards_text(last["cards"])
    if last["kind"] == "swap":
        text.append(" chose face-up cards")
        return text
    if last["kind"] == "take":
        text.append(f" took the pile ({plural(last['took'], 'card')})")
        return text
    text.append(" turned up " if last["source"] == "face-down" else " played ")
    text.append_text(cards)
    if last["kind"] == "miss":
        text.append(f", took {plural(last['took'], 'card')}")
    elif last["burned"]:
        text.append(f", burned {last['burned']}")
    return text


def need_text(view: dict[str, Any]) -> Text:
    """What the next play needs, the 7 rule in reverse."""
    text = Text("Next: ", style="bold")
    if view.get("restriction") == "seven":
        text.append("7: play 7 or lower", style="bold reverse")
        text.append(" ")
    text.append(view.get("need", ""))
    return text


def framed_pile(view: dict[str, Any], size: CardSize, width: int) -> Text:
    """The draw pile, the discard pile fanned and the burned cards side by side, each with a
    line above saying what it is, what may follow under the discard pile, and under all the
    caption of the last move."""
    canvas = Canvas(width, size.height + 3)
    pile: list[str] = view.get("pile", [])
    draw = view.get("draw_count", 0)
    canvas.write("Draw pile", 0, 0, Style(bold=True))
    canvas.place(card_cells(_count_face(draw), Look(dimmed=not draw), size), 0, 1)
    x = max(size.width, len("Draw pile")) + SLOT_GAP
    shown = pile[-SHOWN_TOP:]
    canvas.write(f"Pile · {view.get('pile_count', len(pile))}", x, 0, Style(bold=True))
    if shown:
        fresh = fresh_on_pile(view)
        step = min(size.width, size.peek + 1)
        for i, card in enumerate(shown):
            look = Look(fresh=i >= len(shown) - fresh)
            canvas.place(card_cells(french_face(card), look, size), x + i * step, 1)
        pile_width = step * (len(shown) - 1) + size.width
    else:
        canvas.place(card_cells(Face("", back=True, pattern=" "), Look(dimmed=True), size), x, 1)
        pile_width = size.width
    need = need_text(view)
    canvas.write_text(need, x, size.height + 1)
    canvas.write_text(last_text(view, WHOLE_NAME), 0, size.height + 2)
    x += max(pile_width, need.cell_len, SHOWN_TOP * (size.peek + 1)) + SLOT_GAP
    burned = view.get("burned_count", 0)
    canvas.write("Burned", x, 0, Style(bold=True))
    if burned_now(view):
        canvas.write(" now ", x + len("Burned "), 0, Style(bold=True, reverse=True))
    look = Look(dimmed=not burned, fresh=burned_now(view))
    canvas.place(card_cells(_count_face(burned), look, size), x, 1)
    return canvas.text()

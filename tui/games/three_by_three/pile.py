"""The middle of the 3 x 3 table: the draw pile, the discard pile with its top cards and
what may follow, and the burned cards; what the last move laid down or burned is marked, and
what was laid or burned since the seat's own last turn."""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from rules.three_by_three import LastMove, ThreeByThreeView
from tui.games.three_by_three.card_faces import BACK, cards_text, french_face, text_with
from tui.games.three_by_three.since import Changes, last_move
from tui.games.three_by_three.words import need_text as next_play
from tui.i18n import _, ngettext, pgettext
from tui.widgets.names import cut_name
from tui.widgets.playing_cards import CHIP, Canvas, CardSize, Face, Look, card_cells

SHOWN_TOP = 5
"""How many of the pile's top cards are drawn."""

SLOT_GAP = 4
"""Columns between the draw pile, the discard pile and the burned cards."""


def burned_now(view: ThreeByThreeView) -> bool:
    """Whether the last move burned the pile."""
    last = view["last"]
    return bool(last and last["burned"])


def burn_note(view: ThreeByThreeView, marks: Changes) -> str:
    """What the burned cards' mark says: burned by the last move, or since the seat's own
    last turn; "" when nothing was burned."""
    if burned_now(view):
        return pgettext("3x3", "now")
    return _("since your turn") if marks.burned else ""


class PileView(Widget):
    """Shows the shared piles from a view's public fields, in cards of `card_size`; the
    cards laid and a burn that `marks` names are marked."""

    DEFAULT_CSS = """
    PileView { height: auto; }
    """

    view: reactive[ThreeByThreeView | None] = reactive(None, layout=True)
    """The view drawn; None until the table draws its first."""
    card_size: reactive[CardSize] = reactive(CHIP, layout=True)
    compact: reactive[bool] = reactive(False, layout=True)
    """At 80x24: what may follow and the last move share the line under the cards."""
    marks: reactive[Changes] = reactive(Changes)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self.card_size is CHIP:
            return 2
        return self.card_size.height + (2 if self.compact else 3)

    def render(self) -> Text:
        if self.view is None:
            return Text("")
        if self.card_size is CHIP:
            return chip_pile(self.view, self.marks, self.size.width)
        width = max(1, self.size.width)
        return framed_pile(self.view, self.card_size, width, self.marks, self.compact)


def _count_face(count: int) -> Face:
    return Face(str(count), back=True) if count else Face("", back=True, pattern=" ")


def chip_pile(view: ThreeByThreeView, marks: Changes | None = None, width: int = 0) -> Text:
    """Two lines: the pile's top cards and the other piles; then what may follow and the
    caption of the last move. `marks` (by default the last move's) says what is new. In
    `width` cells (0: any) the mover's name gives up cells so the caption ends whole."""
    marks = last_move(view) if marks is None else marks
    pile = view["pile"]
    fresh = marks.pile
    text = Text(pgettext("3x3", "Pile") + " ", style="bold")
    text.append(f"{view['pile_count']} ")
    if pile:
        if len(pile) > SHOWN_TOP:
            text.append("… ", style="dim")
        shown = pile[-SHOWN_TOP:]
        for i, card in enumerate(shown):
            look = Look(fresh=i >= len(shown) - fresh)
            text.append_text(_chip(french_face(card), look))
    else:
        text.append(pgettext("3x3", "empty"), style="italic")
    text.append("   " + pgettext("3x3", "Draw") + " ", style="bold")
    if view["draw_count"]:
        text.append_text(_chip(BACK, Look()))
    text.append(f"{view['draw_count']}")
    text.append("   " + pgettext("3x3", "Burned") + " ", style="bold")
    burned = f"{view['burned_count']}"
    note = burn_note(view, marks)
    text.append(burned, style=Style(reverse=True, bold=True) if note else Style())
    if note:
        text.append(" " + (_("burned now") if burned_now(view) else note), style="bold")
    text.append("\n")
    text.append_text(_need_and_last(view, need_text(view), width))
    text.no_wrap, text.overflow = True, "ellipsis"
    return text


def _chip(face: Face, look: Look) -> Text:
    canvas = Canvas(CHIP.width, 1)
    canvas.place(card_cells(face, look, CHIP), 0, 0)
    return canvas.text()


LAST_NAME_WIDTH = 14
"""Cells of the mover's name in the caption of the last move beside one-line cards."""
LEAST_NAME_WIDTH = 6
"""Cells the mover's name keeps when the caption is short of room."""
CAPTION_GAP = "   "
"""Between what may follow and the caption of the last move."""
WHOLE_NAME = 24
"""Beside framed cards the screen is wide: the name shows whole."""


def last_text(view: ThreeByThreeView, name_width: int = LAST_NAME_WIDTH) -> Text:
    """The caption of the last move, whose cards are marked on the table: who did what
    (the mover's name cut to `name_width` cells), under the "*" that marks the mover
    among the seats."""
    last = view["last"]
    if last is None:
        return Text("")
    text = Text(_("Last (*):") + " ", style="bold")
    name = cut_name(view["players"][last["seat"]], name_width)
    count = last["took"] if last["kind"] in ("take", "miss") else last["burned"]
    said = text_with(move_words(last), name=name, cards=cards_text(last["cards"]), count=str(count))
    text.append_text(said)
    return text


def move_words(last: LastMove) -> str:
    """The caption of the last move, its fields {name}, {cards} and {count} (cards taken
    or burned) still to fill."""
    if last["kind"] == "swap":
        return pgettext("last move", "{name} chose face-up cards")
    if last["kind"] == "take":
        return ngettext(
            "{name} took the pile ({count} card)",
            "{name} took the pile ({count} cards)",
            last["took"],
        )
    if last["kind"] == "miss":
        return ngettext(
            "{name} turned up {cards}, took {count} card",
            "{name} turned up {cards}, took {count} cards",
            last["took"],
        )
    if last["source"] == "face-down":
        if last["burned"]:
            return pgettext("last move", "{name} turned up {cards}, burned {count}")
        return pgettext("last move", "{name} turned up {cards}")
    if last["burned"]:
        return pgettext("last move", "{name} played {cards}, burned {count}")
    return pgettext("last move", "{name} played {cards}")


def need_text(view: ThreeByThreeView) -> Text:
    """What the next play needs, said once; under the 7 rule in reverse."""
    text = Text(_("Next:") + " ", style="bold")
    top = view["top_run"]
    seven = view["restriction"] == "seven"
    text.append(next_play(top["rank"] if top else None), style="bold reverse" if seven else "")
    return text


def framed_pile(
    view: ThreeByThreeView,
    size: CardSize,
    width: int,
    marks: Changes | None = None,
    compact: bool = False,
) -> Text:
    """The draw pile, the discard pile fanned and the burned cards side by side, each with a
    line above saying what it is, what may follow under the discard pile, and under all the
    caption of the last move; `compact`, what may follow and the caption share the line
    under the cards, else all stands in the middle of the width. `marks` (by default the
    last move's) says what is new."""
    marks = last_move(view) if marks is None else marks
    canvas = Canvas(width, size.height + (2 if compact else 3))
    pile = view["pile"]
    draw = view["draw_count"]
    draw_head = pgettext("3x3", "Draw pile")
    canvas.write(draw_head, 0, 0, Style(bold=True))
    canvas.place(card_cells(_count_face(draw), Look(dimmed=not draw), size), 0, 1)
    x = max(size.width, cell_len(draw_head)) + SLOT_GAP
    shown = pile[-SHOWN_TOP:]
    pile_head = _("Pile · {count}").format(count=view["pile_count"])
    canvas.write(pile_head, x, 0, Style(bold=True))
    if shown:
        fresh = marks.pile
        step = min(size.width, size.peek + 1)
        for i, card in enumerate(shown):
            look = Look(fresh=i >= len(shown) - fresh)
            canvas.place(card_cells(french_face(card), look, size), x + i * step, 1)
        pile_width = step * (len(shown) - 1) + size.width
    else:
        canvas.place(card_cells(Face("", back=True, pattern=" "), Look(dimmed=True), size), x, 1)
        pile_width = size.width
    need = need_text(view)
    if compact:
        canvas.write_text(_need_and_last(view, need, width), 0, size.height + 1)
        x += max(pile_width, cell_len(pile_head), SHOWN_TOP * (size.peek + 1))
    else:
        canvas.write_text(need, x, size.height + 1)
        canvas.write_text(last_text(view, WHOLE_NAME), 0, size.height + 2)
        x += max(pile_width, need.cell_len, cell_len(pile_head), SHOWN_TOP * (size.peek + 1))
    x += SLOT_GAP
    burned = view["burned_count"]
    burned_head = pgettext("3x3", "Burned")
    canvas.write(burned_head, x, 0, Style(bold=True))
    note = burn_note(view, marks)
    if note:
        note_x = x + cell_len(burned_head) + 1
        canvas.write(f" {note} ", note_x, 0, Style(bold=True, reverse=True))
    look = Look(dimmed=not burned, fresh=bool(note))
    canvas.place(card_cells(_count_face(burned), look, size), x, 1)
    if not compact:
        canvas.centre()
    return canvas.text()


def _need_and_last(view: ThreeByThreeView, need: Text, width: int) -> Text:
    """What may follow and the caption of the last move on one line of `width` cells (0:
    any), the mover's name giving up cells so the caption ends whole."""
    caption = last_text(view)
    over = need.cell_len + len(CAPTION_GAP) + caption.cell_len - width
    last = view["last"]
    if width and over > 0 and last is not None:
        name_cells = min(LAST_NAME_WIDTH, cell_len(view["players"][last["seat"]]))
        caption = last_text(view, max(LEAST_NAME_WIDTH, name_cells - over))
    line = need.copy()
    line.append(CAPTION_GAP)
    line.append_text(caption)
    return line

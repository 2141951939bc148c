"""How the 3 x 3 table lies on a screen: which cards it draws, whether the other seats
stand in boxes or in a list, and how many lines the seats, the hand and the log take.
Pure reckoning from the view and the screen's size; the screen applies it."""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console
from rich.text import Text

from rules.three_by_three import ThreeByThreeView
from tui.games.three_by_three.boxes import BoxGrid, box_grid
from tui.games.three_by_three.table_cards import slots_width
from tui.widgets.card_fan import fan_layout
from tui.widgets.log import STRIP_LINES
from tui.widgets.playing_cards import CHIP, LARGE, SMALL, XL, CardSize, card_size_for

FRAME_LINES = 1 + 2 + 1
"""Lines besides the seats, the cards and the log: title, prompt (two lines, where it
does not wrap), footer."""
PROMPT_LINES = 4
"""Most lines the prompt takes."""
LOG_LINES = 8
"""Most lines the log box takes under framed cards on a large screen (six entries)."""
COMPACT_SEATS = 6
"""Most seats whose table still draws framed cards at 80x24; more step down to chips."""
CHIP_LINES = 2 + 1 + 1 + 1
"""Lines of chips on a small screen, but for the seats and the log: the pile and what
may follow, the table cards, the hand's label and one row of the hand."""
SMALL_LINES = (SMALL.height + 2) + (1 + SMALL.height + 1)
"""Lines of small framed cards on a small screen: the pile (heads, cards, what may
follow and the last move), and side by side the table cards and the hand under their
labels."""
FRAMED = ((XL, 150, 40), (LARGE, 110, 30), (SMALL, 0, 0))
"""Framed card sizes off 80x24, largest first, each with the least screen it is drawn on;
a size is taken where the pile, the cards and the seats' list fit above the log."""
SHOWN_HAND = 6
"""Cards of a hand the middle of a big screen is reckoned with: the table cards and a
hand of this many stand in the middle, a longer hand reaches further right."""
MINE_GAP = 2
"""Columns between the table cards and the hand when they lie side by side."""
PLAY_PADDING = 2 + 1
"""Columns of the play area's padding and the hand's scrollbar."""


def top_lines(seats: int) -> int:
    """Lines of the seats' list in its box: a row a seat, heads, frame."""
    return seats + 3


def play_lines(size: CardSize) -> int:
    """Lines the pile, the table cards and the hand take with framed cards of `size`:
    the pile with its heads, what may follow and the last move; a blank line; side by
    side under their labels the table cards lying offset and the hand's one raised row."""
    return (size.height + 3) + 1 + 1 + (size.height + 1)


def compact_lines(seats: int) -> int:
    """Lines of a table at 80x24 with small framed cards, but for its log: the seats'
    list with its heads and the cards."""
    return seats + 1 + SMALL_LINES


def mine_width(size: CardSize) -> int:
    """Cells the table cards and a hand of `SHOWN_HAND` cards take side by side."""
    return slots_width(size) + MINE_GAP + SHOWN_HAND * (size.width + 1)


@dataclass(frozen=True)
class Layout:
    """The cards' size, the other seats' boxes (None: the list) and whether the screen is
    small ("compact", 80x24)."""

    size: CardSize
    grid: BoxGrid | None
    compact: bool


NO_LAYOUT = Layout(CHIP, None, False)
"""What the screen reckons with before its first layout."""


def choose_layout(view: ThreeByThreeView, width: int, height: int) -> Layout:
    """Cards grow with the screen (chips, small, large or XL framed cards) as far as the
    seats leave room for them. On a small screen up to six seats get small framed cards,
    and the other seats stand in boxes of one-line cards where those fit in the lines of
    the seats' list, else in the list. Beside framed cards on a large screen the other
    seats are boxes when they fit above them, else the list."""
    seats = len(view["seats"])
    if card_size_for(width, height) is CHIP:
        size = SMALL if fits_small_cards(seats, width, height) else CHIP
        grid = box_grid(view, width - 2, seats + 1) if size is SMALL else None
        return Layout(size, grid, True)
    size = fitting_card_size(seats, width, height)
    return Layout(size, seat_grid(view, size, width, height), False)


def fits_small_cards(seats: int, width: int, height: int) -> bool:
    """Whether a small screen has the room for small framed cards: up to six seats, at
    least 80 columns and the lines they take."""
    if not 0 < seats <= COMPACT_SEATS or width < 80:
        return False
    return compact_lines(seats) + STRIP_LINES[0] <= height - FRAME_LINES


def seat_grid(view: ThreeByThreeView, size: CardSize, width: int, height: int) -> BoxGrid | None:
    """The other seats' boxes across the screen, in the lines that cards of `size` and
    the log leave; None for the list."""
    if size is CHIP:
        return None
    return box_grid(view, width, height - FRAME_LINES - play_lines(size) - STRIP_LINES[1])


def fitting_card_size(seats: int, width: int, height: int) -> CardSize:
    """The largest card size for this screen whose pile, table cards and hand fit between
    the seats and the log."""
    room = height - FRAME_LINES - STRIP_LINES[0]
    for size, least_width, least_height in FRAMED:
        fits = top_lines(seats) + play_lines(size) <= room
        if width >= least_width and height >= least_height and fits:
            return size
    return CHIP


def mine_left(layout: Layout, width: int) -> int:
    """Columns before the table cards and the hand: on a big screen, where those and a
    hand of `SHOWN_HAND` cards stand in the middle."""
    return 0 if layout.compact else max(0, (width - 2 - mine_width(layout.size)) // 2)


def prompt_lines(text: Text, width: int, console: Console) -> int:
    """The lines `text` takes in the prompt at this width: two, or more where it wraps."""
    lines = text.wrap(console, max(1, width - 2))
    return max(2, min(PROMPT_LINES, len(lines)))


@dataclass(frozen=True)
class Heights:
    """Lines of the seats (list or boxes), of the log (None: the room left) and the most
    of the hand (None: as many as its cards need)."""

    top: int
    log: int | None
    hand: int | None


def heights(layout: Layout, seats: int, size: tuple[int, int], prompt: int, hand: int) -> Heights:
    """The seats take their rows or boxes and the cards what they need; the log takes the
    rest: on a small screen a strip of one or two lines (small framed cards in a hand of
    several rows take what the strip leaves), under framed cards on a large screen a box
    of six entries. `prompt` is the prompt's lines, `hand` the cards in the hand."""
    width, lines = size
    height = lines - FRAME_LINES + 2 - prompt
    cards = layout.size
    if layout.compact:
        below = SMALL_LINES if cards is SMALL else CHIP_LINES
        listed = layout.grid.height if layout.grid is not None else seats + 1
        top = max(1, min(listed, height - below - STRIP_LINES[0]))
        left = height - below - top - STRIP_LINES[0]
        rows = hand_rows(layout, width, hand, 1 + max(0, left) // cards.height)
        left -= (rows - 1) * cards.height
        log = STRIP_LINES[0] + max(0, min(STRIP_LINES[1] - STRIP_LINES[0], left))
        return Heights(top, log, rows * cards.height)
    top = layout.grid.height if layout.grid is not None else top_lines(seats)
    if cards is CHIP:
        return Heights(top, None, None)
    log = max(STRIP_LINES[0], min(LOG_LINES, height - top - play_lines(cards)))
    return Heights(top, log, None)


def hand_rows(layout: Layout, width: int, count: int, most: int) -> int:
    """The rows a hand of `count` cards takes on a small screen, `most` at most."""
    room = width - PLAY_PADDING
    if layout.size is SMALL:
        room -= slots_width(SMALL) + MINE_GAP
    fan = fan_layout(count, room, layout.size, False, True)
    return max(1, min(most, fan.rows(count)))

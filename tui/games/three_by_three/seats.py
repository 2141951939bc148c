"""Every seat at the table as one row of a small table: name, hand count, face-up cards,
face-down count; as wide as the longest name needs, up to `MAX_NAME_WIDTH` cells, and the
columns as wide as their heads in the player's language."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from rules.three_by_three import ThreeByThreeView
from tui.games.three_by_three.card_faces import cards_text
from tui.games.three_by_three.since import Changes, last_move
from tui.i18n import _, pgettext
from tui.widgets.names import cut_name, padded, short_names
from tui.words.common import ordinal

MAX_NAME_WIDTH = 14
"""With one-line cards wider names are cut (distinguishably) so the log keeps most of the
width."""
WHOLE_NAME = 24
"""With framed cards the screen is wide: every name shows whole (24 cells at most)."""
CARDS_WIDTH = len("10♦ 10♥ 10♠")
"""The face-up cards at their widest."""
COUNT_WIDTH = 4
"""The hand and face-down counts at their narrowest."""


def you() -> str:
    """What follows the viewer's own name: " (you)"."""
    return " " + pgettext("3x3", "(you)")


def ready() -> str:
    """What follows a seat that chose its face-up cards in tour 1: " ready"."""
    return " " + pgettext("3x3", "ready")


def whole_name_width() -> int:
    """The name column beside framed cards: a whole name and "(you)"."""
    return WHOLE_NAME + cell_len(you())


def column_heads() -> tuple[str, str, str, str]:
    """The column heads: player, hand count, face-up cards, face-down count."""
    return (
        _("Player"),
        pgettext("3x3", "hand"),
        pgettext("3x3", "up"),
        pgettext("3x3", "down"),
    )


def column_widths() -> tuple[int, int, int]:
    """The hand, face-up and face-down columns, each as wide as its head or its widest
    entry."""
    _player, hand, up, down = column_heads()
    return (
        max(COUNT_WIDTH, cell_len(hand)),
        max(CARDS_WIDTH, cell_len(up)),
        max(COUNT_WIDTH, cell_len(down)),
    )


def counts_width() -> int:
    """Columns after the name: hand count, face-up cards, face-down count, a space
    before each."""
    return sum(column_widths()) + 3


def name_width(view: ThreeByThreeView, limit: int = MAX_NAME_WIDTH) -> int:
    """The name column in cells: the widest name (the viewer's with "(you)"), within
    limits, never narrower than its head."""
    you_seat = view["seat"]
    longest = max(
        (
            cell_len(info["name"]) + (cell_len(you()) if seat == you_seat else 0)
            for seat, info in enumerate(view["seats"])
        ),
        default=0,
    )
    return max(cell_len(column_heads()[0]), min(limit, longest))


def shows_ready(view: ThreeByThreeView) -> bool:
    """Tour 1 adds a column saying who has chosen their face-up cards."""
    return view["phase"] == "swap"


def seats_width(view: ThreeByThreeView, limit: int = MAX_NAME_WIDTH) -> int:
    """Columns one row takes: marker, name, counts (and "ready" in tour 1)."""
    ready_width = cell_len(ready()) if shows_ready(view) else 0
    return 2 + name_width(view, limit) + counts_width() + ready_width


def seat_names(view: ThreeByThreeView, width: int) -> list[str]:
    """Every seat's name cut to `width`, still telling seats apart; the viewer's says
    "(you)"."""
    names = short_names([info["name"] for info in view["seats"]], width)
    seat = view["seat"]
    if seat is not None:
        names[seat] = cut_name(view["seats"][seat]["name"], width - cell_len(you())) + you()
    return names


class SeatList(Widget):
    """All seats, the one to act marked with ">" (and in reverse), the viewer with "(you)",
    the one who made the last move with "*"; in reverse the hand count of a seat that took
    the pile and the face-up cards that changed, by the last move or (`marks`) since the
    seat's own last turn.

    Above the rows stands a line of column heads, when the height leaves room for it.
    """

    DEFAULT_CSS = """
    SeatList { width: auto; height: auto; }
    """

    view: reactive[ThreeByThreeView | None] = reactive(None, layout=True)
    """The view drawn; None until the table draws its first."""
    name_limit: reactive[int] = reactive(MAX_NAME_WIDTH, layout=True)
    marks: reactive[Changes] = reactive(Changes)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return 0 if self.view is None else seats_width(self.view, self.name_limit)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return (0 if self.view is None else len(self.view["seats"])) + 1

    def render(self) -> Text:
        if self.view is None:
            return Text("")
        seats = len(self.view["seats"])
        return seats_text(
            self.view, heads=self.size.height > seats, limit=self.name_limit, marks=self.marks
        )


def seats_text(
    view: ThreeByThreeView,
    heads: bool = True,
    limit: int = MAX_NAME_WIDTH,
    marks: Changes | None = None,
) -> Text:
    """One line per seat, after a line of column heads; names are plain text, never markup.
    `marks` (by default the last move's) says what is new."""
    text = Text(no_wrap=True, overflow="ellipsis")
    marks = last_move(view) if marks is None else marks
    width = name_width(view, limit)
    hand_width, up_width, down_width = column_widths()
    player_head, hand_head, up_head, down_head = column_heads()
    if heads:
        text.append(
            f"  {padded(player_head, width)} {hand_head:>{hand_width}} "
            f"{padded(up_head, up_width)} {down_head:>{down_width}}",
            style="dim",
        )
    to_act = set(view["to_act"])
    last = view["last"]
    for seat, (info, name) in enumerate(zip(view["seats"], seat_names(view, width), strict=True)):
        if seat or heads:
            text.append("\n")
        turn = seat in to_act
        moved = last is not None and last["seat"] == seat
        text.append(">" if turn else " ", style="bold")
        text.append("*" if moved else " ", style="bold")
        style = "bold reverse" if turn else "bold"
        if seat == view["seat"]:
            suffix = you()
            text.append(name.removesuffix(suffix), style=style)
            text.append(
                padded(suffix, width - cell_len(name) + cell_len(suffix)),
                style="reverse" if turn else "",
            )
        else:
            text.append(padded(name, width), style=style)
        if place := info["place"]:
            text.append(" " + out_text(place), style="italic")
            continue
        text.append(" ")
        took = "bold reverse" if seat in marks.took else ""
        text.append(f"{info['hand_count']:>{hand_width}}", style=took)
        text.append(" ")
        up = cards_text(info["face_up"])
        if seat in marks.face_up:
            up = up if up else Text(pgettext("3x3", "none"))
            up.append(" " * max(0, up_width - up.cell_len))
            up.stylize("reverse")
        text.append_text(up)
        text.append(" " * max(0, up_width - up.cell_len))
        down = sum(1 for slot in info["face_down"] if slot)
        text.append(f" {down:>{down_width}}")
        if shows_ready(view) and info["ready"]:
            text.append(ready(), style="dim")
    return text


def out_text(place: int) -> str:
    """A seat that got rid of all its cards: "out, 1st"."""
    return _("out, {place}").format(place=ordinal(place))

"""Every player at the table, one row each: hand size, points, 1-point cards and the cards
they scored, each a small card with its value (the ones the last turn scored in a heavy
frame); then, solo, the goal and the strikes."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from rules.shifting_stones import BONUS, CardView, ShiftingStonesView
from tui.games.shifting_stones.pieces import chip_text
from tui.i18n import _, pgettext
from tui.widgets.names import cut_name, padded, short_names
from tui.widgets.playing_cards import Look

MAX_NAME_WIDTH = 24
START_MARK = "°"
"""Marks the start player (the last round ends just before their turn), as a token would."""
COUNTS = " hand pts 1pt "
"""The columns after the name, 4, 3 and 3 cells wide; the scored cards follow."""
CHIP_WIDTH = 3
"""A scored card: its value between two bars."""
LEAST_SCORED = 4 * CHIP_WIDTH
"""Columns the scored cards keep before names are cut further."""


def scored_last(view: ShiftingStonesView) -> set[int]:
    """The cards the last turn scored."""
    last = view["last"]
    if last is None:
        return set()
    return {a["card"] for a in last["actions"] if a["type"] == "score"}


def name_width(view: ShiftingStonesView, width: int) -> int:
    """The name column: the longest name, within limits and what `width` leaves, and at
    least as wide as its head."""
    longest = max((cell_len(info["name"]) for info in view["seats"]), default=0)
    room = width - 3 - len(COUNTS) - LEAST_SCORED
    return max(cell_len(player_head()), min(MAX_NAME_WIDTH, longest, room))


def player_head() -> str:
    """The head of the name column."""
    return pgettext("stones column", "player")


def column_heads() -> str:
    """The heads of the count columns and the scored cards, each cut to its column."""
    hand = cut_name(pgettext("stones column", "hand"), 4)
    points = cut_name(pgettext("stones column", "pts"), 3)
    ones = cut_name(pgettext("stones column", "1pt"), 3)
    return f"{hand:>4} {points:>3} {ones:>3} " + pgettext("stones column", "scored")


def players_text(
    view: ShiftingStonesView | None, width: int, marked: frozenset[int] = frozenset()
) -> Text:
    """Column heads, then per seat (the one to act marked > and in reverse, the start
    player with °) its counts and scored cards (those the last turn scored and the
    `marked` ones in a heavy frame), every row `width` cells; then what the marks mean,
    or solo the goal and the strikes. Nothing before there is a view."""
    text = Text(no_wrap=True, overflow="crop")
    if view is None:
        return text
    names_width = name_width(view, width)
    scored_width = max(CHIP_WIDTH, width - 3 - names_width - len(COUNTS))
    head = f"  {padded(player_head(), names_width)}  {column_heads()}"
    text.append(padded(head, width)[:width], style="dim")
    to_act = set(view["to_act"])
    solo = view["solo"]
    fresh = scored_last(view) | marked
    names = short_names([info["name"] for info in view["seats"]], names_width)
    for seat, info in enumerate(view["seats"]):
        text.append("\n")
        turn = seat in to_act
        text.append("> " if turn else "  ", style="bold")
        text.append(names[seat], style="bold reverse" if turn else "bold")
        text.append(START_MARK if seat == view["start"] and not solo else " ", style="bold")
        text.append(" " * (names_width - cell_len(names[seat])))
        text.append(f" {info['hand_count']:>4} {info['points']:>3} {info['ones']:>3} ")
        text.append_text(scored_chips(info["scored"], fresh, scored_width))
    text.append("\n")
    if solo:
        scored = len(view["seats"][0]["scored"])
        text.append(
            _("Solo: {scored} of {goal} scored · strikes").format(scored=scored, goal=view["goal"])
            + " "
        )
        strikes = _("{strikes} of {count}").format(
            strikes=view["strikes"], count=view["max_strikes"]
        )
        text.append(strikes, style="bold")
        return text
    legend = _("{mark} started · 1pt: 1-point cards, most +{bonus}")
    text.append(legend.format(mark=START_MARK, bonus=BONUS), style="dim")
    return text


def scored_chips(cards: list[CardView], fresh: set[int], width: int) -> Text:
    """The scored cards as chips, the latest kept when not all fit (then "…" and how many
    in all lead), padded to `width` cells."""
    fit = width // CHIP_WIDTH
    shown = cards
    text = Text()
    if len(cards) > fit:
        lead = f"{len(cards)}…"
        fit = max(0, (width - len(lead)) // CHIP_WIDTH)
        shown = cards[len(cards) - fit :] if fit else []
        text.append(lead, style="bold")
    for card in shown:
        text.append_text(chip_text(str(card["value"]), Look(fresh=card["id"] in fresh)))
    text.append(" " * max(0, width - text.cell_len))
    return text


class SeatsPanel(Widget):
    """The players, as wide as the panel."""

    DEFAULT_CSS = "SeatsPanel { height: auto; }"

    view: reactive[ShiftingStonesView | None] = reactive(None, layout=True)
    """The view drawn; None until the table gives it one."""
    marked: reactive[frozenset[int]] = reactive(frozenset)
    """Scored cards framed heavy besides those the last turn scored."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return (len(self.view["seats"]) if self.view is not None else 0) + 2

    def render(self) -> Text:
        return players_text(self.view, max(1, self.content_size.width), self.marked)

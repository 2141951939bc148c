"""The Xylotar score table: tricks, bids, met or not, points per round, totals."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Static

from rules.engine import MAX_NAME_LENGTH
from rules.xylotar import XylotarView
from tui.games.xylotar.words import shown_names
from tui.i18n import N_, _, pgettext
from tui.screens.once import DismissOnce
from tui.widgets.footer import Footer
from tui.widgets.names import padded, short_names

ROUND_COLUMNS = 4
"""Points per round for at most the last four rounds, so extra rounds still fit."""
NAME_WIDTH = MAX_NAME_LENGTH
"""Names are shown whole: the score box is wide enough for the widest allowed name (in
cells), but for the longest headings with four round columns."""
ROOM = 74
"""Cells a line of the score box holds (its width in table.tcss less frame and padding)."""
CANCEL_NOTE = {
    "tricks": N_("A side player met its bid: no trick points for the players this round."),
    "all": N_("Both side players met their bids: no points at all this round."),
}


def right(text: str, width: int) -> str:
    """`text` right-aligned in `width` cells."""
    return " " * max(0, width - cell_len(text)) + text


def scores_text(view: XylotarView) -> Text:
    """The latest finished round in detail, every round's points, and the totals; each
    column as wide as its heading in the player's language needs, names as wide as the box
    leaves (24 cells with up to four round columns, in German with up to three)."""
    text = Text()
    if not view["rounds"]:
        return Text(_("No round has been scored yet."))
    rounds = view["rounds"][-ROUND_COLUMNS:]
    heads = {
        "tricks": pgettext("xylotar scores", "Tricks"),
        "bid": pgettext("xylotar scores", "Bid"),
        "met": pgettext("xylotar scores", "Met"),
        "points": pgettext("xylotar scores", "Points"),
        "total": pgettext("xylotar scores", "Total"),
    }
    yes, no = pgettext("xylotar bid met", "yes"), pgettext("xylotar bid met", "no")
    round_heads = [_("R{round}").format(round=r["round"]) for r in rounds]
    tricks_w = max(6, cell_len(heads["tricks"]))
    bid_w = max(5, cell_len(heads["bid"]) + 1)
    met_w = max(4, *(cell_len(word) for word in (heads["met"], yes, no)))
    points_w = max(7, cell_len(heads["points"]) + 1)
    round_w = max(4, *(cell_len(head) + 1 for head in round_heads))
    total_w = max(7, cell_len(heads["total"]) + 2)
    columns = tricks_w + bid_w + 2 + met_w + points_w + 1 + round_w * len(rounds) + total_w
    shown = shown_names(view["players"], view["side_seats"])
    player = _("Player")
    longest = max(cell_len(name) for name in shown)
    width = max(cell_len(player), min(NAME_WIDTH, ROOM - columns - 1, longest))
    names = short_names(shown, width)
    last = rounds[-1]
    head = padded(player, width + 1) + right(heads["tricks"], tricks_w)
    head += right(heads["bid"], bid_w) + "  " + padded(heads["met"], met_w)
    head += right(heads["points"], points_w) + " "
    head += "".join(right(r, round_w) for r in round_heads) + right(heads["total"], total_w)
    text.append(head + "\n", style="bold")
    for seat, name in enumerate(names):
        side = view["totals"][seat] is None
        met = yes if last["met"][seat] else no
        points = "-" if side else str(last["points"][seat])
        line = padded(name, width + 1)
        line += f"{last['tricks'][seat]:>{tricks_w}}{last['bids'][seat]:>{bid_w}}  "
        line += padded(met, met_w) + f"{points:>{points_w}} "
        line += "".join(f"{'-' if side else r['points'][seat]:>{round_w}}" for r in rounds)
        line += f"{'-' if side else view['totals'][seat]:>{total_w}}"
        text.append(line + "\n")
    if last["cancel"] in CANCEL_NOTE:
        text.append(_(CANCEL_NOTE[last["cancel"]]) + "\n")
    text.append(_("A trick is 1 point; a bid equal to the tricks won is 5 more."), style="dim")
    return text


def next_text(view: XylotarView) -> str:
    """What comes after the latest round: the next round's leader, or the end."""
    if view["phase"] == "over":
        return _("That was the last round.")
    leader = shown_names(view["players"], view["side_seats"])[view["round_leader"]]
    after = _("Round {round}: {name} leads, having the fewest points.").format(
        round=view["round"], name=leader
    )
    if view["round"] > 3:
        tied = _("The top totals are tied and the tie-break did not decide: one more round.")
        return f"{tied} {after}"
    return after


class XylotarScoresScreen(DismissOnce, Screen[None]):
    """An opaque screen over the table, so no private row shows behind the scores."""

    CSS_PATH = ["../../styles/screens.tcss", "table.tcss"]

    BINDINGS = [Binding("enter,escape,space,s", "close", N_("Continue"))]

    def __init__(self, view: XylotarView, heading: str, after: str) -> None:
        super().__init__()
        self.table_view = view
        self.heading = heading
        self.after = after

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="over-box"):
            yield Static(Text(self.heading, style="bold"), id="over-title")
            yield Static(scores_text(self.table_view), id="over-ranking")
            yield Static(Text(self.after), id="over-reason")
            yield Static(Text(_("Press Enter to go on."), style="dim"))
        yield Footer()

    def action_close(self) -> None:
        self.dismiss_once(None)

"""The Xylotar score table: tricks, bids, met or not, points per round, totals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from rules.engine import MAX_NAME_LENGTH
from tui.screens.once import DismissOnce
from tui.widgets.names import padded, short_names

ROUND_COLUMNS = 4
"""Points per round for at most the last four rounds, so extra rounds still fit."""
NAME_WIDTH = MAX_NAME_LENGTH
"""Names are shown whole: the score box is wide enough for the widest allowed name (in
cells)."""
CANCEL_NOTE = {
    "tricks": "A side player met its bid: no trick points for the players this round.",
    "all": "Both side players met their bids: no points at all this round.",
}


def scores_text(view: Mapping[str, Any]) -> Text:
    """The latest finished round in detail, every round's points, and the totals; names
    as wide as the box allows (24 cells with up to four round columns)."""
    text = Text()
    if not view["rounds"]:
        return Text("No round has been scored yet.")
    rounds = view["rounds"][-ROUND_COLUMNS:]
    width = max(len("Player"), min(NAME_WIDTH, max(cell_len(name) for name in view["players"])))
    names = short_names(view["players"], width)
    last = rounds[-1]
    head = f"{'Player':<{width + 1}}{'Tricks':>6}{'Bid':>5}  {'Met':<4}{'Points':>7} "
    head += "".join(f"{'R' + str(r['round']):>4}" for r in rounds) + f"{'Total':>7}"
    text.append(head + "\n", style="bold")
    for seat, name in enumerate(names):
        side = view["totals"][seat] is None
        met = "yes" if last["met"][seat] else "no"
        points = "-" if side else str(last["points"][seat])
        line = padded(name, width + 1)
        line += f"{last['tricks'][seat]:>6}{last['bids'][seat]:>5}  {met:<4}"
        line += f"{points:>7} "
        line += "".join(f"{'-' if side else r['points'][seat]:>4}" for r in rounds)
        line += f"{'-' if side else view['totals'][seat]:>7}"
        text.append(line + "\n")
    if last["cancel"] in CANCEL_NOTE:
        text.append(CANCEL_NOTE[last["cancel"]] + "\n")
    text.append("A trick is 1 point; a bid equal to the tricks won is 5 more.", style="dim")
    return text


def next_text(view: Mapping[str, Any]) -> str:
    """What comes after the latest round: the next round's leader, or the end."""
    if view["phase"] == "over":
        return "That was the last round."
    leader = view["players"][view["round_leader"]]
    after = f"Round {view['round']}: {leader} leads, having the fewest points."
    if view["round"] > 3:
        return "The top totals are tied and the tie-break did not decide: one more round. " + after
    return after


class XylotarScoresScreen(DismissOnce, Screen[None]):
    """An opaque screen over the table, so no private row shows behind the scores."""

    CSS_PATH = ["../../styles/screens.tcss", "table.tcss"]

    BINDINGS = [Binding("enter,escape,space,s", "close", "Continue")]

    def __init__(self, view: Mapping[str, Any], heading: str, after: str) -> None:
        super().__init__()
        self.table_view = view
        self.heading = heading
        self.after = after

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="over-box"):
            yield Static(Text(self.heading, style="bold"), id="over-title")
            yield Static(scores_text(self.table_view), id="over-ranking")
            yield Static(Text(self.after), id="over-reason")
            yield Static(Text("Press Enter to go on.", style="dim"))
        yield Footer()

    def action_close(self) -> None:
        self.dismiss_once(None)

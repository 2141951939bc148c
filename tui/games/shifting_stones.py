"""The Shifting Stones table: nine stones, your pattern cards, everyone's score."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Footer, Label, Static

from tui.screens.table import TableScreen
from tui.widgets.header import TitleHeader
from tui.widgets.log import GameLog
from tui.widgets.pattern_cards import PatternHand, card_lines
from tui.widgets.stones import StoneGrid

STEPS = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}


class ShiftingStonesScreen(TableScreen):
    """Keyboard: digits or arrows pick a card; s shift, f flip, Enter scores or picks a stone,
    k skips and draws, e ends the turn, Esc cancels a shift or flip."""

    BINDINGS = [
        Binding("left", "step('left')", "Pick", key_display="←↑↓→1-9"),
        Binding("right", "step('right')", "Right", show=False),
        Binding("up", "step('up')", "Up", show=False),
        Binding("down", "step('down')", "Down", show=False),
        *(Binding(str(n), f"card({n - 1})", "Card", show=False) for n in range(1, 10)),
        Binding("enter", "enter", "Score"),
        Binding("s", "start('shift')", "Shift"),
        Binding("f", "start('flip')", "Flip"),
        Binding("k", "skip", "Skip"),
        Binding("e", "end_turn", "End"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.card = 0
        self.mode = "card"
        self.stone = 4
        self.picked: list[int] = []

    def compose(self) -> ComposeResult:
        yield TitleHeader(show_clock=False)
        with Horizontal(id="ss-top"):
            yield StoneGrid(id="stones")
            yield Static(id="ss-players")
        yield Label("Your hand", id="ss-hand-label", classes="row-label")
        with Horizontal(id="ss-hand-row"):
            yield PatternHand(id="ss-hand")
            yield Static(id="ss-discard")
        yield GameLog(id="log")
        yield Static(id="prompt")
        yield Footer()

    # ---- drawing -------------------------------------------------------

    def moves(self) -> list[dict[str, Any]]:
        return [a.to_json() for a in self.legal]

    def can(self, kind: str) -> bool:
        """Whether the engine offers any action of this kind now."""
        return any(m["type"] == kind for m in self.moves())

    def hand(self) -> list[dict[str, Any]]:
        return list(self.view.get("hand", []))

    def draw(self) -> None:
        self.mode = "card"
        self.picked = []
        self.message = ""
        hand = self.hand()
        scorable = [i for i, c in enumerate(hand) if c["scorable"]]
        if scorable:
            self.card = scorable[0]
        self.card = min(self.card, max(0, len(hand) - 1))
        self.redraw()

    def redraw(self) -> None:
        view = self.view
        stones = self.query_one("#stones", StoneGrid)
        stones.grid = view.get("grid", [])
        picking = self.mode != "card" and self.my_turn
        stones.cursor = self.stone if picking else None
        stones.picked = frozenset(self.picked)
        hand = self.query_one("#ss-hand", PatternHand)
        hand.cards = self.hand()
        hand.cursor = self.card if self.my_turn else None
        hand.empty_text = "hidden" if view.get("seat") is None else "no cards"
        seat = view.get("seat")
        label = "Your hand" if seat is None else f"{view['players'][seat]}'s hand"
        self.query_one("#ss-hand-label", Label).update(Text(label, style="bold"))
        self.query_one("#ss-players", Static).update(players_text(view))
        self.query_one("#ss-discard", Static).update(discard_text(view))
        over = view.get("phase") == "over"
        self.title = "Shifting Stones - game over" if over else "Shifting Stones"
        self.query_one("#prompt", Static).update(self.prompt_text())
        self.update_bindings()

    def turn_prompt(self) -> Text:
        if self.mode == "shift":
            step = "first" if not self.picked else "second, next to the first,"
            return Text(f"Shift: pick the {step} stone (arrows, Enter). Esc cancels.")
        if self.mode == "flip":
            return Text("Flip: pick the stone to turn over (arrows, Enter). Esc cancels.")
        hand = self.hand()
        text = Text("Pick a card (1-9, arrows). ")
        if hand and hand[self.card]["scorable"]:
            text.append("This card matches: Enter scores it. ", style="bold")
        text.append("s shift, f flip (each discards the card)")
        if self.can("skip"):
            text.append(", k skip and draw 2")
        text.append(", e end turn.")
        return text

    # ---- intents -------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cancel":
            return self.mode != "card"
        if action in ("step", "card", "enter", "start", "skip", "end_turn"):
            return self.my_turn
        return True

    def action_step(self, direction: str) -> None:
        if not self.my_turn:
            return
        self.message = ""
        if self.mode == "card":
            count = len(self.hand())
            row = self.query_one("#ss-hand", PatternHand).per_line()
            if direction in ("left", "right") and count:
                self.card = (self.card + (1 if direction == "right" else -1)) % count
            elif 0 <= self.card + (row if direction == "down" else -row) < count:
                self.card += row if direction == "down" else -row
        else:
            drow, dcol = STEPS[direction]
            row, col = divmod(self.stone, 3)
            if 0 <= row + drow < 3 and 0 <= col + dcol < 3:
                self.stone = (row + drow) * 3 + col + dcol
        self.redraw()

    def action_card(self, index: int) -> None:
        if self.mode == "card" and 0 <= index < len(self.hand()):
            self.card = index
            self.message = ""
            self.redraw()

    def action_start(self, mode: str) -> None:
        if not self.my_turn or not self.hand():
            return
        if not self.can(mode):
            self.say(f"No {mode} is possible now.")
            return
        self.mode, self.picked, self.message = mode, [], ""
        self.redraw()

    def action_cancel(self) -> None:
        self.mode, self.picked, self.message = "card", [], ""
        self.redraw()

    def action_enter(self) -> None:
        if not self.my_turn:
            return
        if self.mode == "card":
            hand = self.hand()
            if hand:
                self.submit({"type": "score", "card": hand[self.card]["id"]})
        else:
            self.pick_stone(self.stone)

    def pick_stone(self, cell: int) -> None:
        """In a shift, the second stone completes the move; in a flip, the first does."""
        card = self.hand()[self.card]["id"]
        self.stone = cell
        if self.mode == "flip":
            self.submit({"type": "flip", "card": card, "cell": cell})
        elif not self.picked:
            self.picked = [cell]
            self.message = ""
            self.redraw()
        elif cell == self.picked[0]:
            self.picked = []
            self.redraw()
        else:
            a, b = sorted((self.picked[0], cell))
            self.submit({"type": "shift", "card": card, "a": a, "b": b})

    def action_skip(self) -> None:
        self.submit({"type": "skip"})

    def action_end_turn(self) -> None:
        self.submit({"type": "end"})

    def on_stone_grid_picked(self, message: StoneGrid.Picked) -> None:
        if self.my_turn and self.mode != "card":
            self.pick_stone(message.cell)

    def on_pattern_hand_picked(self, message: PatternHand.Picked) -> None:
        """A click picks the card; a click on the picked card scores it."""
        if not self.my_turn or self.mode != "card":
            return
        if message.index == self.card:
            self.action_enter()
        else:
            self.card = message.index
            self.message = ""
            self.redraw()

    def final_details(self, view: dict[str, Any]) -> dict[int, str]:
        """Points and scored cards per player."""
        scores = view.get("scores") or []
        details = {}
        for seat, info in enumerate(view["seats"]):
            points = scores[seat] if seat < len(scores) else info["points"]
            details[seat] = (
                f"{points} pts, {len(info['scored'])} cards, {info['ones']} one-pointers"
            )
        return details


def discard_text(view: dict[str, Any]) -> Text:
    """The top of the public discard pile as a small card."""
    top = view.get("discard_top")
    if not top:
        return Text("Discards\n  none", style="dim")
    lines = card_lines(top)
    lines[0] = Text("Discard ") + lines[0]
    return Text("\n").join(lines)


def players_text(view: dict[str, Any]) -> Text:
    """Per seat (the viewer marked *): hand size, scored cards and points; then the piles
    and how the end stands."""
    if not view:
        return Text("")
    text = Text(no_wrap=True, overflow="ellipsis")
    to_act = set(view.get("to_act", []))
    for seat, info in enumerate(view["seats"]):
        turn = seat in to_act
        text.append("> " if turn else "  ", style="bold")
        text.append(info["name"][:9].ljust(9), style="bold reverse" if turn else "bold")
        text.append("*" if seat == view.get("seat") else " ", style="bold")
        text.append(
            f" hand {info['hand_count']}  scored {len(info['scored']):>2}"
            f"  {info['points']:>2} pts  1s {info['ones']}"
        )
        text.append("\n")
    text.append(f"\nDraw pile {view['draw_count']}   Discards {view['discard_count']}")
    turn = view.get("turn", {})
    text.append(f"\nThis turn: {turn.get('actions', 0)} actions, {turn.get('scored', 0)} scored")
    if view.get("solo"):
        scored = len(view["seats"][0]["scored"])
        text.append(f"\nSolo: {scored} of {view['goal']} scored, strikes ")
        text.append(f"{view['strikes']}/{view['max_strikes']}", style="bold")
    else:
        text.append(f"\nGoal: {view['goal']} cards")
        if view.get("last_round"):
            text.append("  LAST ROUND", style="bold reverse")
    return text

"""The Shifting Stones table: the nine stones large in the middle, everyone's score and the
log beside them, your pattern cards and the piles below; keys and clicks become intents."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from rules.shifting_stones import CELL_NAMES
from tui.games.shifting_stones.pattern_hand import PatternHand, PilesView
from tui.games.shifting_stones.pieces import CHIP, TableSize, table_size_for
from tui.games.shifting_stones.seats import SeatsPanel
from tui.games.shifting_stones.stone_grid import StoneGrid
from tui.screens.table import TableScreen
from tui.widgets.header import TitleHeader
from tui.widgets.log import GameLog
from tui.widgets.names import cut_name, plural

STEPS = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}

PILES_ASIDE_HEIGHT = 34
"""From this many lines on, larger pieces put the piles beside the stones, between the
players and the log (which keeps six lines); below, they lie beside the hand."""

LAST_NAME_WIDTH = 16
"""Cells of the name in the line about the last turn."""


class ShiftingStonesScreen(TableScreen):
    """Keyboard: digits or Left/Right pick a card; Enter scores it; s shift, f flip (then the
    arrows and Enter pick stones, Esc cancels); k skips and draws, e ends the turn, L gives
    the log the room. The footer shows only the keys that do something now."""

    CSS_PATH = ["../../styles/screens.tcss", "table.tcss"]

    BINDINGS = [
        Binding("left", "card_step(-1)", "Card", key_display="←→1-9"),
        Binding("right", "card_step(1)", show=False),
        *(Binding(str(n), f"card({n - 1})", show=False) for n in range(1, 10)),
        Binding("left", "stone_step('left')", "Stone", key_display="←↑↓→"),
        Binding("right", "stone_step('right')", show=False),
        Binding("up", "stone_step('up')", show=False),
        Binding("down", "stone_step('down')", show=False),
        Binding("enter", "score", "Score"),
        Binding("enter", "try_score", show=False),
        Binding("enter", "pick", "Pick"),
        Binding("s", "shift", "Shift"),
        Binding("f", "flip", "Flip"),
        Binding("k", "skip", "Skip"),
        Binding("e", "end_turn", "End turn"),
        Binding("escape", "cancel", "Cancel"),
        Binding("L", "toggle_log", "Log", key_display="L", show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.card = 0
        self.mode = "card"
        self.stone = 4
        self.picked: list[int] = []
        self.kinds: set[str] = set()
        """The kinds of action the engine offers now (skip, shift, flip, score, end)."""
        self._hand_window = (0, 0, 0)

    def compose(self) -> ComposeResult:
        yield TitleHeader(show_clock=False)
        with Horizontal(id="ss-table"):
            with Vertical(id="ss-board"):
                yield StoneGrid(id="stones", classes="pieces")
                yield Static(id="ss-status")
            with Vertical(id="ss-side"):
                yield SeatsPanel(id="ss-players")
                yield PilesView(id="ss-side-piles", classes="pieces")
                yield GameLog(id="log", title="Log")
        with Horizontal(id="ss-hand-row"):
            with Vertical(id="ss-hand-box"):
                yield Static(id="ss-hand-label")
                yield PatternHand(id="ss-hand", classes="pieces")
            yield PilesView(id="ss-piles", classes="pieces")
        yield Static(id="prompt")
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        """The pieces grow with the screen: three sizes of stones and cards."""
        width, height = event.size
        size = table_size_for(width, height)
        self.set_class(size is not CHIP and height >= PILES_ASIDE_HEIGHT, "-piles-aside")
        self.use_table_size(size)

    def use_table_size(self, size: TableSize) -> None:
        """Draw the stones, the hand and the piles in the pieces of `size`."""
        for name in ("chip", "small", "large"):
            self.set_class(size.name == name, f"-pieces-{name}")
        self.query_one("#stones", StoneGrid).stone_size = size.stone
        self.query_one("#ss-hand", PatternHand).card_size = size.card
        for piles in self.query(PilesView):
            piles.card_size = size.card

    # ---- drawing -------------------------------------------------------

    def can(self, kind: str) -> bool:
        """Whether the engine offers any action of this kind now."""
        return kind in self.kinds

    def hand(self) -> list[dict[str, Any]]:
        return list(self.view.get("hand", []))

    def picked_card_scores(self) -> bool:
        hand = self.hand()
        return 0 <= self.card < len(hand) and bool(hand[self.card]["scorable"])

    def draw(self) -> None:
        self.kinds = {action.to_json()["type"] for action in self.legal}
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
        """Hand the widgets what they show; each repaints only what changed, so a cursor
        move costs a few pieces, not the screen."""
        if self.gone:
            return
        view = self.view
        stones = self.query_one("#stones", StoneGrid)
        stones.grid = view.get("grid", [])
        picking = self.mode != "card" and self.my_turn
        stones.cursor = self.stone if picking else None
        stones.picked = frozenset(self.picked)
        stones.fresh = frozenset((view.get("last") or {}).get("cells", []))
        stones.dimmed = self.out_of_reach() if picking else frozenset()
        hand = self.query_one("#ss-hand", PatternHand)
        hand.cards = self.hand()
        hand.cursor = self.card if self.my_turn and not picking else None
        hand.chosen = self.card if picking else None
        hand.empty_text = (
            "each person sees their own on their turn" if view.get("seat") is None else "no cards"
        )
        for piles in self.query(PilesView):
            piles.view = view
        self.query_one("#ss-players", SeatsPanel).view = view
        self.show_text("#ss-hand-label", self.hand_label())
        self.show_text("#ss-status", status_text(view))
        self.title = title_for(view)
        self.show_text("#prompt", self.prompt_text())
        self.update_bindings()

    def out_of_reach(self) -> frozenset[int]:
        """In a shift with its first stone picked, the stones it cannot be swapped with."""
        if self.mode != "shift" or not self.picked:
            return frozenset()
        first = self.picked[0]
        card = self.hand()[self.card]["id"]
        partners = {first}
        for action in self.legal:
            move = action.to_json()
            if move["type"] == "shift" and move["card"] == card and first in (move["a"], move["b"]):
                partners.update((move["a"], move["b"]))
        return frozenset(range(9)) - partners

    def hand_label(self) -> Text:
        """Whose hand shows, and which of its cards when not all fit."""
        seat = self.view.get("seat")
        first, last, count = self._hand_window
        window = f" · #{first + 1}-#{last + 1} of {count}" if last - first + 1 < count else ""
        if seat is None:
            return Text("Hands are hidden", style="bold")
        width = self.query_one("#ss-hand-label", Static).content_size.width or 40
        name = cut_name(self.view["players"][seat], width - len(f"'s hand{window}"))
        return Text(f"{name}'s hand{window}", style="bold")

    def on_pattern_hand_shown(self, message: PatternHand.Shown) -> None:
        self._hand_window = (message.first, message.last, message.count)
        if self.view:
            self.show_text("#ss-hand-label", self.hand_label())

    def turn_prompt(self) -> Text:
        hand = self.hand()
        if self.mode != "card":
            number = f"#{self.card + 1}"
            if self.mode == "flip":
                return Text(f"Flip with {number}: pick the stone to turn over. Esc cancels.")
            if not self.picked:
                return Text(f"Shift with {number}: pick the first of two stones. Esc cancels.")
            first = CELL_NAMES[self.picked[0]]
            return Text(f"Shift with {number}: pick a stone next to {first}. Esc cancels.")
        if not hand:
            return Text("No cards left: e ends the turn.")
        matching = [f"#{i + 1}" for i, card in enumerate(hand) if card["scorable"]]
        if self.picked_card_scores():
            return Text(f"#{self.card + 1} matches the grid (OK): Enter scores it.", style="bold")
        if len(matching) == 1:
            return Text(
                f"{matching[0]} matches the grid (OK): pick it and press Enter to score.",
                style="bold",
            )
        if matching:
            return Text(
                f"{', '.join(matching)} match the grid (OK): pick one, Enter scores it.",
                style="bold",
            )
        return Text("Pick a card; s or f discards it to shift two stones or flip one.")

    # ---- intents -------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that do nothing now are neither usable nor shown."""
        choosing_card = self.my_turn and self.mode == "card"
        if action in ("card_step", "card"):
            return choosing_card
        if action == "score":
            return choosing_card and self.picked_card_scores()
        if action == "try_score":
            return choosing_card and not self.picked_card_scores()
        if action in ("shift", "flip", "skip"):
            return choosing_card and bool(self.hand() or action == "skip") and self.can(action)
        if action == "end_turn":
            return choosing_card and self.can("end")
        if action in ("stone_step", "pick", "cancel"):
            return self.my_turn and self.mode != "card"
        return True

    def action_card_step(self, step: int) -> None:
        count = len(self.hand())
        if count:
            self.pick_card((self.card + step) % count)

    def action_card(self, index: int) -> None:
        if 0 <= index < len(self.hand()):
            self.pick_card(index)

    def pick_card(self, index: int) -> None:
        self.card = index
        self.message = ""
        self.redraw()

    def action_stone_step(self, direction: str) -> None:
        drow, dcol = STEPS[direction]
        row, col = divmod(self.stone, 3)
        if 0 <= row + drow < 3 and 0 <= col + dcol < 3:
            self.stone = (row + drow) * 3 + col + dcol
            self.message = ""
            self.redraw()

    def action_shift(self) -> None:
        self.start("shift")

    def action_flip(self) -> None:
        self.start("flip")

    def start(self, mode: str) -> None:
        self.mode, self.picked, self.message = mode, [], ""
        self.redraw()

    def action_cancel(self) -> None:
        self.mode, self.picked, self.message = "card", [], ""
        self.redraw()

    def action_score(self) -> None:
        hand = self.hand()
        if hand:
            self.submit({"type": "score", "card": hand[self.card]["id"]})

    def action_try_score(self) -> None:
        """Enter on a card that does not match: the engine says why it cannot score."""
        self.action_score()

    def action_pick(self) -> None:
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
        """A click on a stone picks it while shifting or flipping; before, it says how."""
        if not self.my_turn:
            return
        if self.mode != "card":
            self.pick_stone(message.cell)
        elif self.hand() and (self.can("shift") or self.can("flip")):
            self.say(f"To move stones, press s (shift) or f (flip) with card #{self.card + 1}.")

    def on_pattern_hand_picked(self, message: PatternHand.Picked) -> None:
        """A click picks the card (leaving a shift or flip not yet made); a click on the
        picked card scores it."""
        if not self.my_turn:
            return
        if self.mode != "card":
            self.mode, self.picked = "card", []
            self.pick_card(message.index)
        elif message.index == self.card:
            self.action_score()
        else:
            self.pick_card(message.index)

    def final_details(self, view: dict[str, Any]) -> dict[int, str]:
        """Points, scored cards and the 1-point bonus per player; in solo, how many of the
        goal were scored."""
        if view.get("solo"):
            scored = len(view["seats"][0]["scored"])
            return {0: f"{plural(scored, 'card')} of {view['goal']} scored"}
        scores = view.get("scores") or []
        details = {}
        for seat, info in enumerate(view["seats"]):
            total = scores[seat] if seat < len(scores) else info["points"]
            bonus = total - info["points"]
            text = f"{plural(total, 'point')}: {plural(len(info['scored']), 'card')} worth"
            text += f" {info['points']}, {plural(info['ones'], 'one-pointer')}"
            details[seat] = text + (f", +{bonus} for the most" if bonus else "")
        return details


def title_for(view: dict[str, Any]) -> str:
    """The title bar: the game and how it stands (goal, last round, solo, over)."""
    if view.get("phase") == "over":
        return "Shifting Stones - game over"
    if view.get("solo"):
        return "Shifting Stones - solo"
    if view.get("last_round"):
        return "Shifting Stones - LAST ROUND"
    return f"Shifting Stones - goal {view.get('goal', 0)} cards"


def status_text(view: dict[str, Any]) -> Text:
    """How the turn in play stands and the draw pile; then what the last turn did (its
    stones are framed heavy on the grid)."""
    text = Text()
    turn = view.get("turn")
    if turn and view.get("phase") != "over":
        text.append(f"Turn: {plural(turn['actions'], 'action')}, {turn['scored']} scored")
        text.append(f" · draw {view['draw_count']}")
    last_line = last_text(view)
    if last_line.plain:
        text.append("\n")
        text.append_text(last_line)
    return text


def last_text(view: dict[str, Any]) -> Text:
    """The last turn in a few words: whose, and how many shifts, flips and scores."""
    last = view.get("last")
    if not last:
        return Text("")
    to_act = view.get("to_act") or [None]
    going = last["seat"] == to_act[0] and view.get("turn", {}).get("actions", 0) > 0
    kinds = [action["type"] for action in last["actions"]]
    if kinds == ["skip"]:
        done = "skipped"
    elif not kinds:
        done = "ended the turn at once"
    else:
        parts = [plural(kinds.count(kind), kind) for kind in ("shift", "flip") if kind in kinds]
        if "score" in kinds:
            parts.append(f"{plural(kinds.count('score'), 'card')} scored")
        done = ", ".join(parts)
    if going:
        return Text("This turn: ", style="bold") + Text(done)
    text = Text("Last turn, ", style="bold")
    text.append(cut_name(view["players"][last["seat"]], LAST_NAME_WIDTH), style="bold")
    text.append(f": {done}")
    return text

"""The Shifting Stones table: nine stones, your pattern cards, everyone's score."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from rules.shifting_stones import BONUS, CELL_NAMES
from tui.screens.table import TableScreen
from tui.widgets.header import TitleHeader
from tui.widgets.log import GameLog
from tui.widgets.names import cut_name, plural, short_names
from tui.widgets.pattern_cards import PatternHand, pattern_lines
from tui.widgets.stones import StoneGrid

STEPS = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}

LEFT_WIDTH = 44
"""Columns for a line under the stones."""

NAME_WIDTH = 12
"""Cells for a name in the players panel; a wider name ends in "~"."""


class ShiftingStonesScreen(TableScreen):
    """Keyboard: digits or Left/Right pick a card; Enter scores it; s shift, f flip (then the
    arrows and Enter pick stones, Esc cancels); k skips and draws, e ends the turn. The
    footer shows only the keys that do something now."""

    CSS_PATH = ["../styles/screens.tcss", "../styles/shifting_stones.tcss"]

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
        with Horizontal(id="ss-top"):
            with Vertical(id="ss-left"):
                yield StoneGrid(id="stones")
                yield Static(id="ss-turn")
                yield Static(id="ss-hand-label")
            yield Static(id="ss-players")
        with Horizontal(id="ss-hand-row"):
            yield PatternHand(id="ss-hand")
            yield Static(id="ss-discard")
        yield GameLog(id="log", title="Log")
        yield Static(id="prompt")
        yield Footer()

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
        move costs a few cells, not the screen."""
        if self.gone:
            return
        view = self.view
        stones = self.query_one("#stones", StoneGrid)
        stones.grid = view.get("grid", [])
        picking = self.mode != "card" and self.my_turn
        stones.cursor = self.stone if picking else None
        stones.picked = frozenset(self.picked)
        hand = self.query_one("#ss-hand", PatternHand)
        hand.cards = self.hand()
        hand.cursor = self.card if self.my_turn else None
        hand.empty_text = (
            "each person sees their own on their turn" if view.get("seat") is None else "no cards"
        )
        self.show_text("#ss-hand-label", self.hand_label())
        self.show_text("#ss-turn", turn_text(view))
        self.show_text("#ss-players", players_text(view))
        self.show_text("#ss-discard", discard_text(view))
        self.title = title_for(view)
        self.show_text("#prompt", self.prompt_text())
        self.update_bindings()

    def hand_label(self) -> Text:
        """Whose hand shows, and which of its cards when not all fit."""
        seat = self.view.get("seat")
        first, last, count = self._hand_window
        window = f"  #{first + 1}-#{last + 1} of {count}" if last - first + 1 < count else ""
        if seat is None:
            return Text("Hands are hidden", style="bold")
        name = self.view["players"][seat]
        name = cut_name(name, LEFT_WIDTH - len(f"'s hand{window}"))
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
        if self.my_turn and self.mode != "card":
            self.pick_stone(message.cell)

    def on_pattern_hand_picked(self, message: PatternHand.Picked) -> None:
        """A click picks the card; a click on the picked card scores it."""
        if not self.my_turn or self.mode != "card":
            return
        if message.index == self.card:
            self.action_score()
        else:
            self.pick_card(message.index)

    def final_details(self, view: dict[str, Any]) -> dict[int, str]:
        """Points and scored cards per player; in solo, how many of the goal were scored."""
        if view.get("solo"):
            scored = len(view["seats"][0]["scored"])
            return {0: f"{plural(scored, 'card')} of {view['goal']} scored"}
        scores = view.get("scores") or []
        details = {}
        for seat, info in enumerate(view["seats"]):
            points = scores[seat] if seat < len(scores) else info["points"]
            details[seat] = (
                f"{plural(points, 'point')}, {plural(len(info['scored']), 'card')},"
                f" {plural(info['ones'], 'one-pointer')}"
            )
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


def turn_text(view: dict[str, Any]) -> Text:
    """How the turn in play stands, and the draw pile."""
    turn = view.get("turn")
    if not turn or view.get("phase") == "over":
        return Text("")
    text = f"Turn: {plural(turn['actions'], 'action')}, {turn['scored']} scored  "
    pile = f"Draw pile {view['draw_count']}"
    return Text(text + (pile if len(text + pile) <= LEFT_WIDTH else f"Draw {view['draw_count']}"))


def discard_text(view: dict[str, Any]) -> Text:
    """The discard pile's size and the pattern on its top card."""
    if not view:
        return Text("")
    text = Text(f"Discards {view['discard_count']}")
    top = view.get("discard_top")
    for line in pattern_lines(top["pattern"]) if top else []:
        text.append("\n")
        text.append_text(line)
    return text


def players_text(view: dict[str, Any]) -> Text:
    """Column heads, then per seat (the one to act marked > and in reverse, the start
    player with *): hand size, scored cards, points and 1-point cards; then what the marks
    mean, or in solo the goal and the strikes."""
    if not view:
        return Text("")
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f"  {'player':<{NAME_WIDTH}}  hand scored pts 1pt\n", style="dim")
    to_act = set(view.get("to_act", []))
    solo = view.get("solo")
    names = short_names([info["name"] for info in view["seats"]], NAME_WIDTH)
    for seat, info in enumerate(view["seats"]):
        turn = seat in to_act
        text.append("> " if turn else "  ", style="bold")
        name = names[seat]
        text.append(name, style="bold reverse" if turn else "bold")
        text.append("*" if seat == view.get("start") and not solo else " ", style="bold")
        text.append(" " * (NAME_WIDTH - cell_len(name)))
        text.append(
            f" {info['hand_count']:>4} {len(info['scored']):>6} {info['points']:>3}"
            f" {info['ones']:>3}\n"
        )
    if solo:
        scored = len(view["seats"][0]["scored"])
        text.append(f"\nSolo: {scored} of {view['goal']} scored\nStrikes ")
        text.append(f"{view['strikes']} of {view['max_strikes']}", style="bold")
        text.append("\n(a strike: a turn with no score)", style="dim")
        return text
    text.append("  * started · 1pt: 1-point cards", style="dim")
    if len(view["seats"]) < 5:  # five seats leave no line for it; the help says it too
        text.append(f"\n  Most 1-point cards: +{BONUS} points", style="dim")
    return text

"""The Shifting Stones screen: the table (`table.py`) and the keys and clicks that move its
pointer and become actions."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding

from rules import Action
from rules.shifting_stones import END, SKIP, EndTurn, Flip, Score, Shift, Skip
from tui.games.shifting_stones.pattern_hand import PatternHand
from tui.games.shifting_stones.stone_grid import StoneGrid
from tui.games.shifting_stones.table import Mode, ShiftingStonesTable
from tui.i18n import N_, _

STEPS = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}

MOVES: dict[str, type[Action]] = {"shift": Shift, "flip": Flip}
"""The key actions that begin a move, and the kind of action each makes."""


class ShiftingStonesScreen(ShiftingStonesTable):
    """Keyboard: digits or Left/Right pick a card; Enter scores it; s shift, f flip (then the
    arrows and Enter pick stones, Esc cancels); k skips and draws, e ends the turn, L gives
    the log the room. The footer shows only the keys that do something now.

    s, f and k are no mnemonics in German (Verschieben, Drehen, Aussetzen): there v, d and a
    are the keys shown; every key works in every language (e is Ende in both). Where the
    footer's keys would not fit even closed up (long German labels at 80 columns), the
    card keys leave the footer first: the hand is numbered, and Left picks a card still
    (`previous_card`).

    What the last turn changed is framed heavy; so is, on a seat's turn, all the others
    changed since its own last move (`since.changes_since`), until it moves."""

    BINDINGS = [
        Binding("left", "card_step(-1)", N_("Card"), key_display="←→1-9"),
        Binding("left", "previous_card", show=False),
        Binding("right", "card_step(1)", show=False),
        *(Binding(str(n), f"card({n - 1})", show=False) for n in range(1, 10)),
        Binding("left", "stone_step('left')", N_("Stone"), key_display="←↑↓→"),
        Binding("right", "stone_step('right')", show=False),
        Binding("up", "stone_step('up')", show=False),
        Binding("down", "stone_step('down')", show=False),
        Binding("enter", "score", N_("Score")),
        Binding("enter", "try_score", show=False),
        Binding("enter", "pick", N_("Pick")),
        Binding("s,v", "shift", N_("Shift")),
        Binding("f,d", "flip", N_("Flip")),
        Binding("k,a", "skip", N_("Skip")),
        Binding("e", "end_turn", N_("End turn")),
        Binding("escape", "cancel", N_("Cancel")),
        Binding("L", "toggle_log", N_("Log"), key_display="L", show=False),
    ]
    FOOTER_KEYS: ClassVar[dict[str, dict[str, str]]] = {
        "de": {"shift": "v", "flip": "d", "skip": "a"}
    }

    # ---- actions -------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that do nothing now are neither usable nor shown."""
        choosing_card = self.my_turn and self.mode == "card"
        if action == "card_step" and parameters in ((), (-1,)):
            return choosing_card and not self.crowded
        if action == "previous_card":
            return choosing_card and self.crowded
        if action in ("card_step", "card"):
            return choosing_card
        if action == "score":
            return choosing_card and self.picked_card_scores()
        if action == "try_score":
            return choosing_card and not self.picked_card_scores()
        if action in ("shift", "flip"):
            return choosing_card and bool(self.hand()) and self.can(MOVES[action])
        if action == "skip":
            return choosing_card and self.can(Skip)
        if action == "end_turn":
            return choosing_card and self.can(EndTurn)
        if action in ("stone_step", "pick", "cancel"):
            return self.my_turn and self.mode != "card"
        return True

    def action_previous_card(self) -> None:
        self.action_card_step(-1)

    def action_card_step(self, step: int) -> None:
        count = len(self.hand())
        if count:
            self.pick_card((self.card + step) % count)

    def action_card(self, index: int) -> None:
        if 0 <= index < len(self.hand()):
            self.pick_card(index)

    def pick_card(self, index: int) -> None:
        """Put the cursor on card `index`, leaving a shift or flip not yet made."""
        self.message = ""
        self.picked = ()
        self.mode = "card"
        self.card = index

    def action_stone_step(self, direction: str) -> None:
        drow, dcol = STEPS[direction]
        row, col = divmod(self.stone, 3)
        if 0 <= row + drow < 3 and 0 <= col + dcol < 3:
            self.message = ""
            self.stone = (row + drow) * 3 + col + dcol

    def action_shift(self) -> None:
        self.start("shift")

    def action_flip(self) -> None:
        self.start("flip")

    def start(self, mode: Mode) -> None:
        self.message = ""
        self.picked = ()
        self.mode = mode

    def action_cancel(self) -> None:
        self.start("card")

    def action_score(self) -> None:
        hand = self.hand()
        if hand:
            self.submit(Score(hand[self.card]["id"]))

    def action_try_score(self) -> None:
        """Enter on a card that does not match: the engine says why it cannot score."""
        self.action_score()

    def action_pick(self) -> None:
        self.pick_stone(self.stone)

    def pick_stone(self, cell: int) -> None:
        """In a shift, the second stone completes the move; in a flip, the first does."""
        card = self.hand()[self.card]["id"]
        self.message = ""
        self.stone = cell
        if self.mode == "flip":
            self.submit(Flip(card, cell))
        elif not self.picked:
            self.picked = (cell,)
        elif cell == self.picked[0]:
            self.picked = ()
        else:
            a, b = sorted((self.picked[0], cell))
            self.submit(Shift(card, a, b))

    def action_skip(self) -> None:
        self.submit(SKIP)

    def action_end_turn(self) -> None:
        self.submit(END)

    def on_stone_grid_picked(self, message: StoneGrid.Picked) -> None:
        """A click on a stone picks it while shifting or flipping; before, it says how."""
        if not self.my_turn:
            return
        if self.mode != "card":
            self.pick_stone(message.cell)
        elif self.hand() and (self.can(Shift) or self.can(Flip)):
            self.message = _(
                "To move stones, press {shift} (shift) or {flip} (flip) with card {card}."
            ).format(shift=self.key("shift"), flip=self.key("flip"), card=f"#{self.card + 1}")

    def on_pattern_hand_picked(self, message: PatternHand.Picked) -> None:
        """A click picks the card (leaving a shift or flip not yet made); a click on the
        picked card scores it."""
        if not self.my_turn:
            return
        if self.mode == "card" and message.index == self.card:
            self.action_score()
        else:
            self.pick_card(message.index)

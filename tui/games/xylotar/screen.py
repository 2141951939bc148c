"""The Xylotar screen: the table (`table.py`) and the keys and clicks that move its pointer
or become the engine's actions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from textual.binding import Binding

from rules.xylotar import PASS, Bid, Peek, Play, sort_actions, value
from tui.games.xylotar.board import XylotarBoard
from tui.games.xylotar.table import XylotarTable
from tui.i18n import N_, _, language
from tui.screens.table_view import TableView

SWAP_LEFT = "shift+left,minus,left_square_bracket"
SWAP_RIGHT = "shift+right,plus,right_square_bracket"
"""Keys that move a card past an equal neighbour while sorting: Shift+arrows and - + work
on every keyboard; [ ] (AltGr on a German one) too."""
BRACKETS_NEED_ALTGR = frozenset({"de"})
"""Languages whose keyboards type [ and ] with AltGr: their footer names - + instead."""


class XylotarScreen(XylotarTable):
    """Keyboard: arrows (or h and l) move, Shift+arrows (or - +, or [ ]) swap equal cards
    while sorting, Enter acts, n declines to bid now, s shows the scores, L gives the log
    the room. The footer names [ ] for swapping, or - + where [ ] need AltGr."""

    BINDINGS = [
        Binding("left,h", "move(-1)", N_("Move"), key_display="←→"),
        Binding("right,l", "move(1)", N_("Right"), show=False),
        Binding(SWAP_LEFT, "swap(-1)", N_("Swap"), key_display="[ ]"),
        Binding(SWAP_RIGHT, "swap(1)", N_("Swap right"), show=False),
        # NOTE: the same keys again, the footer naming - +: check_action shows one pair.
        Binding(SWAP_LEFT, "swap_plain(-1)", N_("Swap"), key_display="- +"),
        Binding(SWAP_RIGHT, "swap_plain(1)", N_("Swap right"), show=False),
        Binding("enter", "sorted", N_("Done")),
        Binding("enter", "play", N_("Play")),
        Binding("enter", "peek", N_("Look")),
        Binding("enter", "bid", N_("Bid this")),
        Binding("n", "no_bid", N_("No bid now")),
        Binding("s", "scores", N_("Scores")),
        Binding("L", "toggle_log", N_("Log"), key_display="L"),
    ]

    # ---- intents -------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        step = self.step
        if action == "move":
            return step != "none"
        if action in ("swap", "swap_plain"):
            named = "swap_plain" if language() in BRACKETS_NEED_ALTGR else "swap"
            return step == "sort" and action == named
        if action == "sorted":
            return step == "sort"
        if action in ("play", "peek", "bid"):
            return step == action
        if action == "no_bid":
            return step == "peek"
        return True

    def action_move(self, step: int) -> None:
        choices = self.choices()
        if choices:
            self.cursor = (self.cursor + step) % len(choices)
            self.message = ""

    def action_swap(self, step: int) -> None:
        """Move the card at the cursor past its equal-valued neighbour."""
        if self.step != "sort":
            return
        here = self.choices()[self.cursor][0]
        there = here + step
        start = self.placed_count()
        if not start <= there < len(self.draft) or value(self.draft[there]) != value(
            self.draft[here]
        ):
            self.say(_("Only cards of equal value can change places."))
            return
        draft = list(self.draft)
        draft[here], draft[there] = draft[there], draft[here]
        self.draft = tuple(draft)
        self.cursor += step
        self.message = ""

    def action_swap_plain(self, step: int) -> None:
        """The same move, under the footer entry that names - +."""
        self.action_swap(step)

    def action_sorted(self) -> None:
        """Send the chosen order: one colour for every card of a tie but its last."""
        if self.step != "sort":
            return
        seat = self.shown_seat
        start = self.placed_count()
        for action in sort_actions(self.draft[start:]):
            if not self.play(action):
                if seat is not None:
                    again = replace(
                        self.shown, view=self.session.view(seat), legal=self.session.legal(seat)
                    )
                    self.set_reactive(TableView.shown, again)  # drawn by show_all below
                last = max(len(self.choices()) - 1, 0)
                self.set_reactive(XylotarScreen.cursor, min(self.cursor, last))
                self.show_all()
                return
        self.advance()

    def action_play(self) -> None:
        if self.step == "play":
            self.submit(Play(self.choices()[self.cursor][0]))

    def action_peek(self) -> None:
        if self.step == "peek":
            self.submit(Peek(*self.choices()[self.cursor]))

    def action_bid(self) -> None:
        if self.step == "bid":
            self.submit(Bid(self.choices()[self.cursor][0]))

    def action_no_bid(self) -> None:
        if self.step == "peek":
            self.submit(PASS)

    def on_xylotar_board_picked(self, message: XylotarBoard.Picked) -> None:
        """A click on one of your cards points at it; a second click (or a double click)
        plays, looks or bids with it. While sorting a click only points."""
        step = self.step
        if step == "none":
            return
        mine = self.own_sorting()["target"] if step == "sort" else self.view["seat"]
        if message.seat != mine:
            return
        index = self.choice_at(message.index)
        if index is None:
            self.say(_("That card is not a choice now."))
            return
        acting = (index == self.cursor or message.double) and step != "sort"
        self.cursor = index
        self.message = ""
        if not acting:
            return
        if step == "play":
            self.action_play()
        elif step == "peek":
            self.action_peek()
        else:
            self.action_bid()

    def choice_at(self, slot: int) -> int | None:
        """The choice a click on `slot` means: the pair starting there (else ending
        there) when looking for a bid, else the choice holding that card."""
        choices = self.choices()
        tests: tuple[Callable[[tuple[int, ...]], bool], ...] = (
            lambda c: c[0] == slot,
            lambda c: slot in c,
        )
        for wanted in tests:
            found = next((i for i, choice in enumerate(choices) if wanted(choice)), None)
            if found is not None:
                return found
        return None

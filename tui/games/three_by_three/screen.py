"""The 3 x 3 screen: the table (`table.py`) and the keys and clicks that move its pointer
and become actions; keys and clicks only set the pointer, its watchers show it."""

from __future__ import annotations

from collections import Counter

from textual import events, on
from textual.binding import Binding

from rules.three_by_three import TAKE, Blind, ChooseFaceUp, Play
from rules.three_by_three_cards import sort_cards
from tui.games.three_by_three.table import ZONES, ThreeByThreeTable
from tui.games.three_by_three.table_cards import TableCards
from tui.i18n import N_, _
from tui.widgets.card_fan import CardFan


class ThreeByThreeScreen(ThreeByThreeTable):
    """Keyboard: arrows/hjkl move, Space marks (or swaps in tour 1), Enter plays, t (or
    Enter, when nothing fits) takes the pile."""

    BINDINGS = [
        Binding("left,h", "move(-1)", N_("Move"), key_display="←↑↓→"),
        Binding("right,l", "move(1)", N_("Right"), show=False),
        Binding("up,k", "row(-1)", N_("Up"), show=False),
        Binding("down,j", "row(1)", N_("Down"), show=False),
        Binding("space", "mark", N_("Mark")),
        Binding("enter", "done", N_("Done")),
        Binding("enter", "confirm", N_("Play")),
        Binding("t", "take", N_("Take pile")),
        Binding("enter", "take", N_("Take pile"), show=False),
        Binding("L", "toggle_log", N_("Log"), key_display="L"),
    ]
    FOOTER_KEYS = {"de": {"take": "enter"}}
    """t for "take" is no mnemonic in German ("aufnehmen"): the German footer shows Enter,
    which takes the pile too when nothing fits; t works in both languages."""

    # ---- actions -------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take":
            return self.only_take()
        if action == "mark":
            return self.my_turn and not self.only_take()
        if action == "done":
            return self.swapping
        if action == "confirm":
            return self.my_turn and not self.swapping and not self.only_take()
        if action in ("move", "row"):
            return self.my_turn
        return True

    def action_move(self, step: int) -> None:
        cards = self.zone_cards(self.zone)
        if self.my_turn and cards:
            self.message = ""
            self.cursor = (self.cursor + step) % len(cards)

    def action_row(self, step: int) -> None:
        if not self.swapping:
            self.action_move(step)
            return
        zone = "face-up" if self.zone == "hand" else "hand"
        self.message = ""
        self.cursor = min(self.cursor, max(0, len(self.zone_cards(zone)) - 1))
        self.zone = zone

    def action_mark(self) -> None:
        if not self.my_turn or self.only_take():
            return
        self.message = ""
        if self.swapping:
            self.pick_for_swap(self.zone, self.cursor)
        elif self.zone == "face-down":
            self.message = _("Face-down cards are turned up one at a time: press Enter.")
        elif self.cursor in self.marked:
            self.marked = self.marked - {self.cursor}
        elif self.playable_together(self.marked | {self.cursor}):
            self.marked = self.marked | {self.cursor}
        else:
            self.message = _(
                "These cards cannot be played together now; Enter would play the marked ones."
            )

    def playable_together(self, indices: frozenset[int]) -> bool:
        """Whether one legal play holds all these cards of the current zone."""
        cards = self.zone_cards(self.zone)
        wanted = Counter(card for i in indices if (card := cards[i]) is not None)
        plays = [
            Counter(a.cards) for a in self.legal if isinstance(a, Play) and a.source == self.zone
        ]
        return any(not wanted - play for play in plays)

    def pick_for_swap(self, zone: str, index: int) -> None:
        """First pick remembers a card; a pick in the other row swaps the two."""
        pick = self.swap_pick
        if pick is None or pick[0] == zone:
            self.swap_pick = None if pick == (zone, index) else (zone, index)
        elif self.draft is not None:
            hand_index = index if zone == "hand" else pick[1]
            up_index = index if zone == "face-up" else pick[1]
            self.swap_pick = None
            self.draft = self.draft.swapped(hand_index, up_index)

    def action_done(self) -> None:
        """Tour 1: these three cards lie face up."""
        if self.swapping and self.draft is not None:
            self.submit(ChooseFaceUp(tuple(sort_cards(self.draft.face_up))))

    def action_confirm(self) -> None:
        if not self.my_turn or self.swapping:
            return
        if self.only_take():
            self.action_take()
        elif self.zone == "face-down":
            slots = self.face_down_slots()
            if slots:
                self.submit(Blind(slots[self.cursor % len(slots)]))
        else:
            cards = self.zone_cards(self.zone)
            chosen = sorted(self.marked) if self.marked else [self.cursor]
            played = sort_cards(card for i in chosen if (card := cards[i]))
            self.submit(Play(self.zone, tuple(played)))

    def action_take(self) -> None:
        if self.only_take():
            self.submit(TAKE)

    def on_card_fan_picked(self, message: CardFan.Picked) -> None:
        self.picked("hand", message.index, message.double)

    def on_table_cards_picked(self, message: TableCards.Picked) -> None:
        self.picked(message.zone, message.index, message.double)

    def picked(self, zone: str, index: int, double: bool) -> None:
        """A click points at the card, clicking the pointed card marks it, and a double
        click plays it (with the marked cards)."""
        if not self.my_turn or zone not in ZONES:
            return
        if not self.swapping and zone != self.zone:
            self.message = self.zone_now()
            return
        if self.swapping:
            if zone == "face-down":
                return
            self.cursor = index
            self.zone = zone
            self.pick_for_swap(zone, index)
            return
        if double:
            self.cursor = index
            if self.marked and index not in self.marked:
                self.marked = self.marked | {index}
            self.action_confirm()
        elif self.cursor == index:
            self.action_mark()
        else:
            self.message = ""
            self.cursor = index

    def zone_now(self) -> str:
        """Where the player must play from, for a click on a card elsewhere."""
        if self.zone == "hand":
            return _("You play from your hand cards now.")
        if self.zone == "face-up":
            return _("You play from your face-up cards now.")
        return _("You play from your face-down cards now.")

    @on(events.Click, "#pile")
    def pile_clicked(self) -> None:
        """Clicking the pile takes it, when nothing fits."""
        self.action_take()

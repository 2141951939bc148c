"""The Shifting Stones table as it shows: the nine stones on the left, everyone's score
and the turn beside them, your pattern cards and the piles under those (or, at 80x24,
under the stones), the log under it all, with the pointer (the card, the mode, the
stones picked) in reactives whose watchers show it. The keys are the screen's
(`screen.py`)."""

from __future__ import annotations

from typing import Literal

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.reactive import var
from textual.widgets import Static

from rules import Action
from rules.shifting_stones import HandCardView, Shift, ShiftingStonesView
from tui.games.shifting_stones.pattern_hand import PatternHand, PilesView
from tui.games.shifting_stones.pieces import TableSize, table_size_for
from tui.games.shifting_stones.seats import SeatsPanel
from tui.games.shifting_stones.since import NOTHING, Changes, changes_since
from tui.games.shifting_stones.status import held_text, points_text, status_text, title_for
from tui.games.shifting_stones.stone_grid import StoneGrid
from tui.games.shifting_stones.words import cell_name
from tui.i18n import _, ngettext
from tui.model import GameSession
from tui.screens.table import TableScreen
from tui.widgets.footer import Footer, footer_key
from tui.widgets.header import TitleHeader
from tui.widgets.log import GameLog
from tui.widgets.names import cut_name
from tui.widgets.prompt import Prompt

Mode = Literal["card", "shift", "flip"]
"""What the keys pick: a hand card, or the stones of a shift or of a flip."""

KEYS = {"shift": "s", "flip": "f", "skip": "k", "end_turn": "e"}
"""The key the footer and the prompt name for each action in English."""

FOOTER_KEY_CELLS = 3
"""Cells a footer key takes besides its key and label: a space either side of the key
and one after the label."""
COMPACT_KEY_CELLS = 2
"""Cells a closed-up footer key takes besides its key and label: a space between them and
one after (none after the last)."""


class ShiftingStonesTable(TableScreen[ShiftingStonesView]):
    """The Shifting Stones table drawn from the view, the legal moves and the pointer."""

    CSS_PATH = ["../../styles/screens.tcss", "table.tcss"]

    card: var[int] = var(0, init=False)
    """The hand card the cursor is on, or that pays for the shift or flip being made."""
    mode: var[Mode] = var("card", init=False)
    stone: var[int] = var(4, init=False)
    """The stone the cursor is on while shifting or flipping (0..8, row by row)."""
    picked: var[tuple[int, ...]] = var((), init=False)
    """The first stone of a shift, once picked."""

    def __init__(
        self, session: GameSession[ShiftingStonesView], delay: float, resumed: bool = False
    ) -> None:
        super().__init__(session, delay, resumed)
        self.kinds: frozenset[type[Action]] = frozenset()
        """The kinds of action the engine offers now."""
        self.changes: Changes = NOTHING
        """What changed since the shown seat's own last move, marked until it moves."""
        self.crowded = False
        """Whether the footer has no room for the card keys (see `fit_footer`)."""
        self._hand_window = (0, 0, 0)

    def compose(self) -> ComposeResult:
        yield TitleHeader(show_clock=False)
        with Grid(id="ss-table"):
            with Vertical(id="ss-board"):
                yield StoneGrid(id="stones")
            with Vertical(id="ss-side"):
                yield SeatsPanel(id="ss-players")
                yield Prompt(id="ss-status")
            with Vertical(id="ss-hand-box"):
                yield Static(id="ss-hand-label")
                yield PatternHand(id="ss-hand")
            yield PilesView(id="ss-piles")
        yield GameLog(id="log", title=_("Log"))
        yield Prompt(id="prompt")
        yield Footer()

    def fit_to_screen(self) -> None:
        """The pieces grow with the screen: three sizes of stones and cards."""
        width, height = self.size
        self.use_table_size(table_size_for(width, height))
        self.fit_footer()
        self.update_bindings()

    def fit_footer(self) -> None:
        """The footer's keys close up where those it shows now would not fit the width with
        their labels in full (German labels are longer), and the card keys leave it where
        even that is too wide: no key is cut off."""
        widths = [
            cell_len(self.key_display(binding)) + cell_len(_(binding.description))
            for binding in self.footer_bindings()
        ]
        room = self.size.width
        self.query_one(Footer).compact = sum(widths) + FOOTER_KEY_CELLS * len(widths) > room
        self.crowded = sum(widths) + COMPACT_KEY_CELLS * len(widths) - 1 > room

    def footer_bindings(self) -> list[Binding]:
        """The bindings the footer shows now, one per action, with the card keys among
        them."""
        mine = [
            binding
            for binding in self._bindings_list()
            if binding.show
            and (
                self.my_turn and self.mode == "card"
                if binding.action == "card_step(-1)"
                else self.check_action(binding.action.partition("(")[0], ())
            )
        ]
        taken = {key for binding in mine for key in binding.key.split(",")}
        others = [
            binding
            for binding in self.app.BINDINGS
            if isinstance(binding, Binding)
            and binding.show
            and not taken.intersection(binding.key.split(","))
        ]
        return list({binding.action: binding for binding in [*mine, *others]}.values())

    def key_display(self, binding: Binding) -> str:
        """How the footer shows the binding's key in the player's language (its first key,
        or the one FOOTER_KEYS names)."""
        key = footer_key(self, binding.action, binding.key.split(",")[0])
        return self.app.get_key_display(
            Binding(key, binding.action, key_display=binding.key_display)
        )

    def key(self, action: str) -> str:
        """The key the footer and the prompt name for `action` in the player's language."""
        return footer_key(self, action, KEYS[action])

    def use_table_size(self, size: TableSize) -> None:
        """Draw the stones, the hand and the piles in the pieces of `size`; larger pieces
        stand in the middle of a screen bigger than they need."""
        for name in ("chip", "small", "large"):
            self.set_class(size.name == name, f"-pieces-{name}")
        width, height = self.size
        top = max(0, height - size.min_height) // 2 if size.min_height else 0
        side = max(0, width - size.min_width) // 2 if size.min_width else 0
        self.query_one("#ss-table").styles.padding = (top, side, top, side)
        self.query_one("#stones", StoneGrid).stone_size = size.stone
        self.query_one("#ss-hand", PatternHand).card_size = size.card
        self.query_one("#ss-piles", PilesView).card_size = size.card

    # ---- drawing -------------------------------------------------------

    def can(self, kind: type[Action]) -> bool:
        """Whether the engine offers any action of this kind now."""
        return kind in self.kinds

    def hand(self) -> list[HandCardView]:
        return list(self.view["hand"])

    def picked_card_scores(self) -> bool:
        hand = self.hand()
        return 0 <= self.card < len(hand) and bool(hand[self.card]["scorable"])

    def draw(self) -> None:
        """A new view: the cursor on the first card that scores, no shift or flip begun,
        and what changed since the seat's own last move; then everything drawn once."""
        view = self.view
        self.kinds = frozenset(type(action) for action in self.legal)
        self.changes = changes_since(self.before, view)
        hand = self.hand()
        card = next((i for i, c in enumerate(hand) if c["scorable"]), self.card)
        self.set_reactive(ShiftingStonesTable.card, min(card, max(0, len(hand) - 1)))
        self.set_reactive(ShiftingStonesTable.mode, "card")
        self.set_reactive(ShiftingStonesTable.picked, ())
        self.set_reactive(ShiftingStonesTable.message, "")
        self.redraw()

    def redraw(self) -> None:
        """Hand the widgets what they show; each repaints only what changed."""
        if self.gone:
            return
        view = self.view
        stones = self.query_one("#stones", StoneGrid)
        stones.grid = view["grid"]
        last = view["last"]
        stones.fresh = frozenset(last["cells"] if last is not None else ()) | self.changes.cells
        hand = self.query_one("#ss-hand", PatternHand)
        hand.cards = self.hand()
        hand.empty_text = (
            _("each person sees their own on their turn") if view["seat"] is None else _("no cards")
        )
        piles = self.query_one("#ss-piles", PilesView)
        piles.view = view
        piles.marked = self.changes.cards
        seats = self.query_one("#ss-players", SeatsPanel)
        seats.view = view
        seats.marked = self.changes.cards
        self.show_text("#ss-hand-label", self.hand_label())
        self.show_text("#ss-status", status_text(view))
        self.title = title_for(view)
        self.show_pointer()

    @property
    def picking(self) -> bool:
        """Whether the keys pick stones now (a shift or flip is being made)."""
        return self.mode != "card" and self.my_turn

    def show_pointer(self) -> None:
        """Show the cursor, the card chosen and the stones picked, the prompt and the keys."""
        self.show_hand_pointer()
        self.show_stone_pointer()
        self.show_prompt()

    def show_hand_pointer(self) -> None:
        if self.gone:
            return
        hand = self.query_one("#ss-hand", PatternHand)
        hand.cursor = self.card if self.my_turn and not self.picking else None
        hand.chosen = self.card if self.picking else None

    def show_stone_pointer(self) -> None:
        if self.gone:
            return
        stones = self.query_one("#stones", StoneGrid)
        stones.cursor = self.stone if self.picking else None
        stones.picked = frozenset(self.picked)
        stones.dimmed = self.out_of_reach()

    def show_prompt(self) -> None:
        """The prompt line and the footer's keys, each redrawn only when it changed."""
        if self.gone:
            return
        self.show_text("#prompt", self.prompt_text())
        self.fit_footer()
        self.update_bindings()

    def watch_card(self) -> None:
        self.show_hand_pointer()
        self.show_prompt()

    def watch_mode(self) -> None:
        self.show_pointer()

    def watch_stone(self) -> None:
        self.show_stone_pointer()

    def watch_picked(self) -> None:
        self.show_stone_pointer()
        self.show_prompt()

    def out_of_reach(self) -> frozenset[int]:
        """In a shift with its first stone picked, the stones it cannot be swapped with."""
        if self.mode != "shift" or not self.picked or not self.my_turn:
            return frozenset()
        first = self.picked[0]
        card = self.hand()[self.card]["id"]
        partners = {first}
        for action in self.legal:
            if isinstance(action, Shift) and action.card == card and first in (action.a, action.b):
                partners.update((action.a, action.b))
        return frozenset(range(9)) - partners

    def hand_label(self) -> Text:
        """Whose hand shows, and which of its cards when not all fit."""
        seat = self.view["seat"]
        first, last, count = self._hand_window
        window = ""
        if last - first + 1 < count:
            window = _(" · #{first}-#{last} of {count}").format(
                first=first + 1, last=last + 1, count=count
            )
        if seat is None:
            return Text(_("Hands are hidden"), style="bold")
        width = self.query_one("#ss-hand-label", Static).content_size.width or 40
        said = _("{name}'s hand{window}")
        room = width - cell_len(said.format(name="", window=window))
        name = cut_name(self.view["players"][seat], room)
        return Text(said.format(name=name, window=window), style="bold")

    def on_pattern_hand_shown(self, message: PatternHand.Shown) -> None:
        self._hand_window = (message.first, message.last, message.count)
        self.show_text("#ss-hand-label", self.hand_label())

    def turn_prompt(self) -> Text:
        hand = self.hand()
        if self.mode != "card":
            number = f"#{self.card + 1}"
            if self.mode == "flip":
                said = _("Flip with {card}: pick the stone to turn over. Esc cancels.")
            elif not self.picked:
                said = _("Shift with {card}: pick the first of two stones. Esc cancels.")
            else:
                said = _("Shift with {card}: pick a stone next to {cell}. Esc cancels.")
            cell = cell_name(self.picked[0]) if self.picked else ""
            return Text(said.format(card=number, cell=cell))
        if not hand:
            return Text(_("No cards left: {key} ends the turn.").format(key=self.key("end_turn")))
        matching = [f"#{i + 1}" for i, card in enumerate(hand) if card["scorable"]]
        if self.picked_card_scores():
            said = _("{card} matches the grid (OK): Enter scores it.")
            return Text(said.format(card=f"#{self.card + 1}"), style="bold")
        if matching:
            said = ngettext(
                "{cards} matches the grid (OK): pick it and press Enter to score.",
                "{cards} match the grid (OK): pick one, Enter scores it.",
                len(matching),
            )
            return Text(said.format(cards=", ".join(matching)), style="bold")
        return Text(
            _("Pick a card; {shift} or {flip} discards it to shift two stones or flip one.").format(
                shift=self.key("shift"), flip=self.key("flip")
            )
        )

    def final_details(self, view: ShiftingStonesView) -> dict[int, str]:
        """Points, scored cards and the 1-point bonus per player, and the hand each still
        held; in solo, how many of the goal were scored."""
        if view["solo"]:
            scored = len(view["seats"][0]["scored"])
            said = ngettext(
                "{count} card of {goal} scored", "{count} cards of {goal} scored", scored
            )
            return {0: said.format(count=scored, goal=view["goal"])}
        scores = view["scores"] or []
        details: dict[int, str] = {}
        for seat, info in enumerate(view["seats"]):
            total = scores[seat] if seat < len(scores) else info["points"]
            bonus = total - info["points"]
            cards = len(info["scored"])
            worth = ngettext(
                "{count} card worth {points}", "{count} cards worth {points}", cards
            ).format(count=cards, points=info["points"])
            ones = ngettext("{count} one-pointer", "{count} one-pointers", info["ones"])
            text = _("{total}: {cards}, {ones}").format(
                total=points_text(total), cards=worth, ones=ones.format(count=info["ones"])
            )
            if bonus:
                text += _(", +{bonus} for the most").format(bonus=bonus)
            held = info["revealed"]
            if held:
                text += "; " + held_text(held)
            details[seat] = text
        return details

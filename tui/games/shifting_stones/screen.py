"""The Shifting Stones table: the nine stones on the left, everyone's score and the turn
beside them, your pattern cards and the piles under those (or, at 80x24, under the
stones), the log under it all; keys and clicks become actions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Literal

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.reactive import var
from textual.widgets import Static

from rules import Action
from rules.shifting_stones import END, SKIP, EndTurn, Flip, Score, Shift, Skip
from tui.games.shifting_stones.pattern_hand import PatternHand, PilesView
from tui.games.shifting_stones.pieces import TableSize, table_size_for
from tui.games.shifting_stones.seats import SeatsPanel
from tui.games.shifting_stones.since import NOTHING, Changes, changes_since
from tui.games.shifting_stones.stone_grid import StoneGrid
from tui.games.shifting_stones.words import cell_name
from tui.i18n import N_, _, ngettext
from tui.screens.table import TableScreen
from tui.widgets.footer import Footer, footer_key
from tui.widgets.header import TitleHeader
from tui.widgets.log import GameLog
from tui.widgets.names import cut_name
from tui.widgets.prompt import Prompt

STEPS = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}

LAST_NAME_WIDTH = 16
"""Cells of the name in the line about the last turn."""

Mode = Literal["card", "shift", "flip"]
"""What the keys pick: a hand card, or the stones of a shift or of a flip."""

MOVES: dict[str, type[Action]] = {"shift": Shift, "flip": Flip}
"""The key actions that begin a move, and the kind of action each makes."""

KEYS = {"shift": "s", "flip": "f", "skip": "k", "end_turn": "e"}
"""The key the footer and the prompt name for each action in English."""

FOOTER_KEY_CELLS = 3
"""Cells a footer key takes besides its key and label: a space either side of the key
and one after the label."""
COMPACT_KEY_CELLS = 2
"""Cells a closed-up footer key takes besides its key and label: a space between them and
one after (none after the last)."""


class ShiftingStonesScreen(TableScreen):
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

    CSS_PATH = ["../../styles/screens.tcss", "table.tcss"]

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

    card: var[int] = var(0, init=False)
    """The hand card the cursor is on, or that pays for the shift or flip being made."""
    mode: var[Mode] = var("card", init=False)
    stone: var[int] = var(4, init=False)
    """The stone the cursor is on while shifting or flipping (0..8, row by row)."""
    picked: var[tuple[int, ...]] = var((), init=False)
    """The first stone of a shift, once picked."""
    message: var[str] = var("", init=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
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

    def hand(self) -> list[dict[str, Any]]:
        return list(self.view.get("hand", []))

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
        self.set_reactive(ShiftingStonesScreen.card, min(card, max(0, len(hand) - 1)))
        self.set_reactive(ShiftingStonesScreen.mode, "card")
        self.set_reactive(ShiftingStonesScreen.picked, ())
        self.set_reactive(ShiftingStonesScreen.message, "")
        self.redraw()

    def redraw(self) -> None:
        """Hand the widgets what they show; each repaints only what changed."""
        if self.gone:
            return
        view = self.view
        stones = self.query_one("#stones", StoneGrid)
        stones.grid = view.get("grid", [])
        last = (view.get("last") or {}).get("cells", [])
        stones.fresh = frozenset(last) | self.changes.cells
        hand = self.query_one("#ss-hand", PatternHand)
        hand.cards = self.hand()
        hand.empty_text = (
            _("each person sees their own on their turn")
            if view.get("seat") is None
            else _("no cards")
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

    def watch_message(self) -> None:
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
        seat = self.view.get("seat")
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
        if self.view:
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

    def final_details(self, view: dict[str, Any]) -> dict[int, str]:
        """Points, scored cards and the 1-point bonus per player, and the hand each still
        held; in solo, how many of the goal were scored."""
        if view.get("solo"):
            scored = len(view["seats"][0]["scored"])
            said = ngettext(
                "{count} card of {goal} scored", "{count} cards of {goal} scored", scored
            )
            return {0: said.format(count=scored, goal=view["goal"])}
        scores = view.get("scores") or []
        details = {}
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
            held = info.get("revealed", [])
            if held:
                text += "; " + held_text(held)
            details[seat] = text
        return details


def held_text(held: list[dict[str, Any]]) -> str:
    """The hand a seat still held when the game ended ("held 3 cards worth 6"): the game
    is over, nothing is secret."""
    worth = sum(card["value"] for card in held)
    return ngettext(
        "held {count} card worth {points}", "held {count} cards worth {points}", len(held)
    ).format(count=len(held), points=worth)


def title_for(view: dict[str, Any]) -> str:
    """The title bar: the game and how it stands (goal, last round, solo, over)."""
    if view.get("phase") == "over":
        return _("Shifting Stones — game over")
    if view.get("solo"):
        return _("Shifting Stones — solo")
    if view.get("last_round"):
        return _("Shifting Stones — LAST ROUND")
    goal = view.get("goal", 0)
    return ngettext(
        "Shifting Stones — goal {count} card", "Shifting Stones — goal {count} cards", goal
    ).format(count=goal)


def points_text(points: int) -> str:
    """ "1 point", "2 points"."""
    return ngettext("{count} point", "{count} points", points).format(count=points)


def status_text(view: dict[str, Any]) -> Text:
    """How the turn in play stands and the draw pile; then what the last turn did (its
    stones are framed heavy on the grid)."""
    text = Text()
    turn = view.get("turn")
    if turn and view.get("phase") != "over":
        actions = turn["actions"]
        said = ngettext(
            "Turn: {count} action, {scored} scored · draw {draw}",
            "Turn: {count} actions, {scored} scored · draw {draw}",
            actions,
        )
        text.append(said.format(count=actions, scored=turn["scored"], draw=view["draw_count"]))
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
        done = _("skipped")
    elif not kinds:
        done = _("ended the turn at once")
    else:
        counted: dict[str, Callable[[int], str]] = {
            "shift": lambda n: ngettext("{count} shift", "{count} shifts", n),
            "flip": lambda n: ngettext("{count} flip", "{count} flips", n),
            "score": lambda n: ngettext("{count} card scored", "{count} cards scored", n),
        }
        done = ", ".join(
            word(kinds.count(kind)).format(count=kinds.count(kind))
            for kind, word in counted.items()
            if kind in kinds
        )
    if going:
        return Text(_("This turn:") + " ", style="bold") + Text(done)
    name = cut_name(view["players"][last["seat"]], LAST_NAME_WIDTH)
    head, _name, tail = _("Last turn, {name}: {done}").partition("{name}")
    text = Text(head.format(done=done), style="bold")
    text.append(name, style="bold")
    text.append(tail.format(done=done))
    return text

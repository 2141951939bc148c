"""The 3 x 3 table: seats, pile, your table cards and hand; keys and clicks become intents."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Label, Static

from tui.games.three_by_three.pile import PileView
from tui.games.three_by_three.seats import MAX_NAME_WIDTH, WHOLE_NAME_WIDTH, SeatList
from tui.games.three_by_three.table_cards import Slot, TableCards
from tui.screens.table import TableScreen
from tui.widgets.card import cards_text, french_face
from tui.widgets.card_fan import CardFan
from tui.widgets.header import TitleHeader
from tui.widgets.log import GameLog
from tui.widgets.names import plural
from tui.widgets.playing_cards import CHIP, LARGE, SMALL, CardSize, Look, card_size_for

ZONES = ("hand", "face-up", "face-down")
FRAME_LINES = 1 + 2 + 1
"""Lines besides the seats and the cards: title, prompt, footer."""


def top_lines(seats: int) -> int:
    """Lines of the seats and the log beside framed cards: a row a seat, heads, frame."""
    return max(8, seats + 3)


def play_lines(size: CardSize) -> int:
    """Lines the pile, the table cards and the hand take with framed cards of `size`:
    the pile with its heads, what may follow and the last move; the table cards lying
    offset; the hand's label and one raised row; a blank line after the pile and after
    the table cards."""
    return (size.height + 3) + 1 + (size.height + 1) + 1 + 1 + (size.height + 1)


class ThreeByThreeScreen(TableScreen):
    """Keyboard: arrows/hjkl move, Space marks (or swaps in tour 1), Enter plays, t takes."""

    CSS_PATH = ["../../styles/screens.tcss", "table.tcss"]

    BINDINGS = [
        Binding("left,h", "move(-1)", "Move", key_display="←↑↓→"),
        Binding("right,l", "move(1)", "Right", show=False),
        Binding("up,k", "row(-1)", "Up", show=False),
        Binding("down,j", "row(1)", "Down", show=False),
        Binding("space", "mark", "Mark"),
        Binding("enter", "done", "Done"),
        Binding("enter", "confirm", "Play"),
        Binding("t", "take", "Take pile"),
        Binding("L", "toggle_log", "Log", key_display="L"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.zone = "hand"
        self.cursor = 0
        self.marked: set[int] = set()
        self.draft: dict[str, list[str]] = {}
        self.swap_pick: tuple[str, int] | None = None
        self._moves: tuple[list[Any], list[dict[str, Any]]] = ([], [])

    def compose(self) -> ComposeResult:
        yield TitleHeader(show_clock=False)
        with Horizontal(id="table-top"):
            seats = SeatList(id="seats", classes="pieces")
            seats.border_title = "Players"
            yield seats
            yield GameLog(id="log", title="Log")
        with Vertical(id="play-area", classes="pieces"):
            yield PileView(id="pile")
            with Horizontal(id="my-table"):
                yield Label("Your table ", id="table-label", classes="row-label")
                yield TableCards(id="table-cards")
            yield Label("Your hand", id="hand-label", classes="row-label")
            with VerticalScroll(id="hand-scroll"):
                yield CardFan(id="hand")
        yield Static(id="prompt")
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        self.use_card_size()

    def use_card_size(self) -> None:
        """Cards grow with the screen (chips, small or large framed cards), as far as the
        seats leave room for them."""
        size = self.fitting_card_size()
        for name in ("chip", "small", "large"):
            self.set_class(size.name == name, f"-cards-{name}")
        self.fit_top()
        seats = self.query_one("#seats", SeatList)
        seats.name_limit = MAX_NAME_WIDTH if size is CHIP else WHOLE_NAME_WIDTH
        self.query_one("#pile", PileView).card_size = size
        self.query_one("#table-cards", TableCards).card_size = size
        hand = self.query_one("#hand", CardFan)
        hand.size_ = size
        hand.can_raise = size is not CHIP  # a chip's mark is its underline: no line spent

    def fitting_card_size(self) -> CardSize:
        """The largest card size for this screen whose pile, table cards and hand fit below
        the seats."""
        width, height = self.size
        size = card_size_for(width, height)
        seats = len(self.view.get("seats", []))
        while size is not CHIP and top_lines(seats) + play_lines(size) > height - FRAME_LINES:
            size = SMALL if size is LARGE else CHIP
        return size

    def log_toggled(self) -> None:
        self.fit_top()

    def fit_top(self) -> None:
        """With framed cards the seats and the log take only the seats' rows (the cards
        take the rest); with chips, or once L gave the log the room, what the cards leave."""
        top = self.query_one("#table-top")
        seats = len(self.view.get("seats", []))
        if self.has_class("-cards-chip") or self.has_class("-log-big") or not seats:
            top.styles.height = "1fr"
        else:
            top.styles.height = top_lines(seats)

    # ---- drawing -------------------------------------------------------

    @property
    def swapping(self) -> bool:
        return self.my_turn and self.view.get("phase") == "swap"

    @property
    def source(self) -> str | None:
        """Where the seat at the keyboard plays from now, as the engine says."""
        return self.view.get("source") if self.my_turn else None

    def my_seat_info(self) -> dict[str, Any] | None:
        seat = self.view.get("seat")
        return None if seat is None else self.view["seats"][seat]

    def zone_cards(self, zone: str) -> list[str | None]:
        """The cards shown in a zone: the swap draft in tour 1, else the view."""
        if zone in self.draft:
            return list(self.draft[zone])
        info = self.my_seat_info()
        if info is None:
            return []
        if zone == "hand":
            return list(self.view["hand"])
        if zone == "face-up":
            return list(info["face_up"])
        return [None for slot in info["face_down"] if slot]

    def face_down_slots(self) -> list[int]:
        info = self.my_seat_info()
        return [] if info is None else [i for i, s in enumerate(info["face_down"]) if s]

    def playable(self, zone: str) -> frozenset[int]:
        """Indices in `zone` that some legal action uses: the highlight comes from the engine."""
        if self.swapping:
            return frozenset(range(len(self.zone_cards(zone))))
        moves = self.moves
        if zone == "face-down":
            slots = {m["slot"] for m in moves if m["type"] == "blind"}
            return frozenset(i for i, s in enumerate(self.face_down_slots()) if s in slots)
        cards = {
            c for m in moves if m["type"] == "play" and m["source"] == zone for c in m["cards"]
        }
        return frozenset(i for i, c in enumerate(self.zone_cards(zone)) if c in cards)

    def draw(self) -> None:
        """Reset the pointer for a new view, then draw everything."""
        self.draft = {}
        self.swap_pick = None
        self.marked = set()
        self.message = ""
        if self.swapping:
            self.draft = {"hand": list(self.view["hand"]), "face-up": self.zone_cards("face-up")}  # type: ignore[dict-item]
            self.zone, self.cursor = "hand", 0
        elif self.source in ZONES:
            self.zone = self.source
            playable = sorted(self.playable(self.zone))
            self.cursor = playable[0] if playable else 0
        self.redraw()

    def redraw(self) -> None:
        if self.gone:
            return
        view = self.view
        if self.fitting_card_size() is not self.query_one("#hand", CardFan).size_:
            self.use_card_size()
        self.fit_top()
        self.query_one("#seats", SeatList).view = view
        self.query_one("#pile", PileView).view = view
        tour = view.get("tour", 1)
        self.title = f"3 x 3 - tour {tour}" if view.get("phase") != "over" else "3 x 3 - game over"
        seat = view.get("seat")
        label = "Your hand" if seat is None else f"{view['players'][seat]}'s hand"
        count = len(self.zone_cards("hand"))
        if seat is not None:
            label += f" · {plural(count, 'card')}"
        self.show_text("#hand-label", Text(label, style="bold"))
        self.query_one("#table-cards", TableCards).slots = self.table_slots()
        hand = self.query_one("#hand", CardFan)
        cards = self.zone_cards("hand")
        hand.faces = tuple(french_face(card) for card in cards)
        hand.looks = tuple(self.card_look("hand", i) for i in range(len(cards)))
        hand.raised = self.raised_in("hand")
        hand.empty_text = "hidden" if seat is None else "none"
        self.show_text("#prompt", self.prompt_text())
        if self.zone == "hand" and self.my_turn:
            scroll = self.query_one("#hand-scroll", VerticalScroll)
            top = hand.row_of(self.cursor)
            if scroll.scroll_y != top:
                scroll.scroll_to(y=top, animate=False)

    def zone_active(self, zone: str) -> bool:
        """Whether the player at the keyboard picks from `zone` now."""
        return self.my_turn and (zone == self.zone or (self.swapping and zone != "face-down"))

    def card_look(self, zone: str, index: int) -> Look:
        """How card `index` of `zone` is shown: pointed at, chosen, or dim when it cannot
        be played."""
        active = self.zone_active(zone)
        return Look(
            cursor=self.my_turn and zone == self.zone and index == self.cursor,
            dimmed=active and index not in self.playable(zone),
            chosen=index in self.raised_in(zone),
        )

    def raised_in(self, zone: str) -> frozenset[int]:
        """The cards of `zone` that stand raised: marked to play, or picked to swap."""
        if self.swap_pick and self.swap_pick[0] == zone:
            return frozenset({self.swap_pick[1]})
        return frozenset(self.marked) if zone == self.zone else frozenset()

    def table_slots(self) -> tuple[Slot, ...]:
        """The three table slots: face-up cards lying on the face-down ones."""
        up = self.zone_cards("face-up")
        info = self.my_seat_info()
        down = [bool(slot) for slot in info["face_down"]] if info else [False] * 3
        down_index = -1
        slots = []
        for number in range(3):
            card = up[number] if number < len(up) else None
            look_up = self.card_look("face-up", number)
            if down[number]:
                down_index += 1
            look_down = self.card_look("face-down", down_index) if down[number] else Look()
            face = french_face(card) if card is not None else None
            slots.append(Slot(face, down[number], look_up, look_down))
        return tuple(slots)

    @property
    def moves(self) -> list[dict[str, Any]]:
        """The legal actions as JSON, worked out once per set of legal actions."""
        if self._moves[0] is not self.legal:
            self._moves = (self.legal, [action.to_json() for action in self.legal])
        return self._moves[1]

    def turn_prompt(self) -> Text:
        view = self.view
        if self.swapping:
            return Text(
                "Tour 1: pick your face-up cards. Space on a hand card, then on a face-up card, "
                "swaps them. Enter when done."
            )
        if self.only_take():
            return Text(
                f"You cannot play: nothing fits (next: {view['need']}). "
                f"Press t or Enter to take the pile ({plural(view['pile_count'], 'card')})."
            )
        if self.zone == "face-down":
            return Text(
                "No hand or face-up cards left: choose a face-down card, Enter turns it up."
            )
        where = "hand" if self.zone == "hand" else "face-up cards"
        cards = self.zone_cards(self.zone)
        playable = cards_text(
            [c for i, c in enumerate(cards) if i in self.playable(self.zone) and c]
        )
        if self.marked:
            text = Text(f"Your turn, from your {where}. Enter plays the marked ")
            text.append_text(cards_text([cards[i] for i in sorted(self.marked) if cards[i]]))
            text.append(" (Space unmarks).\nPlayable: ")
        else:
            text = Text(
                f"Your turn, from your {where}. Space marks more of a rank, Enter plays.\n"
                "Playable: "
            )
        text.append_text(playable)
        return text

    def only_take(self) -> bool:
        return self.my_turn and all(m["type"] == "take" for m in self.moves)

    # ---- intents -------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take":
            return self.only_take()
        if action == "mark":
            return self.my_turn and not self.only_take()
        if action == "done":
            return self.swapping
        if action == "confirm":
            return self.my_turn and not self.swapping
        if action in ("move", "row"):
            return self.my_turn
        return True

    def action_move(self, step: int) -> None:
        cards = self.zone_cards(self.zone)
        if self.my_turn and cards:
            self.cursor = (self.cursor + step) % len(cards)
            self.message = ""
            self.redraw()

    def action_row(self, step: int) -> None:
        if not self.swapping:
            self.action_move(step)
            return
        self.zone = "face-up" if self.zone == "hand" else "hand"
        self.cursor = min(self.cursor, max(0, len(self.zone_cards(self.zone)) - 1))
        self.redraw()

    def action_mark(self) -> None:
        if not self.my_turn or self.only_take():
            return
        self.message = ""
        if self.swapping:
            self.pick_for_swap(self.zone, self.cursor)
            return
        if self.zone == "face-down":
            self.say("Face-down cards are turned up one at a time: press Enter.")
            return
        if self.cursor in self.marked:
            self.marked.discard(self.cursor)
        elif self.playable_together(self.marked | {self.cursor}):
            self.marked.add(self.cursor)
        else:
            self.say("These cards cannot be played together now; Enter would play the marked ones.")
            return
        self.redraw()

    def playable_together(self, indices: set[int]) -> bool:
        """Whether one legal play holds all these cards of the current zone."""
        cards = self.zone_cards(self.zone)
        wanted = Counter(cards[i] for i in indices)
        plays = [
            Counter(m["cards"])
            for m in self.moves
            if m["type"] == "play" and m["source"] == self.zone
        ]
        return any(not wanted - play for play in plays)

    def pick_for_swap(self, zone: str, index: int) -> None:
        """First pick remembers a card; a pick in the other row swaps the two."""
        pick = self.swap_pick
        if pick is None or pick[0] == zone:
            self.swap_pick = None if pick == (zone, index) else (zone, index)
        else:
            hand_i = index if zone == "hand" else pick[1]
            up_i = index if zone == "face-up" else pick[1]
            hand, up = self.draft["hand"], self.draft["face-up"]
            hand[hand_i], up[up_i] = up[up_i], hand[hand_i]
            self.swap_pick = None
        self.redraw()

    def action_done(self) -> None:
        """Tour 1: these three cards lie face up."""
        if self.swapping:
            self.submit({"type": "face-up", "cards": self.draft["face-up"]})

    def action_confirm(self) -> None:
        if not self.my_turn or self.swapping:
            return
        if self.only_take():
            self.action_take()
        elif self.zone == "face-down":
            slots = self.face_down_slots()
            if slots:
                self.submit({"type": "blind", "slot": slots[self.cursor % len(slots)]})
        else:
            cards = self.zone_cards(self.zone)
            chosen = sorted(self.marked) if self.marked else [self.cursor]
            self.submit({"type": "play", "source": self.zone, "cards": [cards[i] for i in chosen]})

    def action_take(self) -> None:
        if self.only_take():
            self.submit({"type": "take"})

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
            self.say(f"You play from your {self.zone.replace('-', ' ')} cards now.")
            return
        if self.swapping:
            if zone == "face-down":
                return
            self.zone, self.cursor = zone, index
            self.pick_for_swap(zone, index)
            return
        if double:
            self.cursor = index
            if self.marked and index not in self.marked:
                self.marked.add(index)
            self.action_confirm()
        elif self.cursor == index:
            self.action_mark()
        else:
            self.cursor = index
            self.redraw()

    @on(events.Click, "#pile")
    def pile_clicked(self) -> None:
        """Clicking the pile takes it, when nothing fits."""
        self.action_take()

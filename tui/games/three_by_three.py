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

from tui.screens.table import TableScreen
from tui.widgets.card import cards_text
from tui.widgets.hand import CardRow
from tui.widgets.header import TitleHeader
from tui.widgets.log import GameLog
from tui.widgets.names import plural
from tui.widgets.opponents import SeatList
from tui.widgets.pile import PileView

ZONES = ("hand", "face-up", "face-down")


class ThreeByThreeScreen(TableScreen):
    """Keyboard: arrows/hjkl move, Space marks (or swaps in tour 1), Enter plays, t takes."""

    CSS_PATH = ["../styles/screens.tcss", "../styles/three_by_three.tcss"]

    BINDINGS = [
        Binding("left,h", "move(-1)", "Move", key_display="←↑↓→"),
        Binding("right,l", "move(1)", "Right", show=False),
        Binding("up,k", "row(-1)", "Up", show=False),
        Binding("down,j", "row(1)", "Down", show=False),
        Binding("space", "mark", "Mark"),
        Binding("enter", "done", "Done"),
        Binding("enter", "confirm", "Play"),
        Binding("t", "take", "Take pile"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.zone = "hand"
        self.cursor = 0
        self.marked: set[int] = set()
        self.draft: dict[str, list[str]] = {}
        self.swap_pick: tuple[str, int] | None = None
        """The text last put in each label: a cursor move that keeps it costs no repaint."""
        self._moves: tuple[list[Any], list[dict[str, Any]]] = ([], [])

    def compose(self) -> ComposeResult:
        yield TitleHeader(show_clock=False)
        with Horizontal(id="table-top"):
            seats = SeatList(id="seats")
            seats.border_title = "Players"
            yield seats
            yield GameLog(id="log", title="Log")
        yield PileView(id="pile")
        with Horizontal(id="my-table"):
            yield Label("Face up ", classes="row-label")
            yield CardRow(id="face-up")
            yield Label(" Face down ", classes="row-label")
            yield CardRow(id="face-down")
        with Vertical(id="my-hand"):
            yield Label("Your hand", id="hand-label", classes="row-label")
            with VerticalScroll(id="hand-scroll"):
                yield CardRow(id="hand")
        yield Static(id="prompt")
        yield Footer()

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
        self.query_one("#seats", SeatList).view = view
        self.query_one("#pile", PileView).view = view
        tour = view.get("tour", 1)
        self.title = f"3 x 3 - tour {tour}" if view.get("phase") != "over" else "3 x 3 - game over"
        seat = view.get("seat")
        label = "Your hand" if seat is None else f"{view['players'][seat]}'s hand"
        self.show_text("#hand-label", Text(label, style="bold"))
        for zone in ZONES:
            row = self.query_one(f"#{zone}", CardRow)
            row.cards = self.zone_cards(zone)
            active = self.my_turn and (zone == self.zone or (self.swapping and zone != "face-down"))
            row.playable = self.playable(zone) if active else frozenset()
            row.cursor = self.cursor if self.my_turn and zone == self.zone else -1
            row.marked = frozenset(self.marked) if zone == self.zone else frozenset()
            if self.swap_pick and self.swap_pick[0] == zone:
                row.marked = frozenset({self.swap_pick[1]})
            row.empty_text = "hidden" if seat is None else "none"
        self.show_text("#prompt", self.prompt_text())
        if self.zone == "hand" and self.my_turn:
            line = self.cursor // self.query_one("#hand", CardRow).per_line()
            scroll = self.query_one("#hand-scroll", VerticalScroll)
            if scroll.scroll_y != max(0, line - 1):
                scroll.scroll_to(y=max(0, line - 1), animate=False)

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

    def on_card_row_picked(self, message: CardRow.Picked) -> None:
        """A click points at the card, clicking the pointed card marks it, and a double
        click plays it (with the marked cards)."""
        zone = message.row.id or ""
        if not self.my_turn or zone not in ZONES:
            return
        if not self.swapping and zone != self.zone:
            self.say(f"You play from your {self.zone.replace('-', ' ')} cards now.")
            return
        if self.swapping:
            self.zone, self.cursor = zone, message.index
            self.pick_for_swap(zone, message.index)
            return
        if message.double:
            self.cursor = message.index
            if self.marked and message.index not in self.marked:
                self.marked.add(message.index)
            self.action_confirm()
        elif self.cursor == message.index:
            self.action_mark()
        else:
            self.cursor = message.index
            self.redraw()

    @on(events.Click, "#pile")
    def pile_clicked(self) -> None:
        """Clicking the pile takes it, when nothing fits."""
        self.action_take()

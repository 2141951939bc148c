"""The 3 x 3 table as it shows: seats, pile, your table cards and hand, laid out for the
screen, with the pointer (zone, cursor, marked cards, the tour 1 draft and the card
picked to swap) in reactives whose watchers show it on the cards and in the prompt. The
keys that move the pointer and play are the screen's (`screen.py`)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import var
from textual.widgets import Label

from rules.three_by_three import (
    Blind,
    Play,
    SeatView,
    Source,
    TakePile,
    ThreeByThreeView,
)
from tui.games.three_by_three.boxes import SeatBoxes
from tui.games.three_by_three.card_faces import french_face
from tui.games.three_by_three.draft import Draft
from tui.games.three_by_three.layout import (
    NO_LAYOUT,
    choose_layout,
    heights,
    mine_left,
    prompt_lines,
)
from tui.games.three_by_three.pile import PileView
from tui.games.three_by_three.prompt import Pointer, move_prompt, with_repetition_warning
from tui.games.three_by_three.seats import SeatList, whole_name_width
from tui.games.three_by_three.since import NOTHING, Changes, changes_since, last_move
from tui.games.three_by_three.table_cards import Slot, TableCards
from tui.games.three_by_three.words import cards_text as cards_words
from tui.i18n import _, ngettext, pgettext
from tui.model import GameSession
from tui.screens.table import TableScreen
from tui.widgets.card_fan import CardFan
from tui.widgets.footer import Footer
from tui.widgets.header import TitleHeader
from tui.widgets.log import GameLog
from tui.widgets.playing_cards import Look
from tui.widgets.prompt import Prompt

ZONES = ("hand", "face-up", "face-down")
HELD_SHOWN = 10
"""Most cards the game-over panel names that a seat still held."""


class ThreeByThreeTable(TableScreen[ThreeByThreeView]):
    """The 3 x 3 table drawn from the view, the legal moves and the pointer."""

    CSS_PATH = ["../../styles/screens.tcss", "table.tcss"]

    zone: var[str] = var("hand", init=False)
    """Where the keys point: "hand", "face-up" or "face-down"."""
    cursor: var[int] = var(0, init=False)
    """The card pointed at, counted among the zone's cards."""
    marked: var[frozenset[int]] = var(frozenset(), init=False)
    """Cards of the zone marked to be played together."""
    draft: var[Draft | None] = var(None, init=False)
    """Tour 1: the cards as arranged so far (None outside tour 1)."""
    swap_pick: var[tuple[str, int] | None] = var(None, init=False)
    """Tour 1: the card picked to swap, (zone, index)."""

    def __init__(
        self, session: GameSession[ThreeByThreeView], delay: float, resumed: bool = False
    ) -> None:
        super().__init__(session, delay, resumed)
        self.marks: Changes = NOTHING
        """What is marked new on the table: the last move and, on the seat's turn, what
        changed since its own last move."""
        self._layout = NO_LAYOUT
        self._prompt_lines = 2

    def compose(self) -> ComposeResult:
        yield TitleHeader(show_clock=False)
        with Horizontal(id="table-top"):
            seats = SeatList(id="seats")
            seats.border_title = _("Players")
            yield seats
            yield SeatBoxes(id="boxes")
        with Vertical(id="play-area"):
            yield PileView(id="pile")
            with Horizontal(id="mine"):
                with Horizontal(id="my-table"):
                    yield Label(_("Your table") + " ", id="table-label", classes="row-label")
                    yield TableCards(id="table-cards")
                with Vertical(id="my-hand"):
                    yield Label(_("Your hand"), id="hand-label", classes="row-label")
                    with VerticalScroll(id="hand-scroll"):
                        yield CardFan(id="hand")
        yield GameLog(id="log", title=_("Log"))
        yield Prompt(id="prompt")
        yield Footer()

    def fit_to_screen(self) -> None:
        self.lay_out()

    def lay_out(self) -> None:
        """Lay the table out for the screen and the view (`layout.choose_layout`): the
        cards' size, the seats' boxes or list, the lines each part takes."""
        width, height = self.size
        layout = choose_layout(self.view, width, height)
        if layout != self._layout:
            self._layout = layout
            size, compact = layout.size, layout.compact
            for name in ("chip", "small", "large", "xl"):
                self.set_class(size.name == name, f"-cards-{name}")
            self.set_class(compact, "-compact")
            self.set_class(layout.grid is not None, "-boxes")
            self.query_one("#boxes", SeatBoxes).grid = layout.grid
            self.query_one("#seats", SeatList).name_limit = whole_name_width()
            pile = self.query_one("#pile", PileView)
            pile.card_size = size
            pile.compact = compact
            self.query_one("#table-cards", TableCards).card_size = size
            hand = self.query_one("#hand", CardFan)
            hand.size_ = size
            # A chip's mark is its underline, a small card's its double frame: no line spent.
            hand.can_raise = not compact
            hand.full_rows = compact
        self.query_one("#mine").styles.padding = (0, 0, 0, mine_left(layout, width))
        self.fit_top()

    def log_toggled(self) -> None:
        self.fit_top()

    def fit_top(self, prompt: Text | None = None) -> None:
        """The seats, the log and the hand take the lines `layout.heights` gives them; L
        gives the log all the room the cards leave."""
        self._prompt_lines = prompt_lines(
            prompt or self.prompt_text(), self.size.width, self.app.console
        )
        seats = len(self.view["seats"])
        hand = len(self.zone_cards("hand"))
        lines = heights(self._layout, seats, self.size, self._prompt_lines, hand)
        self.query_one("#table-top").styles.height = lines.top
        self.query_one("#hand-scroll").styles.max_height = lines.hand
        log = self.query_one("#log", GameLog)
        big = self.has_class("-log-big") or lines.log is None
        log.styles.height = "1fr" if big else lines.log

    def show_prompt(self) -> None:
        """The prompt, the room around it fitted again where it now takes more or fewer
        lines."""
        text = self.prompt_text()
        self.show_text("#prompt", text)
        if prompt_lines(text, self.size.width, self.app.console) != self._prompt_lines:
            self.fit_top(text)

    # ---- drawing -------------------------------------------------------

    @property
    def swapping(self) -> bool:
        return self.my_turn and self.view["phase"] == "swap"

    @property
    def source(self) -> Source | None:
        """Where the seat at the keyboard plays from now, as the engine says."""
        return self.view["source"] if self.my_turn else None

    def my_seat_info(self) -> SeatView | None:
        seat = self.view["seat"]
        return None if seat is None else self.view["seats"][seat]

    def zone_cards(self, zone: str) -> list[str | None]:
        """The cards shown in a zone: the swap draft in tour 1, else the view."""
        if self.draft is not None and zone != "face-down":
            return list(self.draft.cards(zone))
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
        if zone == "face-down":
            slots = {a.slot for a in self.legal if isinstance(a, Blind)}
            return frozenset(i for i, s in enumerate(self.face_down_slots()) if s in slots)
        cards = {c for a in self.legal if isinstance(a, Play) and a.source == zone for c in a.cards}
        return frozenset(i for i, c in enumerate(self.zone_cards(zone)) if c in cards)

    def draw(self) -> None:
        """A new view: the pointer starts over (set without its watchers), what changed since
        the seat's own last move is marked with the last move, and everything is drawn once."""
        cls = ThreeByThreeTable
        self.set_reactive(cls.message, "")
        self.set_reactive(cls.swap_pick, None)
        self.set_reactive(cls.marked, frozenset())
        self.set_reactive(cls.draft, None)
        if self.swapping:
            up = tuple(card for card in self.zone_cards("face-up") if card is not None)
            self.set_reactive(cls.draft, Draft(tuple(self.view["hand"]), up))
            self.set_reactive(cls.zone, "hand")
            self.set_reactive(cls.cursor, 0)
        elif self.source in ZONES:
            self.set_reactive(cls.zone, self.source)
            playable = sorted(self.playable(self.zone))
            self.set_reactive(cls.cursor, playable[0] if playable else 0)
        self.marks = last_move(self.view) | changes_since(self.before, self.view)
        self.redraw()

    def redraw(self) -> None:
        """Everything from the view, the legal actions and the pointer."""
        if self.gone:
            return
        view = self.view
        self.lay_out()
        for widget in (
            self.query_one("#seats", SeatList),
            self.query_one("#boxes", SeatBoxes),
            self.query_one("#pile", PileView),
        ):
            widget.view = view
            widget.marks = self.marks
        if view["phase"] == "over":
            self.title = _("3 x 3 — game over")
        else:
            self.title = _("3 x 3 — tour {tour}").format(tour=view["tour"])
        self.query_one("#hand", CardFan).empty_text = (
            pgettext("3x3", "hidden") if view["seat"] is None else pgettext("3x3", "none")
        )
        self.show_pointer()

    def watch_zone(self) -> None:
        self.show_pointer()

    def watch_cursor(self) -> None:
        self.show_pointer()

    def watch_marked(self) -> None:
        self.show_pointer()

    def watch_draft(self) -> None:
        self.show_pointer()

    def watch_swap_pick(self) -> None:
        self.show_pointer()

    def show_pointer(self) -> None:
        """The pointer on the cards (pointed at, marked, raised, the hand scrolled to it) and
        in the prompt."""
        if self.gone:
            return
        seat = self.view["seat"]
        cards = self.zone_cards("hand")
        if seat is None:
            label = _("Your hand")
        else:
            label = ngettext(
                "{name}'s hand · {count} card", "{name}'s hand · {count} cards", len(cards)
            ).format(name=self.view["players"][seat], count=len(cards))
        self.show_text("#hand-label", Text(label, style="bold"))
        self.query_one("#table-cards", TableCards).slots = self.table_slots()
        hand = self.query_one("#hand", CardFan)
        hand.faces = tuple(french_face(card) for card in cards)
        hand.looks = tuple(self.card_look("hand", i) for i in range(len(cards)))
        hand.raised = self.raised_in("hand")
        self.show_prompt()
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

    def final_details(self, view: ThreeByThreeView) -> dict[int, str]:
        """The cards each seat still held when the game ended, hand and face down: the
        game is over, nothing is secret."""
        details: dict[int, str] = {}
        for seat, info in enumerate(view["seats"]):
            held = info["revealed"]
            if held:
                shown = cards_words(held[:HELD_SHOWN]) + (" …" if len(held) > HELD_SHOWN else "")
                details[seat] = ngettext(
                    "held {count} card: {cards}", "held {count} cards: {cards}", len(held)
                ).format(count=len(held), cards=shown)
        return details

    def turn_prompt(self) -> Text:
        zone = self.zone
        move = move_prompt(
            self.view,
            Pointer(zone, self.zone_cards(zone), self.playable(zone), self.marked),
            swapping=self.swapping,
            only_take=self.only_take(),
        )
        return with_repetition_warning(self.view, move)

    def only_take(self) -> bool:
        return self.my_turn and all(isinstance(a, TakePile) for a in self.legal)

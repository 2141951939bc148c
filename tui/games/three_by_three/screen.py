"""The 3 x 3 table: seats, pile, your table cards and hand; keys and clicks become actions.

The pointer (zone, cursor, marked cards, the tour 1 draft and the card picked to swap) is
kept in reactives: keys and clicks only set it, and its watchers show it on the cards and
in the prompt."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import var
from textual.widgets import Label

from rules.three_by_three import (
    REPEATS,
    TAKE,
    Blind,
    ChooseFaceUp,
    Play,
    TakePile,
    sort_cards,
)
from tui.games.three_by_three.boxes import BoxGrid, SeatBoxes, box_grid
from tui.games.three_by_three.card_faces import cards_text, french_face, text_with
from tui.games.three_by_three.pile import PileView
from tui.games.three_by_three.seats import SeatList, whole_name_width
from tui.games.three_by_three.since import NOTHING, Changes, changes_since, last_move
from tui.games.three_by_three.table_cards import Slot, TableCards, slots_width
from tui.games.three_by_three.words import cards_text as cards_words
from tui.games.three_by_three.words import need_text
from tui.i18n import N_, _, ngettext, pgettext
from tui.screens.table import TableScreen
from tui.widgets.card_fan import CardFan, fan_layout
from tui.widgets.footer import Footer
from tui.widgets.header import TitleHeader
from tui.widgets.log import STRIP_LINES, GameLog
from tui.widgets.playing_cards import CHIP, LARGE, SMALL, XL, CardSize, Look, card_size_for
from tui.widgets.prompt import Prompt

ZONES = ("hand", "face-up", "face-down")
FRAME_LINES = 1 + 2 + 1
"""Lines besides the seats, the cards and the log: title, prompt (two lines, where it
does not wrap), footer."""
PROMPT_LINES = 4
"""Most lines the prompt takes."""
HELD_SHOWN = 10
"""Most cards the game-over panel names that a seat still held."""
LOG_LINES = 8
"""Most lines the log box takes under framed cards on a large screen (six entries)."""
COMPACT_SEATS = 6
"""Most seats whose table still draws framed cards at 80x24; more step down to chips."""


def top_lines(seats: int) -> int:
    """Lines of the seats' list in its box: a row a seat, heads, frame."""
    return seats + 3


def play_lines(size: CardSize) -> int:
    """Lines the pile, the table cards and the hand take with framed cards of `size`:
    the pile with its heads, what may follow and the last move; a blank line; side by
    side under their labels the table cards lying offset and the hand's one raised row."""
    return (size.height + 3) + 1 + 1 + (size.height + 1)


CHIP_LINES = 2 + 1 + 1 + 1
"""Lines of chips on a small screen, but for the seats and the log: the pile and what
may follow, the table cards, the hand's label and one row of the hand."""


SMALL_LINES = (SMALL.height + 2) + (1 + SMALL.height + 1)
"""Lines of small framed cards on a small screen: the pile (heads, cards, what may
follow and the last move), and side by side the table cards and the hand under their
labels."""


def compact_lines(seats: int) -> int:
    """Lines of a table at 80x24 with small framed cards, but for its log: the seats'
    list with its heads and the cards."""
    return seats + 1 + SMALL_LINES


@dataclass(frozen=True)
class Draft:
    """Tour 1: the hand and the face-up cards as the player arranges them before Enter."""

    hand: tuple[str, ...]
    face_up: tuple[str, ...]

    def cards(self, zone: str) -> tuple[str, ...]:
        return self.hand if zone == "hand" else self.face_up

    def swapped(self, hand_index: int, up_index: int) -> Draft:
        """The draft with a hand card and a face-up card changing places."""
        hand, up = list(self.hand), list(self.face_up)
        hand[hand_index], up[up_index] = up[up_index], hand[hand_index]
        return Draft(tuple(hand), tuple(up))


FRAMED = ((XL, 150, 40), (LARGE, 110, 30), (SMALL, 0, 0))
"""Framed card sizes off 80x24, largest first, each with the least screen it is drawn on;
a size is taken where the pile, the cards and the seats' list fit above the log."""

SHOWN_HAND = 6
"""Cards of a hand the middle of a big screen is reckoned with: the table cards and a
hand of this many stand in the middle, a longer hand reaches further right."""


def mine_width(size: CardSize) -> int:
    """Cells the table cards and a hand of `SHOWN_HAND` cards take side by side."""
    return slots_width(size) + MINE_GAP + SHOWN_HAND * (size.width + 1)


MINE_GAP = 2
"""Columns between the table cards and the hand when they lie side by side."""


class ThreeByThreeScreen(TableScreen):
    """Keyboard: arrows/hjkl move, Space marks (or swaps in tour 1), Enter plays, t (or
    Enter, when nothing fits) takes the pile."""

    CSS_PATH = ["../../styles/screens.tcss", "table.tcss"]

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
    message: var[str] = var("", init=False)
    """What the prompt says instead of the turn's hint, until a key or a new view clears it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.marks: Changes = NOTHING
        """What is marked new on the table: the last move and, on the seat's turn, what
        changed since its own last move."""
        self._layout: tuple[CardSize, BoxGrid | None, bool] | None = None
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
        """Cards grow with the screen (chips, small or large framed cards), as far as the
        seats leave room for them. On a small screen ("-compact", 80x24) the log is a
        strip; up to six seats get small framed cards, and the other seats stand in boxes
        of one-line cards where those fit in the lines of the seats' list, else the list
        unboxed. Beside framed cards on a large screen the other seats are boxes when they
        fit above them, else the list."""
        width, height = self.size
        compact = card_size_for(width, height) is CHIP
        small = SMALL if self.fits_small_cards() else CHIP
        size = small if compact else self.fitting_card_size()
        if compact:
            seats = len(self.view.get("seats", []))
            grid = box_grid(self.view, width - 2, seats + 1) if size is SMALL else None
        else:
            grid = self.seat_grid(size)
        if (size, grid, compact) != self._layout:
            self._layout = (size, grid, compact)
            for name in ("chip", "small", "large", "xl"):
                self.set_class(size.name == name, f"-cards-{name}")
            self.set_class(compact, "-compact")
            self.set_class(grid is not None, "-boxes")
            self.query_one("#boxes", SeatBoxes).grid = grid
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
        left = 0 if compact else max(0, (width - 2 - mine_width(size)) // 2)
        self.query_one("#mine").styles.padding = (0, 0, 0, left)
        self.fit_top()

    def fits_small_cards(self) -> bool:
        """Whether a small screen has the room for small framed cards: up to six seats,
        at least 80 columns and the lines they take."""
        width, height = self.size
        seats = len(self.view.get("seats", []))
        if not 0 < seats <= COMPACT_SEATS or width < 80:
            return False
        return compact_lines(seats) + STRIP_LINES[0] <= height - FRAME_LINES

    def seat_grid(self, size: CardSize) -> BoxGrid | None:
        """The other seats' boxes across the screen, in the lines that cards of `size` and
        the log leave; None for the list."""
        if size is CHIP:
            return None
        width, height = self.size
        return box_grid(self.view, width, height - FRAME_LINES - play_lines(size) - STRIP_LINES[1])

    def fitting_card_size(self) -> CardSize:
        """The largest card size for this screen whose pile, table cards and hand fit
        between the seats and the log."""
        width, height = self.size
        seats = len(self.view.get("seats", []))
        room = height - FRAME_LINES - STRIP_LINES[0]
        for size, least_width, least_height in FRAMED:
            fits = top_lines(seats) + play_lines(size) <= room
            if width >= least_width and height >= least_height and fits:
                return size
        return CHIP

    def log_toggled(self) -> None:
        self.fit_top()

    def fit_top(self, prompt: Text | None = None) -> None:
        """The seats take their rows or boxes and the cards what they need; the log takes
        the rest: on a small screen a strip of one or two lines (small framed cards
        in a hand of several rows take what the strip leaves), under framed cards on a
        large screen a box of six entries; L gives the log all the room the cards leave."""
        top = self.query_one("#table-top")
        log = self.query_one("#log", GameLog)
        hand = self.query_one("#hand-scroll")
        seats = len(self.view.get("seats", []))
        size, grid, compact = self._layout or (CHIP, None, False)
        self._prompt_lines = self.prompt_lines(prompt or self.prompt_text())
        height = self.size.height - FRAME_LINES + 2 - self._prompt_lines
        if compact:
            cards = SMALL_LINES if size is SMALL else CHIP_LINES
            listed = grid.height if grid is not None else seats + 1
            shown_seats = max(1, min(listed, height - cards - STRIP_LINES[0]))
            top.styles.height = shown_seats
            left = height - cards - shown_seats - STRIP_LINES[0]
            rows = self.hand_rows(1 + max(0, left) // size.height)
            hand.styles.max_height = rows * size.height
            left -= (rows - 1) * size.height
            log.styles.height = STRIP_LINES[0] + max(0, min(STRIP_LINES[1] - STRIP_LINES[0], left))
        else:
            hand.styles.max_height = None
            top.styles.height = grid.height if grid is not None else top_lines(seats)
            left = height - (grid.height if grid is not None else top_lines(seats))
            if size is CHIP:
                log.styles.height = "1fr"
            else:
                log.styles.height = max(STRIP_LINES[0], min(LOG_LINES, left - play_lines(size)))
        if self.has_class("-log-big"):
            log.styles.height = "1fr"

    def show_prompt(self) -> None:
        """The prompt, the room around it fitted again where it now takes more or fewer
        lines."""
        text = self.prompt_text()
        self.show_text("#prompt", text)
        if self.prompt_lines(text) != self._prompt_lines:
            self.fit_top(text)

    def prompt_lines(self, text: Text) -> int:
        """The lines `text` takes in the prompt at this width: two, or more where it wraps."""
        lines = text.wrap(self.app.console, max(1, self.size.width - 2))
        return max(2, min(PROMPT_LINES, len(lines)))

    def hand_rows(self, most: int) -> int:
        """The rows the hand takes on a small screen, `most` at most."""
        size, _grid, _compact = self._layout or (CHIP, None, False)
        width = self.size.width - (2 + 1)  # the play area's padding, the scrollbar
        if size is SMALL:
            width -= self.query_one("#table-cards", TableCards).slot_width * 3 + 2 * 2 + 2
        count = len(self.zone_cards("hand"))
        return max(1, min(most, fan_layout(count, width, size, False, True).rows(count)))

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
        cls = ThreeByThreeScreen
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
        if view.get("phase") == "over":
            self.title = _("3 x 3 — game over")
        else:
            self.title = _("3 x 3 — tour {tour}").format(tour=view.get("tour", 1))
        self.query_one("#hand", CardFan).empty_text = (
            pgettext("3x3", "hidden") if view.get("seat") is None else pgettext("3x3", "none")
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

    def watch_message(self) -> None:
        self.show_prompt()

    def show_pointer(self) -> None:
        """The pointer on the cards (pointed at, marked, raised, the hand scrolled to it) and
        in the prompt."""
        if self.gone or not self.view:
            return
        seat = self.view.get("seat")
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

    def final_details(self, view: dict[str, Any]) -> dict[int, str]:
        """The cards each seat still held when the game ended, hand and face down: the
        game is over, nothing is secret."""
        details = {}
        for seat, info in enumerate(view["seats"]):
            held = info.get("revealed", [])
            if held:
                shown = cards_words(held[:HELD_SHOWN]) + (" …" if len(held) > HELD_SHOWN else "")
                details[seat] = ngettext(
                    "held {count} card: {cards}", "held {count} cards: {cards}", len(held)
                ).format(count=len(held), cards=shown)
        return details

    def turn_prompt(self) -> Text:
        """The move's prompt, after a warning when the position came round twice: by our
        repetition rule the next time ends the game."""
        prompt = self.move_prompt()
        if self.view.get("repeats", 0) != REPEATS - 1:
            return prompt
        warning = _("This position has come round twice: a third time ends the game.")
        return Text(warning + "\n", style="bold").append_text(prompt)

    def move_prompt(self) -> Text:
        """What the player at the keyboard may do in this move."""
        view = self.view
        if self.swapping:
            return Text(
                _(
                    "Tour 1: pick your face-up cards. Space on a hand card, then on a face-up "
                    "card, swaps them. Enter when done."
                )
            )
        if self.only_take():
            count = view["pile_count"]
            return Text(
                ngettext(
                    "You cannot play: nothing fits (next: {need}). "
                    "Press t or Enter to take the pile ({count} card).",
                    "You cannot play: nothing fits (next: {need}). "
                    "Press t or Enter to take the pile ({count} cards).",
                    count,
                ).format(need=need_text(view["pile"][-1][0]), count=count)
            )
        if self.zone == "face-down":
            return Text(
                _("No hand or face-up cards left: choose a face-down card, Enter turns it up.")
            )
        cards = self.zone_cards(self.zone)
        playable = cards_text(
            [c for i, c in enumerate(cards) if i in self.playable(self.zone) and c]
        )
        if not self.marked:
            if self.zone == "hand":
                words = _(
                    "Your turn, from your hand. Space marks more of a rank, Enter plays.\n"
                    "Playable: {playable}"
                )
            else:
                words = _(
                    "Your turn, from your face-up cards. Space marks more of a rank, Enter "
                    "plays.\nPlayable: {playable}"
                )
            return text_with(words, playable=playable)
        if self.zone == "hand":
            words = _(
                "Your turn, from your hand. Enter plays the marked {cards} (Space unmarks).\n"
                "Playable: {playable}"
            )
        else:
            words = _(
                "Your turn, from your face-up cards. Enter plays the marked {cards} (Space "
                "unmarks).\nPlayable: {playable}"
            )
        marked = cards_text([card for i in sorted(self.marked) if (card := cards[i])])
        return text_with(words, cards=marked, playable=playable)

    def only_take(self) -> bool:
        return self.my_turn and all(isinstance(a, TakePile) for a in self.legal)

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

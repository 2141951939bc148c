"""The Xylotar table: every xylotar, the trick in front of the seats, sorting, bidding; keys
and clicks become intents."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Static

from rules.xylotar import (
    BID_OFFER_DOWN,
    COLOUR_NAME,
    Bid,
    Peek,
    Play,
    card_label,
    sort_actions,
    ties,
    value,
)
from tui.games.xylotar.board import TableLook, XylotarBoard, table_height
from tui.games.xylotar.cards import CHIP
from tui.games.xylotar.scores import XylotarScoresScreen, next_text
from tui.screens.table import TableScreen
from tui.widgets.header import TitleHeader
from tui.widgets.log import GameLog
from tui.widgets.names import plural
from tui.widgets.playing_cards import LARGE, SMALL, CardSize, card_size_for

AROUND_TABLE = 4
"""Lines besides the table and the log: the title, two of prompt, the keys."""
SMALLEST_LOG = 4
"""The log keeps at least its frame and two lines."""
LOG_SHARE = 0.3
"""With framed cards the log takes at most this share of the lines (L gives it more)."""


def card_size(width: int, height: int, seats: int) -> CardSize:
    """The biggest cards the terminal has room for: framed cards where `card_size_for`
    allows them and every band fits above a small log, else chips."""
    allowed = card_size_for(width, height)
    for size in (LARGE, SMALL):
        if allowed.height < size.height:
            continue
        needed = table_height(seats, size) + AROUND_TABLE + SMALLEST_LOG
        if needed <= height:
            return size
    return CHIP


class XylotarScreen(TableScreen):
    """Keyboard: arrows (or h and l) move, [ ] swap equal cards while sorting, Enter acts,
    n declines to bid now, s shows the scores, L gives the log the room."""

    CSS_PATH = ["../../styles/screens.tcss", "table.tcss"]

    BINDINGS = [
        Binding("left,h", "move(-1)", "Move", key_display="←→"),
        Binding("right,l", "move(1)", "Right", show=False),
        Binding("shift+left,left_square_bracket", "swap(-1)", "Swap", key_display="[ ]"),
        Binding("shift+right,right_square_bracket", "swap(1)", "Swap right", show=False),
        Binding("enter", "sorted", "Done"),
        Binding("enter", "play", "Play"),
        Binding("enter", "peek", "Look"),
        Binding("enter", "bid", "Bid this"),
        Binding("n", "no_bid", "No bid now"),
        Binding("s", "scores", "Scores"),
        Binding("L", "toggle_log", "Log", key_display="L"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cursor = 0
        self.draft: list[str] = []
        """While sorting: the hand in the order chosen so far, placed cards first."""
        public = self.session.view(None)
        self.rounds_seen = len(public["rounds"])
        self.seat_count = len(public["players"])
        self.card_size: CardSize = CHIP

    def compose(self) -> ComposeResult:
        yield TitleHeader(show_clock=False)
        yield XylotarBoard(id="xylo-table", classes="pieces")
        yield GameLog(id="log", title="Log")
        yield Static(id="prompt")
        yield Footer()

    # ---- the room the table takes ------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        """Cards grow with the screen: chips, small or large framed cards."""
        self.fit_cards()

    def log_toggled(self) -> None:
        """With the log given the room the cards shrink to chips."""
        self.fit_cards()

    def fit_cards(self) -> None:
        """Choose the card size for the screen; with framed cards the log takes what the
        table leaves, up to `LOG_SHARE` of the screen; with chips, or once L gave it the
        room, all the table leaves."""
        width, lines = self.size
        size = card_size(width, lines, self.seat_count)
        if self.has_class("-log-big"):
            size = CHIP
        self.card_size = size
        for name in ("chip", "small", "large"):
            self.set_class(size.name == name, f"-cards-{name}")
        log = self.query_one(GameLog)
        if size is CHIP:
            log.styles.height = "1fr"
        else:
            table = table_height(self.seat_count, size)
            left = lines - AROUND_TABLE - table
            log.styles.height = max(SMALLEST_LOG, min(left, int(lines * LOG_SHARE)))
        if self.view:
            self.redraw()

    # ---- what the player at the keyboard may choose --------------------

    @property
    def step(self) -> str:
        """The kind of choice the legal actions offer: sort, play, peek, bid, or none."""
        if not self.my_turn:
            return "none"
        first = self.legal[0]
        if isinstance(first, Play):
            return "play"
        if isinstance(first, Peek):
            return "peek"
        if isinstance(first, Bid):
            return "bid"
        return "sort"

    def choices(self) -> list[tuple[int, ...]]:
        """What the cursor moves over: slots to play or bid, pairs to look at, cards to sort."""
        step = self.step
        if step == "sort":
            placed = self.view["sorting"]["placed_count"]
            return [(index,) for index in range(placed, len(self.draft))]
        if step == "peek":
            return [(a.a, a.b) for a in self.legal if isinstance(a, Peek)]
        return [(a.slot,) for a in self.legal if isinstance(a, Play | Bid)]

    def movable(self) -> frozenset[int]:
        """While sorting: the cards still to place that may change places with a neighbour."""
        if self.step != "sort":
            return frozenset()
        start = self.view["sorting"]["placed_count"]
        return frozenset(start + index for index in ties(self.draft[start:]))

    # ---- drawing -------------------------------------------------------

    def draw(self) -> None:
        """Reset the pointer for a new view, then draw everything."""
        self.message = ""
        self.cursor = 0
        if self.step in ("peek", "bid"):
            self.hold_enter()  # the choice follows the player's own Enter: not a second one
        sorting = self.view.get("sorting")
        if self.step == "sort" and sorting is not None:
            self.draft = list(sorting["placed"]) + list(sorting["left"])
        else:
            self.draft = []
        self.redraw()

    def redraw(self) -> None:
        if self.gone:
            return
        view = self.view
        choices = self.choices()
        self.cursor = min(self.cursor, max(len(choices) - 1, 0))
        pointed = frozenset(choices[self.cursor]) if choices else frozenset()
        step = self.step
        if step == "sort":
            look = TableLook(
                view,
                self.card_size,
                pointed=pointed,
                draft=tuple(self.draft),
                placed=view["sorting"]["placed_count"],
                movable=self.movable(),
            )
        else:
            look = TableLook(
                view,
                self.card_size,
                pointed=pointed,
                choices=frozenset(slot for choice in choices for slot in choice),
                acting=step != "none",
            )
        self.query_one(XylotarBoard).look = look
        if view["phase"] == "over":
            self.title = "Xylotar - game over"
        else:
            self.title = f"Xylotar - round {view['round']}"
        self.show_text("#prompt", self.prompt_text())

    def turn_prompt(self) -> Text:
        """What the player may do now."""
        view = self.view
        step = self.step
        if step == "sort":
            return self.sort_prompt()
        if step == "play":
            return self.play_prompt()
        own = view["seats"][view["seat"]]
        if step == "peek":
            text = Text(
                "Bid now? Arrows choose two neighbouring cards, Enter looks at them. n: no bid now."
            )
            if sum(slot["status"] == "down" for slot in own["slots"]) == BID_OFFER_DOWN:
                text.append(" Last chance: wait, and your last face-down card becomes the bid.")
            return text
        cards = view["peek"]["cards"]
        text = Text("You see ")
        text.append(" and ".join(card_label(card) for card in cards), style="bold")
        text.append(". Arrows pick the bid, Enter lays it crosswise, face up; the other goes")
        text.append(" back (you will still see its value).")
        return text

    def sort_prompt(self) -> Text:
        sorting = self.view["sorting"]
        target = self.view["players"][sorting["target"]]
        text = Text(f"You sort {target}'s xylotar", style="bold")
        if self.view["seats"][sorting["target"]]["side"]:
            text.append(" (its middle card will be its bid)")
        else:
            text.append(" (they will not see it)")
        text.append(
            ". [ ] or Shift+arrows move the card at the cursor past an equal one (<>). Enter: done."
        )
        return text

    def play_prompt(self) -> Text:
        view = self.view
        led = view["led_colour"]
        if led is None:
            text = Text(
                f"You lead trick {view['trick_number']}: arrows choose a card, Enter plays."
            )
            if view["lead_ban"]["applies"]:
                text.append(" Not your leftmost card: it may lead only in the last trick.")
            return text
        colours = {
            view["seats"][view["seat"]]["slots"][slot]["colour"] for (slot,) in self.choices()
        }
        name = COLOUR_NAME[led]
        if colours == {led}:
            return Text(f"Follow {name}: arrows choose one of your {name} cards, Enter plays.")
        return Text(f"You have no {name}, so any card may go: arrows choose, Enter plays.")

    def final_details(self, view: dict[str, Any]) -> dict[int, str]:
        return {
            seat: plural(total, "point")
            for seat, total in enumerate(view["totals"])
            if total is not None
        }

    def bot_delay(self) -> float:
        """A computer sorts without pauses: it is one choice per tie, and nothing shows."""
        return 0.0 if self.view.get("phase") == "sort" else self.delay

    # ---- the round's scores ----------------------------------------------

    def advance(self) -> None:
        """After a round ends, everyone sees its scores before the next round (or the end)."""
        if self.gone:
            return
        view = self.session.view(None)
        if len(view["rounds"]) > self.rounds_seen:
            self.rounds_seen = len(view["rounds"])
            self.show(self.watching_seat())
            heading = f"Round {view['rounds'][-1]['round']} scores"
            self.app.push_screen(
                XylotarScoresScreen(view, heading, next_text(view)), self.after_scores
            )
            return
        TableScreen.advance(self)

    def after_scores(self, _: None) -> None:
        """Everyone has been looking at the scores: whoever sorts first next gets the
        privacy screen, even if they were the last to play."""
        self.revealed_seat = None
        TableScreen.advance(self)

    def action_scores(self) -> None:
        """The score table, from the public view (also before the table's first draw)."""
        if self.gone:
            return
        view = self.session.view(None)
        if view["phase"] == "over":
            after = "The game is over."
        else:
            after = f"Round {view['round']} is being played."
        self.app.push_screen(XylotarScoresScreen(view, "Scores so far", after))

    # ---- intents -------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        step = self.step
        if action == "move":
            return step != "none"
        if action in ("swap", "sorted"):
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
            self.redraw()

    def action_swap(self, step: int) -> None:
        """Move the card at the cursor past its equal-valued neighbour."""
        if self.step != "sort":
            return
        here = self.choices()[self.cursor][0]
        there = here + step
        start = self.view["sorting"]["placed_count"]
        if not start <= there < len(self.draft) or value(self.draft[there]) != value(
            self.draft[here]
        ):
            self.say("Only cards of equal value can change places.")
            return
        self.draft[here], self.draft[there] = self.draft[there], self.draft[here]
        self.cursor += step
        self.message = ""
        self.redraw()

    def action_sorted(self) -> None:
        """Send the chosen order: one colour for every card of a tie but its last."""
        if self.step != "sort":
            return
        seat = self.shown_seat
        start = self.view["sorting"]["placed_count"]
        for action in sort_actions(self.draft[start:]):
            if not self.apply_intent(action.to_json()):
                if seat is not None:
                    self.view, self.legal = self.session.view(seat), self.session.legal(seat)
                self.redraw()
                return
        self.advance()

    def action_play(self) -> None:
        if self.step == "play":
            self.submit({"type": "play", "slot": self.choices()[self.cursor][0]})

    def action_peek(self) -> None:
        if self.step == "peek":
            self.submit({"type": "peek", "slots": list(self.choices()[self.cursor])})

    def action_bid(self) -> None:
        if self.step == "bid":
            self.submit({"type": "bid", "slot": self.choices()[self.cursor][0]})

    def action_no_bid(self) -> None:
        if self.step == "peek":
            self.submit({"type": "pass"})

    def on_xylotar_board_picked(self, message: XylotarBoard.Picked) -> None:
        """A click on one of your cards points at it; a second click (or a double click)
        plays, looks or bids with it. While sorting a click only points."""
        step = self.step
        if step == "none":
            return
        mine = self.view["sorting"]["target"] if step == "sort" else self.view["seat"]
        if message.seat != mine:
            return
        index = self.choice_at(message.index)
        if index is None:
            self.say("That card is not a choice now.")
            return
        acting = index == self.cursor or message.double
        self.cursor = index
        self.message = ""
        if not acting or step == "sort":
            self.redraw()
        elif step == "play":
            self.action_play()
        elif step == "peek":
            self.action_peek()
        else:
            self.action_bid()

    def choice_at(self, slot: int) -> int | None:
        """The choice a click on `slot` means: the pair starting there (else ending
        there) when looking for a bid, else the choice holding that card."""
        choices = self.choices()
        for wanted in (lambda c: c[0] == slot, lambda c: slot in c):
            found = next((i for i, choice in enumerate(choices) if wanted(choice)), None)
            if found is not None:
                return found
        return None

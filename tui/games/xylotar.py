"""The Xylotar table: every xylotar, the trick, sorting, bidding; keys become intents."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Static

from rules.xylotar import BID_OFFER_DOWN, COLOUR_NAME, Bid, Peek, Play, card_label, value
from tui.games.xylotar_scores import XylotarScoresScreen, next_text
from tui.screens.table import TableScreen
from tui.widgets.header import TitleHeader
from tui.widgets.log import GameLog
from tui.widgets.names import plural
from tui.widgets.xylotar_table import (
    CHOICE,
    CURSOR,
    SWAP,
    XylotarTable,
    own_row_line,
    slot_at,
    sorting_lines,
    table_lines,
)


class XylotarScreen(TableScreen):
    """Keyboard: arrows (or h and l) move, [ ] swap equal cards while sorting, Enter acts,
    n declines to bid now, s shows the scores."""

    CSS_PATH = ["../styles/screens.tcss", "../styles/xylotar.tcss"]

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
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cursor = 0
        self.draft: list[str] = []
        """The prompt on screen (as markup), so a cursor move does not redraw it."""
        self.rounds_seen = len(self.session.view(None)["rounds"])

    def compose(self) -> ComposeResult:
        yield TitleHeader(show_clock=False)
        yield XylotarTable(id="xylo-table")
        yield GameLog(id="log", title="Log")
        yield Static(id="prompt")
        yield Footer()

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

    def movable(self) -> set[int]:
        """While sorting: the cards still to place that have an equal-valued neighbour."""
        if self.step != "sort":
            return set()
        start = self.view["sorting"]["placed_count"]
        values = [value(card) for card in self.draft]
        return {
            i
            for i in range(start, len(values))
            if (i > start and values[i - 1] == values[i])
            or (i + 1 < len(values) and values[i + 1] == values[i])
        }

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
        pointed = set(choices[self.cursor]) if choices else set()
        middle = None
        if view["phase"] == "sort":
            cursor = min(pointed) if pointed and self.step == "sort" else None
            middle = sorting_lines(view, self.draft, cursor, self.movable())
            pointed, marks = set(), set()
        elif self.step == "peek":
            marks = set()
        else:
            marks = {slot for choice in choices for slot in choice}
        self.query_one(XylotarTable).show(table_lines(view, pointed, marks, middle))
        if view["phase"] == "over":
            self.title = "Xylotar - game over"
        else:
            self.title = f"Xylotar - round {view['round']}"
        self.show_text("#prompt", self.prompt_text())

    def turn_prompt(self) -> Text:
        """What the player may do now, naming the marks below their row."""
        view = self.view
        step = self.step
        if step == "sort":
            return Text(
                f"{SWAP} marks cards with an equal neighbour: [ and ] (or Shift+arrows) move "
                f"the card at {CURSOR} past it. Enter when the order is right."
            )
        if step == "play":
            return self.play_prompt()
        own = view["seats"][view["seat"]]
        if step == "peek":
            text = Text(
                f"Bid now? Arrows move {CURSOR} over two neighbouring cards, Enter looks at "
                "them. n: no bid now."
            )
            if sum(slot["status"] == "down" for slot in own["slots"]) == BID_OFFER_DOWN:
                text.append(" Last chance: wait, and your last face-down card becomes the bid.")
            return text
        cards = view["peek"]["cards"]
        text = Text("You see ")
        text.append(" and ".join(card_label(card) for card in cards), style="bold")
        text.append(f". Arrows pick the bid ({CURSOR}), Enter lays it face up; the other goes")
        text.append(" back (you will still see its value).")
        return text

    def play_prompt(self) -> Text:
        view = self.view
        led = view["led_colour"]
        choice = CHOICE.strip()
        if led is None:
            text = Text(
                f"You lead trick {view['trick_number']}: {choice} marks the cards you may "
                f"play; arrows move {CURSOR}, Enter plays."
            )
            if view["lead_ban"]["applies"]:
                text.append(" Not your leftmost card: it may lead only in the last trick.")
            return text
        colours = {
            view["seats"][view["seat"]]["slots"][slot]["colour"] for (slot,) in self.choices()
        }
        name = COLOUR_NAME[led]
        if colours == {led}:
            return Text(
                f"Follow {name}: {choice} marks your {name} cards; arrows move {CURSOR}, "
                "Enter plays."
            )
        return Text(
            f"You have no {name}, so any card may go ({choice}); arrows move {CURSOR}, Enter plays."
        )

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
        choices = self.choices()
        here = choices[self.cursor][0]
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
        """Send the chosen order: the engine asks for a colour wherever equal values meet."""
        if self.step != "sort":
            return
        seat, target = self.shown_seat, self.view["sorting"]["target"]
        draft = list(self.draft)
        while seat is not None and self.session.to_act() == [seat]:
            sorting = self.session.view(seat)["sorting"]
            if sorting is None or sorting["target"] != target:
                break
            card = draft[sorting["placed_count"]]
            if not self.apply_intent({"type": "sort", "colour": card[0]}):
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

    @on(events.Click, "#xylo-table")
    def table_clicked(self, event: events.Click) -> None:
        """A click on one of your cards points at it; a second click (or a double click)
        plays, looks or bids with it. While sorting a click only points."""
        offset = event.get_content_offset(self.query_one("#xylo-table"))
        if offset is None or not self.my_turn or offset.y != own_row_line(self.view):
            return
        index = self.choice_at(slot_at(self.view, offset.x))
        if index is None:
            self.say("That card is not a choice now.")
            return
        acting = index == self.cursor or event.chain >= 2
        self.cursor = index
        self.message = ""
        if not acting or self.step == "sort":
            self.redraw()
        elif self.step == "play":
            self.action_play()
        elif self.step == "peek":
            self.action_peek()
        else:
            self.action_bid()

    def choice_at(self, slot: int | None) -> int | None:
        """The choice a click on `slot` means: the pair starting there (else ending
        there) when looking for a bid, else the choice holding that card."""
        choices = self.choices()
        for wanted in (lambda c: c[0] == slot, lambda c: slot in c):
            found = next((i for i, choice in enumerate(choices) if wanted(choice)), None)
            if found is not None:
                return found
        return None

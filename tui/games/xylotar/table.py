"""The Xylotar table as it shows: every xylotar, the trick in front of the seats, sorting,
bidding, and the round's scores.

The pointer (the cursor, the hand being sorted, the card size, the message) is kept in
reactives whose watchers hand it to the board and the prompt; a new view sets them
without watchers and draws everything once. The keys are the screen's (`screen.py`).
"""

from __future__ import annotations

import re

from rich.text import Text
from textual.app import ComposeResult
from textual.reactive import var

from rules.xylotar import BID_OFFER_DOWN, Bid, Peek, Play, SortingView, XylotarView, ties
from tui.games.xylotar.board import (
    TableLook,
    XylotarBoard,
    row_width,
    seat_names,
    table_height,
)
from tui.games.xylotar.cards import CHIP
from tui.games.xylotar.scores import XylotarScoresScreen, next_text
from tui.games.xylotar.since import NOTHING, Changes, changes_since
from tui.games.xylotar.words import card_name, colour_name
from tui.i18n import _, ngettext
from tui.model import GameSession
from tui.screens.table import TableScreen
from tui.widgets.footer import Footer
from tui.widgets.header import TitleHeader
from tui.widgets.log import STRIP_LINES, GameLog
from tui.widgets.playing_cards import LARGE, SMALL, CardSize, card_size_for
from tui.widgets.prompt import Prompt
from tui.words.common import and_list

AROUND_TABLE = 4
"""Lines besides the table and the log: the title, two of prompt, the keys."""
SMALLEST_LOG = 4
"""The log keeps at least its frame and two lines beside framed cards."""
LOG_SHARE = 0.2
"""With framed cards the log takes at most this share of the lines (L gives it more)."""
FIELD = re.compile(r"\{(\w+)\}")
"""A field of a message: "{cards}"."""


def styled(template: str, style: str, **parts: str) -> Text:
    """`template` with its fields filled in, the fields' words in `style` (so that a
    translation may place them where its language puts them)."""
    text = Text()
    for index, piece in enumerate(FIELD.split(template)):
        if index % 2:
            text.append(parts[piece], style=style)
        else:
            text.append(piece)
    return text


BOARD_PADDING = 1
"""Cells left of the table; with large cards the table stands in the middle of the room
the log leaves it."""


def table_cards(view: XylotarView, width: int, height: int) -> tuple[CardSize, bool]:
    """The biggest cards the terminal has room for, and whether their bands are tight:
    large framed cards where `card_size_for` allows them and every band fits above a small
    log; small framed cards wherever a full row fits the width and the bands fit above a
    strip of log, as high as the cards (tight) where a line under each would not fit;
    else chips."""
    seats = len(view["players"])
    large_fits = table_height(seats, LARGE) + AROUND_TABLE + SMALLEST_LOG <= height
    if card_size_for(width, height) is LARGE and large_fits:
        return LARGE, False
    for tight in (False, True):
        room = table_height(seats, SMALL, tight) + AROUND_TABLE + STRIP_LINES[0] <= height
        board = width - BOARD_PADDING
        if room and row_width(view, SMALL, board, tight) <= board:
            return SMALL, tight
    return CHIP, False


class XylotarTable(TableScreen[XylotarView]):
    """The Xylotar table drawn from the view, the legal moves and the pointer."""

    CSS_PATH = ["../../styles/screens.tcss", "table.tcss"]

    cursor: var[int] = var(0, init=False)
    """Which of `choices()` the keys point at."""
    draft: var[tuple[str, ...]] = var((), init=False)
    """While sorting: the hand in the order chosen so far, placed cards first."""
    card_size: var[CardSize] = var(CHIP)
    """The cards the terminal has room for."""

    def __init__(
        self, session: GameSession[XylotarView], delay: float, resumed: bool = False
    ) -> None:
        super().__init__(session, delay, resumed)
        public = self.session.view(None)
        self.public = public
        """What every seat sees at the start: the seats and the length of a round."""
        self.rounds_seen = len(public["rounds"])
        self.seat_count = len(public["players"])
        self.tight = False
        """Framed cards in bands as high as the cards (`Geometry.tight`)."""
        self.changes: Changes = NOTHING
        """What the others changed since the shown seat's own last move (see `before`)."""

    def compose(self) -> ComposeResult:
        yield TitleHeader(show_clock=False)
        yield XylotarBoard(id="xylo-table")
        yield GameLog(id="log", title=_("Log"))
        yield Prompt(id="prompt")
        yield Footer()

    # ---- the room the table takes ------------------------------------------

    def fit_to_screen(self) -> None:
        """Cards grow with the screen: chips, small or large framed cards."""
        self.fit_cards()

    def log_toggled(self) -> None:
        """With the log given the room the cards shrink to chips."""
        self.fit_cards()

    def fit_cards(self) -> None:
        """Choose the card size for the screen; with framed cards the log takes what the
        table leaves, up to `LOG_SHARE` of the screen; with chips a strip of one or two
        lines; once L gave it the room, all the table leaves."""
        width, lines = self.size
        big = self.has_class("-log-big")
        size, tight = (CHIP, False) if big else table_cards(self.public, width, lines)
        log = self.query_one(GameLog)
        left = lines - AROUND_TABLE - table_height(self.seat_count, size, tight)
        most = STRIP_LINES[1] if size is CHIP else int(lines * LOG_SHARE)
        log_lines = max(STRIP_LINES[0], min(most, left))
        log.styles.height = "1fr" if big else log_lines
        padding = (0, 0, 0, BOARD_PADDING)
        if size is LARGE:
            board = width - BOARD_PADDING
            across = width - min(board, row_width(self.public, size, board))
            padding = (max(0, (left - log_lines) // 2), 0, 0, max(BOARD_PADDING, across // 2))
        self.query_one(XylotarBoard).styles.padding = padding
        tightened, self.tight = tight != self.tight, tight
        self.card_size = size
        if tightened:
            self.show_board()

    def watch_card_size(self, size: CardSize) -> None:
        for name in ("chip", "small", "large"):
            self.set_class(size.name == name, f"-cards-{name}")
        self.show_board()

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

    def own_sorting(self) -> SortingView:
        """While the seat shown sorts (step "sort"): the sorting, as its sorter sees it."""
        sorting = self.view["sorting"]
        assert sorting is not None  # a seat sorts only while the hands are sorted
        return sorting

    def placed_count(self) -> int:
        """While the seat shown sorts: how many cards of the hand it has placed."""
        placed = self.own_sorting()["placed_count"]
        assert placed is not None  # the sorter's own view counts them
        return placed

    def choices(self) -> list[tuple[int, ...]]:
        """What the cursor moves over: slots to play or bid, pairs to look at, cards to sort."""
        step = self.step
        if step == "sort":
            placed = self.placed_count()
            return [(index,) for index in range(placed, len(self.draft))]
        if step == "peek":
            return [(a.a, a.b) for a in self.legal if isinstance(a, Peek)]
        return [(a.slot,) for a in self.legal if isinstance(a, Play | Bid)]

    def movable(self) -> frozenset[int]:
        """While sorting: the cards still to place that may change places with a neighbour."""
        if self.step != "sort":
            return frozenset()
        start = self.placed_count()
        return frozenset(start + index for index in ties(self.draft[start:]))

    # ---- drawing -------------------------------------------------------

    def draw(self) -> None:
        """A new view: the pointer on the first choice, no message, what changed since the
        seat's own last move; then everything drawn once."""
        sorting = self.view["sorting"]
        draft: tuple[str, ...] = ()
        if self.step == "sort" and sorting is not None:
            placed, left = sorting["placed"], sorting["left"]
            assert placed is not None and left is not None  # the sorter's own view
            draft = (*placed, *left)
        self.set_reactive(XylotarTable.draft, draft)
        self.set_reactive(XylotarTable.cursor, 0)
        self.set_reactive(XylotarTable.message, "")
        self.changes = changes_since(self.before, self.view)
        if self.step in ("peek", "bid"):
            self.hold_enter()  # the choice follows the player's own Enter: not a second one
        self.show_all()

    def show_all(self) -> None:
        """The board, the title and the prompt, for the view as it is."""
        if self.gone:
            return
        self.show_board()
        if self.view["phase"] == "over":
            self.title = _("Xylotar — game over")
        else:
            self.title = _("Xylotar — round {round}").format(round=self.view["round"])
        self.show_prompt()

    def watch_cursor(self) -> None:
        self.show_board()

    def watch_draft(self) -> None:
        self.show_board()

    def show_board(self) -> None:
        if not self.gone:
            self.query_one(XylotarBoard).look = self.table_look()

    def show_prompt(self) -> None:
        if not self.gone:
            self.show_text("#prompt", self.prompt_text())

    def table_look(self) -> TableLook:
        """What the board shows: the view, the card size, the pointer, the changes."""
        view = self.view
        choices = self.choices()
        pointed = frozenset(choices[self.cursor]) if self.cursor < len(choices) else frozenset()
        if self.step == "sort":
            return TableLook(
                view,
                self.card_size,
                pointed=pointed,
                draft=self.draft,
                placed=self.placed_count(),
                movable=self.movable(),
                changes=self.changes,
                tight=self.tight,
            )
        return TableLook(
            view,
            self.card_size,
            pointed=pointed,
            choices=frozenset(slot for choice in choices for slot in choice),
            acting=self.step != "none",
            changes=self.changes,
            tight=self.tight,
        )

    def turn_prompt(self) -> Text:
        """What the player may do now."""
        view = self.view
        step = self.step
        if step == "sort":
            return self.sort_prompt()
        if step == "play":
            return self.play_prompt()
        seat, peek = view["seat"], view["peek"]
        assert seat is not None  # only a seat has a turn
        own = view["seats"][seat]
        if step == "peek":
            said = _(
                "Bid now? Arrows choose two neighbouring cards, Enter looks at them. n: no bid now."
            )
            if sum(slot["status"] == "down" for slot in own["slots"]) == BID_OFFER_DOWN:
                last = _("Last chance: wait, and your last face-down card becomes the bid.")
                said = f"{said} {last}"
            return Text(said)
        assert peek is not None  # step "bid": the seat has just peeked
        cards = and_list([card_name(card) for card in peek["cards"]])
        return styled(
            _(
                "You see {cards}. Arrows pick the bid, Enter lays it crosswise, face up; the"
                " other goes back (you will still see its value)."
            ),
            "bold",
            cards=cards,
        )

    def sort_prompt(self) -> Text:
        sorting = self.own_sorting()
        target = seat_names(self.view)[sorting["target"]]
        if self.view["seats"][sorting["target"]]["side"]:
            said = _("{you_sort} (its middle card will be its bid).")
        else:
            said = _("{you_sort} (they will not see it).")
        you_sort = _("You sort {name}'s xylotar").format(name=target)
        text = styled(said, "bold", you_sort=you_sort)
        text.append(" ")
        text.append(
            _(
                "Shift+arrows, - + or [ ] move the card at the cursor past an equal one (<>)."
                " Enter: done."
            )
        )
        return text

    def play_prompt(self) -> Text:
        view = self.view
        led = view["led_colour"]
        if led is None:
            said = _("You lead trick {trick}: arrows choose a card, Enter plays.").format(
                trick=view["trick_number"]
            )
            if view["lead_ban"]["applies"]:
                ban = _("Not your leftmost card: it may lead only in the last trick.")
                said = f"{said} {ban}"
            return Text(said)
        seat = view["seat"]
        assert seat is not None  # only a seat has a turn
        colours = {view["seats"][seat]["slots"][slot]["colour"] for (slot,) in self.choices()}
        if colours == {led}:
            said = _("Follow {colour}: arrows choose one of your {colour} cards, Enter plays.")
        else:
            said = _("You have no {colour}, so any card may go: arrows choose, Enter plays.")
        return Text(said.format(colour=colour_name(led)))

    def final_details(self, view: XylotarView) -> dict[int, str]:
        return {
            seat: ngettext("{count} point", "{count} points", total).format(count=total)
            for seat, total in enumerate(view["totals"])
            if total is not None
        }

    def bot_delay(self) -> float:
        """A computer sorts without pauses: it is one choice per tie, and nothing shows."""
        return 0.0 if self.view["phase"] == "sort" else self.delay

    # ---- the round's scores ----------------------------------------------

    def advance(self) -> None:
        """After a round ends, everyone sees its scores before the next round (or the end)."""
        if self.gone:
            return
        view = self.session.view(None)
        if len(view["rounds"]) > self.rounds_seen:
            self.rounds_seen = len(view["rounds"])
            self.show(self.watching_seat())
            heading = _("Round {round} scores").format(round=view["rounds"][-1]["round"])
            self.app.push_screen(
                XylotarScoresScreen(view, heading, next_text(view)), self.after_scores
            )
            return
        TableScreen.advance(self)

    def after_scores(self, result: None) -> None:
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
            after = _("The game is over.")
        else:
            after = _("Round {round} is being played.").format(round=view["round"])
        self.app.push_screen(XylotarScoresScreen(view, _("Scores so far"), after))

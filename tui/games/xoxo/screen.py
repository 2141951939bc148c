"""The XOXO table: the sliding 3x3 layout, every stack, every target; keys pick source and cell."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal
from textual.reactive import var

from rules.xoxo import LineName, Place, XoxoEvent, XoxoView
from tui.games.xoxo.board import Board, changed_cells, met_line_cells
from tui.games.xoxo.prompt import PromptLines
from tui.games.xoxo.targets import CARD_LINES, TargetPanel, met_values
from tui.games.xoxo.tiles import LARGE_TILE, MEDIUM_TILE, SMALL_TILE, XL_TILE, TileSize, tile_short
from tui.games.xoxo.words import line_words, value_word
from tui.i18n import N_, _, ngettext, pgettext
from tui.model import GameSession
from tui.screens.table import TableScreen
from tui.screens.table_view import TableView
from tui.widgets.footer import Footer
from tui.widgets.header import TitleHeader
from tui.widgets.log import GameLog
from tui.widgets.playing_cards import LARGE, SMALL, card_size_for

SOURCES = ("own", "general")
TABLE_FRAME_LINES = 1 + 8 + 3 + 1
"""Lines besides the board and seats on a big terminal: title, log, prompt, footer."""
TARGET_HEAD_LINES = 2
"""The general stack and a blank line above the seats."""
TARGET_SEAT_LINES = 2
"""A seat's name line and stack line above its target cards."""
TARGETS_WIDTH = 40
"""Cells the targets beside the board are reckoned to take when the two are centred."""
STEPS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
"""Cells a footer key takes besides its key and label: a space either side of the key
and one after the label."""

Cell = tuple[int, int]


def board_lines(tile: TileSize) -> int:
    """Lines of a board of three rows of `tile` tiles, a rule between and around them."""
    return 3 * tile.height + 4


def board_columns(tile: TileSize) -> int:
    """Columns of a board of three columns of `tile` tiles, a rule between and around."""
    return 3 * tile.width + 4


class XoxoScreen(TableScreen[XoxoView]):
    """Keyboard: Tab or 1/2 picks the stack, arrows/hjkl the cell, Enter places."""

    CSS_PATH = ["../../styles/screens.tcss", "table.tcss"]

    BINDINGS = [
        Binding("left,h", "step('left')", N_("Move"), key_display="←↑↓→"),
        Binding("right,l", "step('right')", N_("Right"), show=False),
        Binding("up,k", "step('up')", N_("Up"), show=False),
        Binding("down,j", "step('down')", N_("Down"), show=False),
        Binding("tab", "switch_source", N_("Stack"), key_display="tab 1 2"),
        Binding("1", "source('own')", N_("Own stack"), show=False),
        Binding("2", "source('general')", N_("General stack"), show=False),
        Binding("enter", "place", N_("Place")),
        Binding("L", "toggle_log", N_("Log"), key_display="L"),
    ]

    def waiting_note(self) -> str:
        """The legend added to "Waiting for Bob.", in the player's language."""
        return "  " + _("◆ last tile, xN tiles in a pile.")

    source: var[str] = var("own", init=False)
    """The stack the next tile comes from: "own" or "general"."""
    cursor: var[Cell] = var((0, 0), init=False)
    """The tile or free cell Enter places on."""

    def __init__(self, session: GameSession[XoxoView], delay: float, resumed: bool = False) -> None:
        super().__init__(session, delay, resumed)
        self.sources: dict[int | None, str] = {}
        """Each player's last stack choice: the next player does not inherit it."""
        self.met_before: dict[int, set[str]] = {}
        self.news: list[tuple[int, str, list[LineName]]] = []
        """Targets met since a person here last placed a tile: (owner, value, the lines
        that met it, as the log's "met" event names them)."""
        self.board = Board(id="board")
        self.targets = TargetPanel(id="targets")
        self.prompt = PromptLines(id="prompt")

    def compose(self) -> ComposeResult:
        yield TitleHeader(show_clock=False)
        with Horizontal(id="xoxo-top"):
            with Container(id="board-area"):
                yield self.board
            yield self.targets
        yield GameLog(id="log", title=_("Log"))
        yield self.prompt
        yield Footer()

    def fit_to_screen(self) -> None:
        """Tiles grow with the screen: grid cells, then framed tiles of three sizes; framed
        tiles and the targets beside them stand in the middle of the width."""
        width, height = self.size
        size = card_size_for(width, height)
        tile = LARGE_TILE if size is LARGE else MEDIUM_TILE if size is SMALL else SMALL_TILE
        if tile is LARGE_TILE and board_lines(XL_TILE) <= height - TABLE_FRAME_LINES:
            tile = XL_TILE
        for name in ("small", "medium", "large", "xl"):
            self.set_class(tile.name == name, f"-tiles-{name}")
        self.board.tile_size = tile
        room = width - board_columns(tile) - TARGETS_WIDTH
        left = max(0, room // 2) if tile.framed else 0
        self.query_one("#xoxo-top").styles.padding = (0, 0, 0, left)
        self.fit_targets()

    def fit_targets(self) -> None:
        """Targets lie as cards where tiles are framed and every seat's cards fit above the
        log; else they are words."""
        seats = len(self.view["seats"])
        room = self.size.height - TABLE_FRAME_LINES
        self.targets.cards = self.board.tile_size is not SMALL_TILE and (
            TARGET_HEAD_LINES + seats * (TARGET_SEAT_LINES + CARD_LINES) <= room
        )

    # ---- what the view says --------------------------------------------

    def open_cells(self) -> list[Cell]:
        """The cells the next tile may go to, as the engine lists them."""
        return [(p["x"], p["y"]) for p in self.view["placements"]]

    def tile_cells(self) -> set[Cell]:
        """The cells a tile lies on."""
        return {(c["x"], c["y"]) for c in self.view["cells"]}

    def stops(self) -> set[Cell]:
        """Where the cursor may rest: every tile and every free cell (+); from any of them
        every other one is reached by steps along rows and columns."""
        return self.tile_cells() | set(self.open_cells())

    def usable_sources(self) -> list[str]:
        """The stacks this seat may place from now, as the engine lists them."""
        return list(dict.fromkeys(a.source for a in self.legal if isinstance(a, Place)))

    # ---- drawing -------------------------------------------------------

    def draw(self) -> None:
        """A new view: the player's own last stack choice if still usable, the cursor on a
        free cell; tiles placed since the player's own last turn and the lines of targets
        just met marked on the board."""
        self.set_reactive(TableView.message, "")
        source = self.sources.get(self.shown_seat, "own")
        usable = self.usable_sources()
        if usable and source not in usable:
            source = usable[0]
        self.set_reactive(XoxoScreen.source, source)
        cells = self.open_cells()
        if cells and self.cursor not in cells:
            self.set_reactive(XoxoScreen.cursor, cells[len(cells) // 2])
        self.collect_news()
        view = self.view
        shown = {(seat, value) for seat, value, _lines in self.news}
        if view["phase"] == "over":
            shown |= {
                (seat, value)
                for seat in view["winners"]
                for value in met_values(view["seats"][seat])
            }
        self.board.changed = changed_cells(self.before, view)
        self.board.lines = met_line_cells(view, shown)
        self.redraw()

    def watch_cursor(self) -> None:
        self.pointer_moved()

    def watch_source(self) -> None:
        self.pointer_moved()

    def pointer_moved(self) -> None:
        """The cursor or the stack changed: the board moves its cursor, the prompt its hint."""
        self.set_reactive(TableView.message, "")
        self.board.cursor = self.cursor if self.my_turn else None
        self.prompt.show(self.prompt_paragraphs())

    def collect_news(self) -> None:
        """Note every target met since the last view (met targets are public), with the
        lines that met it as the log's "met" event names them."""
        log = self.session.log(self.shown_seat)
        # The session is an XOXO game's: its log holds XOXO events.
        events: list[XoxoEvent] = [entry["event"] for entry in reversed(log)]
        met_events = [e for e in events if e["kind"] == "met"]
        for seat, info in enumerate(self.view["seats"]):
            met = set(met_values(info))
            for value in sorted(met - self.met_before.get(seat, met)):
                lines: list[LineName] = next(
                    (e["lines"] for e in met_events if (e["owner"], e["value"]) == (seat, value)),
                    [],
                )
                self.news.append((seat, value, lines))
            self.met_before[seat] = met

    def redraw(self) -> None:
        """Hand the view and the cursor to the widgets; each repaints only what changed."""
        if self.gone:
            return
        view = self.view
        over = view["phase"] == "over"
        self.board.view = view
        self.board.show_open = not over
        self.board.cursor = self.cursor if self.my_turn else None
        self.targets.view = view
        self.fit_targets()
        self.title = _("XOXO — game over") if over else "XOXO"
        self.prompt.show(self.prompt_paragraphs())

    def show_prompt(self) -> None:
        if not self.gone:
            self.prompt.show(self.prompt_paragraphs())

    def prompt_paragraphs(self) -> list[Text]:
        """News of met targets (or whose turn) first, then the shared prompt; a message
        takes the whole prompt."""
        if self.message:
            return [self.prompt_text()]
        return [self.news_text(), self.prompt_text()]

    def news_text(self) -> Text:
        """The targets met since a person here last placed, in as many words as fit one
        line (the log keeps the rest); else whose turn it is."""
        if not self.news:
            if not self.my_turn:
                return Text("")
            seat = self.view["seat"]
            assert seat is not None  # only a seat has a turn
            name = self.view["players"][seat]
            return Text(_("Your turn, {name}.").format(name=name), style="bold")
        width = self.prompt.content_size.width or 78
        names = self.view["players"]
        if len(self.news) == 1:
            seat, value, where = self.news[0]
            name, word = names[seat], value_word(value)
            wordings = (
                [
                    _("Target met: {name}, {value} ({lines})").format(
                        name=name, value=word, lines=line_words(where)
                    )
                ]
                if where
                else []
            )
            wordings.append(_("Target met: {name}, {value}").format(name=name, value=word))
        else:
            met = [f"{names[seat]} {value_word(value)}" for seat, value, _lines in self.news]
            wordings = [self.met_wording(met, count) for count in range(len(met), 0, -1)]
        fitting = next((w for w in wordings if len(w) <= width), wordings[-1])
        text = Text(fitting, style="bold")
        text.no_wrap, text.overflow = True, "ellipsis"
        return text

    @staticmethod
    def met_wording(met: list[str], count: int) -> str:
        """The first `count` of these met targets ("Ann red"), and how many more the log
        holds."""
        listed = ", ".join(met[:count])
        more = len(met) - count
        if not more:
            return _("Targets met: {targets}").format(targets=listed)
        return ngettext(
            "Targets met: {targets} and {count} more (see the log)",
            "Targets met: {targets} and {count} more (see the log)",
            more,
        ).format(targets=listed, count=more)

    def turn_prompt(self) -> Text:
        view = self.view
        seat = view["seat"]
        assert seat is not None  # the prompt of a turn: only a seat has one
        stacks = {"own": view["seats"][seat]["stack"], "general": view["general"]}
        labels = (
            (1, pgettext("xoxo prompt", "your stack")),
            (2, pgettext("xoxo prompt", "general")),
        )
        text = Text(_("Placing from:") + " ")
        for key, (number, label) in zip(SOURCES, labels, strict=True):
            chosen = key == self.source
            text.append(f"[{number}] {label} ", style="bold reverse" if chosen else "")
            top = stacks[key]["top"]
            text.append_text(tile_short(top) if top else Text(_("empty"), style="italic"))
            text.append("   ")
        text.rstrip()
        text.append("\n" + self.hint())
        return text

    def hint(self) -> str:
        """What Enter does on the cell under the cursor, or why it does nothing there."""
        tiles = self.tile_cells()
        if not tiles:
            return _("Enter places the first tile; it starts the layout.")
        if self.cursor in self.open_cells():
            if self.view["full"]:
                return _("Enter places on this tile. ◆ last tile, ◇ since your turn, xN pile.")
            return _("Arrows move, Enter places here. The cells marked + take a tile.")
        if self.view["full"]:
            return _("The last tile placed (◆) may not be covered: move to another tile.")
        return _("Taken: tiles go on top once the 3x3 is full. Move to a cell marked +.")

    def final_details(self, view: XoxoView) -> dict[int, str]:
        """Each player's met targets, named."""
        details = {}
        for seat, info in enumerate(view["seats"]):
            met = [value_word(value) for value in met_values(info)]
            details[seat] = (
                _("met {count}: {targets}").format(count=len(met), targets=", ".join(met))
                if met
                else _("met none")
            )
        return details

    # ---- intents -------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("switch_source", "source", "place", "step"):
            return self.my_turn
        return True

    def action_step(self, direction: str) -> None:
        """Move to the next tile or free cell along the row (Left, Right) or the column
        (Up, Down), skipping empty cells that take no tile; at the end of the line, stay."""
        if not self.my_turn:
            return
        dx, dy = STEPS[direction]
        x0, y0 = self.cursor
        ahead = [
            (x, y)
            for x, y in self.stops()
            if (y == y0 if dx else x == x0) and (x - x0) * dx + (y - y0) * dy > 0
        ]
        if ahead:
            self.cursor = min(ahead, key=lambda c: abs(c[0] - x0) + abs(c[1] - y0))

    def action_switch_source(self) -> None:
        usable = self.usable_sources()
        if usable:
            others = [s for s in usable if s != self.source]
            self.action_source(others[0] if others else self.source)

    def action_source(self, source: str) -> None:
        if not self.my_turn:
            return
        if source not in self.usable_sources():
            if source == "general":
                self.say(_("The general stack is empty."))
            else:
                self.say(_("Your own stack is empty."))
            return
        self.source = self.sources[self.shown_seat] = source

    def action_place(self) -> None:
        if self.cursor not in self.open_cells():
            self.say(self.hint())
            return
        x, y = self.cursor
        moves = len(self.session.record.actions)
        kept, self.news = self.news, []
        self.submit(Place(self.source, x, y))
        if len(self.session.record.actions) == moves:
            self.news = kept + self.news
            self.redraw()

    def on_board_picked(self, message: Board.Picked) -> None:
        """A click points at a tile or free cell, a second click places there."""
        if not self.my_turn:
            return
        cell = (message.x, message.y)
        if cell == self.cursor:
            self.action_place()
        elif cell in self.stops():
            self.cursor = cell
        else:
            self.say(_("Nothing may go there: a tile must touch the layout, within 3 by 3."))

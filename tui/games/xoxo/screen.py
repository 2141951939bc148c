"""The XOXO table: the sliding 3x3 layout, every stack, every target; keys pick source and cell."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal
from textual.events import Resize
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Footer

from tui.games.xoxo.board import Board
from tui.games.xoxo.targets import CARD_LINES, TargetPanel
from tui.games.xoxo.tiles import LARGE_TILE, MEDIUM_TILE, SMALL_TILE, tile_short
from tui.screens.table import TableScreen
from tui.widgets.header import TitleHeader
from tui.widgets.log import GameLog
from tui.widgets.looks import looks
from tui.widgets.playing_cards import LARGE, SMALL, card_size_for

SOURCES = ("own", "general")
TABLE_FRAME_LINES = 1 + 8 + 3 + 1
"""Lines besides the board and seats on a big terminal: title, log, prompt, footer."""
TARGET_HEAD_LINES = 2
"""The general stack and a blank line above the seats."""
TARGET_SEAT_LINES = 2
"""A seat's name line and stack line above its target cards."""
STEPS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}

Cell = tuple[int, int]


class PromptLines(Widget):
    """The prompt, wrapped to the width; a change repaints only the lines that differ
    (moving the cursor often changes just the hint)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._paragraphs: list[Text] = []
        self._lines: list[Text] = []

    def show(self, paragraphs: list[Text]) -> None:
        """Show these paragraphs, each wrapped (or cut, if it says no_wrap) to the width."""
        self._paragraphs = paragraphs
        width = self.content_size.width
        if not width:
            return
        lines = [line for p in paragraphs for line in p.wrap(self.app.console, width)]
        old = [looks(line) for line in self._lines]
        self._lines = lines
        for y in range(max(len(lines), len(old))):
            if y >= len(lines) or y >= len(old) or looks(lines[y]) != old[y]:
                self.refresh(Region(0, y, width, 1))

    def on_resize(self, event: Resize) -> None:
        self._lines = []
        self.show(self._paragraphs)
        self.refresh()

    def render_line(self, y: int) -> Strip:
        base = self.rich_style
        width = self.content_size.width
        if y >= len(self._lines):
            return Strip.blank(width, base)
        line = self._lines[y]
        style = base + self.app.console.get_style(line.style) if line.style else base
        strip = Strip(line.render(self.app.console), line.cell_len).apply_style(style)
        return strip.extend_cell_length(width, base)


class XoxoScreen(TableScreen):
    """Keyboard: Tab or 1/2 picks the stack, arrows/hjkl the cell, Enter places."""

    CSS_PATH = ["../../styles/screens.tcss", "table.tcss"]

    BINDINGS = [
        Binding("left,h", "step('left')", "Move", key_display="←↑↓→"),
        Binding("right,l", "step('right')", "Right", show=False),
        Binding("up,k", "step('up')", "Up", show=False),
        Binding("down,j", "step('down')", "Down", show=False),
        Binding("tab", "switch_source", "Stack", key_display="tab 1 2"),
        Binding("1", "source('own')", "Own stack", show=False),
        Binding("2", "source('general')", "General", show=False),
        Binding("enter", "place", "Place"),
        Binding("L", "toggle_log", "Log", key_display="L"),
    ]

    WAITING_NOTE = "  ◆ last tile, xN tiles in a pile."

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.source = "own"
        self.sources: dict[int | None, str] = {}
        """Each player's last stack choice: the next player does not inherit it."""
        self.cursor: Cell = (0, 0)
        self.met_before: dict[int, set[str]] = {}
        self.news: list[tuple[str, str, str]] = []
        """Targets met since a person here last placed a tile: (name, value, the lines that
        met it, as the log words them)."""
        self.board = Board(id="board")
        self.targets = TargetPanel(id="targets", classes="pieces")
        self.prompt = PromptLines(id="prompt")

    def compose(self) -> ComposeResult:
        yield TitleHeader(show_clock=False)
        with Horizontal(id="xoxo-top"):
            with Container(id="board-area", classes="pieces"):
                yield self.board
            yield self.targets
        yield GameLog(id="log", title="Log")
        yield self.prompt
        yield Footer()

    def on_resize(self, event: Resize) -> None:
        """Tiles grow with the screen: grid cells, then framed tiles of two sizes."""
        size = card_size_for(event.size.width, event.size.height)
        tile = LARGE_TILE if size is LARGE else MEDIUM_TILE if size is SMALL else SMALL_TILE
        for name in ("small", "medium", "large"):
            self.set_class(tile.name == name, f"-tiles-{name}")
        self.board.tile_size = tile
        self.fit_targets()

    def fit_targets(self) -> None:
        """Targets lie as cards where tiles are framed and every seat's cards fit above the
        log; else they are words."""
        seats = len(self.view.get("seats", []))
        room = self.size.height - TABLE_FRAME_LINES
        self.targets.cards = self.board.tile_size is not SMALL_TILE and (
            TARGET_HEAD_LINES + seats * (TARGET_SEAT_LINES + CARD_LINES) <= room
        )

    # ---- what the view says --------------------------------------------

    def open_cells(self) -> list[Cell]:
        """The cells the next tile may go to, as the engine lists them."""
        return [(p["x"], p["y"]) for p in self.view.get("placements", [])]

    def tile_cells(self) -> set[Cell]:
        """The cells a tile lies on."""
        return {(c["x"], c["y"]) for c in self.view.get("cells", [])}

    def stops(self) -> set[Cell]:
        """Where the cursor may rest: every tile and every free cell (+); from any of them
        every other one is reached by steps along rows and columns."""
        return self.tile_cells() | set(self.open_cells())

    def usable_sources(self) -> list[str]:
        """The stacks this seat may place from now, as the engine lists them."""
        return list(dict.fromkeys(a.to_json()["source"] for a in self.legal))

    # ---- drawing -------------------------------------------------------

    def draw(self) -> None:
        """A new view: the player's own last stack choice if still usable, the cursor on a
        free cell."""
        self.message = ""
        self.source = self.sources.get(self.shown_seat, "own")
        usable = self.usable_sources()
        if usable and self.source not in usable:
            self.source = usable[0]
        cells = self.open_cells()
        if cells and self.cursor not in cells:
            self.cursor = cells[len(cells) // 2]
        self.collect_news()
        self.redraw()

    def collect_news(self) -> None:
        """Note every target met since the last view (met targets are public), with the
        lines that met it as the log names them."""
        log = self.session.log(self.shown_seat)
        for seat, info in enumerate(self.view.get("seats", [])):
            met = {t["value"] for t in info["targets"] if t["met"]}
            for value in sorted(met - self.met_before.get(seat, met)):
                lines = next(
                    (
                        e["met"]["lines"]
                        for e in reversed(log)
                        if "met" in e and (e["met"]["owner"], e["met"]["value"]) == (seat, value)
                    ),
                    "",
                )
                self.news.append((info["name"], value, lines))
            self.met_before[seat] = met

    def redraw(self) -> None:
        """Hand the view and the cursor to the widgets; each repaints only what changed."""
        if self.gone:
            return
        view = self.view
        over = view.get("phase") == "over"
        self.board.view = view
        self.board.show_open = not over
        self.board.cursor = self.cursor if self.my_turn else None
        self.targets.view = view
        self.fit_targets()
        self.title = "XOXO - game over" if over else "XOXO"
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
            return Text(f"Your turn, {self.view['players'][self.view['seat']]}.", style="bold")
        width = self.prompt.content_size.width or 78
        if len(self.news) == 1:
            name, value, where = self.news[0]
            wordings = [f"Target met: {name}, {value} ({where})"] if where else []
            wordings.append(f"Target met: {name}, {value}")
        else:
            met = [f"{name} {value}" for name, value, _ in self.news]
            wordings = [
                f"Targets met: {', '.join(met[:count])}"
                + (f" and {len(met) - count} more (see the log)" if count < len(met) else "")
                for count in range(len(met), 0, -1)
            ]
        fitting = next((w for w in wordings if len(w) <= width), wordings[-1])
        text = Text(fitting, style="bold")
        text.no_wrap, text.overflow = True, "ellipsis"
        return text

    def turn_prompt(self) -> Text:
        view = self.view
        seat = view["seat"]
        stacks = {"own": view["seats"][seat]["stack"], "general": view["general"]}
        text = Text("Placing from: ")
        for key, (number, label) in zip(SOURCES, ((1, "your stack"), (2, "general")), strict=True):
            chosen = key == self.source
            text.append(f"[{number}] {label} ", style="bold reverse" if chosen else "")
            top = stacks[key]["top"]
            text.append_text(tile_short(top) if top else Text("empty", style="italic"))
            text.append("   ")
        text.rstrip()
        text.append("\n" + self.hint())
        return text

    def hint(self) -> str:
        """What Enter does on the cell under the cursor, or why it does nothing there."""
        tiles = self.tile_cells()
        if not tiles:
            return "Enter places the first tile; it starts the layout."
        if self.cursor in self.open_cells():
            if self.view.get("full"):
                return "Arrows move, Enter places on this tile. ◆ last tile, xN pile height."
            return "Arrows move, Enter places here. The cells marked + take a tile."
        if self.view.get("full"):
            return "The last tile placed (◆) may not be covered: move to another tile."
        return "Taken: tiles go on top once the 3x3 is full. Move to a cell marked +."

    def final_details(self, view: dict[str, Any]) -> dict[int, str]:
        """Each player's met targets, named."""
        details = {}
        for seat, info in enumerate(view["seats"]):
            met = [t["value"] for t in info["targets"] if t["met"]]
            details[seat] = f"met {len(met)}: {', '.join(met)}" if met else "met none"
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
            self.point_at(min(ahead, key=lambda c: abs(c[0] - x0) + abs(c[1] - y0)))

    def point_at(self, cell: Cell) -> None:
        self.cursor = cell
        self.message = ""
        self.redraw()

    def action_switch_source(self) -> None:
        usable = self.usable_sources()
        if usable:
            others = [s for s in usable if s != self.source]
            self.action_source(others[0] if others else self.source)

    def action_source(self, source: str) -> None:
        if not self.my_turn:
            return
        if source not in self.usable_sources():
            self.say(f"The {'general' if source == 'general' else 'own'} stack is empty.")
            return
        self.source = self.sources[self.shown_seat] = source
        self.message = ""
        self.redraw()

    def action_place(self) -> None:
        if self.cursor not in self.open_cells():
            self.say(self.hint())
            return
        x, y = self.cursor
        moves = len(self.session.record.actions)
        kept, self.news = self.news, []
        self.submit({"type": "place", "source": self.source, "x": x, "y": y})
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
            self.point_at(cell)
        else:
            self.say("Nothing may go there: a tile must touch the layout, within 3 by 3.")

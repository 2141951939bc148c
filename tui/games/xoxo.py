"""The XOXO table: the sliding 3x3 layout, every stack, every target; keys pick source and cell."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from tui.screens.table import TableScreen
from tui.widgets.board import Board
from tui.widgets.header import TitleHeader
from tui.widgets.log import GameLog
from tui.widgets.targets import TargetPanel
from tui.widgets.tile import tile_short

SOURCES = ("own", "general")
STEPS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


class XoxoScreen(TableScreen):
    """Keyboard: Tab or 1/2 picks the stack, arrows/hjkl the cell, Enter places."""

    BINDINGS = [
        Binding("left,h", "step('left')", "Move", key_display="←↑↓→"),
        Binding("right,l", "step('right')", "Right", show=False),
        Binding("up,k", "step('up')", "Up", show=False),
        Binding("down,j", "step('down')", "Down", show=False),
        Binding("tab", "switch_source", "Stack", key_display="tab 1 2"),
        Binding("1", "source('own')", "Own stack", show=False),
        Binding("2", "source('general')", "General", show=False),
        Binding("enter", "place", "Place"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.source = "own"
        self.cursor: tuple[int, int] = (0, 0)
        self.met_before: dict[int, set[str]] = {}

    def compose(self) -> ComposeResult:
        yield TitleHeader(show_clock=False)
        with Horizontal(id="xoxo-top"):
            yield Board(id="board")
            with Vertical(id="xoxo-side"):
                yield TargetPanel(id="targets")
                yield GameLog(id="log", title="Log")
        yield Static(id="prompt")
        yield Footer()

    # ---- drawing -------------------------------------------------------

    def open_cells(self) -> list[tuple[int, int]]:
        return [(p["x"], p["y"]) for p in self.view.get("placements", [])]

    def usable_sources(self) -> list[str]:
        """The stacks this seat may place from now, as the engine lists them."""
        return list(dict.fromkeys(a.to_json()["source"] for a in self.legal))

    def draw(self) -> None:
        """A new view: keep the stack choice if still usable, put the cursor on a free cell."""
        self.message = ""
        usable = self.usable_sources()
        if usable and self.source not in usable:
            self.source = usable[0]
        cells = self.open_cells()
        if cells and self.cursor not in cells:
            self.cursor = cells[len(cells) // 2]
        self.announce_met_targets()
        self.redraw()

    def announce_met_targets(self) -> None:
        """A notification for every target met since the last view (met targets are public),
        worded as the log line that names the lines which met it."""
        log = self.session.log(self.shown_seat)
        for seat, info in enumerate(self.view.get("seats", [])):
            met = {t["value"] for t in info["targets"] if t["met"]}
            new = met - self.met_before.get(seat, met)
            for value in sorted(new):
                said = f"{info['name']} met the target {value}"
                line = next((e["text"] for e in reversed(log) if e["text"].startswith(said)), said)
                self.app.notify(line, title="Target met", markup=False)
            self.met_before[seat] = met

    def redraw(self) -> None:
        view = self.view
        board = self.query_one("#board", Board)
        board.view = view
        board.show_open = view.get("phase") != "over"
        board.cursor = self.cursor if self.my_turn else None
        self.query_one("#targets", TargetPanel).view = view
        self.title = "XOXO" if view.get("phase") != "over" else "XOXO - game over"
        self.query_one("#prompt", Static).update(self.prompt_text())

    WAITING_NOTE = "  (* last tile: cannot be covered; xN: tiles in a pile)"

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
        text.append("\nArrows pick a free cell (+), Enter places. * last tile, xN pile height.")
        return text

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
        """Jump to the nearest free cell in that direction; cells that take no tile are
        skipped, so the cursor only ever rests where a tile may go."""
        if not self.my_turn:
            return
        dx, dy = STEPS[direction]
        x0, y0 = self.cursor
        ahead = [(x, y) for x, y in self.open_cells() if (x - x0) * dx + (y - y0) * dy > 0]
        if not ahead:
            self.say(
                "No free cell that way. A tile must touch the layout, which stays within "
                "3 by 3; once it is full, any cell but the last one (*) takes a tile."
            )
            return

        def distance(cell: tuple[int, int]) -> tuple[int, int]:
            along = (cell[0] - x0) * dx + (cell[1] - y0) * dy
            return (abs(cell[0] - x0) + abs(cell[1] - y0) - along, along)

        self.cursor = min(ahead, key=distance)
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
        self.source = source
        self.message = ""
        self.redraw()

    def action_place(self) -> None:
        x, y = self.cursor
        self.submit({"type": "place", "source": self.source, "x": x, "y": y})

    def on_board_picked(self, message: Board.Picked) -> None:
        """A click points at a free cell, a second click places there; other cells refuse."""
        if not self.my_turn:
            return
        cell = (message.x, message.y)
        if cell not in self.open_cells():
            self.say("No tile may go there now: the free cells are marked +.")
        elif cell == self.cursor:
            self.action_place()
        else:
            self.cursor = cell
            self.message = ""
            self.redraw()

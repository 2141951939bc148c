"""The anchor of the app benchmarks: the smallest Textual app with hotseat's chrome (a
header, one line of text, a footer) and one cursor that the arrow keys move.

    python benchmarks/bare_app.py    (ctrl+q quits)
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Header, Static

WIDTH = 10
"""Places the cursor moves between."""


class BareApp(App[None]):
    """A header, a line saying where the cursor is, a footer; the arrows move the cursor."""

    BINDINGS = [
        Binding("left,up", "move(-1)", "Move", key_display="←↑↓→"),
        Binding("right,down", "move(1)", "Right", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.cursor = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(self.line(), id="line")
        yield Footer()

    def line(self) -> str:
        return f"hotseat benchmark: a bare Textual app, cursor at {self.cursor}"

    def action_move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % WIDTH
        self.query_one("#line", Static).update(self.line())


if __name__ == "__main__":
    BareApp().run()

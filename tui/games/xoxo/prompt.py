"""XOXO's prompt: its lines wrapped to the width, each repainted only when it changed."""

from __future__ import annotations

from rich.text import Text
from textual.events import Resize
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from tui.widgets.looks import looks


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

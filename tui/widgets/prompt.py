"""The prompt under a table: what the player at the keyboard may do now, wrapped so that
no line holds a single word left over."""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console
from rich.text import Text
from textual.app import RenderResult
from textual.widgets import Static


def unstranded(text: Text, width: int, console: Console) -> Text:
    """`text` wrapped to `width` cells, each paragraph whose last line would hold one word
    wrapped a little narrower instead (as long as that takes no more lines), so that
    word is not left alone."""
    if width <= 0:
        return text
    paragraphs = [_paragraph(line, width, console) for line in text.split("\n")]
    return Text("\n").join(paragraphs)


def _paragraph(text: Text, width: int, console: Console) -> Text:
    if text.cell_len <= width:
        return text
    lines = text.wrap(console, width)
    if len(lines) < 2 or len(lines[-1].plain.split()) > 1:
        return text
    for narrower in range(width - 1, width // 2, -1):
        trial = text.wrap(console, narrower)
        if len(trial) > len(lines):
            break
        if len(trial[-1].plain.split()) > 1:
            return Text("\n").join(_stripped(trial))
    return text


def _stripped(lines: Iterable[Text]) -> list[Text]:
    """The wrapped lines without the spaces wrapping left at their ends."""
    kept = list(lines)
    for line in kept:
        line.rstrip()
    return kept


class Prompt(Static):
    """A Static whose text never strands a word on its last line at the current width;
    the text is wrapped once per text and width, not at every repaint."""

    _wrapped: tuple[object, int, Text] | None = None

    def render(self) -> RenderResult:
        content = self.content
        if not isinstance(content, Text):
            return super().render()
        width = self.content_region.width
        if self._wrapped is None or self._wrapped[:2] != (content, width):
            self._wrapped = (content, width, unstranded(content, width, self.app.console))
        return self._wrapped[2]

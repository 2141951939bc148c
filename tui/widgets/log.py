"""The game log: what happened, as the viewing seat may know it, newest at the bottom.

Built on `RichLog`, which keeps rendered lines and draws only the visible ones, so a
long game costs no more to show than a short one. Callers pass a recent tail of the
log (`reset`) and then new entries (`extend`); at most `MAX_LINES` lines are kept.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog

from tui.i18n import N_, _

if TYPE_CHECKING:
    from tui.words import WordedEntry

MAX_LINES = 1000
"""Most lines the log keeps; older ones are dropped, so cost never grows with the game."""
STRIP_LINES = (3, 4)
"""A table's log on a small screen is a strip: its frame and one line, or two where
the pieces leave the room (a sixth of 80x24). A strip shows each entry on one line, cut
with "…" where it is too long, never the wrapped tail of an entry; L shows it whole."""
TITLE = N_("Log")
"""The title a table gives its log (said in the player's language by the log)."""


class GameLog(RichLog, can_focus=False):
    """Log entries as plain text (names are never markup), wrapped to the width (cut to
    it in a strip of one or two lines), scrolled to the newest. The scrollbar's column
    is always kept free, so the text width does not change (nor need wrapping again)
    when the scrollbar comes or goes. Its title is said in the player's language
    (`TITLE`: "Log", German "Protokoll")."""

    DEFAULT_CSS = """
    GameLog {
        background: transparent;
        overflow-x: hidden;
        overflow-y: auto;
        scrollbar-gutter: stable;
    }
    """

    def __init__(
        self,
        *,
        title: str | None = None,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(
            max_lines=MAX_LINES, min_width=1, wrap=True, name=name, id=id, classes=classes
        )
        self.border_title = _(title) if title else title
        self._texts: deque[str] = deque(maxlen=MAX_LINES)
        """Texts of the newest entries shown (each is at least one line), for re-wrapping."""
        self._wrap_width = 0
        """Content width the lines are wrapped at; 0 until the size is known."""
        self._strip = False
        """Whether the log is a strip (`STRIP_LINES`): each entry cut to one line."""

    def reset(self, entries: Sequence[WordedEntry]) -> None:
        """Show exactly these entries (a recent tail of the log), scrolled to the newest."""
        self._texts.clear()
        self.clear()
        self.extend(entries)

    def extend(self, entries: Sequence[WordedEntry]) -> None:
        """Add these entries after the ones shown and scroll to the newest."""
        texts = [entry["text"] for entry in entries]
        self._texts.extend(texts)
        self._write(texts)

    def _write(self, texts: Iterable[str]) -> None:
        """Append the texts as plain text wrapped to the width, the last one known while
        the log is off screen (`RichLog` defers this until the width is first known)."""
        lines = list(texts)
        if not lines:
            return
        width = self._wrap_width
        if self._strip and width:
            lines = [_cut(line, width) for line in lines]
        self.write(Text("\n".join(lines)), width=width or None, scroll_end=False)
        self._show_newest()

    def _show_newest(self) -> None:
        """Scroll to the newest line now, not after the next refresh: a screen pushed on
        top (game over) must never catch the log anywhere else."""
        if self.scrollable_content_region.height:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def on_resize(self, event: Resize) -> None:
        """Keep the lines wrapped to the width; the first size is left to `RichLog`,
        which then writes what was deferred, and the newest line shown right after."""
        self._rewrap()
        self.call_next(self._show_newest)

    def watch_show_vertical_scrollbar(self) -> None:
        """A scrollbar appearing means the lines outgrew the log: show the newest at once,
        and wrap again once the layout is done."""
        self._show_newest()
        self.call_after_refresh(self._rewrap)

    def _rewrap(self) -> None:
        """Wrap (or cut) the kept entries again if the width changed or the log became a
        strip or stopped being one, and show the newest line. A width of 0 (squeezed out
        or off screen) keeps the last width to wrap at."""
        region = self.scrollable_content_region
        if not region.width:
            return
        strip = region.height <= STRIP_LINES[1] - 2
        before = (self._wrap_width, self._strip)
        self._wrap_width, self._strip = region.width, strip
        if before[0] and before != (region.width, strip):
            self._rewrite()
        elif strip and not before[0]:
            self.call_next(self._rewrite)  # after `RichLog` writes what it deferred
        self._show_newest()

    def _rewrite(self) -> None:
        self.clear()
        self._write(self._texts)


def _cut(line: str, width: int) -> str:
    """`line` cut to `width` cells, "…" at its end where it was longer."""
    text = Text(line)
    text.truncate(width, overflow="ellipsis")
    return text.plain

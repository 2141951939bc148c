"""The title bar of every screen: Textual's Header, safe while its screen is torn down."""

from __future__ import annotations

from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.events import Mount
from textual.widgets import Header
from textual.widgets._header import HeaderTitle


class TitleHeader(Header):
    """Textual 8.2.8's Header updates its title from watchers that can fire after its
    HeaderTitle child was removed (a screen dismissed by keys typed fast), raising
    NoMatches; this one skips that update, since nothing is left to show it. (Widget's
    own mount handler, skipped with Header's, only concerns scrolling overflow.)"""

    def _on_mount(self, event: Mount) -> None:
        event.prevent_default()  # Header's own handler would add the failing watchers too

        async def set_title() -> None:
            try:
                self.query_one(HeaderTitle).update(self.format_title())
            except (NoMatches, NoScreen):
                return

        self.watch(self.app, "title", set_title)
        self.watch(self.app, "sub_title", set_title)
        self.watch(self.screen, "title", set_title)
        self.watch(self.screen, "sub_title", set_title)

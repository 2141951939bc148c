"""Work-arounds for errors inside Textual 8.2.8 (the pinned version) that keys typed fast
can trigger. Each names what it fixes; drop it when Textual does."""

from __future__ import annotations

from typing import Literal

from textual.widget import Widget
from textual.widgets import OptionList


def taken_apart(widget: Widget) -> bool:
    """True once Textual began removing `widget`, or it is off the screen, or the app
    stopped running. When the app closes, its screens stay in the stack while their
    widgets go, and Textual 8.2.8 says so only in a private flag; a computer's move, or a
    screen's Mount, arriving then must find nothing to draw on or fill in."""
    return (
        bool(getattr(widget, "_pruning", False))
        or not widget.is_attached
        or not widget.app.is_running
    )


def _guard_option_list_paging() -> None:
    """OptionList (also inside every Select's drop-down) raises KeyError on PageUp or
    PageDown that arrives before it has laid out its lines; such a key does nothing."""
    move_page = OptionList._move_page

    def safe_move_page(self: OptionList, direction: Literal[-1, 1]) -> None:
        if self._index_to_line:
            move_page(self, direction)

    OptionList._move_page = safe_move_page  # type: ignore[method-assign]


def apply() -> None:
    """Install every work-around; harmless to call more than once."""
    if not getattr(OptionList, "_hotseat_guarded", False):
        _guard_option_list_paging()
        OptionList._hotseat_guarded = True  # type: ignore[attr-defined]

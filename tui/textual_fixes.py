"""Work-arounds for errors inside Textual 8.2.8 (the pinned version) that keys typed fast
can trigger. Each names what it fixes; drop it when Textual does."""

from __future__ import annotations

from typing import Any, Literal

from textual import events
from textual.widget import Widget
from textual.widgets import OptionList, Select


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


def _guard_select_mount() -> None:
    """A Select whose Mount comes after the app began to close (the new-game dialog
    opened by the last key before q, or by an SSH client that then left) looks up its
    own parts, which are gone by then; it has nothing to show."""
    on_mount = Select._on_mount

    def safe_on_mount(self: Select[Any], event: events.Mount) -> None:
        if not taken_apart(self):
            on_mount(self, event)

    Select._on_mount = safe_on_mount  # type: ignore[method-assign, assignment]


def apply() -> None:
    """Install every work-around; harmless to call more than once."""
    if not getattr(OptionList, "_hotseat_guarded", False):
        _guard_option_list_paging()
        OptionList._hotseat_guarded = True  # type: ignore[attr-defined]
    if not getattr(Select, "_hotseat_guarded", False):
        _guard_select_mount()
        Select._hotseat_guarded = True  # type: ignore[attr-defined]

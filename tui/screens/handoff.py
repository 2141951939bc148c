"""The privacy screen between two people: opaque, no timeout, reveals only on Enter."""

from __future__ import annotations

import textwrap
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Static

from tui.i18n import N_, _, ngettext
from tui.screens.once import DismissOnce
from tui.widgets.footer import Footer

if TYPE_CHECKING:
    from tui.model import GameSession
    from tui.words import WordedEntry

RECENT_LINES = 13
"""Screen lines for the recent events (the height of #handoff-recent)."""
RECENT_WIDTH = 66
"""Their width: #handoff-box is 72 wide, less its border and padding."""


class HandoffScreen(DismissOnce, Screen[None]):
    """Says "Pass to Bob", what happened since Bob last acted (from Bob's view); Enter reveals.

    Enter presses in the first `guard` seconds are ignored: a double press or a
    held key meant for the previous player's turn must not reveal the next hand.
    """

    CSS_PATH = ["../styles/screens.tcss"]

    BINDINGS = [
        Binding("enter", "reveal", N_("Reveal")),
    ]

    def __init__(self, name: str, recent: Sequence[WordedEntry], guard: float = 0.0) -> None:
        super().__init__()
        self.player_name = name
        self.recent = recent
        self.guard = guard
        self.shown_at = time.monotonic()

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="handoff-box"):
            title = with_name(_("Pass to {name}"), self.player_name, "bold reverse", "bold")
            yield Static(title, id="handoff-title")
            heading = Text(_("Since your last turn:"), style="bold")
            yield Static(heading, classes="handoff-heading")
            yield Static(recent_text(self.recent), id="handoff-recent")
            prompt = with_name(
                _("Only {name} should look now. Press Enter to reveal what only you may see."),
                self.player_name,
                "bold",
            )
            shown = Static(prompt, id="handoff-prompt")
            shown.styles.width = unstranded_width(prompt.plain, RECENT_WIDTH)
            yield shown
        yield Footer()

    def on_mount(self) -> None:
        self.shown_at = time.monotonic()

    def action_reveal(self) -> None:
        """Reveal, unless Enter came so soon that it was meant for the previous screen."""
        if time.monotonic() - self.shown_at >= self.guard:
            self.dismiss_once(None)


def with_name(sentence: str, name: str, style: str, base: str = "") -> Text:
    """`sentence` in the `base` style with its {name} filled in and that name in `style`
    (a name is never markup)."""
    before, _marker, after = sentence.partition("{name}")
    text = Text(before, style=base)
    text.append(name, style=style)
    text.append(after)
    return text


def privacy_screen(session: GameSession[Any], seat: int, guard: float) -> HandoffScreen:
    """The privacy screen that waits for `seat`'s player of `session`, with what happened
    since that seat last moved."""
    return HandoffScreen(session.seat_names[seat], session.since_last_acted(seat), guard=guard)


def recent_text(entries: Sequence[WordedEntry]) -> Text:
    """As many of the latest events as fit, newest last, each wrapped under its "- ";
    a note says how many older ones are left out (they are in the log)."""
    if not entries:
        return Text(_("Nothing yet."), style="italic")
    wrapped: list[list[str]] = []
    used = 0
    for entry in reversed(entries):
        lines = textwrap.wrap(
            entry["text"], RECENT_WIDTH, initial_indent="- ", subsequent_indent="  "
        ) or ["-"]
        left_out = len(entries) - len(wrapped) - 1
        if used + len(lines) + (1 if left_out else 0) > RECENT_LINES and wrapped:
            break
        wrapped.insert(0, lines)
        used += len(lines)
    text = Text(no_wrap=True, overflow="ellipsis")
    left_out = len(entries) - len(wrapped)
    if left_out:
        note = ngettext(
            "({count} earlier event in the log)", "({count} earlier events in the log)", left_out
        ).format(count=left_out)
        text.append(note + "\n", style="dim")
    text.append("\n".join(line for lines in wrapped for line in lines))
    return text


def unstranded_width(plain: str, width: int) -> int:
    """The widest width up to `width` at which `plain` wraps into as many lines as it
    does at `width` with no word alone on its last line (`width` itself when that holds
    there already, or nowhere)."""
    lines = textwrap.wrap(plain, width)
    if len(lines) < 2 or len(lines[-1].split()) > 1:
        return width
    for narrower in range(width - 1, width // 2, -1):
        wrapped = textwrap.wrap(plain, narrower)
        if len(wrapped) > len(lines):
            break
        if len(wrapped[-1].split()) > 1:
            return narrower
    return width

"""The keys the README promises on every screen, for the screens that Textual keeps the
app's own keys from (a modal screen passes on only priority bindings)."""

from __future__ import annotations

from textual.binding import Binding

from tui.i18n import N_

APP_KEYS = [
    Binding("question_mark,f1", "app.help", N_("Help")),
    Binding("q", "app.quit", N_("Quit")),
]
"""Help and quit, as the app itself binds them."""

"""Screens that answer once: keys a fast typist queued behind the first answer must not
dismiss again, since Textual's `dismiss` pops whatever screen is on top by then."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen


class DismissOnce:
    """Mixin for a Screen: `dismiss_once` dismisses it the first time, while it is current."""

    _dismissed = False

    def dismiss_once(self, result: Any = None) -> None:
        """Dismiss with `result`, unless already dismissed or no longer on top."""
        assert isinstance(self, Screen)
        if self._dismissed or not self.is_current:
            return
        self._dismissed = True
        self.dismiss(result)

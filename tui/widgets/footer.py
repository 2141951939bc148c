"""The footer of every screen: Textual's, with each key's label in the player's language,
closing up its keys where they would not fit the width in full."""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.dom import DOMNode
from textual.events import Resize
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from tui.i18n import N_, _, language, pgettext

TEXTUAL_LABELS = (N_("Dismiss menu"),)
"""The labels Textual's own widgets give their keys in the footer (an open drop-down's
Esc), marked here so they are said in the player's language like hotseat's own."""

KEY_PADDING = 3
"""Cells around a key and its label besides their own: one before the key, one between,
one after the label (none of them in the compact style)."""


def key_names(shown: str) -> str:
    """A key as the footer shows it, its named keys (Escape, Space, Tab, Page Up...) in
    the player's language: "space" is "Leertaste" on a German keyboard."""
    names = {
        "esc": pgettext("key", "esc"),
        "space": pgettext("key", "space"),
        "tab": pgettext("key", "tab"),
        "pgup": pgettext("key", "pgup"),
        "pgdn": pgettext("key", "pgdn"),
        "del": pgettext("key", "del"),
        "home": pgettext("key", "home"),
        "end": pgettext("key", "end"),
    }
    return " ".join(names.get(word, word) for word in shown.split(" "))


def footer_key(screen: DOMNode, action: str, key: str) -> str:
    """The key the footer shows for `action` in the current language: `key`, unless the
    screen names another one for this language in its FOOTER_KEYS (a language -> {action:
    key} map, for a key that is a mnemonic in one language only; every key bound to the
    action works in every language)."""
    shown: dict[str, dict[str, str]] = getattr(screen, "FOOTER_KEYS", {})
    return shown.get(language(), {}).get(action, key)


class Footer(TextualFooter):
    """Key labels are written once in English (marked with `N_`) and said here in the
    language of the app that shows them, each with the key that suits that language
    (`footer_key`). German labels are longer: where the keys shown would not fit the
    width with their padding, the footer takes the compact style, so no key is cut off."""

    def __init__(self) -> None:
        super().__init__()
        self._wide = 0
        """Cells the keys shown take in the roomy style."""

    def compose(self) -> ComposeResult:
        keys = list(super().compose())
        wide = 0
        for widget in keys:
            if isinstance(widget, FooterKey):
                key = footer_key(self.screen, widget.action, widget.key)
                if key != widget.key:
                    widget.key = key
                    widget.key_display = self.app.get_key_display(Binding(key, widget.action))
                if widget.description:
                    widget.description = _(widget.description)
                wide += cell_len(widget.key_display) + cell_len(widget.description) + KEY_PADDING
        self._wide = wide
        self.fit()
        # Each key comes in the style the footer has, so mounting it restyles nothing.
        for widget in keys:
            if isinstance(widget, FooterKey):
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
        yield from keys

    def on_resize(self, event: Resize) -> None:
        self.fit()

    def fit(self) -> None:
        """Close up the keys when they would not fit the width."""
        width = self.size.width or self.app.size.width
        self.compact = self._wide > width

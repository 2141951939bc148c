"""What decides how a piece of text looks, to repaint only what would look different."""

from __future__ import annotations

from rich.text import Text


def looks(text: Text) -> tuple[object, ...]:
    """Its characters, its own style and its styled parts (Text's == ignores the style)."""
    return text.plain, str(text.style), tuple(text.spans)

"""Text from the save database made safe to show: control characters become visible.

A copied or edited database can hold anything, and a name or summary written to the
terminal as it is stored could drive it (an OSC sequence retitles the window, a CSI one
moves the cursor). Everything the save list shows from the database goes through
`visible`, which writes each control character (C0, DEL and C1), line and paragraph
separator and bidirectional control as its Python escape: ESC reads `\\x1b`, the C1
CSI `\\x9b`, a right-to-left override `\\u202e`. Other text is left as it is.
"""

from __future__ import annotations

import re

_HIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
"""Characters a terminal acts on or that reorder what is around them."""


def visible(text: str) -> str:
    """`text` with every control character written as its escape (`\\x1b`, `\\u202e`)."""
    return _HIDDEN.sub(lambda found: found.group().encode("unicode_escape").decode("ascii"), text)

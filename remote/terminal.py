"""What passes between a player's terminal and their app at `hotseat host`: how much of the
player's input may reach the app (`InputLimit`), and which terminal modes the app's output
left on (`TerminalModes`), so that the host can give the terminal back as it found it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

INPUT_RATE = 2048
"""Bytes a second of keys that reach an app: far more than anyone types, and enough for a
mouse moved around the table."""
INPUT_BURST = 8192
"""Bytes of keys that may reach an app at once after a quiet moment."""
PASTE_LIMIT = 4096
"""The largest paste an app gets (names are at most 24 characters); a larger one is dropped
whole."""
PASTE_START = b"\x1b[200~"
PASTE_END = b"\x1b[201~"
"""How a terminal marks a paste once the app asked for bracketed paste (Textual does)."""

RESTORE = (
    b"\x18\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1016l"
    b"\x1b[?1004l\x1b[?2004l\x1b[?2048l\x1b[<u\x1b[?25h\x1b[?1049l\x1b[0m\r\n"
)
"""Any escape sequence cut off ended (CAN), mouse reporting, focus reports, bracketed paste
and size reports off, the keyboard protocol the app pushed popped, cursor shown, back from
the alternate screen."""

RESTORED_MODES = frozenset({47, 1047, 1049, 1000, 1002, 1003, 1004, 1006, 1015, 2004, 2048})
"""The private modes RESTORE turns off that an app leaving as it should turns off too (47
and 1047 are older names of the alternate screen; 1016, mouse reports in pixels, is left on
by the pinned Textual and means nothing with mouse reporting off); the cursor (mode 25) is
followed on its own."""
CURSOR = 25
MODE = re.compile(rb"\x1b\[\?([0-9;]{1,32})([hl])")
LONGEST_MODE = 40
"""Bytes of the longest mode sequence MODE matches: a sequence split between two reads is
found with the bytes kept from the first."""


class InputLimit:
    """Which of a player's bytes reach their app. Keys pass under a token bucket of
    INPUT_RATE bytes a second and INPUT_BURST at once; what arrives in one read passes whole
    or is dropped whole, so that a key's escape sequence is never cut in two. A bracketed
    paste passes whole if it has at most PASTE_LIMIT bytes, else it is dropped whole, its
    markers with it: the app never sees a paste begin without its end. Nothing beyond
    PASTE_LIMIT bytes is ever kept."""

    def __init__(
        self,
        rate: float = INPUT_RATE,
        burst: int = INPUT_BURST,
        paste_limit: int = PASTE_LIMIT,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._rate = rate
        self._burst = burst
        self._paste_limit = paste_limit
        self._clock = clock
        self._tokens = float(burst)
        self._last = clock()
        self._paste: bytearray | None = None
        """The paste being received while it may still pass, else None."""
        self._skipping = False
        """True while the rest of a paste that was too large is dropped."""
        self._held = b""
        """The start of what may be a paste's start marker, kept until the next read."""
        self.dropped = 0
        """Bytes dropped so far."""

    def admit(self, data: bytes) -> bytes:
        """What of `data` (the next bytes from the player) reaches the app now."""
        now = self._clock()
        self._tokens = min(self._burst, self._tokens + (now - self._last) * self._rate)
        self._last = now
        passed = bytearray()
        rest, self._held = self._held + data, b""
        while rest:
            if self._skipping:
                rest = self._skip(rest)
            elif self._paste is not None:
                rest = self._collect(rest, passed)
            else:
                rest = self._keys(rest, passed)
        return bytes(passed)

    def _keys(self, data: bytes, passed: bytearray) -> bytes:
        """Keys up to a paste's start (what follows it is returned); a possible start marker
        cut at the end of the read is held back."""
        start = data.find(PASTE_START)
        if start < 0:
            keys, self._held = split_marker_start(data)
            self._pass(keys, passed)
            return b""
        self._pass(data[:start], passed)
        self._paste = bytearray(PASTE_START)
        return data[start + len(PASTE_START) :]

    def _collect(self, data: bytes, passed: bytearray) -> bytes:
        """Add to the paste until its end marker (what follows it is returned); a paste that
        grows beyond PASTE_LIMIT is dropped and the rest of it skipped."""
        assert self._paste is not None
        searched_from = max(0, len(self._paste) - len(PASTE_END) + 1)
        self._paste += data
        end = self._paste.find(PASTE_END, searched_from)
        if end >= 0:
            end += len(PASTE_END)
            paste, rest = bytes(self._paste[:end]), bytes(self._paste[end:])
            self._paste = None
            if len(paste) <= self._paste_limit:
                self._pass(paste, passed)
            else:
                self.dropped += len(paste)
            return rest
        if len(self._paste) > self._paste_limit:
            kept = bytes(self._paste[-(len(PASTE_END) - 1) :])
            self.dropped += len(self._paste) - len(kept)
            self._paste = None
            self._skipping = True
            return kept
        return b""

    def _skip(self, data: bytes) -> bytes:
        """Drop up to the end of a paste that was too large (what follows is returned); the
        last bytes of a read without the end marker are held: they may begin it."""
        end = data.find(PASTE_END)
        if end < 0:
            self._held = data[-(len(PASTE_END) - 1) :]
            self.dropped += len(data) - len(self._held)
            return b""
        self._skipping = False
        self.dropped += end + len(PASTE_END)
        return data[end + len(PASTE_END) :]

    def _pass(self, data: bytes, passed: bytearray) -> None:
        """Let `data` through whole if the bucket holds enough, else drop it whole."""
        if not data:
            return
        if len(data) <= self._tokens:
            self._tokens -= len(data)
            passed += data
        else:
            self.dropped += len(data)


def split_marker_start(data: bytes) -> tuple[bytes, bytes]:
    """`data` as (keys, held): held is a trailing "ESC [" or longer that may begin
    PASTE_START in the next read. A lone ESC (the Esc key) is never held."""
    for size in range(len(PASTE_START) - 1, 1, -1):
        if data.endswith(PASTE_START[:size]):
            return data[:-size], data[-size:]
    return data, b""


class TerminalModes:
    """The modes the app's output turned on and left on: the alternate screen, mouse
    reporting, bracketed paste, a hidden cursor."""

    def __init__(self) -> None:
        self._on: set[int] = set()
        self._cursor_hidden = False
        self._tail = b""

    def feed(self, data: bytes) -> None:
        """Follow what the app wrote to the terminal."""
        text = self._tail + data
        end = 0
        for match in MODE.finditer(text):
            end = match.end()
            setting = match.group(2) == b"h"
            for number in match.group(1).split(b";"):
                if not number:
                    continue
                mode = int(number)
                if mode == CURSOR:
                    self._cursor_hidden = not setting
                elif mode in RESTORED_MODES:
                    if setting:
                        self._on.add(mode)
                    else:
                        self._on.discard(mode)
        self._tail = text[max(end, len(text) - LONGEST_MODE) :]

    @property
    def left_on(self) -> bool:
        """True when the terminal is not as the app found it: RESTORE is needed."""
        return bool(self._on) or self._cursor_hidden

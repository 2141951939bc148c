"""What passes between a player's terminal and their app: keys at a bounded rate, pastes
whole or not at all, and the terminal modes the app left on."""

from __future__ import annotations

from remote.terminal import (
    INPUT_BURST,
    INPUT_RATE,
    LONGEST_MODE,
    PASTE_END,
    PASTE_LIMIT,
    PASTE_START,
    RESTORE,
    InputLimit,
    TerminalModes,
)

TEXTUAL_STARTS = (
    b"\x1b[?1049h\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h\x1b[?25l\x1b[?1004h\x1b[?2004h"
)
"""What a Textual app writes as it takes the terminal."""
TEXTUAL_ENDS = (
    b"\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?2004l\x1b[<u\x1b[?1049l\x1b[?25h\x1b[?1004l"
)
"""What it writes as it gives the terminal back."""


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def paste(text: bytes) -> bytes:
    return PASTE_START + text + PASTE_END


# Keys


def test_keys_pass_as_they_come() -> None:
    limit = InputLimit()
    assert limit.admit(b"q") == b"q"
    assert limit.admit(b"\x1b[A\r") == b"\x1b[A\r"
    assert limit.dropped == 0


def test_a_lone_escape_key_passes_at_once() -> None:
    assert InputLimit().admit(b"\x1b") == b"\x1b"


def test_a_read_larger_than_the_burst_is_dropped_whole() -> None:
    limit = InputLimit()
    assert limit.admit(b"x" * (INPUT_BURST + 1)) == b""
    assert limit.dropped == INPUT_BURST + 1


def test_keys_beyond_the_rate_are_dropped_until_the_bucket_refills() -> None:
    clock = Clock()
    limit = InputLimit(clock=clock)
    assert limit.admit(b"x" * INPUT_BURST) == b"x" * INPUT_BURST
    assert limit.admit(b"y") == b""
    clock.now += 1.0
    assert limit.admit(b"z" * INPUT_RATE) == b"z" * INPUT_RATE
    assert limit.dropped == 1


def test_a_quiet_moment_refills_the_bucket_no_further_than_the_burst() -> None:
    clock = Clock()
    limit = InputLimit(clock=clock)
    clock.now += 3600.0
    assert limit.admit(b"x" * (INPUT_BURST + 1)) == b""


def test_a_flood_of_keys_passes_at_most_the_burst_and_the_rate() -> None:
    clock = Clock()
    limit = InputLimit(clock=clock)
    passed = 0
    for _ in range(1000):  # 10 s of 64-byte reads, 100 a second
        passed += len(limit.admit(b"k" * 64))
        clock.now += 0.01
    assert passed <= INPUT_BURST + 10 * INPUT_RATE
    assert passed + limit.dropped == 64_000


# Pastes


def test_a_small_paste_passes_whole_with_its_markers() -> None:
    assert InputLimit().admit(b"a" + paste(b"Zed") + b"b") == b"a" + paste(b"Zed") + b"b"


def test_a_paste_over_the_limit_is_dropped_whole_and_the_keys_around_it_pass() -> None:
    limit = InputLimit()
    big = paste(b"x" * PASTE_LIMIT)
    assert limit.admit(b"a" + big + b"b") == b"ab"
    assert limit.dropped == len(big)


def test_a_huge_paste_in_many_reads_is_dropped_and_what_follows_it_passes() -> None:
    limit = InputLimit()
    assert limit.admit(PASTE_START) == b""
    for _ in range(320):  # 20 MiB
        assert limit.admit(b"x" * 65536) == b""
    assert limit.admit(PASTE_END + b"q") == b"q"
    assert limit.dropped == 320 * 65536 + len(PASTE_START) + len(PASTE_END)


def test_a_paste_split_between_reads_passes_once_it_ends() -> None:
    limit = InputLimit()
    whole = paste(b"Zed")
    assert limit.admit(whole[:3]) == b""
    assert limit.admit(whole[3:10]) == b""
    assert limit.admit(whole[10:]) == whole


def test_an_end_marker_split_between_reads_ends_a_dropped_paste() -> None:
    limit = InputLimit()
    limit.admit(PASTE_START + b"x" * (PASTE_LIMIT + 1))
    assert limit.admit(PASTE_END[:4]) == b""
    assert limit.admit(PASTE_END[4:] + b"q") == b"q"


def test_keys_that_look_like_a_paste_start_but_are_not_pass_with_the_next_read() -> None:
    limit = InputLimit()
    assert limit.admit(b"a\x1b[2") == b"a"
    assert limit.admit(b"~") == b"\x1b[2~"  # the Insert key


# Terminal modes


def test_a_terminal_nobody_wrote_to_needs_nothing_back() -> None:
    assert not TerminalModes().left_on


def test_an_app_that_took_the_terminal_left_its_modes_on() -> None:
    modes = TerminalModes()
    modes.feed(b"hello" + TEXTUAL_STARTS + b"\x1b[2J drawn")
    assert modes.left_on


def test_an_app_that_gave_the_terminal_back_left_nothing_on() -> None:
    modes = TerminalModes()
    modes.feed(TEXTUAL_STARTS + b"drawn")
    modes.feed(TEXTUAL_ENDS)
    assert not modes.left_on


def test_a_hidden_cursor_alone_is_left_on() -> None:
    modes = TerminalModes()
    modes.feed(b"\x1b[?25l")
    assert modes.left_on


def test_several_modes_in_one_sequence_are_followed() -> None:
    modes = TerminalModes()
    modes.feed(b"\x1b[?1049;1000h")
    modes.feed(b"\x1b[?1049l")
    assert modes.left_on
    modes.feed(b"\x1b[?1000l")
    assert not modes.left_on


def test_a_mode_split_between_reads_is_followed() -> None:
    for cut in range(1, len(TEXTUAL_ENDS)):
        split = TerminalModes()
        split.feed(TEXTUAL_STARTS)
        split.feed(TEXTUAL_ENDS[:cut])
        split.feed(TEXTUAL_ENDS[cut:])
        assert not split.left_on, cut


def test_modes_the_host_does_not_restore_are_not_left_on() -> None:
    modes = TerminalModes()
    modes.feed(b"\x1b[?1016h\x1b[?7h\x1b[?99999999h")
    assert not modes.left_on


def test_following_a_long_output_keeps_only_a_short_tail() -> None:
    modes = TerminalModes()
    for _ in range(100):
        modes.feed(b"\x1b[?1049h" + b"x" * 65536)
    assert len(modes._tail) <= LONGEST_MODE
    assert modes.left_on


# Modes


def test_focus_reports_and_size_reports_left_on_need_the_terminal_restored() -> None:
    for mode in (b"1004", b"2048"):
        modes = TerminalModes()
        modes.feed(b"\x1b[?" + mode + b"h")
        assert modes.left_on
        assert b"\x1b[?" + mode + b"l" in RESTORE

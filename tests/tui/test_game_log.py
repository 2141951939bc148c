"""The game log widget: plain text, wrapped to its width, newest at the bottom, bounded."""

from __future__ import annotations

import html
import re

from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Static

from tui.widgets.log import MAX_LINES, GameLog

WIDTH, HEIGHT = 40, 12


class LogApp(App[None]):
    """Nothing but a game log filling a 40 x 12 terminal."""

    def compose(self) -> ComposeResult:
        yield GameLog(id="log")


def entries(*texts: str) -> list[dict[str, str]]:
    return [{"text": text} for text in texts]


def log_lines(log: GameLog) -> list[str]:
    """The lines the log holds (shown or scrolled away), without trailing blanks."""
    return [strip.text.rstrip() for strip in log.lines]


def screen_text(app: App[None]) -> str:
    """Everything the terminal shows right now, as plain text."""
    svg = re.sub(r"<style>.*?</style>", "", app.export_screenshot(), flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


async def test_reset_shows_the_entries() -> None:
    app = LogApp()
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        log = app.query_one(GameLog)
        log.reset(entries("Ann plays 7.", "Bob takes the pile."))
        await pilot.pause()
        assert log_lines(log) == ["Ann plays 7.", "Bob takes the pile."]
        text = screen_text(app)
        assert "Ann plays 7." in text and "Bob takes the pile." in text


async def test_entries_given_before_the_log_has_a_size_are_shown() -> None:
    class EarlyApp(LogApp):
        def on_mount(self) -> None:
            self.query_one(GameLog).reset(entries("Ann plays 7."))
            self.query_one(GameLog).extend(entries("Bob plays 8."))

    app = EarlyApp()
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        await pilot.pause()
        assert log_lines(app.query_one(GameLog)) == ["Ann plays 7.", "Bob plays 8."]


async def test_extend_appends_after_the_shown_entries() -> None:
    app = LogApp()
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        log = app.query_one(GameLog)
        log.reset(entries("first", "second"))
        log.extend(entries("third"))
        await pilot.pause()
        assert log_lines(log) == ["first", "second", "third"]


async def test_a_long_line_wraps_at_the_width_and_is_fully_readable() -> None:
    words = [f"word{i}" for i in range(20)]
    app = LogApp()
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        log = app.query_one(GameLog)
        log.reset(entries(" ".join(words)))
        await pilot.pause()
        lines = log_lines(log)
        assert len(lines) > 1
        assert all(len(line) <= log.scrollable_content_region.width for line in lines)
        assert " ".join(lines).split() == words
        shown = screen_text(app)
        assert all(word in shown.split() for word in words)


async def test_a_long_line_is_wrapped_again_when_the_width_changes() -> None:
    words = [f"word{i}" for i in range(20)]
    app = LogApp()
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        log = app.query_one(GameLog)
        log.reset(entries(" ".join(words)))
        await pilot.pause()
        await pilot.resize_terminal(24, HEIGHT)
        await pilot.pause()
        lines = log_lines(log)
        assert all(len(line) <= log.scrollable_content_region.width for line in lines)
        assert " ".join(lines).split() == words


async def test_lines_keep_their_width_when_a_scrollbar_comes() -> None:
    """The scrollbar's column is always kept free: text never sits under it, and lines
    already shown need no wrapping again when it appears."""
    app = LogApp()
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        log = app.query_one(GameLog)
        width = log.scrollable_content_region.width
        line = "x" * 20 + " " + "y" * (width - 21)
        log.reset(entries(line))
        await pilot.pause()
        assert log_lines(log) == [line]
        log.extend(entries(*(f"move {i}" for i in range(HEIGHT))))
        await pilot.pause()
        await pilot.pause()
        assert log.show_vertical_scrollbar
        assert log.scrollable_content_region.width == width
        assert log_lines(log)[0] == line


async def test_a_log_squeezed_to_nothing_is_readable_again_when_widened() -> None:
    class SideBySideApp(App[None]):
        CSS = "#side { width: 20; } GameLog { width: 1fr; }"

        def compose(self) -> ComposeResult:
            with Horizontal():
                yield Static("side", id="side")
                yield GameLog(id="log")

    words = [f"word{i}" for i in range(12)]
    app = SideBySideApp()
    async with app.run_test(size=(WIDTH + 20, HEIGHT)) as pilot:
        log = app.query_one(GameLog)
        log.reset(entries(" ".join(words)))
        await pilot.pause()
        await pilot.resize_terminal(20, HEIGHT)
        await pilot.pause()
        await pilot.resize_terminal(WIDTH + 20, HEIGHT)
        await pilot.pause()
        lines = log_lines(log)
        assert " ".join(lines).split() == words
        assert len(lines) == 2


async def test_entries_given_while_the_log_is_hidden_wrap_at_its_width() -> None:
    words = [f"word{i}" for i in range(20)]
    app = LogApp()
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        log = app.query_one(GameLog)
        log.reset(entries(*(f"move {i}" for i in range(2 * HEIGHT))))
        await pilot.pause()
        log.display = False
        await pilot.pause()
        log.extend(entries(" ".join(words)))
        log.display = True
        await pilot.pause()
        lines = log_lines(log)[2 * HEIGHT :]
        assert " ".join(lines).split() == words
        assert all(len(line) <= log.scrollable_content_region.width for line in lines)
        assert len(lines) < 6


async def test_entries_given_under_a_whole_screen_show_the_newest_when_it_closes() -> None:
    app = LogApp()
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        log = app.query_one(GameLog)
        log.reset(entries("dealt"))
        await pilot.pause()
        await app.push_screen(Screen())
        log.extend(entries(*(f"move {i}" for i in range(3 * HEIGHT))))
        app.pop_screen()
        await pilot.pause()
        assert log.scroll_offset.y == log.max_scroll_y > 0
        assert f"move {3 * HEIGHT - 1}" in screen_text(app)


async def test_rich_markup_in_a_name_shows_literally() -> None:
    app = LogApp()
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        log = app.query_one(GameLog)
        log.reset(entries("[bold]Ann[/] plays 7."))
        await pilot.pause()
        assert log_lines(log) == ["[bold]Ann[/] plays 7."]
        assert "[bold]Ann[/] plays 7." in screen_text(app)


async def test_only_max_lines_are_kept_after_extending_far_past_it() -> None:
    app = LogApp()
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        log = app.query_one(GameLog)
        total = 3 * MAX_LINES
        log.reset(entries(*(f"move {i}" for i in range(100))))
        for start in range(100, total, 100):
            log.extend(entries(*(f"move {i}" for i in range(start, start + 100))))
        await pilot.pause()
        assert log_lines(log) == [f"move {i}" for i in range(total - MAX_LINES, total)]
        assert f"move {total - 1}" in screen_text(app)


async def test_the_view_stays_scrolled_to_the_newest_line() -> None:
    app = LogApp()
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        log = app.query_one(GameLog)
        log.reset(entries(*(f"move {i}" for i in range(50))))
        await pilot.pause()
        log.extend(entries("newest"))
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0
        assert "newest" in screen_text(app)


async def test_the_newest_line_stays_in_view_when_the_log_gets_shorter() -> None:
    app = LogApp()
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        log = app.query_one(GameLog)
        log.reset(entries(*(f"move {i}" for i in range(50))))
        await pilot.pause()
        await pilot.resize_terminal(WIDTH, HEIGHT // 2)
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0
        assert "move 49" in screen_text(app)


async def test_reset_replaces_the_old_content() -> None:
    app = LogApp()
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        log = app.query_one(GameLog)
        log.reset(entries("old one", "old two"))
        await pilot.pause()
        log.reset(entries("new one"))
        await pilot.pause()
        assert log_lines(log) == ["new one"]
        assert "old" not in screen_text(app)


async def test_the_log_does_not_take_focus() -> None:
    app = LogApp()
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        await pilot.press("tab")
        assert app.focused is None


async def test_a_log_being_removed_may_still_be_given_entries() -> None:
    app = LogApp()
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        log = app.query_one(GameLog)
        removal = log.remove()
        log.reset(entries("late"))
        log.extend(entries("later"))
        await removal
        log.extend(entries("after removal"))
        await pilot.pause()

"""The rules of a game in our own words, with the house notes, as Markdown, in the
player's language."""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown

from rules import GAMES
from tui.catalog import described, package_of
from tui.i18n import ENGLISH, N_, _, language
from tui.screens.once import DismissOnce
from tui.textual_fixes import taken_apart
from tui.widgets.footer import Footer
from tui.widgets.header import TitleHeader

HOME_HELP = "hotseat.md"
"""The help of the app itself, in `tui/help/` (and `tui/help/<language>/`): what every
screen has in common."""


def help_page(topic: str, chosen: str) -> Traversable:
    """Where the help of a game id (its UI package's `help/<language>.md`), or of the app
    for anything else, lies in the language `chosen`; the page may be missing."""
    if described(topic) is not None:
        return files(package_of(topic)) / "help" / f"{chosen}.md"
    folder = files("tui") / "help"
    return folder / HOME_HELP if chosen == ENGLISH else folder / chosen / HOME_HELP


def help_markdown(topic: str) -> str:
    """The Markdown help for a game id, or the general help for anything else, in the
    current language; English where that language has none."""
    translated = help_page(topic, language())
    if translated.is_file():
        return translated.read_text(encoding="utf-8")
    return help_page(topic, ENGLISH).read_text(encoding="utf-8")


class HelpScreen(DismissOnce, Screen[None]):
    """Full-screen help; an opaque Screen so it never shows a hand behind it. The text
    reads as a page: at most 100 columns, centred on a wide screen."""

    DEFAULT_CSS = """
    #help-text { align-horizontal: center; }
    #help-text > Markdown { width: 100; max-width: 100%; }
    """

    BINDINGS = [
        Binding("escape,question_mark,f1", "close", N_("Back")),
        Binding("q", "close", N_("Back"), show=False),
    ]

    def __init__(self, topic: str) -> None:
        super().__init__()
        self.topic = topic

    def compose(self) -> ComposeResult:
        yield TitleHeader(show_clock=False)
        # Markdown in a plain scroll: Textual's MarkdownViewer keeps a table of contents
        # whose updates fail when they arrive after the screen was taken apart.
        with VerticalScroll(id="help-text"):
            yield Markdown(help_markdown(self.topic))
        yield Footer()

    def on_mount(self) -> None:
        if taken_apart(self):
            return  # the app closed while this screen was being built: nothing to fill
        self.title = _("Help")
        self.sub_title = GAMES[self.topic].title if self.topic in GAMES else "hotseat"
        self.query_one("#help-text", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss_once(None)

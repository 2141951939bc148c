"""The help: every game's rules in German and in English, shown in the player's language,
the German help in each game's own German words, our own decisions marked as such."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from saves import SaveStore
from tui import i18n
from tui.screens.help import HelpScreen, help_markdown, help_page
from tui.screens.home import HomeScreen

from tui_helpers import app_for, screen_text, until

GAMES = ("xoxo", "shifting-stones", "xylotar", "3x3")

GERMAN_WORDS = {
    "xoxo": ("Plättchen", "Zielkarte", "persönlichen Stapel", "allgemeinen Stapel", "Auslage"),
    "shifting-stones": (
        "Plättchen",
        "Musterkarten",
        "Verschieben",
        "Drehen",
        "Werten",
        "Aussetzen",
        "Fehlschlag",
        "Sonne/Mond",
        "Fisch/Vogel",
        "Pferd/Boot",
        "Samen/Baum",
    ),
    "xylotar": ("Stich", "Ansage", "Trumpf", "bedient", "High-Note-Karte"),
    "3x3": (
        "Handkarten",
        "offene Karten",
        "verdeckte Karte",
        "Abhebestapel",
        "Ablagestapel",
        "Tour 1",
        "entfernt",
        "Austeiler",
        "B (Bube",
        "D (Dame",
        "K (König",
        "A (Ass",
    ),
}


@pytest.mark.parametrize("topic", [*GAMES, "home"])
def test_every_help_exists_in_german_and_in_english(topic: str) -> None:
    assert help_page(topic, "en").is_file()
    assert help_page(topic, "de").is_file()


def test_the_help_is_german_when_the_language_is_german() -> None:
    assert "Your turn" in help_markdown("xoxo")
    i18n.use("de")
    assert "Dein Zug" in help_markdown("xoxo")
    assert "Your turn" not in help_markdown("xoxo")


def test_a_help_missing_in_german_is_shown_in_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "help").mkdir()
    (tmp_path / "help" / "en.md").write_text("# XOXO\n\nYour turn", encoding="utf-8")
    monkeypatch.setattr("tui.screens.help.files", lambda package: tmp_path)
    i18n.use("de")
    assert help_markdown("xoxo") == "# XOXO\n\nYour turn"


@pytest.mark.parametrize("game", GAMES)
def test_the_german_help_of_each_game_uses_its_german_game_words(game: str) -> None:
    i18n.use("de")
    text = help_markdown(game)
    assert [word for word in GERMAN_WORDS[game] if word not in text] == []
    assert "du " in text


@pytest.mark.parametrize("game", GAMES)
def test_our_own_decisions_are_marked_in_the_german_help(game: str) -> None:
    i18n.use("de")
    assert "**Hausregel" in help_markdown(game)


async def test_the_help_screen_speaks_german_in_a_german_app(store: SaveStore) -> None:
    app = app_for(store, language="de")
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await until(pilot, lambda: "Tasten im Menü" in screen_text(app))
        assert "Hilfe" in screen_text(app)


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=["80x24", "160x45"])
async def test_the_help_reads_as_a_page_at_most_100_columns_wide_and_centred(
    store: SaveStore, size: tuple[int, int]
) -> None:
    app = app_for(store)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        page = app.screen.query_one(Markdown).region
        text = app.screen.query_one("#help-text", VerticalScroll).scrollable_content_region
    assert page.width == min(100, text.width)
    assert abs((page.x - text.x) - (text.right - page.right)) <= 1

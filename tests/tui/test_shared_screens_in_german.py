"""The screens every game shares speak the player's language: the new-game dialog, the
privacy screen, the prompt, game over and the take-over question; a key that is a mnemonic
in English only has a neutral or German one beside it, and the footer shows that one."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot
from textual.widgets import Input, Select

from saves import SaveStore
from saves.seats import Holder
from tui import i18n
from tui.app import HotseatApp
from tui.games.xoxo.screen import XoxoScreen
from tui.model import GameSession, parse_players, parse_seed, players_text
from tui.screens.game_over import GameOverScreen
from tui.screens.handoff import HandoffScreen, recent_text
from tui.screens.home import HomeScreen, column_widths
from tui.screens.new_game import NewGameScreen
from tui.screens.table import TableScreen
from tui.screens.take_over import TakeOverScreen, when
from tui.widgets.log import TITLE, GameLog

from tui_helpers import app_for, new_session, play_bots_until, screen_text, shown, until


async def open_dialog(app: HotseatApp, pilot: Pilot) -> NewGameScreen:
    await pilot.press("n")
    await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
    screen = app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


async def test_the_new_game_dialog_speaks_german_when_the_player_chose_german(
    store: SaveStore,
) -> None:
    app = app_for(store, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(app, pilot)
        screen.query_one("#game", Select).value = "xylotar"
        await pilot.pause()
        text = screen_text(app)
    for words in (
        "Neues Spiel",
        "Plätze",
        "Platz 1",
        "Spieler 1",
        "Computer 2",
        "Startwert",
        "zufällig",
        "Speichern als",
        "Starten (Strg+S)",
        "Zurück (Esc)",
        "Nächstes Feld",
        "Seitenspieler West und Ost",
        "Sortiergedächtnis",
        "aus",
        "[Hausregel]",
    ):
        assert words in text, words
    assert "Seat" not in text and "Sorting memory" not in text


async def test_a_computer_seat_offers_its_levels_in_german(store: SaveStore) -> None:
    app = app_for(store, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(app, pilot)
        level = screen.query_one("#level-1", Select)
        assert "Normal" in screen_text(app)
        level.value = "hard"
        await pilot.pause()
        assert "Schwer" in screen_text(app)
        level.value = "easy"
        await pilot.pause()
        assert "Leicht" in screen_text(app)
        assert screen.seat(1).level == "easy"


async def test_a_game_set_up_in_german_stores_the_same_choices_as_in_english(
    store: SaveStore,
) -> None:
    app = app_for(store, language="de")
    app.delay = 3600.0
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(app, pilot)
        screen.query_one("#save-name", Input).value = "abend"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, XoxoScreen))
    record = store.record("abend")[1]
    assert [(p.name, p.kind, p.level) for p in record.players] == [
        ("Spieler 1", "human", "normal"),
        ("Computer 2", "computer", "normal"),
    ]


async def test_ctrl_s_starts_in_german_too(store: SaveStore) -> None:
    """S as in Start and Starten: the key needs no change in German."""
    app = app_for(store, language="de")
    app.delay = 3600.0
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(app, pilot)
        assert "^s Starten" in screen_text(app)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, XoxoScreen))
    assert len(store.list()) == 1


async def test_a_seed_that_is_no_number_is_refused_in_german(store: SaveStore) -> None:
    app = app_for(store, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(app, pilot)
        screen.query_one("#seed", Input).value = "abc"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "! der Startwert muss eine ganze Zahl sein, nicht 'abc'" in screen_text(app)
    assert store.list() == []


def test_the_seed_is_refused_in_english_as_before() -> None:
    with pytest.raises(ValueError, match=r"^the seed must be between 0 and 9223372036854775807$"):
        parse_seed(str(2**63))


def test_the_save_list_names_a_computer_and_its_level_in_german() -> None:
    i18n.use("de")
    players = parse_players("Ann,cpu:Bob,cpu-easy:Cy,cpu-hard:Dan")
    assert players_text(players) == (
        "Ann, Bob (Computer), Cy (Computer, leicht), Dan (Computer, schwer)"
    )


async def test_the_privacy_screen_speaks_german_when_the_player_chose_german(
    store: SaveStore,
) -> None:
    session = new_session(store, "Ann,Bob", seed=21)
    play_bots_until(session, lambda s: len(s.record.actions) >= 6)
    session.close()
    app = app_for(store, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        app.resume("table")
        text = await shown(pilot, lambda: isinstance(app.screen, HandoffScreen))
    assert "Weitergeben an Bob" in text
    assert "Seit deinem letzten Zug:" in text
    assert "Nur Bob sollte jetzt hinsehen." in text
    assert "Aufdecken" in text


def test_events_left_out_of_the_privacy_screen_are_counted_in_the_language() -> None:
    entries = [{"text": f"Ann played card {n}"} for n in range(20)]
    two_lines = [{"text": "Ann played " + "a long card name " * 5}, *entries[:12]]
    assert recent_text(entries).plain.startswith("(8 earlier events in the log)\n")
    assert recent_text(two_lines).plain.startswith("(1 earlier event in the log)\n")
    i18n.use("de")
    assert recent_text(entries).plain.startswith("(8 frühere Ereignisse im Protokoll)\n")
    assert recent_text(two_lines).plain.startswith("(1 früheres Ereignis im Protokoll)\n")
    assert recent_text([]).plain == "Noch nichts."


async def test_the_prompt_speaks_german_when_the_player_chose_german(store: SaveStore) -> None:
    new_session(store, "Ann,Bob", seed=4, game="xoxo").close()
    ann = GameSession.open(SaveStore(store.root), "table", people=["Ann"])
    bob = GameSession.open(store, "table", people=["Bob"])
    app = app_for(store, bob, language="de")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            await pilot.pause()
            assert "Warten auf Ann." in screen_text(app)
    finally:
        ann.close()
        bob.close()


async def test_a_taken_over_table_says_so_in_german(store: SaveStore) -> None:
    session = new_session(store, "Ann,Bob", seed=4)
    app = app_for(store, session, resumed=True, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        other = GameSession.open(SaveStore(store.root), "table", take_over=True)
        try:
            await until(pilot, lambda: isinstance(app.screen, HomeScreen))
            said = [n.message for n in app._notifications]
            assert said == ["Ein anderes Terminal hat dieses Spiel übernommen"]
        finally:
            other.close()


async def game_over(store: SaveStore, language: str) -> tuple[HotseatApp, GameSession]:
    session = new_session(store, "Ann,cpu:Bob,cpu:Cy", seed=61)
    play_bots_until(session, lambda s: s.over)
    return app_for(store, session, language=language), session


async def test_game_over_ranks_in_german_and_shows_esc_for_home(store: SaveStore) -> None:
    app, _ = await game_over(store, "de")
    async with app.run_test(size=(80, 24)) as pilot:
        text = await shown(pilot, lambda: isinstance(app.screen, GameOverScreen))
    assert "3 x 3: Spielende" in text
    assert "1.  Cy  - gewinnt" in text
    assert "3.  Bob  - verliert" in text
    assert "Revanche (r)" in text and "Zum Menü (Esc)" in text
    assert "Esc Menü" in text and "h Menü" not in text


async def test_h_still_goes_home_from_game_over_in_german(store: SaveStore) -> None:
    app, _ = await game_over(store, "de")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))


async def test_in_english_game_over_names_esc_for_home_as_every_table_does(
    store: SaveStore,
) -> None:
    app, _ = await game_over(store, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        text = await shown(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert "esc Home" in text and "Home (esc)" in text and "1st" in text
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))


HOLDER = Holder(123, "box", "ann", "2026-11-28T19:30:00+00:00")


@pytest.mark.parametrize("key", ["j", "y"])
async def test_in_german_j_takes_a_game_over_and_y_still_does(store: SaveStore, key: str) -> None:
    app = app_for(store, language="de")
    answers: list[bool | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        app.push_screen(TakeOverScreen("freitag", [HOLDER], yours=False), answers.append)
        await until(pilot, lambda: isinstance(app.screen, TakeOverScreen))
        await pilot.pause()
        text = screen_text(app)
        assert "freitag ist in einem anderen Terminal offen:" in text
        assert "PID 123 auf Rechner box (Benutzer ann) seit" in text
        assert "j übernehmen" in text and "j Übernehmen" in text and "n abbrechen" in text
        await pilot.press(key)
        await until(pilot, lambda: answers == [True])


async def test_in_english_y_takes_a_game_over(store: SaveStore) -> None:
    app = app_for(store)
    answers: list[bool | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        app.push_screen(TakeOverScreen("friday", [HOLDER, HOLDER], yours=True), answers.append)
        await until(pilot, lambda: isinstance(app.screen, TakeOverScreen))
        await pilot.pause()
        text = screen_text(app)
        assert "friday is open in other terminals of yours since" in text
        assert "Take it over? Those terminals go back" in text
        assert "y take over" in text and "y Take over" in text
        await pilot.press("y")
        await until(pilot, lambda: answers == [True])


def test_a_terminal_took_the_seats_at_a_time_written_as_the_language_writes_it() -> None:
    long_ago = Holder(123, "box", "ann", "2020-05-01T12:00:00+00:00")
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", when(long_ago))
    i18n.use("de")
    assert re.fullmatch(r"\d\d\.\d\d\.\d{4} \d\d:\d\d", when(long_ago))


def test_the_log_is_titled_in_the_players_language() -> None:
    assert GameLog(title=TITLE).border_title == "Log"
    i18n.use("de")
    assert GameLog(title=TITLE).border_title == "Protokoll"


def test_the_save_list_never_cuts_its_first_heading_in_german(german: None) -> None:
    """Short save names leave the column at its least width, which "Spielstand" exceeds."""
    (heading, width), *_ = column_widths(80, longest_name=1)
    assert (heading, width >= cell_len(heading)) == ("Spielstand", True)

"""How the Shifting Stones table reads at 80x24: the fullest table (five players with
24-character names, a 12-card hand), choosing a shift, the table without colour and in
the 16 basic colours; which keys the footer offers; every hand card within reach."""

from __future__ import annotations

import pytest
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

from saves import SaveStore
from tui import palette
from tui.app import HotseatApp
from tui.games.shifting_stones import ShiftingStonesScreen
from tui.model import GameSession
from tui.widgets.pattern_cards import PatternHand
from tui.widgets.symbols import CODES, symbol_code, symbol_word

from tui_helpers import (
    app_for,
    new_session,
    play_bots_until,
    screen_text,
    turn_at,
    turn_then,
    until,
)

LONG_NAMES = (
    "Annabelle Marguerite Fox,cpu:Bartholomew Quincy Rayne,cpu:Cornelia Wilhelmina Otto,"
    "cpu:Dimitrios Alexandrou Pop,cpu:Evangeline Rosalind Kaye"
)
"""Five players, each name 24 characters long; Annabelle is the person at the table."""

SEED = 104
"""With this seed the 12-card hand's card #9 is the first that matches the grid."""


def hoard(session: GameSession, size: int) -> None:
    """Every seat skips whenever it may and otherwise ends its turn at once, so hands grow
    by 2 every other turn and the grid stays as dealt (the table does not depend on how
    the computer players play). Stops on seat 0's turn once she holds `size` cards."""
    for _ in range(3000):
        seat = session.to_act()[0]
        if seat == 0 and len(session.view(0)["hand"]) >= size:
            return
        kinds = {action.to_json()["type"] for action in session.legal(seat)}
        intent = {"type": "skip" if "skip" in kinds else "end"}
        session.apply(seat, session.game.action_from_json(intent))
    raise AssertionError("the hand never grew that large")


def fullest_table(store: SaveStore) -> GameSession:
    """Five players with long names; Annabelle holds 12 cards (#9 matches) and plays."""
    session = new_session(store, LONG_NAMES, seed=SEED, game="shifting-stones")
    hoard(session, 12)
    return session


def table(app: HotseatApp) -> ShiftingStonesScreen:
    screen = app.screen
    assert isinstance(screen, ShiftingStonesScreen)
    return screen


def footer_keys(app: HotseatApp) -> list[str]:
    """The footer as read: "key description" per entry; each must lie within 80 columns."""
    keys = list(app.screen.query_one(Footer).query(FooterKey))
    assert all(key.region.right <= 80 for key in keys), "the footer is cut"
    return [f"{key.key_display} {key.description}" for key in keys]


# ---- how it looks --------------------------------------------------------------


def test_the_fullest_table_reads_at_80x24(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, fullest_table(store))
    assert snap_compare(
        app, run_before=turn_then(app, ShiftingStonesScreen, "1"), terminal_size=(80, 24)
    )


def test_choosing_a_shift_shows_the_picked_stone_and_the_cursor(
    snap_compare, store: SaveStore
) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, fullest_table(store))
    keys = ("9", "s", "enter", "right")
    assert snap_compare(
        app, run_before=turn_then(app, ShiftingStonesScreen, *keys), terminal_size=(80, 24)
    )


@pytest.mark.usefixtures("no_color")
def test_without_colour_stones_and_cards_read_by_words_codes_and_marks(
    snap_compare, store: SaveStore
) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, fullest_table(store))
    keys = ("3", "s", "enter", "down")
    assert snap_compare(
        app, run_before=turn_then(app, ShiftingStonesScreen, *keys), terminal_size=(80, 24)
    )


@pytest.mark.usefixtures("sixteen_colours")
def test_in_sixteen_colours_every_symbol_has_its_own_colour(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, fullest_table(store))
    keys = ("3", "s", "enter", "down")
    assert snap_compare(
        app, run_before=turn_then(app, ShiftingStonesScreen, *keys), terminal_size=(80, 24)
    )


@pytest.mark.parametrize("mode", ["full", "ansi"])
def test_with_colour_the_eight_symbols_have_eight_inks(mode: palette.Mode) -> None:
    palette.use(mode)
    assert len({symbol_code(symbol).style.color for symbol in CODES}) == 8  # type: ignore[union-attr]


def test_without_colour_every_symbol_reads_by_its_code_and_word_in_bold() -> None:
    palette.use("none")
    codes = [symbol_code(symbol) for symbol in CODES]
    assert [code.plain for code in codes] == ["Su", "Mo", "Fi", "Bi", "Ho", "Bt", "Se", "Tr"]
    assert all(code.style.color is None and code.style.bold for code in codes)  # type: ignore[union-attr]
    assert symbol_word("horse").plain == "horse" and symbol_word("boat").plain == "boat"


# ---- every card within reach ---------------------------------------------------


async def test_pressing_7_with_a_12_card_hand_picks_card_7_and_shows_it(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1", "7")
        await pilot.pause()
        assert screen.card == 6
        hand = screen.query_one(PatternHand)
        assert 6 in hand.shown()
        assert f"#7 {screen.view['hand'][6]['value']}pt" in screen_text(app)


async def test_left_from_the_first_card_reaches_the_twelfth(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1", "left")
        await pilot.pause()
        assert screen.card == 11
        assert f"#12 {screen.view['hand'][11]['value']}pt" in screen_text(app)
        assert "#8-#12 of 12" in screen_text(app)


async def test_a_matching_card_out_of_view_is_marked_beside_the_hand(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1")
        await pilot.pause()
        text = screen_text(app)
        assert "#1-#5 of 12" in text
        assert 7 not in app.screen.query_one(PatternHand).shown()
        assert "+7" in text and "OK" in text
        assert "#9 matches the grid (OK): pick it and press Enter to score." in text


async def test_the_picked_card_is_drawn_where_a_click_finds_it(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1", "9")
        await pilot.pause()
        hand = screen.query_one(PatternHand)
        slot = list(hand.shown()).index(6)
        await pilot.click(PatternHand, offset=(1 + 4 + slot * 11 + 2, 2))
        await pilot.pause()
        assert screen.card == 6


# ---- the footer per mode -------------------------------------------------------


async def test_at_the_start_of_a_turn_the_footer_offers_cards_moves_skip_and_end(
    store: SaveStore,
) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=8, game="shifting-stones")
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        assert not screen.picked_card_scores()
        assert footer_keys(app) == [
            "←→1-9 Card",
            "s Shift",
            "f Flip",
            "k Skip",
            "e End turn",
            "? Help",
            "esc Home",
            "q Quit",
        ]


async def test_on_a_matching_card_the_footer_offers_to_score_it(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("9")
        await pilot.pause()
        assert footer_keys(app)[:2] == ["←→1-9 Card", "⏎ Score"]


async def test_after_an_action_the_footer_offers_no_skip(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1", "f", "enter")
        await until(pilot, lambda: screen.view["turn"]["actions"] == 1)
        assert "k Skip" not in footer_keys(app)
        assert "e End turn" in footer_keys(app)


async def test_while_shifting_the_footer_shows_the_stone_keys_and_cancel(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1", "s")
        await pilot.pause()
        assert footer_keys(app) == ["←↑↓→ Stone", "⏎ Pick", "esc Cancel", "? Help", "q Quit"]


async def test_while_a_computer_plays_the_footer_shows_help_home_and_quit(
    store: SaveStore,
) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=8, game="shifting-stones")
    play_bots_until(session, lambda s: s.to_act() == [1])
    app = HotseatApp(store, delay=30.0, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ShiftingStonesScreen))
        await until(pilot, lambda: "Waiting for Bob." in screen_text(app))
        assert footer_keys(app) == ["? Help", "esc Home", "q Quit"]


# ---- what the table says -------------------------------------------------------


async def test_one_action_is_counted_in_the_singular(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1", "f", "enter")
        await until(pilot, lambda: screen.view["turn"]["actions"] == 1)
        assert "Turn: 1 action, 0 scored" in screen_text(app)


async def test_the_players_panel_says_what_its_columns_and_marks_mean(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, ShiftingStonesScreen)
        text = screen_text(app)
        assert "player        hand scored pts 1pt" in text
        assert "* started · 1pt: 1-point cards" in text


def last_turn(session: GameSession) -> list[str]:
    """The log lines of the last turn played, as seat 0 reads them."""
    log = session.log(0)
    start = len(log) - 1
    while start > 0 and log[start - 1]["actor"] == log[-1]["actor"]:
        start -= 1
    return [entry["text"] for entry in log[start:]]


async def test_a_whole_computer_turn_stays_in_the_log(store: SaveStore) -> None:
    session = new_session(store, LONG_NAMES, seed=2, game="shifting-stones")
    play_bots_until(session, lambda s: s.to_act() == [0] and len(last_turn(s)) == 6)
    turn = last_turn(session)
    assert session.log(0)[-1]["actor"] != 0
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, ShiftingStonesScreen)
        text = screen_text(app)
        assert all(line[:40] in text for line in turn)


async def test_a_cursor_move_rebuilds_no_footer_and_repaints_two_card_heads(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1")
        await pilot.pause()
        hand = screen.query_one(PatternHand)
        prompt = screen.query_one("#prompt", Static)
        redrawn: list[object] = []
        monkeypatch.setattr(screen, "refresh_bindings", lambda: redrawn.append("footer"))
        monkeypatch.setattr(prompt, "update", lambda *_, **__: redrawn.append("prompt"))
        monkeypatch.setattr(hand, "refresh", lambda *regions, **_: redrawn.append(regions))
        await pilot.press("right")
        await pilot.pause()
        assert screen.card == 1
        assert "footer" not in redrawn and "prompt" not in redrawn
        assert [len(regions) for regions in redrawn] == [1, 1]  # type: ignore[arg-type]

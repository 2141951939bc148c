"""How the Shifting Stones table reads: the fullest table (five players with 24-character
names, a 12-card hand) at 80x24, 120x36 and 160x45, also without colour and in the 16
basic colours; one vocabulary of symbols for the stones and the cards; the last turn
marked on the table; which keys the footer offers; every stone and card within reach of
the keys and the mouse; the room the pieces and the log get."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

from rules.shifting_stones import END, SKIP, Skip
from saves import SaveStore
from tui import palette
from tui.app import HotseatApp
from tui.games.shifting_stones.pattern_hand import PatternCard, PatternHand, PilesView
from tui.games.shifting_stones.pieces import (
    CHIP,
    COMPACT_CARD,
    LARGE,
    SMALL,
    pattern_cells,
    stone_cells,
    table_size_for,
)
from tui.games.shifting_stones.screen import ShiftingStonesScreen
from tui.games.shifting_stones.seats import SeatsPanel
from tui.games.shifting_stones.since import NOTHING, changes_since
from tui.games.shifting_stones.stone_grid import MIN_TILE_LINES, StoneGrid, StoneTile
from tui.games.shifting_stones.symbols import GLYPHS, GREY, symbol_glyph
from tui.model import GameSession
from tui.screens.handoff import HandoffScreen
from tui.widgets.log import GameLog
from tui.widgets.playing_cards import Canvas, Look

from tui_helpers import (
    app_for,
    leaf_shares,
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

SIZES = [(80, 24), (120, 36), (160, 45)]
"""The smallest pieces, then small and large stones with roomy cards."""
SIZE_IDS = ["80x24", "120x36", "160x45"]

A_TURN = ("9", "enter", "1", "f", "enter", "3")
"""Annabelle scores card #9, flips the centre stone with card #1, then points at card #3:
the table shows a scored card, a flipped stone and a discarded card as the last turn."""

A_SHIFT = (*A_TURN, "s", "enter", "right")
"""...then begins a shift with card #3: the centre picked, the cursor on its right."""


def hoard(session: GameSession, size: int) -> None:
    """Every seat skips whenever it may and otherwise ends its turn at once, so hands grow
    by 2 every other turn and the grid stays as dealt (the table does not depend on how
    the computer players play). Stops on seat 0's turn once she holds `size` cards."""
    for _ in range(3000):
        seat = session.to_act()[0]
        if seat == 0 and len(session.view(0)["hand"]) >= size:
            return
        skips = any(isinstance(action, Skip) for action in session.legal(seat))
        session.apply(seat, SKIP if skips else END)
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


def drawn(cells: list[list[tuple[str, object]]]) -> str:
    """The characters of drawn cells, row by row."""
    return "\n".join("".join(char for char, _ in row) for row in cells)


def tile(grid: StoneGrid, cell: int) -> str:
    """Stone `cell` as the grid draws it now."""
    return drawn(stone_cells(grid.grid[cell], grid.look(cell), grid.stone_size))


# ---- how it looks --------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_fullest_table_reads_at_every_size(snap_compare, store: SaveStore, size) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, fullest_table(store))
    assert snap_compare(
        app, run_before=turn_then(app, ShiftingStonesScreen, *A_TURN), terminal_size=size
    )


@pytest.mark.usefixtures("no_color")
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_without_colour_stones_and_cards_read_by_glyphs_words_and_frames(
    snap_compare, store: SaveStore, size
) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, fullest_table(store))
    assert snap_compare(
        app, run_before=turn_then(app, ShiftingStonesScreen, *A_SHIFT), terminal_size=size
    )


@pytest.mark.usefixtures("sixteen_colours")
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_in_sixteen_colours_every_symbol_has_its_own_colour(
    snap_compare, store: SaveStore, size
) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, fullest_table(store))
    assert snap_compare(
        app, run_before=turn_then(app, ShiftingStonesScreen, *A_SHIFT), terminal_size=size
    )


@pytest.mark.parametrize("mode", ["full", "ansi"])
def test_with_colour_the_eight_symbols_have_eight_inks(mode: palette.Mode) -> None:
    palette.use(mode)
    assert len({symbol_glyph(symbol).style.color for symbol in GLYPHS}) == 8  # type: ignore[union-attr]


def test_without_colour_every_symbol_reads_by_its_own_glyph_in_bold() -> None:
    palette.use("none")
    glyphs = [symbol_glyph(symbol) for symbol in GLYPHS]
    assert len({glyph.plain for glyph in glyphs} | {GREY}) == 9
    assert all(glyph.style.color is None and glyph.style.bold for glyph in glyphs)  # type: ignore[union-attr]


# ---- one vocabulary --------------------------------------------------------------


@pytest.mark.parametrize("symbol", list(GLYPHS))
def test_a_card_shows_a_symbol_with_the_glyph_its_stone_shows(symbol: str) -> None:
    stone = {"up": symbol, "down": "sun" if symbol != "sun" else "moon"}
    card = {"value": 1, "pattern": [symbol, *[None] * 8]}
    for size in (CHIP, SMALL, LARGE):
        tile = drawn(stone_cells(stone, Look(), size.stone))
        assert GLYPHS[symbol] in tile and symbol in tile
        face = drawn(pattern_cells(card, Look(), size.card)).split("\n")
        inside = "".join(row[1:-1] for row in face[1:-1]).split()
        assert inside == [GLYPHS[symbol], *[GREY] * 8]


async def test_the_symbols_on_the_cards_are_those_of_the_grid(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        grid = screen.query_one(StoneGrid)
        on_grid = {GLYPHS[stone["up"]] for stone in grid.grid}
        assert all(
            GLYPHS[s["up"]] in tile(grid, c) and s["up"] in tile(grid, c)
            for c, s in enumerate(grid.grid)
        )
        hand = screen.query_one(PatternHand)
        for index in hand.shown():
            card = hand.card_widget(index)
            assert card is not None
            drawn_chars = {char for char in str(card.render()) if not char.isascii()}
            assert drawn_chars - set("╭╮╰╯─│▄▀") <= set(GLYPHS.values()) | {GREY}
        assert on_grid <= set(GLYPHS.values())


# ---- the last turn on the table ---------------------------------------------------


async def test_the_two_stones_a_shift_swapped_are_framed_heavy(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=8, game="shifting-stones")
    play_bots_until(session, lambda s: s.to_act() == [0] and s.view(0)["turn"]["actions"] == 0)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1", "s", "enter", "right", "enter")
        await until(pilot, lambda: screen.view["turn"]["actions"] == 1)
        grid = screen.query_one(StoneGrid)
        assert grid.fresh == {4, 5}
        assert [tile(grid, cell)[0] for cell in range(9)] == list("╭╭╭╭┏┏╭╭╭")
        assert "This turn: 1 shift" in screen_text(app)


async def test_the_stone_a_flip_turned_is_framed_heavy(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=8, game="shifting-stones")
    play_bots_until(session, lambda s: s.to_act() == [0] and s.view(0)["turn"]["actions"] == 0)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1", "f", "down", "enter")
        await until(pilot, lambda: screen.view["turn"]["actions"] == 1)
        grid = screen.query_one(StoneGrid)
        assert grid.fresh == {7}
        assert tile(grid, 7).startswith("┏") and tile(grid, 4).startswith("╭")


async def test_the_computer_s_last_turn_stays_marked_when_the_person_s_turn_begins(
    store: SaveStore,
) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=8, game="shifting-stones")
    play_bots_until(
        session,
        lambda s: (
            s.to_act() == [0]
            and bool(s.view(0)["last"])
            and s.view(0)["last"]["seat"] == 1
            and bool(s.view(0)["last"]["cells"])
        ),
    )
    cells = set(session.view(0)["last"]["cells"])
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        grid = screen.query_one(StoneGrid)
        assert grid.fresh == cells
        assert all(tile(grid, cell).startswith("┏") for cell in cells)
        assert "Last turn, Bob:" in screen_text(app)


async def test_the_card_a_turn_scored_is_marked_among_the_scorer_s_cards(
    store: SaveStore,
) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("9", "enter")
        await until(pilot, lambda: screen.view["turn"]["scored"] == 1)
        panel = screen.query_one(SeatsPanel)
        first_row = str(panel.render()).split("\n")[1]
        assert "▐1▌" in first_row


async def test_a_solo_score_is_marked_among_the_scored_cards(store: SaveStore) -> None:
    session = new_session(store, "Ann", seed=5, game="shifting-stones")
    play_bots_until(session, lambda s: any(card["scorable"] for card in s.view(0)["hand"]))
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        scored = len(screen.view["seats"][0]["scored"])
        await pilot.press("enter")
        await until(pilot, lambda: len(screen.view["seats"][0]["scored"]) == scored + 1)
        text = str(screen.query_one(SeatsPanel).render())
        assert "▐" in text and f"Solo: {scored + 1} of 16 scored" in text


async def test_the_discard_pile_s_top_card_is_framed_heavy_after_a_flip(
    store: SaveStore,
) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1", "f", "enter")
        await until(pilot, lambda: screen.view["turn"]["actions"] == 1)
        piles = screen.query_one("#ss-piles", PilesView)
        assert str(piles.render()).split("\n")[1].startswith("┏")


# ---- what changed since your turn -------------------------------------------------


def stones_view(
    grid: str, top: int | None = None, scored: tuple[tuple[int, ...], ...] = ((), ())
) -> dict[str, Any]:
    """The parts of a view the marks read: the grid as its up sides, "sun moon ..." (each
    stone's down side the symbol after it in the word list, so words alike are stones
    alike), the discard pile's top card and each seat's scored cards."""
    ups = grid.split()
    return {
        "grid": [{"up": up, "down": DOWN[up]} for up in ups],
        "discard_top": None if top is None else {"id": top, "value": 1, "pattern": []},
        "seats": [{"scored": [{"id": card, "value": 1} for card in cards]} for cards in scored],
    }


DOWN = {"sun": "moon", "moon": "sun", "fish": "bird", "bird": "fish", "seed": "tree"}
GRID = "sun moon fish bird sun moon fish bird seed"


def test_without_a_view_from_after_your_own_move_nothing_is_marked() -> None:
    assert changes_since(None, stones_view(GRID)) == NOTHING


def test_right_after_your_own_move_nothing_is_marked() -> None:
    assert changes_since(stones_view(GRID, 7), stones_view(GRID, 7)) == NOTHING


def test_two_stones_swapped_since_your_turn_are_marked() -> None:
    swapped = "moon sun fish bird sun moon fish bird seed"
    assert changes_since(stones_view(GRID), stones_view(swapped)).cells == {0, 1}


def test_a_stone_turned_over_since_your_turn_is_marked() -> None:
    before = stones_view(GRID)
    after = stones_view(GRID)
    after["grid"][8] = {"up": "tree", "down": "seed"}
    assert changes_since(before, after).cells == {8}


def test_a_new_top_card_on_the_discard_pile_is_marked() -> None:
    assert changes_since(stones_view(GRID, 7), stones_view(GRID, 9)).cards == {9}
    assert changes_since(stones_view(GRID), stones_view(GRID, 9)).cards == {9}


def test_the_cards_others_scored_since_your_turn_are_marked() -> None:
    before = stones_view(GRID, scored=((1,), (2,), ()))
    after = stones_view(GRID, scored=((1,), (2, 3), (4,)))
    assert changes_since(before, after).cards == {3, 4}


def heavy_cells(grid: StoneGrid) -> set[int]:
    """The stones drawn in a heavy frame."""
    return {cell for cell in range(9) if tile(grid, cell).startswith("┏")}


async def test_the_table_marks_what_two_computers_changed_since_your_turn(
    store: SaveStore,
) -> None:
    session = new_session(store, "Ann,cpu:Bob,cpu:Cy", seed=4, game="shifting-stones")
    assert session.to_act() == [0]
    game = session.game
    after_skip = game.view(game.apply(session.state, 0, SKIP), 0)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("k")
        await until(pilot, lambda: screen.my_turn and len(session.record.actions) > 2)
        view = screen.view
        changed = {c for c in range(9) if view["grid"][c] != after_skip["grid"][c]}
        assert changed - set(view["last"]["cells"]), "Bob's stones are not the last turn's"
        assert heavy_cells(screen.query_one(StoneGrid)) == changed
        rows = str(screen.query_one(SeatsPanel).render()).split("\n")
        for seat in (1, 2):
            assert len(view["seats"][seat]["scored"]) > len(after_skip["seats"][seat]["scored"])
            assert "▐" in rows[1 + seat]
        piles = screen.query_one("#ss-piles", PilesView)
        assert str(piles.render()).split("\n")[1].startswith("┏")


async def test_the_privacy_screen_reveals_what_the_others_changed_since_your_turn(
    store: SaveStore,
) -> None:
    session = new_session(store, "Ann,Bob,cpu:Cy", seed=28, game="shifting-stones")
    app = app_for(store, session)

    async def turn_of(seat: int) -> ShiftingStonesScreen:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        assert screen.shown_seat == seat
        return screen

    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_of(0)
        await pilot.press("k")
        await turn_of(1)
        await pilot.press("1", "f", "enter", "e")
        screen = await turn_of(0)
        grid = screen.query_one(StoneGrid)
        last = screen.view["last"]
        assert last["seat"] == 2 and 4 not in last["cells"]
        assert heavy_cells(grid) == {4, *last["cells"]}
        await pilot.press("1", "f", "enter")
        await until(pilot, lambda: screen.view["turn"]["actions"] == 1)
        assert heavy_cells(grid) == {4}


# ---- every stone and card within reach ---------------------------------------------


async def test_pressing_7_with_a_12_card_hand_picks_card_7_and_shows_it(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1", "7")
        await pilot.pause()
        assert screen.card == 6
        hand = screen.query_one(PatternHand)
        card = hand.card_widget(6)
        assert card is not None and card.look.cursor and card.region.right <= 80


async def test_left_from_the_first_card_reaches_the_twelfth(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1", "left")
        await pilot.pause()
        assert screen.card == 11
        assert "#12" in screen_text(app)
        assert "#7-#12 of 12" in screen_text(app)


async def test_a_matching_card_out_of_view_is_marked_beside_the_hand(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1")
        await pilot.pause()
        text = screen_text(app)
        assert "#1-#6 of 12" in text
        assert 8 not in app.screen.query_one(PatternHand).shown()
        assert "+6" in text and "OK" in text
        assert "#9 matches the grid (OK): pick it and press Enter to score." in text


async def test_a_click_picks_a_card_and_a_click_on_the_picked_card_scores_it(
    store: SaveStore,
) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1", "9", "8")
        await pilot.pause()
        hand = screen.query_one(PatternHand)
        card = hand.card_widget(8)
        assert card is not None
        await pilot.click(card, offset=(4, 2))
        await pilot.pause()
        assert screen.card == 8
        await pilot.click(card, offset=(4, 2))
        await until(pilot, lambda: screen.view["turn"]["scored"] == 1)


async def test_a_click_beside_the_hand_shows_the_next_card(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1")
        await pilot.pause()
        await pilot.click("#hand-after", offset=(0, 1))
        await pilot.pause()
        assert screen.card == 6
        assert 6 in screen.query_one(PatternHand).shown()


async def test_clicks_on_two_neighbouring_stones_shift_them(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=8, game="shifting-stones")
    play_bots_until(session, lambda s: s.to_act() == [0] and s.view(0)["turn"]["actions"] == 0)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        moves = len(session.record.actions)
        await pilot.press("1", "s")
        grid = screen.query_one(StoneGrid)
        for cell in (0, 3):
            region = grid.stone_region(cell)
            await pilot.click(grid, offset=(region.x + 3, region.y + 1))
            await pilot.pause()
        await until(pilot, lambda: len(session.record.actions) > moves)
        seat, shift = session.record.actions[moves]
        assert (seat, shift["type"], shift["a"], shift["b"]) == (0, "shift", 0, 3)


async def test_a_click_on_a_stone_flips_it_while_flipping(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=8, game="shifting-stones")
    play_bots_until(session, lambda s: s.to_act() == [0] and s.view(0)["turn"]["actions"] == 0)
    app = app_for(store, session)
    async with app.run_test(size=(160, 45)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        moves = len(session.record.actions)
        await pilot.press("1", "f")
        grid = screen.query_one(StoneGrid)
        region = grid.stone_region(8)
        await pilot.click(grid, offset=(region.x + 10, region.y + 5))
        await until(pilot, lambda: len(session.record.actions) > moves)
        assert session.record.actions[moves][1]["cell"] == 8


async def test_a_click_on_a_stone_before_shift_or_flip_says_how(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.click(StoneGrid, offset=(3, 1))
        await pilot.pause()
        assert "press s (shift) or f (flip)" in screen_text(app)


async def test_while_shifting_only_the_first_stone_s_neighbours_stay_open(
    store: SaveStore,
) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1", "s", "enter")
        await pilot.pause()
        grid = screen.query_one(StoneGrid)
        assert grid.picked == {4}
        assert grid.dimmed == {0, 2, 6, 8}
        assert tile(grid, 4).splitlines()[1].startswith("║") and tile(grid, 0).startswith("╭┄")


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
        assert "hand pts 1pt scored" in text
        assert "° started · 1pt: 1-point cards, most +3" in text


def last_turn(session: GameSession) -> list[str]:
    """The log lines of the last turn played, as seat 0 reads them."""
    log = session.log(0)
    start = len(log) - 1
    while start > 0 and log[start - 1]["actor"] == log[-1]["actor"]:
        start -= 1
    return [entry["text"] for entry in log[start:]]


async def test_l_gives_the_log_the_room_for_a_whole_computer_turn(store: SaveStore) -> None:
    session = new_session(store, LONG_NAMES, seed=2, game="shifting-stones")
    play_bots_until(session, lambda s: s.to_act() == [0] and len(last_turn(s)) == 6)
    turn = last_turn(session)
    assert session.log(0)[-1]["actor"] != 0
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        log = screen.query_one(GameLog)
        small = log.region.area
        await pilot.press("L")
        await pilot.pause()
        assert log.region.area > 2 * small
        text = screen_text(app)
        assert all(line[:30] in text for line in turn)
        await pilot.press("L")
        await pilot.pause()
        assert log.region.area == small


async def test_a_cursor_move_rebuilds_no_footer_and_repaints_two_cards_edges(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1")
        await pilot.pause()
        prompt = screen.query_one("#prompt", Static)
        redrawn: list[object] = []
        monkeypatch.setattr(screen, "refresh_bindings", lambda: redrawn.append("footer"))
        monkeypatch.setattr(prompt, "update", lambda *_, **__: redrawn.append("prompt"))
        for card in screen.query(PatternCard):
            monkeypatch.setattr(card, "refresh", lambda *regions, **_: redrawn.append(regions))
        await pilot.press("right")
        await pilot.pause()
        assert screen.card == 1
        assert "footer" not in redrawn and "prompt" not in redrawn
        edge = (COMPACT_CARD.width, 1)
        assert [[region.size for region in regions] for regions in redrawn] == [[edge, edge]] * 2  # type: ignore[attr-defined]


async def test_a_stone_cursor_move_repaints_the_two_stones_only(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(160, 45)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1", "s")
        await pilot.pause()
        repainted: list[int] = []
        for cell, stone in enumerate(screen.query(StoneTile)):
            monkeypatch.setattr(stone, "refresh", lambda *_, c=cell, **__: repainted.append(c))
        await pilot.press("right")
        await pilot.pause()
        assert screen.stone == 5
        assert sorted(repainted) == [4, 5]


# ---- the room the pieces get ---------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "name"), [((80, 24), "chip"), ((120, 36), "small"), ((160, 45), "large")]
)
def test_the_pieces_grow_with_the_terminal(size: tuple[int, int], name: str) -> None:
    assert table_size_for(*size).name == name


async def test_at_160x45_the_fullest_table_gives_its_pieces_55_percent_and_its_log_25(
    store: SaveStore,
) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(160, 45)) as pilot:
        await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.pause()
        pieces, log = leaf_shares(app)
        assert pieces >= 0.55
        assert log <= 0.25


async def test_at_80x24_the_fullest_table_shows_all_it_takes_to_play(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.pause()
        inside = screen.region
        for selector in ("#stones", "#ss-hand", "#ss-piles", "#ss-players", "#prompt"):
            region = screen.query_one(selector).region
            assert region.area and inside.contains_region(region), selector
        grid = screen.query_one(StoneGrid)
        tiles = list(grid.query(StoneTile))
        assert all(grid.region.contains_region(tile.region) for tile in tiles)
        assert min(tile.region.height for tile in tiles) >= MIN_TILE_LINES
        assert len(screen.query_one(PatternHand).shown()) >= 6
        text = screen_text(app)
        for name in LONG_NAMES.replace("cpu:", "").split(","):
            assert name[:12] in text


def test_a_stone_shows_its_other_side_on_its_bottom_edge() -> None:
    cells = stone_cells({"up": "horse", "down": "boat"}, Look(), CHIP.stone)
    canvas = Canvas(CHIP.stone.width, CHIP.stone.height)
    canvas.place(cells, 0, 0)
    rows = canvas.text().plain.split("\n")
    assert "♞" in rows[1] and "horse" in rows[2] and "◭ boat" in rows[-1]

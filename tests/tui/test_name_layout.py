"""Names are laid out by the cells they take on screen: a name of wide letters fits the same
columns as any other, an accent stays with its letter, and no row wraps at 80x24."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.geometry import Region
from textual.widget import Widget

from saves import SaveStore
from tui.games.shifting_stones.screen import ShiftingStonesScreen
from tui.games.shifting_stones.seats import SeatsPanel, players_text
from tui.games.three_by_three.boxes import SeatBoxes
from tui.games.three_by_three.screen import ThreeByThreeScreen
from tui.games.three_by_three.seats import SeatList, seats_text
from tui.games.xylotar.board import HEAD_LINES, TableLook, draw, geometry
from tui.games.xylotar.cards import CHIP
from tui.games.xylotar.scores import scores_text
from tui.model import GameSession
from tui.widgets.names import cut_name, short_names

from tui_helpers import app_for, new_session, play_bots_until, turn_at

WIDE = "李小龍張偉王芳劉洋陳靜楊"
"""Twelve wide letters: 24 cells, the widest name a player may have."""
WIDE_TOO = "楊靜陳洋劉芳王偉張龍小李"
"""Another widest name, the same letters the other way round."""


def lines(text: str) -> list[str]:
    return text.split("\n")


def shown_lines(widget: Widget) -> list[str]:
    """The lines a widget shows inside its border and padding, as plain text."""
    gutter = widget.styles.gutter
    width, height = widget.outer_size
    strips = widget.render_lines(Region(0, 0, width, height))
    inside = strips[gutter.top : height - gutter.bottom]
    return [strip.crop(gutter.left, width - gutter.right).text.rstrip() for strip in inside]


@pytest.mark.parametrize("width", range(1, 26))
def test_a_cut_wide_name_never_takes_more_cells_than_its_column(width: int) -> None:
    assert cell_len(cut_name(WIDE, width)) <= width


def test_a_wide_name_is_cut_at_a_whole_letter_and_marked() -> None:
    assert cut_name(WIDE, 14) == "李小龍張偉王~"


def test_a_wide_name_that_fits_its_column_is_shown_whole() -> None:
    assert cut_name(WIDE, 24) == WIDE


def test_an_accent_stays_with_its_letter_when_a_name_is_cut() -> None:
    assert cut_name("Zoe\u0301 Kowalska-Nowak", 4) == "Zoe\u0301~"


def test_wide_names_alike_at_their_start_end_in_their_seat_number() -> None:
    names = short_names([WIDE, WIDE[:10] + "Zz"], 14)

    assert names == ["李小龍張偉王#1", "李小龍張偉王#2"]


def test_every_row_of_the_3x3_players_table_is_as_wide_as_its_heads(store: SaveStore) -> None:
    session = new_session(store, f"{WIDE},cpu:{WIDE_TOO},cpu:Bob")

    rows = lines(seats_text(session.view(0)).plain)

    assert len({cell_len(row) for row in rows}) == 1


def test_every_row_of_the_shifting_stones_players_table_is_as_wide(store: SaveStore) -> None:
    session = new_session(store, f"{WIDE},cpu:{WIDE_TOO},cpu:Bob", game="shifting-stones")

    rows = lines(players_text(session.view(0), 44).plain)[:4]

    assert len({cell_len(row) for row in rows}) == 1


def xylotar_after_a_round(store: SaveStore) -> GameSession:
    """A Xylotar game with two widest names, played by the computers to its first score."""
    session = new_session(store, f"{WIDE},cpu:{WIDE_TOO},cpu:Bob", game="xylotar")
    play_bots_until(session, lambda s: bool(s.view(0)["rounds"]))
    return session


def test_every_row_of_the_xylotar_scores_is_as_wide_as_its_heads(store: SaveStore) -> None:
    rows = lines(scores_text(xylotar_after_a_round(store).view(0)).plain)[:4]

    assert len({cell_len(row) for row in rows}) == 1


def test_every_xylotar_row_starts_its_cards_in_the_same_column(store: SaveStore) -> None:
    view = xylotar_after_a_round(store).view(0)
    rows = draw(TableLook(view, CHIP), 80).rows
    start = geometry(view, CHIP, 80).row_x

    ahead = [
        cell_len("".join(char for char, _ in rows[HEAD_LINES + 2 * seat][:start]))
        for seat in range(len(view["seats"]))
    ]

    assert ahead == [start] * len(view["seats"])


async def test_the_3x3_players_table_with_wide_names_does_not_wrap_at_80x24(
    store: SaveStore,
) -> None:
    session = new_session(store, f"{WIDE},cpu:{WIDE_TOO},cpu:Bob,cpu:Cy,cpu:Dee,cpu:Eve")
    play_bots_until(session, lambda s: s.to_act() == [0] and s.view(0)["phase"] != "swap")
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ThreeByThreeScreen)
        seats = screen.query_one("#seats", SeatList)
        rows = lines(seats_text(seats.view, limit=seats.name_limit).plain)

        assert shown_lines(seats)[: len(rows)] == rows


async def test_the_3x3_boxes_with_wide_names_do_not_wrap_at_80x24(store: SaveStore) -> None:
    session = new_session(store, f"{WIDE},cpu:{WIDE_TOO},cpu:Bob")
    play_bots_until(session, lambda s: s.to_act() == [0] and s.view(0)["phase"] != "swap")
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ThreeByThreeScreen)
        boxes = screen.query_one("#boxes", SeatBoxes)
        rows = [row.rstrip() for row in lines(boxes.render().plain)]

        assert boxes.display and rows
        assert [row.rstrip() for row in shown_lines(boxes)[: len(rows)]] == rows


async def test_the_shifting_stones_players_table_with_wide_names_does_not_wrap_at_80x24(
    store: SaveStore,
) -> None:
    session = new_session(store, f"{WIDE},cpu:{WIDE_TOO}", game="shifting-stones")
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        panel = screen.query_one("#ss-players", SeatsPanel)
        text = players_text(screen.view, panel.content_size.width)
        rows = [row.rstrip() for row in lines(text.plain)]

        assert shown_lines(panel)[: len(rows)] == rows

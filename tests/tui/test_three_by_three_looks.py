"""How the 3 x 3 table looks: the fullest table as chips at 80x24 and as framed cards at
120x36 and 160x45, in German at 80x24, and the table without colour and in the 16 basic
colours."""

from __future__ import annotations

import pytest

from saves import SaveStore
from tui.games.three_by_three.layout import mine_width
from tui.games.three_by_three.pile import PileView
from tui.games.three_by_three.screen import ThreeByThreeScreen
from tui.model import GameSession
from tui.widgets.playing_cards import XL

from tui_helpers import app_for, new_session, play_bots_until, turn_then, until

LONG_NAMES = ["Annabelle-Marie Kowalski"] + [
    f"cpu:Computer Player Seat #{seat:02d}" for seat in range(2, 12)
]
"""Eleven players with 24-character names that differ only at their end."""


def fullest_table(store: SaveStore) -> GameSession:
    """Eleven players with long names in tour 3; Annabelle-Marie holds 12 cards and plays."""
    session = new_session(store, ",".join(LONG_NAMES), seed=14)
    play_bots_until(
        session,
        lambda s: (
            s.to_act() == [0] and s.view(0)["phase"] != "swap" and len(s.view(0)["hand"]) == 12
        ),
    )
    return session


SIZES = [(80, 24), (120, 36), (160, 45)]
"""Chips, small framed cards, large framed cards."""


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36", "160x45"])
def test_the_fullest_table_reads_at_every_size(snap_compare, store: SaveStore, size) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, fullest_table(store))
    assert snap_compare(
        app, run_before=turn_then(app, ThreeByThreeScreen, "right"), terminal_size=size
    )


def test_the_fullest_table_reads_in_german_at_80x24(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, fullest_table(store), language="de")
    assert snap_compare(
        app, run_before=turn_then(app, ThreeByThreeScreen, "right"), terminal_size=(80, 24)
    )


@pytest.mark.usefixtures("no_color")
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36", "160x45"])
def test_without_colour_cards_read_by_rank_suit_and_marks(
    snap_compare, store: SaveStore, size
) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, fullest_table(store))
    assert snap_compare(
        app, run_before=turn_then(app, ThreeByThreeScreen, "space", "right"), terminal_size=size
    )


@pytest.mark.usefixtures("sixteen_colours")
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36", "160x45"])
def test_in_sixteen_colours_red_suits_stand_out(snap_compare, store: SaveStore, size) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, fullest_table(store))
    assert snap_compare(
        app, run_before=turn_then(app, ThreeByThreeScreen, "space", "right"), terminal_size=size
    )


@pytest.mark.usefixtures("no_color")
def test_without_colour_tour_1_shows_the_card_picked_to_swap(
    snap_compare, store: SaveStore
) -> None:  # type: ignore[no-untyped-def]
    session = new_session(store, "Ann,cpu:Bob,cpu:Cy,cpu:Dee", seed=31)
    app = app_for(store, session)
    keys = ("space", "down", "right")
    assert snap_compare(
        app, run_before=turn_then(app, ThreeByThreeScreen, *keys), terminal_size=(120, 36)
    )


async def test_on_a_big_screen_the_table_stands_in_the_middle(store: SaveStore) -> None:
    """At 160x45 the piles stand in the middle, and the table cards with a hand of six
    begin where they would stand in the middle too (a longer hand reaches further right)."""
    session = new_session(store, "Ann,cpu:Bob,cpu:Cy", seed=4)
    play_bots_until(session, lambda s: len(s.record.actions) >= 6 and s.to_act() == [0])
    app = app_for(store, session)
    async with app.run_test(size=(160, 45)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ThreeByThreeScreen))
        screen = app.screen
        pile = [line.rstrip() for line in screen.query_one(PileView).render().plain.splitlines()]
        before = min(len(line) - len(line.lstrip()) for line in pile if line)
        after = 158 - max(len(line) for line in pile)
        assert abs(before - after) <= 1
        assert screen.query_one("#my-table").region.x == 1 + (158 - mine_width(XL)) // 2


async def test_at_80x24_the_cards_use_the_whole_width(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob,cpu:Cy", seed=4)
    play_bots_until(session, lambda s: len(s.record.actions) >= 6 and s.to_act() == [0])
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ThreeByThreeScreen))
        assert app.screen.query_one("#my-table").region.x == 1

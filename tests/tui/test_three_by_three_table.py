"""The 3 x 3 table at 80x24: who sits where, names that stay apart, words that count
right, cards that read without colour, and cursor keys that repaint little."""

from __future__ import annotations

import pytest
from test_three_by_three_looks import fullest_table
from textual.widgets import Static

from rules.three_by_three_cards import FULL_DECK
from saves import SaveStore
from tui import palette
from tui.games.three_by_three.card_faces import card_style
from tui.games.three_by_three.screen import ThreeByThreeScreen
from tui.games.three_by_three.seats import SeatList, seats_text, seats_width, whole_name_width
from tui.widgets.log import GameLog
from tui.widgets.names import short_names

from tui_helpers import (
    app_for,
    new_session,
    play_bots_until,
    screen_text,
    turn_at,
)

ELEVEN = ",".join(["Ann"] + [f"cpu:Computer {seat}" for seat in range(2, 12)])


async def test_at_80x24_the_seats_stand_unboxed_and_the_log_is_a_strip_under_the_cards(
    store: SaveStore,
) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ThreeByThreeScreen)
        seats = screen.query_one(SeatList)
        log = screen.query_one(GameLog)
        hand = screen.query_one("#hand")
        assert seats.outer_size.width == seats_width(screen.view, whole_name_width())
        assert log.region.y > hand.region.y
        assert log.outer_size == (80, 3)


async def test_at_80x24_every_name_of_eleven_shows_whole(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, ThreeByThreeScreen)
        shown = screen_text(app)
        for seat in range(2, 12):
            assert f"Computer Player Seat #{seat:02d} " in shown
        assert "Annabelle-Marie Kowalski (you)" in shown


def test_names_that_look_alike_when_cut_end_in_their_seat_number() -> None:
    names = [f"Computer {number}" for number in range(1, 12)]
    assert short_names(names, 10)[8:] == ["Computer 9", "Compute#10", "Compute#11"]


async def test_computer_10_and_computer_11_keep_their_whole_names(store: SaveStore) -> None:
    app = app_for(store, new_session(store, ELEVEN, seed=26))
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, ThreeByThreeScreen)
        panel = seats_text(app.screen.view).plain  # type: ignore[attr-defined]
        assert "Computer 10" in panel
        assert "Computer 11" in panel


async def test_eleven_seats_and_the_column_heads_show_beside_a_two_line_hand(
    store: SaveStore,
) -> None:
    session = new_session(store, ELEVEN, seed=64)
    play_bots_until(
        session,
        lambda s: (
            s.to_act() == [0]
            and s.view(0)["phase"] != "swap"
            and len(s.view(0)["hand"]) == 18
            and not s.view(0)["places"]
        ),
    )
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ThreeByThreeScreen)
        lines = screen.query_one(SeatList).render().plain.splitlines()
        assert lines[0].split() == ["Player", "hand", "up", "down"]
        assert [line[2:].split("  ")[0].strip() for line in lines[1:]] == [
            "Ann (you)",
            *(f"Computer {seat}" for seat in range(2, 12)),
        ]


async def test_a_pile_of_one_card_is_taken_as_one_card(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=26)
    play_bots_until(session, lambda s: len(s.record.actions) == 3)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ThreeByThreeScreen)
        assert screen.only_take()
        assert "take the pile (1 card)." in screen_text(app)


def test_without_colour_hearts_and_spades_differ_only_by_their_suit_symbol() -> None:
    palette.use("none")
    assert card_style("QH") == card_style("QS")
    assert card_style("QH").color is None
    assert card_style("QH").bold


def test_in_sixteen_colours_hearts_and_diamonds_are_the_terminals_red() -> None:
    palette.use("ansi")
    assert card_style("QH").color is not None and card_style("QH").color.name == "red"
    assert card_style("QD").color == card_style("QH").color
    assert card_style("QS").color is None


async def test_a_cursor_move_redraws_neither_the_footer_nor_the_prompt(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ThreeByThreeScreen)
        redrawn: list[str] = []
        prompt = screen.query_one("#prompt", Static)
        monkeypatch.setattr(screen, "refresh_bindings", lambda: redrawn.append("footer"))
        monkeypatch.setattr(prompt, "update", lambda *_, **__: redrawn.append("prompt"))
        cursor = screen.cursor
        await pilot.press("right", "right", "left")
        assert screen.cursor == cursor + 1
        assert redrawn == []


async def test_with_cards_marked_the_prompt_says_enter_plays_them(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ThreeByThreeScreen)
        await pilot.press("space")
        await pilot.pause()
        marked = [screen.zone_cards(screen.zone)[i] for i in screen.marked]
        assert marked
        assert "Enter plays the marked" in screen_text(app)


async def test_in_tour_1_enter_lays_the_cards_face_up_whatever_order_they_lie_in(
    store: SaveStore,
) -> None:
    session = new_session(store, "Ann,cpu:Bob,cpu:Cy,cpu:Dee", seed=31)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ThreeByThreeScreen)
        await pilot.press("space", "down", "right", "space")
        chosen = screen.zone_cards("face-up")
        assert chosen != sorted(chosen, key=FULL_DECK.index)
        await pilot.press("enter")
        await pilot.pause()
        assert sorted(session.view(0)["seats"][0]["face_up"]) == sorted(chosen)
        assert session.view(0)["seats"][0]["ready"]

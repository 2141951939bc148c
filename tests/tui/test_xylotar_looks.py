"""How the Xylotar table looks: the fullest table as chips at 80x24 and as framed cards at
120x36 and 160x45, without colour and in the 16 basic colours; sorting, the score table,
the end; and the room the table takes at 160x45."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from textual.pilot import Pilot

from saves import SaveStore
from tui.app import HotseatApp
from tui.games.xylotar.scores import XylotarScoresScreen
from tui.games.xylotar.screen import XylotarScreen
from tui.model import GameSession
from tui.screens.game_over import GameOverScreen
from tui.widgets.log import GameLog

from tui_helpers import app_for, leaf_shares, play_bots_until, players, until

LONG_NAMES = ",".join(
    [
        "Annabelle Montgomery-Fox",
        "cpu:Bartholomew Higginbottom",
        "cpu:Cornelius Vanderbilt III",
        "cpu:Dorothea Wainwright-Hale",
        "cpu:Evangeline St. Sebastian",
    ]
)
"""Five players, the most Xylotar allows, with 24-character names; Annabelle at the keyboard."""


def five_long_names(store: SaveStore, seed: int = 6) -> GameSession:
    """With the sorting memory, so Annabelle sees the values of the hand she sorted."""
    return GameSession.create(
        store,
        "xylotar",
        players(LONG_NAMES),
        seed,
        name="table",
        options={"sorting_memory": True},
    )


def fullest_table(store: SaveStore) -> GameSession:
    """Trick 7 of round 1 with four cards on the table and Annabelle to play last: played
    cards, bids, the card she looked at and put back, the remembered hand she sorted."""
    session = five_long_names(store)

    def ready(s: GameSession) -> bool:
        view = s.view(0)
        return (
            s.to_act() == [0]
            and view["phase"] == "play"
            and view["seats"][0]["bid"] is not None
            and view["trick_number"] >= 7
        )

    play_bots_until(session, ready)
    return session


def at_the_table(app: HotseatApp, step: str, *keys: str) -> Callable[[Pilot], Awaitable[None]]:
    """Wait until the person at the keyboard has this kind of choice, then press these keys."""

    async def run_before(pilot: Pilot) -> None:
        await until(
            pilot, lambda: isinstance(app.screen, XylotarScreen) and app.screen.step == step
        )
        await pilot.press(*keys)

    return run_before


SIZES = [(80, 24), (120, 36), (160, 45)]
"""Chips, small framed cards, large framed cards."""


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36", "160x45"])
def test_the_fullest_table_reads_at_every_size(snap_compare, store: SaveStore, size) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, fullest_table(store))
    assert snap_compare(app, run_before=at_the_table(app, "play"), terminal_size=size)


@pytest.mark.usefixtures("no_color")
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36", "160x45"])
def test_without_colour_every_look_reads_by_letters_patterns_frames_and_reverse(
    snap_compare, store: SaveStore, size
) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, fullest_table(store))
    run_before = at_the_table(app, "play", "right")
    assert snap_compare(app, run_before=run_before, terminal_size=size)


@pytest.mark.usefixtures("sixteen_colours")
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36", "160x45"])
def test_in_sixteen_colours_the_eight_card_colours_stay_apart(
    snap_compare, store: SaveStore, size
) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, fullest_table(store))
    assert snap_compare(app, run_before=at_the_table(app, "play"), terminal_size=size)


@pytest.mark.usefixtures("no_color")
def test_without_colour_the_cards_that_may_change_places_are_marked(
    snap_compare, store: SaveStore
) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, five_long_names(store))
    run_before = at_the_table(app, "sort", "right")
    assert snap_compare(app, run_before=run_before, terminal_size=(80, 24))


def test_the_score_table_shows_long_names_whole(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    session = five_long_names(store)
    play_bots_until(session, lambda s: s.view(None)["round"] == 3 and s.to_act() == [0])
    app = app_for(store, session)

    async def scores(pilot: Pilot) -> None:
        await until(pilot, lambda: isinstance(app.screen, XylotarScreen) and app.screen.my_turn)
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, XylotarScoresScreen))

    assert snap_compare(app, run_before=scores, terminal_size=(80, 24))


def test_game_over_ranks_five_long_names_without_a_loser(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    session = five_long_names(store)
    play_bots_until(session, lambda s: False)
    app = app_for(store, session)

    async def game_over(pilot: Pilot) -> None:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))

    assert snap_compare(app, run_before=game_over, terminal_size=(80, 24))


async def test_at_160x45_the_fullest_table_gives_its_cards_55_percent_and_its_log_25(
    store: SaveStore,
) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(160, 45)) as pilot:
        await at_the_table(app, "play")(pilot)
        await pilot.pause()
        pieces, log = leaf_shares(app)
    assert pieces >= 0.55, f"cards {pieces:.0%}"
    assert log <= 0.25, f"log {log:.0%}"


async def test_l_gives_the_log_the_room_and_gives_it_back(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(160, 45)) as pilot:
        await at_the_table(app, "play")(pilot)
        await pilot.pause()
        log = app.screen.query_one(GameLog)
        before = log.region.height
        await pilot.press("L")
        await pilot.pause()
        enlarged = log.region.height
        await pilot.press("L")
        await pilot.pause()
        assert enlarged > before == log.region.height

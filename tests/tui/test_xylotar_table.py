"""Xylotar at the table: a whole game through keys, sorting, bidding, scores, and the look."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rich.style import Style
from textual.geometry import Offset
from textual.pilot import Pilot
from textual.widgets import Static

from rules.xylotar import PASS, ROUNDS, Play, value
from saves import SaveRecord, SaveStore
from tui.app import HotseatApp
from tui.games.xylotar.board import (
    GAP_MARK,
    HEAD_LINES,
    Geometry,
    TableLook,
    XylotarBoard,
    changed_columns,
    draw,
    geometry,
    table_height,
)
from tui.games.xylotar.cards import CHIP
from tui.games.xylotar.scores import XylotarScoresScreen
from tui.games.xylotar.screen import XylotarScreen
from tui.games.xylotar.since import NOTHING, changes_since
from tui.games.xylotar.table import table_cards
from tui.model import GameSession
from tui.screens.game_over import GameOverScreen
from tui.screens.handoff import HandoffScreen
from tui.widgets.playing_cards import SMALL, CardSize, Cell

from tui_helpers import (
    app_for,
    enter_until,
    play_bots_until,
    players,
    screen_text,
    until,
    waits_for_enter,
)


def xylotar(store: SaveStore, spec: str, seed: int, **options: bool) -> GameSession:
    return GameSession.create(store, "xylotar", players(spec), seed, name="table", options=options)


def table(app: HotseatApp) -> XylotarScreen:
    screen = app.screen
    assert isinstance(screen, XylotarScreen)
    return screen


async def my_step(pilot: Pilot, app: HotseatApp, step: str) -> XylotarScreen:
    """Wait until the person at the keyboard has this kind of choice."""
    await until(pilot, lambda: isinstance(app.screen, XylotarScreen) and app.screen.step == step)
    return table(app)


def my_play_turn(session: GameSession) -> bool:
    return session.to_act() == [0] and session.view(0)["phase"] == "play"


def anns_moves(session: GameSession) -> list[dict[str, object]]:
    """The actions seat 0 (Ann) has saved, in order."""
    return [data for seat, data in session.record.actions if seat == 0]


async def play_to_the_end(pilot: Pilot, app: HotseatApp) -> int:
    """Enter on everything: sorting as dealt, the first legal card, bids; the scores
    screens counted on the way."""
    scores = 0
    for _ in range(3000):
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, GameOverScreen | XylotarScoresScreen) or waits_for_enter(app)
            ),
        )
        if isinstance(app.screen, GameOverScreen):
            return scores
        if isinstance(app.screen, XylotarScoresScreen):
            scores += 1
        await pilot.press("enter")
    raise AssertionError("the game did not end")


def last_round(session: GameSession) -> bool:
    """The third round has begun (the rounds before it are alike: the engine plays them)."""
    return session.view(None)["round"] >= ROUNDS


async def test_a_person_plays_the_last_round_against_the_computer_to_game_over(
    store: SaveStore,
) -> None:
    session = xylotar(store, "Ann,cpu:Bob,cpu:Cy", seed=4)
    play_bots_until(session, last_round)
    app = app_for(store, session, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        scores = await play_to_the_end(pilot, app)
        assert scores >= 1
        assert "points" in screen_text(app)
    _, game, state = store.load("table")
    assert game.is_over(state)
    assert any(data["type"] == "bid" for seat, data in store.load("table")[0].actions)


async def test_a_two_player_game_with_side_players_ends_through_keys(store: SaveStore) -> None:
    session = xylotar(store, "Ann,cpu:Bob", seed=8)
    play_bots_until(session, last_round)
    app = app_for(store, session, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_end(pilot, app)
        ranking = str(app.screen.query_one("#over-ranking", Static).render())
        assert "Ann" in ranking and "Bob" in ranking and "West" not in ranking
    record = store.load("table")[0]
    assert {seat for seat, _ in record.actions} == {0, 2}


def ann_against_two(
    store: SaveStore, ready: Callable[[GameSession], bool]
) -> tuple[GameSession, HotseatApp]:
    """Ann (seat 0) against two computers, played on until `ready` holds."""
    session = xylotar(store, "Ann,cpu:Bob,cpu:Cy", seed=4)
    play_bots_until(session, ready)
    return session, app_for(store, session)


def ann_sorts(session: GameSession) -> bool:
    return session.to_act() == [0] and session.view(0)["phase"] == "sort"


async def test_equal_values_change_places_before_the_hand_is_passed_on(store: SaveStore) -> None:
    session, app = ann_against_two(store, ann_sorts)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_step(pilot, app, "sort")
        target = screen.view["sorting"]["target"]
        draft = screen.draft
        first = next(
            i
            for i in sorted(screen.movable())
            if i + 1 < len(draft) and value(draft[i]) == value(draft[i + 1])
        )
        screen.cursor = first - screen.view["sorting"]["placed_count"]
        wanted = list(draft)
        wanted[first], wanted[first + 1] = wanted[first + 1], wanted[first]
        await pilot.press("right_square_bracket")
        assert screen.draft == tuple(wanted)
        await pilot.press("enter")
        await pilot.pause()
    assert list(session.state.rows[target]) == wanted


async def test_cards_of_different_value_never_change_places(store: SaveStore) -> None:
    _, app = ann_against_two(store, ann_sorts)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_step(pilot, app, "sort")
        draft = screen.draft
        lone = next(
            i
            for i in range(screen.view["sorting"]["placed_count"], len(draft) - 1)
            if value(draft[i]) != value(draft[i + 1])
        )
        screen.cursor = lone - screen.view["sorting"]["placed_count"]
        await pilot.press("right_square_bracket")
        assert screen.draft == draft
        assert "equal value" in screen.message


async def test_after_playing_the_screen_offers_a_bid_and_shows_the_pair_only_to_the_bidder(
    store: SaveStore,
) -> None:
    session, app = ann_against_two(store, my_play_turn)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_step(pilot, app, "play")
        await pilot.press("enter")
        screen = await my_step(pilot, app, "peek")
        assert "Bid now?" in screen_text(app)
        await pilot.press("enter")
        screen = await my_step(pilot, app, "bid")
        peeked = screen.view["peek"]["cards"]
        assert "You see" in screen_text(app)
        await pilot.press("right", "enter")
        await pilot.pause()
    peek, chosen = anns_moves(session)[-2:]
    assert peek["type"] == "peek" and chosen["type"] == "bid"
    bid = session.view(0)["seats"][0]["bid"]
    assert bid is not None and bid["card"] == peeked[1]
    assert session.view(1)["peek"] is None


async def test_n_goes_on_without_bidding(store: SaveStore) -> None:
    session, app = ann_against_two(store, my_play_turn)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_step(pilot, app, "play")
        await pilot.press("enter")
        await my_step(pilot, app, "peek")
        await pilot.press("n")
        await pilot.pause()
    assert anns_moves(session)[-1] == {"type": "pass"}
    assert session.view(0)["seats"][0]["bid"] is None


async def test_the_leader_is_told_why_the_leftmost_card_is_not_offered(store: SaveStore) -> None:
    _, app = ann_against_two(store, lambda s: my_play_turn(s) and not s.view(0)["trick"])
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_step(pilot, app, "play")
        leftmost = screen.view["lead_ban"]["slot"]
        assert "Not your leftmost card" in screen_text(app)
        assert all(slot != leftmost for (slot,) in screen.choices())


async def test_a_follower_who_holds_the_led_colour_is_offered_only_that_colour(
    store: SaveStore,
) -> None:

    def must_follow(s: GameSession) -> bool:
        if not my_play_turn(s) or not s.view(0)["trick"]:
            return False
        led = s.view(0)["led_colour"]
        return any(
            slot["colour"] == led and slot["status"] == "down"
            for slot in s.view(0)["seats"][0]["slots"]
        )

    session, app = ann_against_two(store, must_follow)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_step(pilot, app, "play")
        led = screen.view["led_colour"]
        slots = screen.view["seats"][0]["slots"]
        assert {slots[slot]["colour"] for (slot,) in screen.choices()} == {led}
        assert "Follow" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
    played = anns_moves(session)[-1]
    assert played["type"] == "play" and slots[played["slot"]]["colour"] == led


def card_offset(app: HotseatApp, seat: int, index: int) -> Offset:
    """Where to click on card `index` of `seat`'s band, from the board's top left corner."""
    board = table(app).query_one(XylotarBoard)
    region = board.where(seat, index)
    assert region is not None
    return board.content_offset + Offset(region.x + 1, region.y)


async def test_a_click_points_at_a_card_and_a_second_click_plays_it(store: SaveStore) -> None:
    session, app = ann_against_two(store, lambda s: my_play_turn(s) and len(s.legal(0)) >= 2)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_step(pilot, app, "play")
        (slot,) = screen.choices()[-1]
        moves = len(session.record.actions)
        where = card_offset(app, 0, slot)
        await pilot.click("#xylo-table", offset=where)
        assert screen.choices()[screen.cursor] == (slot,)
        assert len(session.record.actions) == moves
        await pilot.click("#xylo-table", offset=where)
        await pilot.pause()
        assert session.record.actions[moves] == (0, {"type": "play", "slot": slot})


async def test_a_click_on_framed_cards_plays_as_on_chips(store: SaveStore) -> None:
    session, app = ann_against_two(store, lambda s: my_play_turn(s) and len(s.legal(0)) >= 2)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await my_step(pilot, app, "play")
        (slot,) = screen.choices()[-1]
        moves = len(session.record.actions)
        await pilot.click("#xylo-table", offset=card_offset(app, 0, slot), times=2)
        await pilot.pause()
        assert session.record.actions[moves] == (0, {"type": "play", "slot": slot})


async def test_a_click_on_a_card_that_may_not_be_played_says_so(store: SaveStore) -> None:
    _, app = ann_against_two(store, lambda s: my_play_turn(s) and not s.view(0)["trick"])
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_step(pilot, app, "play")
        leftmost = screen.view["lead_ban"]["slot"]
        await pilot.click("#xylo-table", offset=card_offset(app, 0, leftmost))
        assert "not a choice" in screen.message


async def test_a_click_on_the_hand_being_sorted_points_at_that_card(store: SaveStore) -> None:
    session, app = ann_against_two(store, ann_sorts)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_step(pilot, app, "sort")
        target = screen.view["sorting"]["target"]
        last = len(screen.draft) - 1
        moves = len(session.record.actions)
        await pilot.click("#xylo-table", offset=card_offset(app, target, last), times=2)
        assert screen.choices()[screen.cursor] == (last,)
        assert len(session.record.actions) == moves


async def test_each_person_gets_the_privacy_screen_before_sorting(store: SaveStore) -> None:
    session = xylotar(store, "Ann,Bob", seed=9)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        assert "Pass to Ann" in screen_text(app)
        await pilot.press("enter")
        await my_step(pilot, app, "sort")
        await pilot.press("enter")
        await my_step(pilot, app, "sort")
        assert table(app).shown_seat == 0
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        assert "Pass to Bob" in screen_text(app)


async def test_after_the_score_table_the_next_person_gets_the_privacy_screen(
    store: SaveStore,
) -> None:
    """Everyone looked at the scores, so the first sorter of the next round must
    hand off, even if they were the last to play."""
    session = xylotar(store, "Ann,Bob", seed=7)
    play_bots_until(session, lambda s: s.view(None)["trick_number"] == 14)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_until(pilot, lambda: isinstance(app.screen, XylotarScoresScreen))
        await pilot.press("enter")
        await until(pilot, lambda: waits_for_enter(app))
        assert isinstance(app.screen, HandoffScreen)


async def test_the_scores_appear_after_a_round_and_on_s(store: SaveStore) -> None:
    _, app = ann_against_two(store, lambda s: s.view(None)["round"] == 2 and s.to_act() == [0])
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, XylotarScreen))
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, XylotarScoresScreen))
        text = screen_text(app)
        assert "Scores so far" in text and "R1" in text and "Total" in text
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, XylotarScreen))


def test_sorting_snapshot(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    session = xylotar(store, "Ann,cpu:Bob,cpu:Cy,cpu:Dee", seed=11)
    play_bots_until(session, lambda s: s.to_act() == [0])
    app = app_for(store, session)

    async def sorting(pilot: Pilot) -> None:
        await my_step(pilot, app, "sort")
        await pilot.press("right")

    assert snap_compare(app, run_before=sorting, terminal_size=(80, 24))


def test_mid_trick_with_five_players_snapshot(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    session = xylotar(store, "Ann,cpu:Bob,cpu:Cy,cpu:Dee,cpu:Eve", seed=12)
    play_bots_until(session, lambda s: my_play_turn(s) and len(s.view(0)["trick"]) >= 2)
    app = app_for(store, session)

    async def playing(pilot: Pilot) -> None:
        await my_step(pilot, app, "play")

    assert snap_compare(app, run_before=playing, terminal_size=(80, 24))


def test_bidding_snapshot(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    session = xylotar(store, "Ann,cpu:Bob", seed=13)
    play_bots_until(session, my_play_turn)
    app = app_for(store, session)

    async def bidding(pilot: Pilot) -> None:
        await my_step(pilot, app, "play")
        await pilot.press("enter")
        await my_step(pilot, app, "peek")
        await pilot.press("right", "enter")
        await my_step(pilot, app, "bid")

    assert snap_compare(app, run_before=bidding, terminal_size=(80, 24))


def test_round_end_snapshot(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    session = xylotar(store, "Ann,cpu:Bob,cpu:Cy,cpu:Dee", seed=14)

    def last_play(s: GameSession) -> bool:
        view = s.view(None)
        return my_play_turn(s) and view["trick_number"] == view["tricks_per_round"]

    play_bots_until(session, last_play)
    app = app_for(store, session)

    async def round_end(pilot: Pilot) -> None:
        await my_step(pilot, app, "play")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, XylotarScoresScreen))

    assert snap_compare(app, run_before=round_end, terminal_size=(80, 24))


TRUMPS_FOR_ANN = [
    hand.split()
    for hand in (
        "Y8 Y7 Y6 Y5 Y4 Y3 Y2 Y1 Y0 G7 G6 G5 G4",
        "G3 G2 G1 G0 T6 T5 T4 T3 T2 T1 T0 B5 B4",
        "B3 B2 B1 B0 P4 P3 P2 P1 P0 K3 K2 K1 K0",
    )
]
"""Three hands: Ann holds every yellow (the trump with three players), Bob and Cy none."""


def ann_bob_and_cy_sorted(store: SaveStore) -> GameSession:
    """Ann, Bob and Cy at one keyboard with the hands above, dealt so that Ann leads;
    every hand sorted with the colours in their usual order among equal values."""
    setup = {"deal": TRUMPS_FOR_ANN, "dealer": 2}
    store.create("table", SaveRecord.new("xylotar", players("Ann,Bob,Cy"), 1, setup=setup))
    session = GameSession.open(store, "table")
    while session.view(None)["phase"] == "sort":
        (seat,) = session.to_act()
        session.apply(seat, session.legal(seat)[0])
    return session


def bid_first_pair(session: GameSession, seat: int) -> None:
    """`seat` plays its first legal card, looks at its first pair and bids the left one."""
    for _ in range(3):
        session.apply(seat, session.legal(seat)[0])


async def test_the_trick_winner_learns_what_the_others_played_and_bid_since_its_lead(
    store: SaveStore,
) -> None:
    """Ann leads the yellow 7 and passes; Bob and Cy play and bid; Ann's trump wins."""
    app = app_for(store, ann_bob_and_cy_sorted(store))
    async with app.run_test(size=(80, 24)) as pilot:
        for keys in (["enter", "enter", "n"], ["enter"] * 4, ["enter"] * 4):
            await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
            await pilot.press(keys[0])
            await until(pilot, lambda: isinstance(app.screen, XylotarScreen))
            for key in keys[1:]:
                await until(pilot, lambda: waits_for_enter(app) or table(app).step == "peek")
                await pilot.press(key)
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        text = screen_text(app)
    assert "Pass to Ann" in text and "Nothing yet" not in text
    assert "Bob bid" in text and "Cy bid" in text and "Ann won the trick" in text


async def test_after_a_resume_the_privacy_screen_lists_what_happened_since_the_last_play(
    store: SaveStore,
) -> None:
    session = ann_bob_and_cy_sorted(store)
    session.apply(0, Play(session.view(0)["lead_ban"]["slot"] + 1))
    session.apply(0, PASS)
    bid_first_pair(session, 1)
    bid_first_pair(session, 2)
    session.close()
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        app.resume("table")
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        text = screen_text(app)
    assert "Pass to Ann" in text
    assert "Bob played" in text and "Cy bid" in text and "Ann won the trick" in text


async def test_game_over_ranks_the_players_and_calls_nobody_a_loser(store: SaveStore) -> None:
    session = xylotar(store, "Ann,cpu:Bob,cpu:Cy,cpu:Dee", seed=4)
    play_bots_until(session, lambda s: False)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        text = screen_text(app)
    assert "- wins" in text and "points" in text and "loses" not in text


CHIPS = (80, 17)
"""A terminal too low for framed cards at a table of three: the table draws chips (as it
does on any screen once L gives the log the room)."""


def seat_line(view: dict[str, Any], size: CardSize, seat: int, below: int = 0) -> int:
    """The line of `seat`'s band that is `below` lines under its top."""
    return HEAD_LINES + seat * (size.height + 1) + below


def board_rows(view: dict[str, Any], size: CardSize = CHIP, width: int = 80) -> list[list[Cell]]:
    return draw(TableLook(view, size), width).rows


def text_at(rows: list[list[Cell]], x: int, y: int, width: int) -> str:
    return "".join(char for char, _ in rows[y][x : x + width])


def shape_of(view: dict[str, Any], size: CardSize = CHIP, width: int = 80) -> Geometry:
    return geometry(view, size, width)


def ann_bob_and_cy(store: SaveStore) -> GameSession:
    return xylotar(store, "Ann,cpu:Bob,cpu:Cy", seed=4)


def test_the_trump_is_a_dot_of_its_colour_and_its_name_yellow_with_three_players(
    store: SaveStore,
) -> None:
    session = ann_bob_and_cy(store)
    status = text_at(board_rows(session.view(0)), 0, 0, 80)
    assert "Trump ● yellow" in status


def test_the_trump_is_a_dot_of_its_colour_and_its_name_red_with_four_players(
    store: SaveStore,
) -> None:
    session = xylotar(store, "Ann,cpu:Bob,cpu:Cy,cpu:Dee", seed=5)
    status = text_at(board_rows(session.view(0)), 0, 0, 80)
    assert "Trump ● red" in status


def test_a_trump_lies_face_down_on_a_denser_back_than_the_other_colours(
    store: SaveStore,
) -> None:
    session = ann_bob_and_cy(store)
    play_bots_until(session, my_play_turn)
    view = session.view(1)
    rows, shape = board_rows(view), shape_of(view)
    backs = {
        text_at(rows, shape.card_x(slot) + 1, seat_line(view, CHIP, 0), 2)
        for slot, info in enumerate(view["seats"][0]["slots"])
        if info["status"] == "down"
    }
    assert {back for back in backs if back[0] == "Y"} <= {"Y▒"}
    assert all(back[1] == "░" for back in backs if back[0] != "Y")


def test_a_card_played_leaves_a_gap_in_its_row(store: SaveStore) -> None:
    session = ann_bob_and_cy(store)
    play_bots_until(session, lambda s: s.view(None)["trick_number"] == 3)
    view = session.view(None)
    played = [
        (seat, slot)
        for seat, info in enumerate(view["seats"])
        for slot, card in enumerate(info["slots"])
        if card["status"] == "played"
    ]
    assert len(played) == 2 * 3
    for size in (CHIP, SMALL):
        rows, shape = board_rows(view, size, 120), shape_of(view, size, 120)
        for seat, slot in played:
            inside = shape.card_x(slot) + 1
            assert text_at(rows, inside, seat_line(view, size, seat), 2) == "  "


def test_the_bid_card_lies_crosswise_under_the_gap_it_left(store: SaveStore) -> None:
    session = ann_bob_and_cy(store)
    play_bots_until(session, lambda s: s.view(None)["seats"][1]["bid"] is not None)
    view = session.view(None)
    bid = view["seats"][1]["bid"]
    rows, shape = board_rows(view), shape_of(view)
    x = shape.card_x(bid["slot"])
    assert text_at(rows, x + 1, seat_line(view, CHIP, 1), 2) == "  "
    under = text_at(rows, x, seat_line(view, CHIP, 1, below=1), 4)
    assert under[1:3] == bid["card"] and under[0] + under[3] in ("╰╯", "┗┛")


def five_seats_mid_trick(store: SaveStore) -> dict[str, Any]:
    """Ann's view at a table of five, two cards into the first trick, a bid laid."""
    session = xylotar(store, "Ann,cpu:Bob,cpu:Cy,cpu:Dee,cpu:Eve", seed=4)
    play_bots_until(
        session, lambda s: any(info["bid"] for info in s.view(None)["seats"]) and my_play_turn(s)
    )
    return session.view(0)


def test_five_seats_fit_80x24_in_small_framed_cards_in_bands_as_high_as_the_cards(
    store: SaveStore,
) -> None:
    view = five_seats_mid_trick(store)
    assert table_cards(view, 80, 24) == (SMALL, True)
    assert table_height(5, SMALL, tight=True) == HEAD_LINES + 5 * SMALL.height


def test_in_tight_bands_led_stands_under_the_leaders_name(store: SaveStore) -> None:
    view = five_seats_mid_trick(store)
    rows = draw(TableLook(view, SMALL, tight=True), 79).rows
    leader = view["leader"]
    top = HEAD_LINES + leader * SMALL.height
    assert text_at(rows, 2, top + 2, 3) == "led"
    assert all("led" not in text_at(rows, 0, y, 79) for y in range(len(rows)) if y != top + 2)


def test_in_tight_bands_the_bid_lies_over_the_gap_it_left(store: SaveStore) -> None:
    view = five_seats_mid_trick(store)
    rows = draw(TableLook(view, SMALL, tight=True), 79).rows
    shape = geometry(view, SMALL, 79, tight=True)
    seat = next(seat for seat, info in enumerate(view["seats"]) if info["bid"])
    bid = view["seats"][seat]["bid"]
    middle = HEAD_LINES + seat * SMALL.height + 1
    label = text_at(rows, shape.card_x(bid["slot"]), middle, 4)
    assert bid["card"] in label


async def test_in_tight_bands_the_cards_that_may_change_places_are_marked_on_their_edge(
    store: SaveStore,
) -> None:
    """Two players and their side players: four bands, as high as the cards at 80x24."""
    session = xylotar(store, "Ann,cpu:Bob", seed=4)
    play_bots_until(session, ann_sorts)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_step(pilot, app, "sort")
        assert (screen.card_size, screen.tight) == (SMALL, True)
        target = screen.view["sorting"]["target"]
        edge = HEAD_LINES + target * SMALL.height + SMALL.height - 1
        marks = table(app).query_one(XylotarBoard).plain_lines[edge]
        assert marks.count("<>") == len(screen.movable()) > 0


def test_the_card_just_played_has_the_heavy_frame_until_the_next_move(
    store: SaveStore,
) -> None:
    session = xylotar(store, "Ann,cpu:Bob,cpu:Cy,cpu:Dee", seed=5)
    play_bots_until(session, lambda s: len(s.view(None)["trick"]) == 2)
    view = session.view(None)
    first, second = (play["seat"] for play in view["trick"])
    rows, shape = board_rows(view, SMALL, 120), shape_of(view, SMALL, 120)
    assert text_at(rows, shape.trick_x, seat_line(view, SMALL, second), 1) == "┏"
    assert text_at(rows, shape.trick_x, seat_line(view, SMALL, first), 1) == "╭"
    play_bots_until(session, lambda s: len(s.view(None)["trick"]) == 3)
    view = session.view(None)
    rows = board_rows(view, SMALL, 120)
    assert text_at(rows, shape.trick_x, seat_line(view, SMALL, second), 1) == "╭"


def test_a_trick_just_won_stays_in_front_of_the_seats_with_its_winner_until_the_next_lead(
    store: SaveStore,
) -> None:
    session = xylotar(store, "Ann,cpu:Bob,cpu:Cy,cpu:Dee", seed=5)
    play_bots_until(session, lambda s: s.view(None)["trick_number"] == 2)
    view = session.view(None)
    winner = view["last_trick"]["winner"]
    rows, shape = board_rows(view), shape_of(view)
    for play in view["last_trick"]["plays"]:
        chip = text_at(rows, shape.trick_x, seat_line(view, CHIP, play["seat"]), 4)
        assert chip == f"▐{play['card']}▌"
    assert text_at(rows, shape.trick_x, seat_line(view, CHIP, winner, below=1), 3) == "won"
    assert f"{view['players'][winner]} won the trick" in text_at(rows, 0, 0, 80)
    leader = session.to_act()[0]
    session.apply(leader, session.bot_choice(leader))
    view = session.view(None)
    rows = board_rows(view)
    fronts = [text_at(rows, shape.trick_x, seat_line(view, CHIP, seat), 4) for seat in range(4)]
    assert [front for front in fronts if front.strip()] == [f"▐{view['trick'][0]['card']}▌"]


def marks_below(app: HotseatApp, seat: int) -> str:
    """The line under `seat`'s cards (chips)."""
    board = table(app).query_one(XylotarBoard)
    return board.plain_lines[seat_line(table(app).view, CHIP, seat, below=1)]


async def test_while_sorting_cards_that_may_change_places_are_marked(
    store: SaveStore,
) -> None:
    _, app = ann_against_two(store, ann_sorts)
    async with app.run_test(size=CHIPS) as pilot:
        screen = await my_step(pilot, app, "sort")
        marks = marks_below(app, screen.view["sorting"]["target"])
        movable = len(screen.movable())
    assert marks.count("<>") == movable > 0


def own_row_styles(app: HotseatApp) -> dict[int, Style]:
    """The style of each face-down card's label in the player's own row (chips)."""
    screen = table(app)
    view = screen.view
    board = screen.query_one(XylotarBoard)
    shape = geometry(view, CHIP, board.size.width)
    row = draw(board.look, board.size.width).rows[seat_line(view, CHIP, 0)]
    return {
        slot: row[shape.card_x(slot) + 1][1]
        for slot, info in enumerate(view["seats"][0]["slots"])
        if info["status"] == "down"
    }


async def test_while_playing_the_cards_that_may_not_be_played_are_dim(
    store: SaveStore,
) -> None:
    _, app = ann_against_two(store, lambda s: my_play_turn(s) and bool(s.view(0)["trick"]))
    async with app.run_test(size=CHIPS) as pilot:
        screen = await my_step(pilot, app, "play")
        styles = own_row_styles(app)
        choices = {slot for (slot,) in screen.choices()}
    assert {slot for slot, style in styles.items() if not style.dim} == choices


async def test_the_card_at_the_cursor_stands_between_brackets_in_its_own_colour(
    store: SaveStore,
) -> None:
    """The cursor marks a chip by its bars, as it marks XOXO's grid cells: its colour
    stays, and so does what the label says."""
    _, app = ann_against_two(store, lambda s: my_play_turn(s) and bool(s.view(0)["trick"]))
    async with app.run_test(size=CHIPS) as pilot:
        screen = await my_step(pilot, app, "play")
        view, board = screen.view, screen.query_one(XylotarBoard)
        slot = screen.choices()[0][0]
        x, y = geometry(view, CHIP, board.size.width).card_x(slot), seat_line(view, CHIP, 0)
        row = draw(board.look, board.size.width).rows[y]
        plain = draw(replace(board.look, pointed=frozenset()), board.size.width).rows[y]
    assert row[x][0] + row[x + 3][0] == "▶◀"
    assert row[x + 1 : x + 3] == plain[x + 1 : x + 3]


def test_a_cursor_step_repaints_only_the_two_cards_it_moves_between(store: SaveStore) -> None:
    """The board sends the terminal only the columns that changed: the brackets around
    two cards and what lies between them."""
    session = xylotar(store, "Ann,cpu:Bob,cpu:Cy,cpu:Dee", seed=5)
    play_bots_until(session, my_play_turn)
    view = session.view(0)
    before, after = (draw(TableLook(view, CHIP, pointed=frozenset({s})), 80).rows for s in (3, 4))
    line, shape = seat_line(view, CHIP, 0), shape_of(view)
    assert changed_columns(before[line], after[line]) == (shape.card_x(3), shape.card_x(4) + 4)
    assert [changed_columns(a, b) for a, b in zip(before, after, strict=True)].count(None) == (
        len(before) - 1
    )


async def test_the_hand_being_sorted_is_laid_out_as_clicks_and_keys_arranged_it(
    store: SaveStore,
) -> None:
    """A click points at a card that may change places, ] moves it past its equal
    neighbour, Enter lays the hand out in the order shown."""
    session, app = ann_against_two(store, ann_sorts)
    async with app.run_test(size=CHIPS) as pilot:
        screen = await my_step(pilot, app, "sort")
        target = screen.view["sorting"]["target"]
        draft = screen.draft
        first = next(
            i
            for i in sorted(screen.movable())
            if i + 1 < len(draft) and value(draft[i]) == value(draft[i + 1])
        )
        await pilot.click("#xylo-table", offset=card_offset(app, target, first))
        await pilot.press("right_square_bracket")
        shown = screen.draft
        assert shown[first : first + 2] == (draft[first + 1], draft[first])
        assert "<>" in marks_below(app, target)
        await pilot.press("enter")
        await pilot.pause()
    assert session.state.rows[target] == shown


def rows_shown(app: HotseatApp) -> list[list[Cell]]:
    """The board's cells as the table draws them now."""
    board = table(app).query_one(XylotarBoard)
    return draw(board.look, board.size.width).rows


def gap_at(app: HotseatApp, seat: int, slot: int) -> str:
    """The two cells of `seat`'s row (chips) where the card in `slot` lay."""
    view = table(app).view
    shape = shape_of(view, CHIP, table(app).query_one(XylotarBoard).size.width)
    return text_at(rows_shown(app), shape.card_x(slot) + 1, seat_line(view, CHIP, seat), 2)


def bid_under(app: HotseatApp, seat: int) -> str:
    """`seat`'s bid card as it lies crosswise under its row (chips)."""
    view = table(app).view
    slot = view["seats"][seat]["bid"]["slot"]
    shape = shape_of(view, CHIP, table(app).query_one(XylotarBoard).size.width)
    return text_at(rows_shown(app), shape.card_x(slot), seat_line(view, CHIP, seat, 1), 4)


def trick_card(app: HotseatApp, seat: int) -> str:
    """The chip `seat` played to the trick in front of its band."""
    view = table(app).view
    shape = shape_of(view, CHIP, table(app).query_one(XylotarBoard).size.width)
    return text_at(rows_shown(app), shape.trick_x, seat_line(view, CHIP, seat), 4)


def won_style(app: HotseatApp, seat: int) -> Style:
    """The style of "won" under `seat`'s name."""
    return rows_shown(app)[seat_line(table(app).view, CHIP, seat, 1)][2][1]


def since_anns_move(session: GameSession) -> list[tuple[int, dict[str, Any]]]:
    """The actions stored after Ann's (seat 0) latest one."""
    actions = session.record.actions
    latest = max(index for index, (seat, _) in enumerate(actions) if seat == 0)
    return actions[latest + 1 :]


def slots_of(actions: list[tuple[int, dict[str, Any]]], kind: str) -> list[tuple[int, int]]:
    """(seat, slot) of the stored actions of this kind ("play" or "bid")."""
    return [(seat, data["slot"]) for seat, data in actions if data["type"] == kind]


async def test_the_table_marks_what_two_computers_changed_since_your_turn(
    store: SaveStore,
) -> None:
    """Ann plays in trick 4; Bob and Cy finish it, Bob takes it and leads trick 5, Cy
    follows and bids. On Ann's next turn all of that has the heavy look of the last move,
    though the last move was only Cy's bid; Ann's own card is not marked."""
    session = xylotar(store, "Ann,cpu:Bob,cpu:Cy", seed=15)
    play_bots_until(session, lambda s: my_play_turn(s) and s.view(0)["trick_number"] == 4)
    app = app_for(store, session)
    async with app.run_test(size=CHIPS) as pilot:
        screen = await my_step(pilot, app, "play")
        (slot,) = screen.choices()[0]
        await pilot.press("enter")
        await until(pilot, lambda: screen.my_turn and screen.before is not None)
        since = since_anns_move(session)
        played, bids = slots_of(since, "play"), slots_of(since, "bid")
        view = screen.view
        assert {seat for seat, _ in since} == {1, 2} and len(played) == 3 and bids == [(2, 3)]
        assert view["last"]["kind"] == "bid" and view["last"]["plays"] == []
        for seat, emptied in played + bids:
            assert gap_at(app, seat, emptied) == GAP_MARK
        assert gap_at(app, 0, slot) == "  "
        for play in view["trick"]:
            assert trick_card(app, play["seat"]) == f"▐{play['card']}▌"
        assert bid_under(app, 2) == f"┗{view['seats'][2]['bid']['card']}┛"
        assert view["last_trick"]["winner"] == 1 and won_style(app, 1).reverse


async def test_the_privacy_screen_reveals_what_the_two_others_changed_since_your_turn(
    store: SaveStore,
) -> None:
    """Ann leads the yellow 7 and passes; Bob and Cy each play and bid; Ann's trump takes
    the trick. Behind the privacy screen Ann's table marks both bids, though the last
    move was Cy's, and every place the others' cards left; once Ann plays, the marks go."""
    app = app_for(store, ann_bob_and_cy_sorted(store))
    async with app.run_test(size=CHIPS) as pilot:
        for keys in (["enter", "enter", "n"], ["enter"] * 4, ["enter"] * 4):
            await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
            await pilot.press(keys[0])
            await until(pilot, lambda: isinstance(app.screen, XylotarScreen))
            for key in keys[1:]:
                await until(pilot, lambda: waits_for_enter(app) or table(app).step == "peek")
                await pilot.press(key)
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        screen = await my_step(pilot, app, "play")
        since = since_anns_move(screen.session)
        emptied = slots_of(since, "play") + slots_of(since, "bid")
        assert {seat for seat, _ in emptied} == {1, 2} and len(emptied) == 4
        assert screen.view["last"]["bids"] == [2]
        for seat, slot in emptied:
            assert gap_at(app, seat, slot) == GAP_MARK
        for seat in (1, 2):
            assert bid_under(app, seat) == f"┗{screen.view['seats'][seat]['bid']['card']}┛"
        await pilot.press("enter")
        await my_step(pilot, app, "peek")
        assert screen.changes == NOTHING
        assert not any(GAP_MARK in line for line in table(app).query_one(XylotarBoard).plain_lines)
        assert bid_under(app, 1)[0] + bid_under(app, 1)[3] == "╰╯"


def test_a_view_from_an_earlier_round_counts_the_whole_round_as_changed(
    store: SaveStore,
) -> None:
    session = ann_bob_and_cy(store)
    play_bots_until(session, my_play_turn)
    before = session.view(0)
    play_bots_until(session, lambda s: s.view(None)["round"] == 2 and my_play_turn(s))
    play_bots_until(session, lambda s: s.view(None)["trick_number"] == 3 and my_play_turn(s))
    now = session.view(0)
    changes = changes_since(before, now)
    assert changes.gaps == {
        (seat, slot)
        for seat, info in enumerate(now["seats"])
        for slot, card in enumerate(info["slots"])
        if card["status"] != "down"
    }
    assert changes.bids == {seat for seat, info in enumerate(now["seats"]) if info["bid"]}
    assert changes.cards >= {play["card"] for play in now["trick"]}
    assert changes.won == now["last_trick"]["winner"]


def test_nothing_is_marked_right_after_your_own_move_or_without_a_view_from_then(
    store: SaveStore,
) -> None:
    session = ann_bob_and_cy(store)
    play_bots_until(session, my_play_turn)
    session.apply(0, session.legal(0)[0])
    view = session.view(0)
    assert changes_since(view, view) == NOTHING
    assert changes_since(None, view) == NOTHING


def test_changes_since_your_turn_snapshot(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    """Framed cards: the places the others' cards left are empty heavy frames, their cards
    in the trick and Cy's bid have heavy frames, Bob's "won" is in reverse."""
    session = xylotar(store, "Ann,cpu:Bob,cpu:Cy", seed=15)
    play_bots_until(session, lambda s: my_play_turn(s) and s.view(0)["trick_number"] == 4)
    app = app_for(store, session)

    async def after_the_others(pilot: Pilot) -> None:
        screen = await my_step(pilot, app, "play")
        await pilot.press("enter")
        await until(pilot, lambda: screen.my_turn and screen.before is not None)

    assert snap_compare(app, run_before=after_the_others, terminal_size=(120, 36))

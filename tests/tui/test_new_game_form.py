"""The new-game dialog: Enter walks the form, only Start starts, focus reads in any terminal."""

from __future__ import annotations

from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, Select

from saves import SaveStore
from tui.app import HotseatApp
from tui.games.xoxo.screen import XoxoScreen
from tui.screens.home import HomeScreen
from tui.screens.new_game import NewGameScreen

from tui_helpers import app_for, open_dialog, screen_text, until


def focused_id(app: HotseatApp) -> str | None:
    return app.focused.id if app.focused is not None else None


async def test_enter_in_a_name_moves_to_the_next_seats_name(store: SaveStore) -> None:
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(app, pilot)
        await pilot.press(*"Ann", "enter")
        await pilot.pause()
        assert app.screen is screen
        assert focused_id(app) == "name-1"
        assert screen.query_one("#name-0", Input).value == "Ann"
    assert store.list() == []


async def test_enter_in_the_last_seats_name_moves_to_its_kind(store: SaveStore) -> None:
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(app, pilot)
        screen.query_one("#name-1", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert focused_id(app) == "kind-1"


async def test_a_digit_off_the_text_fields_is_the_number_of_seats(store: SaveStore) -> None:
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(app, pilot)
        screen.query_one("#kind-0", Select).focus()
        await pilot.press("4")
        await pilot.pause()
        assert screen.query_one("#seats", Select).value == 4
        assert screen.query_one("#seat-3").display


async def test_ann_bob_and_a_computer_sit_down_in_six_keys_besides_their_names(
    store: SaveStore,
) -> None:
    app = app_for(store)
    app.delay = 3600.0
    keys = ["n", "enter", "tab", "space", "3", "ctrl+s"]
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press(keys[0])
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.press(*"Ann", keys[1], *"Bob", *keys[2:])
        await until(pilot, lambda: app.session is not None)
    (info,) = store.list()
    record, _, _ = store.load(info.name)
    assert [(p.name, p.kind) for p in record.players] == [
        ("Ann", "human"),
        ("Bob", "human"),
        ("Computer 3", "computer"),
    ]
    assert len(keys) == 6


async def test_the_dialog_remembers_the_last_table(store: SaveStore) -> None:
    app = app_for(store)
    app.delay = 3600.0
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(app, pilot)
        screen.query_one("#seats", Select).value = 3
        screen.query_one("#name-0", Input).value = "Ann"
        screen.query_one("#level-1", Select).value = "hard"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, XoxoScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        again = await open_dialog(app, pilot)
        seats = again.query_one("#seats", Select).value
        names = [again.query_one(f"#name-{i}", Input).value for i in range(3)]
        level = again.query_one("#level-1", Select).value
    assert (seats, names, level) == (3, ["Ann", "Computer 2", "Computer 3"], "hard")


async def test_the_dialog_opens_on_the_first_name_and_a_name_typed_replaces_it(
    store: SaveStore,
) -> None:
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(app, pilot)
        assert focused_id(app) == "name-0"
        await pilot.press(*"Ann")
        await pilot.pause()
        assert screen.query_one("#name-0", Input).value == "Ann"


async def test_space_on_a_seat_kind_switches_it_to_the_next_kind(store: SaveStore) -> None:
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(app, pilot)
        kind = screen.query_one("#kind-1", Select)
        kind.focus()
        await pilot.press("space")
        await pilot.pause()
        assert (kind.value, kind.expanded) == ("human", False)
        await pilot.press("space")
        await pilot.pause()
        assert kind.value == "remote"


async def test_enter_walks_the_text_fields_down_to_start(store: SaveStore) -> None:
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(app, pilot)
        screen.query_one("#seed", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert focused_id(app) == "save-name"
        await pilot.press("enter")
        await pilot.pause()
        assert focused_id(app) == "start"
        assert app.screen is screen
    assert store.list() == []


async def test_enter_on_start_starts_the_game_as_filled_in(store: SaveStore) -> None:
    app = app_for(store)
    app.delay = 3600.0
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(app, pilot)
        await pilot.press(*"Ann", "enter")
        screen.query_one("#save-name", Input).focus()
        await pilot.press(*"evening", "enter")
        await pilot.pause()
        assert focused_id(app) == "start"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, XoxoScreen))
    record, _, _ = store.load("evening")
    assert [(p.name, p.kind) for p in record.players] == [
        ("Ann", "human"),
        ("Computer 2", "computer"),
    ]


async def test_ctrl_s_starts_from_any_field(store: SaveStore) -> None:
    app = app_for(store)
    app.delay = 3600.0
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(app, pilot)
        screen.query_one("#name-1", Input).focus()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, XoxoScreen))
    assert len(store.list()) == 1


async def test_the_footer_offers_tab_for_the_next_field(store: SaveStore) -> None:
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(app, pilot)
        shown = screen_text(app)
        assert "tab Next field" in shown and "^s Start" in shown


def test_a_focused_name_field_reads_without_colour(
    snap_compare, store: SaveStore, no_color
) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store)

    async def name_field(pilot: Pilot) -> None:
        await open_dialog(app, pilot)

    assert snap_compare(app, run_before=name_field, terminal_size=(80, 24))


def test_a_focused_drop_down_reads_without_colour(  # type: ignore[no-untyped-def]
    snap_compare, store: SaveStore, no_color
) -> None:
    app = app_for(store)

    async def kind_field(pilot: Pilot) -> None:
        screen = await open_dialog(app, pilot)
        screen.query_one("#kind-0", Select).focus()

    assert snap_compare(app, run_before=kind_field, terminal_size=(80, 24))


def test_a_focused_drop_down_reads_in_sixteen_colours(  # type: ignore[no-untyped-def]
    snap_compare, store: SaveStore, sixteen_colours
) -> None:
    app = app_for(store)

    async def seats_field(pilot: Pilot) -> None:
        screen = await open_dialog(app, pilot)
        screen.query_one("#seats", Select).focus()

    assert snap_compare(app, run_before=seats_field, terminal_size=(80, 24))


def test_an_open_drop_down_stands_out_in_a_frame(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store)

    async def open_kind(pilot: Pilot) -> None:
        screen = await open_dialog(app, pilot)
        screen.query_one("#kind-0", Select).focus()
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(app, run_before=open_kind, terminal_size=(80, 24))


async def test_names_sent_together_with_enter_land_in_their_seats(store: SaveStore) -> None:
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(app, pilot)
        for key in [*"Ann", "enter", *"Bob"]:  # one write, as a fast typist's terminal sends it
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        await pilot.pause()
        names = [screen.query_one(f"#name-{i}", Input).value for i in range(2)]
        assert names == ["Ann", "Bob"]


async def test_letters_sent_together_with_tab_land_in_the_next_field(store: SaveStore) -> None:
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(app, pilot)
        screen.query_one("#seats", Select).focus()
        await pilot.pause()
        for key in ["tab", *"Alice"]:  # one write, as a slow SSH link delivers it
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        await pilot.pause()
        assert screen.query_one("#name-0", Input).value == "Alice"

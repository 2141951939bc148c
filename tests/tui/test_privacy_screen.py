"""Zero peeking: the privacy screen and the public table show nobody's hidden cards."""

from __future__ import annotations

import textwrap

from saves import SaveStore
from tui.games.three_by_three.screen import ThreeByThreeScreen
from tui.screens.handoff import (
    RECENT_LINES,
    RECENT_WIDTH,
    HandoffScreen,
    recent_text,
    unstranded_width,
)

from tui_helpers import (
    app_for,
    enter_until,
    hidden_card_labels,
    new_session,
    play_bots_until,
    screen_text,
    shown,
    until,
)


async def test_privacy_screen_comes_first_and_shows_no_hidden_card(store: SaveStore) -> None:
    session = new_session(store, "Ann,Bob", seed=7)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await shown(pilot, lambda: isinstance(app.screen, HandoffScreen))
        assert "Pass to" in text
        leaked = {label for label in hidden_card_labels(session) if label in text}
        assert leaked == set()


async def test_privacy_screen_between_two_people_in_play(store: SaveStore) -> None:
    session = new_session(store, "Ann,Bob", seed=9)
    play_bots_until(session, lambda s: s.view(None)["tour"] >= 2 and len(s.record.actions) > 6)
    session.close()
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        app.resume("table")
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        seat = app.session.to_act()[0]  # type: ignore[union-attr]
        assert app.session.seat_names[seat] in screen_text(app)  # type: ignore[union-attr]
        assert not {label for label in hidden_card_labels(app.session) if label in screen_text(app)}  # type: ignore[arg-type]
        await pilot.press("enter")
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, ThreeByThreeScreen) and app.screen.shown_seat is not None
            ),
        )
        assert app.screen.shown_seat == seat


async def test_resume_shows_the_privacy_screen_even_for_one_person(store: SaveStore) -> None:
    new_session(store, "Ann,cpu:Bob", seed=4).close()
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        app.resume("table")
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))


async def test_computer_turns_between_two_people_show_only_the_public_view(
    store: SaveStore,
) -> None:
    session = new_session(store, "Ann,cpu:Cy,Bob", seed=12)
    app = app_for(store, session)
    app.delay = 3600.0
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_until(
            pilot,
            lambda: (
                isinstance(app.screen, ThreeByThreeScreen)
                and not session.is_human(session.to_act()[0])
            ),
        )
        screen = app.screen
        assert isinstance(screen, ThreeByThreeScreen)
        assert screen.shown_seat is None
        shown = screen_text(app)
        assert not {label for label in hidden_card_labels(session) if label in shown}


async def test_an_enter_pressed_just_as_the_privacy_screen_appears_does_not_reveal(
    store: SaveStore,
) -> None:
    session = new_session(store, "Ann,Bob", seed=7)
    app = app_for(store, session)
    app.handoff_guard = 60.0
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert app.screen_stack[-2].shown_seat is None  # type: ignore[attr-defined]


def test_the_privacy_screen_keeps_the_newest_events_when_long_ones_wrap() -> None:
    long = "Annabelle Longname-One flipped the horse at bottom middle to boat (discarded a card)"
    entries = [{"text": f"{long} {n}"} for n in range(12)] + [{"text": "Eve drew 3 cards"}]

    lines = recent_text(entries).plain.splitlines()

    assert lines[-1] == "- Eve drew 3 cards"
    assert lines[0] == "(7 earlier events in the log)"
    assert len(lines) <= RECENT_LINES


def test_one_event_left_out_is_one_event() -> None:
    two_lines = {"text": "Annabelle Longname-One flipped the horse at bottom middle to boat too"}
    entries = [two_lines] + [{"text": f"Bob played card {n}"} for n in range(RECENT_LINES - 1)]

    assert recent_text(entries).plain.splitlines()[0] == "(1 earlier event in the log)"


async def test_a_second_enter_right_after_the_reveal_does_not_also_move(store: SaveStore) -> None:
    session = new_session(store, "Ann,Bob", seed=7, game="xoxo")
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        app.handoff_guard = 60.0  # the privacy screen up already lets Enter through
        await pilot.press("enter", "enter")
        await until(pilot, lambda: getattr(app.screen, "shown_seat", None) is not None)
        assert app.screen_stack[-1].shown_seat == session.to_act()[0]  # type: ignore[attr-defined]
        assert session.record.actions == []


def test_the_privacy_prompt_leaves_no_word_alone_on_its_last_line() -> None:
    """At its full width the prompt would end on "see." alone; a little narrower it
    wraps into as many lines with two words at the end."""
    prompt = "Only Bob should look now. Press Enter to reveal what only you may see."
    width = unstranded_width(prompt, RECENT_WIDTH)
    lines = textwrap.wrap(prompt, width)
    assert len(lines) == len(textwrap.wrap(prompt, RECENT_WIDTH))
    assert lines[-1] == "may see."


def test_a_prompt_that_fits_one_line_keeps_the_full_width() -> None:
    assert unstranded_width("Only Bob should look now.", RECENT_WIDTH) == RECENT_WIDTH

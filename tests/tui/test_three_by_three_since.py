"""What changed since your last turn is marked on the 3 x 3 table like the last move: the
cards laid on the pile since, a burn, a take, and the face-up cards that changed."""

from __future__ import annotations

from typing import Any

from saves import SaveStore
from tui.app import HotseatApp
from tui.games.three_by_three.boxes import BOX_GAP, SeatBoxes
from tui.games.three_by_three.pile import PileView, chip_pile
from tui.games.three_by_three.screen import ThreeByThreeScreen
from tui.games.three_by_three.seats import seats_text
from tui.games.three_by_three.since import NOTHING, Changes, changes_since, last_move

from tui_helpers import app_for, enter_until, new_session


def seat(face_up: list[str] | None = None, known: list[str] | None = None) -> dict[str, Any]:
    return {
        "name": "Bob",
        "hand_count": 3,
        "face_up": face_up or [],
        "face_down": [True, True, True],
        "known": known or [],
        "place": None,
        "ready": True,
        "revealed": [],
    }


def table(pile: list[str], burned: int = 0, seats: list[dict[str, Any]] | None = None) -> dict:
    """Ann's view of a two-seat table in play with `pile` on the discard pile; every field
    a view has is there, those the tests do not set hold plain values."""
    return {
        "game": "3x3",
        "seat": 0,
        "players": ["Ann", "Bob"],
        "phase": "play",
        "tour": 3,
        "dealer": 1,
        "to_act": [0],
        "hand": [],
        "seats": seats or [seat(), seat()],
        "pile": pile,
        "pile_count": len(pile),
        "top_run": None,
        "restriction": None,
        "draw_count": 0,
        "burned_count": burned,
        "burned": [],
        "source": "hand",
        "places": [],
        "loser": None,
        "shared": [],
        "repeats": 0,
        "last": None,
    }


def test_without_a_view_from_your_last_move_nothing_is_marked_since() -> None:
    assert changes_since(None, table(["4C"])) == NOTHING


def test_the_cards_laid_since_your_turn_are_those_beyond_the_pile_you_left() -> None:
    before = table(["4C", "7H"])
    now = table(["4C", "7H", "7S", "9D"])

    assert changes_since(before, now).pile == 2


def test_after_a_burn_every_card_on_the_pile_was_laid_since_and_the_burn_is_counted() -> None:
    before = table(["4C", "7H"], burned=0)
    now = table(["4C"], burned=3)

    changes = changes_since(before, now)

    assert (changes.pile, changes.burned) == (1, 3)


def test_a_seat_whose_known_hand_cards_grew_took_the_pile() -> None:
    before = table(["4C", "7H"])
    now = table(["5D"], seats=[seat(), seat(known=["4C", "7H"])])

    changes = changes_since(before, now)

    assert (changes.took, changes.pile) == (frozenset({1}), 1)


def test_face_up_cards_taken_into_the_hand_in_tour_1_are_no_take() -> None:
    before = table([], seats=[seat(), seat(face_up=["4C", "7H", "9S"])])
    now = table([], seats=[seat(), seat(face_up=["7H", "9S", "KD"], known=["4C"])])

    changes = changes_since(before, now)

    assert changes.took == frozenset()
    assert changes.face_up == frozenset({1})
    assert changes.new_up == frozenset({(1, "KD")})


def test_a_face_up_card_played_since_marks_its_seat() -> None:
    before = table(["4C"], seats=[seat(), seat(face_up=["7H", "9S"])])
    now = table(["4C", "9S"], seats=[seat(), seat(face_up=["7H"])])

    changes = changes_since(before, now)

    assert (changes.face_up, changes.new_up, changes.pile) == (frozenset({1}), frozenset(), 1)


def test_the_last_move_marks_the_cards_it_laid_and_the_seat_that_took() -> None:
    view = table(["4C", "7H", "7S"])
    view["last"] = {"seat": 1, "kind": "play", "cards": ["7H", "7S"], "burned": 0, "took": 0}
    taken = table([])
    taken["last"] = {"seat": 1, "kind": "take", "cards": [], "burned": 0, "took": 5}

    assert last_move(view) == Changes(pile=2)
    assert last_move(taken) == Changes(took=frozenset({1}))


def test_in_the_list_a_take_and_changed_face_up_cards_since_are_in_reverse() -> None:
    view = table(["4C"], seats=[seat(), seat()])
    marks = Changes(took=frozenset({1}), face_up=frozenset({1}))

    text = seats_text(view, marks=marks)
    bob = text.plain.splitlines()[2]
    reversed_cells = {
        text.plain[at]
        for span in text.spans
        if "reverse" in str(span.style)
        for at in range(span.start, span.end)
    }

    assert "none" in bob
    assert {"3", "n", "o", "e"} <= reversed_cells


def test_with_chips_a_burn_since_your_turn_says_so() -> None:
    view = table(["4C"], burned=4)

    assert "Burned 4 since your turn" in chip_pile(view, Changes(burned=4)).plain


def anns_turn(app: HotseatApp) -> bool:
    screen = app.screen
    return isinstance(screen, ThreeByThreeScreen) and screen.shown_seat == 0 and screen.my_turn


async def test_the_privacy_screen_reveals_what_the_others_changed_since_your_turn(
    store: SaveStore,
) -> None:
    """Ann and Bob press Enter whenever asked; two computers play too. When Ann's table
    shows again after her 15th move, Bob has taken the pile, it burned and new cards lie
    on it, and Dee's face-up cards changed: all of it is marked."""
    session = new_session(store, "Ann,Bob,cpu:Cy,cpu:Dee", seed=47)
    app = app_for(store, session)
    async with app.run_test(size=(120, 36)) as pilot:
        await enter_until(pilot, lambda: len(session.record.actions) >= 31 and anns_turn(app))
        screen = app.screen
        assert isinstance(screen, ThreeByThreeScreen) and screen.before is not None
        assert screen.marks.pile == 2
        assert screen.marks.burned == 3
        assert screen.marks.took == frozenset({1})
        assert screen.marks.face_up == frozenset({3})
        boxes = screen.query_one(SeatBoxes)
        assert boxes.display and boxes.marks == screen.marks and boxes.grid is not None
        top = boxes.render().plain.splitlines()[0]
        first = (boxes.size.width - boxes.grid.width) // 2  # the boxes stand in the middle
        corners = [top[first + column * (boxes.grid.box_width + BOX_GAP)] for column in range(3)]
        assert corners == ["╭", "╭", "┏"]  # Bob, Cy, Dee
        pile = screen.query_one(PileView).render().plain
        assert "since your turn" in pile
        assert pile.count("┏") == 3  # two cards laid since and the burned cards

"""A hand of cards: spread when there is room, fanned when not, on more rows when even a fan
does not fit; a click picks the card drawn where it lands, raised cards included."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui.games.three_by_three.card_faces import french_face
from tui.widgets.card_fan import CardFan, fan_layout
from tui.widgets.playing_cards import CHIP, SMALL

HAND = ("2C", "5D", "9H", "JS", "AC")


class OneHand(App[None]):
    def __init__(self, width: int, raised: frozenset[int] = frozenset()) -> None:
        super().__init__()
        self.fan = CardFan()
        self.fan.styles.width = width
        self.raised = raised
        self.picked: list[int] = []

    def compose(self) -> ComposeResult:
        yield self.fan

    def on_mount(self) -> None:
        self.fan.size_ = SMALL
        self.fan.faces = tuple(french_face(card) for card in HAND)
        self.fan.raised = self.raised

    def on_card_fan_picked(self, message: CardFan.Picked) -> None:
        self.picked.append(message.index)


def test_cards_that_fit_with_a_gap_lie_spread() -> None:
    assert fan_layout(5, 40, SMALL, raised=True).step == SMALL.width + 1


def test_cards_that_do_not_fit_are_fanned_down_to_their_corner() -> None:
    layout = fan_layout(12, 50, SMALL, raised=True)
    assert (layout.per_row, layout.step) == (12, SMALL.peek)


def test_cards_that_do_not_fit_even_fanned_go_on_more_rows() -> None:
    layout = fan_layout(40, 80, SMALL, raised=True)
    assert layout.rows(40) == 3
    assert (layout.per_row - 1) * layout.step + SMALL.width <= 80


def test_chips_never_overlap() -> None:
    assert fan_layout(30, 80, CHIP, raised=False).step == CHIP.width


async def test_a_click_on_the_top_line_of_a_raised_card_picks_that_card() -> None:
    app = OneHand(width=23, raised=frozenset({1}))
    async with app.run_test(size=(40, 10)) as pilot:
        left, _ = app.fan.layout_for(23).origin(1)
        await pilot.click(app.fan, offset=(left + 1, 0))
    assert app.picked == [1]


async def test_a_click_under_a_raised_card_picks_the_card_of_that_column() -> None:
    app = OneHand(width=40, raised=frozenset({1}))
    async with app.run_test(size=(50, 10)) as pilot:
        left, _ = app.fan.layout_for(40).origin(1)
        await pilot.click(app.fan, offset=(left + 1, SMALL.height))
    assert app.picked == [1]

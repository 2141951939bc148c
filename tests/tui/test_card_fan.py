"""A hand of cards: spread when there is room, fanned when not, on more rows when even a fan
does not fit; a click picks the card drawn where it lands, raised cards included; a
cursor step repaints only the edges it marks."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.geometry import Region

from tui.games.three_by_three.card_faces import french_face
from tui.widgets.card_fan import CardFan, fan_layout
from tui.widgets.playing_cards import CHIP, SMALL, Look

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


async def test_a_cursor_step_repaints_only_the_edges_of_the_two_cards() -> None:
    app = OneHand(width=40)
    async with app.run_test(size=(50, 10)) as pilot:
        fan = app.fan
        fan.looks = (Look(cursor=True), Look(), Look(), Look(), Look())
        await pilot.pause()
        repainted: list[Region] = []
        fan.refresh = lambda *regions, **_: repainted.extend(regions) or fan  # type: ignore[method-assign]
        fan.looks = (Look(), Look(cursor=True), Look(), Look(), Look())
    layout = fan.layout_for(40)
    lift = 1 if fan.can_raise else 0
    expected = []
    for index in (0, 1):
        x, y = layout.origin(index)
        top = y + lift
        expected += [
            Region(x, top, SMALL.width, 1),
            Region(x, top + SMALL.height - 1, SMALL.width, 1),
        ]
    assert repainted == expected


async def test_a_card_marked_to_play_repaints_whole() -> None:
    app = OneHand(width=40)
    async with app.run_test(size=(50, 10)) as pilot:
        fan = app.fan
        fan.looks = (Look(),) * len(HAND)
        await pilot.pause()
        repainted: list[Region] = []
        fan.refresh = lambda *regions, **_: repainted.extend(regions) or fan  # type: ignore[method-assign]
        fan.looks = (Look(chosen=True),) + (Look(),) * (len(HAND) - 1)
    x, y = fan.layout_for(40).origin(0)
    assert repainted == [Region(x, y, SMALL.width, fan.layout_for(40).row_height)]

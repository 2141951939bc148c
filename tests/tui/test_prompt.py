"""The prompt under a table wraps without leaving one word alone on its last line."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from saves import SaveStore
from tui.games.three_by_three.screen import ThreeByThreeScreen
from tui.widgets.prompt import Prompt, unstranded

from marking import screen_lines
from tui_helpers import app_for, new_session, play_bots_until, turn_at

CONSOLE = Console(width=200)
SAID = "Dein Zug, aus der Hand. Leertaste markiert weitere desselben Rangs, Enter legt."


def lines_of(text: Text) -> list[str]:
    return text.plain.split("\n")


def test_a_word_that_would_stand_alone_takes_a_neighbour_along() -> None:
    shown = lines_of(unstranded(Text(SAID), 78, CONSOLE))
    assert shown == [
        "Dein Zug, aus der Hand. Leertaste markiert weitere desselben Rangs,",
        "Enter legt.",
    ]


def test_a_prompt_that_fits_keeps_its_lines() -> None:
    text = Text("Your turn.\nPlayable: 4♣ 4♦")
    assert lines_of(unstranded(text, 78, CONSOLE)) == ["Your turn.", "Playable: 4♣ 4♦"]


def test_unstranding_never_costs_a_line() -> None:
    text = Text("one two three four five six seven eight nine ten")
    for width in range(10, 50):
        greedy = len(text.wrap(CONSOLE, width))
        assert len(unstranded(text, width, CONSOLE).wrap(CONSOLE, width)) == greedy


def test_each_paragraph_keeps_its_styles() -> None:
    text = Text("Spielbar: ")
    text.append("A♥", style="red")
    shown = unstranded(text, 78, CONSOLE)
    assert shown.plain == "Spielbar: A♥"
    assert any(span.style == "red" for span in shown.spans)


async def test_the_german_3x3_prompt_ends_on_two_words_at_80x24(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob,cpu:Cy", seed=3)
    play_bots_until(session, lambda s: len(s.record.actions) >= 30 and s.to_act() == [0])
    app = app_for(store, session, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ThreeByThreeScreen)
        region = screen.query_one("#prompt", Prompt).region
        shown = screen_lines(app)[region.y : region.bottom]
    said = [line.strip() for line in shown if line.strip()]
    assert said[:2] == [
        "Dein Zug, aus der Hand. Leertaste markiert weitere desselben Rangs,",
        "Enter legt.",
    ]

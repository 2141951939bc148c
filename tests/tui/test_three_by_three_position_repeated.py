"""[ours] A 3 x 3 game ends when the whole position comes round for the third time: the
prompt warns after the second time, and game over says why the game ended and that the
players still holding cards share the places left. Staged with the eleven computers of
seed 55, whose game once went round for ever; Dan (seat 3) is in the loop."""

from __future__ import annotations

from textual.widgets import Static

from saves import SaveStore
from tui.games.three_by_three.screen import ThreeByThreeScreen
from tui.model import GameSession
from tui.screens.game_over import GameOverScreen

from tui_helpers import app_for, new_session, play_bots_until, screen_text, until

TABLE = "cpu:Ann,cpu:Bob,cpu:Cy,Dan,cpu:Eve,cpu:Fay,cpu:Gus,cpu:Hal,cpu:Ida,cpu:Jo,cpu:Kim"


def came_round_twice_for_dan(session: GameSession) -> bool:
    view = session.view(3)
    return view["to_act"] == [3] and view["repeats"] == 2


async def test_the_prompt_warns_when_the_position_has_come_round_twice(store: SaveStore) -> None:
    session = new_session(store, TABLE, seed=55)
    play_bots_until(session, came_round_twice_for_dan)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ThreeByThreeScreen))
        prompt = str(app.screen.query_one("#prompt", Static).render())
    assert prompt.startswith("This position has come round twice: a third time ends the game.")


async def test_game_over_says_the_position_came_round_a_third_time(store: SaveStore) -> None:
    session = new_session(store, TABLE, seed=55)
    play_bots_until(session, lambda _: False)
    app = app_for(store, session, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        text = screen_text(app)
    assert "by our house rule the game ends and Dan, Fay and Ida share 9th place" in " ".join(
        text.split()
    )
    assert "loses" not in text

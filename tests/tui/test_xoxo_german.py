"""XOXO at the table in German: the prompt, the hints, the seats, the tiles, the target
cards, the footer and the game over speak German when the player chose German, in the
words of the German rules (Plättchen, Zielkarte, persönlicher und allgemeiner Stapel).
The German table's picture is in test_xoxo_looks, the news of a met target in
test_xoxo_table, beside their English twins."""

from __future__ import annotations

import pytest

from rules.xoxo_tiles import ALL_TILES, tile_parts
from saves import SaveStore
from tui import i18n
from tui.games.xoxo.screen import XoxoScreen
from tui.games.xoxo.targets import CARD_WIDTH, card_width, panel_text, target_card
from tui.games.xoxo.tiles import SMALL_TILE, tile_lines, tile_short
from tui.games.xoxo.words import value_word
from tui.screens.game_over import GameOverScreen
from tui.widgets.footer import Footer

from tui_helpers import app_for, new_session, play_bots_until, screen_text, turn_at, until


async def test_the_prompt_speaks_german_when_the_player_chose_german(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=1, game="xoxo")
    play_bots_until(session, lambda s: s.to_act() == [0] and len(s.view(0)["cells"]) == 1)
    app = app_for(store, session, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, XoxoScreen)
        shown = screen_text(app)
        assert "Du bist dran, Ann." in shown
        assert "Stapel: [1] deiner " in shown and "[2] allgemeiner " in shown
        assert "Pfeiltasten bewegen, Enter legt hier. Auf Felder mit + darf ein Plättchen." in shown
        screen.cursor = (0, 0)
        await pilot.pause()
        assert "Belegt: Überbaut wird erst, wenn das 3×3 voll ist." in screen_text(app)


def test_the_seats_beside_the_board_speak_german(store: SaveStore, german: None) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=1, game="xoxo")
    play_bots_until(session, lambda s: s.to_act() == [0])
    shown = panel_text(session.view(0), 40).plain
    assert shown.startswith("Allgemein ")
    assert "> Ann  erfüllt 0/3" in shown and "Bob  erfüllt 0/3" in shown
    assert "  dein Stapel 12: " in shown and "  Stapel 12: " in shown
    assert "  (Farbe), (Form), (Gesicht)" in shown


@pytest.mark.usefixtures("german")
def test_in_german_a_tile_names_its_colour_shape_and_face() -> None:
    lines = tile_lines("ROS", 1, SMALL_TILE, last=False, cursor=False)
    assert [line.plain.strip() for line in lines] == ["rot", "● Kreis", ":-( traurig"]
    assert tile_short("ROS").plain == "rot ● traurig"


@pytest.mark.parametrize("language", ["en", "de"])
def test_without_colour_yellow_and_green_stacks_read_apart(language: str) -> None:
    """A stack's top tile names its colour in short: in German gelb and grün share a first
    letter, so the short form is the whole word."""
    i18n.use(language)
    one_of_each = {tile_parts(tile)[0]: tile for tile in ALL_TILES}
    shorts = {tile_short(tile).plain.split(" ")[0] for tile in one_of_each.values()}
    assert len(shorts) == len(one_of_each)


@pytest.mark.usefixtures("german")
def test_a_target_card_is_as_wide_as_its_longest_german_word() -> None:
    card = target_card({"value": "surprised", "kind": "face", "met": True}, card_width())
    rows = ["".join(char for char, _ in row) for row in card]
    assert "überrascht" in rows[1] and "ERFÜLLT" in rows[2]
    back = target_card({"value": None, "kind": "shape", "met": False}, card_width())
    assert "Form" in "".join(char for char, _ in back[2])


def test_in_english_a_target_card_keeps_its_width() -> None:
    assert card_width() == CARD_WIDTH


@pytest.mark.parametrize(("language", "quit_key"), [("en", "q Quit"), ("de", "q Beenden")])
async def test_at_80_columns_every_footer_key_reads_whole(
    store: SaveStore, language: str, quit_key: str
) -> None:
    """The German labels are longer: the footer's keys close up rather than lose the last
    one; the English footer keeps its spacing."""
    session = new_session(store, "Ann,cpu:Bob", seed=1, game="xoxo")
    play_bots_until(session, lambda s: s.to_act() == [0])
    app = app_for(store, session, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, XoxoScreen)
        assert any(line.rstrip().endswith(quit_key) for line in screen_text(app).splitlines())
        assert screen.query_one(Footer).compact is (language == "de")


async def test_the_game_over_names_each_players_met_targets_in_german(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob,cpu:Cy", seed=77, game="xoxo")
    play_bots_until(session, lambda s: s.over)
    app = app_for(store, session, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        shown = screen_text(app)
        for info in session.view(None)["seats"]:
            met = [value_word(t["value"]) for t in info["targets"] if t["met"]]
            if met:
                assert f"{len(met)} erfüllt: {', '.join(met)}" in shown
            else:
                assert "keine erfüllt" in shown

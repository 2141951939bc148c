"""Shifting Stones at the table in German: the prompt, the stones, the players, the cards,
the piles, the footer and the game over speak German when the player chose German, in the
words of the German rules (Plättchen, Musterkarten, Verschieben, Drehen, Werten,
Aussetzen, Fehlschlag; Sonne/Mond, Fisch/Vogel, Pferd/Boot, Samen/Baum). The German keys
are mnemonics of the German actions (v, d, a, e); the English ones work as well."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from saves import SaveStore
from tui.app import HotseatApp
from tui.games.shifting_stones.pieces import CHIP, COMPACT_CARD, pattern_cells, stone_cells
from tui.games.shifting_stones.screen import ShiftingStonesScreen
from tui.games.shifting_stones.seats import players_text
from tui.model import GameSession
from tui.screens.game_over import GameOverScreen
from tui.widgets.footer import Footer
from tui.widgets.playing_cards import Look

from tui_helpers import app_for, new_session, play_bots_until, screen_text, turn_at, until

SCORE_AND_SKIP_SEED = 35
"""Ann's first turn against the computer: card #3 matches the grid and she may skip, so the
footer offers the most keys at once."""


def first_turn(store: SaveStore, seed: int = 8) -> GameSession:
    """Ann against the computer, Ann to act with no action taken yet."""
    session = new_session(store, "Ann,cpu:Bob", seed=seed, game="shifting-stones")
    play_bots_until(session, lambda s: s.to_act() == [0] and s.view(0)["turn"]["actions"] == 0)
    return session


def footer_keys(app: HotseatApp) -> list[str]:
    """The footer as read: "key description" per entry; none may be cut at 80 columns."""
    keys = list(app.screen.query_one(Footer).query(FooterKey))
    assert all(key.region.right <= 80 for key in keys), "the footer is cut"
    return [f"{key.key_display} {key.description}" for key in keys]


def german_table(store: SaveStore) -> HotseatApp:
    return app_for(store, first_turn(store), language="de")


def test_the_table_in_german_snapshot(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    """Ann has flipped a stone and points at her second card: the stones, the players, the
    log, the hand, the piles, the prompt and the footer in German at 80x24."""
    app = german_table(store)

    async def a_flip(pilot: Pilot) -> None:
        await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press("1", "d", "enter", "2")

    assert snap_compare(app, run_before=a_flip, terminal_size=(80, 24))


async def test_the_prompt_speaks_german_when_the_player_chose_german(store: SaveStore) -> None:
    app = german_table(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, ShiftingStonesScreen)
        assert (
            "Wähle eine Karte und lege sie ab: v verschiebt zwei Plättchen, d dreht eins."
            in screen_text(app)
        )
        await pilot.press("1", "v")
        await pilot.pause()
        assert "Verschieben mit #1: Wähle das erste von zwei Plättchen." in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "Verschieben mit #1: Nachbar vom Plättchen in der Mitte?" in screen_text(app)


async def test_in_german_the_footer_names_v_d_and_a(store: SaveStore) -> None:
    app = german_table(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, ShiftingStonesScreen)
        keys = footer_keys(app)
        assert {"v Verschieben", "d Drehen", "a Aussetzen", "e Ende"} <= set(keys)


async def test_in_english_the_footer_keeps_s_f_and_k(store: SaveStore) -> None:
    app = app_for(store, first_turn(store))
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, ShiftingStonesScreen)
        assert {"s Shift", "f Flip", "k Skip", "e End turn"} <= set(footer_keys(app))


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(
    ("keys", "mode"), [(("s",), "shift"), (("v",), "shift"), (("d",), "flip"), (("f",), "flip")]
)
async def test_both_languages_keys_begin_a_shift_or_a_flip(
    store: SaveStore, language: str, keys: tuple[str, ...], mode: str
) -> None:
    app = app_for(store, first_turn(store), language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        await pilot.press(*keys)
        await pilot.pause()
        assert screen.mode == mode


@pytest.mark.parametrize("key", ["k", "a"])
async def test_k_and_a_both_skip(store: SaveStore, key: str) -> None:
    session = first_turn(store)
    app = app_for(store, session, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, ShiftingStonesScreen)
        moves = len(session.record.actions)
        await pilot.press(key)
        await until(pilot, lambda: len(session.record.actions) > moves)
        seat, action = session.record.actions[moves]
        assert (seat, action) == (0, {"type": "skip"})


@pytest.mark.parametrize("language", ["en", "de"])
async def test_at_80_columns_no_footer_key_is_cut_even_with_score_and_skip(
    store: SaveStore, language: str
) -> None:
    """The most keys at once: German labels close up, and where even that is too wide the
    card keys leave the footer (Left still picks a card)."""
    app = app_for(store, first_turn(store, SCORE_AND_SKIP_SEED), language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ShiftingStonesScreen)
        keys = footer_keys(app)
        assert keys[-1] == ("q Quit" if language == "en" else "q Beenden")
        card = screen.card
        await pilot.press("left")
        await pilot.pause()
        assert screen.card == (card - 1) % len(screen.hand())


@pytest.mark.usefixtures("german")
def test_a_stone_names_its_symbols_in_german() -> None:
    rows = stone_cells({"up": "sun", "down": "moon"}, Look(), CHIP.stone)
    drawn = ["".join(char for char, _ in row) for row in rows]
    assert "☼" in drawn[1] and "Sonne" in drawn[2] and "☾ Mond" in drawn[3]


@pytest.mark.usefixtures("german")
def test_a_card_gives_its_points_and_ok_in_german() -> None:
    card = {"id": 80, "value": 2, "pattern": ["sun", *[None] * 8], "scorable": True}
    rows = pattern_cells(card, Look(), COMPACT_CARD, 3)
    drawn = ["".join(char for char, _ in row) for row in rows]
    assert drawn[0].startswith("╭#3") and drawn[0].endswith("2P╮")
    assert "OK" in drawn[-1]


@pytest.mark.usefixtures("german")
def test_the_players_panel_heads_its_columns_in_german(store: SaveStore) -> None:
    text = players_text(first_turn(store).view(0), 44).plain
    assert "Spieler  Hand Pkt 1er gewertet" in text
    assert "° Start · 1er: 1-Punkt-Karten; meiste: +3" in text


@pytest.mark.usefixtures("german")
def test_solo_the_players_panel_counts_strikes_as_fehlschlaege(store: SaveStore) -> None:
    session = new_session(store, "Ann", seed=5, game="shifting-stones")
    assert "Solo: 0/16 gewertet · Fehlschläge 0 von 4" in players_text(session.view(0), 44).plain


async def test_the_game_over_names_each_players_cards_in_german(store: SaveStore) -> None:
    session = new_session(store, "cpu:Ann,cpu:Bob", seed=9, game="shifting-stones")
    play_bots_until(session, lambda s: s.over)
    view = session.view(None)
    app = app_for(store, session, language="de")
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        text = screen_text(app)
        for seat, info in enumerate(view["seats"]):
            cards = f"{len(info['scored'])} Karten im Wert von {info['points']}"
            assert f"{view['scores'][seat]} Punkte: {cards}" in text
        assert "+3 für die" in text

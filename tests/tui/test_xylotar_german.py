"""Xylotar in the player's language: the table, its prompts, its keys and the score table
in German as in English; card letters that clash in neither language; side players named
in the player's language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot
from textual.widgets import Static

from rules.xylotar import COLOURS, Xylotar, value
from saves import SaveStore
from tui import i18n
from tui.app import HotseatApp
from tui.games.xylotar.board import HEAD_LINES, TableLook, draw, geometry
from tui.games.xylotar.cards import CHIP
from tui.games.xylotar.scores import ROOM, XylotarScoresScreen, scores_text
from tui.games.xylotar.screen import XylotarScreen
from tui.games.xylotar.words import colour_letter, colour_name, shown_names
from tui.model import GameSession

from tui_helpers import app_for, play_bots_until, players, screen_text, until

LONG_NAMES = ",".join(
    [
        "Annabelle Montgomery-Fox",
        "cpu:Bartholomew Higginbottom",
        "cpu:Cornelius Vanderbilt III",
        "cpu:Dorothea Wainwright-Hale",
        "cpu:Evangeline St. Sebastian",
    ]
)
"""Five players with 24-character names, the widest a name may be."""
LONG_NAMES_PLAIN = [name.removeprefix("cpu:") for name in LONG_NAMES.split(",")]


@pytest.fixture(params=i18n.LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each language in turn, English again after the test."""
    i18n.use(request.param)
    try:
        yield request.param
    finally:
        i18n.use("en")


def xylotar(store: SaveStore, spec: str, seed: int) -> GameSession:
    return GameSession.create(store, "xylotar", players(spec), seed, name="table")


def my_play_turn(session: GameSession) -> bool:
    return session.to_act() == [0] and session.view(0)["phase"] == "play"


async def my_step(pilot: Pilot, app: HotseatApp, step: str) -> XylotarScreen:
    """Wait until the person at the keyboard has this kind of choice."""
    await until(pilot, lambda: isinstance(app.screen, XylotarScreen) and app.screen.step == step)
    assert isinstance(app.screen, XylotarScreen)
    return app.screen


def ann_sorts(store: SaveStore) -> GameSession:
    """Ann (seat 0) against two computers, about to sort a hand."""
    session = xylotar(store, "Ann,cpu:Bob,cpu:Cy", seed=4)
    play_bots_until(session, lambda s: s.to_act() == [0] and s.view(0)["phase"] == "sort")
    return session


def prompt(screen: XylotarScreen) -> str:
    return str(screen.query_one("#prompt", Static).render())


# ---- card letters ------------------------------------------------------------


def test_in_every_language_the_eight_colours_show_eight_different_letters(language: str) -> None:
    letters = [colour_letter(colour) for colour in COLOURS]
    names = [colour_name(colour) for colour in COLOURS]
    assert len(set(letters)) == len(COLOURS)
    assert all(
        letter.casefold() in name.casefold() for letter, name in zip(letters, names, strict=True)
    )


def test_in_english_the_cards_keep_the_initials_of_the_english_colour_names() -> None:
    assert "".join(colour_letter(colour) for colour in COLOURS) == "ROYGTBPK"


def test_in_german_yellow_cards_read_g_and_green_ones_ue(german: None, store: SaveStore) -> None:
    """Three players: yellow is trump; gelb and grün would both be G."""
    session = xylotar(store, "Ann,cpu:Bob,cpu:Cy", seed=4)
    play_bots_until(session, my_play_turn)
    view = session.view(None)
    rows = draw(TableLook(view, CHIP), 80).rows
    assert "Trumpf ● Gelb" in "".join(char for char, _ in rows[0])
    shape = geometry(view, CHIP, 80)
    backs = {
        info["colour"]: "".join(char for char, _ in rows[HEAD_LINES + seat * 2][x + 1 : x + 3])
        for seat, band in enumerate(view["seats"])
        for slot, info in enumerate(band["slots"])
        if info["status"] == "down"
        for x in [shape.card_x(slot)]
    }
    assert backs["Y"] == "G▒" and backs["G"] == "Ü░"


# ---- keys ----------------------------------------------------------------------


async def test_minus_and_plus_move_a_card_past_an_equal_one_in_both_languages(
    store: SaveStore, language: str
) -> None:
    app = app_for(store, ann_sorts(store), language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_step(pilot, app, "sort")
        draft = screen.draft
        first = next(
            i
            for i in sorted(screen.movable())
            if i + 1 < len(draft) and value(draft[i]) == value(draft[i + 1])
        )
        screen.cursor = first - screen.view["sorting"]["placed_count"]
        await pilot.press("plus")
        assert screen.draft[first : first + 2] == (draft[first + 1], draft[first])
        await pilot.press("minus")
        assert screen.draft == draft


@pytest.mark.parametrize(
    ("chosen", "shown"), [("en", "[ ] Swap"), ("de", "- + Tauschen")], ids=["en", "de"]
)
async def test_the_footer_names_the_swap_keys_that_need_no_altgr_in_german(
    store: SaveStore, chosen: str, shown: str
) -> None:
    app = app_for(store, ann_sorts(store), language=chosen)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await my_step(pilot, app, "sort")
            await pilot.pause()
            shown_now = screen_text(app)
    finally:
        i18n.use("en")
    assert shown in shown_now


def two_players(store: SaveStore) -> GameSession:
    """Ann against Bob and the two side players, Ann about to play."""
    session = xylotar(store, "Ann,cpu:Bob", seed=13)
    play_bots_until(session, my_play_turn)
    return session


async def reach(pilot: Pilot, app: HotseatApp, step: str) -> None:
    """Bring Ann, about to sort or to play, to this kind of choice."""
    if step in ("sort", "play"):
        await my_step(pilot, app, step)
        return
    await my_step(pilot, app, "play")
    await pilot.press("enter")
    await my_step(pilot, app, "peek")
    if step == "bid":
        await pilot.press("right", "enter")
        await my_step(pilot, app, "bid")


@pytest.mark.parametrize("step", ["sort", "play", "peek", "bid"])
async def test_at_80_columns_every_footer_key_reads_whole(
    store: SaveStore, language: str, step: str
) -> None:
    session = ann_sorts(store) if step == "sort" else two_players(store)
    app = app_for(store, session, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await reach(pilot, app, step)
        await pilot.pause()
        footer = next(line for line in screen_text(app).splitlines() if "←→" in line)
    assert footer.rstrip().endswith("q Beenden" if language == "de" else "q Quit")


async def test_the_sorting_prompt_names_the_keys_without_altgr_first(store: SaveStore) -> None:
    app = app_for(store, ann_sorts(store))
    async with app.run_test(size=(80, 24)) as pilot:
        said = prompt(await my_step(pilot, app, "sort"))
    assert said.index("Shift+arrows") < said.index("- +") < said.index("[ ]")


# ---- the prompt, the table and the score table in German ------------------------


async def test_the_prompt_speaks_german_when_the_player_chose_german(store: SaveStore) -> None:
    app = app_for(store, ann_sorts(store), language="de")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await my_step(pilot, app, "sort")
            said = prompt(screen)
            title = screen.title
    finally:
        i18n.use("en")
    assert said.startswith("Du sortierst das Xylotar von ")
    assert "Umschalt+Pfeile oder - +" in said and "[ ]" not in said
    assert title == "Xylotar — Runde 1"


def test_the_side_players_are_named_in_the_players_language(german: None) -> None:
    assert shown_names(["Ann", "West", "Bob", "East"], [1, 3]) == ["Ann", "West", "Bob", "Ost"]


def test_a_side_player_named_like_a_player_is_told_apart_in_german(german: None) -> None:
    named = shown_names(["Ost", "West", "Bob", "East"], [1, 3])
    assert named == ["Ost", "West", "Bob", "Ost (Seite)"]


def test_in_english_the_side_players_keep_the_names_the_engine_gives() -> None:
    names = Xylotar().seat_names(["West", "Bob"])
    assert shown_names(names, [1, 3]) == names == ["West", "West (side)", "Bob", "East"]


def scored_view(store: SaveStore, rounds: int) -> dict[str, object]:
    """Five players with the longest names after round 1, its score repeated as `rounds`
    rounds (so that the table shows that many round columns)."""
    session = xylotar(store, LONG_NAMES, seed=6)
    play_bots_until(session, lambda s: s.view(None)["round"] == 2)
    view = session.view(None)
    first = view["rounds"][0]
    return {**view, "rounds": [{**first, "round": n} for n in range(1, rounds + 1)]}


@pytest.mark.parametrize("rounds", [3, 5])
def test_every_line_of_the_score_table_fits_its_box_in_both_languages(
    store: SaveStore, language: str, rounds: int
) -> None:
    lines = scores_text(scored_view(store, rounds)).plain.splitlines()
    head, rows = lines[0], lines[1:6]
    assert all(cell_len(line) <= ROOM for line in [head, *rows])
    whole = language == "en" or rounds <= 3
    assert whole == all(
        row.startswith(name) for row, name in zip(rows, LONG_NAMES_PLAIN, strict=True)
    )


def test_the_score_table_speaks_german(store: SaveStore, german: None) -> None:
    head = scores_text(scored_view(store, 1)).plain.splitlines()[0]
    assert head.split() == ["Spieler", "Stiche", "Ansage", "Erf.", "Punkte", "R1", "Gesamt"]


# ---- how it looks in German at 80x24 -----------------------------------------------


def test_a_trick_in_german_snapshot(snap_compare, store: SaveStore, german: None) -> None:  # type: ignore[no-untyped-def]
    """Five players mid-trick: German letters on the cards, "an" under the lead, the
    tricks won, the status line, the prompt and the footer."""
    session = xylotar(store, "Ann,cpu:Bob,cpu:Cy,cpu:Dee,cpu:Eve", seed=12)
    play_bots_until(session, lambda s: my_play_turn(s) and len(s.view(0)["trick"]) >= 2)
    app = app_for(store, session, language="de")

    async def playing(pilot: Pilot) -> None:
        await my_step(pilot, app, "play")

    assert snap_compare(app, run_before=playing, terminal_size=(80, 24))


def test_the_round_scores_in_german_snapshot(snap_compare, store: SaveStore, german: None) -> None:  # type: ignore[no-untyped-def]
    session = xylotar(store, "Ann,cpu:Bob,cpu:Cy,cpu:Dee", seed=14)

    def last_play(s: GameSession) -> bool:
        view = s.view(None)
        return my_play_turn(s) and view["trick_number"] == view["tricks_per_round"]

    play_bots_until(session, last_play)
    app = app_for(store, session, language="de")

    async def round_end(pilot: Pilot) -> None:
        await my_step(pilot, app, "play")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, XylotarScoresScreen))

    assert snap_compare(app, run_before=round_end, terminal_size=(80, 24))

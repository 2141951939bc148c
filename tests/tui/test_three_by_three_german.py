"""3 x 3 at the table in German: the prompt, the piles, the seats, the boxes, the cards and
the footer speak German when the player chose German, in the words of the German rules
(Ablagestapel, Abhebestapel, entfernt, offene und verdeckte Karten; Bube, Dame, König,
Ass as B, D, K, A). The German table's picture is in test_three_by_three_looks."""

from __future__ import annotations

from typing import Any

import pytest
from test_three_by_three_looks import fullest_table
from test_three_by_three_since import seat, table

from saves import SaveStore
from tui import i18n
from tui.app import HotseatApp
from tui.games.three_by_three.boxes import counts_text
from tui.games.three_by_three.card_faces import french_face
from tui.games.three_by_three.pile import chip_pile, framed_pile, last_text
from tui.games.three_by_three.screen import ThreeByThreeScreen
from tui.games.three_by_three.seats import seats_text, seats_width
from tui.games.three_by_three.since import Changes
from tui.model import GameSession
from tui.widgets.playing_cards import SMALL

from tui_helpers import app_for, new_session, play_bots_until, screen_text, turn_at


def nothing_fits(store: SaveStore) -> GameSession:
    """Ann and Bob in tour 2: nothing in Ann's hand fits on the pile of one card."""
    session = new_session(store, "Ann,cpu:Bob", seed=26)
    play_bots_until(session, lambda s: len(s.record.actions) == 3)
    return session


def tour_1(store: SaveStore) -> GameSession:
    return new_session(store, "Ann,cpu:Bob,cpu:Cy,cpu:Dee", seed=31)


def footer_text(app: HotseatApp) -> str:
    """The footer's line: each key the footer shows and its label."""
    return next(line for line in screen_text(app).splitlines() if "←↑↓→" in line).strip()


# ---- the prompt and the footer ------------------------------------------------------


async def test_the_prompt_speaks_german_when_the_player_chose_german(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store), language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ThreeByThreeScreen)
        assert screen.prompt_text().plain.splitlines() == [
            "Dein Zug, aus der Hand. Leertaste markiert weitere desselben Rangs, Enter legt.",
            "Spielbar: 4♣ 4♦ 4♥ 5♠ 6♠ 7♠ 9♠ B♦ B♥",
        ]
        await pilot.press("space")
        assert screen.prompt_text().plain.startswith(
            "Dein Zug, aus der Hand. Enter legt die markierten 4♣, Leertaste wählt ab.\n"
        )


async def test_in_tour_1_the_prompt_explains_the_swap_in_german(store: SaveStore) -> None:
    app = app_for(store, tour_1(store), language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, ThreeByThreeScreen)
        shown = screen_text(app)
        assert "Tour 1: Wähle deine offenen Karten." in shown
        assert "3 x 3 — Tour 1" in shown


async def test_in_german_the_footer_shows_enter_for_taking_the_pile_and_t_still_takes_it(
    store: SaveStore,
) -> None:
    """t is no mnemonic for "aufnehmen": the German footer shows Enter, which takes the
    pile too when nothing fits; t keeps working."""
    session = nothing_fits(store)
    app = app_for(store, session, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ThreeByThreeScreen)
        assert screen.only_take()
        assert footer_text(app).startswith("←↑↓→ Bewegen  ⏎ Stapel aufnehmen  L Protokoll")
        assert screen.prompt_text().plain.endswith(
            "Enter oder t nimmt den Ablagestapel auf (1 Karte)."
        )
        held = len(session.view(0)["hand"])
        await pilot.press("t")
        await pilot.pause()
        assert len(session.view(0)["hand"]) == held + 1


async def test_in_english_the_footer_shows_t_for_taking_the_pile_and_enter_takes_it_too(
    store: SaveStore,
) -> None:
    session = nothing_fits(store)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, ThreeByThreeScreen)
        assert footer_text(app).endswith("t Take pile  L Log  ? Help  esc Home  q Quit")
        held = len(session.view(0)["hand"])
        await pilot.press("enter")
        await pilot.pause()
        assert len(session.view(0)["hand"]) == held + 1


async def test_in_german_enter_takes_the_pile_when_nothing_fits(store: SaveStore) -> None:
    session = nothing_fits(store)
    app = app_for(store, session, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, ThreeByThreeScreen)
        held = len(session.view(0)["hand"])
        await pilot.press("enter")
        await pilot.pause()
        assert len(session.view(0)["hand"]) == held + 1


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("situation", [fullest_table, tour_1, nothing_fits])
async def test_at_80_columns_every_footer_key_reads_whole(
    store: SaveStore, language: str, situation: Any
) -> None:
    app = app_for(store, situation(store), language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, ThreeByThreeScreen)
        assert footer_text(app).endswith("q Beenden" if language == "de" else "q Quit")


# ---- the cards ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "faces"),
    [("en", ["J♥", "Q♠", "K♦", "A♣", "10♥", "2♠"]), ("de", ["B♥", "D♠", "K♦", "A♣", "10♥", "2♠"])],
)
def test_a_face_card_shows_the_letter_of_the_players_language(
    language: str, faces: list[str]
) -> None:
    i18n.use(language)
    cards = ["JH", "QS", "KD", "AC", "TH", "2S"]
    assert [french_face(card).label for card in cards] == faces
    assert french_face("QS").centre == "♠"


# ---- the piles ----------------------------------------------------------------------


@pytest.mark.usefixtures("german")
def test_with_chips_the_piles_speak_german() -> None:
    view = table(["4C", "9H"], burned=4)
    view["top_run"] = {"rank": "9"}
    view["last"] = {"seat": 1, "kind": "play", "source": "hand", "cards": ["9H"], "burned": 0}
    view["last"]["took"] = 0
    lines = chip_pile(view, Changes(burned=4)).plain.splitlines()
    assert lines[0].startswith("Ablage 2 ")
    assert "Abheben 0   Entfernt 4 seit deinem Zug" in lines[0]
    assert lines[1] == "Passt: 9 oder höher, oder eine 2 oder 10   Zuletzt (*): Bob spielte 9♥"


@pytest.mark.usefixtures("german")
def test_with_framed_cards_the_piles_are_headed_in_german() -> None:
    view = table(["4C"], burned=3)
    view["last"] = {"seat": 0, "kind": "play", "source": "hand", "cards": ["TS"], "burned": 3}
    view["last"]["took"] = 0
    heads = framed_pile(view, SMALL, 110).plain.splitlines()[0].split()
    assert heads == ["Abhebestapel", "Ablagestapel", "·", "1", "Entfernt", "jetzt"]


def captions(name: str) -> list[str]:
    """The caption of every kind of last move of `name`'s, as the table shows it."""
    moves: list[dict[str, Any]] = [
        {"kind": "swap", "source": None, "cards": ["5S", "TD", "6C"], "burned": 0, "took": 0},
        {"kind": "take", "source": None, "cards": [], "burned": 0, "took": 1},
        {"kind": "miss", "source": "face-down", "cards": ["3H"], "burned": 0, "took": 7},
        {"kind": "play", "source": "face-down", "cards": ["TH"], "burned": 5, "took": 0},
        {"kind": "play", "source": "face-down", "cards": ["QH"], "burned": 0, "took": 0},
        {"kind": "play", "source": "face-up", "cards": ["JC", "JS"], "burned": 0, "took": 0},
        {"kind": "play", "source": "hand", "cards": ["AS"], "burned": 4, "took": 0},
    ]
    view = {"players": [name]}
    return [last_text({**view, "last": {"seat": 0, **move}}).plain for move in moves]


def test_the_last_move_is_said_in_english() -> None:
    assert captions("Bob") == [
        "Last (*): Bob chose face-up cards",
        "Last (*): Bob took the pile (1 card)",
        "Last (*): Bob turned up 3♥, took 7 cards",
        "Last (*): Bob turned up 10♥, burned 5",
        "Last (*): Bob turned up Q♥",
        "Last (*): Bob played J♣ J♠",
        "Last (*): Bob played A♠, burned 4",
    ]


@pytest.mark.usefixtures("german")
def test_the_last_move_is_said_in_german() -> None:
    assert captions("Bob") == [
        "Zuletzt (*): Bob wählte offene Karten",
        "Zuletzt (*): Bob nahm die Ablage auf (1 Karte)",
        "Zuletzt (*): Bob deckte 3♥ auf, nahm 7 Karten",
        "Zuletzt (*): Bob deckte 10♥ auf, entfernte 5",
        "Zuletzt (*): Bob deckte D♥ auf",
        "Zuletzt (*): Bob spielte B♣ B♠",
        "Zuletzt (*): Bob spielte A♠, entfernte 4",
    ]


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_caption_short_of_room_cuts_the_name_and_ends_whole(language: str) -> None:
    i18n.use(language)
    view = table(["4D"])
    view["top_run"] = {"rank": "4"}
    view["players"] = ["Ann", "Computer Player Seat #11"]
    view["last"] = {"seat": 1, "kind": "play", "source": "face-down", "cards": ["4D"]}
    view["last"] |= {"burned": 0, "took": 0}
    line = chip_pile(view, width=78).plain.splitlines()[1]
    assert len(line) <= 78
    assert line.endswith("4♦ auf" if language == "de" else "turned up 4♦")


# ---- the seats ----------------------------------------------------------------------


@pytest.mark.usefixtures("german")
def test_the_seat_list_speaks_german_and_its_columns_fit_their_heads() -> None:
    ann = {**seat(["9S", "9H", "9C"]), "name": "Ann"}
    bob = {**seat(["9S"]), "place": 1}
    view = table(["4C"], seats=[ann, bob])
    view["phase"] = "swap"
    lines = seats_text(view).plain.splitlines()
    assert lines[0].split() == ["Spieler", "Hand", "offen", "verdeckt"]
    assert lines[1].startswith("> Ann (du)")
    assert lines[1].endswith("3 bereit")
    assert lines[2].split() == ["Bob", "raus,", "1."]
    assert lines[0].index("verdeckt") + len("verdeckt") == lines[1].index("3 bereit") + 1
    assert seats_width(view) == max(len(line) for line in lines)


@pytest.mark.usefixtures("german")
def test_a_seats_box_counts_in_german() -> None:
    assert counts_text(seat(), took=True).plain == "Hand 3 · verdeckt 3"
    assert counts_text({**seat(), "place": 2}, took=False).plain == "raus, 2."

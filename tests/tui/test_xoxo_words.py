"""XOXO in words: each kind of event, refusal, status and end of game reads right in
English and in German."""

from __future__ import annotations

from typing import get_args

import pytest

from rules import IllegalAction
from rules.xoxo import VALUES, EndedEvent, LineName, MetEvent, PlaceEvent, XoxoFacts
from tui.games.xoxo.words import (
    event_text,
    line_word,
    reason_text,
    refusal_text,
    status_text,
    tile_text,
    value_word,
)
from tui.words import refusal

NAMES = ("Ann", "Bob", "Cy")
ANN_PLACED: PlaceEvent = {
    "kind": "place",
    "seat": 0,
    "source": "own",
    "tile": "GTU",
    "x": 1,
    "y": 0,
}
BOB_MET_RED: MetEvent = {"kind": "met", "owner": 1, "value": "red", "lines": ["right-column"]}
GENERAL_EMPTY: EndedEvent = {"kind": "ended", "empty": None, "winner": 2, "met": 1, "tied": True}
ANN_EMPTY: EndedEvent = {"kind": "ended", "empty": 0, "winner": 1, "met": 2, "tied": False}
PLAYING: XoxoFacts = {
    "over": False,
    "winners": [],
    "seats": [{"name": "Ann", "met": 1}, {"name": "Bob", "met": 2}],
    "general": 15,
}


def test_a_tile_reads_as_colour_shape_symbol_and_face() -> None:
    assert tile_text("GTU") == "green ▲ surprised"


def test_the_deal_says_how_many_tiles_and_targets_each_and_who_starts() -> None:
    event = {"kind": "start", "first": 1, "tiles": 10, "targets": 3}
    assert event_text(event, NAMES) == "Setup: 10 tiles and 3 targets each; Bob starts"


def test_a_placement_says_who_placed_which_tile_from_which_stack() -> None:
    assert event_text(ANN_PLACED, NAMES) == "Ann placed green ▲ surprised (own stack)"
    general = {**ANN_PLACED, "seat": 2, "source": "general", "tile": "ROS"}
    assert event_text(general, NAMES) == "Cy placed red ● sad (general stack)"


def test_a_met_target_names_its_owner_value_and_every_line_that_met_it() -> None:
    assert event_text(BOB_MET_RED, NAMES) == "Bob met the target red: right column"
    both = {**BOB_MET_RED, "lines": ["top-row", "diagonal-from-top-left"]}
    assert event_text(both, NAMES) == "Bob met the target red: top row and diagonal from top left"


def test_all_targets_met_ends_the_game_for_one_winner_or_several() -> None:
    assert event_text({"kind": "won", "winners": [0]}, NAMES) == "Game over: Ann met all targets"
    assert reason_text({"kind": "won", "winners": [0, 2]}, NAMES) == "Ann and Cy met all targets"


def test_an_empty_stack_ends_the_game_and_says_who_met_the_most() -> None:
    assert event_text(ANN_EMPTY, NAMES) == (
        "Game over: Ann's stack is empty — Bob wins with 2 targets"
    )
    assert event_text(GENERAL_EMPTY, NAMES) == (
        "Game over: the general stack is empty — Cy wins with 1 target (tie broken by turn order)"
    )
    assert reason_text(ANN_EMPTY, NAMES) == "Ann's stack is empty: Bob met the most targets (2)"
    assert reason_text(GENERAL_EMPTY, NAMES) == (
        "The general stack is empty: Cy met the most targets (1), tie broken by turn order"
    )


def test_the_save_list_counts_met_targets_or_names_the_winners() -> None:
    assert status_text(PLAYING) == "Targets met: Ann 1, Bob 2 · general stack 15"
    over = {**PLAYING, "over": True, "winners": ["Ann", "Bob"]}
    assert status_text(over) == "Over · Ann and Bob won"


def test_a_refusal_says_the_rule_and_whose_turn_it_is() -> None:
    assert refusal("xoxo", IllegalAction("not-to-act", turn=1), NAMES) == "It is Bob's turn."
    assert refusal_text("too-wide", {"x": 3, "y": 0, "width": 4}, NAMES) == (
        "There the layout would be 4 wide; it may be 3 at most."
    )
    assert refusal_text("last-tile-covered", {"x": 2, "y": 2}, NAMES) == (
        "The tile placed last may not be covered: place on another tile."
    )


def test_a_refusal_every_game_shares_is_said_by_the_shared_words() -> None:
    assert refusal_text("not-legal", {}, NAMES) is None
    assert refusal("xoxo", IllegalAction("not-legal"), NAMES) == "That move is not allowed now."


def test_every_value_and_every_line_has_words_of_its_own() -> None:
    values = {value_word(value) for value in VALUES}
    lines = {line_word(line) for line in get_args(LineName)}
    assert (len(values), len(lines)) == (len(VALUES), len(get_args(LineName)))


@pytest.mark.usefixtures("german")
def test_in_german_the_deal_names_plaettchen_and_zielkarten() -> None:
    event = {"kind": "start", "first": 0, "tiles": 12, "targets": 3}
    assert event_text(event, NAMES) == "Aufbau: je 12 Plättchen und 3 Zielkarten; Ann beginnt"


@pytest.mark.usefixtures("german")
def test_in_german_a_placement_names_the_personal_or_the_general_stack() -> None:
    assert (
        event_text(ANN_PLACED, NAMES) == "Ann hat grün ▲ überrascht vom persönlichen Stapel gelegt"
    )
    general = {**ANN_PLACED, "source": "general", "tile": "BSA"}
    assert event_text(general, NAMES) == "Ann hat blau ■ wütend vom allgemeinen Stapel gelegt"


@pytest.mark.usefixtures("german")
def test_in_german_a_met_target_names_the_lines() -> None:
    assert event_text(BOB_MET_RED, NAMES) == "Bob hat die Zielkarte rot erfüllt: rechte Spalte"
    both = {**BOB_MET_RED, "value": "circle", "lines": ["top-row", "diagonal-from-top-right"]}
    assert event_text(both, NAMES) == (
        "Bob hat die Zielkarte Kreis erfüllt: obere Reihe und Diagonale von rechts oben"
    )


@pytest.mark.usefixtures("german")
def test_in_german_the_end_says_who_won_with_the_right_verb_and_plural() -> None:
    assert event_text({"kind": "won", "winners": [0]}, NAMES) == (
        "Spielende: Ann hat alle Zielkarten erfüllt"
    )
    assert reason_text({"kind": "won", "winners": [0, 1]}, NAMES) == (
        "Ann und Bob haben alle Zielkarten erfüllt"
    )
    assert event_text(ANN_EMPTY, NAMES) == (
        "Spielende: Der persönliche Stapel von Ann ist leer – Bob gewinnt mit 2 Zielkarten"
    )
    assert event_text(GENERAL_EMPTY, NAMES) == (
        "Spielende: Der allgemeine Stapel ist leer – Cy gewinnt mit 1 Zielkarte "
        "(bei Gleichstand entscheidet die Zugreihenfolge)"
    )
    assert reason_text(GENERAL_EMPTY, NAMES) == (
        "Der allgemeine Stapel ist leer: Cy hat die meisten Zielkarten erfüllt (1); "
        "bei Gleichstand entscheidet die Zugreihenfolge"
    )


@pytest.mark.usefixtures("german")
def test_in_german_the_save_list_and_the_refusals() -> None:
    assert status_text(PLAYING) == "Erfüllte Zielkarten: Ann 1, Bob 2 · allgemeiner Stapel 15"
    assert status_text({**PLAYING, "over": True, "winners": ["Cy"]}) == ("Vorbei · Cy hat gewonnen")
    assert refusal("xoxo", IllegalAction("not-to-act", turn=2), NAMES) == "Cy ist am Zug."
    assert refusal_text("grid-full", {"x": 3, "y": 1}, NAMES) == (
        "Das 3×3-Raster ist voll: Lege auf eines seiner Plättchen."
    )

"""Shifting Stones in words: each kind of event, refusal, status and end of game reads right
in English and in German (the German rules' words: Plättchen, Verschieben, Drehen, Werten,
Aussetzen, Fehlschlag; Sonne/Mond, Fisch/Vogel, Pferd/Boot, Samen/Baum)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from rules import IllegalAction
from rules.shifting_stones import ShiftingStones
from tui.games.shifting_stones.words import (
    cell_name,
    event_text,
    reason_text,
    refusal_text,
    status_text,
    symbol_word,
)
from tui.words import refusal, status

NAMES = ("Ann", "Bob", "Cy")
GAME_ID = ShiftingStones.id

EVENTS: list[tuple[dict[str, Any], str, str]] = [
    (
        {"kind": "start", "first": 1, "goal": 9},
        "Bob takes the first turn; the last round begins once someone has scored 9 cards",
        "Bob ist zuerst am Zug; die letzte Runde beginnt, sobald jemand 9 Karten gewertet hat",
    ),
    (
        {"kind": "solo-start", "seat": 0, "goal": 16, "max_strikes": 4},
        "Ann plays solo: score all 16 cards before 4 strikes",
        "Ann spielt solo: Werte alle 16 Karten vor 4 Fehlschlägen",
    ),
    (
        {"kind": "shift", "seat": 0, "card": 80, "value": 2, "a": 1, "b": 4},
        "Ann shifted the stones at top middle and the centre (discarded a 2-point card)",
        "Ann hat die Plättchen oben in der Mitte und in der Mitte getauscht"
        " (2-Punkte-Karte abgelegt)",
    ),
    (
        {
            "kind": "flip",
            "seat": 2,
            "card": 81,
            "value": 1,
            "cell": 8,
            "was": "seed",
            "now": "tree",
        },
        "Cy flipped the seed at bottom right to tree (discarded a 1-point card)",
        "Cy hat das Plättchen unten rechts umgedreht: aus Samen wird Baum (1-Punkt-Karte abgelegt)",
    ),
    (
        {"kind": "score", "seat": 1, "card": 140, "value": 5},
        "Bob scored a 5-point card",
        "Bob hat eine 5-Punkte-Karte gewertet",
    ),
    (
        {"kind": "skip", "seat": 0, "count": 2},
        "Ann skipped and drew 2 cards",
        "Ann hat ausgesetzt und 2 Karten gezogen",
    ),
    (
        {"kind": "skip", "seat": 0, "count": 1, "cards": [{"id": 72, "value": 3}]},
        "Ann skipped and drew 1 card: 3 points",
        "Ann hat ausgesetzt und eine Karte gezogen: 3 Punkte",
    ),
    (
        {"kind": "skip", "seat": 0, "count": 0},
        "Ann skipped and drew no cards: both piles are empty",
        "Ann hat ausgesetzt und keine Karte gezogen: Beide Stapel sind leer",
    ),
    (
        {"kind": "draw", "seat": 1, "count": 1},
        "Bob drew 1 card",
        "Bob hat eine Karte gezogen",
    ),
    (
        {
            "kind": "draw",
            "seat": 1,
            "count": 2,
            "cards": [{"id": 72, "value": 1}, {"id": 73, "value": 2}],
        },
        "Bob drew 2 cards: 1 point, 2 points",
        "Bob hat 2 Karten gezogen: 1 Punkt, 2 Punkte",
    ),
    (
        {"kind": "end", "seat": 2, "hand_empty": False},
        "Cy ended the turn",
        "Cy hat den Zug beendet",
    ),
    (
        {"kind": "end", "seat": 2, "hand_empty": True},
        "Cy's hand is empty: the turn ends",
        "Die Hand von Cy ist leer: Der Zug endet",
    ),
    (
        {"kind": "reshuffle", "count": 31},
        "The discard pile is shuffled into a new draw pile (31 cards)",
        "Der Ablagestapel wird zum neuen Nachziehstapel gemischt (31 Karten)",
    ),
    (
        {"kind": "last-round", "seat": 1, "scored": 9},
        "Last round: Bob has scored 9 cards",
        "Letzte Runde: Bob hat 9 Karten gewertet",
    ),
    (
        {"kind": "strike", "number": 1, "max_strikes": 4},
        "Strike 1 of 4",
        "Fehlschlag 1 von 4",
    ),
    (
        {"kind": "over", "winners": [1], "points": 20, "scores": [12, 20, 9]},
        "Game over: Bob wins with 20 points",
        "Spielende: Bob gewinnt mit 20 Punkten",
    ),
    (
        {"kind": "over", "winners": [0, 1], "points": 22, "scores": [22, 22, 9]},
        "Game over: Ann and Bob share the win with 22 points",
        "Spielende: Ann und Bob teilen sich den Sieg mit 22 Punkten",
    ),
    (
        {"kind": "solo-over", "seat": 0, "won": True, "max_strikes": 4},
        "Game over: Ann scored every card and wins",
        "Spielende: Ann hat alle Karten gewertet und gewinnt",
    ),
    (
        {"kind": "solo-over", "seat": 0, "won": False, "max_strikes": 4},
        "Game over: 4 strikes — Ann loses",
        "Spielende: 4 Fehlschläge — Ann verliert",
    ),
]

NEEDS_FISH_HORSE_MOON = {
    "card": 0,
    "value": 1,
    "needs": [
        {"cell": 5, "symbol": "fish", "shows": "horse"},
        {"cell": 7, "symbol": "horse", "shows": "seed"},
        {"cell": 8, "symbol": "moon", "shows": "seed"},
    ],
}

REFUSALS: list[tuple[str, dict[str, Any], str, str]] = [
    ("not-to-act", {"turn": 1}, "It is Bob's turn.", "Bob ist am Zug."),
    ("game-over", {}, "The game is over.", "Das Spiel ist vorbei."),
    (
        "skip-after-action",
        {},
        "Skipping takes the whole turn: not after an action.",
        "Aussetzen ist der ganze Zug: nicht nach einer Aktion.",
    ),
    (
        "skip-twice",
        {"seat": 0},
        "Ann skipped last turn and may not skip twice in a row.",
        "Ann hat im letzten Zug ausgesetzt und darf nicht zweimal hintereinander aussetzen.",
    ),
    (
        "not-neighbours",
        {"a": 0, "b": 4},
        "The stones at top left and the centre are not neighbours: shift two stones side by"
        " side or one above the other.",
        "Die Plättchen oben links und in der Mitte sind nicht benachbart: Verschiebe zwei"
        " Plättchen, die waagerecht oder senkrecht nebeneinanderliegen.",
    ),
    (
        "no-match",
        NEEDS_FISH_HORSE_MOON,
        "This 1-point card does not match: it needs fish at middle right (shows horse), horse"
        " at bottom middle (shows seed) and moon at bottom right (shows seed).",
        "Diese 1-Punkt-Karte passt nicht: Sie braucht Fisch rechts in der Mitte (dort: Pferd),"
        " Pferd unten in der Mitte (dort: Samen) und Mond unten rechts (dort: Samen).",
    ),
    (
        "card-scored",
        {"card": 80},
        "Card 80 is already scored.",
        "Karte 80 ist schon gewertet.",
    ),
    (
        "no-such-cell",
        {"cell": 9},
        "There is no cell 9: cells are 0 to 8, row by row.",
        "Es gibt kein Feld 9: Die Felder sind 0 bis 8, Reihe für Reihe.",
    ),
]

FACTS: list[tuple[dict[str, Any], str, str]] = [
    (
        {
            "phase": "play",
            "seats": [{"name": "Ann", "points": 1}, {"name": "Bob", "points": 0}],
            "draw": 64,
            "last_round": False,
        },
        "Ann 1 pt, Bob 0 pts · draw 64",
        "Ann 1 Pkt., Bob 0 Pkt. · Nachziehstapel 64",
    ),
    (
        {
            "phase": "play",
            "seats": [{"name": "Ann", "points": 21}, {"name": "Bob", "points": 14}],
            "draw": 3,
            "last_round": True,
        },
        "Ann 21 pts, Bob 14 pts · draw 3 · last round",
        "Ann 21 Pkt., Bob 14 Pkt. · Nachziehstapel 3 · letzte Runde",
    ),
    (
        {"phase": "over", "winners": ["Ann", "Bob"], "points": 22},
        "Over · Ann and Bob won with 22 pts",
        "Vorbei · Ann und Bob haben mit 22 Pkt. gewonnen",
    ),
    (
        {
            "phase": "solo",
            "over": False,
            "won": False,
            "scored": 3,
            "goal": 16,
            "strikes": 1,
            "max_strikes": 4,
        },
        "3 of 16 scored · strikes 1/4",
        "3 von 16 gewertet · Fehlschläge 1/4",
    ),
    (
        {
            "phase": "solo",
            "over": True,
            "won": True,
            "scored": 16,
            "goal": 16,
            "strikes": 2,
            "max_strikes": 4,
        },
        "Over · won · 16 of 16 scored",
        "Vorbei · gewonnen · 16 von 16 gewertet",
    ),
]

REASONS: list[tuple[dict[str, Any], str, str]] = [
    (
        {"kind": "most-points", "trigger": 0, "scored": 10, "winners": [0, 1], "points": 22},
        "Ann scored 10 cards; Ann and Bob share the most points (22)",
        "Ann hat 10 Karten gewertet; Ann und Bob haben gemeinsam die meisten Punkte (22)",
    ),
    (
        {"kind": "most-points", "trigger": 2, "scored": 9, "winners": [1], "points": 20},
        "Cy scored 9 cards; Bob has the most points (20)",
        "Cy hat 9 Karten gewertet; Bob hat die meisten Punkte (20)",
    ),
    (
        {"kind": "solo-won", "seat": 0, "goal": 16},
        "Ann scored all 16 cards",
        "Ann hat alle 16 Karten gewertet",
    ),
    (
        {"kind": "solo-lost", "seat": 0, "strikes": 4},
        "Ann got 4 strikes",
        "Ann hat 4 Fehlschläge bekommen",
    ),
]


def kinds(cases: list[tuple[dict[str, Any], str, str]]) -> list[str]:
    return [case[0]["kind"] if "kind" in case[0] else case[0]["phase"] for case in cases]


@pytest.mark.parametrize(("event", "english", "german_words"), EVENTS, ids=kinds(EVENTS))
def test_each_kind_of_event_reads_right_in_english(
    event: Mapping[str, Any], english: str, german_words: str
) -> None:
    assert event_text(event, NAMES) == english


@pytest.mark.parametrize(("event", "english", "german_words"), EVENTS, ids=kinds(EVENTS))
def test_each_kind_of_event_reads_right_in_german(
    german: None, event: Mapping[str, Any], english: str, german_words: str
) -> None:
    assert event_text(event, NAMES) == german_words


def test_every_kind_of_event_the_engine_records_has_words() -> None:
    assert {event["kind"] for event, _, _ in EVENTS} == {
        "start",
        "solo-start",
        "shift",
        "flip",
        "score",
        "skip",
        "draw",
        "end",
        "reshuffle",
        "last-round",
        "strike",
        "over",
        "solo-over",
    }


def test_the_symbols_have_the_german_rules_names(german: None) -> None:
    symbols = ("sun", "moon", "fish", "bird", "horse", "boat", "seed", "tree")
    assert [symbol_word(symbol) for symbol in symbols] == [
        "Sonne",
        "Mond",
        "Fisch",
        "Vogel",
        "Pferd",
        "Boot",
        "Samen",
        "Baum",
    ]


def test_the_cells_are_named_by_their_place_in_the_grid() -> None:
    assert [cell_name(cell) for cell in (0, 4, 8)] == ["top left", "the centre", "bottom right"]


@pytest.mark.parametrize(("code", "fields", "english", "german_words"), REFUSALS)
def test_a_refusal_says_the_rule_in_english(
    code: str, fields: dict[str, Any], english: str, german_words: str
) -> None:
    assert refusal(GAME_ID, IllegalAction(code, **fields), NAMES) == english


@pytest.mark.parametrize(("code", "fields", "english", "german_words"), REFUSALS)
def test_a_refusal_says_the_rule_in_german(
    german: None, code: str, fields: dict[str, Any], english: str, german_words: str
) -> None:
    assert refusal(GAME_ID, IllegalAction(code, **fields), NAMES) == german_words


def test_a_refusal_every_game_shares_is_left_to_the_common_words() -> None:
    assert refusal_text("not-legal", {}, NAMES) is None
    assert refusal(GAME_ID, IllegalAction("not-legal"), NAMES) == "That move is not allowed now."


@pytest.mark.parametrize(("facts", "english", "german_words"), FACTS, ids=kinds(FACTS))
def test_the_save_list_says_where_a_game_stands_in_english(
    facts: Mapping[str, Any], english: str, german_words: str
) -> None:
    assert status_text(facts) == english
    assert status(GAME_ID, {"turn": None, "facts": facts}) == english


@pytest.mark.parametrize(("facts", "english", "german_words"), FACTS, ids=kinds(FACTS))
def test_the_save_list_says_where_a_game_stands_in_german(
    german: None, facts: Mapping[str, Any], english: str, german_words: str
) -> None:
    assert status_text(facts) == german_words


@pytest.mark.parametrize(("reason", "english", "german_words"), REASONS, ids=kinds(REASONS))
def test_why_the_game_ended_reads_right_in_english(
    reason: Mapping[str, Any], english: str, german_words: str
) -> None:
    assert reason_text(reason, NAMES) == english


@pytest.mark.parametrize(("reason", "english", "german_words"), REASONS, ids=kinds(REASONS))
def test_why_the_game_ended_reads_right_in_german(
    german: None, reason: Mapping[str, Any], english: str, german_words: str
) -> None:
    assert reason_text(reason, NAMES) == german_words

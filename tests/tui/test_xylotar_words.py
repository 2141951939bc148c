"""Xylotar's log, refusals, save-list status and end of game read right in English and in
German, each said from the engine's typed records."""

from __future__ import annotations

from typing import Any, get_args

import pytest

from rules import IllegalAction
from rules.xylotar import Play, RefusalCode, Xylotar, XylotarEvent
from saves import SaveStore
from tui import i18n
from tui.games.xylotar.words import event_text, reason_text, refusal_text, status_text
from tui.model import GameSession
from tui.words import refusal

from tui_helpers import players

THREE = ["Ann", "Bob", "Cy"]
TWO = ["Ann", "West", "Bob", "East"]
"""Seat names with two players: the side players sit at seats 1 and 3."""


EVENTS: list[tuple[XylotarEvent, list[str], str, str]] = [
    (
        {"kind": "round", "round": 1, "leader": 1, "trump": "Y"},
        THREE,
        "Round 1 (trump yellow) is dealt for sorting; Bob will lead",
        "Runde 1 (Trumpf Gelb) ist zum Sortieren ausgeteilt; Bob spielt an",
    ),
    (
        {"kind": "sorted", "sorter": 0, "holder": 1},
        THREE,
        "Ann sorted Bob's xylotar",
        "Ann hat das Xylotar von Bob sortiert",
    ),
    (
        {"kind": "bid", "seat": 2, "card": "G3"},
        THREE,
        "Cy bid green 3",
        "Cy hat Grün 3 angesagt",
    ),
    (
        {"kind": "side-bid", "seat": 1, "card": "T4"},
        TWO,
        "West bids its middle card: turquoise 4",
        "West sagt die mittlere Karte an: Türkis 4",
    ),
    (
        {"kind": "last-card-bid", "seat": 0, "card": "K0"},
        THREE,
        "Ann's last face-down card becomes the bid: pink 0",
        "Die letzte verdeckte Karte von Ann wird die Ansage: Rosa 0",
    ),
    (
        {"kind": "play", "seat": 0, "card": "Y7"},
        THREE,
        "Ann played yellow 7",
        "Ann hat Gelb 7 gespielt",
    ),
    (
        {"kind": "peek", "seat": 1, "slots": [0, 2], "cards": None},
        THREE,
        "Bob looked at cards 1 and 3 from the left to bid",
        "Bob hat sich für die Ansage die Karten 1 und 3 von links angesehen",
    ),
    (
        {"kind": "peek", "seat": 1, "slots": [3, 4], "cards": ["B5", "P4"]},
        THREE,
        "Bob looked at cards 4 and 5 from the left to bid (blue 5, purple 4)",
        "Bob hat sich für die Ansage die Karten 4 und 5 von links angesehen (Blau 5, Lila 4)",
    ),
    (
        {"kind": "trick", "winner": 2, "cards": ["O9", "R2", "R7", "O0"]},
        TWO,
        "Bob won the trick (orange 9, red 2, red 7, orange 0)",
        "Bob hat den Stich gewonnen (Orange 9, Rot 2, Rot 7, Orange 0)",
    ),
    (
        {"kind": "score", "round": 2, "points": [7, 5, 0], "cancel": "none"},
        THREE,
        "Round 2 scores: Ann 7, Bob 5, Cy 0",
        "Runde 2, Punkte: Ann 7, Bob 5, Cy 0",
    ),
    (
        {"kind": "score", "round": 1, "points": [5, None, 0, None], "cancel": "tricks"},
        TWO,
        "Round 1 scores: Ann 5, Bob 0 (a side player met its bid: no trick points)",
        "Runde 1, Punkte: Ann 5, Bob 0 (ein Seitenspieler hat seine Ansage erfüllt: "
        "keine Stichpunkte)",
    ),
    (
        {"kind": "score", "round": 3, "points": [0, None, 0, None], "cancel": "all"},
        TWO,
        "Round 3 scores: Ann 0, Bob 0 (both side players met their bids: no points)",
        "Runde 3, Punkte: Ann 0, Bob 0 (beide Seitenspieler haben ihre Ansage erfüllt: "
        "keine Punkte)",
    ),
    (
        {"kind": "extra-round"},
        THREE,
        "Still tied after the tie-break: another round is played",
        "Auch nach dem Stechen noch Gleichstand: Es wird eine weitere Runde gespielt",
    ),
    (
        {"kind": "over", "winner": 2, "tie_break": None},
        THREE,
        "Game over: Cy wins",
        "Spielende: Cy gewinnt",
    ),
    (
        {"kind": "over", "winner": 1, "tie_break": "bid"},
        THREE,
        "Game over: Bob wins the tie by meeting the last bid with the fewest tricks",
        "Spielende: Bob gewinnt den Gleichstand mit der erfüllten letzten Ansage und den "
        "wenigsten Stichen",
    ),
]
KINDS = [f"{event['kind']}-{index}" for index, (event, *_) in enumerate(EVENTS)]


@pytest.mark.parametrize(("event", "names", "english", "_german"), EVENTS, ids=KINDS)
def test_each_event_reads_in_english(
    event: XylotarEvent, names: list[str], english: str, _german: str
) -> None:
    assert event_text(event, names) == english


@pytest.mark.parametrize(("event", "names", "_english", "words"), EVENTS, ids=KINDS)
def test_each_event_reads_in_german(
    german: None, event: XylotarEvent, names: list[str], _english: str, words: str
) -> None:
    assert event_text(event, names) == words


def test_every_kind_of_event_has_its_words_checked() -> None:
    assert {event["kind"] for event, *_ in EVENTS} == {
        "round",
        "sorted",
        "bid",
        "side-bid",
        "last-card-bid",
        "play",
        "peek",
        "trick",
        "score",
        "extra-round",
        "over",
    }


REFUSALS: list[tuple[str, dict[str, Any], str, str]] = [
    ("not-to-act", {"seat": 1}, "It is Bob's turn.", "Bob ist am Zug."),
    ("game-over", {}, "The game is over.", "Das Spiel ist vorbei."),
    (
        "follow-colour",
        {"colour": "B"},
        "Follow blue: play a blue card.",
        "Du musst Blau bedienen: Spiel eine Karte in Blau.",
    ),
    (
        "sort-highest-value",
        {"value": 5, "colours": ["Y", "G", "T"]},
        "The next value is 5: choose yellow, green or turquoise.",
        "Als Nächstes kommt der Wert 5: Wähle Gelb, Grün oder Türkis.",
    ),
    (
        "lead-not-leftmost",
        {},
        "The leader may not lead the leftmost card, except in the last trick.",
        "Wer anspielt, darf die linke Karte nicht anspielen, außer im letzten Stich.",
    ),
    (
        "bid-peeked-slot",
        {"seat": 0, "slots": [2, 4]},
        "Bid one of the two cards you looked at: card 3 or 5 from the left.",
        "Sag eine der beiden angesehenen Karten an: Karte 3 oder 5 von links.",
    ),
    (
        "no-such-slot",
        {"slot": 20, "count": 13},
        "There is no such card: the xylotar has 13 cards.",
        "Diese Karte gibt es nicht: Das Xylotar hat 13 Karten.",
    ),
    (
        "no-such-slot",
        {"slot": 3, "count": 1},
        "There is no such card: the xylotar has 1 card.",
        "Diese Karte gibt es nicht: Das Xylotar hat 1 Karte.",
    ),
]


CODES = [f"{code}-{index}" for index, (code, *_) in enumerate(REFUSALS)]


@pytest.mark.parametrize(("code", "fields", "english", "_german"), REFUSALS, ids=CODES)
def test_a_refusal_reads_in_english(
    code: str, fields: dict[str, Any], english: str, _german: str
) -> None:
    assert refusal_text(code, fields, THREE) == english


@pytest.mark.parametrize(("code", "fields", "_english", "words"), REFUSALS, ids=CODES)
def test_a_refusal_reads_in_german(
    german: None, code: str, fields: dict[str, Any], _english: str, words: str
) -> None:
    assert refusal_text(code, fields, THREE) == words


SAMPLE_FIELDS: dict[str, dict[str, Any]] = {
    "not-to-act": {"seat": 1},
    "game-over": {},
    "sort-now": {"seat": 0, "holder": 1},
    "sort-highest-value": {"value": 3, "colours": ["R", "K"]},
    "play-now": {"seat": 0},
    "no-such-slot": {"slot": 15, "count": 15},
    "slot-played": {"slot": 0},
    "bid-never-played": {"slot": 7},
    "lead-not-leftmost": {},
    "follow-colour": {"colour": "P"},
    "bid-peeked-slot": {"seat": 0, "slots": [1, 2]},
    "peek-before-bid": {},
    "peek-neighbours": {"slots": [0, 4]},
    "bid-or-pass": {"seat": 0},
}


def test_every_refusal_code_of_the_rules_has_words() -> None:
    assert set(SAMPLE_FIELDS) | {"not-legal", "bad-action"} == set(get_args(RefusalCode))
    for code, fields in SAMPLE_FIELDS.items():
        said = refusal_text(code, fields, THREE)
        assert said and code not in said


def test_a_refusal_of_the_engine_is_said_to_the_player() -> None:
    game = Xylotar()
    state = game.new_game(THREE, 0, dealer=2)
    (sorter,) = game.to_act(state)
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, sorter, Play(0))
    holder = state.jobs[0][1]
    assert refusal("xylotar", caught.value, THREE) == (
        f"You are sorting {THREE[holder]}'s xylotar: choose a colour."
    )


def test_the_refusals_every_game_shares_are_left_to_the_common_words() -> None:
    assert refusal_text("not-legal", {}, THREE) is None
    assert refusal_text("bad-action", {"field": "slot", "value": "'x'"}, THREE) is None


STATUSES: list[tuple[dict[str, Any], str, str]] = [
    (
        {"phase": "sort", "round": 1, "holder": "Bob", "side": False},
        "Round 1 · sorting Bob's xylotar",
        "Runde 1 · das Xylotar von Bob wird sortiert",
    ),
    (
        {"phase": "sort", "round": 1, "holder": "East", "side": True},
        "Round 1 · sorting East's xylotar",
        "Runde 1 · das Xylotar von Ost wird sortiert",
    ),
    (
        {"phase": "sort", "round": 1, "holder": "East (side)", "side": True},
        "Round 1 · sorting East (side)'s xylotar",
        "Runde 1 · das Xylotar von Ost (Seite) wird sortiert",
    ),
    (
        {"phase": "sort", "round": 1, "holder": "East", "side": False},
        "Round 1 · sorting East's xylotar",
        "Runde 1 · das Xylotar von East wird sortiert",
    ),
    (
        {"phase": "sort", "round": 1, "holder": "East"},
        "Round 1 · sorting East's xylotar",
        "Runde 1 · das Xylotar von East wird sortiert",
    ),
    (
        {"phase": "play", "round": 2, "trick": 3, "tricks": 12, "bidder": None},
        "Round 2 · trick 3 of 12",
        "Runde 2 · Stich 3 von 12",
    ),
    (
        {"phase": "play", "round": 1, "trick": 1, "tricks": 12, "bidder": "Ann"},
        "Round 1 · trick 1 of 12 · Ann may bid",
        "Runde 1 · Stich 1 von 12 · Ann darf ansagen",
    ),
    ({"phase": "over", "winner": "Cy"}, "Over · Cy won", "Vorbei · Cy hat gewonnen"),
]


@pytest.mark.parametrize(
    ("facts", "english", "words"),
    STATUSES,
    ids=[
        "sort",
        "sort-side-player",
        "sort-side-player-marked",
        "sort-player-called-east",
        "sort-saved-before-sides-were-said",
        "play",
        "bid",
        "over",
    ],
)
def test_the_save_list_status_reads_in_both_languages(
    facts: dict[str, Any], english: str, words: str
) -> None:
    assert status_text(facts) == english
    i18n.use("de")
    try:
        assert status_text(facts) == words
    finally:
        i18n.use("en")


def _reason(tie_break: str | None, extra: int) -> dict[str, Any]:
    return {
        "kind": "most-points",
        "winner": 0,
        "points": 23,
        "tie_break": tie_break,
        "extra_rounds": extra,
    }


REASONS: list[tuple[dict[str, Any], str, str]] = [
    (_reason(None, 0), "Ann has the most points (23)", "Ann hat die meisten Punkte (23)"),
    (
        _reason("bid", 0),
        "Ann has the most points (23), tied, and met the last bid with the fewest tricks",
        "Ann hat die meisten Punkte (23), punktgleich mit anderen, und hat die letzte Ansage "
        "mit den wenigsten Stichen erfüllt",
    ),
    (
        _reason(None, 1),
        "Ann has the most points (23), after 1 extra round to break a tie",
        "Ann hat die meisten Punkte (23), nach 1 Extrarunde zum Auflösen des Gleichstands",
    ),
    (
        _reason("bid", 2),
        "Ann has the most points (23), tied, and met the last bid with the fewest tricks, "
        "after 2 extra rounds to break a tie",
        "Ann hat die meisten Punkte (23), punktgleich mit anderen, und hat die letzte Ansage "
        "mit den wenigsten Stichen erfüllt, nach 2 Extrarunden zum Auflösen des Gleichstands",
    ),
]


@pytest.mark.parametrize(
    ("reason", "english", "words"),
    REASONS,
    ids=["points", "tie-break", "extra-round", "tie-break-after-extra-rounds"],
)
def test_why_the_game_ended_reads_in_both_languages(
    reason: dict[str, Any], english: str, words: str
) -> None:
    assert reason_text(reason, THREE) == english
    i18n.use("de")
    try:
        assert reason_text(reason, THREE) == words
    finally:
        i18n.use("en")


def test_the_session_log_says_each_entry_in_the_players_language(store: SaveStore) -> None:
    session = GameSession.create(store, "xylotar", players("Ann,Bob,Cy"), 1, name="words")
    while session.view(None)["phase"] == "sort":
        (seat,) = session.to_act()
        session.apply(seat, session.legal(seat)[0])
    (seat,) = session.to_act()
    session.apply(seat, next(a for a in session.legal(seat) if isinstance(a, Play)))
    english = session.log(None)[-1]["text"]
    i18n.use("de")
    try:
        german_text = session.log(None)[-1]["text"]
    finally:
        i18n.use("en")
    assert english.startswith(f"{THREE[seat]} played ")
    assert german_text.startswith(f"{THREE[seat]} hat ") and german_text.endswith(" gespielt")

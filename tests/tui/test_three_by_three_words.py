"""3 x 3 in words: every kind of event, refusal, status and end of game reads right in
English and in German, from the engine's typed data."""

from __future__ import annotations

from typing import Any, get_args

import pytest

from rules import IllegalAction
from rules.three_by_three import Play, RefusalCode
from saves import SaveStore
from tui.games.three_by_three.pile import need_text as pile_need_text
from tui.games.three_by_three.words import (
    card_text,
    event_text,
    need_text,
    reason_text,
    refusal_text,
    status_text,
)
from tui.words import refusal

from tui_helpers import new_session

NAMES = ["Ann", "Bob", "Cy"]


def play(source: str, cards: list[str], burn: str | None = None, burned: int = 0) -> dict:
    """A play event of Ann's."""
    return {
        "kind": "play",
        "seat": 0,
        "source": source,
        "cards": cards,
        "burn": burn,
        "burned": burned,
        "again": burn is not None,
    }


EVENTS: list[tuple[str, dict[str, Any], str, str]] = [
    (
        "deal",
        {"kind": "deal", "dealer": 2, "first": 0},
        "Cy dealt. Tour 1: each player chooses 3 face-up cards, Ann first",
        "Cy hat ausgeteilt. Tour 1: Alle wählen ihre 3 offenen Karten, Ann beginnt",
    ),
    (
        "swap",
        {"kind": "swap", "seat": 0, "cards": ["5H", "9C", "QS"]},
        "Ann put 5♥ 9♣ Q♠ face up",
        "Ann hat 5♥ 9♣ D♠ offen ausgelegt",
    ),
    (
        "start of tour 2",
        {"kind": "start", "first": 1, "tour": 2},
        "Tour 2 begins: Bob plays first",
        "Tour 2 beginnt: Bob spielt zuerst",
    ),
    (
        "start in tour 3",
        {"kind": "start", "first": 1, "tour": 3},
        "The draw pile is empty: tour 3 begins — Bob plays first",
        "Der Abhebestapel ist leer: Tour 3 beginnt — Bob spielt zuerst",
    ),
    (
        "play from the hand",
        play("hand", ["JD", "JH"]),
        "Ann played J♦ J♥",
        "Ann hat B♦ B♥ gespielt",
    ),
    (
        "play of a 7",
        play("hand", ["7D"]),
        "Ann played 7♦ — next play 7 or lower",
        "Ann hat 7♦ gespielt — als Nächstes 7 oder niedriger",
    ),
    (
        "play of a 2",
        play("hand", ["2C"]),
        "Ann played 2♣ — any card may follow",
        "Ann hat 2♣ gespielt — jede Karte darf folgen",
    ),
    (
        "play from the face-up cards",
        play("face-up", ["9C", "9D"]),
        "Ann played face-up 9♣ 9♦",
        "Ann hat 9♣ 9♦ von den offenen Karten gespielt",
    ),
    (
        "face-down card that fits",
        play("face-down", ["KC"]),
        "Ann turned up a face-down K♣ and played it",
        "Ann hat die verdeckte Karte K♣ aufgedeckt und gespielt",
    ),
    (
        "a 10 burns the pile",
        play("hand", ["TS"], "ten", 1),
        "Ann played 10♠ and burned the pile (1 card) — Ann plays again",
        "Ann hat 10♠ gespielt und den Ablagestapel entfernt (1 Karte) — Ann spielt noch einmal",
    ),
    (
        "a face-up 10 burns the pile",
        play("face-up", ["TS"], "ten", 3),
        "Ann played face-up 10♠ and burned the pile (3 cards) — Ann plays again",
        "Ann hat 10♠ von den offenen Karten gespielt und den Ablagestapel entfernt (3 Karten)"
        " — Ann spielt noch einmal",
    ),
    (
        "a face-down 10 burns the pile",
        play("face-down", ["TS"], "ten", 3),
        "Ann turned up a face-down 10♠ and burned the pile (3 cards) — Ann plays again",
        "Ann hat die verdeckte Karte 10♠ aufgedeckt und den Ablagestapel entfernt (3 Karten)"
        " — Ann spielt noch einmal",
    ),
    (
        "the play that completes a run",
        play("hand", ["9S"], "run", 4),
        "Ann played 9♠",
        "Ann hat 9♠ gespielt",
    ),
    (
        "a run of number cards burns the pile",
        {"kind": "run", "seat": 0, "rank": "9", "count": 4, "burned": 4, "again": True},
        "Four 9s in a row: the pile burns (4 cards) — Ann plays again",
        "Vier 9er in Folge: Der Ablagestapel wird entfernt (4 Karten) — Ann spielt noch einmal",
    ),
    (
        "a run of queens burns the pile",
        {"kind": "run", "seat": 0, "rank": "Q", "count": 5, "burned": 6, "again": False},
        "Five queens in a row: the pile burns (6 cards)",
        "Fünf Damen in Folge: Der Ablagestapel wird entfernt (6 Karten)",
    ),
    (
        "the drawer's own draw",
        {"kind": "draw", "seat": 0, "count": 2, "cards": ["4C", "AD"]},
        "Ann drew 4♣ A♦",
        "Ann hat 4♣ A♦ gezogen",
    ),
    (
        "another's draw of one card",
        {"kind": "draw", "seat": 0, "count": 1},
        "Ann drew 1 card",
        "Ann hat eine Karte gezogen",
    ),
    (
        "another's draw of cards",
        {"kind": "draw", "seat": 0, "count": 2},
        "Ann drew 2 cards",
        "Ann hat 2 Karten gezogen",
    ),
    (
        "the draw pile runs out",
        {"kind": "tour-3"},
        "The draw pile is empty: tour 3 begins",
        "Der Abhebestapel ist leer: Tour 3 beginnt",
    ),
    (
        "taking one card",
        {"kind": "take", "seat": 1, "count": 1},
        "Bob could not play and took the pile (1 card)",
        "Bob konnte nicht spielen und hat den Ablagestapel aufgenommen (1 Karte)",
    ),
    (
        "taking the pile",
        {"kind": "take", "seat": 1, "count": 2},
        "Bob could not play and took the pile (2 cards)",
        "Bob konnte nicht spielen und hat den Ablagestapel aufgenommen (2 Karten)",
    ),
    (
        "face-down card that does not fit",
        {"kind": "miss", "seat": 1, "card": "5C", "count": 4},
        "Bob turned up a face-down 5♣: it does not fit — Bob takes the pile (4 cards)",
        "Bob hat die verdeckte Karte 5♣ aufgedeckt: Sie passt nicht — "
        "Bob nimmt den Ablagestapel auf (4 Karten)",
    ),
    (
        "out of cards",
        {"kind": "out", "seat": 1, "place": 2},
        "Bob is out in 2nd place",
        "Bob ist raus und belegt den 2. Platz",
    ),
    (
        "the end",
        {"kind": "over", "loser": 2},
        "Game over: Cy holds the last cards and loses",
        "Spielende: Cy hat die letzten Karten und verliert",
    ),
    (
        "the end by repetition",
        {"kind": "repeat", "seats": [0, 2], "place": 2},
        "Game over: the same position came round a third time. "
        "Ann and Cy share 2nd place; nobody loses",
        "Spielende: Dieselbe Stellung kam zum dritten Mal. "
        "Ann und Cy teilen sich den 2. Platz; niemand verliert",
    ),
]


@pytest.mark.parametrize(
    ("event", "english"), [(e[1], e[2]) for e in EVENTS], ids=[e[0] for e in EVENTS]
)
def test_each_event_reads_right_in_english(event: dict[str, Any], english: str) -> None:
    assert event_text(event, NAMES) == english


@pytest.mark.parametrize(
    ("event", "words"), [(e[1], e[3]) for e in EVENTS], ids=[e[0] for e in EVENTS]
)
def test_each_event_reads_right_in_german(german: None, event: dict[str, Any], words: str) -> None:
    assert event_text(event, NAMES) == words


def test_every_kind_of_event_has_its_words() -> None:
    kinds = {event["kind"] for _, event, _, _ in EVENTS}
    assert kinds == {
        "deal",
        "swap",
        "start",
        "play",
        "run",
        "draw",
        "tour-3",
        "take",
        "miss",
        "out",
        "over",
        "repeat",
    }


def test_in_german_jack_queen_king_and_ace_are_b_d_k_a(german: None) -> None:
    assert [card_text(card) for card in ("JC", "QD", "KH", "AS", "TC", "2D")] == [
        "B♣",
        "D♦",
        "K♥",
        "A♠",
        "10♣",
        "2♦",
    ]


NEEDS: list[tuple[str | None, str, str]] = [
    (None, "any card", "jede Karte"),
    ("2", "any card", "jede Karte"),
    ("7", "7 or lower, or a 10", "7 oder niedriger, oder eine 10"),
    ("9", "9 or higher, or a 2 or 10", "9 oder höher, oder eine 2 oder 10"),
    ("Q", "Q or higher, or a 2 or 10", "D oder höher, oder eine 2 oder 10"),
    ("A", "A, or a 2 or 10", "A, oder eine 2 oder 10"),
]


@pytest.mark.parametrize(("top", "english"), [(n[0], n[1]) for n in NEEDS])
def test_what_the_next_play_needs_is_said_from_the_top_rank(top: str | None, english: str) -> None:
    assert need_text(top) == english


@pytest.mark.parametrize(("top", "words"), [(n[0], n[2]) for n in NEEDS])
def test_what_the_next_play_needs_is_said_in_german(
    german: None, top: str | None, words: str
) -> None:
    assert need_text(top) == words


REFUSALS: list[tuple[str, dict[str, Any], str, str]] = [
    (
        "does-not-fit",
        {"cards": ["4S"], "top": "9H"},
        "4♠ does not fit on 9♥: next play 9 or higher, or a 2 or 10.",
        "4♠ passt nicht auf 9♥: als Nächstes 9 oder höher, oder eine 2 oder 10.",
    ),
    (
        "does-not-fit",
        {"cards": ["8C", "8D"], "top": "7H"},
        "8♣ 8♦ do not fit on 7♥: next play 7 or lower, or a 10.",
        "8♣ 8♦ passen nicht auf 7♥: als Nächstes 7 oder niedriger, oder eine 10.",
    ),
    (
        "can-play",
        {"seat": 1},
        "Bob can play, so Bob may not take the pile.",
        "Bob kann spielen und darf den Ablagestapel deshalb nicht aufnehmen.",
    ),
    (
        "hand-empty",
        {"seat": 0},
        "Ann's hand is empty: play from the face-up cards.",
        "Ann hat keine Handkarten mehr: Spiele von den offenen Karten.",
    ),
    (
        "not-held",
        {"card": "QS", "where": "hand-or-face-up"},
        "Q♠ is not among the hand or face-up cards.",
        "D♠ ist weder unter den Handkarten noch unter den offenen Karten.",
    ),
    (
        "face-up-count",
        {"count": 2},
        "Choose exactly 3 face-up cards, not 2.",
        "Wähle genau 3 offene Karten, nicht 2.",
    ),
    (
        "out-of-order",
        {"cards": ["9H", "JS"]},
        "List the cards in order: 9♥ J♠.",
        "Nenne die Karten der Reihe nach: 9♥ B♠.",
    ),
    (
        "tour-1-choose",
        {"seat": 2},
        "Tour 1: Cy first chooses 3 face-up cards.",
        "Tour 1: Cy wählt zuerst 3 offene Karten.",
    ),
    (
        "face-down-now",
        {"seat": 0},
        "Ann has no hand or face-up cards left and turns up a face-down card.",
        "Ann hat keine Handkarten und keine offenen Karten mehr und deckt eine verdeckte "
        "Karte auf.",
    ),
    (
        "hand-first",
        {},
        "Face-up cards are played only once the hand is empty.",
        "Offene Karten werden erst gespielt, wenn keine Handkarten mehr da sind.",
    ),
]


@pytest.mark.parametrize(
    ("code", "fields", "english"),
    [(r[0], r[1], r[2]) for r in REFUSALS],
    ids=[f"{r[0]}-{i}" for i, r in enumerate(REFUSALS)],
)
def test_a_refusal_says_the_rule_in_english(
    code: str, fields: dict[str, Any], english: str
) -> None:
    assert refusal_text(code, fields, NAMES) == english


@pytest.mark.parametrize(
    ("code", "fields", "words"),
    [(r[0], r[1], r[3]) for r in REFUSALS],
    ids=[f"{r[0]}-{i}" for i, r in enumerate(REFUSALS)],
)
def test_a_refusal_says_the_rule_in_german(
    german: None, code: str, fields: dict[str, Any], words: str
) -> None:
    assert refusal_text(code, fields, NAMES) == words


def test_every_refusal_code_of_the_engine_has_words_or_is_shared() -> None:
    shared = {"not-to-act", "bad-action", "not-legal"}
    fields: dict[str, Any] = {
        "keys": ["type"],
        "card": "AS",
        "where": "hand",
        "slot": 1,
        "source": "pocket",
        "cards": ["4S"],
        "top": "9H",
        "count": 2,
        "seat": 0,
        "turn": 1,
    }
    for code in get_args(RefusalCode):
        said = refusal_text(code, fields, NAMES)
        assert (said is None) == (code in shared), code


def test_the_screen_words_an_engine_refusal(store: SaveStore) -> None:
    session = new_session(store, "Ann,Bob")
    (seat,) = session.to_act()
    with pytest.raises(IllegalAction) as refused:
        session.apply(seat, Play("hand", ("2C", "2D")))
    said = refusal("3x3", refused.value, session.seat_names)
    assert said.startswith("Tour 1: ") and said.endswith(" first chooses 3 face-up cards.")


STATUSES: list[tuple[dict[str, Any], str, str]] = [
    (
        {"phase": "swap", "ready": 1, "players": 3},
        "Tour 1 · 1 of 3 ready",
        "Tour 1 · 1 von 3 bereit",
    ),
    (
        {"phase": "play", "tour": 2, "pile": 4, "draw": 20, "out": 0},
        "Tour 2 · pile 4 · draw 20",
        "Tour 2 · Ablage 4 · Abheben 20",
    ),
    (
        {"phase": "play", "tour": 3, "pile": 0, "draw": 0, "out": 0},
        "Tour 3 · pile 0",
        "Tour 3 · Ablage 0",
    ),
    (
        {"phase": "play", "tour": 3, "pile": 5, "draw": 0, "out": 2},
        "Tour 3 · pile 5 · 2 out",
        "Tour 3 · Ablage 5 · 2 raus",
    ),
    (
        {"phase": "over", "winner": "Ann", "loser": "Bob"},
        "Over · Ann won",
        "Vorbei · Ann hat gewonnen",
    ),
    (
        {"phase": "over", "winner": "Ann", "loser": None, "shared": ["Bob", "Cy"]},
        "Over · Ann won · position repeated",
        "Vorbei · Ann hat gewonnen · Stellung wiederholt",
    ),
    (
        {"phase": "over", "winner": None, "loser": None, "shared": ["Ann", "Bob"]},
        "Over · position repeated · all share 1st",
        "Vorbei · Stellung wiederholt · alle teilen Platz 1",
    ),
]


@pytest.mark.parametrize(("facts", "english"), [(f[0], f[1]) for f in STATUSES])
def test_the_save_list_says_where_a_game_stands(facts: dict[str, Any], english: str) -> None:
    assert status_text(facts) == english


@pytest.mark.parametrize(("facts", "words"), [(f[0], f[2]) for f in STATUSES])
def test_the_save_list_says_where_a_game_stands_in_german(
    german: None, facts: dict[str, Any], words: str
) -> None:
    assert status_text(facts) == words


END = {"kind": "first-out", "winner": 1, "loser": 0}


def test_the_end_says_who_got_rid_of_the_cards_first_and_who_held_the_last() -> None:
    assert reason_text(END, NAMES) == "Bob got rid of all cards first; Ann held the last cards"


def test_the_end_says_it_in_german(german: None) -> None:
    assert reason_text(END, NAMES) == (
        "Bob ist zuerst alle Karten losgeworden; Ann hatte die letzten Karten"
    )


REPEATED = {"kind": "repetition", "winner": 1, "seats": [0, 2], "place": 2}


def test_the_end_by_repetition_says_it_is_our_rule_and_who_shares_the_places() -> None:
    assert reason_text(REPEATED, NAMES) == (
        "Bob got rid of all cards first. The same position came round a third time: "
        "by our house rule the game ends and Ann and Cy share 2nd place"
    )


def test_the_end_by_repetition_says_it_in_german(german: None) -> None:
    assert reason_text({**REPEATED, "winner": None}, NAMES) == (
        "Dieselbe Stellung kam zum dritten Mal: Nach unserer Hausregel endet das Spiel, "
        "und Ann und Cy teilen sich den 2. Platz"
    )


def test_the_session_log_says_the_engines_events_in_words(store: SaveStore) -> None:
    session = new_session(store, "Ann,Bob")
    (entry,) = session.log(None)
    dealer, first = entry["event"]["dealer"], entry["event"]["first"]
    names = session.seat_names
    assert entry["text"] == (
        f"{names[dealer]} dealt. Tour 1: each player chooses 3 face-up cards, {names[first]} first"
    )


def test_under_the_7_rule_the_pile_says_what_may_follow_once_and_marked() -> None:
    view: Any = {"restriction": "seven", "top_run": {"rank": "7", "count": 1}}
    said = pile_need_text(view)
    assert said.plain == "Next: 7 or lower, or a 10"
    assert any("reverse" in str(span.style) for span in said.spans)

"""Why a table cannot be set up, said in the player's language: every setup error the
engines raise (a code and its facts) reads as a sentence in English and in German, so no
player ever reads a bare code; an unknown game names the games there are."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from rules import SetupError, UnknownGame, get_game
from rules.catalog import CATALOG
from rules.names import name_problem
from rules.three_by_three_cards import FULL_DECK
from rules.xoxo_tiles import ALL_TILES
from rules.xylotar import deck_for
from tui import i18n
from tui.words.setup import all_setup_words, name_problem_text, setup_text, unknown_game_text

RULES = Path(__file__).resolve().parents[2] / "rules"
XOXO, THREE, STONES, XYLOTAR = (get_game(g) for g in ("xoxo", "3x3", "shifting-stones", "xylotar"))
TWO = ["Ann", "Bob"]
PLAIN = [("sun", "moon"), ("fish", "bird"), ("fish", "bird")] + [("horse", "boat")] * 3
PLAIN += [("seed", "tree")] * 3
XYLOTAR_CARDS = deck_for(3)
HAND = len(XYLOTAR_CARDS) // 3

SITUATIONS: list[tuple[str, Callable[[], object], str, str]] = [
    (
        "one player at XOXO",
        lambda: XOXO.check_new_players(["Ann"]),
        "XOXO needs 2 to 4 players, not 1",
        "XOXO braucht 2 bis 4 Spieler, nicht 1",
    ),
    (
        "a blank name",
        lambda: XOXO.check_players(["Ann", " "]),
        "player names must not be empty",
        "Spielernamen dürfen nicht leer sein",
    ),
    (
        "a saved name with a control character",
        lambda: XOXO.check_players(["Ann\x07", "Bob"]),
        "player name 'Ann\\x07' has control characters",
        "der Spielername 'Ann\\x07' enthält Steuerzeichen",
    ),
    (
        "a saved name of 100 letters",
        lambda: XOXO.check_players(["A" * 100, "Bob"]),
        f"player name '{'A' * 29}…' is too long (more than 96 characters)",
        f"der Spielername '{'A' * 29}…' ist zu lang (mehr als 96 Zeichen)",
    ),
    (
        "two players called alike",
        lambda: XOXO.check_new_players(["Ann", "ann"]),
        "two players are called 'ann'",
        "zwei Spieler heißen 'ann'",
    ),
    (
        "a name with a zero-width space",
        lambda: XOXO.check_new_players(["An\u200bn", "Bob"]),
        "player name 'An\\u200bn' is refused: it has an invisible character "
        "(U+200B ZERO WIDTH SPACE)",
        "der Spielername 'An\\u200bn' wird abgelehnt: er enthält ein unsichtbares Zeichen "
        "(U+200B ZERO WIDTH SPACE)",
    ),
    (
        "a new name with a control character",
        lambda: XOXO.check_new_players(["Ann\x07", "Bob"]),
        "player name 'Ann\\x07' is refused: it has a character that is not printable text (U+0007)",
        "der Spielername 'Ann\\x07' wird abgelehnt: er enthält ein Zeichen, das kein "
        "druckbarer Text ist (U+0007)",
    ),
    (
        "a name of a combining mark only",
        lambda: XOXO.check_new_players(["\u0301", "Bob"]),
        "player name '\u0301' is refused: nothing in it is visible: it is only spaces or "
        "combining marks",
        "der Spielername '\u0301' wird abgelehnt: nichts an ihm ist sichtbar: er besteht nur "
        "aus Leerzeichen oder kombinierenden Zeichen",
    ),
    (
        "a name that begins with a combining mark",
        lambda: XOXO.check_new_players(["\u0301Ann", "Bob"]),
        "player name '\u0301Ann' is refused: it begins with a combining mark, which has no "
        "letter to sit on",
        "der Spielername '\u0301Ann' wird abgelehnt: er beginnt mit einem kombinierenden "
        "Zeichen, das auf keinem Buchstaben sitzen kann",
    ),
    (
        "a name with four marks on one letter",
        lambda: XOXO.check_new_players(["Max" + "\u0301" * 4, "Bob"]),
        "player name 'Max\u0301\u0301\u0301\u0301' is refused: it piles more than 3 "
        "combining marks on one letter",
        "der Spielername 'Max\u0301\u0301\u0301\u0301' wird abgelehnt: er türmt mehr als 3 "
        "kombinierende Zeichen auf einen Buchstaben",
    ),
    (
        "a name 26 cells wide",
        lambda: XOXO.check_new_players(["李" * 13, "Bob"]),
        f"player name '{'李' * 13}' is refused: it is 26 columns wide on screen, more than 24 "
        "(a wide letter takes two)",
        f"der Spielername '{'李' * 13}' wird abgelehnt: er ist auf dem Bildschirm 26 Spalten "
        "breit, mehr als 24 (ein breiter Buchstabe braucht zwei)",
    ),
    (
        "sorting memory set to 1",
        lambda: XYLOTAR.new_game(["Ann", "Bob", "Cy"], 0, {"sorting_memory": 1}),
        "option 'sorting_memory' must be one of off, on",
        "die Option 'sorting_memory' nimmt nur einen dieser Werte: aus, an",
    ),
    (
        "an option XOXO does not have",
        lambda: XOXO.new_game(TWO, 0, {"fast": True}),
        "unknown option 'fast' for XOXO",
        "unbekannte Option 'fast' für XOXO",
    ),
    (
        "a seed that is text",
        lambda: XOXO.new_game(TWO, "7"),  # type: ignore[arg-type]
        "the seed must be a whole number, not '7'",
        "der Startwert muss eine ganze Zahl sein, nicht '7'",
    ),
    (
        "a start player beyond the seats",
        lambda: XOXO.new_game(TWO, 0, start=2),
        "the start player must be one of the seats 0, 1, not 2",
        "der Startspieler muss auf einem der Plätze 0, 1 sitzen, nicht 2",
    ),
    (
        "a 3 x 3 dealer beyond the seats",
        lambda: THREE.new_game(TWO, 0, dealer=2),
        "the dealer must be one of the seats 0, 1, not 2",
        "der Austeiler muss auf einem der Plätze 0, 1 sitzen, nicht 2",
    ),
    (
        "a 3 x 3 repetition rule that is neither on nor off",
        lambda: THREE.new_game(TWO, 0, repetition="yes"),
        "the repetition rule is on (True) or off (False), not 'yes'",
        "die Wiederholungsregel ist an (True) oder aus (False), nicht 'yes'",
    ),
    (
        "a side player as the Xylotar dealer",
        lambda: XYLOTAR.new_game(TWO, 0, dealer=1),
        "the dealer must be one of the seats 0, 2, not 1",
        "der Austeiler muss auf einem der Plätze 0, 2 sitzen, nicht 1",
    ),
    (
        "XOXO tiles as one text",
        lambda: XOXO.new_game(TWO, 0, tiles="ROS"),
        "the tiles must be a list of all 48 tile codes, such as 'ROS'",
        "die Plättchen müssen eine Liste aller 48 Plättchen-Codes sein, etwa 'ROS'",
    ),
    (
        "a tile that does not exist",
        lambda: XOXO.new_game(TWO, 0, tiles=["ROH", *ALL_TILES[1:]]),
        "the tiles hold 'ROH', which is not a tile (colour RYGB, shape OXST, face HSAU)",
        "die Plättchen enthalten 'ROH', und das ist kein Plättchen (Farbe RYGB, Form OXST, "
        "Gesicht HSAU)",
    ),
    (
        "a tile twice",
        lambda: XOXO.new_game(TWO, 0, tiles=[*ALL_TILES[:-1], "ROS"]),
        "the tiles hold ROS 2 times",
        "die Plättchen enthalten ROS 2-mal",
    ),
    (
        "two tiles left out",
        lambda: XOXO.new_game(TWO, 0, tiles=list(ALL_TILES[:-2])),
        "the tiles must be all 48 tiles; missing: BTS BTU",
        "es müssen alle 48 Plättchen sein; es fehlen: BTS BTU",
    ),
    (
        "targets as one text",
        lambda: XOXO.new_game(TWO, 0, targets="red"),
        "the targets must be a list per seat of target values such as 'red'",
        "die Zielkarten müssen je Platz eine Liste von Zielwerten sein, etwa 'red'",
    ),
    (
        "targets for one seat of two",
        lambda: XOXO.new_game(TWO, 0, targets=[["red", "circle", "happy"]]),
        "the targets must be one list per seat (2), not 1",
        "die Zielkarten müssen eine Liste je Platz sein (2), nicht 1",
    ),
    (
        "a seat's targets as one text",
        lambda: XOXO.new_game(TWO, 0, targets=["red", "blue"]),
        "the targets of seat 0 must be a list of values, not 'red'",
        "die Zielkarten von Platz 0 müssen eine Liste von Werten sein, nicht 'red'",
    ),
    (
        "two targets where there are three",
        lambda: XOXO.new_game(TWO, 0, targets=[["red", "circle"], ["blue", "sad", "cross"]]),
        "with 2 players each seat has 3 targets; seat 0 has 2",
        "bei 2 Spielern hat jeder Platz 3 Zielkarten; Platz 0 hat 2",
    ),
    (
        "a target value that does not exist",
        lambda: XOXO.new_game(
            TWO, 0, targets=[["red", "circle", "pink"], ["blue", "sad", "cross"]]
        ),
        "'pink' is not a target value (such as 'red', 'circle', 'sad')",
        "'pink' ist kein Zielwert (etwa 'red', 'circle', 'sad')",
    ),
    (
        "a target dealt twice",
        lambda: XOXO.new_game(TWO, 0, targets=[["red", "circle", "sad"], ["blue", "sad", "cross"]]),
        "the target sad is dealt twice",
        "die Zielkarte traurig ist zweimal ausgeteilt",
    ),
    (
        "a 3 x 3 deck as one text",
        lambda: THREE.new_game(TWO, 0, deck="2C 3C"),
        "the deck must be a list of cards such as ['TH', '7C']",
        "der Kartenstapel muss eine Liste von Karten sein, etwa ['TH', '7C']",
    ),
    (
        "a card that does not exist",
        lambda: THREE.new_game(TWO, 0, deck=[*FULL_DECK[:17], "XX"]),
        "the deck holds 'XX', which is not a card (such as 'TH', '7C', 'AS')",
        "der Kartenstapel enthält 'XX', und das ist keine Karte (etwa 'TH', '7C', 'AS')",
    ),
    (
        "a card twice in one deck",
        lambda: THREE.new_game(TWO, 0, deck=[*FULL_DECK[:17], "2C"]),
        "the deck holds 2C 2 times, but 2 players use one deck",
        "der Kartenstapel enthält 2C 2-mal, aber 2 Spieler spielen mit einem Kartendeck",
    ),
    (
        "a card three times in two decks",
        lambda: THREE.new_game([f"P{i}" for i in range(6)], 0, deck=[*FULL_DECK, "2C", "2C"]),
        "the deck holds 2C 3 times, but 6 players use 2 decks",
        "der Kartenstapel enthält 2C 3-mal, aber 6 Spieler spielen mit 2 Kartendecks",
    ),
    (
        "17 cards for two players",
        lambda: THREE.new_game(TWO, 0, deck=list(FULL_DECK[:17])),
        "the deck has 17 cards; 2 players need at least 18",
        "der Kartenstapel hat 17 Karten; 2 Spieler brauchen mindestens 18",
    ),
    (
        "no cards for the solo game",
        lambda: STONES.new_game(["Ann"], 0, deck=[], edition=1),
        "the deck has 0 cards; 1 player needs at least 1",
        "der Kartenstapel hat 0 Karten; 1 Spieler braucht mindestens 1",
    ),
    (
        "an edition of the cards that does not exist",
        lambda: STONES.new_game(TWO, 0, edition=3),
        "there is no edition 3 of the cards (editions: 1, 2)",
        "es gibt keine Ausgabe 3 der Karten (Ausgaben: 1, 2)",
    ),
    (
        "stones as one text",
        lambda: STONES.new_game(TWO, 0, stones="sun"),
        "the stones must be a list of 9 (up, down) pairs such as ('sun', 'moon')",
        "die Plättchen müssen eine Liste von 9 Paaren (oben, unten) sein, etwa ('sun', 'moon')",
    ),
    (
        "a stone with one side",
        lambda: STONES.new_game(TWO, 0, stones=[PLAIN[0], ("fish",), *PLAIN[2:]]),
        "the stone at top middle must be an (up, down) pair of symbols, not ('fish',)",
        "das Plättchen oben in der Mitte muss ein Paar von Symbolen (oben, unten) sein, "
        "nicht ('fish',)",
    ),
    (
        "a stone with sides of two stones",
        lambda: STONES.new_game(TWO, 0, stones=[("sun", "fish"), *PLAIN[1:]]),
        "at top left, sun and fish are not the two sides of one stone",
        "oben links sind Sonne und Fisch nicht die zwei Seiten eines Plättchens",
    ),
    (
        "two sun stones",
        lambda: STONES.new_game(TWO, 0, stones=[PLAIN[0], PLAIN[0], *PLAIN[2:]]),
        "there are 2 sun/moon stones; the game has one",
        "es gibt 2 Plättchen Sonne/Mond; das Spiel hat eines",
    ),
    (
        "a Shifting Stones deck as one text",
        lambda: STONES.new_game(TWO, 0, deck="0 1 2", edition=1),
        "the deck must be a list of card ids from 0 to 71, the top card first",
        "der Kartenstapel muss eine Liste von Kartennummern von 0 bis 71 sein, die oberste "
        "Karte zuerst",
    ),
    (
        "a card id of another edition",
        lambda: STONES.new_game(TWO, 0, deck=[*range(8), 72], edition=1),
        "the deck holds 72, which is not a card id (0 to 71)",
        "der Kartenstapel enthält 72, und das ist keine Kartennummer (0 bis 71)",
    ),
    (
        "a card id twice",
        lambda: STONES.new_game(TWO, 0, deck=[*range(8), 3], edition=1),
        "the deck holds card 3 2 times",
        "der Kartenstapel enthält die Karte 3 2-mal",
    ),
    (
        "a Xylotar deal as one text",
        lambda: XYLOTAR.new_game(["Ann", "Bob", "Cy"], 0, deal="R1 R2"),
        "the deal must be a list of 3 hands",
        "die ausgeteilten Karten müssen eine Liste von 3 Händen sein",
    ),
    (
        "a hand one card short",
        lambda: XYLOTAR.new_game(
            ["Ann", "Bob", "Cy"],
            0,
            deal=[XYLOTAR_CARDS[: HAND - 1], XYLOTAR_CARDS[HAND - 1 :][: HAND + 1], ["Y1"]],
        ),
        "the hand of seat 0 has 12 cards, not 13",
        "die Hand von Platz 0 hat 12 Karten, nicht 13",
    ),
    (
        "one hand dealt twice",
        lambda: XYLOTAR.new_game(
            ["Ann", "Bob", "Cy"],
            0,
            deal=[XYLOTAR_CARDS[:HAND], XYLOTAR_CARDS[:HAND], XYLOTAR_CARDS[2 * HAND :]],
        ),
        "the hands must hold each of the 39 cards in play once",
        "die Hände müssen jede der 39 Karten im Spiel genau einmal enthalten",
    ),
]
"""Each setup error in a situation that raises it, as English and German players read it."""


def raised(situation: Callable[[], object]) -> SetupError:
    with pytest.raises(SetupError) as refused:
        situation()
    return refused.value


def codes_in(pattern: str) -> set[str]:
    """The codes the rules' source raises with `pattern` (a call with a literal code)."""
    found = re.compile(pattern + r"\(\s*\"([a-z0-9-]+)\"")
    return {code for path in RULES.rglob("*.py") for code in found.findall(path.read_text())}


@pytest.mark.parametrize(
    ("situation", "english"), [(s[1], s[2]) for s in SITUATIONS], ids=[s[0] for s in SITUATIONS]
)
def test_a_setup_error_reads_in_english(situation: Callable[[], object], english: str) -> None:
    assert setup_text(raised(situation)) == english


@pytest.mark.parametrize(
    ("situation", "words"), [(s[1], s[3]) for s in SITUATIONS], ids=[s[0] for s in SITUATIONS]
)
def test_a_setup_error_reads_in_german(
    german: None, situation: Callable[[], object], words: str
) -> None:
    assert setup_text(raised(situation)) == words


def test_the_situations_raise_every_setup_code_the_rules_have() -> None:
    raised_codes = {raised(situation).code for _, situation, _, _ in SITUATIONS}
    assert raised_codes == codes_in("SetupError")


def test_the_situations_refuse_a_name_by_every_rule_for_names_but_emptiness() -> None:
    problems = {raised(situation).fields.get("problem") for _, situation, _, _ in SITUATIONS} - {
        None
    }
    assert problems == codes_in("NameProblem") - {"empty"}


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_setup_code_the_rules_raise_has_words(language: str) -> None:
    i18n.use(language)
    assert codes_in("SetupError") <= set(all_setup_words())
    for _, situation, _, _ in SITUATIONS:
        error = raised(situation)
        assert setup_text(error) != error.code


def test_an_empty_name_is_said_empty() -> None:
    problem = name_problem("")
    assert problem is not None
    assert name_problem_text(problem.code, problem.fields) == "it is empty"


def test_an_empty_name_is_said_empty_in_german(german: None) -> None:
    problem = name_problem("")
    assert problem is not None
    assert name_problem_text(problem.code, problem.fields) == "er ist leer"


def test_a_sentence_the_app_said_itself_is_shown_as_it_is() -> None:
    assert setup_text(SetupError("the seed must be between 0 and 9")) == (
        "the seed must be between 0 and 9"
    )


@pytest.mark.parametrize("name", ["\u3164", "A" * 200, "Bob\x1b]0;owned\x07", "\u0301"])
def test_a_refused_name_reads_as_one_line_that_quotes_it_safely(name: str) -> None:
    message = setup_text(raised(lambda: XOXO.check_new_players([name, "Bob"])))

    assert "\n" not in message and "\x1b" not in message and "\x07" not in message
    assert len(message) < 160


GAMES = ", ".join(CATALOG)


def test_an_unknown_game_names_the_games() -> None:
    assert unknown_game_text(UnknownGame("chess", tuple(CATALOG))) == (
        f"unknown game 'chess' (games: {GAMES})"
    )


def test_an_unknown_game_names_the_games_in_german(german: None) -> None:
    assert unknown_game_text(UnknownGame("chess", tuple(CATALOG))) == (
        f"unbekanntes Spiel 'chess' (Spiele: {GAMES})"
    )


def test_an_unknown_game_close_to_one_suggests_it() -> None:
    assert unknown_game_text(UnknownGame("xoxp", tuple(CATALOG))) == (
        f"unknown game 'xoxp'; did you mean xoxo? (games: {GAMES})"
    )


def test_an_unknown_game_close_to_one_suggests_it_in_german(german: None) -> None:
    assert unknown_game_text(UnknownGame("xoxp", tuple(CATALOG))) == (
        f"unbekanntes Spiel 'xoxp'; meintest du xoxo? (Spiele: {GAMES})"
    )


def test_the_rules_name_an_unknown_game_and_the_games_there_are() -> None:
    with pytest.raises(UnknownGame) as unknown:
        get_game("chess")
    assert (unknown.value.game, unknown.value.known) == ("chess", tuple(CATALOG))

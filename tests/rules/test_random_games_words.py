"""Every event of a random game is said in words, in English and in German, for every
seat: no field the words need is missing from the seat's record, no placeholder is left
unfilled, and every German word comes from the catalog. So are the save list's status and
why the game ended."""

from __future__ import annotations

import gettext
from typing import Any

import pytest

from rules import AnyGame
from tui import i18n
from tui.words import log_text, reason, seat_names, status

from test_random_games import NAMES, all_seats, cases, random_game


class CatalogCheck(gettext.NullTranslations):
    """The German catalog, noting each message it has no translation for."""

    def __init__(self) -> None:
        super().__init__()
        self.german = gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, ["de"])
        self.known: dict[Any, str] = getattr(self.german, "_catalog", {})
        self.missing: set[str] = set()

    def gettext(self, message: str) -> str:
        if message not in self.known:
            self.missing.add(message)
        return self.german.gettext(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        if (msgid1, 0) not in self.known:
            self.missing.add(msgid1)
        return self.german.ngettext(msgid1, msgid2, n)

    def pgettext(self, context: str, message: str) -> str:
        if f"{context}\x04{message}" not in self.known:
            self.missing.add(f"{context}: {message}")
        return self.german.pgettext(context, message)


def said_for_every_seat(game: AnyGame, state: Any, players: int) -> list[str]:
    """Each log entry as each seat reads it (the spectator too), then the status and why
    the game ended."""
    names = NAMES[:players]
    shown = seat_names(game.id, game.seat_names(names), game.player_seats(players))
    lines = [
        log_text(game.id, entry, shown)
        for seat in all_seats(game, players)
        for entry in game.log(state, seat, 0)
    ]
    lines.append(status(game.id, game.summary(state)))
    lines.append(reason(game.id, game.result(state), shown))
    return lines


def unfit(lines: list[str]) -> list[str]:
    """Lines that say nothing or leave a placeholder unfilled."""
    return sorted({line for line in lines if not line.strip() or "{" in line or "}" in line})


@pytest.mark.parametrize(("game", "players", "seed"), cases())
def test_every_event_of_a_random_game_reads_in_english_for_every_seat(
    game: AnyGame, players: int, seed: int
) -> None:
    states, _ = random_game(game, players, seed)
    assert unfit(said_for_every_seat(game, states[-1], players)) == []


@pytest.mark.parametrize(("game", "players", "seed"), cases())
def test_every_event_of_a_random_game_reads_in_german_from_the_catalog(
    game: AnyGame, players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    states, _ = random_game(game, players, seed)
    check = CatalogCheck()
    monkeypatch.setattr(i18n, "translations", lambda _: check)
    i18n.use("de")
    lines = said_for_every_seat(game, states[-1], players)
    assert (unfit(lines), sorted(check.missing)) == ([], [])

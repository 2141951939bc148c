"""What a terminal reads to keep its lists and its table up to date: a registered player's
own tables only, and of those only the ones that changed; other people's tables cost it
nothing."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from saves import SaveStore
from saves.store import Listed
from tui.model import GameSession, Tables, TurnWatch, parse_players

OTHER_TABLES = 30
"""Tables of two other players, Bob and Cy."""


@dataclass
class Reads:
    """What a store was asked to read: the ids of the games whose listings it read, the
    revisions it handed out, and the games whose moves it read."""

    listed: list[int] = field(default_factory=list)
    revisions: list[int] = field(default_factory=list)
    moves: list[int] = field(default_factory=list)

    def clear(self) -> None:
        self.listed.clear()
        self.revisions.clear()
        self.moves.clear()


def counted(store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> Reads:
    """Note every game `store` reads from now on."""
    reads = Reads()
    listings, revisions, moves_after = store.listings, store.revisions, store.moves_after

    def counting_listings(games: list[int]) -> list[Listed]:
        reads.listed.extend(games)
        return listings(games)

    def counting_revisions(player: str | None = None) -> dict[int, int]:
        found = revisions(player)
        reads.revisions.extend(found)
        return found

    def counting_moves(game: int, count: int) -> list[tuple[int, Any]]:
        reads.moves.append(game)
        return moves_after(game, count)

    monkeypatch.setattr(store, "listings", counting_listings)
    monkeypatch.setattr(store, "revisions", counting_revisions)
    monkeypatch.setattr(store, "moves_after", counting_moves)
    return reads


def table(store: SaveStore, name: str, players: str) -> GameSession:
    """A 3 x 3 table of `players` (as `--players` writes them) called `name`, open at Bob's
    terminal; Bob, in the first seat, is the first to move."""
    return GameSession.create(store, "3x3", parse_players(players), 0, name=name, player="Bob")


def play_one(session: GameSession) -> None:
    """Bob's first legal move."""
    session.apply(0, session.legal(0)[0])


@pytest.fixture
def crowded(store: SaveStore) -> Iterator[dict[str, GameSession]]:
    """Two tables of Bob and Ann and OTHER_TABLES tables of Bob and Cy, open at Bob's
    terminal (one of Bob and Cy's, "busy", stays open; so do Bob and Ann's)."""
    store.root.mkdir(parents=True, exist_ok=True)
    other = SaveStore(store.root)
    sessions = {
        "first": table(other, "first", "remote:Bob,remote:Ann"),
        "second": table(other, "second", "remote:Bob,remote:Ann"),
        "busy": table(other, "busy", "remote:Bob,remote:Cy"),
    }
    for n in range(OTHER_TABLES - 1):
        table(other, f"bob-cy-{n}", "remote:Bob,remote:Cy").close()
    yield sessions
    for session in sessions.values():
        session.close()
    other.close()


def ids(sessions: dict[str, GameSession], *names: str) -> set[int]:
    return {sessions[name].game_key for name in names}


def test_a_players_watch_reads_only_their_own_tables(store, crowded, monkeypatch):
    reads = counted(store, monkeypatch)

    TurnWatch(store, "Ann").new_turns()

    assert set(reads.revisions) == ids(crowded, "first", "second")
    assert set(reads.listed) == ids(crowded, "first", "second")


def test_a_move_at_another_players_table_makes_the_watch_read_nothing_more(
    store, crowded, monkeypatch
):
    watch = TurnWatch(store, "Ann")
    watch.new_turns()
    reads = counted(store, monkeypatch)

    play_one(crowded["busy"])

    assert watch.new_turns() is None
    assert reads.listed == [] and set(reads.revisions) <= ids(crowded, "first", "second")


def test_a_move_at_one_of_the_players_tables_rereads_that_table_only(store, crowded, monkeypatch):
    watch = TurnWatch(store, "Ann")
    watch.new_turns()
    reads = counted(store, monkeypatch)

    play_one(crowded["first"])
    watch.new_turns()

    assert reads.listed == [crowded["first"].game_key]


def test_the_watch_names_a_table_whose_turn_came_to_the_player(store, crowded):
    watch = TurnWatch(store, "Ann")
    watch.new_turns()

    play_one(crowded["first"])

    assert watch.new_turns() == ["first"]


def test_a_local_terminal_rereads_only_the_games_that_changed(store, crowded, monkeypatch):
    tables = Tables(store, None)
    tables.refresh()
    reads = counted(store, monkeypatch)

    play_one(crowded["busy"])
    tables.refresh()

    assert reads.listed == [crowded["busy"].game_key]


def test_a_local_terminal_lists_every_game_in_the_order_of_the_save_list(store, crowded):
    play_one(crowded["second"])
    tables = Tables(store, None)

    tables.refresh()

    assert [info.name for info in tables.infos()] == [info.name for info in store.list()]


def test_a_game_that_is_gone_leaves_the_list(store, crowded):
    tables = Tables(store, "Ann")
    tables.refresh()
    with store.database.transaction() as db:
        db.execute("DELETE FROM games WHERE name = 'second'")

    assert tables.refresh()
    assert [info.name for info in tables.infos()] == ["first"]


def test_a_table_reads_no_moves_when_another_players_table_changes(store, crowded, monkeypatch):
    ann = GameSession.open(store, "first", player="Ann")
    reads = counted(store, monkeypatch)

    play_one(crowded["busy"])
    ann.poll()

    assert reads.moves == []


def test_a_table_reads_the_moves_of_its_own_game(store, crowded, monkeypatch):
    ann = GameSession.open(store, "first", player="Ann")
    reads = counted(store, monkeypatch)
    bob = crowded["first"]

    play_one(bob)

    assert ann.poll() == 1 and reads.moves == [ann.game_key]

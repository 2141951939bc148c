"""Who sits where: the index of registered players' tables, and each game's revision.

Table `seated` holds one row (player key, game) for every `remote` seat of a game, written
in the same transaction as the game's row, so a registered player's terminal finds their
own tables without reading anyone else's. A game's `revision` goes up in the same
transaction as each move and each taking of its seats, so a terminal that remembers the
revisions it has read re-reads only the games that changed since.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from saves.record import PlayerSpec

SCHEMA_V4 = """
ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
CREATE TABLE seated (
    player TEXT NOT NULL,
    game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    PRIMARY KEY (player, game)
) WITHOUT ROWID;
CREATE INDEX seated_by_game ON seated (game);
"""
"""Version 4: each game's revision, and the registered players seated at each game (by
`player_key`)."""


def player_key(name: str) -> str:
    """How `seated` names a registered player: a terminal playing as `name` plays every
    `remote` seat whose name matches it without regard to case (tui.model.plays_for)."""
    return name.casefold()


def add(db: sqlite3.Connection, game: int, players: Iterable[PlayerSpec]) -> None:
    """Seat game id `game`'s registered players in the index, inside the caller's transaction."""
    keys = {player_key(p.name) for p in players if p.kind == "remote"}
    db.executemany(
        "INSERT OR IGNORE INTO seated (player, game) VALUES (?, ?)", [(k, game) for k in keys]
    )


def bump(db: sqlite3.Connection, game: int) -> None:
    """Count a change of game id `game`, inside the caller's transaction."""
    db.execute("UPDATE games SET revision = revision + 1 WHERE id = ?", (game,))


def migrate(db: sqlite3.Connection) -> None:
    """Add the revisions and the index, filled from every stored game's players; a game
    whose players cannot be read (a damaged row) seats nobody, as it lists nobody."""
    for statement in SCHEMA_V4.split(";"):
        if statement.strip():
            db.execute(statement)
    rows = db.execute("SELECT id, CAST(players AS BLOB) FROM games").fetchall()
    db.executemany(
        "INSERT OR IGNORE INTO seated (player, game) VALUES (?, ?)",
        [(key, game) for game, stored in rows for key in _stored_keys(stored)],
    )


def _stored_keys(stored: object) -> Iterator[str]:
    """The player keys of the registered players in a stored `players` column: nothing for
    a column that is not a JSON list of seats."""
    try:
        players = json.loads(bytes(stored).decode()) if isinstance(stored, bytes) else None
    except (ValueError, RecursionError):
        return
    if not isinstance(players, list):
        return
    for seat in players:
        if isinstance(seat, dict) and seat.get("kind") == "remote":
            name = seat.get("name")
            if isinstance(name, str):
                yield player_key(name)

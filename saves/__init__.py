"""Saved games: one SQLite database per save folder, event-sourced, shared between terminals.

Depends on `rules` only. A game is its setup plus its list of moves; opening
one replays every move through the engine. JSON save documents are the
exchange format (export, import).
"""

from saves.errors import (
    DatabaseBusy,
    Message,
    MoveConflict,
    SaveError,
    SeatsHeld,
    TakenOver,
)
from saves.exchange import export_game, import_file, import_old_saves
from saves.folders import default_save_dir
from saves.names import validate_save_name
from saves.record import FORMAT, VERSION, DamagedSave, PlayerSpec, SaveRecord
from saves.replay import replay, replay_moves
from saves.seats import HEARTBEAT, Holder, Lease
from saves.store import SaveInfo, SaveStore

__all__ = [
    "FORMAT",
    "HEARTBEAT",
    "VERSION",
    "DamagedSave",
    "DatabaseBusy",
    "Holder",
    "Lease",
    "Message",
    "MoveConflict",
    "PlayerSpec",
    "SaveError",
    "SaveInfo",
    "SaveRecord",
    "SaveStore",
    "SeatsHeld",
    "TakenOver",
    "default_save_dir",
    "export_game",
    "import_file",
    "import_old_saves",
    "replay",
    "replay_moves",
    "validate_save_name",
]

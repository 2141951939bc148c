"""Saved games: event-sourced JSON files, written atomically, locked while played, recoverable.

Depends on `rules` only. A save is the action list plus what is needed to replay
it; loading replays every action through the engine.
"""

from saves.errors import DamagedSave, SaveError, SaveLocked
from saves.lock import SaveLock
from saves.names import validate_save_name
from saves.record import FORMAT, VERSION, PlayerSpec, SaveRecord
from saves.replay import replay
from saves.store import SaveInfo, SaveStore, default_save_dir

__all__ = [
    "FORMAT",
    "VERSION",
    "DamagedSave",
    "PlayerSpec",
    "SaveError",
    "SaveInfo",
    "SaveLock",
    "SaveLocked",
    "SaveRecord",
    "SaveStore",
    "default_save_dir",
    "replay",
    "validate_save_name",
]

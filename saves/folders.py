"""Where hotseat keeps its files: the save folder, and the per-user state folder (crash
logs, the checkpoint key). Each can be moved with an environment variable."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def default_save_dir() -> Path:
    """HOTSEAT_SAVE_DIR if set, else the per-user data folder."""
    override = os.environ.get("HOTSEAT_SAVE_DIR")
    if override:
        return Path(override).expanduser()
    return platformdirs.user_data_path("hotseat", appauthor=False) / "saves"


def state_folder() -> Path:
    """HOTSEAT_STATE_DIR if set, else the per-user state folder."""
    override = os.environ.get("HOTSEAT_STATE_DIR")
    if override:
        return Path(override).expanduser()
    return platformdirs.user_state_path("hotseat", appauthor=False)

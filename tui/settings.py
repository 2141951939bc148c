"""What hotseat keeps between starts at this computer, in `settings.json` of the user's
config folder: the language chosen in the app and the last table started, for the people
here and for each registered player at a `hotseat host`."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import platformdirs


def settings_file() -> Path:
    """Where the language chosen in the app is remembered (HOTSEAT_CONFIG_DIR moves it)."""
    override = os.environ.get("HOTSEAT_CONFIG_DIR")
    folder = (
        Path(override).expanduser()
        if override
        else platformdirs.user_config_path("hotseat", appauthor=False)
    )
    return folder / "settings.json"


def _settings() -> dict[str, Any]:
    """The settings file's content; empty when it is missing or unreadable."""
    try:
        data = json.loads(settings_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def setting(key: str, player: str | None = None) -> Any:
    """What was last kept under `key` at this computer, or for the registered `player`
    (each player at a `hotseat host` has their own); None if nothing was kept or the file
    is unreadable. The caller checks its shape: the file may have been edited."""
    data: Any = _settings()
    if player is not None:
        players = data.get("players")
        data = players.get(player) if isinstance(players, dict) else None
    return data.get(key) if isinstance(data, dict) else None


def keep(key: str, value: Any, player: str | None = None) -> None:
    """Keep `value` (plain JSON) under `key` (for `player`, if registered) for the next
    start. The file is replaced whole, so a reader never sees half of it; one that cannot
    be written is not worth an error (the choice holds for this run)."""
    data = _settings()
    if player is None:
        data[key] = value
    else:
        players = data.get("players")
        players = players if isinstance(players, dict) else {}
        own = players.get(player)
        players[player] = {**(own if isinstance(own, dict) else {}), key: value}
        data["players"] = players
    path = settings_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".settings-")
    except OSError:
        return
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        os.replace(temporary, path)
    except OSError:
        Path(temporary).unlink(missing_ok=True)

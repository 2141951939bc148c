"""What happens when the app hits a bug: the traceback goes to a log file, the player
gets one plain message saying the game is saved and where the details are."""

from __future__ import annotations

import os
import traceback
from datetime import datetime
from pathlib import Path

from saves.folders import state_folder


def write_crash_log(error: BaseException) -> Path | None:
    """Write `error`'s traceback (no local variables: they could hold hidden cards) to a
    new file in the crash folder; its path, or None if it could not be written."""
    folder = state_folder()
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = folder / f"crash-{stamp}-{os.getpid()}.log"
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        text = "".join(traceback.format_exception(error))
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as log:
            log.write(text)
    except OSError:
        return None
    return path


def crash_message(moves: int | None, log: Path | None) -> str:
    """The one message a player sees after a bug."""
    saved = f"your game is saved at move {moves}" if moves is not None else "nothing was lost"
    details = f"details in {log}" if log is not None else "the details could not be written"
    return f"hotseat hit a bug; {saved}; {details}"

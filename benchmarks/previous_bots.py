"""The normal computer players as they were at an earlier commit: the anchor against which
the levels of today are measured ("no level gets weaker").

Each game's player module is read from git at `REVISION` and loaded as a module of its
own, beside today's, so both can sit at one table.
"""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

from rules.bots import Player
from rules.catalog import CATALOG

REVISION = "3caef1d"
"""The commit whose normal players are "today's bot" for the figures."""

ROOT = Path(__file__).resolve().parent.parent


def previous_normal(game_id: str) -> Player:
    """The `choose` of `game_id`'s player module at REVISION."""
    name = CATALOG[game_id].module.rpartition(".")[2]
    path = f"rules/bots/{name}.py"
    source = subprocess.run(
        ["git", "show", f"{REVISION}:{path}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    module = types.ModuleType(f"previous_{name}")
    module.__file__ = f"{REVISION}:{path}"
    sys.modules[module.__name__] = module  # its dataclasses look their module up
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    player: Player = module.choose
    return player

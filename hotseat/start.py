"""How the `hotseat` command starts, as the console script and as `python -m hotseat`.

The cyclic garbage collector is off while the program loads: the modules make thousands
of objects that live as long as the program, and a collector running meanwhile walks
them again and again (a few ms of every start). It is on again once the arguments are
read for a command that needs no app, and for the app just before it runs; what was
loaded leaves the collector's generations first (`cli.loaded`).
"""

from __future__ import annotations

import gc
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `hotseat` command, loading it with the collector off."""
    gc.disable()
    try:
        from hotseat.cli import main as run  # loaded here, with the collector off

        return run(argv)
    finally:
        gc.enable()

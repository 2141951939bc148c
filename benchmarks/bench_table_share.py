"""How much of the screen each table gives its pieces and its log, at 80x24, 120x36,
160x45 and 200x60, in English: after a few computer moves and one privacy screen, the share of the
leaf widgets that are pieces (not the log, header, footer, prompt or a scrollbar) and of
the log, and the non-blank cells drawn at each size against 80x24 (the anchor).

    python benchmarks/bench_table_share.py
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "tui")]

from saves import SaveStore  # noqa: E402

from marking import screen_lines  # noqa: E402
from tui_helpers import SHARE_TABLES, table_shares  # noqa: E402

SIZES = [(80, 24), (120, 36), (160, 45), (200, 60)]


async def measure(game: str, size: tuple[int, int]) -> tuple[float, float, int]:
    """The pieces' and the log's share and the non-blank cells of `game` at `size`."""
    drawn: list[int] = []
    store = SaveStore(Path(tempfile.mkdtemp()))
    pieces, log = await table_shares(
        store,
        game,
        size,
        seen=lambda app: drawn.append(
            sum(not char.isspace() for line in screen_lines(app) for char in line)
        ),
    )
    return pieces, log, drawn[0]


def main() -> None:
    print("| game | size | pieces | log | non-blank cells vs 80x24 |")
    print("| --- | --- | --- | --- | --- |")
    for game in SHARE_TABLES:
        anchor = 0
        for size in SIZES:
            pieces, log, drawn = asyncio.run(measure(game, size))
            anchor = anchor or drawn
            print(
                f"| {game} | {size[0]}x{size[1]} | {pieces:.0%} | {log:.0%} | "
                f"{drawn / anchor:.2f}x ({drawn}) |"
            )


if __name__ == "__main__":
    main()

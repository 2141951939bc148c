"""How much of the screen each table gives its pieces and its log, at 80x24, 120x36 and
160x45, in English: after a few computer moves and one privacy screen, the share of the
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
from tui.games import screen_class  # noqa: E402
from tui.screens.handoff import HandoffScreen  # noqa: E402

from marking import screen_lines  # noqa: E402
from tui_helpers import (  # noqa: E402
    app_for,
    leaf_shares,
    new_session,
    play_bots_until,
    turn_at,
    until,
)

TABLES = {
    "3x3": ("Ann,Bob,cpu:Cy,cpu:Dee", 7, 14),
    "xoxo": ("Ann,Bob,cpu:Cy,cpu:Dee", 5, 11),
    "shifting-stones": ("Ann,Bob,cpu:Cy", 3, 6),
    "xylotar": ("Ann,Bob,cpu:Cy,cpu:Dee", 4, 20),
}
"""Per game: the players (two people, so a privacy screen comes up), the seed and how
many moves are played before the table opens."""
SIZES = [(80, 24), (120, 36), (160, 45)]


async def measure(game: str, size: tuple[int, int]) -> tuple[float, float, int]:
    """The pieces' and the log's share and the non-blank cells of `game` at `size`."""
    players, seed, moves = TABLES[game]
    store = SaveStore(Path(tempfile.mkdtemp()))
    session = new_session(store, players, seed=seed, game=game)
    play_bots_until(session, lambda s: len(s.record.actions) >= moves and s.to_act() == [0])
    app = app_for(store, session, resumed=True)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        await turn_at(pilot, app, screen_class(game))
        await pilot.pause()
        pieces, log = leaf_shares(app)
        drawn = sum(not char.isspace() for line in screen_lines(app) for char in line)
    return pieces, log, drawn


def main() -> None:
    print("| game | size | pieces | log | non-blank cells vs 80x24 |")
    print("| --- | --- | --- | --- | --- |")
    for game in TABLES:
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

"""How long games of computers last: for every game and player count, `--seeds` games of
normal computer players in every seat (seeded as the app seeds them), and the longest in
moves, the median and how many did not end within `--cap` moves.

Each game is dealt and played from its seed alone, so a long one can be replayed:

    python benchmarks/bench_game_length.py [--seeds N] [--cap MOVES] [--games ID,...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import GAMES
from rules.bots import self_play

NAMES = ("Ann", "Bob", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim")


def _measure(job: tuple[str, int, int, int]) -> tuple[str, int, int, int, str | None]:
    """One game: its id, player count and seed, its moves and how it ended (None: not
    within the cap)."""
    game_id, players, seed, cap = job
    moves, state = self_play(game_id, NAMES[:players], seed, cap)
    game = GAMES[game_id]
    ended = game.result(state)["reason"]["kind"] if game.is_over(state) else None
    return game_id, players, seed, moves, ended


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=3000)
    parser.add_argument("--cap", type=int, default=20_000)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    jobs = [
        (game_id, players, seed, args.cap)
        for game_id in args.games.split(",")
        for players in range(GAMES[game_id].min_players, GAMES[game_id].max_players + 1)
        for seed in range(args.seeds)
    ]
    runs: dict[tuple[str, int], list[tuple[int, int, str | None]]] = {}
    started = time.perf_counter()
    with Pool(args.workers) as pool:
        for game_id, players, seed, moves, ended in pool.imap_unordered(
            _measure, jobs, chunksize=20
        ):
            runs.setdefault((game_id, players), []).append((moves, seed, ended))
    print(
        f"| game | players | games | median | longest (seed) | ended by | not ended in {args.cap} |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for (game_id, players), games in sorted(runs.items()):
        over = [(moves, seed) for moves, seed, ended in games if ended is not None]
        longest = f"{max(over)[0]} ({max(over)[1]})" if over else "-"
        median = statistics.median(moves for moves, _ in over) if over else "-"
        reasons = Counter(ended for _, _, ended in games if ended is not None)
        ends = ", ".join(f"{kind} {count}" for kind, count in sorted(reasons.items()))
        stuck = sorted(seed for _, seed, ended in games if ended is None)
        print(
            f"| {game_id} | {players} | {len(games)} | {median} | {longest} | {ends} | "
            f"{len(stuck)}{' ' + str(stuck[:5]) if stuck else ''} |"
        )
    print(f"\n{len(jobs)} games in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()

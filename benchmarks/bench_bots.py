"""How strong and how quick the computer levels are, each figure with n and a 95% interval.

1. hard against normal, head to head, 2 players (3 x 3, XOXO, Shifting Stones), seats
   rotating: hard's share of wins (a tie counts half);
2. Xylotar, hard against two normals, 3 players: hard's share of wins (bids met are not
   counted yet: the result does not say);
3. Shifting Stones solo, hard: points scored (of 30) and games won;
4. easy against normal, head to head (the levels are ordered);
5. think time per decision: p95 of hard (target 1 s), easy and normal (target 50 ms).

The anchor of every strength figure is the other player in the same games (the fair
share is 1 / players). Run from the project folder:

    python benchmarks/bench_bots.py [--quick] [--games N] [--seconds S]

`--seconds` is hard's thinking time per decision (default: the level's own, 0.8 s);
a full run at the default takes long (a 2-player game asks hard for dozens of moves).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rules import get_game
from rules.bots import Budget, choose


@dataclass
class Tally:
    """Outcomes of one figure and the think times of each level."""

    points: list[float] = field(default_factory=list)
    think: dict[str, list[float]] = field(default_factory=dict)
    extra: list[float] = field(default_factory=list)


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share."""
    if n == 0:
        return 0.0, 0.0
    z = 1.96
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(
    game_id: str, levels: Sequence[str], seed: int, budget: Budget, tally: Tally
) -> dict[str, Any]:
    """One game with `levels[seat]` at each player's seat; its result."""
    game = get_game(game_id)
    state = game.new_game([f"P{i}" for i in range(len(levels))], seed)
    seats = game.player_seats(len(levels))
    level_at = dict(zip(seats, levels, strict=True))
    rng = random.Random(seed)
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        level = level_at[seat]
        start = time.perf_counter()
        action = choose(game_id, level, view, legal, rng, budget if level == "hard" else None)
        tally.think.setdefault(level, []).append(time.perf_counter() - start)
        state = game.apply(state, seat, action)
    return game.result(state)


def share(result: dict[str, Any], seat: int) -> float:
    """1 for a win alone, a split for a shared win, 0 otherwise."""
    winners = result["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def head_to_head(game_id: str, strong: str, weak: str, games: int, budget: Budget) -> Tally:
    tally = Tally()
    for k in range(games):
        seat = k % 2
        levels = [strong, weak] if seat == 0 else [weak, strong]
        result = play(game_id, levels, 10_000 + k, budget, tally)
        tally.points.append(share(result, get_game(game_id).player_seats(2)[seat]))
    return tally


def xylotar_three(games: int, budget: Budget) -> Tally:
    tally = Tally()
    game = get_game("xylotar")
    for k in range(games):
        seat = k % 3
        levels = ["normal"] * 3
        levels[seat] = "hard"
        result = play("xylotar", levels, 20_000 + k, budget, tally)
        tally.points.append(share(result, game.player_seats(3)[seat]))
    return tally


def stones_solo(games: int, budget: Budget) -> Tally:
    tally = Tally()
    for k in range(games):
        result = play("shifting-stones", ["hard"], 30_000 + k, budget, tally)
        tally.points.append(1.0 if result["winners"] else 0.0)
        tally.extra.append(float(result["scores"][0]))
    return tally


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0


def report(name: str, tally: Tally, target: str) -> str:
    n = len(tally.points)
    wins = sum(tally.points)
    low, high = wilson(wins, n)
    return (
        f"  {name:40s} n={n:<4d} {100 * wins / max(n, 1):5.1f}%  "
        f"(95%: {100 * low:4.1f}-{100 * high:4.1f}%)  target {target}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few games of each (minutes)")
    parser.add_argument("--games", type=int, help="games per figure")
    parser.add_argument("--seconds", type=float, help="hard's thinking time per decision")
    args = parser.parse_args()
    games = args.games or (6 if args.quick else 60)
    budget = Budget(seconds=args.seconds)
    print(f"{games} games per figure; hard thinks {args.seconds or 'its own 0.8'} s a move")
    thinks: dict[str, list[float]] = {}
    lines = []
    for game_id in ("3x3", "xoxo", "shifting-stones"):
        tally = head_to_head(game_id, "hard", "normal", games, budget)
        lines.append(report(f"hard vs normal, {game_id}, 2 players", tally, ">= 60%"))
        for level, times in tally.think.items():
            thinks.setdefault(level, []).extend(times)
        print(lines[-1], flush=True)
    tally = xylotar_three(games, budget)
    lines.append(report("Xylotar, hard vs 2 normals, 3 players", tally, ">= 45%"))
    print(lines[-1], flush=True)
    tally = stones_solo(games, budget)
    thinks.setdefault("hard", []).extend(tally.think.get("hard", []))
    lines.append(report("Shifting Stones solo, hard: games won", tally, ">= 10%"))
    points = sum(tally.extra) / max(len(tally.extra), 1)
    lines.append(f"  {'Shifting Stones solo, hard: points':40s} mean {points:.1f} of 30")
    print(lines[-2], lines[-1], sep="\n", flush=True)
    for game_id in ("3x3", "xoxo", "shifting-stones", "xylotar"):
        players = 3 if game_id == "xylotar" else 2
        tally = Tally()
        for k in range(games):
            levels = ["easy"] + ["normal"] * (players - 1)
            levels = levels[-(k % players) :] + levels[: -(k % players)] if k % players else levels
            result = play(game_id, levels, 40_000 + k, budget, tally)
            seat = get_game(game_id).player_seats(players)[levels.index("easy")]
            tally.points.append(share(result, seat))
        for level, times in tally.think.items():
            thinks.setdefault(level, []).extend(times)
        fair = f"< {100 / players:.0f}% (fair share)"
        lines.append(report(f"easy vs normal, {game_id}, {players} players", tally, fair))
        print(lines[-1], flush=True)
    print("\nThink time per decision (all games above)")
    for level in ("easy", "normal", "hard"):
        times = thinks.get(level, [])
        target = "1 s" if level == "hard" else "50 ms"
        lines.append(
            f"  {level:8s} n={len(times):<6d} p95 {1000 * p95(times):8.1f} ms  target {target}"
        )
        print(lines[-1])
    print("\nSummary")
    print("\n".join(lines))


if __name__ == "__main__":
    main()

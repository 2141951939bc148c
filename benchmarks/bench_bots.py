"""How strong and how quick the computer levels are, each figure with n and a 95% interval.

1. hard against normal, head to head, 2 players (3 x 3, XOXO, Shifting Stones), seats
   rotating: hard's share of wins (a tie counts half);
2. Xylotar, hard against two normals, 3 players: hard's share of wins and of its bids
   met;
3. Shifting Stones solo, hard: cards scored (of 16) and games won;
4. normal against the normal player of an earlier commit ("today's bot",
   benchmarks/previous_bots.py), head to head in every game: no level gets weaker;
5. easy against normal, head to head (the levels are ordered);
6. 3 x 3 normal, 4 players: games still running after 20,000 moves (pile trading that
   never ends);
7. think time per decision: p95 of hard (target 1 s), easy and normal (target 50 ms);
8. the screen while hard thinks: gaps between the ticks of a 5 ms timer in the app
   (headless) while two hard computers play each game, against the bare Textual app
   (target: at most 50 ms apart).

The anchor of every strength figure is the other player in the same games (the fair
share is 1 / players). Run from the project folder:

    python benchmarks/bench_bots.py [--quick] [--games N] [--seconds S]

`--seconds` is hard's thinking time per decision (default: the level's own, 0.8 s);
a full run at the default takes long (a 2-player game asks hard for dozens of moves).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from previous_bots import previous_normal

from rules import get_game
from rules.bots import Budget, Player, choose
from saves import PlayerSpec, SaveStore
from tui.app import HotseatApp
from tui.model import GameSession

from bare_app import BareApp
from common import percentile, tick_gaps, wilson

PREVIOUS = "previous"
"""The label of the earlier commit's normal player at a seat."""


@dataclass
class Tally:
    """Outcomes of one figure and the think times of each level."""

    points: list[float] = field(default_factory=list)
    think: dict[str, list[float]] = field(default_factory=dict)
    extra: list[float] = field(default_factory=list)


_previous: dict[str, Player] = {}


def play(
    game_id: str,
    levels: Sequence[str],
    seed: int,
    budget: Budget,
    tally: Tally,
    moves: int | None = None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """One game with `levels[seat]` (a level, or PREVIOUS) at each player's seat: its
    result and the final public view. With `moves`, a game still running after that many
    moves is left there (its result is None)."""
    game = get_game(game_id)
    state = game.new_game([f"P{i}" for i in range(len(levels))], seed)
    seats = game.player_seats(len(levels))
    level_at = dict(zip(seats, levels, strict=True))
    rng = random.Random(seed)
    played = 0
    while not game.is_over(state) and (moves is None or played < moves):
        seat = game.to_act(state)[0]
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        level = level_at[seat]
        start = time.perf_counter()
        if level == PREVIOUS:
            player = _previous.get(game_id) or _previous.setdefault(
                game_id, previous_normal(game_id)
            )
            action = player(view, legal, rng)
        else:
            action = choose(game_id, level, view, legal, rng, budget if level == "hard" else None)
        tally.think.setdefault(level, []).append(time.perf_counter() - start)
        state = game.apply(state, seat, action)
        played += 1
    result = game.result(state) if game.is_over(state) else None
    return result, game.view(state, None)  # type: ignore[return-value]


def share(result: dict[str, Any], seat: int) -> float:
    """1 for a win alone, a split for a shared win, 0 otherwise."""
    winners = result["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def head_to_head(
    game_id: str, strong: str, weak: str, games: int, budget: Budget, first_seed: int = 10_000
) -> Tally:
    tally = Tally()
    for k in range(games):
        seat = k % 2
        levels = [strong, weak] if seat == 0 else [weak, strong]
        result, _ = play(game_id, levels, first_seed + k, budget, tally)
        tally.points.append(share(result, get_game(game_id).player_seats(2)[seat]))
    return tally


def xylotar_three(games: int, budget: Budget) -> Tally:
    """Hard's share of wins, and in `extra` its share of bids met per game."""
    tally = Tally()
    game = get_game("xylotar")
    for k in range(games):
        seat = game.player_seats(3)[k % 3]
        levels = ["normal"] * 3
        levels[k % 3] = "hard"
        result, final = play("xylotar", levels, 20_000 + k, budget, tally)
        tally.points.append(share(result, seat))
        met = [score["met"][seat] for score in final["rounds"]]
        tally.extra.append(sum(met) / max(len(met), 1))
    return tally


def stones_solo(games: int, budget: Budget) -> Tally:
    """Games won, and in `extra` the cards scored of each."""
    tally = Tally()
    for k in range(games):
        result, final = play("shifting-stones", ["hard"], 30_000 + k, budget, tally)
        tally.points.append(1.0 if result["winners"] else 0.0)
        tally.extra.append(float(len(final["seats"][0]["scored"])))
    return tally


UI_SECONDS = 8.0
"""How long each game's hard computers play in the app for figure 8."""
UI_SIZE = (80, 24)


def ui_gaps(game_id: str) -> tuple[list[float], list[float]]:
    """Tick gaps (ms) of the app while two hard computers play `game_id` (UI_SECONDS), and
    of the bare app as long."""
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(Path(folder))
        players = [PlayerSpec(name, "computer", "hard") for name in ("Bob", "Cy")]
        session = GameSession.create(store, game_id, players, 7)
        app = HotseatApp(store, delay=0.0, session=session)
        gaps, elapsed = asyncio.run(tick_gaps(app, UI_SECONDS, lambda: session.over, UI_SIZE))
        app.close_session()
        store.close()
    bare, _ = asyncio.run(tick_gaps(BareApp(), elapsed, lambda: False, UI_SIZE))
    return gaps, bare


ENDLESS = 20_000
"""Moves after which a game counts as pile trading that never ends."""


def endless_games(games: int, budget: Budget) -> tuple[int, int]:
    """Of `games` 4-player 3 x 3 games between normals, how many still run after ENDLESS
    moves, and the most moves a finished one took."""
    tally = Tally()
    endless, longest = 0, 0
    for k in range(games):
        _, final = play("3x3", ["normal"] * 4, 50_000 + k, budget, tally, moves=ENDLESS)
        if final["loser"] is None:
            endless += 1
        else:
            longest = max(longest, len(tally.think["normal"]))
        tally.think.clear()
    return endless, longest


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


def collect(thinks: dict[str, list[float]], tally: Tally) -> None:
    for level, times in tally.think.items():
        thinks.setdefault(level, []).extend(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few games of each (minutes)")
    parser.add_argument("--games", type=int, help="games per figure")
    parser.add_argument("--seconds", type=float, help="hard's thinking time per decision")
    parser.add_argument(
        "--only",
        type=int,
        action="append",
        choices=range(1, 9),
        help="run only these figures (think times come from the figures run)",
    )
    args = parser.parse_args()
    games = args.games or (6 if args.quick else 60)
    parts = set(args.only or range(1, 9))
    budget = Budget(seconds=args.seconds)
    print(f"{games} games per figure; hard thinks {args.seconds or 'its own 0.8'} s a move")
    thinks: dict[str, list[float]] = {}
    lines = []

    def say(line: str) -> None:
        lines.append(line)
        print(line, flush=True)

    if 1 in parts:
        for game_id in ("3x3", "xoxo", "shifting-stones"):
            tally = head_to_head(game_id, "hard", "normal", games, budget)
            say(report(f"hard vs normal, {game_id}, 2 players", tally, ">= 60%"))
            collect(thinks, tally)
    if 2 in parts:
        tally = xylotar_three(games, budget)
        collect(thinks, tally)
        say(report("Xylotar, hard vs 2 normals, 3 players", tally, ">= 45%"))
        met = sum(tally.extra) / max(len(tally.extra), 1)
        say(f"  {'Xylotar, hard: bids met':40s} mean {100 * met:5.1f}% of rounds  target >= 50%")
    if 3 in parts:
        tally = stones_solo(games, budget)
        collect(thinks, tally)
        say(report("Shifting Stones solo, hard: games won", tally, ">= 10%"))
        cards = sum(tally.extra) / max(len(tally.extra), 1)
        say(f"  {'Shifting Stones solo, hard: cards':40s} mean {cards:.1f} of 16  target >= 9")
    if 4 in parts:
        for game_id in ("3x3", "xoxo", "shifting-stones", "xylotar"):
            tally = head_to_head(game_id, "normal", PREVIOUS, games, budget, 60_000)
            collect(thinks, tally)
            say(report(f"normal vs {PREVIOUS} normal, {game_id}, 2 pl.", tally, ">= 50%"))
    if 5 in parts:
        for game_id in ("3x3", "xoxo", "shifting-stones", "xylotar"):
            players = 3 if game_id == "xylotar" else 2
            tally = Tally()
            for k in range(games):
                turn = k % players
                levels = ["normal"] * players
                levels[turn] = "easy"
                result, _ = play(game_id, levels, 40_000 + k, budget, tally)
                seat = get_game(game_id).player_seats(players)[levels.index("easy")]
                tally.points.append(share(result, seat))
            collect(thinks, tally)
            fair = f"< {100 / players:.0f}% (fair share)"
            say(report(f"easy vs normal, {game_id}, {players} players", tally, fair))
    if 6 in parts:
        count = games * 5
        endless, longest = endless_games(count, budget)
        say(
            f"  {'3 x 3 normal, 4 players: endless games':40s} {endless} of {count} past "
            f"{ENDLESS:,} moves (longest finished: {longest} moves)  target 0"
        )
    if 8 in parts:
        for game_id in ("3x3", "xoxo", "shifting-stones", "xylotar"):
            gaps, bare = ui_gaps(game_id)
            say(
                f"  {'screen while hard thinks, ' + game_id:40s} gap p50 "
                f"{percentile(gaps, 50):5.1f} p99 {percentile(gaps, 99):5.1f} max "
                f"{max(gaps):5.1f} ms (bare p99 {percentile(bare, 99):4.1f} max "
                f"{max(bare):4.1f})  target max <= 50 ms"
            )
    print("\nThink time per decision (all games above)")
    for level in ("easy", "normal", "hard"):
        times = thinks.get(level, [])
        target = "1 s" if level == "hard" else "50 ms"
        say(f"  {level:8s} n={len(times):<6d} p95 {1000 * p95(times):8.1f} ms  target {target}")
    print("\nSummary")
    print("\n".join(lines))


if __name__ == "__main__":
    main()

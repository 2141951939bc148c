"""How fast the 3 x 3 engine runs: random full games, bot games, and replaying a long save.

Run from the project folder: python benchmarks/bench_three_by_three.py
"""

from __future__ import annotations

from rules.three_by_three import ThreeByThree

from harness import bot_choice, play, random_choice, replay_ms, report_rate

GAME = ThreeByThree()


def main() -> None:
    report_rate("random 4-player games", GAME, 4, random_choice)
    report_rate("bot 4-player games   ", GAME, 4, bot_choice)
    seed = max(range(20), key=lambda s: len(play(GAME, 11, s, random_choice)[0]))
    moves, _ = play(GAME, 11, seed, random_choice)
    print(
        f"replay of a long 11-player save: {replay_ms(GAME, moves, 11, seed):.1f} ms "
        f"for {len(moves)} actions"
    )


if __name__ == "__main__":
    main()

"""How fast the Xylotar engine runs: random full games, bot games, and replaying a save.

Run from the project folder: python benchmarks/bench_xylotar.py
"""

from __future__ import annotations

from rules.xylotar import Xylotar

from harness import bot_choice, play, random_choice, replay_ms, report_rate

GAME = Xylotar()


def main() -> None:
    report_rate("random 4-player games", GAME, 4, random_choice)
    report_rate("bot 4-player games   ", GAME, 4, bot_choice)
    moves, _ = play(GAME, 5, 0, random_choice)
    print(
        f"replay of a 5-player save: {replay_ms(GAME, moves, 5, 0):.1f} ms for {len(moves)} actions"
    )


if __name__ == "__main__":
    main()

"""How fast the XOXO engine runs: random full games, and games between computer players.

Run from the project folder: python benchmarks/bench_xoxo.py
"""

from __future__ import annotations

from rules.xoxo import Xoxo

from harness import bot_choice, random_choice, report_rate

GAME = Xoxo()


def main() -> None:
    report_rate("random 4-player games", GAME, 4, random_choice)
    report_rate("bot 4-player games   ", GAME, 4, bot_choice)


if __name__ == "__main__":
    main()

"""The child of the app benchmarks: start an app, note when its first wanted frame is drawn.

    python benchmarks/saves_child.py OUT bare
    python benchmarks/saves_child.py OUT resume SAVE_DIR NAME
    python benchmarks/saves_child.py OUT home SAVE_DIR ROWS

Every mode starts the same way (this script, under the terminal the parent
gives it) and ends the same way: the first frame written to the terminal while
the wanted screen is current makes the app exit, and the time of that frame
(time.monotonic, comparable with the parent's clock) is written to OUT as JSON.
`bare` is the bare Textual app of bare_app.py; `resume` and `home` run the real
`hotseat` command line. With HOTSEAT_BENCH_PROFILE=FILE the whole run
is profiled with cProfile into FILE, up to the wanted frame.
"""

from __future__ import annotations

import time

STARTED = time.monotonic()

import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from collections.abc import Callable  # noqa: E402
from typing import Any  # noqa: E402

from textual.app import App  # noqa: E402
from textual.screen import Screen  # noqa: E402

from bare_app import BareApp  # noqa: E402

marks: dict[str, float] = {"started": STARTED, "textual imported": time.monotonic()}
profiler: Any = None
"""The cProfile.Profile of this run, with HOTSEAT_BENCH_PROFILE; it stops at the frame."""


def exit_on_frame(out: str, wanted: Callable[[Screen[Any]], bool]) -> None:
    """Make every App exit after its first frame drawn while `wanted(current screen)`."""
    display = App._display

    def _display(self: App[Any], screen: Screen[Any], renderable: Any) -> None:
        display(self, screen, renderable)
        if renderable is None or self._batch_count or "frame" in marks:
            return
        name = f"first {type(screen).__name__} frame"
        marks.setdefault(name, time.monotonic())
        if screen is self.screen and wanted(screen):
            marks["frame"] = time.monotonic()
            if profiler is not None:
                profiler.disable()
            with open(out, "w") as file:
                json.dump(marks, file)
            self.exit()

    App._display = _display  # type: ignore[method-assign]
    run = App.run

    def timed_run(self: App[Any], *args: Any, **kwargs: Any) -> Any:
        marks["App.run called"] = time.monotonic()
        return run(self, *args, **kwargs)

    App.run = timed_run  # type: ignore[method-assign]


def command(out: str, wanted: Callable[[Screen[Any]], bool], argv: list[str]) -> int:
    """Run the `hotseat` command as its console script does (hotseat.start), until the
    first frame drawn while `wanted(current screen)`."""
    exit_on_frame(out, wanted)
    from hotseat import start

    return start.main(argv)


def main(argv: list[str]) -> int:
    out, mode, *args = argv
    if mode == "bare":
        exit_on_frame(out, lambda screen: True)
        BareApp().run()
        return 0
    if mode == "resume":
        save_dir, name = args

        def game_shown(screen: Screen[Any]) -> bool:
            """The privacy screen, or a table whose pieces are laid out and drawn (no
            privacy screen). Their modules are looked up only once the app loaded them,
            so this check costs the resume nothing."""
            handoff = sys.modules.get("tui.screens.handoff")
            if handoff is not None and isinstance(screen, handoff.HandoffScreen):
                return True
            table = sys.modules.get("tui.screens.table")
            return table is not None and isinstance(screen, table.TableScreen) and screen.whole

        return command(out, game_shown, ["resume", name, "--save-dir", save_dir])
    if mode == "home":
        save_dir, rows = args

        def listed(screen: Screen[Any]) -> bool:
            """The home screen with its `rows` saves listed (looked up as game_shown does)."""
            home = sys.modules.get("tui.screens.home")
            if home is None or not isinstance(screen, home.HomeScreen):
                return False
            return hasattr(screen, "infos") and screen.query_one("#saves").row_count == int(rows)

        return command(out, listed, ["--save-dir", save_dir])
    raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    profile = os.environ.get("HOTSEAT_BENCH_PROFILE")
    if profile:
        import cProfile

        profiler = cProfile.Profile()
        code = profiler.runcall(main, sys.argv[1:])
        profiler.dump_stats(profile)
        sys.exit(code)
    sys.exit(main(sys.argv[1:]))

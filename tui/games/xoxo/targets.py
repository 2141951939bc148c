"""XOXO seats: each player's name, met count, stack and targets as that viewer may see them.

Lines break only between phrases (a name, a count, a target), never inside one, so a
24-character name or three met targets still read whole.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from tui.games.xoxo.tiles import tile_short

INDENT = "  "


class TargetPanel(Widget):
    """The general stack, then per seat: turn mark, name, met count, stack, targets."""

    DEFAULT_CSS = "TargetPanel { height: auto; }"

    view: reactive[dict[str, Any]] = reactive(dict, layout=True)

    def render(self) -> Text:
        return panel_text(self.view, self.content_size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(panel_text(self.view, width).split())


def phrase_lines(phrases: Iterable[Text], width: int, separator: str = " ") -> list[Text]:
    """Phrases joined by `separator`, broken into lines of at most `width` cells between
    phrases only; later lines are indented. A phrase longer than a line gets a line alone."""
    lines: list[Text] = []
    line = Text()
    for phrase in phrases:
        if not line.plain:
            line.append_text(phrase)
        elif line.cell_len + len(separator) + phrase.cell_len <= width:
            line.append(separator)
            line.append_text(phrase)
        else:
            lines.append(line)
            line = Text(INDENT) + phrase
    lines.append(line)
    return lines


def stack_text(label: str, stack: dict[str, Any]) -> Text:
    text = Text(f"{label} {stack['count']:>2}: ")
    if stack["top"] is None:
        text.append("empty", style="italic")
    else:
        text.append_text(tile_short(stack["top"]))
    return text


def target_text(target: dict[str, Any]) -> Text:
    """A target as this viewer may know it: "(shape)" when only its kind shows, its value
    when known, and "value MET" once met."""
    if target["value"] is None:
        return Text.assemble((f"({target['kind']})", "dim"))
    if target["met"]:
        return Text.assemble((f"{target['value']} MET", "bold reverse"))
    return Text.assemble((target["value"], "bold"))


def seat_lines(view: dict[str, Any], seat: int, width: int) -> list[Text]:
    """One seat: "> Name  met 1/3", its stack ("your stack" for the viewer), its targets."""
    info = view["seats"][seat]
    turn = seat in view.get("to_act", [])
    head = [
        Text("> " if turn else "  ", style="bold")
        + Text(info["name"], style="bold reverse" if turn else "bold"),
        Text(f"met {info['met']}/{len(info['targets'])}"),
    ]
    if seat in view.get("winners", []):
        head.append(Text("WINS", style="bold"))
    label = "your stack" if seat == view.get("seat") else "stack"
    targets = [target_text(t) for t in info["targets"]]
    for target in targets[:-1]:
        target.append(",")
    return [
        *phrase_lines(head, width, "  "),
        Text(INDENT) + stack_text(label, info["stack"]),
        *phrase_lines([Text(INDENT) + targets[0], *targets[1:]], width, " "),
    ]


def panel_text(view: dict[str, Any], width: int) -> Text:
    """The whole panel as lines of at most `width` cells (where phrases allow)."""
    if not view:
        return Text("")
    lines = [stack_text("General", view["general"])]
    for seat in range(len(view["seats"])):
        lines += seat_lines(view, seat, max(width, 1))
    text = Text("\n").join(lines)
    text.no_wrap, text.overflow = True, "ellipsis"
    return text

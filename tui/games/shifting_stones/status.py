"""The words around the Shifting Stones table: its title, the turn so far, the last turn
and what each player still held at the end."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from rules.shifting_stones import CardView, ShiftingStonesView
from tui.i18n import _, ngettext
from tui.widgets.names import cut_name

LAST_NAME_WIDTH = 16
"""Cells of the name in the line about the last turn."""


def held_text(held: list[CardView]) -> str:
    """The hand a seat still held when the game ended ("held 3 cards worth 6"): the game
    is over, nothing is secret."""
    worth = sum(card["value"] for card in held)
    return ngettext(
        "held {count} card worth {points}", "held {count} cards worth {points}", len(held)
    ).format(count=len(held), points=worth)


def title_for(view: ShiftingStonesView) -> str:
    """The title bar: the game and how it stands (goal, last round, solo, over)."""
    if view["phase"] == "over":
        return _("Shifting Stones — game over")
    if view["solo"]:
        return _("Shifting Stones — solo")
    if view["last_round"]:
        return _("Shifting Stones — LAST ROUND")
    goal = view["goal"]
    return ngettext(
        "Shifting Stones — goal {count} card", "Shifting Stones — goal {count} cards", goal
    ).format(count=goal)


def points_text(points: int) -> str:
    """ "1 point", "2 points"."""
    return ngettext("{count} point", "{count} points", points).format(count=points)


def status_text(view: ShiftingStonesView) -> Text:
    """How the turn in play stands and the draw pile; then what the last turn did (its
    stones are framed heavy on the grid)."""
    text = Text()
    if view["phase"] != "over":
        turn = view["turn"]
        actions = turn["actions"]
        said = ngettext(
            "Turn: {count} action, {scored} scored · draw {draw}",
            "Turn: {count} actions, {scored} scored · draw {draw}",
            actions,
        )
        text.append(said.format(count=actions, scored=turn["scored"], draw=view["draw_count"]))
    last_line = last_text(view)
    if last_line.plain:
        text.append("\n")
        text.append_text(last_line)
    return text


def last_text(view: ShiftingStonesView) -> Text:
    """The last turn in a few words: whose, and how many shifts, flips and scores."""
    last = view["last"]
    if last is None:
        return Text("")
    to_act = view["to_act"]
    going = bool(to_act) and last["seat"] == to_act[0] and view["turn"]["actions"] > 0
    kinds = [action["type"] for action in last["actions"]]
    if kinds == ["skip"]:
        done = _("skipped")
    elif not kinds:
        done = _("ended the turn at once")
    else:
        counted: dict[str, Callable[[int], str]] = {
            "shift": lambda n: ngettext("{count} shift", "{count} shifts", n),
            "flip": lambda n: ngettext("{count} flip", "{count} flips", n),
            "score": lambda n: ngettext("{count} card scored", "{count} cards scored", n),
        }
        done = ", ".join(
            word(kinds.count(kind)).format(count=kinds.count(kind))
            for kind, word in counted.items()
            if kind in kinds
        )
    if going:
        return Text(_("This turn:") + " ", style="bold") + Text(done)
    name = cut_name(view["players"][last["seat"]], LAST_NAME_WIDTH)
    head, _name, tail = _("Last turn, {name}: {done}").partition("{name}")
    text = Text(head.format(done=done), style="bold")
    text.append(name, style="bold")
    text.append(tail.format(done=done))
    return text

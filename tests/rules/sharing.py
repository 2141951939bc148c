"""What two pieces of data share: the checks that a sampled state or a computer player
keeps nothing mutable from the view it was given."""

from __future__ import annotations

from typing import Any


def mutable_ids(data: object) -> set[int]:
    """The ids of every list, dict and set reachable from `data` (through tuples too)."""
    found: set[int] = set()
    todo = [data]
    while todo:
        item = todo.pop()
        if isinstance(item, list | dict | set):
            found.add(id(item))
        if isinstance(item, dict):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            todo.extend(item)
    return found


def state_parts(state: Any) -> list[object]:
    """Every field of a state, its event history included."""
    return [getattr(state, name) for name in (*type(state).__slots__, "latest")]


def wreck(data: Any) -> None:
    """Empty every list and dict in `data`, all the way down, in place."""
    if isinstance(data, dict):
        for value in data.values():
            wreck(value)
        data.clear()
    elif isinstance(data, list):
        for value in data:
            wreck(value)
        data.clear()

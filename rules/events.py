"""The event history every game state keeps: raw events, formatted into words only when read.

Events live in a persistent chain (newest first) that clones share, so copying a
state never copies its history and recording stays O(1). A state read back from
storage ends its chain in an EventArchive: the older events as stored, each made
an event only when it is read (a log shows the newest few of thousands).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

Event = tuple[Any, ...]
"""A raw event: (kind, actor seat or None, *details); each game formats its own kinds."""


class EventArchive:
    """The first events of a history as stored (JSON lists), oldest first; `decode` makes
    one stored event an event again."""

    __slots__ = ("decode", "stored")

    def __init__(self, stored: list[Any], decode: Callable[[Any], Event]) -> None:
        self.stored = stored
        self.decode = decode


EventChain = tuple[Event, "EventChain"] | EventArchive | None


class EventHistory:
    """Base for game states: `record` an event, read them back with `events_since`."""

    __slots__ = ("event_total", "latest")

    latest: EventChain
    event_total: int

    @property
    def events(self) -> list[Event]:
        """Every event so far, oldest first; setting it replaces the whole history."""
        return self.events_since(0)

    @events.setter
    def events(self, events: Iterable[Event]) -> None:
        self.latest = None
        self.event_total = 0
        for event in events:
            self.record(event)

    def events_since(self, start: int) -> list[Event]:
        """The events from index `start` on, oldest first."""
        found: list[Event] = []
        node = self.latest
        wanted = self.event_total - max(start, 0)
        while len(found) < wanted:
            if isinstance(node, EventArchive):
                stored = node.stored[len(node.stored) - (wanted - len(found)) :]
                found.extend(node.decode(event) for event in reversed(stored))
                break
            assert node is not None
            event, node = node
            found.append(event)
        found.reverse()
        return found

    def restore(self, archive: EventArchive) -> None:
        """Start the history with the archived events (a state read back from storage)."""
        self.latest = archive if archive.stored else None
        self.event_total = len(archive.stored)

    def record(self, event: Event) -> None:
        """Add an event after the others."""
        self.latest = (event, self.latest)
        self.event_total += 1

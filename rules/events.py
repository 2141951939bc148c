"""The event history every game state keeps: raw events, formatted into words only when read.

Events live in a persistent chain (newest first) that clones share, so copying a
state never copies its history and recording stays O(1).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

Event = tuple[Any, ...]
"""A raw event: (kind, actor seat or None, *details); each game formats its own kinds."""

EventChain = tuple[Event, "EventChain"] | None


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
        found = []
        node = self.latest
        for _ in range(self.event_total - max(start, 0)):
            assert node is not None
            event, node = node
            found.append(event)
        found.reverse()
        return found

    def record(self, event: Event) -> None:
        """Add an event after the others."""
        self.latest = (event, self.latest)
        self.event_total += 1

"""The XOXO computer players. Normal meets its own targets and gives nothing away; easy
looks at its own targets only, and not always.

They decide from their own view and the legal actions only, never the full state.
For each placement they lay the visible top tile of the chosen stack on the
view's board and look at the lines through that cell.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from rules.engine import JSON, Action
from rules.xoxo import KIND_OF, OWN, Cell, Place, all_lines, lines_through, shared_values
from rules.xoxo_tiles import COLOURS, FACES, SHAPES

WIN = 10_000.0
"""Meeting the last own target, or ending the game in the lead."""
MEET = 100.0
"""Each own target met by the placement."""
GIVE = 60.0
"""Times the expected number of opponents' targets a new line may meet."""
LAST_TARGET = 3.0
"""How much worse it is to give an opponent its last target (it wins)."""
PACE = 1.0
"""Drawing from the stack that suits the score: the shorter one when leading."""
OVERLOOK = 0.3
"""How often the easy player overlooks even its own targets and places anywhere."""
VALUES_OF_KIND = {"colour": COLOURS, "shape": SHAPES, "face": FACES}


@dataclass(frozen=True)
class Table:
    """What the bot reads from its view once per decision."""

    seat: int
    tops: dict[Cell, str]
    sources: dict[str, tuple[str | None, int]]
    wanted: frozenset[str]
    safe: frozenset[str]
    met: list[int]
    hidden: list[dict[str, int]]
    candidates: dict[str, int]


def read(view: Mapping[str, JSON]) -> Table:
    """The board, the stack tops and sizes, and who may still want which kind of value.

    A value cannot be an opponent's unmet target if it is one of the bot's own
    targets, a revealed target, or shows in a line already (it would be met).
    """
    seat = view["seat"]
    seats = view["seats"]
    tops = {(cell["x"], cell["y"]): cell["top"] for cell in view["cells"]}
    own = seats[seat]["stack"]
    general = view["general"]
    known = {target["value"] for info in seats for target in info["targets"] if target["value"]}
    for line in all_lines(tops):
        known.update(shared_values(*(tops[spot] for spot in line)))
    hidden = []
    for index, info in enumerate(seats):
        kinds: dict[str, int] = {}
        if index != seat:
            for target in info["targets"]:
                if not target["met"]:
                    kinds[target["kind"]] = kinds.get(target["kind"], 0) + 1
        hidden.append(kinds)
    return Table(
        seat=seat,
        tops=tops,
        sources={OWN: (own["top"], own["count"]), "general": (general["top"], general["count"])},
        wanted=frozenset(t["value"] for t in seats[seat]["targets"] if not t["met"]),
        safe=frozenset(known),
        met=[info["met"] for info in seats],
        hidden=hidden,
        candidates={
            kind: sum(value not in known for value in values)
            for kind, values in VALUES_OF_KIND.items()
        },
    )


def choose(view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
    """The best-scoring placement, ties broken at random.

    First meet own targets (the more the better; the last one wins), then
    avoid lines in a value an opponent's unmet target of that kind may hold
    (worst when it would be that opponent's last target); end the game by
    emptying a stack only when in the lead. Leading, draw from the shorter
    stack to hasten the end; behind, from the longer one.
    """
    return _best(view, legal, rng, score)


def choose_easy(view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
    """A beginner looks at its own targets only: it meets as many as it can (the last one
    wins), else places anywhere, ties broken at random. It sees neither what a line may
    give the others nor that emptying a stack ends the game, and now and then (OVERLOOK)
    it misses its own targets too."""
    if legal and rng.random() < OVERLOOK:
        return rng.choice(legal)
    return _best(view, legal, rng, own_score)


def _best(
    view: Mapping[str, JSON],
    legal: Sequence[Action],
    rng: random.Random,
    judge: Callable[[Table, Action], float],
) -> Action:
    """A placement that `judge` scores highest, ties broken at random."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    table = read(view)
    scores = [judge(table, action) for action in legal]
    best = max(scores)
    return rng.choice(
        [action for action, value in zip(legal, scores, strict=True) if value == best]
    )


def shown(table: Table, action: Action) -> set[str]:
    """The values of the lines the placement shows through its cell."""
    assert isinstance(action, Place)
    tile = table.sources[action.source][0]
    assert tile is not None
    cell = (action.x, action.y)
    tops = {**table.tops, cell: tile}
    return {
        value
        for line in lines_through(tops, cell)
        for value in shared_values(*(tops[spot] for spot in line))
    }


def own_score(table: Table, action: Action) -> float:
    """How good the placement looks to the easy player (see `choose_easy`)."""
    mine = len(shown(table, action) & table.wanted)
    return WIN if mine == len(table.wanted) else MEET * mine


def score(table: Table, action: Action) -> float:
    """How good the placement looks (see `choose`)."""
    assert isinstance(action, Place)
    count = table.sources[action.source][1]
    shown_values = shown(table, action)
    mine = len(shown_values & table.wanted)
    if mine == len(table.wanted):
        return WIN
    given = sum(danger(table, value) for value in shown_values - table.wanted)
    value = MEET * mine - GIVE * given
    my_met = table.met[table.seat] + mine
    leading = all(my_met > met for seat, met in enumerate(table.met) if seat != table.seat)
    if count == 1:
        # Emptying a stack ends the game, unless the same line hands someone their last
        # target first; ties go against the placer, so only a clear lead is safe.
        return value + (WIN if leading and not given else -WIN)
    other = table.sources["general" if action.source == OWN else OWN][1]
    shorter = count < other
    return value + (PACE if shorter == leading else 0.0)


def danger(table: Table, value: str) -> float:
    """The expected number of opponents' unmet targets a line in `value` meets."""
    if value in table.safe:
        return 0.0
    kind = KIND_OF[value]
    candidates = table.candidates[kind]
    total = 0.0
    for kinds in table.hidden:
        held = kinds.get(kind, 0)
        if held:
            weight = LAST_TARGET if sum(kinds.values()) == 1 else 1.0
            total += weight * min(held / candidates, 1.0)
    return total

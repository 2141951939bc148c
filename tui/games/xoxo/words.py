"""XOXO in words: its log, refusals, save-list status and end of game, from the engine's
typed records (rules.xoxo), in the player's language.

Tiles read as colour, shape symbol and face ("red ● happy"); targets by their value
("red", "circle", "happy"); lines by their place in the layout ("top row", "diagonal
from top right").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules.xoxo_tiles import SHAPE_SYMBOL, tile_parts
from tui.i18n import _, ngettext, pgettext
from tui.words.common import and_list

if TYPE_CHECKING:
    from rules.xoxo import EndReason, LineName, XoxoEvent, XoxoFacts


def value_word(value: str) -> str:
    """A target value (a tile's colour, shape or face) in words: "red", "circle", "happy"
    (German "rot", "Kreis", "fröhlich")."""
    return {
        "red": pgettext("xoxo", "red"),
        "yellow": pgettext("xoxo", "yellow"),
        "green": pgettext("xoxo", "green"),
        "blue": pgettext("xoxo", "blue"),
        "circle": pgettext("xoxo", "circle"),
        "cross": pgettext("xoxo", "cross"),
        "square": pgettext("xoxo", "square"),
        "triangle": pgettext("xoxo", "triangle"),
        "happy": pgettext("xoxo", "happy"),
        "sad": pgettext("xoxo", "sad"),
        "angry": pgettext("xoxo", "angry"),
        "surprised": pgettext("xoxo", "surprised"),
    }[value]


def line_word(line: LineName) -> str:
    """A line of three by its place in the layout: "top row", "diagonal from top left"."""
    return {
        "only-row": _("the row"),
        "top-row": _("top row"),
        "middle-row": _("middle row"),
        "bottom-row": _("bottom row"),
        "only-column": _("the column"),
        "left-column": _("left column"),
        "middle-column": _("middle column"),
        "right-column": _("right column"),
        "diagonal-from-top-left": _("diagonal from top left"),
        "diagonal-from-top-right": _("diagonal from top right"),
    }[line]


def tile_text(tile: str) -> str:
    """A tile as the log writes it, its shape as a symbol: "ROH" -> "red ● happy"."""
    colour, shape, face = tile_parts(tile)
    return f"{value_word(colour)} {SHAPE_SYMBOL[shape]} {value_word(face)}"


def line_words(lines: Sequence[LineName]) -> str:
    """Lines in words, as a list: "top row and right column"."""
    return and_list([line_word(line) for line in lines])


def targets_count(count: int) -> str:
    """ "1 target", "2 targets"."""
    return ngettext("{count} target", "{count} targets", count).format(count=count)


def event_text(event: XoxoEvent, names: Sequence[str]) -> str:
    """One event of the log."""
    if event["kind"] == "start":
        tiles = ngettext("{count} tile", "{count} tiles", event["tiles"])
        return _("Setup: {tiles} and {targets} each; {name} starts").format(
            tiles=tiles.format(count=event["tiles"]),
            targets=targets_count(event["targets"]),
            name=names[event["first"]],
        )
    if event["kind"] == "place":
        if event["source"] == "own":
            placed = _("{name} placed {tile} (own stack)")
        else:
            placed = _("{name} placed {tile} (general stack)")
        return placed.format(name=names[event["seat"]], tile=tile_text(event["tile"]))
    if event["kind"] == "met":
        return _("{name} met the target {value}: {lines}").format(
            name=names[event["owner"]],
            value=value_word(event["value"]),
            lines=line_words(event["lines"]),
        )
    if event["kind"] == "won":
        return _("Game over: {reason}").format(reason=reason_text(event, names))
    winner = names[event["winner"]]
    targets = targets_count(event["met"])
    if event["empty"] is None:
        text = _("Game over: the general stack is empty — {winner} wins with {targets}").format(
            winner=winner, targets=targets
        )
    else:
        text = _("Game over: {name}'s stack is empty — {winner} wins with {targets}").format(
            name=names[event["empty"]], winner=winner, targets=targets
        )
    if event["tied"]:
        return _("{text} (tie broken by turn order)").format(text=text)
    return text


def reason_text(reason: EndReason, names: Sequence[str]) -> str:
    """Why the game ended: who met all their targets, or which stack ran out and who met
    the most."""
    if reason["kind"] == "won":
        winners = reason["winners"]
        return ngettext("{names} met all targets", "{names} met all targets", len(winners)).format(
            names=and_list([names[seat] for seat in winners])
        )
    winner, count = names[reason["winner"]], reason["met"]
    if reason["empty"] is None:
        text = _("The general stack is empty: {winner} met the most targets ({count})").format(
            winner=winner, count=count
        )
    else:
        text = _("{name}'s stack is empty: {winner} met the most targets ({count})").format(
            name=names[reason["empty"]], winner=winner, count=count
        )
    if reason["tied"]:
        return _("{text}, tie broken by turn order").format(text=text)
    return text


def refusal_text(code: str, fields: Mapping[str, Any], names: Sequence[str]) -> str | None:
    """Why a placement was refused; None for the codes every game shares (a refusal of
    another seat's turn names whose turn it is)."""
    if code == "not-to-act" and "turn" in fields:
        return _("It is {name}'s turn.").format(name=names[fields["turn"]])
    if code == "game-over":
        return _("The game is over.")
    if code == "bad-source":
        return _("A tile comes from your own stack or the general stack.")
    if code == "bad-cell":
        return _("A cell is two whole numbers, x and y.")
    if code == "bad-keys":
        return _("A placement names its stack and its cell, nothing else.")
    if code == "first-tile-at-origin":
        return _("The first tile starts the layout.")
    if code == "last-tile-covered":
        return _("The tile placed last may not be covered: place on another tile.")
    if code == "grid-full":
        return _("The 3×3 is full: place on top of one of its tiles.")
    if code == "cell-taken":
        return _("This cell is taken: tiles go on top only once 9 tiles lie.")
    if code == "not-touching":
        return _("A tile goes next to one that lies: place it touching the layout.")
    if code == "too-wide":
        return _("There the layout would be {width} wide; it may be 3 at most.").format(
            width=fields["width"]
        )
    if code == "too-tall":
        return _("There the layout would be {height} tall; it may be 3 at most.").format(
            height=fields["height"]
        )
    return None


def status_text(facts: XoxoFacts) -> str:
    """The save list's line: who won, or every player's met targets and the general
    stack's size."""
    if facts["over"]:
        winners = facts["winners"]
        return ngettext("Over · {names} won", "Over · {names} won", len(winners)).format(
            names=and_list(winners)
        )
    met = ", ".join(f"{seat['name']} {seat['met']}" for seat in facts["seats"])
    return _("Targets met: {players} · general stack {count}").format(
        players=met, count=facts["general"]
    )


SETUP_WORDS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "tiles-not-list": lambda fields: ngettext(
        "the tiles must be a list of all {count} tile code, such as 'ROS'",
        "the tiles must be a list of all {count} tile codes, such as 'ROS'",
        fields["tiles"],
    ).format(count=fields["tiles"]),
    "tiles-unknown": lambda fields: _(
        "the tiles hold {given}, which is not a tile (colour RYGB, shape OXST, face HSAU)"
    ).format(given=fields["given"]),
    "tiles-repeated": lambda fields: ngettext(
        "the tiles hold {tile} {count} time", "the tiles hold {tile} {count} times", fields["count"]
    ).format(tile=fields["tile"], count=fields["count"]),
    "tiles-missing": lambda fields: ngettext(
        "the tiles must be all {count} tile; missing: {missing}",
        "the tiles must be all {count} tiles; missing: {missing}",
        fields["tiles"],
    ).format(count=fields["tiles"], missing=" ".join(fields["missing"])),
    "targets-not-list": lambda fields: _(
        "the targets must be a list per seat of target values such as 'red'"
    ),
    "targets-count": lambda fields: _(
        "the targets must be one list per seat ({seats}), not {given}"
    ).format(seats=fields["seats"], given=fields["given"]),
    "targets-seat-not-list": lambda fields: _(
        "the targets of seat {seat} must be a list of values, not {given}"
    ).format(seat=fields["seat"], given=fields["given"]),
    "targets-seat-count": lambda fields: ngettext(
        "with {players} players each seat has {count} target; seat {seat} has {given}",
        "with {players} players each seat has {count} targets; seat {seat} has {given}",
        fields["each"],
    ).format(
        players=fields["players"], count=fields["each"], seat=fields["seat"], given=fields["given"]
    ),
    "target-unknown": lambda fields: _(
        "{given} is not a target value (such as 'red', 'circle', 'sad')"
    ).format(given=fields["given"]),
    "target-twice": lambda fields: _("the target {target} is dealt twice").format(
        target=value_word(fields["target"])
    ),
}
"""The words of this game's own setup codes (`rules.engine.SetupError`), from their
fields."""

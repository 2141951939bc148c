"""Shifting Stones in words: its log, refusals, save-list status and end of game, from the
engine's typed records (rules.shifting_stones), in the player's language.

The symbols are named as the German rules name them (Sonne/Mond, Fisch/Vogel, Pferd/Boot,
Samen/Baum); the cells of the grid by their place ("top left", "the centre", German "oben
links", "in der Mitte"), so that they read after "at" and after "das Plättchen" alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tui.i18n import _, ngettext, pgettext
from tui.words.common import and_list

if TYPE_CHECKING:
    from rules.shifting_stones import (
        DrawEvent,
        DrawnCard,
        EndReason,
        SkipEvent,
        StonesEvent,
        StonesFacts,
    )


def symbol_word(symbol: str) -> str:
    """A symbol in words: "sun" (German "Sonne")."""
    return {
        "sun": pgettext("stones", "sun"),
        "moon": pgettext("stones", "moon"),
        "fish": pgettext("stones", "fish"),
        "bird": pgettext("stones", "bird"),
        "horse": pgettext("stones", "horse"),
        "boat": pgettext("stones", "boat"),
        "seed": pgettext("stones", "seed"),
        "tree": pgettext("stones", "tree"),
    }[symbol]


def cell_name(cell: int) -> str:
    """A cell of the grid by its place, row by row from 0: "top left" ... "the centre" ...
    "bottom right" (German "oben links" ... "in der Mitte" ... "unten rechts")."""
    return (
        pgettext("stones cell", "top left"),
        pgettext("stones cell", "top middle"),
        pgettext("stones cell", "top right"),
        pgettext("stones cell", "middle left"),
        pgettext("stones cell", "the centre"),
        pgettext("stones cell", "middle right"),
        pgettext("stones cell", "bottom left"),
        pgettext("stones cell", "bottom middle"),
        pgettext("stones cell", "bottom right"),
    )[cell]


def points_text(points: int) -> str:
    """ "1 point", "2 points"."""
    return ngettext("{count} point", "{count} points", points).format(count=points)


def strikes_text(strikes: int) -> str:
    """ "1 strike", "4 strikes"."""
    return ngettext("{count} strike", "{count} strikes", strikes).format(count=strikes)


def _drawn_values(cards: list[DrawnCard]) -> str:
    """The drawn cards' points, for the drawer: "1 point, 2 points"."""
    return ", ".join(points_text(card["value"]) for card in cards)


def event_text(event: StonesEvent, names: Sequence[str]) -> str:
    """One event of the log, as the engine projected it for the reader."""
    kind = event["kind"]  # for the error; the tests below narrow `event` itself
    if event["kind"] == "start":
        goal = event["goal"]
        return ngettext(
            "{name} takes the first turn; the last round begins once someone has scored"
            " {count} card",
            "{name} takes the first turn; the last round begins once someone has scored"
            " {count} cards",
            goal,
        ).format(name=names[event["first"]], count=goal)
    if event["kind"] == "solo-start":
        goal = event["goal"]
        return ngettext(
            "{name} plays solo: score the {count} card before {strikes} strikes",
            "{name} plays solo: score all {count} cards before {strikes} strikes",
            goal,
        ).format(name=names[event["seat"]], count=goal, strikes=event["max_strikes"])
    if event["kind"] == "shift":
        value = event["value"]
        return ngettext(
            "{name} shifted the stones at {a} and {b} (discarded a {value}-point card)",
            "{name} shifted the stones at {a} and {b} (discarded a {value}-point card)",
            value,
        ).format(
            name=names[event["seat"]], a=cell_name(event["a"]), b=cell_name(event["b"]), value=value
        )
    if event["kind"] == "flip":
        value = event["value"]
        return ngettext(
            "{name} flipped the {was} at {cell} to {now} (discarded a {value}-point card)",
            "{name} flipped the {was} at {cell} to {now} (discarded a {value}-point card)",
            value,
        ).format(
            name=names[event["seat"]],
            was=symbol_word(event["was"]),
            cell=cell_name(event["cell"]),
            now=symbol_word(event["now"]),
            value=value,
        )
    if event["kind"] == "score":
        value = event["value"]
        return ngettext(
            "{name} scored a {value}-point card", "{name} scored a {value}-point card", value
        ).format(name=names[event["seat"]], value=value)
    if event["kind"] in ("skip", "draw"):
        return _drawn_text(event, names[event["seat"]])
    if event["kind"] == "end":
        if event["hand_empty"]:
            return _("{name}'s hand is empty: the turn ends").format(name=names[event["seat"]])
        return _("{name} ended the turn").format(name=names[event["seat"]])
    if event["kind"] == "reshuffle":
        count = event["count"]
        return ngettext(
            "The discard pile is shuffled into a new draw pile ({count} card)",
            "The discard pile is shuffled into a new draw pile ({count} cards)",
            count,
        ).format(count=count)
    if event["kind"] == "last-round":
        count = event["scored"]
        return ngettext(
            "Last round: {name} has scored {count} card",
            "Last round: {name} has scored {count} cards",
            count,
        ).format(name=names[event["seat"]], count=count)
    if event["kind"] == "strike":
        return _("Strike {number} of {count}").format(
            number=event["number"], count=event["max_strikes"]
        )
    if event["kind"] == "solo-over":
        name = names[event["seat"]]
        if event["won"]:
            return _("Game over: {name} scored every card and wins").format(name=name)
        return _("Game over: {strikes} — {name} loses").format(
            strikes=strikes_text(event["max_strikes"]), name=name
        )
    if event["kind"] == "over":
        winners, points = event["winners"], event["points"]
        if len(winners) > 1:
            return ngettext(
                "Game over: {names} share the win with {count} point",
                "Game over: {names} share the win with {count} points",
                points,
            ).format(names=and_list([names[seat] for seat in winners]), count=points)
        return ngettext(
            "Game over: {name} wins with {count} point",
            "Game over: {name} wins with {count} points",
            points,
        ).format(name=names[winners[0]], count=points)
    raise ValueError(f"not a Shifting Stones event: {kind!r}")


def _drawn_text(event: SkipEvent | DrawEvent, name: str) -> str:
    """A skip's or a refill's cards: how many, and for the drawer their points."""
    count = event["count"]
    skipped = event["kind"] == "skip"
    if not count:
        if skipped:
            return _("{name} skipped and drew no cards: both piles are empty").format(name=name)
        return _("{name} drew no cards: both piles are empty").format(name=name)
    if "cards" in event:
        if skipped:
            said = ngettext(
                "{name} skipped and drew {count} card: {points}",
                "{name} skipped and drew {count} cards: {points}",
                count,
            )
        else:
            said = ngettext(
                "{name} drew {count} card: {points}", "{name} drew {count} cards: {points}", count
            )
        return said.format(name=name, count=count, points=_drawn_values(event["cards"]))
    if skipped:
        said = ngettext(
            "{name} skipped and drew {count} card", "{name} skipped and drew {count} cards", count
        )
    else:
        said = ngettext("{name} drew {count} card", "{name} drew {count} cards", count)
    return said.format(name=name, count=count)


def refusal_text(code: str, fields: Mapping[str, Any], names: Sequence[str]) -> str | None:
    """Why an action was refused, for the codes of Shifting Stones (rules.shifting_stones);
    None for the codes every game shares."""
    if code == "not-to-act" and "turn" in fields:
        return _("It is {name}'s turn.").format(name=names[fields["turn"]])
    if code == "bad-action" and fields.get("field") in ("card", "a", "b", "cell"):
        return _("A move names its card and its stones by whole numbers, not {value}.").format(
            value=fields["value"]
        )
    if code == "bad-keys":
        return _("A move of this kind has exactly the keys {keys}.").format(
            keys=", ".join(str(key) for key in fields["keys"])
        )
    if code == "skip-twice":
        return _("{name} skipped last turn and may not skip twice in a row.").format(
            name=names[fields["seat"]]
        )
    if code == "no-such-card":
        return _("There is no card {card}: cards are {first} to {last}.").format(
            card=fields["card"], first=fields["first"], last=fields["last"]
        )
    if code == "card-scored":
        return _("Card {card} is already scored.").format(card=fields["card"])
    if code == "not-in-hand":
        return _("Card {card} is not in {name}'s hand.").format(
            card=fields["card"], name=names[fields["seat"]]
        )
    if code == "no-such-cell":
        return _("There is no cell {cell}: cells are 0 to 8, row by row.").format(
            cell=fields["cell"]
        )
    if code == "not-neighbours":
        return _(
            "The stones at {a} and {b} are not neighbours: shift two stones side by side or"
            " one above the other."
        ).format(a=cell_name(fields["a"]), b=cell_name(fields["b"]))
    if code == "no-match":
        return _mismatch_text(fields)
    return {
        "game-over": _("The game is over."),
        "skip-after-action": _("Skipping takes the whole turn: not after an action."),
        "cells-out-of-order": _("Name the lower cell first."),
    }.get(code)


def _mismatch_text(fields: Mapping[str, Any]) -> str:
    """Why a card cannot be scored: each cell that shows another symbol than it needs."""
    needs = and_list(
        [
            _("{symbol} at {cell} (shows {shown})").format(
                symbol=symbol_word(need["symbol"]),
                cell=cell_name(need["cell"]),
                shown=symbol_word(need["shows"]),
            )
            for need in fields["needs"]
        ]
    )
    value = fields["value"]
    return ngettext(
        "This {value}-point card does not match: it needs {needs}.",
        "This {value}-point card does not match: it needs {needs}.",
        value,
    ).format(value=value, needs=needs)


def status_text(facts: StonesFacts) -> str:
    """The save list's line: every player's points and the draw pile, or who won; solo,
    the cards scored and the strikes."""
    if facts["phase"] == "solo":
        scored = _("{scored} of {goal} scored").format(scored=facts["scored"], goal=facts["goal"])
        if facts["over"]:
            if facts["won"]:
                return _("Over · won · {scored}").format(scored=scored)
            return _("Over · lost · {scored}").format(scored=scored)
        return _("{scored} · strikes {strikes}/{count}").format(
            scored=scored, strikes=facts["strikes"], count=facts["max_strikes"]
        )
    if facts["phase"] == "over":
        winners = facts["winners"]
        return ngettext(
            "Over · {names} won with {points}", "Over · {names} won with {points}", len(winners)
        ).format(names=and_list(winners), points=short_points(facts["points"]))
    players = ", ".join(f"{seat['name']} {short_points(seat['points'])}" for seat in facts["seats"])
    if facts["last_round"]:
        said = _("{players} · draw {count} · last round")
    else:
        said = _("{players} · draw {count}")
    return said.format(players=players, count=facts["draw"])


def short_points(points: int) -> str:
    """Points in short: "1 pt", "22 pts" (German "1 Pkt.")."""
    return ngettext("{count} pt", "{count} pts", points).format(count=points)


def reason_text(reason: EndReason, names: Sequence[str]) -> str:
    """Why the game ended: who began the last round and who has the most points; solo,
    every card scored or the strikes."""
    if reason["kind"] == "solo-won":
        goal = reason["goal"]
        return ngettext(
            "{name} scored the {count} card", "{name} scored all {count} cards", goal
        ).format(name=names[reason["seat"]], count=goal)
    if reason["kind"] == "solo-lost":
        return _("{name} got {strikes}").format(
            name=names[reason["seat"]], strikes=strikes_text(reason["strikes"])
        )
    scored = ngettext(
        "{name} scored {count} card", "{name} scored {count} cards", reason["scored"]
    ).format(name=names[reason["trigger"]], count=reason["scored"])
    winners = reason["winners"]
    most = ngettext(
        "{names} has the most points ({points})",
        "{names} share the most points ({points})",
        len(winners),
    ).format(names=and_list([names[seat] for seat in winners]), points=reason["points"])
    return _("{scored}; {most}").format(scored=scored, most=most)


def _stones_count(fields: Mapping[str, Any]) -> str:
    return ngettext(
        "there are {given} {sides} stones; the game has one",
        "there are {given} {sides} stones; the game has {count}",
        fields["count"],
    ).format(
        given=fields["given"],
        sides="/".join(symbol_word(side) for side in fields["sides"]),
        count=fields["count"],
    )


SETUP_WORDS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "edition-unknown": lambda fields: _(
        "there is no edition {given} of the cards (editions: {editions})"
    ).format(
        given=fields["given"], editions=", ".join(str(edition) for edition in fields["editions"])
    ),
    "stones-not-grid": lambda fields: ngettext(
        "the stones must be a list of {count} (up, down) pair such as ('sun', 'moon')",
        "the stones must be a list of {count} (up, down) pairs such as ('sun', 'moon')",
        fields["cells"],
    ).format(count=fields["cells"]),
    "stone-not-pair": lambda fields: _(
        "the stone at {cell} must be an (up, down) pair of symbols, not {given}"
    ).format(cell=cell_name(fields["cell"]), given=fields["given"]),
    "stone-sides": lambda fields: _(
        "at {cell}, {up} and {down} are not the two sides of one stone"
    ).format(
        cell=cell_name(fields["cell"]),
        up=symbol_word(fields["up"]),
        down=symbol_word(fields["down"]),
    ),
    "stones-count": _stones_count,
    "deck-not-ids": lambda fields: _(
        "the deck must be a list of card ids from {low} to {high}, the top card first"
    ).format(low=fields["low"], high=fields["high"]),
    "deck-unknown-id": lambda fields: _(
        "the deck holds {given}, which is not a card id ({low} to {high})"
    ).format(given=fields["given"], low=fields["low"], high=fields["high"]),
    "deck-card-repeated": lambda fields: ngettext(
        "the deck holds card {card} {count} time",
        "the deck holds card {card} {count} times",
        fields["count"],
    ).format(card=fields["card"], count=fields["count"]),
}
"""The words of this game's own setup codes (`rules.engine.SetupError`), from their
fields."""

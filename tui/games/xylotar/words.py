"""Xylotar in words: its log, refusals, save-list status and end of game, from the
engine's typed records (rules.xylotar), in the player's language.

Colours are named in full ("yellow 7", German "Gelb 7"). The cards on the table carry a
letter per colour, from the colour's name in the player's language and unlike the seven
others' (`colour_letter`): German initials alone would clash (gelb and grün, rot and rosa).
Slots are counted from 1, the leftmost, as a player counts the cards in a row. The side
players of a two-player game are named by the engine in English ("West", "East", and so
stored); the table and the save list say them in the player's language (`shown_names`,
`engine_side_name`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tui.i18n import _, language, ngettext, pgettext

if TYPE_CHECKING:
    from rules.xylotar import PeekEvent, ScoreEvent, XylotarEvent, XylotarFacts, XylotarReason


def colour_name(colour: str) -> str:
    """A colour letter in words: "Y" -> "yellow" (German "Gelb")."""
    return {
        "R": pgettext("xylotar", "red"),
        "O": pgettext("xylotar", "orange"),
        "Y": pgettext("xylotar", "yellow"),
        "G": pgettext("xylotar", "green"),
        "T": pgettext("xylotar", "turquoise"),
        "B": pgettext("xylotar", "blue"),
        "P": pgettext("xylotar", "purple"),
        "K": pgettext("xylotar", "pink"),
    }[colour]


def card_name(card: str) -> str:
    """A card in words: "Y7" -> "yellow 7" (German "Gelb 7")."""
    return f"{colour_name(card[0])} {card[1:]}"


COLOUR_LETTERS = {
    "en": {"R": "R", "O": "O", "Y": "Y", "G": "G", "T": "T", "B": "B", "P": "P", "K": "K"},
    "de": {"R": "R", "O": "O", "Y": "G", "G": "Ü", "T": "T", "B": "B", "P": "L", "K": "S"},
}
"""The letter each colour's cards show, per language: the initial of its name, else another
letter of it where initials clash (German: Ü for grün beside G for gelb, S for rosa beside
R for rot)."""


def colour_letter(colour: str) -> str:
    """The letter a card of this colour shows: "Y" -> "Y" (German "G", for gelb)."""
    return COLOUR_LETTERS.get(language(), COLOUR_LETTERS["en"])[colour]


def side_name(name: str) -> str:
    """A side player's name from the engine ("West", "East") in the player's language."""
    return {
        "West": pgettext("xylotar side player", "West"),
        "East": pgettext("xylotar side player", "East"),
    }.get(name, name)


def engine_side_name(name: str) -> str:
    """A side player's whole name as the engine gives it ("East", "West (side)", "West
    (side player)") in the player's language."""
    side, _space, mark = name.partition(" ")
    said = side_name(side)
    return {
        "": said,
        "(side)": _("{side} (side)").format(side=said),
        "(side player)": _("{side} (side player)").format(side=said),
    }.get(mark, name)


def shown_names(players: Sequence[str], side_seats: Sequence[int]) -> list[str]:
    """The seat names as the table shows them: the side players' in the player's
    language, and, as the engine does, "West (side)" or "West (side player)" where a
    player already has that name."""
    taken = {name.casefold() for seat, name in enumerate(players) if seat not in side_seats}
    shown = list(players)
    for seat in side_seats:
        side = side_name(players[seat].split(" ", 1)[0])
        candidates = (
            side,
            _("{side} (side)").format(side=side),
            _("{side} (side player)").format(side=side),
        )
        shown[seat] = next((c for c in candidates if c.casefold() not in taken), players[seat])
    return shown


def or_list(items: Sequence[str]) -> str:
    """ "yellow", "yellow or green", "yellow, green or blue"."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def event_text(event: XylotarEvent, names: Sequence[str]) -> str:
    """One event of the log, as the engine projected it for the reader."""
    if event["kind"] == "round":
        return _("Round {round} (trump {colour}) is dealt for sorting; {name} will lead").format(
            round=event["round"], colour=colour_name(event["trump"]), name=names[event["leader"]]
        )
    if event["kind"] == "sorted":
        return _("{sorter} sorted {holder}'s xylotar").format(
            sorter=names[event["sorter"]], holder=names[event["holder"]]
        )
    if event["kind"] == "peek":
        return _peek_text(event, names)
    if event["kind"] == "trick":
        return _("{name} won the trick ({cards})").format(
            name=names[event["winner"]], cards=", ".join(card_name(c) for c in event["cards"])
        )
    if event["kind"] == "score":
        return _score_text(event, names)
    if event["kind"] == "extra-round":
        return _("Still tied after the tie-break: another round is played")
    if event["kind"] == "over":
        if event["tie_break"] == "bid":
            said = _(
                "Game over: {name} wins the tie by meeting the last bid with the fewest tricks"
            )
        else:
            said = _("Game over: {name} wins")
        return said.format(name=names[event["winner"]])
    said = {
        "bid": _("{name} bid {card}"),
        "side-bid": _("{name} bids its middle card: {card}"),
        "last-card-bid": _("{name}'s last face-down card becomes the bid: {card}"),
        "play": _("{name} played {card}"),
    }[event["kind"]]
    return said.format(name=names[event["seat"]], card=card_name(event["card"]))


def _peek_text(event: PeekEvent, names: Sequence[str]) -> str:
    """Which two cards a seat looked at to bid; their values only in the peeker's log."""
    first, second = (slot + 1 for slot in event["slots"])
    name = names[event["seat"]]
    cards = event["cards"]
    if cards is None:
        return _("{name} looked at cards {first} and {second} from the left to bid").format(
            name=name, first=first, second=second
        )
    return _(
        "{name} looked at cards {first} and {second} from the left to bid ({one}, {two})"
    ).format(
        name=name, first=first, second=second, one=card_name(cards[0]), two=card_name(cards[1])
    )


def _score_text(event: ScoreEvent, names: Sequence[str]) -> str:
    """A round's points per player, and what the side players' met bids cancelled."""
    points = ", ".join(
        f"{names[seat]} {gained}"
        for seat, gained in enumerate(event["points"])
        if gained is not None
    )
    if event["cancel"] == "tricks":
        said = _("Round {round} scores: {points} (a side player met its bid: no trick points)")
    elif event["cancel"] == "all":
        said = _("Round {round} scores: {points} (both side players met their bids: no points)")
    else:
        said = _("Round {round} scores: {points}")
    return said.format(round=event["round"], points=points)


def refusal_text(code: str, fields: Mapping[str, Any], names: Sequence[str]) -> str | None:
    """Why a move was refused, for Xylotar's own codes (and whose turn it is); None for
    the codes every game shares."""
    if code == "not-to-act" and "seat" in fields:
        return _("It is {name}'s turn.").format(name=names[fields["seat"]])
    if code in ("not-to-act", "not-legal", "bad-action"):
        return None
    if code == "sort-highest-value":
        return _("The next value is {value}: choose {colours}.").format(
            value=fields["value"], colours=or_list([colour_name(c) for c in fields["colours"]])
        )
    if code == "sort-now":
        return _("You are sorting {holder}'s xylotar: choose a colour.").format(
            holder=names[fields["holder"]]
        )
    if code == "no-such-slot":
        count = fields["count"]
        return ngettext(
            "There is no such card: the xylotar has {count} card.",
            "There is no such card: the xylotar has {count} cards.",
            count,
        ).format(count=count)
    if code in ("slot-played", "bid-never-played"):
        said = {
            "slot-played": _("Card {number} from the left has already been played."),
            "bid-never-played": _(
                "Card {number} from the left is your bid, which is never played."
            ),
        }[code]
        return said.format(number=fields["slot"] + 1)
    if code == "follow-colour":
        return _("Follow {colour}: play a {colour} card.").format(
            colour=colour_name(fields["colour"])
        )
    if code in ("bid-peeked-slot", "peek-neighbours"):
        first, second = (slot + 1 for slot in fields["slots"])
        said = {
            "bid-peeked-slot": _(
                "Bid one of the two cards you looked at: card {first} or {second} from the left."
            ),
            "peek-neighbours": _(
                "Cards {first} and {second} from the left are not neighbouring face-down cards."
            ),
        }[code]
        return said.format(first=first, second=second)
    return {
        "game-over": _("The game is over."),
        "play-now": _("Play a card now."),
        "lead-not-leftmost": _(
            "The leader may not lead the leftmost card, except in the last trick."
        ),
        "peek-before-bid": _("Peek at two neighbouring cards before bidding."),
        "bid-or-pass": _("You may bid now or pass, not play."),
    }.get(code)


def status_text(facts: XylotarFacts) -> str:
    """The save list's line: the round and the trick, or whose hand is being sorted (a
    side player's in the player's language; saves from before the facts said so keep the
    engine's name), or who won."""
    if facts["phase"] == "over":
        return _("Over · {name} won").format(name=facts["winner"])
    if facts["phase"] == "sort":
        holder = engine_side_name(facts["holder"]) if facts.get("side") else facts["holder"]
        return _("Round {round} · sorting {name}'s xylotar").format(
            round=facts["round"], name=holder
        )
    if facts["bidder"] is not None:
        said = _("Round {round} · trick {trick} of {tricks} · {name} may bid")
    else:
        said = _("Round {round} · trick {trick} of {tricks}")
    return said.format(
        round=facts["round"], trick=facts["trick"], tricks=facts["tricks"], name=facts["bidder"]
    )


def reason_text(reason: XylotarReason, names: Sequence[str]) -> str:
    """Why the winner won: the most points, maybe through the tie-break, maybe after extra
    rounds."""
    name, points, extra = names[reason["winner"]], reason["points"], reason["extra_rounds"]
    tie_break = reason["tie_break"] == "bid"
    if extra and tie_break:
        said = ngettext(
            "{name} has the most points ({points}), tied, and met the last bid with the fewest"
            " tricks, after {count} extra round to break a tie",
            "{name} has the most points ({points}), tied, and met the last bid with the fewest"
            " tricks, after {count} extra rounds to break a tie",
            extra,
        )
    elif extra:
        said = ngettext(
            "{name} has the most points ({points}), after {count} extra round to break a tie",
            "{name} has the most points ({points}), after {count} extra rounds to break a tie",
            extra,
        )
    elif tie_break:
        said = _(
            "{name} has the most points ({points}), tied, and met the last bid with the fewest"
            " tricks"
        )
    else:
        said = _("{name} has the most points ({points})")
    return said.format(name=name, points=points, count=extra)


SETUP_WORDS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "deal-not-hands": lambda fields: ngettext(
        "the deal must be a list of {count} hand",
        "the deal must be a list of {count} hands",
        fields["hands"],
    ).format(count=fields["hands"]),
    "hand-size": lambda fields: ngettext(
        "the hand of seat {seat} has {count} card, not {size}",
        "the hand of seat {seat} has {count} cards, not {size}",
        fields["cards"],
    ).format(seat=fields["seat"], count=fields["cards"], size=fields["size"]),
    "deal-cards": lambda fields: ngettext(
        "the hands must hold each of the {count} card in play once",
        "the hands must hold each of the {count} cards in play once",
        fields["cards"],
    ).format(count=fields["cards"]),
}
"""The words of this game's own setup codes (`rules.engine.SetupError`), from their
fields."""

"""3 x 3 in words: the log, refusals, the save list's status and the end of a game, said
from the engine's typed data (rules.three_by_three) in the player's language.

Cards are written as players write them, rank then suit symbol ("10♥", "Q♠"); in German
jack, queen, king and ace are B, D, K and A.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from rules.engine import JSON
from rules.three_by_three_cards import SUIT_SYMBOL, rank_label
from tui.i18n import N_, _, ngettext, pgettext
from tui.words.common import and_list, ordinal

if TYPE_CHECKING:
    from rules.three_by_three import (
        EndReason,
        PlayEvent,
        RunEvent,
        ThreeByThreeEvent,
        ThreeByThreeFacts,
    )

RUN_WORDS = {4: N_("Four"), 5: N_("Five"), 6: N_("Six"), 7: N_("Seven"), 8: N_("Eight")}
"""How many cards of one rank lay in a row, as a word (two decks make at most 8)."""
FACE_PLURALS = {"J": N_("jacks"), "Q": N_("queens"), "K": N_("kings"), "A": N_("aces")}
"""The face ranks in the plural, for a run that burns the pile."""


def rank_text(rank: str) -> str:
    """A rank character as players write it: "10" for "T", the numbers as they are, J, Q,
    K and A in the player's language."""
    if rank == "J":
        return pgettext("card rank", "J")
    if rank == "Q":
        return pgettext("card rank", "Q")
    if rank == "K":
        return pgettext("card rank", "K")
    if rank == "A":
        return pgettext("card rank", "A")
    return rank_label(rank)


def card_text(card: str) -> str:
    """A card as players write it: rank then suit symbol, e.g. "10♥", "Q♠" ("D♠")."""
    return rank_text(card[0]) + SUIT_SYMBOL[card[1]]


def cards_text(cards: Iterable[str]) -> str:
    """Cards written one after the other: "7♦ 7♥"."""
    return " ".join(card_text(card) for card in cards)


def need_text(top: str | None) -> str:
    """What the next play must be on a pile topped by rank `top` (None: an empty pile)."""
    if top is None or top == "2":
        return _("any card")
    if top == "7":
        return _("7 or lower, or a 10")
    if top == "A":
        return _("{rank}, or a 2 or 10").format(rank=rank_text(top))
    return _("{rank} or higher, or a 2 or 10").format(rank=rank_text(top))


def event_text(event: ThreeByThreeEvent, names: Sequence[str]) -> str:
    """One event of the log, as the engine projected it for the reader."""
    if event["kind"] == "deal":
        return _(
            "{dealer} dealt. Tour 1: each player chooses 3 face-up cards, {first} first"
        ).format(dealer=names[event["dealer"]], first=names[event["first"]])
    if event["kind"] == "start":
        first = names[event["first"]]
        if event["tour"] == 3:
            return _("The draw pile is empty: tour 3 begins — {name} plays first").format(
                name=first
            )
        return _("Tour 2 begins: {name} plays first").format(name=first)
    if event["kind"] == "tour-3":
        return _("The draw pile is empty: tour 3 begins")
    if event["kind"] == "over":
        return _("Game over: {name} holds the last cards and loses").format(
            name=names[event["loser"]]
        )
    if event["kind"] == "repeat":
        return _(
            "Game over: the same position came round a third time. "
            "{names} share {place} place; nobody loses"
        ).format(
            names=and_list([names[seat] for seat in event["seats"]]), place=ordinal(event["place"])
        )
    name = names[event["seat"]]
    if event["kind"] == "swap":
        return _("{name} put {cards} face up").format(name=name, cards=cards_text(event["cards"]))
    if event["kind"] == "play":
        return _play_text(event, name)
    if event["kind"] == "run":
        return _run_text(event, name)
    if event["kind"] == "draw":
        if "cards" in event:
            return _("{name} drew {cards}").format(name=name, cards=cards_text(event["cards"]))
        count = event["count"]
        return ngettext("{name} drew {count} card", "{name} drew {count} cards", count).format(
            name=name, count=count
        )
    if event["kind"] == "take":
        count = event["count"]
        return ngettext(
            "{name} could not play and took the pile ({count} card)",
            "{name} could not play and took the pile ({count} cards)",
            count,
        ).format(name=name, count=count)
    if event["kind"] == "miss":
        count = event["count"]
        return ngettext(
            "{name} turned up a face-down {card}: it does not fit — "
            "{name} takes the pile ({count} card)",
            "{name} turned up a face-down {card}: it does not fit — "
            "{name} takes the pile ({count} cards)",
            count,
        ).format(name=name, card=card_text(event["card"]), count=count)
    if event["kind"] == "out":
        return _("{name} is out in {place} place").format(name=name, place=ordinal(event["place"]))
    raise ValueError(f"not a 3 x 3 event: {event['kind']!r}")


def _play_text(event: PlayEvent, name: str) -> str:
    """A play: the cards and where from; a burn and a replay, or what may follow."""
    source, cards, count = event["source"], cards_text(event["cards"]), event["burned"]
    if event["burn"] == "ten":
        if source == "face-down":
            text = ngettext(
                "{name} turned up a face-down {cards} and burned the pile ({count} card)",
                "{name} turned up a face-down {cards} and burned the pile ({count} cards)",
                count,
            )
        elif source == "face-up":
            text = ngettext(
                "{name} played face-up {cards} and burned the pile ({count} card)",
                "{name} played face-up {cards} and burned the pile ({count} cards)",
                count,
            )
        else:
            text = ngettext(
                "{name} played {cards} and burned the pile ({count} card)",
                "{name} played {cards} and burned the pile ({count} cards)",
                count,
            )
        said = text.format(name=name, cards=cards, count=count)
        return said + (_(" — {name} plays again").format(name=name) if event["again"] else "")
    if source == "face-down":
        said = _("{name} turned up a face-down {cards} and played it")
    elif source == "face-up":
        said = _("{name} played face-up {cards}")
    else:
        said = _("{name} played {cards}")
    said = said.format(name=name, cards=cards)
    if event["burn"] is not None:
        return said
    rank = event["cards"][0][0]
    if rank == "7":
        return said + _(" — next play 7 or lower")
    if rank == "2":
        return said + _(" — any card may follow")
    return said


def _run_text(event: RunEvent, name: str) -> str:
    """Four or more of one rank in a row burned the pile."""
    run, rank, count = event["count"], event["rank"], event["burned"]
    run_word = _(RUN_WORDS[run]) if run in RUN_WORDS else str(run)
    if rank in FACE_PLURALS:
        ranks = _(FACE_PLURALS[rank])
    else:
        ranks = _("{rank}s").format(rank=rank_text(rank))
    said = ngettext(
        "{run} {ranks} in a row: the pile burns ({count} card)",
        "{run} {ranks} in a row: the pile burns ({count} cards)",
        count,
    ).format(run=run_word, ranks=ranks, count=count)
    return said + (_(" — {name} plays again").format(name=name) if event["again"] else "")


def refusal_text(code: str, fields: Mapping[str, JSON], names: Sequence[str]) -> str | None:
    """Why a move was refused, for the codes of 3 x 3 (rules.three_by_three); None for the
    codes every game shares."""
    if code == "game-over":
        return _("The game is over.")
    if code == "bad-keys":
        return _("A move of this kind has exactly the keys {keys}.").format(
            keys=", ".join(str(key) for key in fields["keys"])
        )
    if code == "bad-cards":
        return _("The cards of a move are given as a list.")
    if code == "not-a-card":
        return _("{card} is not a card.").format(card=repr(fields["card"]))
    if code == "bad-source":
        return _("A play comes from the hand or the face-up cards.")
    if code == "bad-slot":
        return _("A face-down slot is 0, 1 or 2, not {slot}.").format(slot=repr(fields["slot"]))
    if code == "no-cards":
        return _("A play needs at least one card.")
    if code == "out-of-order":
        return _("List the cards in order: {cards}.").format(cards=cards_text(fields["cards"]))
    if code == "face-up-count":
        return _("Choose exactly 3 face-up cards, not {count}.").format(count=fields["count"])
    if code == "not-held":
        card = card_text(fields["card"])
        if fields["where"] == "hand":
            return _("{card} is not in the hand.").format(card=card)
        if fields["where"] == "face-up":
            return _("{card} is not among the face-up cards.").format(card=card)
        return _("{card} is not among the hand or face-up cards.").format(card=card)
    if code == "tour-1-choose":
        return _("Tour 1: {name} first chooses 3 face-up cards.").format(name=names[fields["seat"]])
    if code == "tour-1-only":
        return _("Face-up cards are chosen in tour 1 only.")
    if code == "face-down-now":
        return _("{name} has no hand or face-up cards left and turns up a face-down card.").format(
            name=names[fields["seat"]]
        )
    if code == "face-down-later":
        return _("Face-down cards are turned up only when hand and face-up cards are gone.")
    if code == "slot-empty":
        return _("Face-down slot {slot} is already empty.").format(slot=fields["slot"])
    if code == "hand-first":
        return _("Face-up cards are played only once the hand is empty.")
    if code == "hand-empty":
        return _("{name}'s hand is empty: play from the face-up cards.").format(
            name=names[fields["seat"]]
        )
    if code == "mixed-ranks":
        return _("The cards of one play must all have the same rank.")
    if code == "does-not-fit":
        cards, top = fields["cards"], fields["top"]
        return ngettext(
            "{cards} does not fit on {top}: next play {need}.",
            "{cards} do not fit on {top}: next play {need}.",
            len(cards),
        ).format(cards=cards_text(cards), top=card_text(top), need=need_text(top[0]))
    if code == "can-play":
        return _("{name} can play, so {name} may not take the pile.").format(
            name=names[fields["seat"]]
        )
    return None


def status_text(facts: ThreeByThreeFacts) -> str:
    """The save list's line: tour 1's choices, tours 2 and 3's piles, or who won."""
    if facts["phase"] == "over":
        if not facts.get("shared"):
            return _("Over · {name} won").format(name=facts["winner"])
        if facts["winner"] is None:
            return _("Over · position repeated · all share 1st")
        return _("Over · {name} won · position repeated").format(name=facts["winner"])
    if facts["phase"] == "swap":
        return _("Tour 1 · {ready} of {players} ready").format(
            ready=facts["ready"], players=facts["players"]
        )
    if facts["tour"] == 2:
        return _("Tour 2 · pile {pile} · draw {draw}").format(
            pile=facts["pile"], draw=facts["draw"]
        )
    said = _("Tour 3 · pile {pile}").format(pile=facts["pile"])
    if facts["out"]:
        said += _(" · {out} out").format(out=facts["out"])
    return said


def reason_text(reason: EndReason, names: Sequence[str]) -> str:
    """Why the game ended: who got rid of all cards first, who held the last; or that the
    same position came round a third time (our rule) and who shares the places left."""
    if reason["kind"] == "repetition":
        shared = and_list([names[seat] for seat in reason["seats"]])
        place = ordinal(reason["place"])
        if reason["winner"] is None:
            return _(
                "The same position came round a third time: by our house rule the game ends "
                "and {names} share {place} place"
            ).format(names=shared, place=place)
        return _(
            "{winner} got rid of all cards first. The same position came round a third "
            "time: by our house rule the game ends and {names} share {place} place"
        ).format(winner=names[reason["winner"]], names=shared, place=place)
    return _("{winner} got rid of all cards first; {loser} held the last cards").format(
        winner=names[reason["winner"]], loser=names[reason["loser"]]
    )


def _deck_too_small(fields: Mapping[str, JSON]) -> str:
    has = ngettext("the deck has {count} card", "the deck has {count} cards", fields["cards"])
    need = ngettext(
        "{count} player needs at least {least}",
        "{count} players need at least {least}",
        fields["players"],
    )
    return "; ".join(
        (
            has.format(count=fields["cards"]),
            need.format(count=fields["players"], least=fields["least"]),
        )
    )


def _deck_card_too_often(fields: Mapping[str, JSON]) -> str:
    return ngettext(
        "the deck holds {card} {times} times, but {players} players use one deck",
        "the deck holds {card} {times} times, but {players} players use {count} decks",
        fields["decks"],
    ).format(
        card=fields["card"], times=fields["count"], players=fields["players"], count=fields["decks"]
    )


SETUP_WORDS: dict[str, Callable[[Mapping[str, JSON]], str]] = {
    "deck-not-list": lambda fields: _("the deck must be a list of cards such as ['TH', '7C']"),
    "deck-unknown-card": lambda fields: _(
        "the deck holds {given}, which is not a card (such as 'TH', '7C', 'AS')"
    ).format(given=fields["given"]),
    "deck-card-too-often": _deck_card_too_often,
    "deck-too-small": _deck_too_small,
    "repetition-not-bool": lambda fields: _(
        "the repetition rule is on (True) or off (False), not {given}"
    ).format(given=fields["given"]),
}
"""The words of this game's own setup codes (`rules.engine.SetupError`), from their
fields."""

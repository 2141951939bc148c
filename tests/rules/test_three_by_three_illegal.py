"""Illegal actions are refused with the rule's code and leave the state as it was."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations

import pytest

from rules import Action, IllegalAction
from rules.bots.three_by_three import choose
from rules.three_by_three import TAKE, Blind, ChooseFaceUp, Play, ThreeByThreeState
from rules.three_by_three_cards import FULL_DECK, sort_cards

from staging import GAME, NAMES, Seat, play, table

DRAW = "5C 5D 5H 6C 6D"


def snapshot(state: ThreeByThreeState) -> tuple[object, ...]:
    """Every fact of the state, as comparable values (not the remembered legal actions)."""
    fields = [
        name for name in ThreeByThreeState.__slots__ if name not in ("rng", "legal", "latest")
    ]
    values = [getattr(state, name) for name in fields] + [state.events]
    return tuple(tuple(value) if isinstance(value, list) else value for value in values)


@dataclass(frozen=True)
class Shout(Action):
    """An action of some other game."""

    def to_json(self) -> dict[str, str]:
        return {"type": "shout"}


def test_an_illegal_action_leaves_the_state_unchanged() -> None:
    state = play(table(Seat(hand="9H JC QC"), Seat(hand="4S 9S KD"), draw=DRAW), 0, "9H")
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        play(state, 1, "4S")
    assert snapshot(state) == before


def test_a_legal_action_returns_a_new_state_and_leaves_the_old_one_unchanged() -> None:
    state = table(Seat(hand="9H JC QC"), Seat(hand="4S 9S KD"), draw=DRAW)
    before = snapshot(state)
    after = play(state, 0, "9H")
    assert snapshot(state) == before
    assert after is not state and snapshot(after) != before


def test_changing_the_list_of_legal_actions_changes_nothing() -> None:
    state = table(Seat(hand="9H JC QC"), Seat(), draw=DRAW)
    GAME.legal_actions(state, 0).clear()
    assert GAME.legal_actions(state, 1) == []
    assert len(GAME.legal_actions(state, 0)) == 3
    assert snapshot(play(state, 0, "9H")) != snapshot(state)


def test_only_the_player_whose_turn_it_is_may_act() -> None:
    state = table(Seat(hand="9H JC QC"), Seat(hand="4S 9S KD"), draw=DRAW)
    with pytest.raises(IllegalAction) as refused:
        play(state, 1, "9S")
    assert (refused.value.code, refused.value.fields) == ("not-to-act", {"turn": 0})
    assert GAME.legal_actions(state, 1) == []


@pytest.mark.parametrize(
    ("action", "code", "fields"),
    [
        (Play("hand", ("AS",)), "not-held", {"card": "AS", "where": "hand"}),
        (Play("hand", ("JC", "QC")), "mixed-ranks", {}),
        (Play("hand", ()), "no-cards", {}),
        (Play("hand", ["9H"]), "bad-cards", {}),  # type: ignore[arg-type]
        (Play("hand", ("ZZ",)), "not-a-card", {"card": "ZZ"}),
        (Play("hand", ("9S", "9H")), "out-of-order", {"cards": ["9H", "9S"]}),
        (Play("pocket", ("9H",)), "bad-source", {"source": "pocket"}),
        (Blind(0), "face-down-later", {}),
        (ChooseFaceUp(("9H", "JC", "QC")), "tour-1-only", {}),
        (TAKE, "can-play", {"seat": 0}),
        (Shout(), "bad-action", {}),
    ],
)
def test_a_refused_action_names_the_rule_it_breaks(
    action: Action, code: str, fields: dict[str, object]
) -> None:
    state = table(Seat(hand="9H 9S JC", up="2C 2D 2H"), Seat(), draw=DRAW)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, action)
    assert (refused.value.code, refused.value.fields) == (code, fields)


def candidates(state: ThreeByThreeState, seat: int) -> set[Action]:
    """Legal-looking actions for `seat`: single cards, same-rank groups, every other kind."""
    own = sort_cards(state.hands[seat] + state.face_up[seat])
    found: set[Action] = {TAKE, Blind(0), Blind(1), Blind(2)}
    found |= {ChooseFaceUp(combo) for combo in combinations(own, 3)}
    for source in ("hand", "face-up"):
        found |= {Play(source, (card,)) for card in FULL_DECK}
        for size in (2, 3, 4):
            found |= {
                Play(source, combo)
                for combo in combinations(own, size)
                if len({card[0] for card in combo}) == 1
            }
    return found


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 4), (3, 2), (5, 5), (6, 3)])
def test_apply_accepts_exactly_the_legal_actions_and_names_the_rule_of_every_refusal(
    players: int, seed: int
) -> None:
    rng = random.Random(seed)
    state = GAME.new_game(NAMES[:players], seed=seed)
    for _ in range(300):
        if GAME.is_over(state):
            break
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        for action in candidates(state, seat):
            try:
                GAME.apply(state, seat, action)
            except IllegalAction as refusal:
                assert action not in legal, action
                assert refusal.code != "not-legal", action
            else:
                assert action in legal, action
        other = (seat + 1) % players
        for action in legal:
            with pytest.raises(IllegalAction) as refused:
                GAME.apply(state, other, action)
            assert refused.value.code == "not-to-act"
        if rng.random() < 0.2:
            action = rng.choice(legal)
        else:
            action = choose(GAME.view(state, seat), legal, rng)
        state = GAME.apply(state, seat, action)

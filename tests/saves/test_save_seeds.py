"""Seeds of every size a game is dealt from are kept exactly: a seed too large for SQLite's
INTEGER (new games draw 128 bits) is stored as a BLOB of its big-endian bytes and read back
as the same number, small seeds stay INTEGERs as old saves have them, and the exchange
document carries any seed as a plain JSON number. A seed column holding anything else is a
damaged row, refused in one line and left as it is."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

import pytest
from save_helpers import play_randomly, played, refused, rows, session_views, views

from saves import DamagedSave, SaveStore, export_game, import_file, replay
from tui.model import GameSession, parse_players
from tui.words.saves import save_text

BIG = 2**128 - 12345
"""A seed of 128 bits, as new games draw them: far beyond SQLite's 64-bit INTEGER."""

MOVES = 20


def stored_seed(raw: Callable[[], Any], name: str) -> tuple[str, Any]:
    """The type SQLite gives the stored seed of game `name`, and its value."""
    return raw().execute("SELECT typeof(seed), seed FROM games WHERE name = ?", (name,)).fetchone()


def big_table(store: SaveStore, seed: int = BIG) -> GameSession:
    """A 3 x 3 game of Ann, Bob and the computer Cy dealt from `seed`, 20 moves in."""
    session = GameSession.create(store, "3x3", parse_players("Ann,Bob,cpu:Cy"), seed, name="big")
    play_randomly(session, MOVES)
    return session


def test_a_seed_too_large_for_an_integer_is_stored_as_its_big_endian_bytes(store, raw):
    store.create("big", played(3, BIG)[0])

    assert stored_seed(raw, "big") == ("blob", BIG.to_bytes(16, "big"))


def test_a_small_seed_is_stored_as_an_integer_as_before(store, raw):
    store.create("small", played(3, 7)[0])
    store.create("largest", played(3, 2**63 - 1)[0])

    assert stored_seed(raw, "small") == ("integer", 7)
    assert stored_seed(raw, "largest") == ("integer", 2**63 - 1)


def test_a_game_with_a_128_bit_seed_is_listed_like_any_other(store):
    big_table(store).close()

    (info,) = store.list()

    assert (info.name, info.error, info.summary["moves"]) == ("big", None, MOVES)


def test_a_game_with_a_128_bit_seed_resumes_with_its_seed_and_its_deal(store, stores):
    session = big_table(store)
    seen = session_views(session)
    session.close()

    again = GameSession.open(stores(store.root), "big")

    assert again.record.seed == BIG
    assert session_views(again) == seen


def test_a_game_with_a_128_bit_seed_deals_as_its_seed_says(store):
    big_table(store).close()

    record, game, state = store.load("big")
    dealt = dataclasses.replace(record, actions=[])
    neighbour = dataclasses.replace(dealt, seed=BIG - 1)

    assert views(*replay(dealt), 3) != views(*replay(neighbour), 3)
    assert views(*replay(record), 3) == views(game, state, 3)


def test_a_game_with_a_128_bit_seed_is_exported_with_its_seed_as_a_plain_number(store):
    big_table(store).close()

    text = export_game(store, "big").decode()

    assert f'"seed": {BIG},' in text
    assert json.loads(text)["seed"] == BIG


def test_a_game_with_a_128_bit_seed_imports_with_its_seed_and_its_deal(store, stores, tmp_path):
    session = big_table(store)
    path = tmp_path / "big.json"
    path.write_bytes(export_game(store, "big"))
    elsewhere = stores(tmp_path / "elsewhere")

    name = import_file(elsewhere, path)

    record, game, state = elsewhere.load(name)
    assert record.seed == BIG
    assert views(game, state, 3) == session_views(session)


def test_a_game_with_a_128_bit_seed_opens_from_its_checkpoint(store, stores):
    session = big_table(store)
    seen = session_views(session)
    store.store_checkpoint(session.game_key, session.record, session.game, session.state)
    session.close()

    again = GameSession.open(stores(store.root), "big")

    assert again.checkpointed == MOVES
    assert session_views(again) == seen


def test_a_game_with_a_128_bit_seed_plays_on_after_a_resume_as_without_one(store, stores):
    """The computer's choices come from the seed and the move number, so a game left and
    resumed plays on as one played in one sitting."""
    straight = big_table(stores(store.root.parent / "straight"))
    left = big_table(store)
    left.close()
    resumed = GameSession.open(stores(store.root), "big")

    for session in (straight, resumed):
        while not session.over and session.to_act()[0] == 2:
            session.apply(2, session.bot_choice(2))

    assert resumed.record.actions == straight.record.actions


def test_the_largest_seed_a_document_may_carry_round_trips(store, raw):
    largest = 2**512 - 1
    store.create("largest", played(3, largest)[0])

    assert stored_seed(raw, "largest") == ("blob", largest.to_bytes(64, "big"))
    assert store.record("largest")[1].seed == largest


def test_a_stored_small_seed_game_resumes_and_replays_identically(store, stores, raw):
    session = GameSession.create(store, "3x3", parse_players("Ann,Bob,cpu:Cy"), 4242, name="old")
    play_randomly(session, MOVES)
    seen = session_views(session)
    session.close()

    again = GameSession.open(stores(store.root), "old")

    assert stored_seed(raw, "old") == ("integer", 4242)
    assert again.record.seed == 4242
    assert session_views(again) == seen
    assert views(*replay(again.record), 3) == seen


# ---- damaged seeds --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "why"),
    [
        (b"\x80" + bytes(64), "seed must be a whole number, not a blob of 65 bytes"),
        (b"\x01" * 10_000, "seed must be a whole number, not a blob of 10000 bytes"),
        (b"\x00" + BIG.to_bytes(16, "big"), "seed must be a whole number, not a blob of 17 bytes"),
        (b"\x07", "seed must be a whole number, not a blob of 1 byte"),
        (b"", "seed must be a whole number, not a blob of 0 bytes"),
        (-1, "seed must be a whole number from 0 below 2**512"),
        (1e30, "seed must be a whole number, not a number"),
        ("twelve", "seed must be a whole number, not text"),
    ],
)
def test_a_stored_seed_of_another_shape_is_a_damaged_row_left_as_it_is(store, raw, value, why):
    store.create("good", played(3)[0])
    key = store.create("game", played(MOVES)[0])
    raw().execute("UPDATE games SET seed = ? WHERE id = ?", (value, key))
    before = rows(store.path)

    with pytest.raises(DamagedSave) as caught:
        store.load("game")

    assert save_text(caught.value) == f"game: damaged save ({why})"
    assert [info.error for info in store.list()] == [None, None]
    assert store.load("good")[0].summary["moves"] == 3
    assert rows(store.path) == before


@pytest.mark.parametrize(
    ("seed", "why"),
    [
        (2**512, "seed must be a whole number from 0 below 2**512"),
        (-5, "seed must be a whole number from 0 below 2**512"),
        (2.5, "seed must be a whole number, not a number"),
    ],
)
def test_a_document_with_a_seed_out_of_bounds_is_refused_and_nothing_stored(
    store, tmp_path, seed, why
):
    document = played(3)[0].to_json()
    document["seed"] = seed
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document))

    with refused(DamagedSave, rf"^game\.json: damaged save \({_escaped(why)}\)$"):
        import_file(store, path)

    assert store.list() == []


def _escaped(text: str) -> str:
    return text.replace("*", r"\*")

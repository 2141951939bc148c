"""GameSession: one open game — engine state, its save file and lock, and who sits where.

Every change goes through `apply`, which saves before it returns, so quitting
at any moment loses nothing that was shown as done.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from rules import GAMES, Action, Game, SetupError, get_game
from saves import PlayerSpec, SaveLock, SaveRecord, SaveStore, replay


@dataclass
class GameSession:
    """An open game bound to its save. Views, logs and bot input are per seat."""

    store: SaveStore
    name: str
    record: SaveRecord
    game: Game
    state: Any
    lock: SaveLock | None = field(default=None, repr=False)

    @classmethod
    def create(
        cls,
        store: SaveStore,
        game_id: str,
        players: list[PlayerSpec],
        seed: int,
        name: str | None = None,
        options: dict[str, Any] | None = None,
    ) -> GameSession:
        """Set up a new game and write its first save; raises SetupError or SaveError."""
        validate_new_game(game_id, players)
        record = SaveRecord.new(game_id, players, seed, options or {})
        game, state = replay(record)
        store.ensure_writable()
        if name is None:
            name = store.unique_name(default_save_name(game_id, record.created))
        elif store.exists(name):
            raise SetupError(f"a save called {name!r} already exists")
        session = cls(store, name, record, game, state)
        session.lock = store.lock(name)
        try:
            store.write(name, record)
        except Exception:
            session.close()
            raise
        return session

    @classmethod
    def open(cls, store: SaveStore, name: str) -> GameSession:
        """Lock and replay an existing save; raises SaveLocked or DamagedSave."""
        lock = store.lock(name)
        try:
            record, game, state = store.load(name)
        except Exception:
            lock.release()
            raise
        return cls(store, name, record, game, state, lock)

    def rematch(self) -> GameSession:
        """A new game with the same seats and options, a fresh seed, and a save named
        after this one (friday, friday-2, ...)."""
        return GameSession.create(
            self.store,
            self.record.game,
            list(self.record.players),
            new_seed(),
            name=self.store.unique_name(self.name),
            options=dict(self.record.options),
        )

    def close(self) -> None:
        """Release the save's lock; the file is already up to date."""
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def apply(self, seat: int, action: Action) -> None:
        """Play `action` for `seat` and save; on a failed save the move is undone and re-raised."""
        new_state = self.game.apply(self.state, seat, action)
        summary = self.record.summary
        self.record.add_move(seat, action, self.game, new_state)
        try:
            self.store.write(self.name, self.record)
        except Exception:
            self.record.actions.pop()
            self.record.summary = summary
            raise
        self.state = new_state

    @property
    def seat_players(self) -> dict[int, PlayerSpec]:
        """Who sits at each seat a player holds; the engine plays the other seats."""
        seats = self.game.player_seats(len(self.record.players))
        return dict(zip(seats, self.record.players, strict=True))

    @property
    def seat_names(self) -> list[str]:
        """The name of every seat, engine-played seats included."""
        return self.game.seat_names(self.record.names())

    @property
    def humans(self) -> list[int]:
        """Seats played by people at this keyboard."""
        return [seat for seat, p in self.seat_players.items() if p.kind == "human"]

    def is_human(self, seat: int) -> bool:
        player = self.seat_players.get(seat)
        return player is not None and player.kind == "human"

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def to_act(self) -> list[int]:
        return self.game.to_act(self.state)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    def legal(self, seat: int) -> list[Action]:
        return self.game.legal_actions(self.state, seat)

    def log(self, seat: int | None) -> list[dict[str, Any]]:
        return self.game.log(self.state, seat)

    def since_last_acted(self, seat: int) -> list[dict[str, Any]]:
        """What `seat` may know of everything after its own latest event."""
        entries = self.log(seat)
        last = max((i for i, e in enumerate(entries) if e["actor"] == seat), default=-1)
        return entries[last + 1 :]

    def bot_choice(self, seat: int) -> Action:
        """The computer player's move for `seat`, from that seat's view only.

        Its randomness is seeded by the game and the move number, so a replayed
        session makes the same choices.
        """
        rng = random.Random(f"{self.record.seed}:{len(self.record.actions)}")
        return self.game.bot_action(self.view(seat), self.legal(seat), rng)


def default_save_name(game_id: str, created: str) -> str:
    """A readable save name from the game and its creation time, e.g. 3x3-2026-11-30-1405."""
    stamp = created[:16].replace("T", "-").replace(":", "")
    return f"{game_id}-{stamp}"


def parse_players(text: str) -> list[PlayerSpec]:
    """Players from "Ann,Bob,cpu:Carla": a `cpu:` prefix makes a computer player."""
    specs = []
    for part in text.split(","):
        name = part.strip()
        kind = "human"
        if name.lower().startswith("cpu:"):
            name, kind = name[4:].strip(), "computer"
        specs.append(PlayerSpec(name=name, kind=kind))
    return specs


def validate_new_game(game_id: str, players: list[PlayerSpec]) -> Game:
    """The game for `game_id` if these players can sit at it; raises SetupError/UnknownGame."""
    game = get_game(game_id)
    game.check_players([p.name for p in players])
    return game


BOOL_WORDS = {"on": True, "yes": True, "true": True, "off": False, "no": False, "false": False}
"""How a person may write a yes/no table option."""


def option_text(value: Any) -> str:
    """An option value as a person writes it: on/off for yes/no options."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def parse_options(game_id: str, texts: list[str]) -> dict[str, Any]:
    """Table options from "sorting-memory=on" pairs, checked against the game's options."""
    game = get_game(game_id)
    known = {opt.name.replace("_", "-"): opt for opt in game.options}
    chosen: dict[str, Any] = {}
    for text in texts:
        key, sep, raw = text.partition("=")
        opt = known.get(key.strip().lower().replace("_", "-"))
        if opt is None:
            names = ", ".join(sorted(known)) or "none"
            raise SetupError(f"{game.title} has no option {key.strip()!r} (options: {names})")
        if isinstance(opt.default, bool):
            words: dict[str, Any] = dict(BOOL_WORDS)
        else:
            words = {option_text(choice).lower(): choice for choice in opt.choices}
        value = raw.strip().lower()
        if not sep or value not in words:
            allowed = "/".join(option_text(choice) for choice in opt.choices)
            raise SetupError(f"option {key.strip()} takes {allowed}, as in {key.strip()}=on")
        chosen[opt.name] = words[value]
    return chosen


def new_seed() -> int:
    """A fresh random seed for a new deal."""
    return random.randrange(2**31)


def parse_seed(text: str) -> int:
    """A seed is a whole number from 0 to 2**63-1."""
    try:
        seed = int(text)
    except ValueError:
        raise SetupError(f"the seed must be a whole number, not {text!r}") from None
    if not 0 <= seed < 2**63:
        raise SetupError("the seed must be between 0 and 9223372036854775807")
    return seed


def recover_save(store: SaveStore, name: str) -> str:
    """Copy the replayable moves of a damaged save into a new save beside it; its name."""
    new_name = store.unique_name(f"{name}-recovered")
    store.recover(name, new_name)
    return new_name


def game_title(game_id: str) -> str:
    """The title of a game, or the id itself for a game this version does not know."""
    return GAMES[game_id].title if game_id in GAMES else game_id


def players_text(players: list[PlayerSpec]) -> str:
    """Seats as "Ann, Bob (cpu)"."""
    return ", ".join(p.name + (" (cpu)" if p.kind == "computer" else "") for p in players)


def turn_text(summary: dict[str, Any]) -> str:
    """Whose turn a save summary names, or that the game is over."""
    if summary.get("over"):
        return "game over"
    return f"{summary.get('turn')}'s turn" if summary.get("turn") else ""


def local_time(iso: str) -> str:
    """An ISO time as local "YYYY-MM-DD HH:MM"."""
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return "?"

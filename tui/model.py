"""GameSession: one open game - engine state, its stored moves, and the seats held here.

Every move goes through `apply`, which commits it before it returns, so quitting
at any moment loses nothing that was shown as done.
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
import secrets
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Generic

from rules import Action, AnyGame, Game, SetupError, UnknownGame, get_game
from rules.bots import DEFAULT_LEVEL, LEVELS, choose
from rules.catalog import CATALOG
from rules.engine import ViewT
from rules.names import normal_name, quoted
from saves import (
    HEARTBEAT,
    DamagedSave,
    Lease,
    MoveConflict,
    PlayerSpec,
    SaveError,
    SaveInfo,
    SaveRecord,
    SaveStore,
    TakenOver,
    replay,
    replay_moves,
)
from saves.checkpoint import CheckpointWriter, checkpoint_due
from saves.confusables import look_alike
from saves.errors import at
from saves.players import Players, PlayersError, look_alike_player
from saves.record import summarize
from saves.store import Listed
from tui.i18n import _, language
from tui.words import WordedEntry, log_text
from tui.words import seat_names as shown_seat_names
from tui.words.options import level_name
from tui.words.problems import said

POLL_INTERVAL = 0.25
"""Seconds between looks for moves made in other terminals (a cheap PRAGMA when none)."""


@dataclass
class GameSession(Generic[ViewT]):
    """An open game bound to its database row and the seats this terminal holds.

    Views, logs and bot input are per seat. The state only ever changes in
    `sync`, from the moves stored in the database: moves made here and moves
    made in another terminal take the same path.
    """

    store: SaveStore
    name: str
    game_key: int
    record: SaveRecord
    game: Game[Any, Any, ViewT, Any]
    state: Any
    lease: Lease | None = field(default=None, repr=False)
    player: str | None = None
    """The registered player this terminal plays as (`hotseat --player`, or over SSH);
    None: the people at this keyboard, who play the `human` seats."""
    checkpointed: int = 0
    """How many moves the game's stored checkpoint covers, as far as this session knows."""
    _writer: CheckpointWriter | None = field(default=None, repr=False)
    _version: int = field(default=0, repr=False)
    _revision: int | None = field(default=None, repr=False)
    _beat: float = field(default=0.0, repr=False)

    @classmethod
    def create(
        cls,
        store: SaveStore,
        game_id: str,
        players: list[PlayerSpec],
        seed: int,
        name: str | None = None,
        options: dict[str, Any] | None = None,
        player: str | None = None,
    ) -> GameSession[Any]:
        """Set up a new game, store it and hold the seats of this terminal's people and the
        computers (a registered player's seats wait for them); raises SetupError or
        SaveError."""
        players = [dataclasses.replace(p, name=normal_name(p.name)) for p in players]
        validate_new_game(game_id, players, player)
        record = SaveRecord.new(game_id, players, seed, options or {})
        game, state = replay(record)
        store.ensure_writable()
        if name is None:
            name = store.unique_name(default_save_name(game_id, record.created))
        else:
            store.check_new_name(name)
        key = store.create(name, record)
        session = cls(store, name, key, record, game, state, player=player)
        session.lease = store.hold(key, session.my_seats | session.computer_seats)
        session._start_watching()
        return session

    @classmethod
    def open(
        cls,
        store: SaveStore,
        name: str,
        *,
        people: list[str] | None = None,
        take_over: bool = False,
        player: str | None = None,
    ) -> GameSession[Any]:
        """Replay a stored game and hold its seats; raises DamagedSave or SeatsHeld.

        `people` names the players who sit at this terminal (default: everyone this
        terminal plays for, see `player`); the computer seats come along unless
        another terminal plays them.
        """
        key, record = store.record(name)
        players = players_by_seat(validate_game_id(record), record.players)
        by_name = {p.name.casefold(): seat for seat, p in players.items() if plays_for(p, player)}
        computers = {seat for seat, p in players.items() if p.kind == "computer"}
        if player is not None and not by_name:
            raise SaveError("no-seat", player=player, save=name)
        if people is None:
            wanted = set(by_name.values())
        else:
            unknown = [n for n in people if n.strip().casefold() not in by_name]
            if unknown:
                listed = ", ".join(record.names())
                raise SaveError(
                    "no-such-player",
                    save=name,
                    name=repr(unknown[0]),
                    players=listed,
                )
            wanted = {by_name[n.strip().casefold()] for n in people}
        # Replayed before a seat is held: a save refused as damaged is left as it was, to
        # the byte. Moves another terminal adds meanwhile reach the table as any do.
        game, state, checkpointed = store.resume(key, record)
        lease = store.hold(key, wanted, optional=computers, take_over=take_over)
        session = cls(store, name, key, record, game, state, lease, player)
        session.checkpointed = checkpointed
        session._start_watching()
        return session

    def rematch(self) -> GameSession[Any]:
        """A new game with the same seats and options, a fresh seed, and a save named
        after this one (friday, friday-2, ...)."""
        return GameSession.create(
            self.store,
            self.record.game,
            list(self.record.players),
            new_seed(),
            name=self.store.unique_name(self.name),
            options=dict(self.record.options),
            player=self.player,
        )

    def close(self) -> None:
        """Give this terminal's seats free; every move is already stored. A game that
        moved on far since its checkpoint gets a new one, so it opens fast next time."""
        if self.lease is not None:
            lease, self.lease = self.lease, None
            if self._writer is not None:
                self._writer.wait()
                self.checkpointed = max(self.checkpointed, self._writer.stored)
            self.store_checkpoint()
            with contextlib.suppress(SaveError):
                self.store.release(lease)

    def store_checkpoint(self) -> None:
        """Store the current state as the game's checkpoint if CHECKPOINT_AFTER moves or
        more are not covered yet; a checkpoint that cannot be stored is simply not kept."""
        if not checkpoint_due(len(self.record.actions), self.checkpointed):
            return
        # A checkpoint is a cache: whatever keeps one from being stored (a full disk, a
        # state the codec refuses) must not keep the seats from being given free.
        with contextlib.suppress(Exception):
            stored = self.store.store_checkpoint(self.game_key, self.record, self.game, self.state)
            self.checkpointed = stored or self.checkpointed

    def _checkpoint_in_background(self) -> None:
        """Begin storing the current state as the game's checkpoint in a worker thread once
        CHECKPOINT_AFTER moves are not covered by the last one stored or begun, so a
        terminal that is killed leaves at most twice that many moves to replay. Play goes
        on meanwhile; only when moves come faster than checkpoints are stored (a replay, a
        game of computers) does the next wait, after its commit, for the one being stored."""
        writer = self._writer
        if writer is None:
            root = self.store.root
            writer = self._writer = CheckpointWriter(lambda: SaveStore(root), self.game_key)
        self.checkpointed = max(self.checkpointed, writer.stored)
        moves = len(self.record.actions)
        if not checkpoint_due(moves, max(self.checkpointed, writer.tried)):
            return
        writer.wait()
        self.checkpointed = max(self.checkpointed, writer.stored)
        record = dataclasses.replace(self.record, actions=self.record.actions[:])
        writer.start(record, self.game, self.state)

    def apply(self, seat: int, action: Action) -> None:
        """Play `action` for `seat`: judged by the engine, committed, then read back by `sync`.

        IllegalAction if the engine refuses it; MoveConflict if another terminal
        stored a move first (its moves are synced, so the caller may re-judge);
        TakenOver or SaveError if it could not be stored. The state changes only
        once the move is committed.
        """
        if self.lease is None:
            raise TakenOver("closed-here")
        new_state = self.game.apply(self.state, seat, action)
        number = len(self.record.actions) + 1
        summary = summarize(self.game, new_state, number)
        try:
            self.store.append(self.lease, number, seat, action.to_json(), summary)
        except MoveConflict:
            self.sync()
            raise
        try:
            self.sync(((seat, action.to_json()), new_state))
        except SaveError:
            # Committed, but not read back: it is the newest move (a conflict would have
            # said otherwise), so the state it leads to is known; a later poll catches up.
            self.state = new_state
            self.record.actions.append((seat, action.to_json()))
            self.record.summary = summary

    def sync(self, mine: tuple[tuple[int, Any], Any] | None = None) -> int:
        """Bring the state up to the moves stored in the database; how many were new.

        `mine` is the move just committed here with the state it leads to, which
        saves judging it twice when it is the only new move.
        """
        done = len(self.record.actions)
        moves = self.store.moves_after(self.game_key, done)
        if not moves:
            return 0
        if mine is not None and [mine[0]] == [tuple(m) for m in moves]:
            self.state = mine[1]
        else:
            self.state = replay_moves(self.record, self.game, self.state, moves, done)
        self.record.actions.extend(moves)
        self.record.summary = summarize(self.game, self.state, len(self.record.actions))
        self._checkpoint_in_background()
        return len(moves)

    def poll(self) -> int:
        """Look for changes made by other terminals: moves (how many arrived), or TakenOver;
        and play a computer that is to move if its terminal left (`adopt_computers`).

        Cheap when nothing changed: one PRAGMA, and when another terminal committed, this
        game's revision (moves and seats taken here and elsewhere count; other games do
        not); a heartbeat write every HEARTBEAT s; and while a computer played elsewhere is
        to move, a look at who holds its seat.
        """
        if self.lease is None:
            return 0
        now = time.monotonic()
        if now - self._beat >= HEARTBEAT:
            self._beat = now
            if not self.store.heartbeat(self.lease):
                raise TakenOver()
        arrived = 0
        version = self.store.data_version()
        if version != self._version:
            revision = self.store.revision(self.game_key)
            if revision != self._revision:
                if not self.store.still_held(self.lease):
                    raise TakenOver()
                arrived = self.sync()
            # Noted only once read: a look that failed is made again at the next poll.
            self._version, self._revision = version, revision
        try:
            self.adopt_computers()
        except SaveError:
            if not arrived:
                raise
        return arrived

    def adopt_computers(self) -> None:
        """Play a computer that is to move when no live terminal plays it (the terminal
        that did has left, perhaps without a word: hung up or killed), so a table with
        players elsewhere never stalls. The store is asked only while a computer that this
        terminal does not play is to move."""
        waiting = (set(self.to_act()) & self.computer_seats) - self.held_seats
        if self.lease is not None and waiting:
            self.lease = self.store.extend(self.lease, waiting)

    def _start_watching(self) -> None:
        """Note the database's version and the game's revision from now on, then read the
        moves another terminal stored since the record was read (they count in the
        revision noted, so no later poll would bring them); on failure the seats are given
        free."""
        try:
            self._version = self.store.data_version()
            self._revision = self.store.revision(self.game_key)
            self.sync()
        except SaveError:
            self.close()
            raise
        self._beat = time.monotonic()

    @property
    def held_seats(self) -> frozenset[int]:
        """The seats played from this terminal."""
        return self.lease.seats if self.lease is not None else frozenset()

    @property
    def seat_players(self) -> dict[int, PlayerSpec]:
        """Who sits at each seat a player holds; the engine plays the other seats."""
        return players_by_seat(self.game, self.record.players)

    @property
    def seat_names(self) -> list[str]:
        """The name of every seat, engine-played seats included (in the player's language)."""
        players = self.record.names()
        return shown_seat_names(
            self.game.id,
            self.game.seat_names(players),
            self.game.player_seats(len(players)),
        )

    @property
    def my_seats(self) -> set[int]:
        """The seats of the people this terminal plays for (held here or not)."""
        return {s for s, p in self.seat_players.items() if plays_for(p, self.player)}

    @property
    def computer_seats(self) -> set[int]:
        return {s for s, p in self.seat_players.items() if p.kind == "computer"}

    @property
    def humans(self) -> list[int]:
        """Seats played by people at this terminal."""
        held = self.held_seats
        return sorted(s for s in self.my_seats if s in held)

    def is_human(self, seat: int) -> bool:
        """True if a person at this terminal plays `seat`."""
        return seat in self.held_seats and seat in self.my_seats

    def plays_here(self, seat: int) -> bool:
        """True if this terminal moves for `seat` (a person here or a computer it runs)."""
        return seat in self.held_seats

    def opens_hidden(self, resumed: bool) -> bool:
        """Whether this game's table opens behind the privacy screen: a resumed one does,
        except at a registered player's own terminal (the key they connected with says
        who is there)."""
        return resumed and self.player is None

    def privacy_seat(self) -> tuple[int, bool] | None:
        """The seat whose player a resumed table waits for behind the privacy screen, and
        whether it is that seat's turn: the seat to move if a person here plays it, else
        the only person here while others move; None when the game is over or nobody here
        is waited for."""
        if self.over:
            return None
        seat = self.to_act()[0]
        humans = self.humans
        if len(humans) == 1 and seat != humans[0]:
            return humans[0], False
        if self.plays_here(seat) and self.is_human(seat):
            return seat, True
        return None

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def to_act(self) -> list[int]:
        return self.game.to_act(self.state)

    def view(self, seat: int | None) -> ViewT:
        return self.game.view(self.state, seat)

    def legal(self, seat: int) -> list[Action]:
        return self.game.legal_actions(self.state, seat)

    def log(self, seat: int | None, start: int = 0) -> list[WordedEntry]:
        """The log from `start` on as `seat` may know it, each entry with its "text" in the
        player's language."""
        names = self.seat_names
        return [
            WordedEntry(**entry, text=log_text(self.game.id, entry, names))
            for entry in self.game.log(self.state, seat, start)
        ]

    def event_count(self) -> int:
        return self.game.event_count(self.state)

    def since_last_acted(self, seat: int) -> list[WordedEntry]:
        """What `seat` may know of everything after its own latest event.

        Looks back through a growing window, so a long game costs no more than a short one.
        """
        total = self.event_count()
        window = 64
        while True:
            start = max(0, total - window)
            entries = self.log(seat, start)
            mine = [i for i, e in enumerate(entries) if e["actor"] == seat]
            if mine or start == 0:
                return entries[mine[-1] + 1 :] if mine else entries
            window *= 4

    def bot_choice(self, seat: int) -> Action:
        """The computer player's move for `seat`, from that seat's view only, at the seat's
        level (a seat no computer plays gets a normal player's move).

        Its randomness is seeded by the game and the move number, so a replayed
        session makes the same choices.
        """
        spec = self.seat_players.get(seat)
        level = spec.level if spec is not None and spec.kind == "computer" else DEFAULT_LEVEL
        rng = random.Random(f"{self.record.seed}:{len(self.record.actions)}")
        return choose(self.game.id, level, self.view(seat), self.legal(seat), rng)


class Tables:
    """The games a terminal lists: a registered player's own tables, or every game at a
    local terminal (`player` None), kept between looks. A look reads the revisions of those
    games only (a registered player's through the index of their seats), and the listing of
    a game only when its revision moved, so other people's tables and games that did not
    change cost nothing."""

    def __init__(self, store: SaveStore, player: str | None) -> None:
        self.store = store
        self.player = player
        self.changes = 0
        """How many looks found a change: whoever keeps it knows when the list moved on."""
        self._listed: dict[int, Listed] = {}

    def refresh(self) -> bool:
        """Read again the games that changed since the last look; True if any did (or came
        or went)."""
        revisions = self.store.revisions(self.player)
        stale = [
            key
            for key, revision in revisions.items()
            if key not in self._listed or self._listed[key].revision != revision
        ]
        gone = self._listed.keys() - revisions.keys()
        for key in gone:
            del self._listed[key]
        if stale:
            for listed in self.store.listings(stale):
                self._listed[listed.key] = listed
        if stale or gone:
            self.changes += 1
        return bool(stale or gone)

    def infos(self) -> list[SaveInfo]:
        """The games as last read, most recently played first (as `SaveStore.list`); each
        a copy the caller may mark."""
        order = sorted(
            self._listed.values(),
            key=lambda listed: (listed.played is not None, listed.played or 0.0, listed.key),
            reverse=True,
        )
        return [dataclasses.replace(listed.info) for listed in order]


class TurnWatch:
    """Which of a registered player's games wait for them, noticed when it changes."""

    def __init__(self, store: SaveStore, player: str) -> None:
        self.store = store
        self.player = player
        self.listed = Tables(store, player)
        """The player's own tables: the only games this watch reads."""
        self.version: tuple[int, object] | None = None
        self.seen = -1
        """The `Tables.changes` of the list last looked through."""
        self.waiting: set[str] | None = None
        self.tables: tuple[tuple[str, str | None, object], ...] | None = None
        """Each of the player's tables as last seen: name, last played, moves."""

    def new_turns(self, mine: object = None) -> list[str] | None:
        """Games that became the player's turn since the last look; None when none of
        their tables changed (nothing was committed elsewhere and `mine`, anything that
        changes with this terminal's own moves, is as before; or only seats were
        refreshed). The first look only notes them."""
        stored = self.store.data_version() if self.store.database.exists() else 0
        version = (stored, mine)
        if version == self.version:
            return None
        self.version = version
        self.listed.refresh()
        if self.listed.changes == self.seen:
            return None
        self.seen = self.listed.changes
        theirs = [info for info in self.listed.infos() if seated(info.players, self.player)]
        tables = tuple((info.name, info.updated, info.summary.get("moves")) for info in theirs)
        if tables == self.tables:
            return None
        self.tables = tables
        now = {info.name for info in theirs if is_their_turn(info.summary, self.player)}
        before, self.waiting = self.waiting, now
        return [] if before is None else sorted(now - before)


def seated(players: list[PlayerSpec], player: str | None) -> bool:
    """True if the terminal playing as `player` has a seat among `players`."""
    return player is None or any(plays_for(p, player) for p in players)


def is_their_turn(summary: dict[str, Any], player: str) -> bool:
    """True if a save summary says `player` is to move."""
    turn = summary.get("turn")
    if summary.get("over") or not isinstance(turn, str):
        return False
    return turn.casefold() == player.casefold()


def default_save_name(game_id: str, created: str) -> str:
    """A readable save name from the game and its creation time, e.g. 3x3-2026-11-30-1405."""
    stamp = created[:16].replace("T", "-").replace(":", "")
    return f"{game_id}-{stamp}"


PREFIXES = {
    "cpu:": ("computer", DEFAULT_LEVEL),
    **{f"cpu-{level}:": ("computer", level) for level in LEVELS},
    "remote:": ("remote", DEFAULT_LEVEL),
}
"""How `--players` marks a computer player (with its level) and a registered player at
their own terminal: the kind and level each prefix gives."""


def parse_players(text: str) -> list[PlayerSpec]:
    """Players from "Ann,remote:Bob,cpu:Carla,cpu-easy:Dora": a `cpu:` prefix makes a
    normal computer player, `cpu-LEVEL:` one of that level, `remote:` a registered player
    who joins from their own terminal. SetupError names the levels for an unknown one."""
    specs = []
    for part in text.split(","):
        name = part.strip()
        kind, level = "human", DEFAULT_LEVEL
        marked = next((p for p in PREFIXES if name.lower().startswith(p)), None)
        if marked is not None:
            name, (kind, level) = name[len(marked) :].strip(), PREFIXES[marked]
        elif name.lower().startswith("cpu-") and ":" in name:
            asked = name[len("cpu-") : name.index(":")]
            raise SetupError(
                _(
                    "unknown computer level {level} in {player} (levels: {levels}, as in {example})"
                ).format(
                    level=repr(asked),
                    player=repr(name),
                    levels=", ".join(LEVELS),
                    example=f"cpu-{LEVELS[0]}:NAME",
                )
            )
        specs.append(PlayerSpec(name=name, kind=kind, level=level))
    return specs


def plays_for(spec: PlayerSpec, player: str | None) -> bool:
    """True if a terminal playing as `player` (None: the people at the keyboard) plays the
    seat of `spec`."""
    if player is None:
        return spec.kind == "human"
    return spec.kind == "remote" and spec.name.casefold() == player.casefold()


def players_by_seat(game: AnyGame, players: list[PlayerSpec]) -> dict[int, PlayerSpec]:
    """Who sits at each seat a player holds; the engine plays the other seats."""
    return dict(zip(game.player_seats(len(players)), players, strict=True))


def registered_names(players: list[PlayerSpec], folder: Path) -> list[PlayerSpec]:
    """The players with their names in normal form (rules.names) and each `remote` seat
    named as its player is registered in `folder` (hotseat players). SetupError names a
    player who is not registered, and a name that looks like another at the table or like
    a registered player's (Unicode TR39 skeletons, saves.confusables): a person here may
    take a registered player's name as it is spelled, a computer may not take it at all."""
    players = [dataclasses.replace(p, name=normal_name(p.name)) for p in players]
    try:
        registered = Players(folder).all()
    except PlayersError as error:
        if any(p.kind == "remote" for p in players):
            raise SetupError(said(error)) from None
        registered = []  # a table of this keyboard's people plays on beside a damaged registry
    by_name = {p.name.casefold(): p for p in registered}
    named = []
    for spec in players:
        found = by_name.get(spec.name.casefold())
        if spec.kind == "remote":
            if found is None:
                raise SetupError(
                    _("{name} is not a registered player (hotseat players list)").format(
                        name=repr(spec.name)
                    )
                )
            spec = PlayerSpec(found.name, "remote", spec.level)
        elif found is not None and spec.kind == "computer":
            raise SetupError(
                _(
                    "{name} is a registered player: seat them as remote:{name}, "
                    "or give the computer another name"
                ).format(name=found.name)
            )
        similar = look_alike_player(spec.name, registered)
        if similar is not None:
            raise SetupError(
                _(
                    "{name} looks like {player}, a registered player; "
                    "choose a name that looks different"
                ).format(name=quoted(spec.name), player=similar.name)
            )
        named.append(spec)
    check_look_alikes([p.name for p in named])
    return named


def check_look_alikes(names: list[str]) -> None:
    """SetupError if two names at one table look alike (Unicode TR39 skeletons) without
    being the same name ignoring case (the engine refuses those)."""
    for i, name in enumerate(names):
        for other in names[:i]:
            if other.casefold() != name.casefold() and look_alike(other, name):
                raise SetupError(
                    _(
                        "{first} and {second} look alike; "
                        "the players at a table need names that look different"
                    ).format(first=quoted(other), second=quoted(name))
                )


def validate_game_id(record: SaveRecord) -> AnyGame:
    """The game of a stored record; DamagedSave when this version does not know it."""
    try:
        return get_game(record.game)
    except UnknownGame as err:
        raise DamagedSave(at(record.source, err), record=record) from None


def validate_new_game(
    game_id: str, players: list[PlayerSpec], player: str | None = None
) -> AnyGame:
    """The game for `game_id` if these players can sit at it; raises SetupError/UnknownGame.

    A registered player's terminal seats that player, other registered players and
    computers (nobody else is at its keyboard as far as the host knows)."""
    game = get_game(game_id)
    game.check_new_players([p.name for p in players])
    if player is not None:
        if any(p.kind == "human" for p in players):
            raise SetupError(
                _(
                    "at {player}'s terminal a seat is {player}, a registered player "
                    "(remote:NAME) or a computer (cpu:NAME)"
                ).format(player=player)
            )
        if not any(plays_for(p, player) for p in players):
            raise SetupError(
                _("{player} takes a seat at every table they start").format(player=player)
            )
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
            names = ", ".join(sorted(known)) or _("none")
            raise SetupError(
                _("{game} has no option {option} (options: {options})").format(
                    game=game.title, option=repr(key.strip()), options=names
                )
            )
        if isinstance(opt.default, bool):
            words: dict[str, Any] = dict(BOOL_WORDS)
        else:
            words = {option_text(choice).lower(): choice for choice in opt.choices}
        value = raw.strip().lower()
        if not sep or value not in words:
            allowed = "/".join(option_text(choice) for choice in opt.choices)
            raise SetupError(
                _("option {option} takes {values}, as in {option}=on").format(
                    option=key.strip(), values=allowed
                )
            )
        chosen[opt.name] = words[value]
    return chosen


SEED_BITS = 128
"""How many secret random bits a new deal is drawn from: too many to search for the seed
that matches what one seat sees."""


def new_seed() -> int:
    """A fresh secret seed for a new deal (every new game and rematch draws one here)."""
    return secrets.randbits(SEED_BITS)


def may_choose_seed(players: list[PlayerSpec], player: str | None) -> bool:
    """True if whoever starts this table may choose its seed: only for the people at this
    keyboard and computers. Whoever knows the seed knows every hidden card, so a table with
    a seat for a registered player (`remote:`), or started at a registered player's
    terminal, is always dealt from a secret seed."""
    return player is None and not any(p.kind == "remote" for p in players)


def parse_seed(text: str) -> int:
    """A seed is a whole number from 0 to 2**63-1."""
    try:
        seed = int(text)
    except ValueError:
        raise SetupError(
            _("the seed must be a whole number, not {text}").format(text=repr(text))
        ) from None
    if not 0 <= seed < 2**63:
        raise SetupError(
            _("the seed must be between {low} and {high}").format(low=0, high=2**63 - 1)
        )
    return seed


def recover_save(store: SaveStore, name: str) -> str:
    """Copy the replayable moves of a damaged save into a new save beside it; its name."""
    new_name = store.unique_name(f"{name}-recovered")
    store.recover(name, new_name)
    return new_name


def game_title(game_id: str) -> str:
    """The title of a game, or the id itself for a game this version does not know."""
    return CATALOG[game_id].title if game_id in CATALOG else game_id


def players_text(players: list[PlayerSpec]) -> str:
    """Seats as "Ann, Bob (cpu), Cy (cpu, easy)" (German "Bob (Computer), Cy (Computer,
    leicht)"): a computer's level unless it is normal."""
    return ", ".join(seat_text(p) for p in players)


def seat_text(spec: PlayerSpec) -> str:
    """One seat of `players_text`."""
    if spec.kind != "computer":
        return spec.name
    if spec.level == DEFAULT_LEVEL:
        return _("{name} (cpu)").format(name=spec.name)
    return _("{name} (cpu, {level})").format(name=spec.name, level=level_name(spec.level))


def turn_text(summary: dict[str, Any]) -> str:
    """Whose turn a save summary names, or that the game is over."""
    if summary.get("over"):
        return _("game over")
    turn = summary.get("turn")
    return _("{name}'s turn").format(name=turn) if turn else ""


def local_time(iso: str) -> str:
    """An ISO time as local time, as the language writes it: "2026-11-28 19:30" (German
    "28.11.2026 19:30")."""
    try:
        local = datetime.fromisoformat(iso).astimezone()
    except ValueError:
        return "?"
    return local.strftime("%d.%m.%Y %H:%M" if language() == "de" else "%Y-%m-%d %H:%M")

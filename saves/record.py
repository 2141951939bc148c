"""The save file format: one JSON document per game, the action list as the source of truth.

A record holds everything needed to rebuild the game by replay (game id, rules
version, options, players, seed, setup, actions) plus a short public summary so
a list of saves can be shown without replaying.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeGuard

from rules import JSON, Action, AnyGame, get_game
from rules.bots import DEFAULT_LEVEL, LEVELS
from saves.errors import ALONE, Message, SaveError

FORMAT = "hotseat-save"
VERSION = 1
KINDS = ("human", "computer", "remote")
"""A person at the keyboard that opens the game, the computer, or a registered player
who connects to the host (`hotseat host`) from their own terminal."""
OLD_LEVELS = {"basic": "normal"}
"""Levels older saves store, and the level each reads as."""
SEED_LIMIT = 2**512
"""Seeds are whole numbers from 0 up to below this (new games draw 128 bits)."""
SEED_BYTES = 64
"""The most bytes a seed stored as a BLOB may have (any seed below SEED_LIMIT fits)."""
INTEGER_LIMIT = 2**63
"""SQLite's INTEGER holds seeds below this; a larger seed is stored as a BLOB."""

_FIELDS = (
    "format",
    "version",
    "game",
    "rules_version",
    "options",
    "players",
    "seed",
    "setup",
    "created",
    "updated",
    "summary",
    "actions",
)


class DamagedSave(SaveError):
    """A save that cannot be resumed as it is.

    `replayable_moves` is how many moves from the start still replay (None when
    the save cannot be read or set up at all); `record` is the parsed save when
    its structure was sound.
    """

    def __init__(
        self,
        code: str | Message,
        /,
        *,
        path: Path | None = None,
        replayable_moves: int | None = None,
        record: SaveRecord | None = None,
        **fields: object,
    ) -> None:
        super().__init__(code, **fields)
        self.path = path
        self.replayable_moves = replayable_moves
        self.record = record


@dataclass
class PlayerSpec:
    """Who sits in a seat: a name, who plays it (see KINDS), and how well a computer
    plays (one of rules.bots.LEVELS; stored for every seat, it matters for computers only)."""

    name: str
    kind: str
    level: str = DEFAULT_LEVEL

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"a player is 'human', 'computer' or 'remote', not {self.kind!r}")
        if self.level not in LEVELS:
            levels = ", ".join(map(repr, LEVELS[:-1])) + f" or {LEVELS[-1]!r}"
            raise ValueError(f"a level is {levels}, not {self.level!r}")


@dataclass
class SaveRecord:
    """One saved game. `source` names the file it was read from (for messages)."""

    game: str
    rules_version: int
    options: dict[str, JSON]
    players: list[PlayerSpec]
    seed: int
    setup: dict[str, JSON]
    actions: list[tuple[int, JSON]]
    created: str
    updated: str
    summary: dict[str, JSON]
    source: str = field(default="", compare=False, repr=False)

    @classmethod
    def new(
        cls,
        game_id: str,
        players: list[PlayerSpec],
        seed: int,
        options: dict[str, JSON] | None = None,
        setup: dict[str, JSON] | None = None,
    ) -> SaveRecord:
        """A record for a game about to start; raises rules.UnknownGame / rules.SetupError.

        Options are stored with their defaults filled in, so a later change of a
        default does not change a saved game.
        """
        game = get_game(game_id)
        resolved = game.resolve_options(options)
        setup = dict(setup or {})
        state = game.new_game([p.name for p in players], seed, resolved, **setup)
        now = utc_now()
        return cls(
            game=game.id,
            rules_version=game.rules_version,
            options=resolved,
            players=list(players),
            seed=seed,
            setup=setup,
            actions=[],
            created=now,
            updated=now,
            summary=summarize(game, state, 0),
        )

    def names(self) -> list[str]:
        """The player names in seat order, as the engine gets them."""
        return [p.name for p in self.players]

    def add_move(self, seat: int, action: Action, game: AnyGame, state: Any) -> None:
        """Append `seat`'s `action`, which led to `state`, and refresh the summary."""
        self.actions.append((seat, action.to_json()))
        self.summary = summarize(game, state, len(self.actions))

    def to_json(self) -> dict[str, JSON]:
        """The record as the JSON document stored on disk."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "players": [{"name": p.name, "kind": p.kind, "level": p.level} for p in self.players],
            "seed": self.seed,
            "setup": self.setup,
            "created": self.created,
            "updated": self.updated,
            "summary": self.summary,
            "actions": [[seat, data] for seat, data in self.actions],
        }

    @classmethod
    def from_json(cls, data: JSON, source: str) -> SaveRecord:
        """The record in `data`, strictly checked; raises DamagedSave naming `source`."""
        try:
            return _parse(data, source)
        except _Bad as bad:
            raise damaged(source, bad) from None


@dataclass
class Listing:
    """What a save list shows of a game (no options, setup or moves), strictly checked."""

    game: str
    players: list[PlayerSpec]
    updated: str
    summary: dict[str, JSON]

    @classmethod
    def from_json(cls, data: dict[str, JSON], source: str) -> Listing:
        """The listing of `data` (game, players, updated, summary); DamagedSave names
        `source` when a field has the wrong shape."""
        try:
            return cls(
                game=_text(data, "game"),
                players=_players(data["players"]),
                updated=_time(data, "updated"),
                summary=_summary(data["summary"]),
            )
        except _Bad as bad:
            raise damaged(source, bad) from None


def damaged(source: object, reason: object) -> DamagedSave:
    """The save `source` is damaged: `reason` (a message or a text) says how."""
    return DamagedSave("damaged-save", source=source, reason=reason)


def not_a_save(source: str, reason: Message, path: Path | None = None) -> DamagedSave:
    """The file `source` (at `path`, when known) is not a save document: `reason` says why."""
    return DamagedSave("not-hotseat-save", source=source, reason=reason, path=path)


def summarize(game: AnyGame, state: Any, moves: int) -> dict[str, JSON]:
    """The public summary shown in a save list."""
    return {**game.summary(state), "moves": moves, "over": game.is_over(state)}


def utc_now() -> str:
    """The current time as ISO 8601 UTC, to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def encode(record: SaveRecord) -> bytes:
    """The file contents for `record`: readable JSON with one player and one move per line."""
    parts = []
    for key, value in record.to_json().items():
        if isinstance(value, list) and value:
            items = ",\n".join(f"    {_dumps(item, indent=None)}" for item in value)
            text = f"[\n{items}\n  ]"
        else:
            text = _dumps(value, indent=2).replace("\n", "\n  ")
        parts.append(f"  {json.dumps(key)}: {text}")
    return ("{\n" + ",\n".join(parts) + "\n}\n").encode()


def decode(raw: bytes, source: str) -> SaveRecord:
    """The record in a file's bytes; raises DamagedSave with a one-line reason."""
    if not raw.strip():
        raise not_a_save(source, Message("file-empty"))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise not_a_save(source, Message("not-utf8")) from None
    try:
        data = strict_loads(text)
    except json.JSONDecodeError as err:
        truncated = err.pos >= len(text.rstrip()) or err.msg.startswith("Unterminated string")
        why = "truncated" if truncated else "not-json-at-line"
        raise not_a_save(source, Message(why, line=err.lineno)) from None
    except (ValueError, RecursionError):
        raise not_a_save(source, Message("not-valid-json")) from None
    return SaveRecord.from_json(data, source)


def _dumps(value: JSON, indent: int | None) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, indent=indent)


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not allowed")


_STRICT = json.JSONDecoder(parse_constant=_reject_constant)


def strict_loads(text: str) -> JSON:
    """JSON text decoded as a save is: NaN and Infinity are refused (ValueError)."""
    return _STRICT.decode(text)


class _Bad(SaveError):
    """A field of the document has the wrong shape."""


def _parse(data: JSON, source: str) -> SaveRecord:
    if not isinstance(data, dict):
        raise not_a_save(source, Message("json-is", kind=_kind(data)))
    if data.get("format") != FORMAT:
        raise not_a_save(source, Message("no-format-marker", marker=repr(FORMAT)))
    version = data.get("version")
    if _is_int(version) and version > VERSION:
        raise DamagedSave(
            "newer-format",
            source=source,
            version=version,
        )
    if version != VERSION or not _is_int(version):
        raise DamagedSave(
            "unknown-format-version",
            source=source,
            version=repr(version),
        )
    for key in data:
        if key not in _FIELDS:
            raise _Bad("unexpected-field", field=repr(key))
    for key in _FIELDS:
        if key not in data:
            raise _Bad("field-missing", field=repr(key))
    rules_version = _int(data, "rules_version")
    if rules_version < 1:
        raise _Bad("rules-version-below-1")
    return SaveRecord(
        game=_text(data, "game"),
        rules_version=rules_version,
        options=_object(data, "options"),
        players=_players(data["players"]),
        seed=_seed(data.get("seed")),
        setup=_object(data, "setup"),
        actions=_actions(data["actions"]),
        created=_time(data, "created"),
        updated=_time(data, "updated"),
        summary=_summary(data["summary"]),
        source=source,
    )


def _players(value: JSON) -> list[PlayerSpec]:
    if value == []:
        raise _Bad("no-players")
    if not isinstance(value, list):
        raise _not("players", "not-a-list", value)
    players = []
    for i, entry in enumerate(value):
        where = f"players[{i}]"
        if not isinstance(entry, dict) or set(entry) != {"name", "kind", "level"}:
            raise _Bad("not-a-player", field=where)
        kind = entry["kind"]
        if kind not in KINDS:
            raise _Bad(
                "bad-player-kind",
                field=f"{where}.kind",
                value=repr(kind),
            )
        level = _text(entry, "level", where)
        level = OLD_LEVELS.get(level, level)
        if level not in LEVELS:
            raise _Bad(
                "not-one-of",
                field=f"{where}.level",
                choices=_choices(LEVELS),
                value=repr(level),
            )
        players.append(PlayerSpec(_text(entry, "name", where), kind, level))
    return players


def _choices(words: tuple[str, ...]) -> Message:
    """The words quoted for a message: 'easy' or 'normal'; 'a', 'b' or 'c'."""
    quoted = [repr(word) for word in words]
    if len(quoted) == 1:
        return Message(ALONE, problem=quoted[0])
    return Message("any-of", items=", ".join(quoted[:-1]), last=quoted[-1])


def _not(field: str, code: str, value: JSON) -> _Bad:
    """Field `field` is not of the kind `code` says it must be (`value` is what it is)."""
    return _Bad(code, field=field, kind=_kind(value))


def _actions(value: JSON) -> list[tuple[int, JSON]]:
    if not isinstance(value, list):
        raise _not("actions", "not-a-list", value)
    for k, pair in enumerate(value, 1):
        if not isinstance(pair, list) or len(pair) != 2:
            raise _Bad("move-not-a-pair", number=k)
    return [(seat, data) for seat, data in value]


def _summary(value: JSON) -> dict[str, JSON]:
    if not isinstance(value, dict):
        raise _not("summary", "not-an-object", value)
    turn = value.get("turn")
    if turn is not None and not isinstance(turn, str):
        raise _not("summary.turn", "not-a-name-or-null", turn)
    if "facts" in value:
        if not isinstance(value["facts"], dict):
            raise _not("summary.facts", "not-an-object", value["facts"])
    else:
        _text(value, "status", "summary", allow_empty=True)
    _int(value, "moves", "summary")
    if not isinstance(value.get("over"), bool):
        raise _Bad("not-true-or-false", field="summary.over")
    return value


def _text(data: dict[str, JSON], key: str, where: str = "", allow_empty: bool = False) -> str:
    value = data.get(key)
    if isinstance(value, str) and (allow_empty or value.strip()):
        return value
    name = f"{where}.{key}" if where else key
    if not isinstance(value, str):
        raise _not(name, "not-text", value)
    raise _Bad("field-empty", field=name)


def _int(data: dict[str, JSON], key: str, where: str = "") -> int:
    value = data.get(key)
    if not _is_int(value):
        name = f"{where}.{key}" if where else key
        raise _not(name, "not-a-whole-number", value)
    return value


def seed_column(seed: int) -> int | bytes:
    """How `seed` is stored in the database's seed column: as an INTEGER when it fits one,
    else as a BLOB of its big-endian bytes, as few as it takes."""
    if seed < INTEGER_LIMIT:
        return seed
    return seed.to_bytes((seed.bit_length() + 7) // 8, "big")


def _seed(value: JSON | bytes) -> int:
    """A seed: a whole number from 0 below SEED_LIMIT, or a database BLOB as `seed_column`
    writes it (the big-endian bytes of a seed too large for an INTEGER, as few as it takes,
    at most SEED_BYTES)."""
    if isinstance(value, bytes):
        seed = int.from_bytes(value, "big") if len(value) <= SEED_BYTES else 0
        if seed < INTEGER_LIMIT or value[0] == 0:
            raise _Bad(
                "seed-blob",
                count=len(value),
                field="seed",
            )
        return seed
    if not isinstance(value, int) or isinstance(value, bool):
        raise _not("seed", "not-a-whole-number", value)
    if not 0 <= value < SEED_LIMIT:
        raise _Bad("seed-out-of-range", field="seed")
    return value


def _object(data: dict[str, JSON], key: str) -> dict[str, JSON]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise _not(key, "not-an-object", value)
    return value


def _time(data: dict[str, JSON], key: str) -> str:
    value = _text(data, key)
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise _Bad("not-a-time", field=key, value=repr(value[:40])) from None
    if parsed.tzinfo is None:
        raise _Bad("no-time-zone", field=key)
    return value


def _is_int(value: JSON) -> TypeGuard[int]:
    """True for a whole number (not a bool, which Python counts as one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _kind(value: JSON) -> Message:
    """How a JSON value reads in a message."""
    if isinstance(value, bool):
        return Message("kind-true-false")
    if isinstance(value, int):
        return Message("kind-whole-number")
    if isinstance(value, float):
        return Message("kind-number")
    if isinstance(value, str):
        return Message("kind-text")
    if isinstance(value, list):
        return Message("kind-list")
    if isinstance(value, dict):
        return Message("kind-object")
    return Message("kind-null")

"""Players at their own terminals over SSH, and the true state of a game in the database.

A `Terminal` is one SSH session with an 80x24 pty; every byte it receives is drawn by pyte,
and every screen it showed is kept, so a test can check each one. A `Truth` follows a game's
moves in the database through the engine, with what every seat may not see.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncssh
import pyte

from remote.session import set_size
from rules.three_by_three_cards import card_label
from saves import SaveStore, replay, replay_moves
from tui.games.three_by_three.words import event_text

WAIT = 30.0
"""Seconds to wait for something that should appear (generous: the machine may be busy)."""
RETRY = 2.0
"""Seconds after which an Enter that made no move is pressed again."""
CHUNK = 65536
ENTER = "\r"


class Terminal:
    """A player's terminal: an SSH session whose output is drawn as it arrives."""

    def __init__(
        self, conn: asyncssh.SSHClientConnection, process: asyncssh.SSHClientProcess[bytes]
    ) -> None:
        self.conn = conn
        self.process = process
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.frames: list[str] = []
        """Every screen shown since the last `take_frames`."""
        self.ended = False
        self._changed = asyncio.Event()
        self._reader = asyncio.ensure_future(self._read())

    @classmethod
    async def open(cls, port: int, key: asyncssh.SSHKey) -> Terminal:
        """Connect with `key` only and open a session with an 80x24 xterm pty."""
        conn = await asyncssh.connect(
            "127.0.0.1", port, client_keys=[key], known_hosts=None, agent_path=None
        )
        process = await conn.create_process(
            term_type="xterm-256color", term_size=(80, 24), encoding=None
        )
        return cls(conn, process)

    async def _read(self) -> None:
        with contextlib.suppress(asyncssh.Error, OSError):
            while data := await self.process.stdout.read(CHUNK):
                self.stream.feed(data)
                self.frames.append(self.text)
                self._changed.set()
        self.ended = True
        self._changed.set()

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    def take_frames(self) -> list[str]:
        """The screens shown since the last call (at least the current one)."""
        frames, self.frames = self.frames or [self.text], []
        return frames

    def press(self, keys: str) -> None:
        self.process.stdin.write(keys.encode())

    async def until(self, ready: Callable[[str], bool]) -> bool:
        """Wait until the screen's text satisfies `ready` (True), or WAIT passes (False)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT
        while not ready(self.text):
            if self.ended or loop.time() > deadline:
                return False
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), deadline - loop.time())
        return True

    async def shows(self, *texts: str) -> bool:
        """Wait until the screen shows every one of `texts`."""
        return await self.until(lambda screen: all(text in screen for text in texts))

    def abort(self) -> None:
        """Drop the connection at once, as a network failure or a killed client does."""
        self.conn.abort()


async def open_table(terminal: Terminal, name: str) -> bool:
    """From the player's home screen (the save list has the focus), open the save `name`."""
    if not await terminal.shows("Your tables", name):
        return False
    terminal.press(ENTER)
    return await terminal.until(lambda screen: at_table(screen, name))


def at_table(screen: str, name: str) -> bool:
    """True when the screen is the table of save `name` (its title bar ends with the name)."""
    return screen.split("\n", 1)[0].rstrip().endswith(f"— {name}")


def asks_to_move(screen: str) -> bool:
    """True when the screen asks its player to move: Enter (⏎) is among the footer's keys,
    or the only move is taking the pile (Enter does that too)."""
    footer = screen.rsplit("\n", 1)[-1]
    return "⏎" in footer or "Take pile" in footer


class Truth:
    """Game `name` as stored: its moves replayed through the engine after each `read`."""

    def __init__(self, folder: Path, name: str) -> None:
        self.store = SaveStore(folder)
        self.key, self.record = self.store.record(name)
        self.game, self.state = replay(self.record)
        self.face_up: set[str] = {c for cards in self.state.face_up for c in cards}
        """Every card that ever lay face up (those are shown openly)."""

    def read(self) -> int:
        """Take in the moves stored since the last read; how many moves there are now."""
        done = len(self.record.actions)
        moves = self.store.moves_after(self.key, done)
        for seat, action in moves:
            self.state = replay_moves(self.record, self.game, self.state, [(seat, action)], done)
            self.record.actions.append((seat, action))
            self.face_up |= {c for cards in self.state.face_up for c in cards}
            done += 1
        return done

    @property
    def moves(self) -> int:
        return len(self.record.actions)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def to_act(self) -> int | None:
        acting = self.game.to_act(self.state)
        return acting[0] if acting else None

    def secret_labels(self, seats: set[int]) -> set[str]:
        """Labels of the 3 x 3 cards of `seats` that nobody else may see: their hands and
        face-down cards, except cards that were ever shown openly (face up, or named in the
        public log: played, or turned up)."""
        state: Any = self.state
        cards = [c for seat in seats for c in state.hands[seat]]
        cards += [c for seat in seats for c in state.face_down[seat] if c]
        log = self.game.log(self.state, None)
        public = " ".join(event_text(entry["event"], state.players) for entry in log)
        return {
            card_label(c) for c in cards if c not in self.face_up and card_label(c) not in public
        }


class Table:
    """Registered players at their own terminals around one stored game.

    `play_until` presses Enter at the terminal of each player whose turn it is (every
    table puts its cursor on a legal choice, so Enter always makes a legal move) and lets
    the computer move by itself. Every screen each terminal showed is checked against the
    true state: none shows a card that only another seat may see.
    """

    def __init__(self, truth: Truth, seated: dict[int, Terminal]) -> None:
        self.truth = truth
        self.seated = seated
        self.pressed: set[tuple[int, int]] = set()
        """(seat, number of moves before) of each Enter pressed for a player's move."""
        self.own_cards_seen = dict.fromkeys(seated, 0)
        """How many screens showed their own player a card only they may see."""

    def check_screens(self) -> None:
        """Check every screen shown since the last look against the state stored now (read
        after the screens, so no screen is newer than it). The game-over panel shows every
        hand, as nothing is secret any more."""
        frames = {seat: terminal.take_frames() for seat, terminal in self.seated.items()}
        self.truth.read()
        everyone = set(range(len(self.truth.record.players)))
        for seat, shown in frames.items():
            others = self.truth.secret_labels(everyone - {seat})
            own = self.truth.secret_labels({seat})
            for screen in shown:
                if self.truth.over and "game over" in screen:
                    continue
                leaked = sorted(label for label in others if label in screen)
                assert not leaked, f"seat {seat} was shown {leaked} at move {self.truth.moves}"
                self.own_cards_seen[seat] += any(label in screen for label in own)

    async def play_until(self, done: Callable[[Truth], bool]) -> None:
        """Play on until `done(truth)` holds; fail if no move comes for WAIT seconds."""
        loop = asyncio.get_running_loop()
        moves, progress = -1, loop.time()
        last_press = (-1, 0.0)
        while True:
            self.check_screens()
            truth = self.truth
            if truth.moves != moves:
                moves, progress = truth.moves, loop.time()
            if done(truth):
                return
            waiting = loop.time() - progress
            assert waiting < WAIT, f"no move after move {moves}: {self.screens()}"
            seat = truth.to_act()
            due = last_press[0] != moves or loop.time() - last_press[1] > RETRY
            if (
                seat is not None
                and seat in self.seated
                and due
                and asks_to_move(self.seated[seat].text)
            ):
                self.seated[seat].press(ENTER)
                self.pressed.add((seat, moves))
                last_press = (moves, loop.time())
            await asyncio.sleep(0.05)

    def screens(self) -> str:
        return "\n".join(f"seat {s}:\n{t.text}" for s, t in self.seated.items())


async def openssh_client(port: int, key: Path) -> tuple[asyncio.subprocess.Process, int]:
    """OpenSSH's `ssh -tt` to the host under a local 80x24 pty; the client and the master."""
    master, slave = os.openpty()
    set_size(slave, 80, 24)
    ssh = await asyncio.create_subprocess_exec(
        *("ssh", "-tt", "-F", "/dev/null", "-p", str(port), "-i", str(key)),
        *("-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"),
        *("-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-o", "LogLevel=ERROR"),
        "127.0.0.1",
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env={**os.environ, "TERM": "xterm-256color"},
        start_new_session=True,
    )
    os.close(slave)
    return ssh, master


async def until(condition: Callable[[], bool], within: float = WAIT) -> bool:
    """Poll `condition` until it holds (True) or `within` seconds pass (False)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while not condition():
        if loop.time() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


def free_port() -> int:

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def host_args(folder: Path, port: int) -> list[str]:
    return ["host", "--port", str(port), "--listen", "127.0.0.1", "--save-dir", str(folder)]

"""`hotseat host`: an SSH server (asyncssh) where each registered player plays from their own
terminal, each session showing only that player's seats.

Design: every SSH session runs the hotseat app as a child process on a pty of its own on this
machine (`remote.session.Session`: the child, its pty, the pumps between pty and channel, and
giving the player's terminal back whatever way the app ends).

Why a child process per session, not the app in this process: a session that crashes or hangs
cannot take the others with it, each app keeps its own event loop (one slow screen cannot
delay another), the app runs exactly as in a local terminal with no change, and the child's
pid is what the save store's seat records already hold, so the seats of a session that dies
are free at once.

Rules of the door:
- Identity is the public key only: the SSH user name is ignored, passwords and
  keyboard-interactive are off, and the player is `host.registry.by_key(key)`: players.json
  parsed once and again whenever it changes (so `hotseat players add` needs no restart).
  Unknown keys are refused with one line in the host's log.
- Before login the door holds as sshd does (`remote.door`): 6 failed attempts a connection
  then a disconnect, 30 s to log in, unauthenticated connections capped per source and in
  all (MaxStartups), a growing refusal for sources whose logins keep failing, open files
  kept in reserve, refusals logged at a bounded rate, modern algorithms only.
- StrictModes: the host does not start while the save folder, players.json or the host key
  could be changed by someone else, or the host key read.
- A session gets the app and nothing else: exec requests, subsystems (SFTP), scp, port, agent
  and X11 forwarding are refused; a session without a pty is told to use `ssh -t`.
- At most `max_sessions` sessions at once, `max_player_sessions` of them one player's, and
  MAX_CHANNELS session channels open on one connection (OpenSSH's MaxSessions); one more is
  refused with one line. Environment variables a client sends are refused and never kept.
- Keepalives find dead connections.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import math
import os
import shlex
import signal
import socket
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import asyncssh
from asyncssh import encryption, kex, mac, public_key

from remote.door import (
    ENCRYPTION_ALGORITHMS,
    KEX_ALGORITHMS,
    MAC_ALGORITHMS,
    SIGNATURE_ALGORITHMS,
    Door,
    Limits,
    raise_open_file_limit,
    signature_algorithm,
    source_of,
    supported,
)
from remote.players import USAGE_ERROR, Players
from remote.registry import Registry, mode_problem, owned
from remote.session import (
    APP_MEMORY,
    Channels,
    Session,
    SessionChannel,
    in_language_of,
    registered,
    say,
)
from remote.session import child_command as child_command
from remote.session import child_env as child_env
from remote.session import set_size as set_size
from saves.players import FILE_NAME, PlayersError, RemotePlayer, read_capped
from saves.visible import visible
from tui.i18n import _, ngettext
from tui.words.problems import said
from tui.words.saves import reason_text

HOST_KEY_FILE = "host_key"
MAX_KEY_FILE = 64 * 1024
KEEPALIVE_INTERVAL = 1.0
KEEPALIVE_COUNT_MAX = 3
"""A client that answers nothing (a laptop closed, a cable pulled: no FIN ever comes) is
asked each second and cut off after three unanswered asks, so its app is hung up within
5 s; one answer, or any key, starts the count again."""
CLOSE_GRACE = 2.0
MAX_PLAYER_SESSIONS = 3
"""Sessions one player may have at once unless the host says otherwise."""
FLOOD_PAUSE = 60.0
"""Seconds a player whose session was ended for a flood of input waits for a new one."""

Log = Callable[[str], None]


class HostError(Exception):
    """Why the host cannot start; its str is the one-line message."""


def log_line(text: str) -> None:
    """The host's log: one line on stderr, with the time. What a client sent (an
    algorithm's name, a key's comment) is in some lines, so control characters are written
    as escapes and never reach the host's terminal."""
    print(f"{time.strftime('%H:%M:%S')} {visible(text)}", file=sys.stderr, flush=True)


def prepare_folder(folder: Path) -> None:
    """Create the save folder (0700) if needed; HostError if it cannot be written."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except FileExistsError:
        raise HostError(_("{folder} is not a folder").format(folder=folder)) from None
    except OSError as error:
        raise HostError(
            _("cannot create the folder {folder} ({reason})").format(
                folder=folder, reason=error.strerror
            )
        ) from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise HostError(_("the folder {folder} is not writable").format(folder=folder))


def strict_modes(folder: Path, key_saved: bool) -> None:
    """StrictModes, as sshd's: HostError when the save folder, players.json or the saved
    host key could be changed by someone else (another owner, or writable by the group or
    others), or the host key read by anyone else. A folder hotseat made passes (0700, its
    files 0600)."""
    checks = [
        (folder, _("the save folder {path} {problem}; {fix}"), False),
        (folder / FILE_NAME, _("the players file {path} {problem}; {fix}"), False),
    ]
    if key_saved:
        checks.append((folder / HOST_KEY_FILE, _("the host key {path} {problem}; {fix}"), True))
    for path, sentence, secret in checks:
        try:
            info = os.stat(path)
        except OSError:
            continue  # nothing there yet, or what reads it says why not
        problem = mode_problem(info, secret)
        if problem is None:
            continue
        if not owned(info):
            fix = _("it must be yours")
        else:
            command = f"chmod {'600' if secret else 'go-w'} {shlex.quote(str(path))}"
            fix = _("fix it with: {command}").format(command=command)
        raise HostError(sentence.format(path=path, problem=problem, fix=fix))


def host_key(folder: Path) -> tuple[asyncssh.SSHKey, bool]:
    """The host's ed25519 key, `<folder>/host_key`, and whether it is new (not yet
    saved: `save_host_key` once the host listens). HostError if the file cannot be read
    as a key; it is then left as it is."""
    path = folder / HOST_KEY_FILE
    if os.path.lexists(path):
        try:
            return asyncssh.import_private_key(read_key_file(path)), False
        except (OSError, ValueError, asyncssh.KeyImportError) as error:
            reason = reason_text(error) if isinstance(error, OSError) else error
            raise HostError(
                _(
                    "the host key {path} cannot be read ({reason}); move it away and a new one "
                    "is made"
                ).format(path=path, reason=reason)
            ) from None
    return asyncssh.generate_private_key("ssh-ed25519"), True


def save_host_key(folder: Path, key: asyncssh.SSHKey) -> None:
    """Write a new host key to `<folder>/host_key` (0600, atomically); HostError if not."""
    path = folder / HOST_KEY_FILE
    fd, temporary = tempfile.mkstemp(dir=folder, prefix=f".{HOST_KEY_FILE}.")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(key.export_private_key())
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise HostError(
            _("cannot write the host key {path} ({reason})").format(
                path=path, reason=error.strerror
            )
        ) from None


def read_key_file(path: Path) -> bytes:
    """The bytes of a regular file of at most MAX_KEY_FILE bytes; OSError for anything else
    (a pipe or device is never read, so nothing can hang)."""
    data = read_capped(path, MAX_KEY_FILE)
    if data is None:
        raise OSError(errno.EFBIG, _("it is too large for a key"))
    return data


def peer_address(conn: asyncssh.SSHServerConnection) -> str:
    """The client's IP address."""
    peer = conn.get_extra_info("peername")
    return str(peer[0]) if peer else _("an unknown address")


class Gate(asyncssh.SSHServer):
    """One connection's door: public keys of registered players only."""

    def __init__(self, host: Host) -> None:
        self._host = host
        self._conn: asyncssh.SSHServerConnection | None = None
        self._candidate: RemotePlayer | None = None
        self.player: RemotePlayer | None = None
        self.channels = Channels(host._serve)
        self._address = _("an unknown address")
        self._source = ""
        self._waiting = False
        """True from admission until it logs in or ends (it counts at the door meanwhile)."""
        self._probed = False
        self._offered = False
        self._failures = 0

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        self._address = peer_address(conn)
        self._source = source_of(self._address)
        if not self._host.door.admit(self._source, self._address):
            conn.abort()  # before even the version line: a refusal costs no key exchange
            return
        self._waiting = True
        self._host.connections.add(conn)
        # asyncssh has no hook for a failed attempt or a signature's algorithm, so the door
        # wraps the two methods of this connection every attempt goes through.
        self._send_failure = conn.send_userauth_failure
        self._validate = conn.validate_public_key
        conn.send_userauth_failure = self._attempt_failed  # type: ignore[method-assign]
        conn.validate_public_key = self._validate_signed  # type: ignore[method-assign]

    def connection_lost(self, exc: Exception | None) -> None:
        if self._conn is not None:
            self._host.connections.discard(self._conn)
        if self._waiting:
            self._waiting = False
            self._host.door.ended(self._source, self._address, self._failures)
        if self.player is not None:
            self._host.log(_("{name} left").format(name=self.player.name))

    def penalise(self, why: str) -> None:
        """This connection's source earns a failed login's penalty (for `why`)."""
        limits = self._host.door.limits
        self._host.door.penalise(self._source, self._address, limits.penalty_authfail, why)

    def session_requested(self) -> tuple[SessionChannel, asyncssh.SSHServerProcess[bytes]]:
        """A session channel and its session (`Channels`: at most MAX_CHANNELS at once, one
        more is refused in the player's language)."""
        assert self._conn is not None
        if self.player is None:
            return self.channels.open(self._conn)
        with in_language_of(self.player):
            return self.channels.open(self._conn)

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Accept the key of a registered player. asyncssh checks the signature right after
        this call, so the last key accepted here is the one that logs in."""
        address, door = self._address, self._host.door
        try:
            player = self._host.registry.by_key(key)
        except PlayersError as error:
            door.note(
                self._source,
                _("refused a key from {address}: {error}").format(
                    address=address, error=said(error)
                ),
            )
            return False
        if player is None:
            door.note(
                self._source,
                _("refused an unknown key {key} from {address}").format(
                    key=f"{key.get_algorithm()} {key.get_fingerprint()}", address=address
                ),
            )
            return False
        self._candidate = player
        return True

    async def _validate_signed(
        self, username: str, key_data: bytes, msg: bytes, signature: bytes
    ) -> bool:
        """asyncssh's check of an offered key and its signature, refusing signatures made
        with an algorithm the host does not accept (ssh-rsa: SHA-1), and every key once the
        connection is cut (requests sent ahead of the cut are not looked at)."""
        self._offered = True
        if self._failures >= self._host.door.limits.max_auth_tries:
            return False
        algorithm = signature_algorithm(signature) if signature else ""
        if algorithm and algorithm not in self._host.signature_algorithms:
            self._host.door.note(
                self._source,
                _("refused a {algorithm} signature from {address}").format(
                    algorithm=algorithm, address=self._address
                ),
            )
            return False
        return await self._validate(username, key_data, msg, signature)

    def _attempt_failed(self, partial_success: bool) -> None:
        """asyncssh's answer to a failed attempt, counted: the client's first probe without a
        key (the "none" method) is free, as in sshd; at `max_auth_tries` failures the
        connection is cut instead."""
        if self._offered or self._probed:
            self._failures += 1
        self._probed = True
        tries = self._host.door.limits.max_auth_tries
        if self._failures < tries:
            self._send_failure(partial_success)
            return
        assert self._conn is not None
        self._conn.disconnect(
            asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "Too many authentication failures"
        )

    def auth_completed(self) -> None:
        self.player = self._candidate
        if self._waiting:
            self._waiting = False
            self._host.door.authenticated(self._source)
        if self.player is None or self._conn is None:
            return
        name = self.player.name
        most = self._host.max_player_connections
        if self._host.player_connections(self.player) > most:
            self._host.door.note(name, _("refused one more connection of {name}").format(name=name))
            with in_language_of(self.player):
                reason = ngettext(
                    "{name} has {count} connection open already",
                    "{name} has {count} connections open already",
                    most,
                ).format(name=name, count=most)
            self._conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, reason)
            self.player = None
            return
        self._host.log(
            _("{name} connected from {address}").format(name=name, address=peer_address(self._conn))
        )


class Host:
    """A running `hotseat host`: its listening socket, connections and sessions."""

    def __init__(
        self,
        folder: Path,
        max_sessions: int,
        log: Log,
        *,
        max_player_sessions: int = MAX_PLAYER_SESSIONS,
        app_memory: int = APP_MEMORY,
        limits: Limits | None = None,
        delay: float | None = None,
    ) -> None:
        self.folder = folder
        self.delay = delay
        """Seconds before each computer move in the players' games (None: the app's own)."""
        self.max_sessions = max_sessions
        self.max_player_sessions = max_player_sessions
        self.app_memory = app_memory
        self._flood_pauses: dict[str, float] = {}
        """Per player (casefolded name), when they may have a session again after a flood."""
        self.max_player_connections = 2 * max_player_sessions
        """Logged-in connections one player may have: room for each session and a new
        connection beside each frozen one, and no more (each holds memory and a file)."""
        self.log = log
        self.door = Door(limits or Limits(), log)
        self.registry = Registry(folder)
        self.signature_algorithms = supported(
            SIGNATURE_ALGORITHMS, public_key.get_public_key_algs()
        )
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self.sessions: set[Session] = set()
        self.fingerprint = ""
        self.port = 0
        self.connect_hint = ""
        self._acceptor: asyncssh.SSHAcceptor | None = None

    async def listen(self, listen: str, port: int) -> None:
        """Start listening with the host key (a new one is saved only once listening
        works, so a host that cannot start leaves no key behind); HostError if not."""
        prepare_folder(self.folder)
        key, new = host_key(self.folder)
        strict_modes(self.folder, key_saved=not new)
        self.fingerprint = key.get_fingerprint()
        limits = self.door.limits
        try:
            self._acceptor = await asyncssh.create_server(
                lambda: Gate(self),
                listen,
                port,
                server_host_keys=[key],
                encoding=None,
                line_editor=False,
                allow_pty=True,
                password_auth=False,
                kbdint_auth=False,
                host_based_auth=False,
                gss_host=None,
                agent_forwarding=False,
                x11_forwarding=False,
                allow_scp=False,
                keepalive_interval=KEEPALIVE_INTERVAL,
                keepalive_count_max=KEEPALIVE_COUNT_MAX,
                login_timeout=limits.login_grace,
                backlog=self.door.backlog,
                kex_algs=supported(KEX_ALGORITHMS, kex.get_kex_algs()),
                signature_algs=self.signature_algorithms,
                encryption_algs=supported(ENCRYPTION_ALGORITHMS, encryption.get_encryption_algs()),
                mac_algs=supported(MAC_ALGORITHMS, mac.get_mac_algs()),
            )
        except OSError as error:
            raise HostError(listen_problem(error, listen, port)) from None
        if new:
            try:
                save_host_key(self.folder, key)
            except HostError:
                self._acceptor.close()
                raise
        self.port = self._acceptor.get_port()
        where = listen if listen not in ("", "0.0.0.0", "::") else socket.gethostname()
        self.connect_hint = f"ssh -p {self.port} {where}"

    async def close(self) -> None:
        """Stop listening, end every session (children hung up and reaped), disconnect all:
        politely, then at once for clients that do not answer within CLOSE_GRACE."""
        if self._acceptor is not None:
            self._acceptor.close()
        await asyncio.gather(*(session.stop() for session in list(self.sessions)))
        connections = list(self.connections)
        for conn in connections:
            conn.close()
        closed = asyncio.gather(*(conn.wait_closed() for conn in connections))
        try:
            await asyncio.wait_for(closed, CLOSE_GRACE)
        except TimeoutError:
            for conn in connections:
                conn.abort()
        if self._acceptor is not None:
            await self._acceptor.wait_closed()
        self.door.flush()

    def loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, object]) -> None:
        """The event loop's errors (a failed accept, a connection dropped mid-step): one
        line in the log at the bounded rate, never a traceback."""
        error = context.get("exception")
        text = str(context.get("message", _("error"))) + (f": {error}" if error else "")
        self.door.errors.line(
            _("the host"), _("the host went on after an error: {error}").format(error=text)
        )

    def flooded(self, player: RemotePlayer) -> None:
        """`player`'s session was ended for a flood of input: no new session for them for
        FLOOD_PAUSE seconds, so a flood costs the host one app's start a while at most."""
        self._flood_pauses[player.name.casefold()] = time.monotonic() + FLOOD_PAUSE

    def flood_wait(self, player: RemotePlayer) -> int:
        """Whole seconds until `player` may have a session again after a flood (0: now)."""
        left = self._flood_pauses.get(player.name.casefold(), 0.0) - time.monotonic()
        return math.ceil(left) if left > 0 else 0

    def player_connections(self, player: RemotePlayer) -> int:
        """How many logged-in connections `player` has, the one logging in included."""
        return sum(
            1
            for conn in self.connections
            if isinstance(gate := conn.get_owner(), Gate)
            and gate.player is not None
            and gate.player.name == player.name
        )

    async def _serve(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        """A new session: the app on a pty, or one line saying why not."""
        gate = process.channel.get_connection().get_owner()
        player = gate.player if isinstance(gate, Gate) else None
        refusal = None
        if player is not None:
            with in_language_of(player):
                refusal, flooded = self._refusal(process, player)
            if flooded and isinstance(gate, Gate):  # asking again earns a refusal at the door
                gate.penalise(_("asked for sessions while refused for a flood"))
        if player is None or refusal is not None:
            with contextlib.suppress(OSError, asyncssh.Error):
                if refusal is not None:
                    say(process, refusal)
                process.exit(1)
            return
        session = Session(self, process, player)
        self.sessions.add(session)
        try:
            await session.run()
        finally:
            self.sessions.discard(session)

    def _refusal(
        self, process: asyncssh.SSHServerProcess[bytes], player: RemotePlayer
    ) -> tuple[str | None, bool]:
        """Why this session cannot have `player`'s app, or None if it can (in the current
        language: the caller makes it the player's), and whether it is refused for a
        flood of input (the caller penalises that at the door, in the host's language)."""
        if process.command is not None or process.subsystem is not None:
            return _("hotseat serves only the game: connect with {command}").format(
                command=self.connect_hint
            ), False
        if process.get_terminal_type() is None:
            return _("hotseat needs a terminal (with ssh, use ssh -t)"), False
        count = len(self.sessions)
        if count >= self.max_sessions:
            return ngettext(
                "hotseat: the table is full ({count} player connected); try again later",
                "hotseat: the table is full ({count} players connected); try again later",
                count,
            ).format(count=count), False
        if not registered(self.registry, player):
            return _("hotseat: your key is no longer registered here"), False
        wait = self.flood_wait(player)
        if wait:
            return _(
                "hotseat: {name}'s last session sent far too much input; try again in {seconds} s"
            ).format(name=player.name, seconds=wait), True
        mine = sum(1 for session in self.sessions if session.player.name == player.name)
        if mine >= self.max_player_sessions:
            return ngettext(
                "hotseat: {name} has {count} session open already, the most one player may "
                "have; close one and try again",
                "hotseat: {name} has {count} sessions open already, the most one player may "
                "have; close one and try again",
                mine,
            ).format(name=player.name, count=mine), False
        return None, False


def listen_problem(error: OSError, listen: str, port: int) -> str:
    """The one-line reason a port cannot be listened on."""
    if isinstance(error, socket.gaierror):
        return _("cannot listen on {address} ({reason})").format(
            address=repr(listen), reason=error.strerror
        )
    reason = os.strerror(error.errno) if error.errno else str(error)
    if error.errno == errno.EADDRINUSE:
        return _("port {port} is in use ({reason})").format(port=port, reason=reason)
    if error.errno == errno.EADDRNOTAVAIL:
        return _("the address {address} is not one of this machine's ({reason})").format(
            address=listen, reason=reason
        )
    return _("cannot listen on port {port} ({reason})").format(port=port, reason=reason)


async def start_host(
    folder: Path,
    port: int,
    listen: str = "127.0.0.1",
    max_sessions: int = 32,
    log: Log = log_line,
    *,
    max_player_sessions: int = MAX_PLAYER_SESSIONS,
    app_memory: int = APP_MEMORY,
    limits: Limits | None = None,
    delay: float | None = None,
) -> Host:
    """A host serving the players of `folder` on `listen`:`port` (0 picks a free port);
    HostError says why it cannot start."""
    host = Host(
        folder,
        max_sessions,
        log,
        max_player_sessions=max_player_sessions,
        app_memory=app_memory,
        limits=limits,
        delay=delay,
    )
    await host.listen(listen, port)
    return host


def registered_players(folder: Path) -> int:
    """How many players may connect; HostError if the players file is damaged."""
    try:
        return len(Players(folder).all())
    except PlayersError as error:
        raise HostError(said(error)) from None


async def serve(args: argparse.Namespace, folder: Path) -> int:
    """Serve until Ctrl+C, SIGTERM or SIGHUP (the host's own terminal closed), then close
    every session."""
    stopped = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(signum, stopped.set)
    raise_open_file_limit()
    prepare_folder(folder)
    count = registered_players(folder)
    host = await start_host(
        folder,
        args.port,
        args.listen,
        args.max_sessions,
        max_player_sessions=args.max_sessions_per_player,
        app_memory=args.app_memory * 1024 * 1024,
        delay=getattr(args, "delay", None),
    )
    loop.set_exception_handler(host.loop_error)
    serving = ngettext(
        "serving {count} registered player on port {port} (host key {fingerprint})",
        "serving {count} registered players on port {port} (host key {fingerprint})",
        count,
    ).format(count=count, port=host.port, fingerprint=host.fingerprint)
    print(f"hotseat host: {serving}")
    if count == 0:
        save_dir = getattr(args, "save_dir", None)
        where = f" --save-dir {shlex.quote(str(folder))}" if save_dir is not None else ""
        name, key_file = _("NAME"), _("KEY_FILE")
        command = f"hotseat players add{where} {name} {key_file}"
        print(_("No one can connect yet; add a player: {command}").format(command=command))
    print(_("Friends connect with: {command}").format(command=host.connect_hint))
    print(_("Ctrl+C stops the host."), flush=True)
    try:
        await stopped.wait()
    finally:
        await host.close()
    print("hotseat host: " + _("stopped"), flush=True)
    return 0


def host_command(args: argparse.Namespace, folder: Path) -> int:
    """The `hotseat host` command; problems are one line and exit code 2."""
    try:
        return asyncio.run(serve(args, folder))
    except HostError as error:
        print(f"hotseat: {error}", file=sys.stderr)
        return USAGE_ERROR

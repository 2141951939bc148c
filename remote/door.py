"""The host's door before login, held the way OpenSSH's sshd holds it.

- `Limits`: sshd's defaults as the yardstick: 6 authentication attempts a connection
  (MaxAuthTries), a login grace time of 30 s (LoginGraceTime), unauthenticated connections
  capped per source and in all with an early random drop (MaxStartups 10:30:100), a growing
  refusal for a source whose logins keep failing (PerSourcePenalties), and open files kept
  in reserve so a burst of connections never exhausts them.
- `Door`: the bookkeeping of those limits for one host: who is waiting to log in, which
  sources are penalised, and a `QuietLog` so that refusals reach the host's log at a
  bounded rate (one line a source a period, then one line counting the rest), in the
  host's language.
- The algorithms the host speaks: modern key exchange (ML-KEM and sntrup hybrids,
  curve25519, ECDH), signatures (ed25519, ECDSA, RSA with SHA-2), MACs and ciphers; no
  finite-field Diffie-Hellman and nothing with SHA-1.

A source is an IPv4 address, or the /64 network of an IPv6 address (one machine usually
holds a whole /64).
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import random
import re
import resource
import time
from collections.abc import Callable
from dataclasses import dataclass

from tui.i18n import _, ngettext

Log = Callable[[str], None]

KEX_ALGORITHMS = (
    "mlkem768x25519-sha256",
    "sntrup761x25519-sha512",
    "sntrup761x25519-sha512@openssh.com",
    "mlkem768nistp256-sha256",
    "mlkem1024nistp384-sha384",
    "curve25519-sha256",
    "curve25519-sha256@libssh.org",
    "ecdh-sha2-nistp256",
    "ecdh-sha2-nistp384",
    "ecdh-sha2-nistp521",
)
"""Key exchange, best first: hybrids with a post-quantum half, then elliptic curves."""
SIGNATURE_ALGORITHMS = (
    "ssh-ed25519",
    "sk-ssh-ed25519@openssh.com",
    "ecdsa-sha2-nistp256",
    "ecdsa-sha2-nistp384",
    "ecdsa-sha2-nistp521",
    "sk-ecdsa-sha2-nistp256@openssh.com",
    "rsa-sha2-512",
    "rsa-sha2-256",
)
"""Signatures the host accepts from a player's key (never ssh-rsa, which is SHA-1)."""
ENCRYPTION_ALGORITHMS = (
    "chacha20-poly1305@openssh.com",
    "aes256-gcm@openssh.com",
    "aes128-gcm@openssh.com",
    "aes256-ctr",
    "aes192-ctr",
    "aes128-ctr",
)
MAC_ALGORITHMS = (
    "hmac-sha2-256-etm@openssh.com",
    "hmac-sha2-512-etm@openssh.com",
    "umac-128-etm@openssh.com",
    "hmac-sha2-256",
    "hmac-sha2-512",
    "umac-128@openssh.com",
)


@dataclass(frozen=True)
class Limits:
    """What the door allows before login (sshd's defaults where sshd has one)."""

    max_auth_tries: int = 6
    """Failed authentication attempts a connection may make; the next failure disconnects."""
    login_grace: float = 30.0
    """Seconds a connection has to log in."""
    startups: tuple[int, int, int] = (10, 30, 100)
    """start:rate:full: from `start` unauthenticated connections on, a new one is refused
    with a chance of `rate` percent, growing to certain refusal at `full`."""
    per_source: int = 4
    """Unauthenticated connections at once from one source."""
    penalty_authfail: float = 5.0
    """Seconds of penalty for a connection that failed to log in."""
    penalty_noauth: float = 1.0
    """Seconds of penalty for a connection that ended without trying to log in."""
    penalty_min: float = 15.0
    """A source is refused once its penalty reaches this many seconds; the refusal lasts
    this long, doubled for each refusal in a row, up to `penalty_max`."""
    penalty_max: float = 600.0
    """The longest refusal; a source quiet this long after one is forgiven."""
    penalty_sources: int = 65536
    """Sources whose penalty is remembered; beyond it new sources are not penalised."""
    backlog: int = 128
    """Connections the kernel queues, and so the most one accepting step takes at once
    (less under a small open-file limit: 1/16 of it, at least 4)."""
    file_reserve: int = 64
    """Open files kept free beyond the connections being accepted (about three accepting
    steps' worth before a refused one is closed): for players, their sessions and the
    host's own needs."""
    open_file_limit: int | None = None
    """The open-file limit to keep under; None: the process's own (RLIMIT_NOFILE)."""
    log_period: float = 60.0
    """Seconds over which each source gets at most one line in the log."""
    log_sources: int = 20
    """Sources given a line of their own in a period; the others are counted together."""


def source_of(address: str) -> str:
    """The source a peer address counts under: the IPv4 address, or the IPv6 /64."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def open_files() -> int | None:
    """How many files this process has open, or None where that cannot be seen."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(folder)) - 1  # less the one listdir itself opened
        except OSError:
            continue
    return None


def raise_open_file_limit() -> int:
    """Raise the soft limit on open files to the hard limit (as far as the system lets
    it); the soft limit in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft == hard:
        return soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (OSError, ValueError):
        return soft
    return hard


def supported(wanted: tuple[str, ...], available: list[bytes]) -> list[str]:
    """The names of `wanted` that asyncssh offers here, in the order of `wanted`."""
    names = {name.decode("ascii") for name in available}
    return [name for name in wanted if name in names]


ALGORITHM_NAME = re.compile(rb"[A-Za-z0-9@._-]{1,64}")
"""What an algorithm's name is made of (RFC 4251, section 6)."""


def signature_algorithm(signature: bytes) -> str:
    """The algorithm named at the start of an SSH signature blob: "" if it names none,
    "an unnamed algorithm" if what stands there is not a name."""
    size = int.from_bytes(signature[:4], "big")
    name = signature[4 : 4 + size] if size <= 64 else b""
    if not name:
        return ""
    return name.decode("ascii") if ALGORITHM_NAME.fullmatch(name) else _("an unnamed algorithm")


class QuietLog:
    """Lines about sources at a bounded rate: in each period, the first line about each
    of up to `sources` sources is written; the rest are counted and summed up in one
    line a source (and one for all others) when the period ends, as `more` says a count
    of them ("3 more refused attempts")."""

    def __init__(self, log: Log, period: float, sources: int, more: Callable[[int], str]) -> None:
        self._log = log
        self._period = period
        self._sources = sources
        self._more = more
        self._held: dict[str, int] = {}
        self._others = 0
        self._started: float | None = None
        self._timer: asyncio.TimerHandle | None = None

    def line(self, source: str, text: str) -> None:
        """Write `text` if it is the first about `source` this period; count it if not."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        if self._started is not None and now - self._started >= self._period:
            self.flush()
        if self._started is None:
            self._started = now
        if source in self._held:
            self._held[source] += 1
        elif len(self._held) < self._sources:
            self._held[source] = 0
            self._log(text)
            return
        else:
            self._others += 1
        if self._timer is None:
            self._timer = loop.call_at(self._started + self._period, self.flush)

    def flush(self) -> None:
        """Write the counts held back this period and start a new one."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        seconds = f"{self._period:g}"
        for source, count in self._held.items():
            if count:
                self._log(
                    _("{source}: {more} in the last {seconds} s").format(
                        source=source, more=self._more(count), seconds=seconds
                    )
                )
        if self._others:
            self._log(
                _("{more} from other sources in the last {seconds} s").format(
                    more=self._more(self._others), seconds=seconds
                )
            )
        self._held.clear()
        self._others = 0
        self._started = None


def more_refused_attempts(count: int) -> str:
    """ "3 more refused attempts", in the host's language."""
    return ngettext("{count} more refused attempt", "{count} more refused attempts", count).format(
        count=count
    )


def more_refusals_begun(count: int) -> str:
    """ "3 more refusals begun", in the host's language."""
    return ngettext("{count} more refusal begun", "{count} more refusals begun", count).format(
        count=count
    )


def more_errors(count: int) -> str:
    """ "3 more errors", in the host's language."""
    return ngettext("{count} more error", "{count} more errors", count).format(count=count)


@dataclass
class Penalty:
    """A source's penalty: until when it runs, whether the source is refused meanwhile,
    and how many refusals came in a row (each one twice as long as the one before)."""

    until: float
    refused: bool = False
    refusals: int = 0


class Penalties:
    """PerSourcePenalties: seconds of penalty a source earns by failing to log in; once
    they reach `penalty_min`, the source is refused for a while that grows with each
    refusal in a row."""

    def __init__(self, limits: Limits, clock: Callable[[], float]) -> None:
        self._limits = limits
        self._clock = clock
        self._table: dict[str, Penalty] = {}
        self._swept = float("-inf")

    def refused_for(self, source: str) -> float:
        """Seconds `source` is still refused (0 when it is not)."""
        penalty = self._table.get(source)
        if penalty is None or not penalty.refused:
            return 0.0
        return max(0.0, penalty.until - self._clock())

    def add(self, source: str, seconds: float) -> float | None:
        """Penalise `source` by `seconds`; how long it is now refused when this began a
        refusal, else None."""
        limits, now = self._limits, self._clock()
        penalty = self._table.get(source)
        if penalty is None:
            if len(self._table) >= limits.penalty_sources:
                self._forget(now)
                if len(self._table) >= limits.penalty_sources:
                    return None
            penalty = self._table[source] = Penalty(until=now)
        if penalty.refused and now < penalty.until:
            return None
        if now >= penalty.until:
            if now - penalty.until > limits.penalty_max:
                penalty.refusals = 0
            penalty.refused = False
            penalty.until = now
        penalty.until = min(penalty.until + seconds, now + limits.penalty_max)
        if round(penalty.until - now) < limits.penalty_min:  # whole seconds, as sshd counts
            return None
        length = min(limits.penalty_max, limits.penalty_min * 2.0**penalty.refusals)
        penalty.until, penalty.refused = now + length, True
        penalty.refusals += 1
        return length

    def _forget(self, now: float) -> None:
        """Drop the sources forgiven by now (looked for at most once a second, so a flood
        of new sources cannot make each one cost a sweep of the whole table)."""
        if now - self._swept < 1.0:
            return
        self._swept = now
        forgiven = [s for s, p in self._table.items() if now - p.until > self._limits.penalty_max]
        for source in forgiven:
            del self._table[source]


class Door:
    """The limits before login for one host: `admit` each new connection, and tell the
    door when it logs in (`authenticated`) or ends without logging in (`ended`)."""

    def __init__(
        self,
        limits: Limits,
        log: Log,
        clock: Callable[[], float] = time.monotonic,
        chance: Callable[[], float] = random.random,
    ) -> None:
        self.limits = limits
        self.waiting: dict[str, int] = {}
        """Unauthenticated connections by source."""
        self.penalties = Penalties(limits, clock)
        self.quiet = QuietLog(log, limits.log_period, limits.log_sources, more_refused_attempts)
        self.penalised = QuietLog(log, limits.log_period, limits.log_sources, more_refusals_begun)
        """The log of sources being refused for their failures (apart, so it is never
        held back behind the lines about their attempts)."""
        self.errors = QuietLog(log, limits.log_period, limits.log_sources, more_errors)
        """The log of errors the host went on after (a failed accept, say)."""
        self._chance = chance

    @property
    def unauthenticated(self) -> int:
        return sum(self.waiting.values())

    def admit(self, source: str, address: str) -> bool:
        """Whether a new connection from `address` may try to log in; a refusal is logged
        (quietly). An admitted connection counts as waiting until it logs in or ends."""
        refusal = self._refusal(source)
        if refusal is not None:
            self.quiet.line(
                source,
                _("refused a connection from {address}: {refusal}").format(
                    address=address, refusal=refusal
                ),
            )
            return False
        self.waiting[source] = self.waiting.get(source, 0) + 1
        return True

    def _refusal(self, source: str) -> str | None:
        limits = self.limits
        penalised = self.penalties.refused_for(source)
        if penalised:
            return _("its logins kept failing (refused for {seconds} s more)").format(
                seconds=f"{penalised:.0f}"
            )
        if self.waiting.get(source, 0) >= limits.per_source:
            count = limits.per_source
            return ngettext(
                "{count} connection from it already logging in",
                "{count} connections from it already logging in",
                count,
            ).format(count=count)
        waiting = self.unauthenticated
        start, rate, full = limits.startups
        busy = ngettext(
            "{count} connection already logging in",
            "{count} connections already logging in",
            waiting,
        ).format(count=waiting)
        if waiting >= full:
            return busy
        if waiting >= start:
            percent = rate + (100 - rate) * (waiting - start) / (full - start)
            if self._chance() * 100 < percent:
                return _("{busy} (dropped at random)").format(busy=busy)
        return self._files_refusal()

    @property
    def backlog(self) -> int:
        """The listen backlog: `limits.backlog`, less under a small open-file limit."""
        limit = self.file_limit()
        if limit is None:
            return self.limits.backlog
        return max(4, min(self.limits.backlog, limit // 16))

    def file_limit(self) -> int | None:
        """The open-file limit to keep under (None: no limit)."""
        if self.limits.open_file_limit is not None:
            return self.limits.open_file_limit
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        return None if soft == resource.RLIM_INFINITY else soft

    def _files_refusal(self) -> str | None:
        limit = self.file_limit()
        if limit is None:
            return None
        count = open_files()
        usable = limit - 3 * self.backlog - self.limits.file_reserve
        if count is not None and count >= usable:
            return ngettext(
                "{count} file is open, the limit is {limit}",
                "{count} files are open, the limit is {limit}",
                count,
            ).format(count=count, limit=limit)
        return None

    def authenticated(self, source: str) -> None:
        """A waiting connection from `source` logged in."""
        self._release(source)

    def ended(self, source: str, address: str, failures: int) -> None:
        """A waiting connection from `source` ended without logging in after `failures`
        failed attempts: the source earns a penalty."""
        self._release(source)
        limits = self.limits
        seconds = limits.penalty_authfail if failures else limits.penalty_noauth
        self.penalise(source, address, seconds, _("failed to log in too often"))

    def penalise(self, source: str, address: str, seconds: float, why: str) -> None:
        """`source` earns `seconds` of penalty (for `why`, in the host's language: said
        when a refusal begins)."""
        length = self.penalties.add(source, seconds)
        if length is not None:
            self.penalised.line(
                source,
                _("{address} {why}: refused for {seconds} s").format(
                    address=address, why=why, seconds=f"{length:.0f}"
                ),
            )

    def note(self, source: str, text: str) -> None:
        """Log `text`, a refusal about `source`, at the bounded rate."""
        self.quiet.line(source, text)

    def flush(self) -> None:
        """Write the counts held back so far."""
        self.quiet.flush()
        self.penalised.flush()
        self.errors.flush()

    def _release(self, source: str) -> None:
        count = self.waiting.get(source, 0) - 1
        if count > 0:
            self.waiting[source] = count
        else:
            self.waiting.pop(source, None)

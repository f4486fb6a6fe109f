"""The server's knobs and limits (one frozen object per process)."""

from __future__ import annotations

import ipaddress
import os
import re
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DB_FILE = "regalia.db"
"""The SQLite file ``regalia serve`` uses in the current directory when neither ``--db`` nor
``$REGALIA_DB`` says otherwise."""


def default_db_url() -> str:
    """``$REGALIA_DB`` if set, else a SQLite file ``regalia.db`` in the current directory.

    A value without ``://`` is taken as a file path."""
    return db_url_from(os.environ.get("REGALIA_DB") or DEFAULT_DB_FILE)


def db_url_from(value: str) -> str:
    """A SQLAlchemy URL from ``--db``: a URL as given (``postgresql+psycopg://…``,
    ``sqlite:///…``), or a file path made into ``sqlite:///<absolute path>``; a bare
    ``postgresql://`` URL is given the psycopg (3) driver."""
    if "://" not in value:
        return f"sqlite:///{Path(value).expanduser().resolve()}"
    if value.startswith("postgresql://") or value.startswith("postgres://"):
        return "postgresql+psycopg://" + value.split("://", 1)[1]
    return value


LIMIT_RANGES: dict[str, tuple[float, float]] = {
    "bot_max_seconds": (0.01, 600.0),
    "bot_max_rollouts": (1, 1_000_000),
    "bot_job_seconds": (0.1, 3600.0),
    "tables_per_minute": (0, 100_000),
    "sockets_per_address": (0, 100_000),
    "chat_per_minute": (0, 10_000),
    "send_queue_bytes": (4096, 64 * 2**20),
    "sync_seconds": (0, 3600.0),
    "welcome_chat_bytes": (1, 2**20),
    "header_seconds": (0.1, 600.0),
    "response_seconds": (5.0, 120.0),
    "quick_response_seconds": (0.0, 120.0),
    "settle_seconds": (0.0, 10.0),
    "bot_move_seconds": (0.0, 60.0),
    "signin_failures_per_address": (0, 100_000),
    "signin_failures_per_name": (0, 100_000),
    "signin_window_seconds": (1.0, 86400.0),
    "accounts_per_hour": (0, 100_000),
    "session_days": (0.01, 3650.0),
    "password_hash_slots": (1, 64),
    "push_workers": (1, 64),
    "push_queue": (1, 100_000),
    "push_timeout_seconds": (1.0, 60.0),
    "push_ttl_seconds": (0, 43_200),
    "push_subscriptions_per_account": (1, 100),
    "day_seconds": (0.1, 86400.0),
    "reminder_seconds": (0.0, 86400.0),
}
"""The values each limit and pace of issue 20 may take (0 where 0 turns a limit off); the bot
bounds go as far as the bots themselves (``ismcts``: 1,000,000 rollouts, 600 s); a person has 5
to 120 s to answer a response window (SRV-2); a Web Push notice lives at most 12 hours (43,200 s,
as lichess's) at the push service."""

DEFAULT_PUSH_SERVICES: tuple[str, ...] = (
    "fcm.googleapis.com",
    "updates.push.services.mozilla.com",
    "push.apple.com",
    "notify.windows.com",
)
"""The push services whose endpoints a browser's subscription may name (host suffixes, HTTPS):
Chrome's and most Chromium browsers' (Firebase Cloud Messaging), Firefox's (Mozilla autopush),
Safari's (Apple) and Edge's (Windows Push Notification Services)."""

_CONTACT = re.compile(r"^(mailto:[^@\s]+@[\w-]+(\.[\w-]+)+|https://[\w-]+(\.[\w-]+)+)$")
"""A contact the VAPID claims may carry (RFC 8292 ``sub``): a ``mailto:`` address or an ``https://``
site with a dotted host name and no path (what py-vapid checks, and Apple's push service)."""


def _shown(x: float) -> str:
    return f"{int(x):,}" if float(x).is_integer() else f"{x:g}"


_DEFAULT_PORTS = {"http": 80, "https": 443}


def normal_origin(origin: str) -> str | None:
    """An origin in one spelling — lower-case scheme and host, the scheme's default port
    dropped — or ``None`` for a value that is not ``http(s)://host[:port]`` (``null``, a path, …).

    >>> normal_origin("HTTPS://Example.org:443")
    'https://example.org'
    """
    scheme, sep, rest = origin.strip().partition("://")
    scheme = scheme.lower()
    if not sep or scheme not in _DEFAULT_PORTS or not rest or any(c in rest for c in "/?#@ \\"):
        return None
    host, port = rest.lower(), ""
    if rest.startswith("["):  # an IPv6 literal
        end = rest.find("]")
        if end < 0:
            return None
        host, port = rest[: end + 1].lower(), rest[end + 1 :]
        if port and not port.startswith(":"):
            return None
        port = port[1:]
    elif ":" in rest:
        host, port = rest.lower().rsplit(":", 1)
    if not host or (port and (not port.isdigit() or not 0 < int(port) < 65536)):
        return None
    if port and int(port) == _DEFAULT_PORTS[scheme]:
        port = ""
    return f"{scheme}://{host}" + (f":{int(port)}" if port else "")


_HOST_NAME = re.compile(r"^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$")


def push_service_ok(service: str) -> bool:
    """Whether ``service`` is a push service's host suffix (a lower-case host name with a dot)
    or an origin (:func:`normal_origin`)."""
    if "://" in service:
        return normal_origin(service) is not None
    return _HOST_NAME.match(service) is not None


def proxy_address_error(value: str) -> str | None:
    """Why ``value`` is not an address or network a reverse proxy may send from, or ``None``
    when it is one: an IP address (``127.0.0.1``, ``::1``) or a network without host bits
    (``10.0.0.0/8``, ``fd00::/8``), as uvicorn's proxy-header middleware reads them.

    ``*`` (every address) is refused: any client could then say which address it has and which
    scheme it came by, and so escape the per-address limits and pass the origin check.

    >>> proxy_address_error("10.0.0.0/8") is None
    True
    >>> proxy_address_error("10.0.0.1/8")
    '10.0.0.1/8 has host bits set (a network is written 10.0.0.0/8)'
    """
    text = value.strip()
    if text == "*":
        return "* would trust every client's forwarded headers; give the proxy's address"
    try:
        if "/" in text:
            ipaddress.ip_network(text)
        else:
            ipaddress.ip_address(text)
    except ValueError:
        if "/" in text:
            try:
                network = ipaddress.ip_network(text, strict=False)
            except ValueError:
                pass
            else:
                return f"{text} has host bits set (a network is written {network})"
        return f"{text[:80]!r} is not an IP address or network"
    return None


@dataclass(frozen=True, kw_only=True)
class ServerSettings:
    """Everything a server process needs to know besides its address.

    Attributes:
        db_url: the SQLAlchemy database URL (SQLite file or ``postgresql+psycopg://``).
        bot_processes: worker processes that compute bot moves; ``0`` computes them in a
            thread of the server process (tests and embedding; a search bot then slows the
            event loop).
        max_message_bytes: the largest websocket message read (bytes of UTF-8); a longer one
            is refused and the socket closed.
        rate_per_second, rate_burst: a per-connection token bucket — a client may send
            ``rate_burst`` messages at once and ``rate_per_second`` a second after that; a
            message over the limit is refused, and a socket that keeps flooding is closed.
        max_refusals: refused messages (rate, malformed, unknown) a socket may send before it
            is closed.
        max_chat_chars: the longest chat message (characters).
        max_name_chars: the longest player name (characters).
        hello_seconds: how long a new socket may take to send its ``hello``.
        sweep_seconds: how often the process looks for tables that are due (clocks, the end
            of a response window, bot turns left by a stopped process, absent players).
        heartbeat_seconds: how often the process marks the seats it holds sockets for as seen.
        absent_seconds: how long a seated person may be without a connection before the
            table's stand-in bot takes the seat, on tables without a move clock (with a
            clock: ``turn_seconds``).
        bot_claim_seconds: how long one process may hold a bot turn before another takes it
            over (a process stopped mid-search).
        send_queue_bytes: bytes of messages waiting for one socket, besides its newest
            ``state`` frame (which replaces an older unsent one), before the socket is closed
            as too slow (4429).
        cache_tables: tables kept in memory per process (rebuilt from the database on demand).
        max_public_tables: at most this many running tables listed by ``GET /api/tables``.
        bot_max_seconds: the largest time budget a bot spec of a table may ask for, in
            seconds a decision (``ismcts:1.5s``); a longer one is refused (422) at creation.
        bot_max_rollouts: the largest rollout budget a bot spec may ask for, in rollouts a
            decision as the spec counts them (``ismcts:N`` before the game's
            ``search_scale``; the named levels count as their rollouts); default: the
            ``ismcts:hard`` level (960).
        bot_job_seconds: how long one bot job (a move or a hint) may run on a worker; a job
            that overruns is abandoned, its worker process killed and replaced, and the
            master plays its fallback. Counted from when a worker starts the job. With
            ``bot_processes`` 0 the master stops waiting but the thread runs on.
        sync_seconds: a socket may ask for ``sync`` once in this many seconds; sooner is
            refused (``rate_limited``).
        tables_per_minute: new tables one client address may create in a minute
            (0: no limit); more are refused with 429.
        sockets_per_address: table websockets one client address may hold open at once in
            this process (0: no limit); another is closed with 1013.
        chat_per_minute: chat messages one seat may send in a minute, counted in the
            database (so across reconnects and processes); more are refused.
        welcome_chat_bytes: the chat a ``welcome`` carries: the newest messages whose JSON
            fits in this many bytes (and at most 200).
        allowed_origins: websocket ``Origin`` values allowed besides the server's own
            (``scheme://host[:port]``); a socket from any other origin is refused (403).
        forwarded_allow_ips: the addresses (IP addresses or networks) of the reverse proxies in
            front of the server. A request whose TCP peer is one of them has its client address
            taken from ``X-Forwarded-For`` (the nearest address the proxies did not add) and its
            scheme from ``X-Forwarded-Proto``; from any other peer both headers are ignored.
            Empty (the default): no forwarded header is read, and every client is its TCP peer.
        header_seconds: a client must send a request's HTTP headers within this many
            seconds of connecting (or of starting the next request), else the connection is
            closed with 408 (slowloris).
        response_seconds: the time a person has to answer a response window at a table whose
            creator does not say (SRV-2; seconds, at least 5).
        quick_response_seconds: a person's turn in a response window with the ``quick``
            preference, unless they ask to ``wait`` (seconds).
        settle_seconds: the fixed pause of a response period between persons' turns and before
            it ends, in which the bots answer their windows (SRV-2; seconds).
        bot_move_seconds: a bot's move at a decision everyone sees is shown this long after the
            decision was (or its search's own time budget, if longer), however quickly it was
            found, so that how long a bot takes never depends on what it holds (seconds).
        signin_failures_per_address: failed sign-ins one client address may make in
            ``signin_window_seconds`` (0: no limit); more are refused with 429 before any
            password is checked. Counted in the database, so across processes.
        signin_failures_per_name: failed sign-ins under one name (known or not, alike) in
            ``signin_window_seconds`` (0: no limit); more are refused with 429.
        signin_window_seconds: the sliding window of the two sign-in limits (seconds).
        accounts_per_hour: new accounts one client address may make in an hour (0: no limit).
        session_days: a session ends this long after its browser was last seen (days).
        password_hash_slots: Argon2id hashes computed at once (each takes 64 MiB and tens of
            milliseconds of a core); more wait their turn.
        push_contact: how a push service may reach the server's operator — the ``sub`` of the
            VAPID claims (RFC 8292): ``mailto:you@example.org`` or an ``https://`` site (host only). Empty:
            the server sends no Web Push notices (``GET /api/push/key`` gives ``null``), since the
            push services (Apple's among them) refuse notices without one.
        push_services: the push services a subscription's endpoint may be at: a host suffix
            (``push.apple.com`` admits ``web.push.apple.com``, over HTTPS only), or a whole
            origin (``http://127.0.0.1:8123``, exactly; for a test's own push service). The
            server posts notices to nothing else.
        push_workers: notices sent at once (each one POST to a push service).
        push_queue: notices waiting to be sent; one more is dropped (and logged), so a slow
            push service never holds up a table or grows memory.
        push_timeout_seconds: the time one POST to a push service may take, connecting
            included; then it is given up (logged; the subscription is kept).
        push_ttl_seconds: how long a push service keeps a notice for a browser that is offline
            (the ``TTL`` header; at most 12 hours, and never past the deadline it announces).
        push_subscriptions_per_account: the browsers one account may have notices sent to; one
            more is refused (409) until one is removed.
        day_seconds: the length of one day of a turn-based table's allowance (``days_per_move``
            days a decision): 86,400 seconds; shorten it only to show or test turn-based play.
        reminder_seconds: a person away from a turn-based table is reminded of their decision
            this long before its deadline (seconds; 2 hours).
    """

    db_url: str
    bot_processes: int = 1
    max_message_bytes: int = 4096
    rate_per_second: float = 20.0
    rate_burst: int = 40
    max_refusals: int = 50
    max_chat_chars: int = 500
    max_name_chars: int = 40
    hello_seconds: float = 10.0
    sweep_seconds: float = 0.5
    heartbeat_seconds: float = 5.0
    absent_seconds: float = 120.0
    bot_claim_seconds: float = 20.0
    send_queue_bytes: int = 262144
    cache_tables: int = 512
    max_public_tables: int = 200
    bot_max_seconds: float = 2.0
    bot_max_rollouts: int = 960
    bot_job_seconds: float = 15.0
    sync_seconds: float = 1.0
    tables_per_minute: int = 20
    sockets_per_address: int = 64
    chat_per_minute: int = 20
    welcome_chat_bytes: int = 32768
    allowed_origins: tuple[str, ...] = ()
    forwarded_allow_ips: tuple[str, ...] = ()
    header_seconds: float = 10.0
    response_seconds: float = 10.0
    quick_response_seconds: float = 2.5
    settle_seconds: float = 0.25
    bot_move_seconds: float = 0.4
    signin_failures_per_address: int = 30
    signin_failures_per_name: int = 10
    signin_window_seconds: float = 900.0
    accounts_per_hour: int = 10
    session_days: float = 30.0
    password_hash_slots: int = 2
    push_contact: str = ""
    push_services: tuple[str, ...] = DEFAULT_PUSH_SERVICES
    push_workers: int = 4
    push_queue: int = 1000
    push_timeout_seconds: float = 10.0
    push_ttl_seconds: int = 43_200
    push_subscriptions_per_account: int = 10
    day_seconds: float = 86400.0
    reminder_seconds: float = 7200.0

    def __post_init__(self) -> None:
        if self.bot_processes < 0:
            raise ValueError("bot_processes: expected 0 or more")
        for name in (
            "max_message_bytes",
            "rate_burst",
            "max_chat_chars",
            "max_name_chars",
        ):
            if getattr(self, name) < 1:
                raise ValueError(f"{name}: expected at least 1")
        for name in (
            "rate_per_second",
            "hello_seconds",
            "sweep_seconds",
            "heartbeat_seconds",
        ):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name}: expected a positive number")
        for name, (low, high) in LIMIT_RANGES.items():
            value = getattr(self, name)
            if not low <= value <= high:  # NaN too
                raise ValueError(f"{name}: expected a number from {_shown(low)} to {_shown(high)}")
        if self.bot_job_seconds < self.bot_max_seconds:
            raise ValueError(
                f"bot_job_seconds: expected at least bot_max_seconds ({self.bot_max_seconds:g}), "
                "or a bot within its budget would be stopped"
            )
        for origin in self.allowed_origins:
            if normal_origin(origin) is None:
                raise ValueError(f"allowed_origins: {origin[:80]!r} is not an origin (expected scheme://host[:port])")
        if self.push_contact and not _CONTACT.match(self.push_contact):
            raise ValueError(
                f"push_contact: {self.push_contact[:80]!r} is not a contact (expected mailto:you@example.org "
                "or an https:// address)"
            )
        for service in self.push_services:
            if not push_service_ok(service):
                raise ValueError(
                    f"push_services: {service[:80]!r} is neither a host name (push.example.org) nor an origin "
                    "(scheme://host[:port])"
                )
        for address in self.forwarded_allow_ips:
            error = proxy_address_error(address)
            if error is not None:
                raise ValueError(f"forwarded_allow_ips: {error}")

    @property
    def push_on(self) -> bool:
        """Whether the server sends Web Push notices (it has a ``push_contact``)."""
        return bool(self.push_contact)

    @property
    def is_postgres(self) -> bool:
        """Whether the database is PostgreSQL (several processes may share it)."""
        return self.db_url.startswith("postgresql")

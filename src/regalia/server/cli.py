"""The ``regalia serve`` command (registered by ``regalia.cli.main``).

This module imports nothing of the web stack until the command runs, so ``regalia --help`` works
without the ``web`` extra, and ``regalia serve`` without it says how to install it.
"""

from __future__ import annotations

import ipaddress
import re
import socket
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from regalia.server.settings import DEFAULT_DB_FILE, ServerSettings, db_url_from, default_db_url


def _shown_url(url: str) -> str:
    """The database URL without its password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        return f"{scheme}://{creds.split(':', 1)[0]}:***@{host}" if ":" in creds else url
    return url


LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")
MAX_BOT_PROCESSES = 64
_HOST = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?")


_DEFAULTS = ServerSettings(db_url="sqlite://")
"""The settings' defaults, shown by ``--help``."""

LIMIT_OPTIONS: dict[str, str] = {
    "bot_max_seconds": "--bot-max-seconds",
    "bot_max_rollouts": "--bot-max-rollouts",
    "bot_job_seconds": "--bot-job-seconds",
    "tables_per_minute": "--tables-per-minute",
    "sockets_per_address": "--sockets-per-address",
    "chat_per_minute": "--chat-per-minute",
    "send_queue_bytes": "--send-queue-bytes",
    "sync_seconds": "--sync-seconds",
    "welcome_chat_bytes": "--welcome-chat-bytes",
    "header_seconds": "--header-timeout",
    "allowed_origins": "--allowed-origin",
    "forwarded_allow_ips": "--forwarded-allow-ips",
    "response_seconds": "--response-seconds",
    "settle_seconds": "--settle-seconds",
    "bot_move_seconds": "--bot-move-seconds",
    "push_contact": "--push-contact",
    "push_services": "--push-service",
    "push_workers": "--push-workers",
    "push_queue": "--push-queue",
    "push_timeout_seconds": "--push-timeout",
    "push_ttl_seconds": "--push-ttl",
    "push_subscriptions_per_account": "--push-subscriptions-per-account",
    "day_seconds": "--day-seconds",
    "reminder_seconds": "--reminder-seconds",
}
"""The :class:`ServerSettings` field each limit option sets."""


def _checked(
    db: str | None, host: str, port: int, bot_processes: int, log_level: str, limits: dict[str, Any] | None = None
) -> tuple[str, ServerSettings]:
    """The database URL and settings, every argument checked before anything starts.

    Args:
        limits: :class:`ServerSettings` fields set by the options of :data:`LIMIT_OPTIONS`.

    Raises:
        typer.BadParameter: naming the option at fault (the command exits with status 2).
    """
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if not _HOST.fullmatch(host):
            raise typer.BadParameter("expected an IP address or a host name", param_hint="--host") from None
    if not 0 <= port <= 65535:
        raise typer.BadParameter("must be between 0 and 65535", param_hint="--port")
    if not 0 <= bot_processes <= MAX_BOT_PROCESSES:
        raise typer.BadParameter(f"must be between 0 and {MAX_BOT_PROCESSES}", param_hint="--bot-processes")
    if log_level not in LOG_LEVELS:
        raise typer.BadParameter(f"expected one of {', '.join(LOG_LEVELS)}", param_hint="--log-level")
    if db is not None:
        if not db.strip():
            raise typer.BadParameter("expected a SQLite file or a postgresql:// URL", param_hint="--db")
        if "\x00" in db:
            raise typer.BadParameter("a file name or URL cannot hold a NUL character", param_hint="--db")
        if "://" in db and not db.startswith(("sqlite://", "postgresql://", "postgres://", "postgresql+psycopg://")):
            raise typer.BadParameter("expected a SQLite file or a postgresql:// URL", param_hint="--db")
        if "://" not in db:
            path = Path(db).expanduser()
            if path.is_dir():
                raise typer.BadParameter(f"{db} is a folder; give a file", param_hint="--db")
            if not path.resolve().parent.is_dir():
                raise typer.BadParameter(f"the folder of {db} does not exist", param_hint="--db")
    url = db_url_from(db) if db else default_db_url()
    try:
        settings = ServerSettings(db_url=url, bot_processes=bot_processes, **(limits or {}))
    except ValueError as exc:
        field, _, reason = str(exc).partition(": ")
        raise typer.BadParameter(reason or str(exc), param_hint=LIMIT_OPTIONS.get(field, "--db")) from None
    return url, settings


# The options of ``regalia serve``, one ``Annotated`` type each (Typer reads the help from them).
_DB_OPTION = Annotated[
    str | None,
    typer.Option(
        "--db",
        help=f"Database: a SQLite file (default $REGALIA_DB, else ./{DEFAULT_DB_FILE}) or postgresql+psycopg://user@host/db.",
    ),
]
_HOST_OPTION = Annotated[str, typer.Option("--host", help="Address to listen on.")]
_PORT_OPTION = Annotated[int, typer.Option("--port", help="Port to listen on (0: any free port, printed).")]
_BOT_PROCESSES_OPTION = Annotated[
    int, typer.Option("--bot-processes", help="Worker processes for bot moves (0: a thread of the server).")
]
_LOG_LEVEL_OPTION = Annotated[
    str, typer.Option("--log-level", help="uvicorn log level: critical, error, warning, info, debug, trace.")
]
_BOT_MAX_SECONDS_OPTION = Annotated[
    float,
    typer.Option("--bot-max-seconds", help="Largest time budget a table's bot may have, seconds a decision."),
]
_BOT_MAX_ROLLOUTS_OPTION = Annotated[
    int,
    typer.Option(
        "--bot-max-rollouts", help="Largest rollout budget a table's bot may have, a decision (ismcts:hard: 960)."
    ),
]
_BOT_JOB_SECONDS_OPTION = Annotated[
    float,
    typer.Option(
        "--bot-job-seconds", help="Time limit of one bot job; its worker is then killed and a fallback played."
    ),
]
_TABLES_PER_MINUTE_OPTION = Annotated[
    int, typer.Option("--tables-per-minute", help="New tables one address may create a minute (0: no limit).")
]
_SOCKETS_PER_ADDRESS_OPTION = Annotated[
    int, typer.Option("--sockets-per-address", help="Table sockets one address may hold open (0: no limit).")
]
_CHAT_PER_MINUTE_OPTION = Annotated[
    int, typer.Option("--chat-per-minute", help="Chat messages one seat may send a minute (0: no limit).")
]
_SEND_QUEUE_BYTES_OPTION = Annotated[
    int,
    typer.Option(
        "--send-queue-bytes", help="Bytes waiting for one socket (besides its newest frame) before it is closed."
    ),
]
_SYNC_SECONDS_OPTION = Annotated[
    float, typer.Option("--sync-seconds", help="A socket may ask for sync once in this many seconds.")
]
_WELCOME_CHAT_BYTES_OPTION = Annotated[
    int, typer.Option("--welcome-chat-bytes", help="Bytes of recent chat a welcome message carries at most.")
]
_HEADER_TIMEOUT_OPTION = Annotated[
    float,
    typer.Option("--header-timeout", help="Seconds a client has to send a request's HTTP headers (else 408)."),
]
_RESPONSE_SECONDS_OPTION = Annotated[
    float,
    typer.Option(
        "--response-seconds",
        metavar="S",
        help="Default time a person has to answer a response window (5 to 120; ruling SRV-2).",
    ),
]
_SETTLE_SECONDS_OPTION = Annotated[
    float,
    typer.Option(
        "--settle-seconds",
        metavar="S",
        help="Fixed pause of a response period between persons' turns, in which bots answer (SRV-2).",
    ),
]
_BOT_MOVE_SECONDS_OPTION = Annotated[
    float,
    typer.Option(
        "--bot-move-seconds",
        metavar="S",
        help="A bot's move is shown this long after its decision was, however quickly it was found.",
    ),
]
_PUSH_CONTACT_OPTION = Annotated[
    str,
    typer.Option(
        "--push-contact",
        metavar="<contact>",
        help="Send 'your turn' notices by Web Push, with this contact for the push services "
        "(mailto:you@example.org or https://your.site). Default: no notices.",
    ),
]
_PUSH_SERVICE_OPTION = Annotated[
    list[str] | None,
    typer.Option(
        "--push-service",
        metavar="<host or origin>",
        help="Another push service notices may be posted to, besides Chrome's, Firefox's, Safari's and Edge's "
        "(a host name, HTTPS; or an origin scheme://host[:port]; repeatable).",
    ),
]
_PUSH_WORKERS_OPTION = Annotated[int, typer.Option("--push-workers", help="Web Push notices posted at once (1 to 64).")]
_PUSH_QUEUE_OPTION = Annotated[
    int, typer.Option("--push-queue", help="Web Push notices waiting to be sent; one more is dropped (logged).")
]
_PUSH_TIMEOUT_OPTION = Annotated[
    float, typer.Option("--push-timeout", metavar="S", help="Seconds one post to a push service may take (1 to 60).")
]
_PUSH_TTL_OPTION = Annotated[
    int,
    typer.Option(
        "--push-ttl", metavar="S", help="Seconds a push service keeps a notice for an offline browser (at most 43200)."
    ),
]
_PUSH_SUBSCRIPTIONS_OPTION = Annotated[
    int,
    typer.Option("--push-subscriptions-per-account", help="Browsers one account may have notices sent to (1 to 100)."),
]
_DAY_SECONDS_OPTION = Annotated[
    float,
    typer.Option(
        "--day-seconds",
        metavar="S",
        help="Seconds in a day of a turn-based table's allowance (86400; shorten only to show or test it).",
    ),
]
_REMINDER_SECONDS_OPTION = Annotated[
    float,
    typer.Option(
        "--reminder-seconds",
        metavar="S",
        help="A person away from a turn-based table is reminded this long before their deadline (7200).",
    ),
]
_ALLOWED_ORIGIN_OPTION = Annotated[
    list[str] | None,
    typer.Option(
        "--allowed-origin",
        metavar="<origin>",
        help="Another site whose pages may open table sockets (scheme://host[:port]; repeatable). "
        "Default: only this server's own origin.",
    ),
]
_FORWARDED_ALLOW_IPS_OPTION = Annotated[
    list[str] | None,
    typer.Option(
        "--forwarded-allow-ips",
        metavar="<address>",
        help="The reverse proxy's address or network (repeatable, or comma-separated): requests from it "
        "give the client's address and scheme in X-Forwarded-For and X-Forwarded-Proto. "
        "Default: no forwarded header is read.",
    ),
]


def serve(
    db: _DB_OPTION = None,
    host: _HOST_OPTION = "127.0.0.1",
    port: _PORT_OPTION = 8000,
    bot_processes: _BOT_PROCESSES_OPTION = 1,
    log_level: _LOG_LEVEL_OPTION = "warning",
    bot_max_seconds: _BOT_MAX_SECONDS_OPTION = _DEFAULTS.bot_max_seconds,
    bot_max_rollouts: _BOT_MAX_ROLLOUTS_OPTION = _DEFAULTS.bot_max_rollouts,
    bot_job_seconds: _BOT_JOB_SECONDS_OPTION = _DEFAULTS.bot_job_seconds,
    tables_per_minute: _TABLES_PER_MINUTE_OPTION = _DEFAULTS.tables_per_minute,
    sockets_per_address: _SOCKETS_PER_ADDRESS_OPTION = _DEFAULTS.sockets_per_address,
    chat_per_minute: _CHAT_PER_MINUTE_OPTION = _DEFAULTS.chat_per_minute,
    send_queue_bytes: _SEND_QUEUE_BYTES_OPTION = _DEFAULTS.send_queue_bytes,
    sync_seconds: _SYNC_SECONDS_OPTION = _DEFAULTS.sync_seconds,
    welcome_chat_bytes: _WELCOME_CHAT_BYTES_OPTION = _DEFAULTS.welcome_chat_bytes,
    header_timeout: _HEADER_TIMEOUT_OPTION = _DEFAULTS.header_seconds,
    response_seconds: _RESPONSE_SECONDS_OPTION = _DEFAULTS.response_seconds,
    settle_seconds: _SETTLE_SECONDS_OPTION = _DEFAULTS.settle_seconds,
    bot_move_seconds: _BOT_MOVE_SECONDS_OPTION = _DEFAULTS.bot_move_seconds,
    day_seconds: _DAY_SECONDS_OPTION = _DEFAULTS.day_seconds,
    reminder_seconds: _REMINDER_SECONDS_OPTION = _DEFAULTS.reminder_seconds,
    allowed_origin: _ALLOWED_ORIGIN_OPTION = None,
    push_contact: _PUSH_CONTACT_OPTION = "",
    push_service: _PUSH_SERVICE_OPTION = None,
    push_workers: _PUSH_WORKERS_OPTION = _DEFAULTS.push_workers,
    push_queue: _PUSH_QUEUE_OPTION = _DEFAULTS.push_queue,
    push_timeout: _PUSH_TIMEOUT_OPTION = _DEFAULTS.push_timeout_seconds,
    push_ttl: _PUSH_TTL_OPTION = _DEFAULTS.push_ttl_seconds,
    push_subscriptions_per_account: _PUSH_SUBSCRIPTIONS_OPTION = _DEFAULTS.push_subscriptions_per_account,
    forwarded_allow_ips: _FORWARDED_ALLOW_IPS_OPTION = None,
) -> None:
    """Run the online table server: lobby API, table websockets, bots, and the browser tables."""
    limits: dict[str, Any] = {
        "bot_max_seconds": bot_max_seconds,
        "bot_max_rollouts": bot_max_rollouts,
        "bot_job_seconds": bot_job_seconds,
        "tables_per_minute": tables_per_minute,
        "sockets_per_address": sockets_per_address,
        "chat_per_minute": chat_per_minute,
        "send_queue_bytes": send_queue_bytes,
        "sync_seconds": sync_seconds,
        "welcome_chat_bytes": welcome_chat_bytes,
        "header_seconds": header_timeout,
        "allowed_origins": tuple(allowed_origin or ()),
        "forwarded_allow_ips": tuple(a.strip() for value in forwarded_allow_ips or () for a in value.split(",")),
        "response_seconds": response_seconds,
        "settle_seconds": settle_seconds,
        "bot_move_seconds": bot_move_seconds,
        "push_contact": push_contact,
        "push_services": _DEFAULTS.push_services + tuple(push_service or ()),
        "push_workers": push_workers,
        "push_queue": push_queue,
        "push_timeout_seconds": push_timeout,
        "push_ttl_seconds": push_ttl,
        "push_subscriptions_per_account": push_subscriptions_per_account,
        "day_seconds": day_seconds,
        "reminder_seconds": reminder_seconds,
    }
    url, settings = _checked(db, host, port, bot_processes, log_level, limits)
    try:
        import uvicorn

        from regalia.server.app import create_app
        from regalia.server.deadlines import closing_websocket_protocol, header_timeout_protocol
    except ImportError as exc:
        typer.echo(
            f'error: regalia serve needs the web extra ({exc.name} is missing): pip install -e ".[web]"', err=True
        )
        raise typer.Exit(1) from None
    if url.startswith("postgresql"):
        try:
            import psycopg  # noqa: F401
        except ImportError:
            typer.echo('error: a PostgreSQL database needs the postgres extra: pip install -e ".[postgres]"', err=True)
            raise typer.Exit(1) from None
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        typer.echo(f"error: cannot listen on {host}:{port}: {exc.strerror}", err=True)
        raise typer.Exit(1) from None
    bound = sock.getsockname()[1]
    shown_host = f"[{host}]" if family == socket.AF_INET6 else host
    print(f"regalia serve: open http://{shown_host}:{bound}/  (database: {_shown_url(url)})", flush=True)
    if not settings.push_on:
        print(
            "regalia serve: no Web Push notices (give --push-contact mailto:you@example.org to send them)", flush=True
        )
    config = uvicorn.Config(
        create_app(settings),
        http=header_timeout_protocol(settings.header_seconds),
        ws=closing_websocket_protocol(),
        log_level=log_level,
        ws_max_size=max(65536, 4 * settings.max_message_bytes),
        server_header=False,
        # forwarded headers only from the proxies' addresses (ServerSettings.forwarded_allow_ips)
        proxy_headers=bool(settings.forwarded_allow_ips),
        forwarded_allow_ips=list(settings.forwarded_allow_ips) or None,
        timeout_graceful_shutdown=5,
    )
    server = uvicorn.Server(config)
    server.run(sockets=[sock])
    if not server.started:
        sys.exit(1)

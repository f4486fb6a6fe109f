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
from typing import Annotated

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


def _checked(db: str | None, host: str, port: int, bot_processes: int, log_level: str) -> tuple[str, ServerSettings]:
    """The database URL and settings, every argument checked before anything starts.

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
        settings = ServerSettings(db_url=url, bot_processes=bot_processes)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--db") from None
    return url, settings


def serve(
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help=f"Database: a SQLite file (default $REGALIA_DB, else ./{DEFAULT_DB_FILE}) or postgresql+psycopg://user@host/db.",
        ),
    ] = None,
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on (0: any free port, printed).")] = 8000,
    bot_processes: Annotated[
        int, typer.Option("--bot-processes", help="Worker processes for bot moves (0: a thread of the server).")
    ] = 1,
    log_level: Annotated[
        str, typer.Option("--log-level", help="uvicorn log level: critical, error, warning, info, debug, trace.")
    ] = "warning",
) -> None:
    """Run the online table server: lobby API, table websockets, bots, and the browser tables."""
    url, settings = _checked(db, host, port, bot_processes, log_level)
    try:
        import uvicorn

        from regalia.server.app import create_app
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
    config = uvicorn.Config(
        create_app(settings),
        log_level=log_level,
        ws_max_size=max(65536, 4 * settings.max_message_bytes),
        server_header=False,
        proxy_headers=False,
        timeout_graceful_shutdown=5,
    )
    server = uvicorn.Server(config)
    server.run(sockets=[sock])
    if not server.started:
        sys.exit(1)

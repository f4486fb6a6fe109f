"""The FastAPI application: the HTTP lobby API, the table websockets and the browser's files.

``create_app(settings)`` builds one application per server process. Its lifespan opens the
database (running the migrations), starts the bot pool, the sweeper (clocks, response periods,
bot turns left by a stopped process, absent players), the heartbeat of the seats this process
holds sockets for, and on PostgreSQL the ``LISTEN`` task that brings other processes' changes.

Every HTTP response — pages, files, API answers and errors — carries the security headers of
:class:`Guard` (``Content-Security-Policy`` with ``frame-ancestors 'none'``, ``X-Frame-Options``,
``Referrer-Policy``, ``X-Content-Type-Options``); only the browser's assets of ``regalia.web``
are served (:class:`WebAssets`); a table socket from another site's page is refused (its
``Origin``); per-address limits (:mod:`.limits`) bound new tables and open sockets; a JSON body
naming a key twice is refused (422).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import logging
import os
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, MutableMapping
from dataclasses import dataclass
from importlib import resources
from pathlib import PurePosixPath
from typing import Any

from fastapi import FastAPI, Header, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp as StarletteApp

import regalia
from regalia.server import lessons
from regalia.server.api_models import (
    CreatedTable,
    CreateTable,
    GameList,
    Joined,
    JoinTable,
    Replay,
    ReplayRequest,
    TableList,
)
from regalia.server.bots import BotPool
from regalia.server.catalogue import games_list
from regalia.server.connection import Connection
from regalia.server.dependencies import TurnNotices
from regalia.server.limits import AddressLimits, retry_after
from regalia.server.lobby import Lobby, LobbyError
from regalia.server.master import Master
from regalia.server.notices import PgListener
from regalia.server.protocol import DuplicateKeyError, Error, TableInfo, loads_strict
from regalia.server.reading import CLOSE_NO_TABLE, CLOSE_POLICY
from regalia.server.settings import ServerSettings, normal_origin
from regalia.server.sockets import Hub
from regalia.server.store import Store

log = logging.getLogger("regalia.server")

MAX_BODY_BYTES = 65536
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""The policy of every response (the pages' scripts and styles come only from this server; no
other site may frame a page)."""

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)
"""Headers every HTTP response carries (besides the Content-Security-Policy)."""

CLOSE_TRY_LATER = 1013
"""Close code of a table socket over ``sockets_per_address`` (RFC 6455 "try again later")."""

ASSET_SUFFIXES = frozenset({".html", ".js", ".mjs", ".css", ".svg", ".ico", ".png", ".webp", ".woff2", ".txt"})
"""The files of ``regalia.web`` that are served: pages, scripts, styles, images, fonts and the
vendored libraries' licence texts; never a Python module, cache or hidden file."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass
class Services:
    """What one server process runs."""

    settings: ServerSettings
    store: Store
    bots: BotPool
    master: Master
    lobby: Lobby
    hub: Hub
    listener: PgListener | None
    tasks: list[asyncio.Task[None]]
    limits: AddressLimits


class Guard:
    """ASGI middleware around the whole application: refuses HTTP bodies over
    :data:`MAX_BODY_BYTES` (413) and gives every HTTP response — errors included — the
    :data:`SECURITY_HEADERS` and a ``Content-Security-Policy`` (:data:`CONTENT_SECURITY_POLICY`,
    unless the response set its own): ``Referrer-Policy: no-referrer`` keeps an invite code in
    a page's address from travelling to another site, ``frame-ancestors 'none'`` and
    ``X-Frame-Options: DENY`` keep other sites from framing a page."""

    def __init__(self, app: ASGIApp | StarletteApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        seen = 0

        async def limited_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > MAX_BODY_BYTES:
                    raise _BodyTooLarge
            return message

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or [])
                names = {bytes(name).lower() for name, _ in headers}
                if b"content-security-policy" not in names:
                    headers.append((b"content-security-policy", CONTENT_SECURITY_POLICY.encode()))
                headers += [h for h in SECURITY_HEADERS if h[0] not in names]
                message["headers"] = headers
            await send(message)

        if length is not None and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
            await _too_large(send_with_headers)
            return
        try:
            await self.app(scope, limited_receive, send_with_headers)
        except _BodyTooLarge:
            await _too_large(send_with_headers)


class _BodyTooLarge(Exception):
    pass


async def _too_large(send: Send) -> None:
    body = b'{"error":{"field":null,"reason":"the request body is larger than 65536 bytes"}}'
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _error(status: int, field: str | None, reason: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": {"field": field, "reason": reason}}, status_code=status, headers=headers)


class RegaliaApp(FastAPI):
    """FastAPI with :class:`Guard` outside everything, so that even the answer of an
    unexpected error (500) carries the security headers."""

    def build_middleware_stack(self) -> StarletteApp:
        return Guard(super().build_middleware_stack())


class StrictJSONRoute(APIRoute):
    """An API route whose JSON body may not name a key twice (422 naming the key): JSON
    leaves such a body's meaning to the reader, and a checker and the code after it may not
    read it alike."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def route(request: Request) -> Response:
            body = await request.body()
            if body:
                try:
                    loads_strict(body)
                except DuplicateKeyError as exc:
                    raise RequestValidationError(
                        [{"type": "duplicate_key", "loc": ("body", exc.key), "msg": f"{exc}: send each field once"}]
                    ) from None
                except (ValueError, RecursionError):
                    pass  # not JSON: the handler answers it
            return await handler(request)

        return route


class WebAssets(StaticFiles):
    """The browser's files of ``regalia.web``: only :data:`ASSET_SUFFIXES` files (and folders,
    for their ``index.html``), and nothing whose path has a part starting with ``_`` or ``.``
    (``__init__.py``, ``__pycache__``, hidden files)."""

    def lookup_path(self, path: str) -> tuple[str, os.stat_result | None]:
        parts = PurePosixPath(path.replace("\\", "/")).parts
        if any(part.startswith(("_", ".")) and part != "." for part in parts):
            return "", None
        full, stat = super().lookup_path(path)
        if stat is None:
            return "", None
        if not os.path.isdir(full) and PurePosixPath(full).suffix.lower() not in ASSET_SUFFIXES:
            return "", None
        return full, stat


def client_address(scope_client: Any) -> str:
    """The client's address (the TCP peer, or the one a trusted proxy forwards: ``--forwarded-allow-ips``;
    ``"unknown"`` when the server does not say)."""
    return str(scope_client[0]) if scope_client else "unknown"


def origin_allowed(origin: str | None, scheme: str, host: str | None, allowed: frozenset[str]) -> bool:
    """Whether a table socket with this ``Origin`` header may connect: no ``Origin`` (a
    program, not a browser page), the server's own origin (the request's ``Host`` with the
    socket's scheme: ``ws`` → ``http``, ``wss`` → ``https``), or one of ``allowed`` (normal
    forms, :func:`~regalia.server.settings.normal_origin`)."""
    if origin is None:
        return True
    given = normal_origin(origin)
    if given is None:
        return False
    if given in allowed:
        return True
    if not host:
        return False
    own = normal_origin(f"{'https' if scheme in ('wss', 'https') else 'http'}://{host}")
    return given == own


def docs_page(openapi_url: str, title: str) -> HTMLResponse:
    """The API's interactive description (Swagger UI from its CDN, as FastAPI serves it) with a
    policy of its own: the CDN's script and style, and its one inline script by its hash."""
    page = get_swagger_ui_html(openapi_url=openapi_url, title=title)
    html = bytes(page.body).decode()
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(inline.encode()).digest()).decode() + "'"
        for inline in re.findall(r"<script>(.*?)</script>", html, flags=re.S)
    )
    cdn = "https://cdn.jsdelivr.net"
    policy = (
        f"default-src 'none'; script-src {cdn} {hashes}; style-src {cdn}; img-src 'self' data: https:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
    return HTMLResponse(html, headers={"content-security-policy": policy})


async def _start(settings: ServerSettings, notices: TurnNotices | None) -> Services:
    store = await asyncio.to_thread(Store, settings.db_url)
    bots = BotPool(settings.bot_processes, job_seconds=settings.bot_job_seconds)
    hub = Hub()
    master = Master(settings, store, hub, bots, notices=notices)
    lobby = Lobby(master, store)
    listener = None
    if store.is_postgres:
        listener = PgListener(settings.db_url, master.on_notice)
        await listener.start()
    services = Services(settings, store, bots, master, lobby, hub, listener, [], AddressLimits(settings))
    services.tasks.append(asyncio.create_task(_every(settings.sweep_seconds, master.sweep)))
    services.tasks.append(asyncio.create_task(_every(settings.heartbeat_seconds, master.touch)))
    return services


async def _every(seconds: float, job: Callable[[], Awaitable[None]]) -> None:
    while True:
        try:
            await job()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("periodic job failed")
        await asyncio.sleep(seconds)


async def _stop(services: Services) -> None:
    for task in services.tasks:
        task.cancel()
    for task in services.tasks:
        with contextlib.suppress(BaseException):
            await task
    if services.listener is not None:
        await services.listener.stop()
    await services.master.close()
    services.bots.close()
    await asyncio.to_thread(services.store.close)


def create_app(settings: ServerSettings, *, notices: TurnNotices | None = None) -> FastAPI:
    """The server application for one process: the lobby API (:func:`_add_lobby_routes`), the
    table sockets (:func:`_add_table_socket`), the lessons' API and the browser pages.

    Args:
        settings: the database URL and the limits (see :class:`ServerSettings`).
        notices: where turn-based tables' "your turn" notices go (a test's recorder; by default
            nowhere).

    Returns:
        an ASGI application (FastAPI) to run under uvicorn.
    """

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.services = await _start(settings, notices)
        try:
            yield
        finally:
            await _stop(app.state.services)

    app = RegaliaApp(
        title="regalia",
        version=regalia.__version__,
        summary="Five royal card games online: the authoritative table server.",
        lifespan=lifespan,
        docs_url=None,
        openapi_url="/api/openapi.json",
        redoc_url=None,
    )
    app.router.route_class = StrictJSONRoute
    allowed_origins = frozenset(o for o in (normal_origin(x) for x in settings.allowed_origins) if o is not None)
    _add_error_handlers(app)
    _add_lobby_routes(app)
    _add_table_socket(app, allowed_origins)
    app.include_router(lessons.router())
    web = resources.files("regalia.web")
    app.mount("/", WebAssets(directory=str(web), html=True), name="web")
    return app


def _services(request: Request) -> Services:
    """The process's :class:`Services`, set up by the application's lifespan."""
    s: Services = request.app.state.services
    return s


def _check_id(table_id: str) -> None:
    """Refuse a malformed table id as an unknown table (404), before any look-up."""
    if not TABLE_ID.match(table_id):
        raise LobbyError(404, "table", "no such table")


def _add_error_handlers(app: FastAPI) -> None:
    """A :class:`LobbyError` and a request that fails validation both answer with the JSON
    error body (``field`` and ``reason``; an unknown field is named as such)."""

    @app.exception_handler(LobbyError)
    async def lobby_error(_request: Request, exc: LobbyError) -> JSONResponse:
        return _error(exc.status, exc.field, exc.reason)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        err = exc.errors()[0] if exc.errors() else {}
        loc = [str(x) for x in err.get("loc", ()) if x != "body"]
        reason = str(err.get("msg", "invalid request"))
        if err.get("type") == "extra_forbidden":
            reason = "unknown field"
        return _error(422, ".".join(loc) or None, reason)


def _add_lobby_routes(app: FastAPI) -> None:
    """The lobby's HTTP API: health, the API docs, the games, creating (rate-limited per
    address: ``tables_per_minute``), listing, joining and reading tables, records and replays."""

    @app.get("/api/health")
    async def health(request: Request) -> dict[str, Any]:
        s = _services(request)
        return {
            "ok": True,
            "version": regalia.__version__,
            "process": s.master.process_id,
            "sockets": s.hub.count(),
            "bots": {"running": s.bots.running, "waiting": s.bots.waiting},
            "database": "postgresql" if s.store.is_postgres else "sqlite",
            "time": time.time(),
        }

    @app.get("/api/docs", include_in_schema=False)
    async def api_docs() -> HTMLResponse:
        return docs_page(app.openapi_url or "/api/openapi.json", f"{app.title} - API")

    @app.get("/api/games")
    async def list_games(request: Request) -> GameList:
        return games_list(_services(request).settings)

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request, body: CreateTable) -> CreatedTable:
        s = _services(request)
        wait = s.limits.take_table(client_address(request.client))
        if wait is not None:
            return _error(  # type: ignore[return-value]
                429,
                None,
                f"too many new tables from your address: at most {s.settings.tables_per_minute} a minute "
                f"(tables_per_minute); try again in {retry_after(wait)} s",
                headers={"retry-after": retry_after(wait)},
            )
        return await s.lobby.create(body)

    @app.get("/api/tables")
    async def list_tables(request: Request, game: str | None = None, include_over: bool = False) -> TableList:
        return TableList(tables=await _services(request).lobby.listing(include_over=include_over, game=game))

    @app.get("/api/tables/{table_id}")
    async def get_table(
        request: Request, table_id: str, x_regalia_invite: str | None = Header(default=None)
    ) -> TableInfo:
        _check_id(table_id)
        return await _services(request).lobby.info(table_id, x_regalia_invite)

    @app.post("/api/tables/{table_id}/join")
    async def join_table(request: Request, table_id: str, body: JoinTable) -> Joined:
        _check_id(table_id)
        return await _services(request).lobby.join(table_id, body)

    @app.get("/api/tables/{table_id}/record")
    async def get_record(
        request: Request, table_id: str, x_regalia_invite: str | None = Header(default=None)
    ) -> dict[str, Any]:
        _check_id(table_id)
        return await _services(request).lobby.record(table_id, x_regalia_invite)

    @app.post("/api/tables/{table_id}/replay")
    async def get_replay(request: Request, table_id: str, body: ReplayRequest) -> Replay:
        _check_id(table_id)
        return await _services(request).lobby.replay(table_id, body.seat, body.invite)


def _add_table_socket(app: FastAPI, allowed_origins: frozenset[str]) -> None:
    """The table websocket ``/ws/tables/{table_id}``: refused before the handshake from an
    origin not allowed, closed for a malformed table id or past ``sockets_per_address``, else
    run by a :class:`Connection`."""

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        s: Services = websocket.app.state.services
        origin = websocket.headers.get("origin")
        if not origin_allowed(origin, websocket.url.scheme, websocket.headers.get("host"), allowed_origins):
            await websocket.close(code=CLOSE_POLICY)  # before the handshake: uvicorn answers 403
            return
        if not TABLE_ID.match(table_id):
            await websocket.close(code=CLOSE_NO_TABLE)
            return
        address = client_address(websocket.client)
        if not s.limits.open_socket(address):
            await websocket.accept()
            reason = (
                f"too many open sockets from your address: at most {s.settings.sockets_per_address} "
                "(sockets_per_address); close one and try again"
            )
            with contextlib.suppress(Exception):
                await websocket.send_text(Error(code="too_many_sockets", field=None, reason=reason).model_dump_json())
                await websocket.close(code=CLOSE_TRY_LATER, reason=reason[:120])
            return
        try:
            await Connection(websocket, table_id, s.master, s.lobby, s.hub).run()
        except asyncio.CancelledError:
            pass  # uvicorn ends what still runs when its graceful shutdown is up: the socket's end, not a fault
        finally:
            s.limits.close_socket(address)

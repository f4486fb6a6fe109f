"""The FastAPI application: the HTTP lobby API, the table websockets and the browser's files.

``create_app(settings)`` builds one application per server process. Its lifespan opens the
database (running the migrations), starts the bot pool, the sweeper (clocks, response periods,
bot turns left by a stopped process, absent players), the heartbeat of the seats this process
holds sockets for, and on PostgreSQL the ``LISTEN`` task that brings other processes' changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from fastapi import FastAPI, Header, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

import regalia
from regalia.server import lessons
from regalia.server.bots import BotPool
from regalia.server.connection import CLOSE_NO_TABLE, Connection
from regalia.server.lobby import Lobby, LobbyError, games_list
from regalia.server.master import Master
from regalia.server.protocol import (
    ChatOut,
    CreatedTable,
    CreateTable,
    GameList,
    Joined,
    JoinTable,
    Replay,
    ReplayRequest,
    TableInfo,
    TableList,
)
from regalia.server.pubsub import Hub, PgListener
from regalia.server.settings import ServerSettings
from regalia.server.store import Store

log = logging.getLogger("regalia.server")

MAX_BODY_BYTES = 65536
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")

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


class Guard:
    """ASGI middleware: refuses HTTP bodies over :data:`MAX_BODY_BYTES` (413) and adds
    ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer`` (an invite code in
    a page's address never travels to another site)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
            await _too_large(send)
            return
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
                message.setdefault("headers", [])
                message["headers"] = [
                    *message["headers"],
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                ]
            await send(message)

        try:
            await self.app(scope, limited_receive, send_with_headers)
        except _BodyTooLarge:
            await _too_large(send)


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


def _error(status: int, field: str | None, reason: str) -> JSONResponse:
    return JSONResponse({"error": {"field": field, "reason": reason}}, status_code=status)


async def _start(settings: ServerSettings) -> Services:
    store = await asyncio.to_thread(Store, settings.db_url)
    bots = BotPool(settings.bot_processes)
    master = Master(settings, store, bots)
    store.process_id = master.process_id
    hub = Hub()
    master.fanout = hub
    lobby = Lobby(master)
    listener = None
    if store.is_postgres:

        async def on_notice(payload: dict[str, Any]) -> None:
            if payload.get("k") == "chat":
                chat = payload.get("chat")
                table_id = payload.get("t")
                if payload.get("p") == master.process_id or not isinstance(chat, dict) or not isinstance(table_id, str):
                    return
                live = master.cached(table_id)
                seat = chat.get("seat")
                name = live.seat_name(seat) if live is not None else ("spectator" if seat is None else f"P{seat}")
                hub.broadcast(table_id, ChatOut(id=chat["id"], seat=seat, name=name, text=chat["text"], at=chat["at"]))
                return
            await master.on_notice(payload, hub.has)

        async def on_reconnect() -> None:
            for table_id in hub.tables():
                await master.on_notice({"k": "seats", "t": table_id, "p": ""}, hub.has)

        listener = PgListener(settings.db_url, on_notice, on_reconnect)
        await listener.start()
    services = Services(settings, store, bots, master, lobby, hub, listener, [])
    services.tasks.append(asyncio.create_task(_every(settings.sweep_seconds, master.sweep)))
    services.tasks.append(asyncio.create_task(_every(settings.heartbeat_seconds, lambda: master.touch(hub.seated()))))
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


def create_app(settings: ServerSettings) -> FastAPI:
    """The server application for one process.

    Args:
        settings: the database URL and the limits (see :class:`ServerSettings`).

    Returns:
        an ASGI application (FastAPI) to run under uvicorn.
    """

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.services = await _start(settings)
        try:
            yield
        finally:
            await _stop(app.state.services)

    app = FastAPI(
        title="regalia",
        version=regalia.__version__,
        summary="Five royal card games online: the authoritative table server.",
        lifespan=lifespan,
        docs_url="/api/docs",
        openapi_url="/api/openapi.json",
        redoc_url=None,
    )
    app.add_middleware(Guard)

    def services(request: Request) -> Services:
        s: Services = request.app.state.services
        return s

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

    def check_id(table_id: str) -> None:
        if not TABLE_ID.match(table_id):
            raise LobbyError(404, "table", "no such table")

    @app.get("/api/health")
    async def health(request: Request) -> dict[str, Any]:
        s = services(request)
        return {
            "ok": True,
            "version": regalia.__version__,
            "process": s.master.process_id,
            "sockets": s.hub.count(),
            "database": "postgresql" if s.store.is_postgres else "sqlite",
            "time": time.time(),
        }

    @app.get("/api/games")
    async def list_games() -> GameList:
        return games_list()

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request, body: CreateTable) -> CreatedTable:
        return await services(request).lobby.create(body)

    @app.get("/api/tables")
    async def list_tables(request: Request, game: str | None = None, include_over: bool = False) -> TableList:
        return TableList(tables=await services(request).lobby.listing(include_over=include_over, game=game))

    @app.get("/api/tables/{table_id}")
    async def get_table(request: Request, table_id: str) -> TableInfo:
        check_id(table_id)
        return await services(request).lobby.info(table_id)

    @app.post("/api/tables/{table_id}/join")
    async def join_table(request: Request, table_id: str, body: JoinTable) -> Joined:
        check_id(table_id)
        return await services(request).lobby.join(table_id, body)

    @app.get("/api/tables/{table_id}/record")
    async def get_record(
        request: Request, table_id: str, x_regalia_invite: str | None = Header(default=None)
    ) -> dict[str, Any]:
        check_id(table_id)
        return await services(request).lobby.record(table_id, x_regalia_invite)

    @app.post("/api/tables/{table_id}/replay")
    async def get_replay(request: Request, table_id: str, body: ReplayRequest) -> Replay:
        check_id(table_id)
        return await services(request).lobby.replay(table_id, body.seat, body.invite)

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        s: Services = websocket.app.state.services
        if not TABLE_ID.match(table_id):
            await websocket.close(code=CLOSE_NO_TABLE)
            return
        await Connection(websocket, table_id, s.master, s.lobby, s.hub).run()

    app.include_router(lessons.router())
    web = resources.files("regalia.web")
    app.mount("/", StaticFiles(directory=str(web), html=True), name="web")
    return app

"""The FastAPI application: the HTTP lobby API, the table websockets and the browser's files.

``create_app(settings)`` builds one application per server process. Its lifespan opens the
database (running the migrations), starts the bot pool, the sweeper (clocks, response periods,
bot turns left by a stopped process, absent players), the heartbeat of the seats this process
holds sockets for, and on PostgreSQL the ``LISTEN`` task that brings other processes' changes.

Every HTTP response — pages, files, API answers and errors — carries the security headers of
:class:`~regalia.server.middleware.Guard` (``Content-Security-Policy`` with ``frame-ancestors 'none'``, ``X-Frame-Options``,
``Referrer-Policy``, ``X-Content-Type-Options``); only the browser's assets of ``regalia.web``
are served (:class:`~regalia.server.middleware.WebAssets`); a table socket from another site's page is refused (its
``Origin``); per-address limits (:mod:`.limits`) bound new tables and open sockets; a JSON body
naming a key twice is refused (422).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from fastapi import FastAPI, Header, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse

import regalia
from regalia.server import lessons
from regalia.server.accounts import AccountError, AccountServices, make_services, routers
from regalia.server.api_models import (
    CreatedTable,
    CreateTable,
    GameList,
    Joined,
    JoinTable,
    Replay,
    ReplayRequest,
    TableList,
    Turns,
)
from regalia.server.bots import BotPool
from regalia.server.catalogue import games_list
from regalia.server.connection import Connection
from regalia.server.dependencies import TurnNotices
from regalia.server.limits import AddressLimits, retry_after
from regalia.server.lobby import Lobby
from regalia.server.master import Master
from regalia.server.middleware import RegaliaApp, StrictJSONRoute, WebAssets, docs_page
from regalia.server.notices import PgListener
from regalia.server.origins import origin_allowed
from regalia.server.protocol import Error, TableInfo
from regalia.server.push import Push, start_push
from regalia.server.push.routes import router as push_router
from regalia.server.reading import CLOSE_NO_TABLE, CLOSE_POLICY
from regalia.server.settings import ServerSettings, normal_origin
from regalia.server.sockets import Hub
from regalia.server.store import Store
from regalia.server.table_requests import LobbyError

log = logging.getLogger("regalia.server")

TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")

CLOSE_TRY_LATER = 1013
"""Close code of a table socket over ``sockets_per_address`` (RFC 6455 "try again later")."""


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
    people: AccountServices
    push: Push


def _error(status: int, field: str | None, reason: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": {"field": field, "reason": reason}}, status_code=status, headers=headers)


def client_address(scope_client: Any) -> str:
    """The client's address (the TCP peer, or the one a trusted proxy forwards: ``--forwarded-allow-ips``;
    ``"unknown"`` when the server does not say)."""
    return str(scope_client[0]) if scope_client else "unknown"


async def _start(settings: ServerSettings, allowed_origins: frozenset[str], notices: TurnNotices | None) -> Services:
    store = await asyncio.to_thread(Store, settings.db_url)
    bots = BotPool(settings.bot_processes, job_seconds=settings.bot_job_seconds)
    hub = Hub()
    limits = AddressLimits(settings)
    people = make_services(store, settings, limits, allowed_origins)
    push = await start_push(settings, store)
    turn_notices = notices if notices is not None else push.notices  # Web Push (issue 37), unless a test's
    master = Master(settings, store, hub, bots, on_finished=people.results.finished, notices=turn_notices)
    people.seats.bind = master.bind_account
    lobby = Lobby(master, store)
    listener = None
    if store.is_postgres:
        listener = PgListener(settings.db_url, master.on_notice)
        await listener.start()
    await people.accounts.warm()
    services = Services(settings, store, bots, master, lobby, hub, listener, [], limits, people, push)
    services.tasks.append(asyncio.create_task(_every(settings.sweep_seconds, master.sweep)))
    services.tasks.append(asyncio.create_task(_every(HISTORY_CATCH_UP_SECONDS, people.results.catch_up)))
    services.tasks.append(asyncio.create_task(_every(settings.heartbeat_seconds, master.touch)))
    return services


HISTORY_CATCH_UP_SECONDS = 300.0
"""How often a process writes the history of finished tables that lack it (and at start)."""


async def _every(seconds: float, job: Callable[[], Awaitable[Any]]) -> None:
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
    await services.push.close()
    services.bots.close()
    await asyncio.to_thread(services.store.close)


def create_app(settings: ServerSettings, *, notices: TurnNotices | None = None) -> FastAPI:
    """The server application for one process: the lobby API (:func:`_add_lobby_routes`), the
    table sockets (:func:`_add_table_socket`), the lessons' API and the browser pages.

    Args:
        settings: the database URL and the limits (see :class:`ServerSettings`).
        notices: where turn-based tables' "your turn" notices go (a test's recorder; by default
            the process's Web Push sender, :class:`~regalia.server.push.PushNotices`, which sends
            nothing without ``push_contact``).

    Returns:
        an ASGI application (FastAPI) to run under uvicorn.
    """

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.services = await _start(settings, allowed_origins, notices)
        app.state.people = app.state.services.people
        app.state.push = app.state.services.push
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
    app.allowed_origins = allowed_origins
    _add_error_handlers(app)
    _add_lobby_routes(app)
    for router in routers(StrictJSONRoute):
        app.include_router(router)
    _add_table_socket(app, allowed_origins)
    app.include_router(push_router(StrictJSONRoute))
    app.include_router(lessons.router())
    web = resources.files("regalia.web")
    app.mount("/", WebAssets(directory=str(web), html=True), name="web")
    return app


def _services(request: Request) -> Services:
    """The process's :class:`Services`, set up by the application's lifespan."""
    s: Services = request.app.state.services
    return s


async def _person(request: Request) -> tuple[int, str] | None:
    """The signed-in person of a request (their account's id and name), or ``None``."""
    session = await _services(request).people.accounts.current(request)
    return None if session is None else (session.account.id, session.account.name)


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

    @app.exception_handler(AccountError)
    async def account_error(_request: Request, exc: AccountError) -> JSONResponse:
        return _error(exc.status, exc.field, exc.reason, exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        err = exc.errors()[0] if exc.errors() else {}
        loc = [str(x) for x in err.get("loc", ()) if x not in ("body", "query", "path")]
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
        return await s.lobby.create(body, await _person(request))

    @app.get("/api/me/turns")
    async def my_turns(request: Request, response: Response) -> Turns:
        """The tables where the signed-in person has a decision now, soonest deadline first
        (401 when signed out)."""
        s = _services(request)
        person = await _person(request)
        if person is None:
            raise AccountError(401, None, "sign in to see the tables waiting for your turn")
        response.headers["cache-control"] = "no-store"
        return Turns(turns=await s.lobby.turns(person[0]))

    @app.get("/api/tables")
    async def list_tables(request: Request, game: str | None = None, include_over: bool = False) -> TableList:
        return TableList(tables=await _services(request).lobby.listing(include_over=include_over, game=game))

    @app.get("/api/tables/{table_id}")
    async def get_table(
        request: Request, table_id: str, x_regalia_invite: str | None = Header(default=None)
    ) -> TableInfo:
        _check_id(table_id)
        return await _services(request).lobby.info(table_id, x_regalia_invite, await _person(request))

    @app.post("/api/tables/{table_id}/join")
    async def join_table(request: Request, table_id: str, body: JoinTable) -> Joined:
        _check_id(table_id)
        return await _services(request).lobby.join(table_id, body, await _person(request))

    @app.get("/api/tables/{table_id}/record")
    async def get_record(
        request: Request, table_id: str, x_regalia_invite: str | None = Header(default=None)
    ) -> dict[str, Any]:
        _check_id(table_id)
        return await _services(request).lobby.record(table_id, x_regalia_invite, await _person(request))

    @app.post("/api/tables/{table_id}/replay")
    async def get_replay(request: Request, table_id: str, body: ReplayRequest) -> Replay:
        _check_id(table_id)
        return await _services(request).lobby.replay(table_id, body.seat, body.invite, await _person(request))


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
            session = await s.people.accounts.current(websocket)
            account = None if session is None else session.account.id
            await Connection(websocket, table_id, s.master, s.lobby, s.hub, account).run()
        except asyncio.CancelledError:
            pass  # uvicorn ends what still runs when its graceful shutdown is up: the socket's end, not a fault
        finally:
            s.limits.close_socket(address)

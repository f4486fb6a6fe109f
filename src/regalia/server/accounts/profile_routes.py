"""Players' public pages' API: profiles, the NDJSON export of a player's games, leaderboards."""

from __future__ import annotations

from importlib import resources
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse, JSONResponse, StreamingResponse
from fastapi.routing import APIRoute

from regalia.server.accounts.profiles import known_game
from regalia.server.accounts.services import services_of

NDJSON = "application/x-ndjson"


def router(route_class: type[APIRoute] = APIRoute) -> APIRouter:
    """The routes of ``/api/players`` and ``/api/leaderboard``."""
    r = APIRouter(tags=["players"], route_class=route_class)
    page = resources.files("regalia.web").joinpath("profile.html")

    @r.get("/@/{name}", include_in_schema=False)
    async def profile_page(name: str) -> FileResponse:
        return FileResponse(str(page), media_type="text/html")

    @r.get("/api/players/{name}")
    async def profile(request: Request, name: str) -> JSONResponse:
        """A player's profile: name, when they joined, ratings per game and recent games."""
        s = services_of(request)
        viewer = await s.accounts.current(request)
        found = await s.profiles.profile(name, viewer.account.id if viewer else None)
        return JSONResponse(found, headers={"cache-control": "no-store"})

    @r.get("/api/players/{name}/games", response_class=StreamingResponse)
    async def games(
        request: Request,
        name: str,
        game: str | None = Query(default=None, max_length=64),
        since: int | None = Query(default=None, ge=0, le=2**53),
        until: int | None = Query(default=None, ge=0, le=2**53),
        max: int | None = Query(default=None, ge=1, le=1_000_000),
    ) -> StreamingResponse:
        """A player's finished games, newest first, one JSON object a line (NDJSON)."""
        if game is not None:
            known_game(game)
        s = services_of(request)
        viewer = await s.accounts.current(request)
        lines = await s.profiles.export(name, game, since, until, max, viewer.account.id if viewer else None)
        return StreamingResponse(lines, media_type=NDJSON, headers={"cache-control": "no-store"})

    @r.get("/api/leaderboard/{game}")
    async def leaderboard(request: Request, game: str, max: int = Query(default=100, ge=1, le=500)) -> dict[str, Any]:
        """The top settled (not provisional) ratings of a game."""
        return await services_of(request).profiles.leaderboard(game, max)

    return r

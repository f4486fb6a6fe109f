"""The passkeys' HTTP API: registering one (a new account, or one more for the signed-in
account), signing in with one, and a signed-in person's passkeys."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute

from regalia.server.accounts.cookies import set_session_cookie
from regalia.server.accounts.models import Named, PasskeyInfo, PasskeyOptionsIn, PasskeyRegister, PasskeySignIn
from regalia.server.accounts.routes import NO_STORE, ms, opened
from regalia.server.accounts.services import services_of


def router(route_class: type[APIRoute] = APIRoute) -> APIRouter:
    """The routes of ``/api/passkeys`` and ``/api/me/passkeys``."""
    r = APIRouter(tags=["passkeys"], route_class=route_class)

    @r.post("/api/passkeys/register/options")
    async def register_options(request: Request, response: Response, body: PasskeyOptionsIn) -> dict[str, Any]:
        """The options of a passkey's registration (give them to ``navigator.credentials.create``)."""
        s = services_of(request)
        session = await s.accounts.current(request)
        response.headers.update(NO_STORE)
        return await s.passkeys.register_options(request, session, body.name)

    @r.post("/api/passkeys/register", response_model=None)
    async def register(request: Request, body: PasskeyRegister) -> Response:
        """Store a passkey: 201 with the new account's name and a session cookie, or 200 with the
        signed-in account's name (a passkey more)."""
        s = services_of(request)
        session = await s.accounts.current(request)
        label = "".join(ch for ch in body.label if ch.isprintable()).strip()
        done = await s.passkeys.register(request, session, body.challenge, body.credential, label)
        if done is None:
            assert session is not None
            return JSONResponse({"name": session.account.name}, headers=NO_STORE)
        response = JSONResponse({"name": done.account.name}, status_code=201, headers=NO_STORE)
        set_session_cookie(response, request, done.token, done.seconds)
        return response

    @r.post("/api/passkeys/signin/options")
    async def signin_options(request: Request, response: Response) -> dict[str, Any]:
        """The options of a sign-in with a passkey (give them to ``navigator.credentials.get``)."""
        response.headers.update(NO_STORE)
        return await services_of(request).passkeys.signin_options(request)

    @r.post("/api/passkeys/signin")
    async def signin(request: Request, response: Response, body: PasskeySignIn) -> Named:
        """Sign in with a passkey."""
        s = services_of(request)
        return opened(request, response, await s.passkeys.sign_in(request, body.challenge, body.credential))

    @r.get("/api/me/passkeys")
    async def listing(request: Request, response: Response) -> list[PasskeyInfo]:
        """The signed-in account's passkeys."""
        s = services_of(request)
        session = await s.accounts.require(request)
        response.headers.update(NO_STORE)
        return [
            PasskeyInfo(
                id=p.id, label=p.label, created=ms(p.created_at), used=None if p.used_at is None else ms(p.used_at)
            )
            for p in await s.passkeys.listing(session)
        ]

    @r.delete("/api/me/passkeys/{passkey_id}", status_code=204)
    async def remove(request: Request, passkey_id: int) -> Response:
        """Remove one of the signed-in account's passkeys (not its last way to sign in)."""
        s = services_of(request)
        await s.passkeys.remove(await s.accounts.require(request), passkey_id)
        return Response(status_code=204, headers=NO_STORE)

    return r

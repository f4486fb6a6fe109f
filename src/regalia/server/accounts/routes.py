"""The accounts' HTTP API: registering, signing in and out, the signed-in person and their
sessions, deleting the account, and claiming a guest's seat.

Every answer about a person carries ``Cache-Control: no-store``. The session cookie is set and
cleared here (:mod:`regalia.server.accounts.cookies`).
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.routing import APIRoute

from regalia.server.accounts.cookies import clear_session_cookie, set_session_cookie
from regalia.server.accounts.models import Claim, Claimed, Credentials, DeleteMe, Me, Named, SessionInfo, SignedIn
from regalia.server.accounts.service import Opened
from regalia.server.accounts.services import services_of

NO_STORE = {"cache-control": "no-store"}


def ms(seconds: float) -> int:
    """Seconds since the epoch as whole milliseconds."""
    return round(seconds * 1000)


def opened(request: Request, response: Response, done: Opened) -> Named:
    """The answer of a new session: the account's name, and the cookie."""
    set_session_cookie(response, request, done.token, done.seconds)
    response.headers.update(NO_STORE)
    return Named(name=done.account.name)


def router(route_class: type[APIRoute] = APIRoute) -> APIRouter:
    """The routes of ``/api/accounts``, ``/api/session`` and ``/api/me``."""
    r = APIRouter(tags=["accounts"], route_class=route_class)

    @r.post("/api/accounts", status_code=201)
    async def register(request: Request, response: Response, body: Credentials) -> Named:
        """Create an account (name and password) and sign in."""
        s = services_of(request)
        return opened(request, response, await s.accounts.register(request, body.name, body.password))

    @r.post("/api/session")
    async def sign_in(request: Request, response: Response, body: Credentials) -> Named:
        """Sign in with a name and password."""
        s = services_of(request)
        return opened(request, response, await s.accounts.sign_in(request, body.name, body.password))

    @r.get("/api/session")
    async def session_state(request: Request, response: Response) -> SignedIn:
        """Whether this browser is signed in, and as whom — always 200 (pages ask it on every
        load; ``GET /api/me`` answers 401 when signed out)."""
        session = await services_of(request).accounts.current(request)
        response.headers.update(NO_STORE)
        return SignedIn(signed_in=session is not None, name=session.account.name if session else None)

    @r.delete("/api/session", status_code=204)
    async def sign_out(request: Request) -> Response:
        """Sign out: the session ends on the server and the cookie is cleared."""
        await services_of(request).accounts.sign_out(request)
        response = Response(status_code=204, headers=NO_STORE)
        clear_session_cookie(response, request)
        return response

    @r.get("/api/me")
    async def me(request: Request, response: Response) -> Me:
        """The signed-in account (401 when not signed in)."""
        s = services_of(request)
        session = await s.accounts.require(request)
        passkeys = await s.passkeys.listing(session)
        response.headers.update(NO_STORE)
        a = session.account
        return Me(
            name=a.name,
            created=ms(a.created_at),
            password=a.password_hash is not None,
            passkeys=len(passkeys),
            ratings=await s.profiles.ratings(a.id),
            session=session.id,
        )

    @r.get("/api/me/sessions")
    async def sessions(request: Request, response: Response) -> list[SessionInfo]:
        """The signed-in account's sessions, the most recently seen first."""
        s = services_of(request)
        session = await s.accounts.require(request)
        response.headers.update(NO_STORE)
        return [
            SessionInfo(
                id=x.id,
                how=x.how,
                browser=x.agent,
                created=ms(x.created_at),
                seen=ms(x.seen_at),
                expires=ms(x.expires_at),
                current=x.id == session.id,
            )
            for x in await s.accounts.sessions(session)
        ]

    @r.delete("/api/me/sessions/{session_id}", status_code=204)
    async def end_session(request: Request, session_id: str) -> Response:
        """End one of the signed-in account's sessions (another browser's, or this one)."""
        s = services_of(request)
        await s.accounts.end_session(await s.accounts.require(request), session_id)
        return Response(status_code=204, headers=NO_STORE)

    @r.delete("/api/me", status_code=204)
    async def delete_me(request: Request, body: DeleteMe) -> Response:
        """Delete the signed-in account (``{"confirm": "<its name>"}``)."""
        s = services_of(request)
        await s.accounts.delete(await s.accounts.require(request), body.confirm)
        response = Response(status_code=204, headers=NO_STORE)
        clear_session_cookie(response, request)
        return response

    @r.post("/api/me/claim")
    async def claim(request: Request, response: Response, body: Claim) -> Claimed:
        """Bind a seat this browser holds as a guest to the signed-in account."""
        s = services_of(request)
        session = await s.accounts.require(request)
        seat = await s.seats.claim(session.account, body.table, body.token)
        response.headers.update(NO_STORE)
        return Claimed(table=body.table, seat=seat)

    return r

"""Which pages may talk to the server: its own origin, and the ``--allowed-origin`` sites.

Two checks use it. A table socket from another site's page is refused at the handshake
(:func:`origin_allowed`, in ``app.py``). And every state-changing HTTP request to the API —
``POST``, ``PUT``, ``PATCH``, ``DELETE`` under ``/api/`` — from another site's page is refused
with 403 before it is read (:class:`CrossSiteGuard`): the session cookie is ``SameSite=Lax``
already, so a browser does not send it with another site's ``POST``; this second lock also holds
for a browser that would, for a request a page makes without the cookie (signing a visitor
into an account of the page's choosing), and for a guest's table tokens. A request with no
``Origin`` is judged by ``Sec-Fetch-Site`` (``cross-site`` refused); one with neither comes from
a program, not a browser page, and is served.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from regalia.server.settings import normal_origin

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""The methods that change something (RFC 9110's unsafe methods)."""


def own_origin(scheme: str, host: str | None) -> str | None:
    """The server's own origin as a request sees it: its ``Host`` with the scheme (``ws`` →
    ``http``, ``wss`` → ``https``), in :func:`~regalia.server.settings.normal_origin`'s form."""
    if not host:
        return None
    return normal_origin(f"{'https' if scheme in ('wss', 'https') else 'http'}://{host}")


def origin_allowed(origin: str | None, scheme: str, host: str | None, allowed: frozenset[str]) -> bool:
    """Whether a request with this ``Origin`` header may go on: no ``Origin`` (a program, not a
    browser page), the server's own origin (:func:`own_origin`), or one of ``allowed`` (normal
    forms)."""
    if origin is None:
        return True
    given = normal_origin(origin)
    if given is None:
        return False
    return given in allowed or given == own_origin(scheme, host)


class CrossSiteGuard:
    """ASGI middleware: a state-changing request to ``/api/`` from another site's page gets
    403 ``{"error": {"field": "origin", …}}`` and is not read.

    Args:
        app: the application inside.
        allowed: the other origins allowed (normal forms of ``--allowed-origin``).
    """

    def __init__(self, app: ASGIApp, allowed: frozenset[str]) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in UNSAFE_METHODS and scope["path"].startswith("/api/"):
            headers = {bytes(k).lower(): bytes(v).decode("latin-1") for k, v in scope.get("headers") or []}
            origin = headers.get(b"origin")
            cross = (
                headers.get(b"sec-fetch-site") == "cross-site"
                if origin is None
                else not origin_allowed(origin, scope.get("scheme", "http"), headers.get(b"host"), self.allowed)
            )
            if cross:
                await _refuse(send)
                return
        await self.app(scope, receive, send)


async def _refuse(send: Send) -> None:
    body = (
        b'{"error":{"field":"origin","reason":"a request that changes something must come from this '
        b"site's own pages (or an --allowed-origin); another site's page may not make it\"}}"
    )
    await send(
        {
            "type": "http.response.start",
            "status": 403,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})

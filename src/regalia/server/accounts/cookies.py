"""The session cookie: an opaque random token in an ``HttpOnly``, ``SameSite=Lax`` cookie,
``Secure`` when the page came over HTTPS, ``Path=/``.

The token is 256 random bits; the server keeps only its SHA-256 (``regalia_sessions``), so the
database cannot be used to sign in, and a session can be listed and revoked (unlike a signed
cookie that holds its own data). ``Secure`` is set when the request came over HTTPS as the
server saw it, or — behind a proxy that ends TLS — when the page that sent it says its origin is
``https://`` (a sign-in is a ``POST``, which browsers send with ``Origin``).
"""

from __future__ import annotations

from starlette.requests import HTTPConnection
from starlette.responses import Response

from regalia.server.settings import normal_origin

COOKIE_NAME = "regalia_session"
"""The session cookie's name."""


def came_over_https(conn: HTTPConnection) -> bool:
    """Whether the request came over HTTPS: its own scheme, or its page's ``Origin``."""
    if conn.url.scheme in ("https", "wss"):
        return True
    origin = normal_origin(conn.headers.get("origin") or "")
    return origin is not None and origin.startswith("https://")


def set_session_cookie(response: Response, conn: HTTPConnection, token: str, max_age_seconds: float) -> None:
    """Give ``response`` the session cookie holding ``token`` for ``max_age_seconds``."""
    response.set_cookie(
        COOKIE_NAME,
        token,
        max_age=int(max_age_seconds),
        path="/",
        httponly=True,
        samesite="lax",
        secure=came_over_https(conn),
    )


def clear_session_cookie(response: Response, conn: HTTPConnection) -> None:
    """Tell the browser to forget the session cookie."""
    response.delete_cookie(COOKIE_NAME, path="/", httponly=True, samesite="lax", secure=came_over_https(conn))


def session_token(conn: HTTPConnection) -> str | None:
    """The session token the request's cookie carries (``None``: none, or not one of ours)."""
    token = conn.cookies.get(COOKIE_NAME)
    if token is None or not 20 <= len(token) <= 100:
        return None
    return token

"""What every HTTP response of the server goes through: the body limit and the security headers
(:class:`Guard`, outside everything), JSON bodies that name no key twice
(:class:`StrictJSONRoute`), the browser's files of ``regalia.web`` and nothing else
(:class:`WebAssets`), and the API's interactive description with a policy of its own.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
from collections.abc import Awaitable, Callable, Coroutine, MutableMapping
from pathlib import PurePosixPath
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp as StarletteApp

from regalia.server.origins import CrossSiteGuard
from regalia.server.protocol import DuplicateKeyError, loads_strict

MAX_BODY_BYTES = 65536

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self' ws: wss:; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""The policy of every response (the pages' scripts and styles come only from this server; no
other site may frame a page; the service worker and the web manifest are the site's own, named
although ``default-src`` and ``script-src`` already admit them)."""

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)
"""Headers every HTTP response carries (besides the Content-Security-Policy)."""

ASSET_SUFFIXES = frozenset(
    {".html", ".js", ".mjs", ".css", ".svg", ".ico", ".png", ".webp", ".woff2", ".txt", ".webmanifest"}
)
"""The files of ``regalia.web`` that are served: pages, scripts, styles, images, fonts, the web
manifest and the vendored libraries' licence texts; never a Python module, cache or hidden file."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


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


class RegaliaApp(FastAPI):
    """FastAPI with :class:`Guard` outside everything, so that even the answer of an
    unexpected error (500) carries the security headers, and inside it the
    :class:`~regalia.server.origins.CrossSiteGuard` (another site's page may not change
    anything)."""

    allowed_origins: frozenset[str] = frozenset()

    def build_middleware_stack(self) -> StarletteApp:
        return Guard(CrossSiteGuard(super().build_middleware_stack(), self.allowed_origins))


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

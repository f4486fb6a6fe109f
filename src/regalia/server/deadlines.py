"""Two deadlines uvicorn lacks: for a request's HTTP headers (against "slowloris" clients), and
for a closing websocket whose client does not read.

**Headers.** uvicorn (0.54) has no header timeout: ``timeout_keep_alive`` runs only between requests of a
kept-alive connection, and is cancelled by the first byte of the next request, so a client
that sends its headers one byte a second — or connects and sends nothing — holds a connection
for ever. :func:`header_timeout_protocol` makes a subclass of the HTTP protocol uvicorn would
use (``httptools``, else ``h11``) that starts a timer when a connection opens and when the
first bytes of a next request arrive, stops it when the request's headers are complete (or the
connection becomes a websocket), and when it fires answers ``408 Request Timeout`` and closes
the connection. Nothing else of uvicorn's protocol changes. (A reverse proxy in front of the
server does the same with its own setting, such as nginx's ``client_header_timeout``.)

**Closing sockets.** When the server closes a websocket (a client too slow, or flooding),
uvicorn sends the close frame and, if the client does not answer it within its close timeout
(10 s), calls ``transport.close()`` — which waits for the write buffer to drain first, so a
client that never reads keeps the connection and up to a buffer's worth of frames in the
server's memory for as long as it likes, no longer counted against any limit.
:func:`closing_websocket_protocol` makes the websocket protocol abort such a connection
instead (dropping what it could not send): after the close timeout, whatever started the close.
It also compresses only large messages (:mod:`regalia.server.compression`).
"""

from __future__ import annotations

import asyncio
from typing import Any, cast

from uvicorn.protocols.http.auto import AutoHTTPProtocol
from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

from regalia.server.compression import large_messages_only


def header_timeout_protocol(seconds: float, base: type[asyncio.Protocol] = AutoHTTPProtocol) -> type[asyncio.Protocol]:
    """A uvicorn HTTP protocol class (for ``uvicorn.Config(http=...)``) that closes a
    connection whose request headers are not complete ``seconds`` after it opened, or after
    the first bytes of its next request.

    Args:
        seconds: the deadline (positive).
        base: uvicorn's protocol class (``HttpToolsProtocol`` or ``H11Protocol``).

    Returns:
        the subclass.

    Raises:
        ValueError: ``seconds`` is not positive.
    """
    if seconds <= 0:
        raise ValueError("seconds: expected a positive number")
    body = f"the request's headers did not arrive within {seconds:g} s\n".encode()
    answer = (
        b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
        b"x-content-type-options: nosniff\r\nconnection: close\r\ncontent-length: "
        + str(len(body)).encode()
        + b"\r\n\r\n"
        + body
    )
    parent: Any = base

    class HeaderTimeoutProtocol(parent):  # type: ignore[misc]
        header_seconds = seconds

        def connection_made(self, transport: asyncio.Transport) -> None:
            self._header_timer: asyncio.TimerHandle | None = None
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            before = self.cycle
            super().data_received(data)
            if self.transport.is_closing() or self.transport.get_protocol() is not self:
                self._disarm()  # closed, or a websocket now
            elif self.cycle is not before:
                self._disarm()  # a request's headers are complete
            elif (self.cycle is None or self.cycle.response_complete) and self._header_timer is None:
                self._arm()  # the first bytes of the next request

        def _arm(self) -> None:
            self._header_timer = asyncio.get_running_loop().call_later(self.header_seconds, self._headers_late)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _headers_late(self) -> None:
            self._header_timer = None
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:
                return
            if self.cycle is not None and not self.cycle.response_complete:
                return  # headers complete, a request is being answered
            transport.write(answer)
            transport.close()

    HeaderTimeoutProtocol.__name__ = HeaderTimeoutProtocol.__qualname__ = f"HeaderTimeout{base.__name__}"
    return cast(type[asyncio.Protocol], HeaderTimeoutProtocol)


SHUTDOWN_CLOSE_SECONDS = 1.0
"""How long a websocket's client has to read the server's close frame when the server stops."""


def closing_websocket_protocol(base: Any = AutoWebSocketsProtocol) -> Any:
    """uvicorn's websocket protocol class (for ``uvicorn.Config(ws=...)``) with a hard end to
    closing: once the connection is closing (the server's or the client's close frame, a
    keep-alive timeout, the application's end), the transport is aborted if it is still
    there ``close_timeout`` seconds later.

    Args:
        base: uvicorn's websocket protocol class; only ``WebSocketsSansIOProtocol`` (what
            uvicorn picks with ``websockets`` installed) is changed, any other is returned as is.

    Returns:
        the subclass (or ``base``).
    """
    if base is None or getattr(base, "__name__", "") != "WebSocketsSansIOProtocol":
        return base

    class AbortingWebSocketProtocol(base):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            large_messages_only(self.conn)  # deflate only messages worth it

        def _abort_later(self) -> None:
            if getattr(self, "_abort_timer", None) is None and self.transport is not None:
                self._abort_timer = self.loop.call_later(self.close_timeout, self._abort)

        def _abort(self) -> None:
            if not self.disconnected:
                self.transport.abort()

        async def send(self, message: Any) -> None:
            await super().send(message)
            if self.close_sent or self.transport.is_closing():
                self._abort_later()

        def keepalive_timeout(self) -> None:
            super().keepalive_timeout()
            self._abort_later()

        def handle_close(self, event: Any) -> None:
            super().handle_close(event)
            self._abort_later()

        def on_task_complete(self, task: Any) -> None:
            super().on_task_complete(task)
            if self.transport.is_closing() or self.close_sent:
                self._abort_later()

        def shutdown(self) -> None:
            # the server stops: the close frame goes out, and a client that does not read
            # it within a second is cut off, so that shutting down never waits for it
            super().shutdown()
            timer = getattr(self, "_abort_timer", None)
            if timer is not None:
                timer.cancel()
            self._abort_timer = self.loop.call_later(SHUTDOWN_CLOSE_SECONDS, self._abort)

        def connection_lost(self, exc: Exception | None) -> None:
            timer = getattr(self, "_abort_timer", None)
            if timer is not None:
                timer.cancel()
            super().connection_lost(exc)

    return AbortingWebSocketProtocol

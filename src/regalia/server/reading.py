"""Reading a table socket's messages: every incoming message is checked in this order — its size
(``max_message_bytes``; the socket is closed), text not binary, the per-connection rate limit
(a token bucket: ``rate_burst`` at once, ``rate_per_second`` after), JSON (no key twice), then
the pydantic model of its ``type``. Each refusal is an ``error`` message naming the field; after
``max_refusals`` refusals the socket is closed.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from regalia.server.protocol import CLIENT_TYPES, DuplicateKeyError, Error, client_message, loads_strict
from regalia.server.settings import ServerSettings

CLOSE_POLICY = 1008
CLOSE_TOO_BIG = 1009
CLOSE_BAD_TOKEN = 4403
CLOSE_NO_TABLE = 4404
CLOSE_TIMEOUT = 4408
CLOSE_SLOW = 4429


class Closing(Exception):
    """Close the socket with ``code`` after sending ``error``."""

    def __init__(self, code: int, error: Error) -> None:
        super().__init__(error.reason)
        self.code = code
        self.error = error


def _field_of(exc: ValidationError) -> tuple[str | None, str]:
    err = exc.errors()[0]
    loc = ".".join(str(x) for x in err.get("loc", ()) if x not in CLIENT_TYPES)
    msg = str(err.get("msg", "invalid"))
    if err.get("type") == "extra_forbidden":
        msg = "unknown field"
    return loc or None, msg


class MessageReader:
    """Reads one socket's messages, refusing what does not pass (see the module).

    Args:
        ws: the socket.
        settings: the limits.
        send: queues a message to the client (the refusals' ``error``).
    """

    def __init__(self, ws: WebSocket, settings: ServerSettings, send: Callable[[BaseModel], None]) -> None:
        self.ws = ws
        self.settings = settings
        self.send = send
        self.tokens = float(settings.rate_burst)
        self.filled_at = time.monotonic()
        self.refusals = 0

    def _rate_ok(self) -> bool:
        now = time.monotonic()
        self.tokens = min(
            float(self.settings.rate_burst), self.tokens + (now - self.filled_at) * self.settings.rate_per_second
        )
        self.filled_at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    def refuse(self, code: str, reason: str, field: str | None = None) -> None:
        self.refusals += 1
        if self.refusals > self.settings.max_refusals:
            raise Closing(CLOSE_POLICY, Error(code="too_many_refusals", field=None, reason="too many refused messages"))
        self.send(Error(code=code, field=field, reason=reason))

    async def receive(self) -> Any | None:
        """The next message as a validated model, or ``None`` after a refusal (already answered).

        Raises:
            WebSocketDisconnect: the client went away.
            Closing: a message too big to read.
        """
        msg = await self.ws.receive()
        if msg["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(msg.get("code", 1000))
        raw = msg.get("text")
        if raw is None:
            size = len(msg.get("bytes") or b"")
            if size > self.settings.max_message_bytes:
                raise Closing(CLOSE_TOO_BIG, self._too_big(size))
            self.refuse("binary", "binary messages are not read: send JSON text")
            return None
        size = len(raw.encode("utf-8", "surrogatepass"))
        if size > self.settings.max_message_bytes:
            raise Closing(CLOSE_TOO_BIG, self._too_big(size))
        if not self._rate_ok():
            self.refuse(
                "rate_limited",
                f"too many messages: at most {self.settings.rate_burst} at once and "
                f"{self.settings.rate_per_second:g} a second; this one was dropped",
            )
            return None
        try:
            data = loads_strict(raw)
        except DuplicateKeyError as exc:
            self.refuse("invalid", f"{exc}: send each field once", exc.key)
            return None
        except json.JSONDecodeError as exc:
            self.refuse("malformed", f"not JSON ({exc.msg} at character {exc.pos})")
            return None
        except RecursionError:
            self.refuse("malformed", "not JSON this server reads (nested too deeply)")
            return None
        if not isinstance(data, dict):
            self.refuse("malformed", "expected a JSON object with a type")
            return None
        kind = data.get("type")
        if kind not in CLIENT_TYPES:
            shown = kind[:40] if isinstance(kind, str) else json.dumps(kind)[:40]
            self.refuse("unknown_type", f"unknown message type {shown}; known: {', '.join(CLIENT_TYPES)}", "type")
            return None
        try:
            return client_message.validate_python(data)
        except ValidationError as exc:
            field, reason = _field_of(exc)
            self.refuse("invalid", f"{kind}: {field or 'message'}: {reason}", field)
            return None

    def _too_big(self, size: int) -> Error:
        return Error(
            code="too_big",
            field=None,
            reason=f"a message is at most {self.settings.max_message_bytes} bytes, this one has {size}",
        )

"""The messages waiting to be written to one websocket, bounded in bytes.

A slow reader gets the latest state, not a backlog: the newest ``state`` frame replaces an older
one that is still waiting (the caller rebuilds it to carry every event since the last frame
actually written — see :meth:`Connection.push_state <regalia.server.connection.Connection.push_state>`),
and the newest ``seats`` message replaces an older waiting one (each is the whole list). Every
other message (chat, answers, errors) waits in order; when those pass ``max_bytes`` the socket
is too slow and is closed. A message being written is no longer waiting: the transport holds at
most its own write buffer (uvicorn waits for it to drain) besides.
"""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass

from regalia.server.deltas import EncodedFrame


@dataclass(eq=False)
class Outgoing:
    """One message waiting: its JSON text and ``type``; for a ``state`` frame, the event
    position (``Cursor.step``) of the last frame before it, whether it is ``full``, and the
    encoded frame (the writer sends it whole or as a delta of the last frame it wrote,
    :meth:`EncodedFrame.message_after <regalia.server.deltas.EncodedFrame.message_after>`)."""

    text: str
    kind: str
    since: int = -1
    full: bool = False
    frame: EncodedFrame | None = None
    size: int = -1
    """Its size in bytes as sent (UTF-8); measured from ``text`` when not given."""

    def __post_init__(self) -> None:
        if self.size < 0:
            self.size = len(self.text.encode("utf-8", "surrogatepass"))


class Outbox:
    """The queue of one socket's writer task.

    Args:
        max_bytes: bytes of waiting messages besides the newest ``state`` frame before
            :meth:`put` refuses (the socket is then closed as too slow).
    """

    COALESCED = ("state", "seats")
    """Message types of which only the newest waits."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._items: deque[Outgoing] = deque()
        self._bytes = 0
        self._ready = asyncio.Event()
        self.overflowed = False

    @property
    def bytes(self) -> int:
        """Bytes waiting, the newest state frame excluded."""
        return self._bytes

    def __len__(self) -> int:
        return len(self._items)

    def waiting(self, kind: str) -> Outgoing | None:
        """The waiting message of type ``kind`` (``state`` or ``seats``), if any."""
        for item in self._items:
            if item.kind == kind:
                return item
        return None

    def put(self, item: Outgoing) -> bool:
        """Queue ``item`` (a ``state`` or ``seats`` message replaces the waiting one of its type,
        and goes last).

        Returns:
            ``False`` when the waiting messages would pass ``max_bytes`` (nothing queued: the
            socket is too slow); the outbox then stays overflowed.
        """
        if self.overflowed:
            return False
        if item.kind in self.COALESCED:
            old = self.waiting(item.kind)
            if old is not None:
                self._items.remove(old)
                if old.kind != "state":
                    self._bytes -= old.size
        if item.kind != "state":
            size = item.size
            if self._bytes + size > self.max_bytes:
                self.overflowed = True
                self._ready.set()
                return False
            self._bytes += size
        self._items.append(item)
        self._ready.set()
        return True

    async def get(self) -> Outgoing | None:
        """The next message to write (waits for one), or ``None`` once overflowed."""
        while not self._items and not self.overflowed:
            self._ready.clear()
            await self._ready.wait()
        if self.overflowed:
            self._items.clear()
            self._bytes = 0
            return None
        item = self._items.popleft()
        if item.kind != "state":
            self._bytes -= item.size
        return item

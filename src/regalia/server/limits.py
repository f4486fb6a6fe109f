"""Per-address limits of one server process: new tables a minute and open table sockets.

An address is the client's IP address as the server sees it: the TCP peer's, or — from a reverse
proxy named by ``regalia serve --forwarded-allow-ips`` — the one the proxy gives in
``X-Forwarded-For`` (without that option every client behind a proxy has the proxy's address).
Each process counts for itself, so with several processes on one PostgreSQL a client may get up
to the limit at each.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable

from regalia.server.settings import ServerSettings

WINDOW_SECONDS = 60.0
"""The window of ``tables_per_minute`` (a sliding minute)."""


class AddressLimits:
    """Counts what each client address does.

    Args:
        settings: ``tables_per_minute`` and ``sockets_per_address`` (0: no limit).
        clock: seconds, monotonic (tests pass their own).
    """

    def __init__(self, settings: ServerSettings, clock: Callable[[], float] = time.monotonic) -> None:
        self.tables_per_minute = settings.tables_per_minute
        self.sockets_per_address = settings.sockets_per_address
        self.clock = clock
        self._created: dict[str, deque[float]] = {}
        self._sockets: dict[str, int] = {}
        self._calls = 0

    def take_table(self, address: str) -> float | None:
        """Count a new table for ``address``.

        Returns:
            ``None`` when it may create one (and it is counted), else the seconds until it
            may (nothing counted).
        """
        if self.tables_per_minute == 0:
            return None
        now = self.clock()
        self._forget_old(now)
        times = self._created.setdefault(address, deque())
        while times and times[0] <= now - WINDOW_SECONDS:
            times.popleft()
        if len(times) >= self.tables_per_minute:
            return max(times[0] + WINDOW_SECONDS - now, 0.0)
        times.append(now)
        return None

    def _forget_old(self, now: float) -> None:
        """Drop addresses with nothing in the window (every 256 calls), so that the table of
        addresses holds only the last minute's."""
        self._calls += 1
        if self._calls % 256:
            return
        for address in [a for a, t in self._created.items() if not t or t[-1] <= now - WINDOW_SECONDS]:
            del self._created[address]

    def open_socket(self, address: str) -> bool:
        """Count a socket of ``address`` if it may open one (``False``: over the limit, not counted)."""
        count = self._sockets.get(address, 0)
        if self.sockets_per_address and count >= self.sockets_per_address:
            return False
        self._sockets[address] = count + 1
        return True

    def close_socket(self, address: str) -> None:
        """A counted socket of ``address`` closed."""
        count = self._sockets.get(address, 0) - 1
        if count > 0:
            self._sockets[address] = count
        else:
            self._sockets.pop(address, None)

    def sockets(self, address: str) -> int:
        """The sockets ``address`` holds open."""
        return self._sockets.get(address, 0)


def retry_after(seconds: float) -> str:
    """A ``Retry-After`` header's value: whole seconds, at least 1."""
    return str(max(1, math.ceil(seconds)))

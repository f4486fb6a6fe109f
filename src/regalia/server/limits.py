"""Per-address limits of one server process: new tables a minute, new accounts an hour and open
table sockets.

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
ACCOUNT_WINDOW_SECONDS = 3600.0
"""The window of ``accounts_per_hour`` (a sliding hour)."""


class AddressLimits:
    """Counts what each client address does.

    Args:
        settings: ``tables_per_minute``, ``accounts_per_hour`` and ``sockets_per_address``
            (0: no limit).
        clock: seconds, monotonic (tests pass their own).
    """

    def __init__(self, settings: ServerSettings, clock: Callable[[], float] = time.monotonic) -> None:
        self.tables_per_minute = settings.tables_per_minute
        self.accounts_per_hour = settings.accounts_per_hour
        self.sockets_per_address = settings.sockets_per_address
        self.clock = clock
        self._created: dict[str, deque[float]] = {}
        self._accounts: dict[str, deque[float]] = {}
        self._sockets: dict[str, int] = {}
        self._calls = 0

    def take_table(self, address: str) -> float | None:
        """Count a new table for ``address``.

        Returns:
            ``None`` when it may create one (and it is counted), else the seconds until it
            may (nothing counted).
        """
        return self._take(self._created, address, self.tables_per_minute, WINDOW_SECONDS)

    def take_account(self, address: str) -> float | None:
        """Count a new account for ``address`` (as :meth:`take_table`, ``accounts_per_hour``)."""
        return self._take(self._accounts, address, self.accounts_per_hour, ACCOUNT_WINDOW_SECONDS)

    def _take(self, counts: dict[str, deque[float]], address: str, limit: int, window: float) -> float | None:
        if limit == 0:
            return None
        now = self.clock()
        self._forget_old(counts, now, window)
        times = counts.setdefault(address, deque())
        while times and times[0] <= now - window:
            times.popleft()
        if len(times) >= limit:
            return max(times[0] + window - now, 0.0)
        times.append(now)
        return None

    def _forget_old(self, counts: dict[str, deque[float]], now: float, window: float) -> None:
        """Drop addresses with nothing in the window (every 256 calls), so that the table of
        addresses holds only the last window's."""
        self._calls += 1
        if self._calls % 256:
            return
        for address in [a for a, t in counts.items() if not t or t[-1] <= now - window]:
            del counts[address]

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

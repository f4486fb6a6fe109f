"""What a "your turn" notice says, and how long a push service keeps it.

A notice carries only what its person may see, and nothing a push service in between needs to
read: the table's id, its game, the deadline of the person's decision, whether it is the
reminder, and the table page to open. Never a card, a hand, a move, another seat or a name. It
is encrypted to the browser (RFC 8291), so the push service sees only its length and the headers:
``TTL`` (how long to keep it for a browser that is offline: at most ``push_ttl_seconds``, and
never past the deadline, when the notice is no use), ``Urgency`` (``normal``; ``high`` for the
reminder, which a phone saving its battery should still show) and ``Topic`` (one per table, so a
reminder replaces its table's notice still waiting at the push service; a hash, so the push
service does not learn the table's id).
"""

from __future__ import annotations

import base64
import hashlib
import math
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import orjson

NOTICE_TYPE = "your-turn"
"""The ``type`` of a turn notice's payload."""


def table_path(table_id: str) -> str:
    """The table page of ``table_id``, as a path of the site (``/table.html?t=<id>``); the
    service worker opens it on its own origin. It carries no invite: a person seated at a
    private table is let in by their seat."""
    return f"/table.html?t={quote(table_id, safe='')}"


@dataclass(frozen=True)
class TurnNotice:
    """One notice to send: a person's decision at a turn-based table, or its reminder.

    Attributes:
        account_id: the person's account (every browser it subscribed gets the notice).
        table: the table's id.
        game: the game's registry name (``kings_blood``…).
        deadline: when the decision's time runs out (seconds since the epoch).
        reminder: the reminder sent when ``reminder_seconds`` (2 hours) of it are left.
    """

    account_id: int
    table: str
    game: str
    deadline: float
    reminder: bool

    def payload(self) -> dict[str, Any]:
        """The notice's JSON: ``type`` (``"your-turn"``), ``table``, ``game``, ``deadline``
        (seconds since the epoch), ``reminder`` and ``url`` (:func:`table_path`)."""
        return {
            "type": NOTICE_TYPE,
            "table": self.table,
            "game": self.game,
            "deadline": self.deadline,
            "reminder": self.reminder,
            "url": table_path(self.table),
        }

    def body(self) -> bytes:
        """:meth:`payload` as UTF-8 JSON (what is encrypted to each browser)."""
        return orjson.dumps(self.payload())

    def ttl(self, now: float, most: int) -> int:
        """The ``TTL`` header: seconds until the deadline, at most ``most`` (``push_ttl_seconds``);
        0 once the deadline has passed."""
        return max(0, min(most, math.floor(self.deadline - now)))

    @property
    def urgency(self) -> str:
        """The ``Urgency`` header (RFC 8030): ``high`` for the reminder, else ``normal``."""
        return "high" if self.reminder else "normal"

    @property
    def topic(self) -> str:
        """The ``Topic`` header (RFC 8030: at most 32 characters of URL-safe base64): the table's
        notices replace one another while waiting at the push service."""
        digest = hashlib.sha256(b"regalia-turn:" + self.table.encode()).digest()
        return base64.urlsafe_b64encode(digest).decode("ascii")[:32]

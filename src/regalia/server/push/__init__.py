"""Web Push "your turn" notices of turn-based tables (issue 37).

One concept a module:

- :mod:`.keys` — the server's VAPID key pair, made once and kept in ``regalia_server_keys``;
- :mod:`.endpoints` — which push services the server posts to (an endpoint is a URL a person
  gives: only known push services' are taken);
- :mod:`.models` — the API's bodies: the browser's subscription JSON, strictly checked;
- :mod:`.subscriptions` — the queries of ``regalia_push_subscriptions``;
- :mod:`.payload` — what a notice says (the table, its game, the deadline, the page to open —
  never a card) and its ``TTL``, ``Urgency`` and ``Topic``;
- :mod:`.sender` — :class:`PushNotices`, the master's
  :class:`~regalia.server.dependencies.TurnNotices`: a bounded queue, bounded concurrent posts,
  pywebpush's RFC 8291 encryption, py-vapid's RFC 8292 signature, gone subscriptions deleted;
- :mod:`.service` — the process's :class:`Push` (made by :func:`start_push`);
- :mod:`.routes` — ``GET /api/push/key``, ``POST`` and ``DELETE /api/push/subscriptions``
  (its ``router``, included by ``regalia.server.app``).

The browser's side is ``regalia/web/sw.js`` (the service worker that shows a notice and opens its
table), ``manifest.webmanifest`` (the site installable: Web Push on phones needs it) and
``js/notices.js`` (the control that turns notices on and off).
"""

from __future__ import annotations

from regalia.server.push.sender import PushNotices
from regalia.server.push.service import Push, push_of, start_push

__all__ = ["Push", "PushNotices", "push_of", "start_push"]

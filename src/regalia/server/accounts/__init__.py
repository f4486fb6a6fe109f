"""Accounts, sessions, passkeys, profiles, game history and ratings per game (issue 36).

One concept a module:

- :mod:`.rules` — what a name and a password must be (NIST SP 800-63B; the common passwords);
- :mod:`.passwords` — Argon2id hashes through pwdlib, a bounded number at once;
- :mod:`.cookies` — the session cookie and its flags;
- :mod:`.people` — the queries of accounts, sessions, passkeys, challenges, failed sign-ins;
- :mod:`.service` — registering, signing in and out, the signed-in person, deleting an account;
- :mod:`.passkeys` — WebAuthn ceremonies through py_webauthn;
- :mod:`.ratings` — openskill's Plackett–Luce ratings, bots as anchors, time away;
- :mod:`.history` — the queries of history and ratings;
- :mod:`.results` — what a finished table leaves to its accounts;
- :mod:`.profiles` — profiles, the NDJSON export, leaderboards;
- :mod:`.seats` — seats bound to accounts, claiming a guest's seat;
- :mod:`.services` — the process's services; :mod:`.models` the API's bodies;
- :mod:`.routes`, :mod:`.passkey_routes`, :mod:`.profile_routes` — the HTTP API (FastAPI routers,
  included by ``regalia.server.app``).
"""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.routing import APIRoute

from regalia.server.accounts import passkey_routes, profile_routes, routes
from regalia.server.accounts.errors import AccountError
from regalia.server.accounts.services import AccountServices, make_services, services_of

__all__ = ["AccountError", "AccountServices", "make_services", "routers", "services_of"]


def routers(route_class: type[APIRoute] = APIRoute) -> list[APIRouter]:
    """The accounts' routers — accounts and sessions, passkeys, players and leaderboards — whose
    routes are of ``route_class`` (the server's strict-JSON route)."""
    return [routes.router(route_class), passkey_routes.router(route_class), profile_routes.router(route_class)]

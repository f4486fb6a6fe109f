"""The accounts' services of one server process, made at start and found by the routes."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from starlette.requests import HTTPConnection

from regalia.server.accounts.passkeys import Passkeys
from regalia.server.accounts.profiles import Profiles
from regalia.server.accounts.results import Results
from regalia.server.accounts.seats import Seats
from regalia.server.accounts.service import Accounts
from regalia.server.limits import AddressLimits
from regalia.server.settings import ServerSettings
from regalia.server.store import Store


@dataclass
class AccountServices:
    """Accounts and sessions, passkeys, profiles, finished tables' results, and seats."""

    accounts: Accounts
    passkeys: Passkeys
    profiles: Profiles
    results: Results
    seats: Seats


def make_services(
    store: Store,
    settings: ServerSettings,
    limits: AddressLimits,
    allowed_origins: frozenset[str],
    clock: Callable[[], float] = time.time,
) -> AccountServices:
    """The accounts' services over the process's database and limits.

    Args:
        allowed_origins: the ``--allowed-origin`` sites (normal forms): passkeys' origins.
        clock: seconds since the epoch.
    """
    accounts = Accounts(store, settings, limits, clock)
    results = Results(store)
    return AccountServices(
        accounts=accounts,
        passkeys=Passkeys(accounts, allowed_origins, clock),
        profiles=Profiles(store, clock),
        results=results,
        seats=Seats(store, results),
    )


def services_of(conn: HTTPConnection) -> AccountServices:
    """The process's accounts' services (set up by the application's lifespan)."""
    s: AccountServices = conn.app.state.people
    return s

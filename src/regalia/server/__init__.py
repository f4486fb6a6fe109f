"""``regalia serve``: the authoritative online table server.

A table is a game in the database: its seed, options and pinned ``rules_version`` in one row, one
row per committed move (unique ``(table, step)``), its seats (tokens stored hashed) and its chat.
Every process rebuilds any table from those rows, applies moves only through ``State.apply``,
commits each move before telling anyone, and fans the change out to the websockets it holds
(PostgreSQL ``LISTEN/NOTIFY`` between processes). Bots play their seats from worker processes
through the same path as people. See ``docs/server.md`` for the protocol and the guarantees.

Modules: :mod:`.settings` (limits and knobs), :mod:`.protocol` (every message as a pydantic
model), :mod:`.schema` (the SQLAlchemy models the Alembic migrations create), :mod:`.store` (the queries),
:mod:`.tokens` (seat tokens), :mod:`.live` (a table in memory: state, events, the released
state of ruling SRV-1), :mod:`.frames` (what one seat is sent), :mod:`.master` (apply, commit,
fan-out, clocks, bots), :mod:`.bots` (the bot worker pool), :mod:`.sockets` (this process's
sockets by table), :mod:`.notices` (PostgreSQL LISTEN/NOTIFY between processes), :mod:`.connection` (one websocket), :mod:`.app` (the FastAPI app),
:mod:`.cli` (the ``serve`` command).
"""

from __future__ import annotations

from regalia.server.settings import ServerSettings

__all__ = ["ServerSettings", "create_app"]


def __getattr__(name: str) -> object:
    # ``create_app`` imports FastAPI; keep ``import regalia.server`` light for the CLI's --help.
    if name == "create_app":
        from regalia.server.app import create_app

        return create_app
    raise AttributeError(name)

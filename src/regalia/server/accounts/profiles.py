"""What anyone may read about a player: the profile, the NDJSON export of their games, and the
leaderboard of each game.

The export is modelled on lichess's ``/api/games/user``: newest first, one finished game a line
(``application/x-ndjson``), streamed a page at a time so that a long history takes bounded
memory; filters ``game``, ``since`` and ``until`` (milliseconds since the epoch, inclusive) and
``max``.
"""

from __future__ import annotations

import math
from collections.abc import AsyncIterator, Callable
from typing import Any

import orjson

from regalia.core import Game, get_game
from regalia.server.accounts.errors import AccountError
from regalia.server.accounts.history import FinishedTable, History
from regalia.server.accounts.people import DELETED_NAME, People
from regalia.server.accounts.ratings import PROVISIONAL_DEVIATION, SCALE, Rating
from regalia.server.accounts.results import game_title
from regalia.server.store import Store

PAGE = 100
"""Games read from the database at a time while exporting."""
RECENT = 10
"""Games a profile lists (the export has them all)."""


def known_game(game: str) -> Game:
    """The game ``game`` of this server.

    Raises:
        AccountError: (404, ``game``) an unknown game.
    """
    try:
        return get_game(game)
    except ValueError:
        raise AccountError(404, "game", f"no game {game[:40]!r} on this server") from None


def rated_game(game: str) -> None:
    """Check that ``game`` is a game of this server that can be rated (2 players or more).

    Raises:
        AccountError: (404, ``game``) an unknown game; (422, ``game``) a game played alone.
    """
    g = known_game(game)
    if g.max_players < 2:
        raise AccountError(422, "game", f"{g.title} is played alone: it has no rating")


def _shown(mu: float | None, sigma: float | None) -> dict[str, Any] | None:
    if mu is None or sigma is None:
        return None
    r = Rating(mu, sigma)
    return {"rating": r.shown, "deviation": r.deviation, "provisional": r.provisional}


def game_line(t: FinishedTable) -> dict[str, Any]:
    """One finished game as the export and the profile give it: ``table``, ``game``, ``title``,
    ``finished_at`` (ms), ``rated``, ``players`` (each ``seat``, ``name`` — the account's, a
    guest's table name, a bot's spec, or "deleted player" — ``kind`` ``account`` / ``guest`` /
    ``bot`` / ``deleted``, and for an account its ``rank``, ``abandoned`` and, rated, its
    ``rating_before`` and ``rating_after``), ``standings`` and the ``result`` text."""
    row = t.row
    result = row.result or {}
    finished = max((p.finished_at for p in t.plays.values()), default=row.updated_at)
    players = []
    for s in t.seats:
        play = t.plays.get(s.seat)
        if s.kind == "bot":
            kind, name = "bot", s.bot or "bot"
        elif s.account_id is not None:
            kind, name = "account", t.names.get(s.account_id, DELETED_NAME)
        elif play is not None:
            kind, name = "deleted", DELETED_NAME
        else:
            kind, name = "guest", s.name or f"P{s.seat}"
        entry: dict[str, Any] = {"seat": s.seat, "name": name, "kind": kind}
        if play is not None:
            entry["rank"] = play.rank
            entry["abandoned"] = play.abandoned
            if play.rated:
                entry["rating_before"] = _shown(play.mu_before, play.sigma_before)
                entry["rating_after"] = _shown(play.mu_after, play.sigma_after)
        players.append(entry)
    return {
        "table": row.id,
        "game": row.game,
        "title": game_title(row.game),
        "finished_at": math.floor(finished * 1000),
        "rated": bool(row.rated) and any(p.rated for p in t.plays.values()),
        "players": players,
        "standings": result.get("standings") or [],
        "result": result.get("text") or "",
    }


class Profiles:
    """The profile, export and leaderboard queries.

    Args:
        store: the server's database.
        clock: seconds since the epoch (a rating's deviation grows with time away).
    """

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.people = People(store)
        self.history = History(store)
        self.clock = clock

    async def _account(self, name: str) -> Any:
        account = await self.store.run(self.people.account_named, name)
        if account is None:
            raise AccountError(404, "name", f"no player {name[:40]!r}")
        return account

    async def ratings(self, account_id: int) -> dict[str, dict[str, Any]]:
        """An account's ratings as of now, by game: ``{"rating", "deviation", "provisional", "games"}``."""
        now = self.clock()
        stored = await self.store.run(self.history.ratings, [account_id])
        return {game: r.at(now).to_json() for (_a, game), r in sorted(stored.items())}

    async def profile(self, name: str, viewer: int | None = None) -> dict[str, Any]:
        """``{"name", "created", "ratings", "recent"}`` (``created`` in ms since the epoch;
        ``recent``: the last :data:`RECENT` games, as export lines — private tables only when
        ``viewer``, the signed-in account asking, is this one).

        Raises:
            AccountError: (404, ``name``) no such player.
        """
        account = await self._account(name)
        keys = await self.store.run(
            lambda: self.history.play_keys(
                account.id, game=None, since=None, until=None, before=None, limit=RECENT, private=viewer == account.id
            )
        )
        tables = await self.store.run(self.history.tables, [t for _, t in keys])
        return {
            "name": account.name,
            "created": round(account.created_at * 1000),
            "ratings": await self.ratings(account.id),
            "recent": [game_line(tables[t]) for _, t in keys if t in tables],
        }

    async def export(
        self,
        name: str,
        game: str | None,
        since_ms: int | None,
        until_ms: int | None,
        most: int | None,
        viewer: int | None = None,
    ) -> AsyncIterator[bytes]:
        """The player's finished games, newest first, one JSON line each (see :func:`game_line`);
        private tables only when ``viewer``, the signed-in account asking, is this one.

        Raises:
            AccountError: no such player (404, ``name``) — before the first line.
        """
        account = await self._account(name)
        since = since_ms / 1000 if since_ms is not None else None
        until = until_ms / 1000 if until_ms is not None else None
        return self._lines(account.id, game, since, until, most, viewer == account.id)

    async def _lines(
        self,
        account_id: int,
        game: str | None,
        since: float | None,
        until: float | None,
        most: int | None,
        private: bool,
    ) -> AsyncIterator[bytes]:
        left = most
        before: tuple[float, str] | None = None
        while left is None or left > 0:
            page = PAGE if left is None else min(PAGE, left)
            keys = await self.store.run(
                lambda b=before, n=page: self.history.play_keys(
                    account_id, game=game, since=since, until=until, before=b, limit=n, private=private
                )
            )
            if not keys:
                return
            tables = await self.store.run(self.history.tables, [t for _, t in keys])
            for _, t in keys:
                if t in tables:
                    yield orjson.dumps(game_line(tables[t])) + b"\n"
            before = keys[-1]
            left = None if left is None else left - len(keys)
            if len(keys) < page:
                return

    async def leaderboard(self, game: str, most: int) -> dict[str, Any]:
        """The top settled ratings of ``game`` as of now: ``{"game", "title", "players": [{"rank",
        "name", "rating", "deviation", "games"}]}`` (provisional ratings are left out; equal
        ratings share a rank).

        Raises:
            AccountError: an unknown game (404) or one played alone (422).
        """
        rated_game(game)
        now = self.clock()
        found = await self.store.run(self.history.board, game, PROVISIONAL_DEVIATION / SCALE, most * 4 + 50)
        settled = [(n, r.at(now)) for n, r in found]
        settled = [(n, r) for n, r in settled if not r.provisional]
        settled.sort(key=lambda x: (-x[1].shown, x[0].lower()))
        players: list[dict[str, Any]] = []
        for i, (name, r) in enumerate(settled[:most]):
            rank = players[-1]["rank"] if players and players[-1]["rating"] == r.shown else i + 1
            players.append({"rank": rank, "name": name, "rating": r.shown, "deviation": r.deviation, "games": r.games})
        return {"game": game, "title": game_title(game), "players": players}

"""What a finished table leaves to its accounts: the history rows and, at a rated table, the
ratings (:mod:`regalia.server.accounts.ratings`).

:meth:`Results.finished` is called with a table's id when the table ends (the master's
``on_finished`` hook) and, at start and every few minutes, for every finished table whose
history is not written yet (a process stopped in between): it reads the table from the database
— the final standings, the seats, their accounts and who played each seat at the end — and
writes everything in one transaction, once.
"""

from __future__ import annotations

import logging
from typing import Any

from regalia.core import get_game
from regalia.server.accounts.history import History
from regalia.server.accounts.ratings import Entrant, Rating, anchor, final_ranks, rate
from regalia.server.schema import SeatRow, TableRow
from regalia.server.store import Store

log = logging.getLogger("regalia.server.accounts")


def abandoned_seats(seats: list[SeatRow]) -> set[int]:
    """The persons' seats that the stand-in plays at the end: their person left, or was away
    longer than the table allows, and did not come back (ranked last at a rated table)."""
    return {s.seat for s in seats if s.kind == "human" and s.controller != "human"}


def rated_entrants(
    row: TableRow, seats: list[SeatRow], ranks: dict[int, int], ratings: dict[int, Rating]
) -> list[Entrant] | None:
    """The entrants of a rated table's rating: each account with its rating (a new one if it
    has none yet), each bot with its anchor; a person's seat without an account (which a rated
    table does not let happen) with the stand-in's anchor. ``None`` when a seat has no anchor."""
    out: list[Entrant] = []
    gone = abandoned_seats(seats)
    for s in seats:
        rank = ranks[s.seat]
        if s.kind == "human" and s.account_id is not None:
            out.append(Entrant(s.seat, rank, rating=ratings.get(s.account_id, Rating()), abandoned=s.seat in gone))
            continue
        fixed = anchor(row.game, s.bot if s.kind == "bot" and s.bot else row.standin)
        if fixed is None:
            return None
        out.append(Entrant(s.seat, rank, anchor=fixed))
    return out


class Results:
    """Writing a finished table's history and ratings.

    Args:
        store: the server's database.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.history = History(store)

    async def finished(self, table_id: str) -> bool:
        """Write the history (and ratings) of the finished table ``table_id``, if not yet.

        Returns:
            whether this call wrote them.
        """
        return await self.store.run(self._write, table_id)

    async def catch_up(self) -> int:
        """Write the history of every finished table that lacks it. Returns how many."""
        written = 0
        for table_id in await self.store.run(self.history.unwritten):
            written += await self.finished(table_id)
        return written

    async def claimed(self, table_id: str, seat: int) -> bool:
        """Write the history row of one seat of a finished table just claimed by an account
        (unrated: a guest's game is never rated). Returns whether it was written."""
        return await self.store.run(self._write_claimed, table_id, seat)

    def _write_claimed(self, table_id: str, seat: int) -> bool:
        found = self.store.table(table_id)
        if found is None:
            return False
        row, seats = found
        s = next((x for x in seats if x.seat == seat), None)
        if row.status != "over" or not row.result or s is None or s.account_id is None:
            return False
        ranks = {int(x["seat"]): int(x["rank"]) for x in row.result.get("standings") or []}
        play = self._play(
            row, s, ranks.get(seat, len(seats)), seat in abandoned_seats(seats), float(row.updated_at), False, None
        )
        return self.history.finish(table_id, [play], [])

    def _write(self, table_id: str) -> bool:
        found = self.store.table(table_id)
        if found is None:
            return False
        row, seats = found
        bound = [s for s in seats if s.kind == "human" and s.account_id is not None]
        if row.status != "over" or not row.result or not bound:
            return False
        standings: list[dict[str, Any]] = row.result.get("standings") or []
        gone = abandoned_seats(seats)
        ranks = final_ranks(standings, gone) if row.rated else {int(x["seat"]): int(x["rank"]) for x in standings}
        finished_at = float(row.updated_at)
        changes: dict[int, tuple[Rating, Rating]] = {}
        rated = bool(row.rated) and 2 <= len(seats) <= 8
        if rated:
            ratings = {
                a: r
                for (a, _g), r in self.history.ratings(
                    [s.account_id for s in bound if s.account_id is not None], row.game
                ).items()
            }
            entrants = rated_entrants(row, seats, ranks, ratings)
            if entrants is None:
                log.warning("table %s: a seat has no anchor in %s; the game is kept unrated", table_id, row.game)
                rated = False
            else:
                changes = rate(entrants, finished_at)
        plays = [
            self._play(row, s, ranks[s.seat], s.seat in gone, finished_at, rated, changes.get(s.seat)) for s in bound
        ]
        new_ratings = []
        for s in bound:
            if s.seat in changes:
                after = changes[s.seat][1]
                new_ratings.append(
                    {
                        "account_id": s.account_id,
                        "game": row.game,
                        "mu": after.mu,
                        "sigma": after.sigma,
                        "games": after.games,
                        "rated_at": finished_at,
                    }
                )
        return self.history.finish(table_id, plays, new_ratings)

    @staticmethod
    def _play(
        row: TableRow, s: SeatRow, rank: int, gone: bool, at: float, rated: bool, change: tuple[Rating, Rating] | None
    ) -> dict[str, Any]:
        before, after = change if change is not None else (None, None)
        return {
            "table_id": row.id,
            "seat": s.seat,
            "account_id": s.account_id,
            "game": row.game,
            "finished_at": at,
            "rated": rated and change is not None,
            "rank": rank,
            "abandoned": gone,
            "mu_before": before.mu if before else None,
            "sigma_before": before.sigma if before else None,
            "mu_after": after.mu if after else None,
            "sigma_after": after.sigma if after else None,
        }


def game_title(game: str) -> str:
    """A game's title, or its name when this server does not know it."""
    try:
        return get_game(game).title
    except ValueError:
        return game

"""Game history and ratings in the database: what a finished table leaves to its accounts.

When a table ends, :meth:`History.finish` writes one ``regalia_plays`` row for every seat held
by an account (its rank, whether it abandoned, for a rated table its rating before and after)
and, for a rated table, the new ratings — all in one transaction, once: the rows' primary key
``(table, seat)`` makes a second writer (another process, a restart catching up) change nothing.
The profile, the NDJSON export and the leaderboard read these rows.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, exists, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from regalia.server.accounts.ratings import Rating
from regalia.server.schema import AccountRow, PlayRow, RatingRow, SeatRow, TableRow
from regalia.server.store import Store


@dataclass(frozen=True)
class FinishedTable:
    """A finished table as its history needs it: the row, its seats, the accounts' names by id
    and the plays written for it."""

    row: TableRow
    seats: list[SeatRow]
    names: dict[int, str]
    plays: dict[int, PlayRow]


def _rating(r: Any) -> Rating:
    return Rating(r["mu"], r["sigma"], r["games"], r["rated_at"])


class History:
    """History and ratings queries over the server's :class:`~regalia.server.store.Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    # ------------------------------------------------------------------ ratings
    def ratings(self, account_ids: Iterable[int], game: str | None = None) -> dict[tuple[int, str], Rating]:
        """The stored ratings of these accounts (of one game, when given): (account, game) → rating."""
        ids = list(account_ids)
        if not ids:
            return {}
        with self.engine.connect() as conn:
            q = select(RatingRow.__table__).where(RatingRow.account_id.in_(ids))
            if game is not None:
                q = q.where(RatingRow.game == game)
            return {(r["account_id"], r["game"]): _rating(r) for r in conn.execute(q).mappings()}

    def board(self, game: str, max_sigma: float, limit: int) -> list[tuple[str, Rating]]:
        """The leaderboard's candidates: accounts rated in ``game`` whose stored ``sigma`` is
        below ``max_sigma`` (time away only raises it), highest ``mu`` first, at most ``limit``."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(AccountRow.name, RatingRow.mu, RatingRow.sigma, RatingRow.games, RatingRow.rated_at)
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(RatingRow.game == game, RatingRow.sigma < max_sigma)
                .order_by(RatingRow.mu.desc(), AccountRow.name_key)
                .limit(limit)
            ).mappings()
            return [(r["name"], _rating(r)) for r in rows]

    # ------------------------------------------------------------------ finishing a table
    def finish(self, table_id: str, plays: list[dict[str, Any]], ratings: list[dict[str, Any]]) -> bool:
        """Write a finished table's plays and new ratings in one transaction.

        Args:
            plays: ``regalia_plays`` rows (every account seat of the table).
            ratings: ``regalia_ratings`` rows to insert or replace (a rated table's accounts).

        Returns:
            ``False`` when the table's plays were written already (nothing changed).
        """
        try:
            with self.engine.begin() as conn:
                if plays:
                    conn.execute(insert(PlayRow), plays)
                for r in ratings:
                    key = (RatingRow.account_id == r["account_id"], RatingRow.game == r["game"])
                    values = {k: v for k, v in r.items() if k not in ("account_id", "game")}
                    if conn.execute(update(RatingRow).where(*key).values(**values)).rowcount == 0:
                        conn.execute(insert(RatingRow).values(**r))
        except IntegrityError:
            return False
        return True

    def unwritten(self, limit: int = 100) -> list[str]:
        """Finished tables with a seat bound to an account but no plays written (a process
        stopped between the end and its history): the catch-up's work."""
        with self.engine.connect() as conn:
            bound = exists().where(SeatRow.table_id == TableRow.id, SeatRow.account_id.is_not(None))
            written = exists().where(PlayRow.table_id == TableRow.id)
            rows = conn.execute(select(TableRow.id).where(TableRow.status == "over", bound, ~written).limit(limit))
            return [r[0] for r in rows]

    # ------------------------------------------------------------------ reading history
    def play_keys(
        self,
        account_id: int,
        *,
        game: str | None,
        since: float | None,
        until: float | None,
        before: tuple[float, str] | None,
        limit: int,
        private: bool = False,
    ) -> list[tuple[float, str]]:
        """The account's finished tables, newest first, as ``(finished_at, table)``: of ``game``,
        finished in ``[since, until]`` (seconds), strictly before ``before`` (a page's last key),
        at most ``limit``; private tables only with ``private`` (their ids are their invitees'
        secret: only the account itself sees them in its history)."""
        with self.engine.connect() as conn:
            q = select(PlayRow.finished_at, PlayRow.table_id).where(PlayRow.account_id == account_id)
            if not private:
                q = q.join(TableRow, TableRow.id == PlayRow.table_id).where(TableRow.private.is_(False))
            if game is not None:
                q = q.where(PlayRow.game == game)
            if since is not None:
                q = q.where(PlayRow.finished_at >= since)
            if until is not None:
                q = q.where(PlayRow.finished_at <= until)
            if before is not None:
                at, tid = before
                q = q.where(or_(PlayRow.finished_at < at, and_(PlayRow.finished_at == at, PlayRow.table_id < tid)))
            q = q.order_by(PlayRow.finished_at.desc(), PlayRow.table_id.desc()).limit(limit)
            return [(float(at), str(tid)) for at, tid in conn.execute(q)]

    def tables(self, table_ids: list[str]) -> dict[str, FinishedTable]:
        """The finished tables ``table_ids`` with their seats, their accounts' names and plays."""
        if not table_ids:
            return {}
        with self.engine.connect() as conn:
            found = conn.execute(select(TableRow.__table__).where(TableRow.id.in_(table_ids))).mappings()
            rows = {r["id"]: TableRow(**r) for r in found}
            seats: dict[str, list[SeatRow]] = {t: [] for t in rows}
            for s in conn.execute(
                select(SeatRow.__table__).where(SeatRow.table_id.in_(table_ids)).order_by(SeatRow.seat)
            ).mappings():
                seats[s["table_id"]].append(SeatRow(**s))
            plays: dict[str, dict[int, PlayRow]] = {t: {} for t in rows}
            for p in conn.execute(select(PlayRow.__table__).where(PlayRow.table_id.in_(table_ids))).mappings():
                plays[p["table_id"]][p["seat"]] = PlayRow(**p)
            ids = {s.account_id for ss in seats.values() for s in ss if s.account_id is not None}
            names = (
                {
                    int(i): str(n)
                    for i, n in conn.execute(select(AccountRow.id, AccountRow.name).where(AccountRow.id.in_(ids)))
                }
                if ids
                else {}
            )
            return {t: FinishedTable(rows[t], seats[t], names, plays[t]) for t in rows}

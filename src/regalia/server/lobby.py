"""The lobby: creating and joining tables, starting them, listing them, records and replays (the
games' catalogue is :mod:`regalia.server.catalogue`).

Every request is checked field by field; a refusal is a :class:`LobbyError` naming the field.
"""

from __future__ import annotations

import time
from typing import Any

from regalia.bots import make_bot
from regalia.core import Game, make, seat_name
from regalia.server.api_models import (
    CreatedTable,
    CreateTable,
    Joined,
    JoinTable,
    Replay,
    ReplayStep,
    Turn,
)
from regalia.server.catalogue import default_bot, over_budget
from regalia.server.frames import chat_out, event_out, table_info
from regalia.server.live import LiveTable, TableUnavailable
from regalia.server.master import Master, TableNotFound
from regalia.server.protocol import TableInfo
from regalia.server.store import Store
from regalia.server.table_requests import (
    RATED_NEEDS_ACCOUNT,
    TURN_BASED_NEEDS_ACCOUNT,
    LobbyError,
    Person,
    check_options,
    check_rated,
    checked_seed,
    clean_text,
    game_and_players,
)
from regalia.server.tokens import hash_token, invite_matches, new_invite, new_secret, new_table_id, new_token


class Lobby:
    """The lobby's operations on top of the table master."""

    def __init__(self, master: Master, store: Store) -> None:
        self.master = master
        self.store = store
        self.settings = master.settings

    def _name(self, value: str | None, seat: int) -> str:
        if value is None:
            return seat_name(seat)
        name = clean_text(value, "name", self.settings.max_name_chars).replace("\n", " ")
        return name or seat_name(seat)

    # ------------------------------------------------------------------ create
    async def create(self, req: CreateTable, account: Person = None) -> CreatedTable:
        """Create a table; the creator takes the first person's seat (bound to ``account``, the
        signed-in ``(id, name)``, when given).

        Raises:
            LobbyError: a field is wrong (unknown game or bot, players out of range, an option
                that does not exist or may not be set online, a bad seed, seats that do not
                match the player count); a rated table that cannot be one (:func:`check_rated`).
        """
        game, players = game_and_players(req)
        check_options(game, req.options)
        kinds = self._seat_kinds(req, game, players)
        standin = self._check_bot(req.standin, game, "standin") if req.standin else default_bot(game.name)
        if req.rated:
            check_rated(req, game, players, kinds, standin, account)
        seed = checked_seed(req, game, players)
        humans = [i for i, (k, _) in enumerate(kinds) if k == "human"]
        host = humans[0] if humans else None
        turn_seconds, days = self._clock(req)
        if req.mode == "turn-based" and account is None and humans:
            raise LobbyError(403, "mode", TURN_BASED_NEEDS_ACCOUNT)
        response = req.response_seconds if req.response_seconds is not None else self.settings.response_seconds
        table_name = clean_text(req.table_name or "", "table_name", 80).replace("\n", " ")
        now = time.time()
        table_id, invite, token = new_table_id(), new_invite(), new_token() if host is not None else None
        status = "running" if len(humans) <= 1 else "waiting"
        row: dict[str, Any] = {
            "id": table_id,
            "game": game.name,
            "players": players,
            "seed": str(seed),
            "options": dict(req.options),
            "rules_version": game.rules_version,
            "name": table_name,
            "created_at": now,
            "updated_at": now,
            "status": status,
            "private": req.private,
            "spectators": req.spectators,
            "invite": invite,
            "secret": new_secret(),
            "host_seat": host,
            "turn_seconds": turn_seconds,
            "on_timeout": req.on_timeout,
            "mode": req.mode,
            "days_per_move": days,
            "response_seconds": float(response),
            "fair_windows": req.fair_windows,
            "standin": standin,
            "step": 0,
            "public_step": 0,
            "released_step": 0,
            "shown_at": now if status == "running" else None,
            "period": None,
            "period_no": 0,
            "to_act": 0,
            "deadline": None,
            "deadline_step": None,
            "due_at": now if status == "running" else None,
            "bot_step": None,
            "bot_until": None,
            "result": None,
            "undos": 0,
            "rated": req.rated,
        }
        seat_rows = self._seat_rows(req, table_id, kinds, host, token, now)
        if host is not None and account is not None:
            seat_rows[host].update(account_id=account[0], name=account[1])
        await self.store.run(self.store.create_table, row, seat_rows)
        if status == "running":
            await self.master.started(table_id)
        return CreatedTable(table=table_id, invite=invite, seat=host, token=token)

    def _clock(self, req: CreateTable) -> tuple[int | None, int | None]:
        """The table's move clock — ``turn_seconds``, and for a turn-based table its
        ``days_per_move`` (3 unless given) as the seconds of that many of the server's days.

        Raises:
            LobbyError: (422) a field that does not fit the mode: ``days_per_move`` or ``forfeit``
                at a live table, ``turn_seconds`` or ``fair_windows: false`` at a turn-based one
                (its hidden windows are answered by standing orders, SRV-3)."""
        if req.mode == "live":
            if req.days_per_move is not None:
                raise LobbyError(422, "days_per_move", "only a turn-based table has days per move (mode)")
            if req.on_timeout == "forfeit":
                raise LobbyError(422, "on_timeout", "forfeit is for turn-based tables (mode); use standin or takeover")
            return req.turn_seconds, None
        if req.turn_seconds is not None:
            raise LobbyError(422, "turn_seconds", "a turn-based table's clock is days_per_move, not turn_seconds")
        if not req.fair_windows:
            raise LobbyError(
                422,
                "fair_windows",
                "a turn-based table always keeps its response windows hidden: each person's standing orders "
                "answer them (ruling SRV-3)",
            )
        days = req.days_per_move if req.days_per_move is not None else 3
        return max(1, round(days * self.settings.day_seconds)), days

    def _seat_kinds(self, req: CreateTable, game: Game, players: int) -> list[tuple[str, str | None]]:
        """Each seat's kind, ``("human", None)`` or ``("bot", name)``: ``req.seats``, or by default
        a person and the game's default bot in every other seat.

        Raises:
            LobbyError: ``seats`` does not match the player count, or a seat is neither
                ``human`` nor ``bot:<name>`` of a bot the game has."""
        seats = req.seats if req.seats is not None else ["human"] + [f"bot:{default_bot(game.name)}"] * (players - 1)
        if len(seats) != players:
            raise LobbyError(422, "seats", f"{len(seats)} seats for {players} players")
        kinds: list[tuple[str, str | None]] = []
        for i, spec in enumerate(seats):
            if spec == "human":
                kinds.append(("human", None))
            elif spec.startswith("bot:"):
                kinds.append(("bot", self._check_bot(spec[4:], game, f"seats[{i}]")))
            else:
                raise LobbyError(422, f"seats[{i}]", f"expected 'human' or 'bot:<name>', got {spec[:40]!r}")
        return kinds

    def _seat_rows(
        self,
        req: CreateTable,
        table_id: str,
        kinds: list[tuple[str, str | None]],
        host: int | None,
        token: str | None,
        now: float,
    ) -> list[dict[str, Any]]:
        """The new table's seat rows: the host's seat named, holding the hash of its token and
        seen now; the bots' seats played by their bot; every other seat open."""
        seat_rows: list[dict[str, Any]] = []
        for i, (kind, bot) in enumerate(kinds):
            is_host = i == host
            seat_rows.append(
                {
                    "table_id": table_id,
                    "seat": i,
                    "kind": kind,
                    "bot": bot,
                    "name": self._name(req.name, i) if is_host else (bot or "") if kind == "bot" else "",
                    "token_hash": hash_token(token) if is_host and token else None,
                    "controller": "bot" if kind == "bot" else ("human" if is_host else "open"),
                    "online": False,
                    "seen_at": now if is_host else None,
                    "account_id": None,
                }
            )
        return seat_rows

    def _check_bot(self, spec: str, game: Game, field: str) -> str:
        try:
            bot = make_bot(spec, game.name)
        except ValueError as exc:
            raise LobbyError(422, field, str(exc).split(": ", 1)[-1]) from None
        refused = over_budget(spec, bot, self.settings)
        if refused is not None:
            raise LobbyError(422, field, refused)
        return spec

    # ------------------------------------------------------------------ join and start
    async def _live(self, table_id: str) -> LiveTable:
        try:
            return await self.master.get(table_id)
        except TableNotFound:
            raise LobbyError(404, "table", f"no table {table_id[:40]!r}") from None
        except TableUnavailable as exc:
            raise LobbyError(409, "table", str(exc)) from None

    async def join(self, table_id: str, req: JoinTable, account: Person = None) -> Joined:
        """Take an open person's seat (the first, or the one asked for) with a new token, bound
        to ``account`` (the signed-in ``(id, name)``) when given.

        Raises:
            LobbyError: no such table (404), a wrong invite code for a private table (403), a
                rated or turn-based table and no account, or one already seated at a rated table
                (403 / 409), the seat
                is not open or none is (409), the game is over (409).
        """
        live = await self._live(table_id)
        row = live.row
        if row.private and not invite_matches(req.invite, row.invite):
            raise LobbyError(403, "invite", "this table is private: the invite code is missing or wrong")
        if row.status == "over":
            raise LobbyError(409, "table", "the game is over")
        if row.rated and account is None:
            raise LobbyError(403, "rated", RATED_NEEDS_ACCOUNT)
        if row.mode == "turn-based" and account is None:
            raise LobbyError(403, "mode", TURN_BASED_NEEDS_ACCOUNT)
        if row.rated and account is not None and any(s.account_id == account[0] for s in live.seats):
            raise LobbyError(409, "seat", "you already sit at this rated table: one seat a player")
        open_seats = [s.seat for s in live.seats if s.kind == "human" and s.token_hash is None]
        if req.seat is not None:
            if not 0 <= req.seat < row.players:
                raise LobbyError(422, "seat", f"{req.seat} is not a seat of this {row.players}-player table")
            if req.seat not in open_seats:
                raise LobbyError(409, "seat", f"{seat_name(req.seat)} is not open")
            seat = req.seat
        elif open_seats:
            seat = open_seats[0]
        else:
            raise LobbyError(409, "seat", "every seat is taken")
        name = self._name(req.name, seat)
        token = new_token()
        now = time.time()
        fields: dict[str, Any] = {"token_hash": hash_token(token), "name": name, "seen_at": now, "online": False}
        if account is not None:
            fields.update(account_id=account[0], name=account[1])
        ok = await self.master.set_controller(table_id, seat, "human", fields=fields, only_if=live.controller(seat))
        if not ok:
            raise LobbyError(409, "seat", f"{seat_name(seat)} was just taken")
        live = await self._live(table_id)
        if live.row.status == "waiting" and not any(s.kind == "human" and s.token_hash is None for s in live.seats):
            await self.start(table_id, None)
        return Joined(seat=seat, token=token)

    async def start(self, table_id: str, by_seat: int | None) -> None:
        """Start a waiting table; the stand-in bot plays the seats nobody has taken (until
        someone joins). ``by_seat`` must be the host when given.

        Raises:
            LobbyError: not the host (403), or the table is not waiting (409).
        """
        live = await self._live(table_id)
        if by_seat is not None and by_seat != live.row.host_seat:
            raise LobbyError(403, "seat", "only the host (the table's creator) may start it")
        if live.row.status != "waiting":
            raise LobbyError(409, "table", "the table has already started")
        if live.row.rated and any(s.kind == "human" and s.token_hash is None for s in live.seats):
            raise LobbyError(
                409, "table", "a rated table starts when every person's seat is taken (a bot may not stand in for one)"
            )
        await self.master.start(table_id)

    # ------------------------------------------------------------------ reading
    async def info(self, table_id: str, invite: str | None = None, person: Person = None) -> TableInfo:
        """A table's public description; a private table's only with its invite code (its
        names and table name are for the people it was given to), or for ``person`` (signed in)
        an account that sits at it (their turns list links the table without the code).

        Raises:
            LobbyError: no such table (404); a private table without the right invite (403,
                as ``join``, ``record``, ``replay`` and the socket answer: the id of a private
                table is a secret of its invitees already, so a 404 would hide nothing more,
                and a person who opened a link without its invite is told why).
        """
        found = await self.store.run(self.store.table, table_id)
        if found is None:
            raise LobbyError(404, "table", f"no table {table_id[:40]!r}")
        row, seats = found
        _check_private(row.private, row.invite, [s.account_id for s in seats], invite, person)
        return table_info(row, seats)

    async def turns(self, account_id: int) -> list[Turn]:
        """The tables where the account has a decision now (see ``Store.turns_of``)."""
        found = await self.store.run(lambda: self.store.turns_of(account_id))
        return [
            Turn(
                table=row.id,
                game=row.game,
                name=row.name,
                mode=row.mode,  # type: ignore[arg-type]
                days_per_move=row.days_per_move,
                seat=seat,
                deadline=row.deadline if row.deadline_step == row.step else None,
                private=row.private,
            )
            for row, seat in found
        ]

    async def listing(self, *, include_over: bool, game: str | None) -> list[TableInfo]:
        """Public tables, newest first."""
        rows = await self.store.run(
            lambda: self.store.list_tables(include_over=include_over, game=game, limit=self.settings.max_public_tables)
        )
        return [table_info(r, s) for r, s in rows]

    def _check_reader(self, live: LiveTable, invite: str | None, person: Person) -> None:
        accounts = [live.seat_row(i).account_id for i in range(live.row.players)]
        _check_private(live.row.private, live.row.invite, accounts, invite, person)

    async def record(self, table_id: str, invite: str | None, person: Person = None) -> dict[str, Any]:
        """The game record (the format ``regalia replay`` reads), the chat as table talk; only
        once the game is over (a record names every card played). A private table's needs its
        invite code, or ``person`` (signed in) an account that sat at it.

        Raises:
            LobbyError: no such table (404), private without the invite (403), not over (409).
        """
        live = await self._live(table_id)
        self._check_reader(live, invite, person)
        if live.row.status != "over":
            raise LobbyError(409, "table", "the record is given once the game is over (it shows every hand)")
        chat = await self.store.run(self.store.chat, table_id)
        record = live.state.record()
        record["table_talk"] = [{"after_move": c.after_move, "seat": c.seat, "text": c.text} for c in chat]
        return record

    async def replay(self, table_id: str, seat: int | None, invite: str | None, person: Person = None) -> Replay:
        """The table step by step (one step per public move) as ``seat`` saw it, or as a
        spectator (``None``). A seat's replay only after the end; a spectator's only where the
        table allows spectators (or after the end), and up to what everyone has been shown. A
        private table's needs its invite code, or ``person`` (signed in) an account that sat at it.

        Raises:
            LobbyError: no such table (404), private without the invite (403), a seat's replay
                of a running table or a spectator's of a table without spectators (409), not a
                seat (422).
        """
        live = await self._live(table_id)
        self._check_reader(live, invite, person)
        row = live.row
        over = row.status == "over"
        if seat is not None:
            if not 0 <= seat < row.players:
                raise LobbyError(422, "seat", f"{seat} is not a seat of this {row.players}-player table")
            if not over:
                raise LobbyError(409, "seat", "a seat's replay is given once the game is over")
        elif not over and not row.spectators:
            raise LobbyError(409, "table", "this table allows no spectators")
        chat = await self.store.run(self.store.chat, table_id)
        last = live.step if over else live.released_step
        ends = [s - 1 for s in live.public_at[1:] if s <= last] + [last]
        state = make(row.game, players=row.players, seed=int(row.seed), **dict(row.options))
        steps: list[ReplayStep] = []
        done = 0
        for public, end in enumerate(ends):
            events = []
            for m in live.moves[done:end]:
                for e in state.events_for(state.apply(m.action), seat):
                    events.append(event_out(e))
            said = [c for c in chat if (done < c.after_move <= end) or (public == 0 and c.after_move == 0)]
            view = state.view(seat)
            steps.append(
                ReplayStep(
                    step=public,
                    view=view,
                    prompt=str(view.get("prompt", "")),
                    events=events,
                    chat=[chat_out(live, c) for c in said],
                )
            )
            done = end
        return Replay(table=table_id, seat=seat, status=live.status(), steps=steps)


def _check_private(private: bool, code: str, accounts: list[int | None], invite: str | None, person: Person) -> None:
    """A private table is read with its invite code, or by an account that sits (or sat) at it:
    its turns list and its history link the table without the code.

    Raises:
        LobbyError: (403 ``invite``) neither, in the same words whether or not the code was given.
    """
    if not private or invite_matches(invite, code):
        return
    if person is not None and person[0] in accounts:
        return
    raise LobbyError(403, "invite", "this table is private: the invite code is missing or wrong")

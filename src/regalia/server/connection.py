"""One table socket: ``hello``, then moves, chat and seat changes; frames out after every change.

Every incoming message is checked in this order: its size (``max_message_bytes``; the socket is
closed), text not binary, the per-connection rate limit, JSON, then the pydantic model of its
``type``. Each refusal is an ``error`` message naming the field; after ``max_refusals`` refusals
the socket is closed. Outgoing messages go through an :class:`~regalia.server.outbox.Outbox`
read by one writer task, so a slow client never holds up the table: it gets the newest state
(an unsent older frame is replaced, the new one carrying every event since the last frame
written), and a client whose other waiting messages pass ``send_queue_bytes`` is closed (4429).
A client that said ``deltas: true`` in its ``hello`` is written a large frame as an RFC 6902
patch of the last frame written to it (:mod:`regalia.server.deltas`), its first frame whole.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from pydantic import BaseModel
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from regalia.core import get_game
from regalia.core.state import MAX_ACTION_TEXT
from regalia.server.deltas import EncodedFrame
from regalia.server.frames import Cursor, chat_out, frame_for, response_for, seat_info, table_info
from regalia.server.live import LiveTable, TableUnavailable
from regalia.server.lobby import Lobby, LobbyError, clean_text
from regalia.server.master import Master, TableNotFound
from regalia.server.outbox import Outbox, Outgoing
from regalia.server.periods import REVEALING
from regalia.server.protocol import (
    Accepted,
    Act,
    ChatIn,
    ChatOut,
    Error,
    Hello,
    Hint,
    HintOut,
    Leave,
    Limits,
    Ping,
    Pong,
    Prefs,
    PrefsIn,
    Reclaim,
    Refused,
    Seats,
    Start,
    Sync,
    Undo,
    Wait,
    Welcome,
)
from regalia.server.reading import (
    CLOSE_BAD_TOKEN,
    CLOSE_NO_TABLE,
    CLOSE_POLICY,
    CLOSE_SLOW,
    CLOSE_TIMEOUT,
    Closing,
    MessageReader,
)
from regalia.server.sockets import Hub
from regalia.server.tokens import find_seat, invite_matches


class Connection:
    """One websocket at one table."""

    def __init__(
        self, ws: WebSocket, table_id: str, master: Master, lobby: Lobby, hub: Hub, account_id: int | None = None
    ) -> None:
        self.ws = ws
        self.account_id = account_id
        """The account the socket's session cookie signs in (``None``: none): a ``hello`` with
        ``session: true`` takes the seat bound to it."""
        self.table_id = table_id
        self.master = master
        self.lobby = lobby
        self.hub = hub
        self.settings = master.settings
        self.seat: int | None = None
        self.game = ""
        """The table's game (known once the hello is answered)."""
        self.cursor = Cursor()
        self.outbox = Outbox(self.settings.send_queue_bytes)
        self.synced_at = -float("inf")
        self.hinting: asyncio.Task[None] | None = None
        self.reader = MessageReader(ws, self.settings, self.send)
        self.closed = False
        self.deltas = False
        """Whether the client applies ``delta`` messages (its ``hello`` said so)."""
        self.written: EncodedFrame | None = None
        """The last ``state`` frame written to the socket: the base of the next delta."""

    # ------------------------------------------------------------------ sending
    def send(self, message: BaseModel) -> None:
        """Queue a message (the writer task sends it); a ``seats`` message replaces an unsent
        older one; waiting messages over ``send_queue_bytes`` close the socket (4429)."""
        if self.closed:
            return
        kind = str(getattr(message, "type", ""))
        if not self.outbox.put(Outgoing(message.model_dump_json(), kind)):
            self.closed = True

    def push_state(self, live: LiveTable, *, full: bool = False, shared: dict[Any, Any] | None = None) -> None:
        """Queue what changed for this socket: the response period (SRV-2), then this socket's
        frame of ``live`` if it changed. A frame still waiting to be written is replaced by one
        built from the last frame written — carrying every event since then, ``full`` if either
        was — so a slow reader never misses an event and never gets a backlog.

        Args:
            shared: frames already built for this change of the table, by audience: a
                spectator whose cursor equals another spectator's gets the same encoded frame
                (built and encoded once); a seat's frame is its own.
        """
        if self.closed:
            return
        response = response_for(live, self.cursor)
        if response is not None:
            self.send(response)
        waiting = self.outbox.waiting("state")
        saved = self.cursor.copy()
        if waiting is not None:
            self.cursor.step, self.cursor.key = waiting.since, ""
            full = full or waiting.full
        since = self.cursor.step
        before = (since, self.cursor.generation, full, self.cursor.key)
        if shared is not None and self.seat is None:
            for seen, cursor, built in shared.get(None, ()):
                if seen == before:  # another spectator was sent the same: the same frame now
                    if built is None:
                        self.cursor = saved
                        return
                    self.cursor = cursor.copy()
                    again = Outgoing(
                        built.text, "state", since=since, full=built.full, frame=built.frame, size=built.size
                    )
                    if not self.outbox.put(again):
                        self.closed = True
                    return
        frame = frame_for(live, self.seat, self.cursor, full=full)
        item: Outgoing | None = None
        if frame is not None:
            encoded = EncodedFrame.of(frame)
            item = Outgoing(encoded.text, "state", since=since, full=encoded.full, frame=encoded, size=encoded.size)
        if shared is not None and self.seat is None:
            shared.setdefault(None, []).append((before, self.cursor.copy(), item))
        if item is None:
            self.cursor = saved
            return
        if not self.outbox.put(item):
            self.closed = True

    def push_seats(self, live: LiveTable) -> None:
        self.send(Seats(status=live.status(), seats=[seat_info(s) for s in live.seats]))  # type: ignore[arg-type]

    async def _writer(self) -> None:
        while True:
            item = await self.outbox.get()
            if item is None:
                await self._close(CLOSE_SLOW, "too many messages waiting: the connection is too slow")
                return
            frame = item.frame
            if frame is None:
                await self.ws.send_text(item.text)
                continue
            if self.deltas:
                text = frame.message_after(self.written)
                self.written = frame
            else:
                text = frame.text
            await self.ws.send_text(text)

    async def _close(self, code: int, reason: str = "") -> None:
        self.closed = True
        if self.ws.application_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await self.ws.close(code=code, reason=reason[:120])

    # ------------------------------------------------------------------ receiving
    # ------------------------------------------------------------------ the session
    async def run(self) -> None:
        """Serve the socket until the client leaves or is closed."""
        await self.ws.accept()
        writer = asyncio.create_task(self._writer())
        try:
            try:
                live = await self._hello()
                self.push_state(live, full=self.cursor.step < 0)
                self.hub.add(self)
                if self.seat is not None:
                    await self.master.arrive(self.table_id, self.seat)
                while not self.closed:
                    message = await self.reader.receive()
                    if message is not None:
                        await self._handle(message)
            except Closing as exc:
                self.send(exc.error)
                await self._drain()
                await self._close(exc.code, exc.error.reason)
        except WebSocketDisconnect:
            pass
        finally:
            self.closed = True
            self.hub.remove(self)
            for task in (writer, self.hinting):
                if task is not None:
                    task.cancel()
                    with contextlib.suppress(BaseException):
                        await task
            if self.seat is not None:
                self.master.depart(self.table_id, self.seat)

    async def _drain(self) -> None:
        for _ in range(50):
            if not len(self.outbox):
                return
            await asyncio.sleep(0.01)

    async def _hello(self) -> LiveTable:
        try:
            message = await asyncio.wait_for(self._receive_hello(), timeout=self.settings.hello_seconds)
        except TimeoutError:
            raise Closing(
                CLOSE_TIMEOUT, Error(code="timeout", field=None, reason='no hello: send {"type": "hello", …} first')
            ) from None
        try:
            live = await self.master.get(self.table_id)
        except TableNotFound:
            raise Closing(CLOSE_NO_TABLE, Error(code="no_table", field="table", reason="no such table")) from None
        except TableUnavailable as exc:
            raise Closing(CLOSE_NO_TABLE, Error(code="unavailable", field="table", reason=str(exc))) from None
        row = live.row
        self.game = row.game
        if message.token is not None:
            seat = find_seat(message.token, [(s.seat, s.token_hash) for s in live.seats])
            if seat is None:
                raise Closing(
                    CLOSE_BAD_TOKEN, Error(code="bad_token", field="token", reason="this token holds no seat here")
                )
            self.seat = seat
        elif message.session:
            self.seat = self._bound_seat(live)
        else:
            if not message.spectator:
                raise Closing(
                    CLOSE_POLICY,
                    Error(code="invalid", field="token", reason="hello needs a token, or spectator: true"),
                )
            if not row.spectators and row.status != "over":
                raise Closing(
                    CLOSE_POLICY, Error(code="forbidden", field="spectator", reason="this table allows no spectators")
                )
            if row.private and not invite_matches(message.invite, row.invite):
                raise Closing(
                    CLOSE_BAD_TOKEN,
                    Error(
                        code="bad_invite",
                        field="invite",
                        reason="this table is private: the invite code is missing or wrong",
                    ),
                )
        self.deltas = message.deltas
        chat = await self.master.chat_history(self.table_id, 200)
        self.send(
            Welcome(
                table=table_info(row, live.seats, suspended=live.suspended is not None),
                seat=self.seat,
                invite=row.invite if self.seat is not None else None,
                limits=Limits(
                    max_message_bytes=self.settings.max_message_bytes,
                    rate_per_second=self.settings.rate_per_second,
                    rate_burst=self.settings.rate_burst,
                    max_chat_chars=self.settings.max_chat_chars,
                    max_action_chars=MAX_ACTION_TEXT,
                ),
                chat=self._welcome_chat([chat_out(live, c) for c in chat]),
                prefs=self._prefs(live) if self.seat is not None else None,
            )
        )
        if message.step is not None and message.step <= live.public_step:
            # resume: the events after the last frame the client saw (public step n shows the
            # table after the moves that made it; a response period still holds the next ones)
            shown = len(live.shown_state(self.seat).history)
            after = live.public_at[message.step + 1] - 1 if message.step + 1 < len(live.public_at) else live.step
            self.cursor.step = max(min(after, shown), 0)
        return live

    def _bound_seat(self, live: LiveTable) -> int:
        """The seat of ``live`` bound to the socket's signed-in account.

        Raises:
            Closing: (4403) not signed in, or the account holds no seat here.
        """
        if self.account_id is None:
            raise Closing(
                CLOSE_BAD_TOKEN, Error(code="bad_session", field="session", reason="not signed in: sign in first")
            )
        for s in live.seats:
            if s.kind == "human" and s.account_id == self.account_id and s.token_hash is not None:
                return s.seat
        raise Closing(
            CLOSE_BAD_TOKEN, Error(code="bad_session", field="session", reason="your account holds no seat here")
        )

    def _prefs(self, live: LiveTable) -> Prefs:
        assert self.seat is not None
        return Prefs(**(live.seat_row(self.seat).prefs or {}))

    def _welcome_chat(self, chat: list[ChatOut]) -> list[ChatOut]:
        """The newest messages of ``chat`` whose JSON fits in ``welcome_chat_bytes``."""
        room = self.settings.welcome_chat_bytes
        kept: list[ChatOut] = []
        for message in reversed(chat):
            room -= len(message.model_dump_json().encode("utf-8", "surrogatepass")) + 1
            if room < 0:
                break
            kept.append(message)
        return kept[::-1]

    async def _receive_hello(self) -> Hello:
        while True:
            message = await self.reader.receive()
            if message is None:
                continue
            if not isinstance(message, Hello):
                raise Closing(
                    CLOSE_POLICY, Error(code="no_hello", field="type", reason="the first message must be hello")
                )
            return message

    async def _handle(self, message: Any) -> None:
        if isinstance(message, Ping):
            self.send(Pong())
        elif isinstance(message, Hello):
            self.reader.refuse("invalid", "hello was already said on this socket", "type")
        elif isinstance(message, Sync):
            now = time.monotonic()
            if now - self.synced_at < self.settings.sync_seconds:
                self.reader.refuse(
                    "rate_limited",
                    f"sync at most once every {self.settings.sync_seconds:g} s (sync_seconds); this one was dropped",
                    "type",
                )
                return
            self.synced_at = now
            self.cursor = Cursor()
            self.push_state(await self.master.get(self.table_id), full=True)
        elif self.seat is None:
            self.reader.refuse("forbidden", f"a spectator cannot send {message.type}", "type")
        elif isinstance(message, Act):
            await self._act(message)
        elif isinstance(message, Wait):
            out = await self.master.wait(self.table_id, self.seat)
            if not out.accepted:
                self.send(Refused(step=out.step, reason=out.reason, rule=out.rule, action="wait"))
        elif isinstance(message, PrefsIn):
            await self._set_prefs(message)
        elif isinstance(message, ChatIn):
            await self._chat(message)
        elif isinstance(message, Leave):
            if (why := await self.master.leave(self.table_id, self.seat)) is not None:
                self.reader.refuse("invalid", why)
        elif isinstance(message, Reclaim):
            if (why := await self.master.reclaim(self.table_id, self.seat)) is not None:
                self.reader.refuse("invalid", why)
        elif isinstance(message, Hint):
            if self.hinting is not None and not self.hinting.done():
                self.reader.refuse("invalid", "a hint is already being worked out for you; it comes next", "type")
            else:  # in its own task: the socket goes on reading (a leave, a move, its closing) meanwhile
                self.hinting = asyncio.create_task(self._hint(self.seat))
        elif isinstance(message, Undo):
            out = await self.master.undo(self.table_id, self.seat)
            if not out.accepted:
                self.reader.refuse("invalid", out.reason, "type")
        elif isinstance(message, Start):
            try:
                await self.lobby.start(self.table_id, self.seat)
            except LobbyError as exc:
                self.reader.refuse("invalid", exc.reason, exc.field)

    async def _hint(self, seat: int) -> None:
        """Answer ``hint`` (run as a task of its own, one at a time per socket)."""
        answer = await self.master.hint(self.table_id, seat)
        if isinstance(answer, tuple):
            action, label, bot, step = answer
            self.send(HintOut(step=step, action=action, label=label, bot=bot))
            return
        try:
            self.reader.refuse("invalid", answer.reason, "type")
        except Closing as exc:
            self.send(exc.error)
            await self._drain()
            await self._close(exc.code, exc.error.reason)

    async def _act(self, message: Act) -> None:
        """A move — or ``continue``, ending this seat's stage of a response period in which the
        rules ask it nothing (SRV-2): acknowledged once committed, or refused with the reason
        (on an out-of-date frame, the current one is sent again)."""
        assert self.seat is not None
        out = await self.master.act(
            self.table_id,
            self.seat,
            message.action,
            step=message.step,
            decision=message.decision,
            on_commit=lambda o: self.send(Accepted(step=o.step, action=o.action or str(message.action))),
        )
        if out.accepted:
            return
        shown = message.action if isinstance(message.action, str) else str(message.action)
        self.send(Refused(step=out.step, reason=out.reason, rule=out.rule, action=shown[:MAX_ACTION_TEXT]))
        if out.stale:
            self.cursor.key = ""  # resend the current frame
            self.push_state(await self.master.get(self.table_id))

    async def _set_prefs(self, message: PrefsIn) -> None:
        """Store the person's preferences; one that would tell others something is taken only
        when the client says the person understood that (SRV-2)."""
        assert self.seat is not None
        if message.responses in REVEALING and not message.understood:
            self.reader.refuse(
                "invalid",
                "prefs: 'holding' lets the table move on at once when you cannot respond, which tells everyone "
                "that you hold nothing to respond with; send it again with understood: true to choose it",
                "understood",
            )
            return
        if message.orders:
            kinds = get_game(self.game).response_windows
            unknown = sorted(set(message.orders) - set(kinds))
            if unknown:
                known = ", ".join(kinds) or "none: this game has no hidden response windows"
                self.reader.refuse(
                    "invalid",
                    f"prefs: orders: {unknown[0][:40]!r} is not a kind of window of this game (known: {known})",
                    f"orders.{unknown[0][:40]}",
                )
                return
        pairs = (("responses", message.responses), ("forced", message.forced), ("orders", message.orders))
        change = {k: v for k, v in pairs if v is not None}
        prefs = await self.master.prefs(self.table_id, self.seat, change)
        self.send(Prefs(**prefs))
        self.push_state(await self.master.get(self.table_id))  # a forced decision: offered, or played for them

    async def _chat(self, message: ChatIn) -> None:
        assert self.seat is not None
        try:
            text = clean_text(message.text, "text", self.settings.max_chat_chars)
        except LobbyError as exc:
            self.reader.refuse("invalid", f"chat: {exc.reason}", "text")
            return
        if not text:
            self.reader.refuse("invalid", "chat: the message is empty", "text")
            return
        if await self.master.chat(self.table_id, self.seat, text) is None:
            self.reader.refuse(
                "rate_limited",
                f"chat: at most {self.settings.chat_per_minute} messages a minute from one seat (chat_per_minute); "
                "this one was dropped",
                "text",
            )

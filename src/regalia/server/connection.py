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
import json
import time
from typing import Any

from pydantic import BaseModel, ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from regalia.core.state import MAX_ACTION_TEXT
from regalia.server.deltas import EncodedFrame
from regalia.server.frames import Cursor, frame_for, response_for, seat_info, table_info
from regalia.server.live import LiveTable, TableUnavailable
from regalia.server.lobby import Lobby, LobbyError, clean_text
from regalia.server.master import Master, TableNotFound
from regalia.server.outbox import Outbox, Outgoing
from regalia.server.periods import CONTINUE, REVEALING
from regalia.server.protocol import (
    CLIENT_TYPES,
    Accepted,
    Act,
    ChatIn,
    ChatOut,
    DuplicateKeyError,
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
    client_message,
    loads_strict,
)
from regalia.server.sockets import Hub
from regalia.server.tokens import find_seat, invite_matches

CLOSE_POLICY = 1008
CLOSE_TOO_BIG = 1009
CLOSE_BAD_TOKEN = 4403
CLOSE_NO_TABLE = 4404
CLOSE_TIMEOUT = 4408
CLOSE_SLOW = 4429


class Closing(Exception):
    """Close the socket with ``code`` after sending ``error``."""

    def __init__(self, code: int, error: Error) -> None:
        super().__init__(error.reason)
        self.code = code
        self.error = error


def _field_of(exc: ValidationError) -> tuple[str | None, str]:
    err = exc.errors()[0]
    loc = ".".join(str(x) for x in err.get("loc", ()) if x not in CLIENT_TYPES)
    msg = str(err.get("msg", "invalid"))
    if err.get("type") == "extra_forbidden":
        msg = "unknown field"
    return loc or None, msg


class Connection:
    """One websocket at one table."""

    def __init__(self, ws: WebSocket, table_id: str, master: Master, lobby: Lobby, hub: Hub) -> None:
        self.ws = ws
        self.table_id = table_id
        self.master = master
        self.lobby = lobby
        self.hub = hub
        self.settings = master.settings
        self.seat: int | None = None
        self.cursor = Cursor()
        self.outbox = Outbox(self.settings.send_queue_bytes)
        self.synced_at = -float("inf")
        self.hinting: asyncio.Task[None] | None = None
        self.tokens = float(self.settings.rate_burst)
        self.filled_at = time.monotonic()
        self.refusals = 0
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
    def _rate_ok(self) -> bool:
        now = time.monotonic()
        self.tokens = min(
            float(self.settings.rate_burst), self.tokens + (now - self.filled_at) * self.settings.rate_per_second
        )
        self.filled_at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    def _refuse(self, code: str, reason: str, field: str | None = None) -> None:
        self.refusals += 1
        if self.refusals > self.settings.max_refusals:
            raise Closing(CLOSE_POLICY, Error(code="too_many_refusals", field=None, reason="too many refused messages"))
        self.send(Error(code=code, field=field, reason=reason))

    async def _receive(self) -> Any | None:
        """The next message as a validated model, or ``None`` after a refusal (already answered).

        Raises:
            WebSocketDisconnect: the client went away.
            Closing: a message too big to read.
        """
        msg = await self.ws.receive()
        if msg["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(msg.get("code", 1000))
        raw = msg.get("text")
        if raw is None:
            size = len(msg.get("bytes") or b"")
            if size > self.settings.max_message_bytes:
                raise Closing(CLOSE_TOO_BIG, self._too_big(size))
            self._refuse("binary", "binary messages are not read: send JSON text")
            return None
        size = len(raw.encode("utf-8", "surrogatepass"))
        if size > self.settings.max_message_bytes:
            raise Closing(CLOSE_TOO_BIG, self._too_big(size))
        if not self._rate_ok():
            self._refuse(
                "rate_limited",
                f"too many messages: at most {self.settings.rate_burst} at once and "
                f"{self.settings.rate_per_second:g} a second; this one was dropped",
            )
            return None
        try:
            data = loads_strict(raw)
        except DuplicateKeyError as exc:
            self._refuse("invalid", f"{exc}: send each field once", exc.key)
            return None
        except json.JSONDecodeError as exc:
            self._refuse("malformed", f"not JSON ({exc.msg} at character {exc.pos})")
            return None
        except RecursionError:
            self._refuse("malformed", "not JSON this server reads (nested too deeply)")
            return None
        if not isinstance(data, dict):
            self._refuse("malformed", "expected a JSON object with a type")
            return None
        kind = data.get("type")
        if kind not in CLIENT_TYPES:
            shown = kind[:40] if isinstance(kind, str) else json.dumps(kind)[:40]
            self._refuse("unknown_type", f"unknown message type {shown}; known: {', '.join(CLIENT_TYPES)}", "type")
            return None
        try:
            return client_message.validate_python(data)
        except ValidationError as exc:
            field, reason = _field_of(exc)
            self._refuse("invalid", f"{kind}: {field or 'message'}: {reason}", field)
            return None

    def _too_big(self, size: int) -> Error:
        return Error(
            code="too_big",
            field=None,
            reason=f"a message is at most {self.settings.max_message_bytes} bytes, this one has {size}",
        )

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
                    await self.master.touch([(self.table_id, self.seat)])
                    seat_row = live.seat_row(self.seat)
                    if seat_row.controller == "bot" and seat_row.kind == "human" and live.row.status == "running":
                        await self.master.set_controller(self.table_id, self.seat, "human", only_if="bot")
                    else:
                        await self.master._after_change(await self.master.get(self.table_id), seats=True)
                while not self.closed:
                    message = await self._receive()
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
            if self.seat is not None and not self.master.closed:
                self.master.spawn(self._gone())

    async def _drain(self) -> None:
        for _ in range(50):
            if not len(self.outbox):
                return
            await asyncio.sleep(0.01)

    async def _gone(self) -> None:
        """The seat's socket closed: mark it offline unless another socket of this process holds it."""
        if self.seat is None or any(s.seat == self.seat for s in self.hub.sockets(self.table_id)):
            return
        with contextlib.suppress(TableNotFound, TableUnavailable):
            await self.master.seat_gone(self.table_id, self.seat)

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
        if message.token is not None:
            seat = find_seat(message.token, [(s.seat, s.token_hash) for s in live.seats])
            if seat is None:
                raise Closing(
                    CLOSE_BAD_TOKEN, Error(code="bad_token", field="token", reason="this token holds no seat here")
                )
            self.seat = seat
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
        chat = await self.master.store.run(lambda: self.master.store.chat(self.table_id, limit=200))
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
                chat=self._welcome_chat([Lobby.chat_out(live, c) for c in chat]),
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
            message = await self._receive()
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
            self._refuse("invalid", "hello was already said on this socket", "type")
        elif isinstance(message, Sync):
            now = time.monotonic()
            if now - self.synced_at < self.settings.sync_seconds:
                self._refuse(
                    "rate_limited",
                    f"sync at most once every {self.settings.sync_seconds:g} s (sync_seconds); this one was dropped",
                    "type",
                )
                return
            self.synced_at = now
            self.cursor = Cursor()
            self.push_state(await self.master.get(self.table_id), full=True)
        elif self.seat is None:
            self._refuse("forbidden", f"a spectator cannot send {message.type}", "type")
        elif isinstance(message, Act):
            if message.action == CONTINUE:
                await self._continue(message)
            else:
                await self._act(message)
        elif isinstance(message, Wait):
            out = await self.master.respond(self.table_id, self.seat, "wait")
            if not out.accepted:
                self.send(Refused(step=out.step, reason=out.reason, rule=out.rule, action="wait"))
        elif isinstance(message, PrefsIn):
            await self._set_prefs(message)
        elif isinstance(message, ChatIn):
            await self._chat(message)
        elif isinstance(message, Leave):
            if not await self.master.set_controller(self.table_id, self.seat, "bot", only_if="human"):
                self._refuse("invalid", "the stand-in bot already plays your seat")
        elif isinstance(message, Reclaim):
            if not await self.master.set_controller(self.table_id, self.seat, "human", only_if="bot"):
                self._refuse("invalid", "you already play your seat")
        elif isinstance(message, Hint):
            if self.hinting is not None and not self.hinting.done():
                self._refuse("invalid", "a hint is already being worked out for you; it comes next", "type")
            else:  # in its own task: the socket goes on reading (a leave, a move, its closing) meanwhile
                self.hinting = asyncio.create_task(self._hint(self.seat))
        elif isinstance(message, Undo):
            out = await self.master.undo(self.table_id, self.seat)
            if not out.accepted:
                self._refuse("invalid", out.reason, "type")
        elif isinstance(message, Start):
            try:
                await self.lobby.start(self.table_id, self.seat)
            except LobbyError as exc:
                self._refuse("invalid", exc.reason, exc.field)

    async def _hint(self, seat: int) -> None:
        """Answer ``hint`` (run as a task of its own, one at a time per socket)."""
        answer = await self.master.hint(self.table_id, seat)
        if isinstance(answer, tuple):
            live = await self.master.get(self.table_id, refresh=False)
            self.send(HintOut(step=live.public_step, action=answer[0], label=answer[1], bot=answer[2]))
            return
        try:
            self._refuse("invalid", answer.reason, "type")
        except Closing as exc:
            self.send(exc.error)
            await self._drain()
            await self._close(exc.code, exc.error.reason)

    async def _act(self, message: Act) -> None:
        assert self.seat is not None
        out = await self.master.submit(
            self.table_id,
            self.seat,
            message.action,
            step=message.step,
            decision=message.decision,
            on_commit=lambda o: self.send(Accepted(step=o.step, action=o.action or "")),
        )
        if out.accepted:
            return
        shown = message.action if isinstance(message.action, str) else str(message.action)
        self.send(Refused(step=out.step, reason=out.reason, rule=out.rule, action=shown[:MAX_ACTION_TEXT]))
        if out.stale:
            self.cursor.key = ""  # resend the current frame
            self.push_state(await self.master.get(self.table_id))

    async def _continue(self, message: Act) -> None:
        """``continue``: end your stage in a response period in which the rules ask you nothing (SRV-2)."""
        assert self.seat is not None
        out = await self.master.respond(
            self.table_id,
            self.seat,
            CONTINUE,
            step=message.step,
            decision=message.decision,
            on_done=lambda o: self.send(Accepted(step=o.step, action=CONTINUE)),
        )
        if out.accepted:
            return
        self.send(Refused(step=out.step, reason=out.reason, rule=out.rule, action=CONTINUE))
        if out.stale:
            self.cursor.key = ""
            self.push_state(await self.master.get(self.table_id))

    async def _set_prefs(self, message: PrefsIn) -> None:
        """Store the person's preferences; one that would tell others something is taken only
        when the client says the person understood that (SRV-2)."""
        assert self.seat is not None
        if message.responses in REVEALING and not message.understood:
            self._refuse(
                "invalid",
                "prefs: 'holding' lets the table move on at once when you cannot respond, which tells everyone "
                "that you hold nothing to respond with; send it again with understood: true to choose it",
                "understood",
            )
            return
        change = {k: v for k, v in (("responses", message.responses), ("forced", message.forced)) if v is not None}
        prefs = await self.master.set_prefs(self.table_id, self.seat, change)
        self.send(Prefs(**prefs))
        self.push_state(await self.master.get(self.table_id))  # a forced decision: offered, or played for them

    async def _chat(self, message: ChatIn) -> None:
        assert self.seat is not None
        try:
            text = clean_text(message.text, "text", self.settings.max_chat_chars)
        except LobbyError as exc:
            self._refuse("invalid", f"chat: {exc.reason}", "text")
            return
        if not text:
            self._refuse("invalid", "chat: the message is empty", "text")
            return
        seat, per_minute = self.seat, self.settings.chat_per_minute
        chat = await self.master.store.run(
            lambda: self.master.store.add_chat(self.table_id, seat, text, time.time(), per_minute=per_minute)
        )
        if chat is None:
            self._refuse(
                "rate_limited",
                f"chat: at most {per_minute} messages a minute from one seat (chat_per_minute); this one was dropped",
                "text",
            )
            return
        live = await self.master.get(self.table_id, refresh=False)
        self.hub.broadcast(self.table_id, Lobby.chat_out(live, chat))

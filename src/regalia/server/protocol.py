"""The table websocket's messages both ways as pydantic models (``docs/server.md`` lists them
with examples), and strict JSON reading (no key twice). The HTTP API's bodies are
:mod:`regalia.server.api_models`.

Client messages are validated strictly (no extra fields, no type coercion: ``"step": "3"`` is
refused) and told apart by their ``type``.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

PROTOCOL_VERSION = 1


class DuplicateKeyError(ValueError):
    """A JSON object names the same key twice (``key``): refused, as which value was meant is
    not known (HTTP: 422; websocket: ``error`` ``invalid``)."""

    def __init__(self, key: str) -> None:
        super().__init__(f"duplicate key {key[:40]!r}")
        self.key = key


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DuplicateKeyError(key)
        out[key] = value
    return out


def loads_strict(text: str | bytes) -> Any:
    """``json.loads`` that refuses an object with a duplicate key, at any depth.

    Raises:
        DuplicateKeyError: naming the key.
        json.JSONDecodeError: not JSON.
        RecursionError: nested too deeply.
    """
    return json.loads(text, object_pairs_hook=_unique_keys)


class Strict(BaseModel):
    """A request body or client message: no unknown field, no type coercion."""

    model_config = ConfigDict(extra="forbid", strict=True)


# ---------------------------------------------------------------------------- client → server (websocket)
StandingOrder = Literal["pass", "bot"]
"""A person's standing order for one kind of hidden response window at a turn-based table (ruling
SRV-3): ``pass`` lets every such window go; ``bot`` has the game's heuristic player answer it
from what the person's seat knows (the default)."""


class Hello(Strict):
    """The first message on a table's socket: a seat's token, ``session: true`` (the seat bound
    to the account the socket's session cookie signs in), or ``spectator: true`` (with the
    invite code for a private table). ``step``: the last public step the client saw, to receive
    only the events since then. ``deltas``: the client applies ``delta`` messages (RFC 6902
    patches of its last frame, :mod:`regalia.server.deltas`); without it every frame is whole."""

    type: Literal["hello"]
    token: str | None = Field(default=None, min_length=1, max_length=128)
    session: bool = False
    spectator: bool = False
    invite: str | None = Field(default=None, max_length=64)
    step: int | None = Field(default=None, ge=0)
    deltas: bool = False


class Act(Strict):
    """A move: the action's text (or its integer id), the ``step`` of the frame it answers and,
    recommended, that frame's ``decision`` id."""

    type: Literal["act"]
    step: int = Field(ge=0)
    action: str | int
    decision: str | None = Field(default=None, max_length=32)


class ChatIn(Strict):
    """A chat message to the table (text only; kept in the record as table talk)."""

    type: Literal["chat"]
    text: str


class Leave(Strict):
    """Hand the seat to the table's stand-in bot (until ``reclaim`` or the next ``hello``)."""

    type: Literal["leave"]


class Reclaim(Strict):
    """Take the seat back from the stand-in bot."""

    type: Literal["reclaim"]


class Start(Strict):
    """The host starts a waiting table: the stand-in bot plays the seats nobody took yet."""

    type: Literal["start"]


class Hint(Strict):
    """Ask what the game's strongest quick bot would play for you now (at a table where you are
    the only person; the bot sees only your seat's information set)."""

    type: Literal["hint"]


class Undo(Strict):
    """Go back to your previous decision, where the game allows it (one-person games,
    ``State.undo_allowed``); counted in the record and the result as an undo."""

    type: Literal["undo"]


class Sync(Strict):
    """Ask for the whole state again (the full event log included)."""

    type: Literal["sync"]


class Ping(Strict):
    """Keep-alive; answered with ``pong``."""

    type: Literal["ping"]


class Wait(Strict):
    """More time, please: lengthens your stage in a response period to the table's
    ``response_seconds`` (with the ``quick`` preference; SRV-2)."""

    type: Literal["wait"]


class PrefsIn(Strict):
    """Your preferences at this table (seats only), answered with ``prefs``.

    ``responses``: how you are asked in response windows (SRV-2) — ``ask`` (every turn you may
    have, with the table's ``response_seconds``; reveals nothing), ``quick`` (a short turn you
    may lengthen with ``wait``; reveals nothing), ``never`` (always pass at once; reveals
    nothing), ``holding`` (only when you can really respond: the table then moves on at once
    when you cannot, which **tells everyone** that you hold nothing — refused unless
    ``understood`` is true). ``forced``: your only legal choice is played for you when taking
    it tells nobody anything. ``orders``: at a turn-based table, your standing order for each kind
    of hidden response window the game has (``GET /api/games``' ``response_windows``; ruling
    SRV-3), merged into those you set before."""

    type: Literal["prefs"]
    responses: Literal["ask", "quick", "never", "holding"] | None = None
    forced: bool | None = None
    orders: dict[str, StandingOrder] | None = Field(default=None, max_length=32)
    understood: bool = False


AnyClientMessage = Hello | Act | ChatIn | Leave | Reclaim | Start | Hint | Undo | Sync | Ping | Wait | PrefsIn
ClientMessage = Annotated[AnyClientMessage, Field(discriminator="type")]
CLIENT_TYPES = (
    "hello",
    "act",
    "chat",
    "leave",
    "reclaim",
    "start",
    "hint",
    "undo",
    "sync",
    "ping",
    "wait",
    "prefs",
)
client_message: TypeAdapter[AnyClientMessage] = TypeAdapter(ClientMessage)


# ---------------------------------------------------------------------------- server → client (websocket)
class Alike(BaseModel):
    """An action interchangeable with a shown choice (a twin card): its text, label, integer
    id and click keys."""

    text: str
    label: str
    id: int
    keys: list[list[str]]


class Choice(BaseModel):
    """One legal action as shown: canonical text, label, integer id, heading, the clicks that
    make it on a table (``keys``: steps of keys clicked in any order, ``State.choice_keys``) and
    the actions interchangeable with it (``alike``)."""

    text: str
    label: str
    id: int
    group: str
    keys: list[list[str]]
    alike: list[Alike]


class EventOut(BaseModel):
    """An event this seat may see: its kind, text in words, acting seat, data for programs, and
    whether it was shown only to some seats."""

    kind: str
    text: str
    seat: int | None
    data: dict[str, Any]
    private: bool


class Clock(BaseModel):
    """The move clock of the decision shown: whose it is, when it runs out (seconds since the
    epoch, server time) and the table's ``turn_seconds``; ``now`` is the server's time when
    the frame was made."""

    seat: int | None
    deadline: float | None
    turn_seconds: int | None
    now: float


class SeatInfo(BaseModel):
    """A seat as everyone sees it."""

    seat: int
    name: str
    kind: Literal["human", "bot"]
    bot: str | None
    controller: Literal["open", "human", "bot"]
    online: bool
    account: bool = False
    """Whether the seat is bound to an account (its ``name`` is the account's: ``/@/<name>``)."""


class StateFrame(BaseModel):
    """What one seat (or a spectator) is shown of a table, sent after every change it can see.

    ``step`` is the public step (the one to echo in ``act``); ``decision`` is the id of the
    decision this seat must answer, else ``None``; ``legal`` is empty unless this seat decides
    now and plays its seat itself. ``events`` are the events since the previous frame on this
    socket (``full``: since the start — replace the log). ``frame`` is the frame's id (a hash
    of the rest of it), the ``base`` a ``delta`` names; it is added when the frame is encoded
    (:class:`regalia.server.deltas.EncodedFrame`)."""

    type: Literal["state"] = "state"
    table: str
    seat: int | None
    step: int
    decision: str | None
    status: Literal["waiting", "running", "over", "suspended"]
    controller: Literal["open", "human", "bot"] | None
    view: dict[str, Any]
    prompt: str
    legal: list[Choice]
    events: list[EventOut]
    full: bool
    clock: Clock | None
    result: dict[str, Any] | None
    frame: str | None = None


class Delta(BaseModel):
    """A ``state`` frame as an RFC 6902 patch of the last frame this socket was sent (only to a
    client whose ``hello`` said ``deltas: true``; :mod:`regalia.server.deltas`).

    ``patch`` turns the document of frame ``base`` (that frame without ``type``, ``events``,
    ``full`` and ``frame``) into this frame's; ``events`` are this frame's events (``full`` is
    false: a full frame is never a delta). A client whose last frame is not ``base`` sends
    ``sync`` and gets the whole frame."""

    type: Literal["delta"] = "delta"
    table: str
    base: str
    frame: str
    patch: list[dict[str, Any]]
    events: list[EventOut]


class TableInfo(BaseModel):
    """A table's public description (lobby listings and the socket's ``welcome``)."""

    table: str
    game: str
    title: str
    players: int
    name: str
    rated: bool = False
    """Whether the game updates its accounts' ratings (issue 36)."""
    status: Literal["waiting", "running", "over", "suspended"]
    private: bool
    spectators: bool
    options: dict[str, Any]
    rules_version: str
    seats: list[SeatInfo]
    open_seats: list[int]
    host_seat: int | None
    turn_seconds: int | None
    on_timeout: Literal["standin", "takeover", "forfeit"]
    mode: Literal["live", "turn-based"]
    """``live`` (everyone at the table at once) or ``turn-based`` (``days_per_move`` days a decision)."""
    days_per_move: int | None
    deadline: float | None
    """When the decision everyone sees now must be made (seconds since the epoch; ``None``
    without a move clock, or while a response period runs); ``deadline_seat`` is whose it is."""
    deadline_seat: int | None
    response_seconds: float
    fair_windows: bool
    standin: str
    step: int
    created_at: float
    finished_at: float | None
    """When a finished table ended (seconds since the epoch); ``None`` before: a running table's
    last change is not shown, since a hidden answer changes it too (SRV-2)."""
    result: dict[str, Any] | None


class Limits(BaseModel):
    """The limits a client must keep to."""

    max_message_bytes: int
    rate_per_second: float
    rate_burst: int
    max_chat_chars: int
    max_action_chars: int


class Prefs(BaseModel):
    """A seat's preferences at its table (see :class:`PrefsIn`)."""

    type: Literal["prefs"] = "prefs"
    responses: Literal["ask", "quick", "never", "holding"] = "ask"
    forced: bool = True
    orders: dict[str, StandingOrder] = Field(default_factory=dict)


class Response(BaseModel):
    """The response period of ruling SRV-2, the same for every socket of the table: ``open``
    while the table waits for responses to the last public move; ``seat`` is the person being
    asked now (``None`` between their turns) until ``deadline`` (server time, seconds since the
    epoch; ``now`` is the server's time when sent)."""

    type: Literal["response"] = "response"
    open: bool
    seat: int | None
    deadline: float | None
    now: float


class Welcome(BaseModel):
    """The answer to ``hello``: the table, this socket's seat (``None``: spectator), the limits,
    and a seat's preferences."""

    type: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL_VERSION
    table: TableInfo
    seat: int | None
    invite: str | None
    limits: Limits
    chat: list[ChatOut]
    prefs: Prefs | None = None


class Accepted(BaseModel):
    """This socket's move was committed: ``step`` is the public step after it."""

    type: Literal["accepted"] = "accepted"
    step: int
    action: str


class Refused(BaseModel):
    """This socket's move was refused and nothing changed: why, the rule or ruling, the current step."""

    type: Literal["refused"] = "refused"
    step: int
    reason: str
    rule: str | None
    action: str | None


class ChatOut(BaseModel):
    """A chat message as shown to the table."""

    type: Literal["chat"] = "chat"
    id: int
    seat: int | None
    name: str
    text: str
    at: float


class Seats(BaseModel):
    """The seats changed (someone joined, left, reclaimed, connected or went away)."""

    type: Literal["seats"] = "seats"
    status: Literal["waiting", "running", "over", "suspended"]
    seats: list[SeatInfo]


class Error(BaseModel):
    """A message that could not be taken: a machine ``code``, the ``field`` at fault and why."""

    type: Literal["error"] = "error"
    code: str
    field: str | None
    reason: str


class HintOut(BaseModel):
    """The answer to ``hint``: the action the bot would play (text and label) and the bot."""

    type: Literal["hint"] = "hint"
    step: int
    action: str
    label: str
    bot: str


class Pong(BaseModel):
    type: Literal["pong"] = "pong"


Welcome.model_rebuild()

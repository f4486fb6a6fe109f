"""The HTTP API's request and answer bodies as pydantic models (``docs/server.md``, "The HTTP
API"): creating, joining, listing and replaying tables, and the games' catalogue. Requests are
validated strictly (:class:`~regalia.server.protocol.Strict`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from regalia.server.protocol import ChatOut, EventOut, Strict, TableInfo


class CreateTable(Strict):
    """``POST /api/tables``. ``seats``: one entry per seat, ``"human"`` or ``"bot:<spec>"``
    (default: the first seat human, the others the game's strongest standard bot). ``mode``
    ``turn-based`` gives each person ``days_per_move`` days a decision (3 unless given; 1, 2, 3,
    5, 7 or 14) instead of ``turn_seconds``; ``on_timeout`` ``forfeit`` (turn-based only) makes a
    person whose deadline passes forfeit: the stand-in plays their seat to the end and they rank last."""

    game: str = Field(max_length=64)
    players: int | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[str] | None = Field(default=None, max_length=16)
    seed: int | None = None
    private: bool = False
    spectators: bool = True
    turn_seconds: int | None = Field(default=None, ge=10, le=7 * 86400)
    on_timeout: Literal["standin", "takeover", "forfeit"] = "standin"
    mode: Literal["live", "turn-based"] = "live"
    days_per_move: Literal[1, 2, 3, 5, 7, 14] | None = None
    response_seconds: float | None = Field(default=None, ge=5, le=120)
    fair_windows: bool = True
    standin: str | None = Field(default=None, max_length=64)
    name: str | None = Field(default=None, max_length=200)
    table_name: str | None = Field(default=None, max_length=200)
    rated: bool = False


class CreatedTable(BaseModel):
    """The new table, its invite code, and the creator's seat and token (``None`` when every
    seat is a bot)."""

    table: str
    invite: str
    seat: int | None
    token: str | None


class JoinTable(Strict):
    """``POST /api/tables/{id}/join``: a seat (default: the first open one), the invite code
    (private tables), the player's name."""

    seat: int | None = None
    invite: str | None = Field(default=None, max_length=64)
    name: str | None = Field(default=None, max_length=200)


class Joined(BaseModel):
    seat: int
    token: str


class BotInfo(BaseModel):
    """A bot a seat may be given: its spec (``bot:<spec>`` in ``seats``) and what it is."""

    spec: str
    label: str


class OptionInfo(BaseModel):
    """A rule option that may be set online: its name, type, default and choices; for people its
    ``label``, ``help`` and the words of each choice (``choice_labels``); its bounds; and its
    ruling with the ruling's words at an online table."""

    name: str
    type: str
    default: Any
    choices: list[Any] | None
    doc: str
    label: str
    help: str
    choice_labels: dict[str, str] | None
    minimum: int | None
    maximum: int | None
    ruling: str | None
    ruling_text: str | None


class GameInfo(BaseModel):
    """A game as the lobby shows it."""

    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    default_players: int
    rules_version: str
    options: list[OptionInfo]
    bots: list[BotInfo]
    default_bot: str
    legend: str
    notation: str
    hidden_responses: bool
    response_windows: dict[str, str]
    """The kinds of hidden response window, each with its words (standing orders, SRV-3)."""
    """Whether the game has hidden response windows (Kingship, Kingdom), which an online table
    asks in response periods (SRV-2)."""
    response_seconds: float
    """The default time a person has to answer a response window (SRV-2)."""
    rules: dict[str, str]
    """The words of every rule id a refusal or an option may name (rulings and rulebook
    sections), as an online table shows them: a refused move's ``rule`` is explained with them."""


class TableList(BaseModel):
    tables: list[TableInfo]


class GameList(BaseModel):
    games: list[GameInfo]
    defaults: dict[str, Any]


class ReplayRequest(Strict):
    """``POST /api/tables/{id}/replay``: the seat to replay as (``None``: a spectator) and the
    invite code of a private table."""

    seat: int | None = None
    invite: str | None = Field(default=None, max_length=64)


class ReplayStep(BaseModel):
    """One public step of a replay as one seat (or a spectator) saw it."""

    step: int
    view: dict[str, Any]
    prompt: str
    events: list[EventOut]
    chat: list[ChatOut]


class Replay(BaseModel):
    """A table step by step as one seat saw it (``GET /api/tables/{id}/replay``)."""

    table: str
    seat: int | None
    status: str
    steps: list[ReplayStep]

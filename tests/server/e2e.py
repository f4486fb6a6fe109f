"""Scripted clients for end-to-end tests against a real ``regalia serve``: people who pick a
random legal choice, spectators, reconnection after the server is killed, and the checks that a
table's frames equal the core's own per-seat outputs and leak no hidden card."""

from __future__ import annotations

import asyncio
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

import regalia
from regalia.core import State, is_public_move
from regalia.server.live import is_hidden_decision


@dataclass
class Endpoint:
    """Where the server is now (a restarted server may move)."""

    base: str
    ws: str


@dataclass
class Client:
    """One socket's life at one table: a seat (with its token) or a spectator."""

    table: str
    seat: int | None
    token: str | None
    rng: random.Random
    frames: list[dict[str, Any]] = field(default_factory=list)
    acked: list[str] = field(default_factory=list)
    chats: list[dict[str, Any]] = field(default_factory=list)
    say: list[str] = field(default_factory=list)
    reconnects: int = 0
    last_step: int | None = None
    stop_after: int | None = None  # acknowledged moves after which to send one more and pause
    paused: asyncio.Event = field(default_factory=asyncio.Event)
    inflight: dict[str, Any] | None = None  # a move sent but not acknowledged when the socket dropped
    resent: list[str] = field(default_factory=list)


async def create_table(ep: Endpoint, body: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Create a table and join its other people's seats; return the creation and the joins."""
    async with httpx.AsyncClient(base_url=ep.base, timeout=30) as http:
        r = await http.post("/api/tables", json=body)
        r.raise_for_status()
        created = r.json()
        joins = []
        humans = [i for i, s in enumerate(body["seats"]) if s == "human"]
        for _ in humans[1:]:
            j = await http.post(f"/api/tables/{created['table']}/join", json={})
            j.raise_for_status()
            joins.append(j.json())
        return created, joins


async def run_client(ep: Endpoint, c: Client, *, timeout: float = 240.0) -> None:
    """Play (a seat) or watch (a spectator) until the game is over, reconnecting whenever the
    socket drops (the server was killed), resuming from the last step seen."""
    await asyncio.wait_for(_run(ep, c), timeout)


async def _run(ep: Endpoint, c: Client) -> None:
    while True:
        try:
            async with connect(f"{ep.ws}/ws/tables/{c.table}", max_size=2**22, open_timeout=10) as ws:
                hello: dict[str, Any] = {"type": "hello"}
                if c.token is not None:
                    hello["token"] = c.token
                else:
                    hello["spectator"] = True
                if c.last_step is not None:
                    hello["step"] = c.last_step
                await ws.send(json.dumps(hello))
                if await _session(ws, c):
                    return
        except (ConnectionClosed, OSError, InvalidHandshake, InvalidStatus, TimeoutError):
            pass
        c.reconnects += 1
        await asyncio.sleep(0.2)


async def _session(ws: Any, c: Client) -> bool:
    """Serve one connection; ``True`` once the game is over."""
    pending: dict[str, Any] | None = None
    async for raw in ws:
        m = json.loads(raw)
        kind = m["type"]
        if kind == "state":
            c.frames.append(m)
            c.last_step = m["step"]
            if m["status"] == "over":
                return True
            if c.inflight is not None:
                # the move sent before the socket dropped, sent again: applied at most once
                pending, c.inflight = c.inflight, None
                c.resent.append(pending["action"])
                await ws.send(json.dumps(pending))
                continue
            if m["legal"] and c.seat is not None and pending is None:
                if c.paused.is_set():
                    continue
                choice = c.rng.choice(m["legal"])["text"]
                pending = {"type": "act", "step": m["step"], "decision": m["decision"], "action": choice}
                await ws.send(json.dumps(pending))
                if c.stop_after is not None and len(c.acked) >= c.stop_after:
                    c.inflight = pending  # in flight when the server is killed
                    c.paused.set()
                if c.say and c.rng.random() < 0.2:
                    await ws.send(json.dumps({"type": "chat", "text": c.say.pop()}))
        elif kind == "accepted":
            assert pending is not None and m["action"] == pending["action"]
            if m["action"] != "continue":  # a turn that asked nothing is not a move (SRV-2)
                c.acked.append(m["action"])
            pending = None
            c.inflight = None
        elif kind == "refused":
            assert pending is not None, m
            # a move sent again after a reconnect answers an old decision: the table moved on,
            # it is not this seat's decision, or a response period runs (SRV-2)
            assert "moved on" in m["reason"] or "not P" in m["reason"] or "waiting for responses" in m["reason"], m
            pending = None
            c.inflight = None
        elif kind == "error":
            if m["code"] == "rate_limited" and pending is not None:
                await asyncio.sleep(0.3)
                await ws.send(json.dumps(pending))
            else:
                raise AssertionError(m)
        elif kind == "chat":
            c.chats.append(m)
        elif kind == "welcome":
            assert m["seat"] == c.seat
    return False


async def fetch_record(ep: Endpoint, table: str) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=ep.base, timeout=30) as http:
        r = await http.get(f"/api/tables/{table}/record")
        r.raise_for_status()
        record: dict[str, Any] = r.json()
        return record


@dataclass
class Reference:
    """The core's own outputs at every move of a replayed record: per seat (and the spectator)
    the view, the legal choices and the events seen so far; the hands; the public step."""

    states_views: list[dict[int | None, dict[str, Any]]]
    legal: list[list[dict[str, Any]]]
    decider: list[int | None]
    hands: list[dict[int, list[str]]]
    public: list[int]
    hidden: list[bool]
    events: dict[int | None, list[tuple[str, str]]]
    seen_at: dict[int | None, list[int]]
    movers: list[int]
    final: State


def reference(record: dict[str, Any]) -> Reference:
    """Replay ``record`` and keep what every seat may see after every move."""
    game = regalia.get_game(record["game"])
    state = regalia.make(game.name, players=record["players"], seed=record["seed"], **record["config"])
    seats: list[int | None] = [*range(state.num_players), None]

    def snap() -> None:
        views.append({s: state.view(s) for s in seats})
        legal.append(state.legal_choices())
        decider.append(state.current_player)
        zones = state.zones()
        hands.append({s: list(zones.get(f"hand:{s}", [])) for s in range(state.num_players)})

    views: list[dict[int | None, dict[str, Any]]] = []
    legal: list[list[dict[str, Any]]] = []
    decider: list[int | None] = []
    hands: list[dict[int, list[str]]] = []
    public = [0]
    hidden_at: list[bool] = []
    movers: list[int] = []
    events: dict[int | None, list[tuple[str, str]]] = {s: [] for s in seats}
    seen_at: dict[int | None, list[int]] = {s: [0] for s in seats}  # events seen after t moves
    snap()
    for text in record["actions"]:
        hidden = is_hidden_decision(state)
        hidden_at.append(hidden)
        mover = state.current_player if state.current_player is not None else -1
        movers.append(mover)
        declined = state.is_decline(state.parse_action(text))
        evs = state.apply(text)
        public.append(public[-1] + (1 if is_public_move(hidden, declined, mover, evs) else 0))
        for s in seats:
            events[s].extend((e.kind, e.text) for e in state.events_for(evs, s))
            seen_at[s].append(len(events[s]))
        snap()
    replayed = regalia.replay(record)
    assert replayed.snapshot() == state.snapshot() | {"table_talk": replayed.snapshot()["table_talk"]}
    hidden_at.append(is_hidden_decision(state))
    return Reference(views, legal, decider, hands, public, hidden_at, events, seen_at, movers, replayed)


def _tokens(card: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![A-Za-z0-9]){re.escape(card)}(?![A-Za-z0-9])")


def check_frames(ref: Reference, c: Client) -> int:
    """Every frame ``c`` received equals the core's view of its seat at some move with the same
    public step; a deciding seat's choices are exactly ``legal_choices()``, anyone else's are
    empty; and no frame holds a card of another seat's hand that the seat's own view does not
    show. Returns the number of frames checked."""
    checked = 0
    for frame in c.frames:
        candidates = [t for t, p in enumerate(ref.public) if p == frame["step"]]
        match = [t for t in candidates if ref.states_views[t][c.seat] == frame["view"]]
        assert match, f"P{c.seat} frame at step {frame['step']} matches no view of that step"
        if [c["text"] for c in frame["legal"]] == ["continue"]:
            # a turn in a response period at which the rules ask this seat nothing (SRV-2): the
            # table as it was before the period's move, with nothing to play but continue
            t = match[-1]
        elif frame["legal"]:
            # a view may repeat unchanged over several moves (Kingdom's KD-X13 shows a seat not
            # asked in a window the table as it was): the frame is one of those moves at which
            # this seat decided with exactly these choices
            deciding = [t for t in match if ref.decider[t] == c.seat and frame["legal"] == ref.legal[t]]
            assert deciding, f"P{c.seat} frame at step {frame['step']} offers choices the core did not"
            t = deciding[-1]
        else:
            # no choices: at one of those moves this seat was not the one deciding (a seat still to
            # be asked in a Kingdom window already sees its question, KD-X13, but has no choice yet)
            idle = [
                t
                for t in match
                if c.seat is None
                or ref.decider[t] != c.seat
                or ref.hidden[t]  # a window this seat answered: its table until the period ends (SRV-2)
                # the table before this seat's own move, shown while the response period it began runs
                or (t < len(ref.movers) and ref.movers[t] == c.seat)
                or frame["status"] != "running"
                or frame["controller"] != "human"
            ]
            assert idle, f"P{c.seat} frame at step {frame['step']} withholds the choices of its decision"
            t = idle[-1]
        # what the core itself tells this seat at that move: its view, its choices, its events
        own = json.dumps(ref.states_views[t][c.seat])
        if ref.decider[t] == c.seat:
            own += json.dumps(ref.legal[t])
        own += json.dumps(ref.events[c.seat][: ref.seen_at[c.seat][t]])
        text = json.dumps(frame)
        for other, cards in ref.hands[t].items():
            if other == c.seat:
                continue
            for card in set(cards):
                if _tokens(card).search(own):
                    continue  # the seat's own view shows that card (elsewhere, or revealed)
                found = _tokens(card).search(text)
                assert not found, (
                    f"P{other}'s hidden {card} in a frame of {c.seat}: …{text[max(found.start() - 300, 0) : found.end() + 80]}"
                )
        checked += 1
    return checked


def check_events(ref: Reference, c: Client) -> None:
    """The events a socket was sent, in order, are the core's ``events_for`` its seat (with the
    server's note on a move it played for the person, ``played_for_you``, only in that seat's log)."""
    got: list[tuple[str, str]] = []
    for frame in c.frames:
        if frame["full"]:
            got = []
        for e in frame["events"]:
            if e["kind"] == "played_for_you":
                assert c.seat is not None and e["seat"] == c.seat, e
                continue
            got.append((e["kind"], e["text"]))
    assert got == ref.events[c.seat]

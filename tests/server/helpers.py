"""Small helpers shared by the in-process server tests."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    """Create a table and return the answer."""
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def until(ws: WebSocketTestSession, kind: str, *, skip: tuple[str, ...] = ("seats", "chat", "pong")) -> dict[str, Any]:
    """The next message of type ``kind``, skipping the kinds in ``skip`` and the response period's
    ``response`` and ``prefs`` messages (others fail the test)."""
    while True:
        m: dict[str, Any] = ws.receive_json()
        if m["type"] == kind:
            return m
        assert m["type"] in skip or m["type"] in ("response", "prefs"), f"expected {kind}, got {m}"


def hello(ws: WebSocketTestSession, **fields: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """Say hello; return the welcome and the first state frame."""
    ws.send_json({"type": "hello", **fields})
    welcome = until(ws, "welcome")
    frame = until(ws, "state")
    return welcome, frame


def decide(ws: WebSocketTestSession, frame: dict[str, Any], *, stages: bool = False) -> dict[str, Any]:
    """Wait until this seat has legal choices (from ``frame`` on); return that frame. A turn in a
    response period that asks nothing (its only choice ``continue``, SRV-2) is answered on the
    way unless ``stages``."""
    while True:
        while not frame["legal"]:
            frame = until(ws, "state")
        if stages or [c["text"] for c in frame["legal"]] != ["continue"]:
            return frame
        m = act(ws, frame, "continue")
        assert m["type"] == "accepted", m
        frame = until(ws, "state")


def act(ws: WebSocketTestSession, frame: dict[str, Any], text: str | None = None) -> dict[str, Any]:
    """Answer ``frame`` with ``text`` (default: its first legal choice); return ``accepted``,
    ``refused`` or ``error`` (a rate-limited message is sent again after a pause)."""
    message = {"type": "act", "step": frame["step"], "decision": frame["decision"]}
    message["action"] = text or frame["legal"][0]["text"]
    for _ in range(50):
        ws.send_json(message)
        while True:
            m: dict[str, Any] = ws.receive_json()
            if m["type"] in ("accepted", "refused", "error"):
                break
        if m.get("code") != "rate_limited":
            return m
        time.sleep(0.2)
    raise AssertionError("rate limited for 10 s")


def play_to_the_end(client: TestClient, table: str, token: str) -> dict[str, Any]:
    """Play one person's seat (its first legal choice each time) until the game is over; return
    the last frame (a rate-limited move is sent again a moment later)."""
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        _, frame = hello(ws, token=token)
        while frame["status"] != "over":
            move = {"type": "act", "step": frame["step"], "decision": frame["decision"]}
            if frame["legal"]:
                ws.send_json({**move, "action": frame["legal"][0]["text"]})
            while (m := ws.receive_json())["type"] != "state":
                if m["type"] == "error" and m["code"] == "rate_limited":
                    time.sleep(0.2)
                    ws.send_json({**move, "action": frame["legal"][0]["text"]})
            frame = m
        return frame

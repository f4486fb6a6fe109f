"""Issue 22: frames are built as plain JSON data (not as pydantic models, which cost a third of a
frame's making), so every frame of whole games is checked here against the protocol's models:
a ``state`` frame is exactly a :class:`~regalia.server.protocol.StateFrame` (validating it and
dumping it again gives the same JSON, so no field is missing, extra or of another type), a
``delta`` a :class:`~regalia.server.protocol.Delta`."""

from __future__ import annotations

from typing import Any

import jsonpatch
import pytest

from regalia.server.deltas import NOT_DOCUMENT
from regalia.server.frames import CONTINUE_CHOICE
from regalia.server.protocol import Choice, Delta, StateFrame

from .conftest import AppFactory
from .helpers import create

MOVES = 400
"""At most this many moves of the person's are played in one game."""


def _check(m: dict[str, Any]) -> None:
    if m["type"] == "state":
        assert StateFrame.model_validate(m, strict=True).model_dump(mode="json") == m
    elif m["type"] == "delta":
        assert Delta.model_validate(m, strict=True).model_dump(mode="json") == m


@pytest.mark.parametrize(
    ("game", "players", "seed"),
    [("kings-blood", 4, 1), ("kings-family", 1, 2), ("kingship", 5, 3), ("blood-and-fortune", 4, 4), ("kingdom", 3, 5)],
)
@pytest.mark.parametrize("deltas", [False, True])
def test_every_frame_of_a_whole_game_is_a_state_frame(
    make_client: AppFactory, game: str, players: int, seed: int, deltas: bool
) -> None:
    """A person at seat 0 with bots elsewhere, a move clock on, plays a whole game: every
    ``state`` frame (with its legal choices, clock, events and, at the end, the result), every
    ``delta`` and every frame rebuilt from a delta validates as its model and dumps back to the
    same JSON."""
    client = make_client(rate_per_second=1000.0, rate_burst=1000)
    seats = ["human"] + ["bot:random"] * (players - 1)
    t = create(client, game=game, players=players, seats=seats, seed=seed, turn_seconds=600)
    seen = {"state": 0, "delta": 0, "legal": 0, "clock": 0}
    answered: set[tuple[int, str]] = set()
    frame: dict[str, Any] = {}
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"], "deltas": deltas})
        while len(answered) < MOVES:
            m = ws.receive_json()
            assert m["type"] != "error", m
            if m["type"] not in ("state", "delta"):
                continue
            _check(m)
            seen[m["type"]] += 1
            if m["type"] == "delta":
                assert m["base"] == frame["frame"]
                document = {k: v for k, v in frame.items() if k not in NOT_DOCUMENT}
                document = jsonpatch.apply_patch(document, m["patch"])
                m = {"type": "state", **document, "events": m["events"], "full": False, "frame": m["frame"]}
                _check(m)
            frame = m
            seen["clock"] += m["clock"] is not None
            if m["status"] == "over":
                assert m["result"] is not None
                break
            if m["legal"] and (m["step"], m["decision"]) not in answered:
                answered.add((m["step"], m["decision"]))
                ws.send_json(
                    {"type": "act", "step": m["step"], "decision": m["decision"], "action": m["legal"][0]["text"]}
                )
    assert frame["status"] == "over", f"the game did not end within {MOVES} of the person's moves"
    assert seen["state"] >= 1 and seen["legal"] + len(answered) >= 1 and seen["clock"] >= 1
    if not deltas:
        assert seen["delta"] == 0
    elif game == "kingship":  # its views are large: most of its frames go as deltas
        assert seen["delta"] > seen["state"]


def test_the_continue_choice_is_a_choice() -> None:
    """The one choice of a response-window turn that asks nothing (SRV-2) is a valid ``Choice``."""
    assert Choice.model_validate(CONTINUE_CHOICE, strict=True).model_dump(mode="json") == CONTINUE_CHOICE

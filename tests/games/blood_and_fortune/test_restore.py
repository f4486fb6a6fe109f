"""Loading saved games (issue 14): records and snapshots written before seats were named ``P2``
in action texts still load, and tampered snapshots of determinized states are refused with the
field named or load into a state that plays on (BF-2: a determinization keeps the seat's view)."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

import regalia
from regalia.core import verify_state
from regalia.games.blood_and_fortune.state import BloodAndFortuneState

from .scenario import GAME

OLD = json.loads((Path(__file__).parent / "data" / "rules_1_0_numeric_seats.json").read_text())
"""A record and a mid-game snapshot saved by regalia when action texts wrote seats as bare
numbers (``offer H5d1 H5d2 to 3``, ``take from 1``, ``special on 2 at 3``, ``target 1``)."""


def test_bf_record_with_numeric_seats_still_replays() -> None:
    record = OLD["record"]
    assert "take from 1" in record["actions"] and "special on 2 at 3" in record["actions"]
    state = regalia.replay(copy.deepcopy(record))
    result = state.result()  # an older record stores the outcome without its words and table
    assert state.is_terminal and result is not None
    assert {k: result[k] for k in record["result"]} == record["result"]
    again = state.record()["actions"]
    assert "take from P1" in again and "special on P2 at 3" in again
    assert len(again) == len(record["actions"])
    assert regalia.replay(state.record()).snapshot() == state.snapshot()


def test_bf_snapshot_with_numeric_seats_still_loads() -> None:
    snap = OLD["snapshot"]
    assert snap["history"][-1] == "offer H6s1 H6d2 to 2"
    state = regalia.from_snapshot(copy.deepcopy(snap))
    assert state.snapshot()["history"][-1] == "offer H6s1 H6d2 to P2"
    assert state.snapshot()["state"] == snap["state"]


def _determinized(players: int, seed: int, steps: int, **options: Any) -> dict[str, Any]:
    state = regalia.make(GAME, players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    snap = state.determinize(1, random.Random(seed)).snapshot()
    return json.loads(json.dumps(snap))  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("houses", [0, 0, 1, 2], "state.houses: two seats have the same house"),
        ("cp", 3, "state.cp: "),
        ("round", 3, "state.round: the game is over exactly after the last round"),
        ("offer", [0], "state.offer: cards are on offer exactly while the recipient keeps one"),
        ("known", "shape", "state.known[0]: "),
        ("klog", "drop", "state.klog: "),
        ("hands", "other house", "state.hands[0]: "),
        ("round_log", [], "state.round_log: "),
        ("peeks", [[{"source": "S2"}], [], [], []], "state.peeks[0][0]: "),
    ],
)
def test_bf_tampered_determinized_snapshot_is_refused_naming_the_field(field: str, value: Any, message: str) -> None:
    snap = _determinized(4, 3, 55, roles=True, special_actions=True)
    body = snap["state"]
    assert body["phase"] == 2 and body["round"] == 1  # an Offer turn of round 2
    if value == "shape":
        body["known"][0] = body["known"][0] + [1]
    elif value == "drop":
        body["klog"] = body["klog"][: len(body["klog"]) // 2]
    elif value == "other house":
        house = body["houses"][1]
        body["hands"][0] = [*body["hands"][0][:-1], 5 * house + 4]
    else:
        body[field] = value
    with pytest.raises(ValueError) as info:
        regalia.from_snapshot(snap)
    assert str(info.value).startswith(message)


def test_bf_tampered_determinized_snapshots_refused_or_playable() -> None:
    """Seeded snapshot tampering (the conformance suite's corruptions): every snapshot that loads
    plays on to the end, and each seat's determinization keeps that seat's view."""
    from tests.conformance.test_hardening import _tamper

    rng = random.Random(11)
    loaded = 0
    for i in range(60):
        players = 3 + i % 4
        options = [{}, {"roles": True, "special_actions": True}][i % 2]
        snap = _determinized(players, i, rng.randrange(1, 60), **options)
        data = _tamper(snap, rng)
        try:
            state = regalia.from_snapshot(data)
        except ValueError as exc:
            assert ":" in str(exc)
            continue
        assert isinstance(state, BloodAndFortuneState)
        loaded += 1
        play = random.Random(i)
        step = 0
        while not state.is_terminal:
            if step % 8 == 0:
                for seat in range(players):
                    det = state.determinize(seat, play)
                    assert det.view(seat) == state.view(seat)
            state.apply(play.choice(state.legal_actions()))
            verify_state(state)
            step += 1
    assert loaded > 5


def test_bf_secrecy_envoy_card_is_known_to_its_new_owner() -> None:
    """Rulebook "Secrecy": a player may look at their own player area at any time, so a card that
    R12 Envoy (house rule) moves into P0's area is known to P0 from then on."""
    from regalia.games.blood_and_fortune.cards import ROLES
    from regalia.games.blood_and_fortune.effects import apply_effect

    from .scenario import new, play_round_of_singles

    state = new(3, extra=("R12", "R2", "R3", "R6", "R5", "R4"), roles=True)
    for text in ("place R12", "place R2", "place R3", "take from P1", "take from P2", "take from P0"):
        state.apply(text)
    play_round_of_singles(state, {0: [1, 2, 1], 1: [2, 0, 2], 2: [0, 1, 0]})
    assert state.decision_kind() == "role_target" and state.view(2)["roles"]["resolving"] == "R12"
    newest = state.view(2)["areas"][2][-1]  # given by P1 on its last turn: P0 has not seen it
    assert state.view(0)["areas"][2][-1] == newest[:2] + "?"
    envoy = next(e for e in ROLES if e.id == "R12")
    apply_effect(state, envoy, 2, 0, -1)
    assert state.view(0)["areas"][0][-1] == newest
    assert state.view(1)["areas"][0][-1] == newest  # P1 gave it
    assert state.view(None)["areas"][0][-1] == newest[:2] + "?"
    for seed in range(5):
        det = state.determinize(0, random.Random(seed))
        assert det.view(0) == state.view(0)

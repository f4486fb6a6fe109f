"""Loaded states are validated (issue "Hardening"): a Kingdom snapshot — above all one of a
determinized state, which has no history to replay — loads only if every field has its type and
range and the fields agree; otherwise ``from_snapshot`` raises ``ValueError`` naming the field."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import regalia
from regalia.core import verify_state

from .conftest import Deal, run


def _counter_chain(deal: Deal) -> Any:
    """P0's Assassin on P1's QC, countered by P1's AC; P0 may counter the counter (a hidden run)."""
    st = deal(["QD AD AH KH 2S 3S 4S", "QC AC 9C 2D 3D 4D 5D"], draws="5S 6D 6S 2C")
    run(st, "play QD", "end", "play QC", "pass", "end", "play KH", "pass", "assassin AD using QD", "target QC")
    run(st, "counter AC using QC")
    return st


def _det_snapshot(st: Any, seat: int = 1) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(st.determinize(seat, random.Random(3)).snapshot()))
    return data


def test_a_determinized_snapshot_in_a_hidden_run_round_trips(deal: Deal) -> None:
    st = _counter_chain(deal)
    det = st.determinize(1, random.Random(3))
    data = _det_snapshot(st)
    assert data["state"]["checkpoint"] is not None and len(data["state"]["frozen"]) == 1
    loaded = regalia.from_snapshot(data)
    assert loaded.snapshot() == det.snapshot()
    assert loaded.view(1) == st.view(1) and loaded.legal_actions() == st.legal_actions()
    # the events held back during the chain are delivered when it ends, in the loaded state too
    events = loaded.apply("pass")
    assert [e.kind for e in events if e.visible_to is None][:2] == ["target", "counter"]


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(state: dict[str, Any]) -> None:
        node: Any = state
        keys = path.split(".")
        for k in keys[:-1]:
            node = node[int(k)] if isinstance(node, list) else node[k]
        last = keys[-1]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return change


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (_set("hands.0.0", -1), "state.hands[0]"),
        (_set("hands.0.0", 10**6), "state.hands[0]"),
        (_set("hands.0.0", "AS"), "state.hands[0]"),
        (_set("play.0.0", 0), "state.play[0]"),
        (_set("busy", [5]), "state.busy"),
        (_set("territories.1", 25), "state.territories"),
        (_set("territories.1", -3), "state.territories"),
        (_set("alive.1", False), "state.alive"),
        (_set("active", 7), "state.active"),
        (_set("phase", 9), "state.phase"),
        (_set("turn_no", 0), "state.turn_no"),
        (_set("chain.1.4", 5), "state.chain[1]"),
        (_set("chain.0.0", 7), "state.chain[0]"),
        (_set("counter_q", [0, 0]), "state.counter_q"),
        (_set("targeting", 1), "state.targeting"),
        (_set("known.0.1", [1]), "state.known[0][1]"),
        (_set("checkpoint", None), "state.checkpoint"),
        (_set("frozen", [[9, {}]]), "state"),
        (_set("held.0.seat", 5), "state.held"),
        (_set("held.0", {"kind": "x"}), "state"),
        (_set("cause", [5, 9, 1]), "state.cause"),
        (_set("decks", 2), "state"),
        (_set("decks", 10**9), "state.decks"),
        (_set("window_point", 7), "state.window_point"),
        (_set("suit_change", [[1, 9]]), "state.suit_change"),
        (_set("winners", [0]), "state.winners"),
        (_set("checkpoint.hands.0", []), "state.checkpoint"),
    ],
)
def test_tampered_determinized_snapshots_are_refused_naming_the_field(
    deal: Deal, change: Callable[[dict[str, Any]], None], field: str
) -> None:
    data = _det_snapshot(_counter_chain(deal))
    regalia.from_snapshot(copy.deepcopy(data))  # the untouched snapshot loads
    change(data["state"])
    with pytest.raises(ValueError) as info:
        regalia.from_snapshot(data)
    assert str(info.value).startswith(field), str(info.value)


def test_random_tampering_of_determinized_snapshots_is_refused_or_consistent() -> None:
    """Snapshots of determinized states taken in the middle of games (windows, chains, combats)
    with one field changed at random: each loads into a state that keeps every invariant, or is
    refused with a ``ValueError`` naming ``state`` or a common field."""
    from tests.conformance.test_hardening import _tamper

    rng = random.Random(7)
    refused = loaded = 0
    for seed in range(12):
        st = regalia.make("kingdom", players=3 + seed % 3, seed=seed, max_turns=40)
        play = random.Random(seed)
        for step in range(150):
            if st.is_terminal:
                break
            if step % 25 == 24 or (st.cp is not None and step % 5 == 0):
                snap = st.determinize(step % st.num_players, random.Random(step)).snapshot()
                for _ in range(12):
                    data = _tamper(snap, rng)
                    try:
                        state = regalia.from_snapshot(data)
                    except ValueError as exc:
                        assert str(exc).split(":", 1)[0]
                        refused += 1
                        continue
                    verify_state(state)
                    loaded += 1
            st.apply(play.choice(st.legal_actions()))
    assert refused > 100 and loaded > 0

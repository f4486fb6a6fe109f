"""Loaded states are validated field by field (issue 14, "Loaded states are validated"): a snapshot
of a determinized state has no history to replay, so ``KingshipState._validate_restored`` is what
refuses a tampered one; every refusal is a ``ValueError`` naming the field."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from tests.conformance.test_hardening import _tamper

import regalia
from regalia.core import IllegalActionError, verify_state
from regalia.games.kingship.state import KingshipState

from .helpers import act, scenario


def _determinized_snapshot(seed: int = 3, moves: int = 40) -> dict[str, Any]:
    s = regalia.make("kingship", players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        s.apply(rng.choice(s.legal_actions()))
    snap: dict[str, Any] = json.loads(json.dumps(s.determinize(0, random.Random(1)).snapshot()))
    return snap


def _knight_window_snapshot() -> dict[str, Any]:
    """A determinized snapshot while P1 decides whether to block P0's Witch with a Knight."""
    s = scenario(hands={0: ["9L", "2D"], 1: ["10L", "3L"]}, pile=["9T"])
    act(s, 0, "play 9L")
    act(s, 0, "target P1")
    assert s.pending == ("knight", 1)
    snap: dict[str, Any] = json.loads(json.dumps(s.determinize(2, random.Random(1)).snapshot()))
    return snap


TAMPERINGS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("a title held by a seat that does not exist", lambda b: b["titles"].__setitem__(2, 99), "state.titles[2]"),
    ("a direction of play that is not 1 or -1", lambda b: b.__setitem__("direction", 5), "state.direction"),
    ("a negative count of known deck cards", lambda b: b["knows_top"].__setitem__(0, -3), "state.knows_top[0]"),
    ("a one-shot law in force", lambda b: b.__setitem__("laws", [[0, 0]]), "state.laws[0][0]"),
    ("a catalogue law under laws='pro'", lambda b: b.__setitem__("laws", [[8, 1]]), "state.laws[0][0]"),
    ("two 'exactly' laws", lambda b: b.__setitem__("laws", [[4, 3], [4, 5]]), "state.laws[1]"),
    ("an unknown step in the queue", lambda b: b.__setitem__("q", [["teleport"]]), "state.q[0]"),
    ("a step missing what it reads", lambda b: b.__setitem__("q", [["swap"]]), "state.q[0]"),
    ("a draw of an unknown cause", lambda b: b.__setitem__("q", [["draw", 1, 1, 1, "magic"]]), "state.q[0][4]"),
    ("a flag that is not true or false", lambda b: b.__setitem__("drawn", 5), "state.drawn"),
    ("a winner while the game runs", lambda b: b.__setitem__("winner", 2), "state.winner"),
    ("a Terra Queen in a hand", lambda b: b["hands"][1].__setitem__(35, 1), "state.hands[1][35]"),
    ("a card kind out of range in the deck", lambda b: b["deck"].__setitem__(0, 40), "state.deck[0]"),
    ("a seat's knowledge of its own hand", lambda b: b.__setitem__("known", {"9": {"3": 1}}), "state.known"),
    ("an unknown entry in the play's context", lambda b: b["ctx"].__setitem__("x", 1), "state.ctx"),
    ("the turn's decision of a seat not on turn", lambda b: b.__setitem__("pending", ["main", 3]), "state.pending"),
    ("a decision kind that does not exist", lambda b: b.__setitem__("pending", ["dance", 0]), "state.pending"),
    ("a hidden window shown to everyone", lambda b: b.__setitem__("shown", ["knight", 1]), "state.shown"),
    ("a stall counter beyond a round", lambda b: b.__setitem__("stall", 9), "state.stall"),
]


@pytest.mark.parametrize(("what", "tamper", "field"), TAMPERINGS, ids=[t[0] for t in TAMPERINGS])
def test_a_tampered_determinized_snapshot_is_refused_naming_the_field(
    what: str, tamper: Callable[[dict[str, Any]], None], field: str
) -> None:
    data = _determinized_snapshot()
    assert regalia.from_snapshot(copy.deepcopy(data)).snapshot() == data  # untouched, it loads
    tamper(data["state"])
    with pytest.raises(ValueError) as info:
        regalia.from_snapshot(data)
    assert str(info.value).startswith(field + ":"), str(info.value)


WINDOW_TAMPERINGS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("a Knight window for a seat with no Knight", lambda b: b["hands"][1].__setitem__(27, 0), "state.hands"),
    (
        "a Knight window for a seat that is not the target",
        lambda b: b.__setitem__("pending", ["knight", 3]),
        "state.pending",
    ),
    ("a targeting without its target", lambda b: b["ctx"].pop("target"), "state.ctx"),
    ("a target out of range", lambda b: b["ctx"].__setitem__("target", 7), "state.ctx.target"),
    ("forbidden seats that are not seats", lambda b: b["ctx"].__setitem__("t_forb", [1.5]), "state.ctx.t_forb[0]"),
]


@pytest.mark.parametrize(("what", "tamper", "field"), WINDOW_TAMPERINGS, ids=[t[0] for t in WINDOW_TAMPERINGS])
def test_a_tampered_response_window_is_refused(what: str, tamper: Callable[[dict[str, Any]], None], field: str) -> None:
    data = _knight_window_snapshot()
    assert regalia.from_snapshot(copy.deepcopy(data)).current_player == 1
    tamper(data["state"])
    if field == "state.hands":  # the missing Knight went nowhere: cards are no longer conserved either
        data["state"]["hands"][1][30] += 1
        field = "state.pending"
    with pytest.raises(ValueError) as info:
        regalia.from_snapshot(data)
    assert str(info.value).startswith(field + ":"), str(info.value)


def test_every_state_of_random_games_and_their_determinizations_passes_the_checks() -> None:
    for seed in range(6):
        s = regalia.make(
            "kingship", players=4 + seed % 5, seed=seed, laws=("pro", "catalogue")[seed % 2], max_turns=300
        )
        rng = random.Random(seed)
        step = 0
        while not s.is_terminal:
            if step % 5 == 0:
                for st in (s, s.determinize(step % s.num_players, random.Random(step))):
                    data = json.loads(json.dumps(st.snapshot()))
                    assert regalia.from_snapshot(data).snapshot() == data
            s.apply(rng.choice(s.legal_actions()))
            step += 1


def test_tampered_determinized_snapshots_are_refused_or_play_on_without_failing() -> None:
    """Whatever loads keeps every invariant: legal random play, views and prompts, for 150 moves."""
    rng = random.Random(11)
    loaded = 0
    for seed in range(4):
        data = _determinized_snapshot(seed=20 + seed, moves=30 + 25 * seed)
        for t in range(40):
            try:
                state = regalia.from_snapshot(_tamper(data, rng))
            except ValueError:
                continue
            loaded += 1
            assert isinstance(state, KingshipState)
            play = random.Random(t)
            for step in range(150):
                if state.is_terminal:
                    break
                if step % 25 == 0:
                    verify_state(state)
                    for seat in [*range(state.num_players), None]:
                        json.dumps(state.view(seat))
                    state.legal_choices()
                try:
                    state.apply(play.choice(state.legal_actions()))
                except IllegalActionError as exc:  # pragma: no cover - a legal action refused
                    raise AssertionError(f"a legal action was refused: {exc}") from None
    assert loaded > 10

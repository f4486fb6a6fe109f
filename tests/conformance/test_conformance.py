"""Checks that every registered game keeps the core protocol (docs/architecture.md, "Tests").

For each game and each of its ``test_configurations()``: seeded random playouts to the end with
invariants after every step, record replay, snapshot round trip, clone independence, rejection
of illegal actions with the state unchanged, action text/id round trips, and views unchanged by
determinizing what the viewing seat cannot see.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import regalia
from regalia.core import IllegalActionError, State

PLAYOUTS_TOTAL = 300  # per game, spread over its configurations
MAX_STEPS = 20_000


def _cases() -> list[Any]:
    out = []
    for name in regalia.game_names():
        game = regalia.get_game(name)
        configs = game.test_configurations()
        per = max(1, -(-PLAYOUTS_TOTAL // len(configs)))
        for players, options in configs:
            label = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
            out.append(pytest.param(name, players, options, per, id=f"{name}-{players}p-{label or 'default'}"))
    return out


CASES = _cases()


def _check_zones(state: State) -> None:
    zones = state.zones()
    found: Counter[str] = Counter()
    for cards in zones.values():
        found.update(cards)
    expected = Counter(state.game.all_cards(state.num_players, state.config))
    assert found == expected, f"cards not conserved: extra {found - expected}, missing {expected - found}"


def _check_step(state: State) -> None:
    _check_zones(state)
    if state.is_terminal:
        assert state.current_player is None
        assert state.legal_actions() == []
        assert len(state.returns()) == state.num_players
        return
    seat = state.current_player
    assert seat is not None and 0 <= seat < state.num_players
    legal = state.legal_actions()
    assert legal, "no legal action before the end"
    ids = [state.action_id(a) for a in legal]
    assert len(set(ids)) == len(ids), "two legal actions share an id"
    assert len(set(legal)) == len(legal), "a legal action is listed twice"
    for a, i in zip(legal, ids, strict=True):
        assert 0 <= i < state.num_actions
        assert state.action_from_id(i) == a
        assert state.parse_action(str(a)) == a


@pytest.mark.parametrize(("name", "players", "options", "playouts"), CASES)
def test_random_playouts_keep_invariants(name: str, players: int, options: dict[str, Any], playouts: int) -> None:
    for i in range(playouts):
        seed = 1000 + i
        state = regalia.make(name, players=players, seed=seed, **options)
        rng = random.Random(seed)
        _check_step(state)
        steps = 0
        while not state.is_terminal:
            events = state.apply(rng.choice(state.legal_actions()))
            assert all(e.visible_to is None or e.visible_to <= set(range(players)) for e in events)
            steps += 1
            assert steps < MAX_STEPS, f"seed {seed}: no end after {MAX_STEPS} steps"
            _check_step(state)
        json.dumps(state.record())
        assert state.returns() is not None


def _midgame_states(name: str, players: int, options: dict[str, Any], count: int = 6) -> list[State]:
    states = []
    for i in range(count):
        state = regalia.make(name, players=players, seed=77 + i, **options)
        rng = random.Random(i)
        stop = rng.randrange(0, 120)
        for _ in range(stop):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@pytest.mark.parametrize(("name", "players", "options", "playouts"), CASES)
def test_replay_and_snapshot_roundtrip(name: str, players: int, options: dict[str, Any], playouts: int) -> None:
    for state in _midgame_states(name, players, options):
        record = json.loads(json.dumps(state.record()))
        again = regalia.replay(record)
        assert again.snapshot() == state.snapshot()
        restored = regalia.from_snapshot(json.loads(json.dumps(state.snapshot())))
        assert restored.snapshot() == state.snapshot()
        assert restored.legal_actions() == state.legal_actions()
        if not state.is_terminal:
            # the restored state goes on exactly as the original
            a = state.legal_actions()[0]
            state.apply(a)
            restored.apply(a)
            assert restored.snapshot() == state.snapshot()


@pytest.mark.parametrize(("name", "players", "options", "playouts"), CASES)
def test_clone_is_independent(name: str, players: int, options: dict[str, Any], playouts: int) -> None:
    for state in _midgame_states(name, players, options):
        before = state.snapshot()
        copy = state.clone()
        assert copy.snapshot() == before
        rng = random.Random(5)
        for _ in range(30):
            if copy.is_terminal:
                break
            copy.apply(rng.choice(copy.legal_actions()))
        assert state.snapshot() == before


@pytest.mark.parametrize(("name", "players", "options", "playouts"), CASES)
def test_clone_shares_no_random_generator(name: str, players: int, options: dict[str, Any], playouts: int) -> None:
    """A clone may copy the generator lazily (``State.rng``), but using one state's
    generator never moves another's."""
    state = regalia.make(name, players=players, seed=3, **options)
    before = state.rng.getstate()
    copy = state.clone()
    state.rng.random()
    assert copy.rng.getstate() == before
    copy2 = copy.clone()
    copy.rng.random()
    assert copy2.rng.getstate() == before
    assert copy.rng.getstate() == state.rng.getstate()
    assert copy2.snapshot()["rng"] != copy.snapshot()["rng"]


@pytest.mark.parametrize(("name", "players", "options", "playouts"), CASES)
def test_illegal_actions_rejected_state_unchanged(
    name: str, players: int, options: dict[str, Any], playouts: int
) -> None:
    for state in _midgame_states(name, players, options):
        before = state.snapshot()
        if state.is_terminal:
            with pytest.raises(IllegalActionError):
                state.apply(0)
            continue
        legal_ids = set(state.legal_action_ids())
        rng = random.Random(3)
        candidates = [
            i for i in rng.sample(range(state.num_actions), min(200, state.num_actions)) if i not in legal_ids
        ]
        for i in candidates:
            try:
                action = state.action_from_id(i)
            except IllegalActionError:
                continue
            with pytest.raises(IllegalActionError) as info:
                state.apply(action)
            assert info.value.reason
            with pytest.raises(IllegalActionError):
                state.apply(str(action))
            assert state.snapshot() == before
        for bad in ("", "no such move", "zzz 999", -1, state.num_actions):
            with pytest.raises(IllegalActionError):
                state.apply(bad)
        assert state.snapshot() == before


@pytest.mark.parametrize(("name", "players", "options", "playouts"), CASES)
def test_view_unchanged_by_determinize(name: str, players: int, options: dict[str, Any], playouts: int) -> None:
    for state in _midgame_states(name, players, options, count=8):
        rng = random.Random(11)
        for seat in range(players):
            view = state.view(seat)
            json.dumps(view)
            for _ in range(3):
                det = state.determinize(seat, rng)
                assert det.view(seat) == view
                _check_zones(det)
                assert det.current_player == state.current_player
                if state.current_player == seat:
                    assert det.legal_actions() == state.legal_actions()
        json.dumps(state.view(None))
        assert state.snapshot() == state.clone().snapshot()


@pytest.mark.parametrize(("name", "players", "options", "playouts"), CASES)
def test_bot_summary_unchanged_by_determinize(name: str, players: int, options: dict[str, Any], playouts: int) -> None:
    """``summary(seat)``, what a game's heuristic bot reads instead of the view, holds nothing the
    seat cannot know: every determinization of the seat's information set gives the same one."""
    for state in _midgame_states(name, players, options, count=8):
        rng = random.Random(12)
        for seat in range(players):
            summary = state.summary(seat)
            for _ in range(3):
                assert state.determinize(seat, rng).summary(seat) == summary, f"seat {seat}: summary shows hidden cards"


@pytest.mark.parametrize(("name", "players", "options", "playouts"), CASES)
def test_determinize_depends_only_on_the_view(name: str, players: int, options: dict[str, Any], playouts: int) -> None:
    """Two states that one seat cannot tell apart determinize identically for that seat (same rng).

    So a bot that sees only ``InfoSet`` (view, legal actions, determinizations) cannot make a choice
    that depends on cards hidden from it.
    """
    for state in _midgame_states(name, players, options, count=6):
        for seat in range(players):
            twin = state.determinize(seat, random.Random(99))  # same view, other hidden cards
            a = state.determinize(seat, random.Random(5)).snapshot()
            b = twin.determinize(seat, random.Random(5)).snapshot()
            assert a == b, f"seat {seat}: determinize depends on cards hidden from it"

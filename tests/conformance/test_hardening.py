"""Every game refuses whatever is not a legal action, loads only consistent states, and never
determinizes into a dead position (issue "Hardening"; docs/architecture.md, "The core protocol").

For each game and each of its ``test_configurations()``: malformed inputs of every type thrown at
running and finished states (each refused with ``IllegalActionError``, a short printable message
and the state unchanged); every seat's determinization is alive whenever the true state is, with
the same decider and decision kind; tampered snapshots either load into a state that keeps every
invariant or are refused with a ``ValueError`` naming the field.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import regalia
from regalia.core import IllegalActionError, State, verify_state

from .test_conformance import CASES, _midgame_states


class _Weird:
    """An object whose comparisons and printing misbehave."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparing")

    __hash__ = object.__hash__

    def __str__(self) -> str:
        raise RuntimeError("no printing")


def _foreign_action(name: str) -> Any:
    """A legal action object of another registered game."""
    for other in regalia.game_names():
        if other != name:
            g = regalia.get_game(other)
            return regalia.make(other, players=g.default_players, seed=1).legal_actions()[0]
    return ("not", "an", "action")


def _bent_copies(action: Any) -> list[Any]:
    """Objects of the action's own class with one field pushed out of range."""
    out: list[Any] = []
    if not hasattr(action, "_fields"):
        return out
    for i, value in enumerate(action):
        if isinstance(value, bool) or not isinstance(value, int):
            continue
        for bad in (-1, -(10**6), 10**6, 10**4000):
            fields = list(action)
            fields[i] = bad
            out.append(type(action)(*fields))
    return out


def bad_inputs(state: State) -> list[Any]:
    """Inputs that are not legal actions of ``state``'s game, of every kind."""
    legal = state.legal_actions()
    first = legal[0] if legal else None
    inputs: list[Any] = [
        None,
        True,
        False,
        1.5,
        float("nan"),
        [],
        {},
        set(),
        b"draw",
        bytearray(b"pass"),
        object(),
        _Weird(),
        -1,
        state.num_actions,
        10**5000,
        "",
        "   ",
        "no such move",
        "x" * 100_000,
        "play \x1b[31m\x00\n",
        "²",
        "play ²",
        "attack P" + "9" * 5000,
        "target P" + "9" * 5000,
        "\ud800",
        _foreign_action(state.game.name),
    ]
    if first is not None:
        inputs.append(tuple(first))
        inputs.append(list(first))
        inputs.append(str(first) + "\x00")
        inputs.extend(_bent_copies(first))
    return inputs


def _check_refused(state: State, value: Any) -> None:
    before = state.snapshot()
    with pytest.raises(IllegalActionError) as info:
        state.apply(value)
    message = str(info.value)
    assert len(message) < 500, f"{len(message)}-character refusal for {type(value).__name__}"
    assert message.isprintable(), f"unprintable characters in the refusal of {type(value).__name__}"
    assert info.value.reason
    assert not state.can_apply(value)
    assert state.snapshot() == before, f"{type(value).__name__} changed the state"


@pytest.mark.parametrize(("name", "players", "options", "playouts"), CASES)
def test_apply_refuses_every_malformed_input(name: str, players: int, options: dict[str, Any], playouts: int) -> None:
    for state in _midgame_states(name, players, options, count=4):
        legal = state.legal_actions()
        for value in bad_inputs(state):
            if not state.is_terminal and any(a.__class__ is value.__class__ and a == value for a in legal):
                continue  # a bent copy that happens to be legal
            _check_refused(state, value)
        if not state.is_terminal:
            json.dumps(state.record())
            again = regalia.replay(json.loads(json.dumps(state.record())))
            assert again.snapshot() == state.snapshot()


@pytest.mark.parametrize(("name", "players", "options", "playouts"), CASES)
def test_a_finished_game_refuses_everything_because_it_is_over(
    name: str, players: int, options: dict[str, Any], playouts: int
) -> None:
    state = regalia.make(name, players=players, seed=3, **options)
    rng = random.Random(1)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    last = state.history[-1]
    for value in [*bad_inputs(state), last, str(last), 0, "draw", "pass", "end"]:
        before = state.snapshot()
        with pytest.raises(IllegalActionError) as info:
            state.apply(value)
        assert info.value.reason == "the game is over"
        assert state.snapshot() == before


@pytest.mark.parametrize(("name", "players", "options", "playouts"), CASES)
def test_every_seats_determinization_is_alive(name: str, players: int, options: dict[str, Any], playouts: int) -> None:
    """OpenSpiel's ``resample_from_infostate(player)`` determinizes for any seat, not only the
    decider: the sampled world must have the same decider and decision kind, and a legal action."""
    for i in range(6):
        state = regalia.make(name, players=players, seed=500 + i, **options)
        rng = random.Random(i)
        steps = 0
        while not state.is_terminal and steps < 400:
            if steps % 3 == 0:
                for seat in range(players):
                    det = state.determinize(seat, random.Random(steps * 31 + seat))
                    assert det.current_player == state.current_player
                    assert det.decision_kind() == state.decision_kind()
                    assert det.legal_actions(), f"seat {seat}'s determinization at step {steps} is dead"
            state.apply(rng.choice(state.legal_actions()))
            steps += 1


def _tamper(snap: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One random corruption of a snapshot: a field's value replaced, a list entry changed,
    moved or dropped, a number pushed out of range, or a common field broken."""
    data = copy.deepcopy(snap)
    paths: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                paths.append((node, k))
                walk(v)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                paths.append((node, i))
                walk(v)

    walk(data)
    parent, key = rng.choice(paths)
    value = parent[key]
    choice = rng.randrange(8)
    if choice == 0:
        parent[key] = rng.choice([None, True, -1, 10**6, "x", [], {}, 1.5])
    elif choice == 1 and isinstance(value, int) and not isinstance(value, bool):
        parent[key] = value + rng.choice([-1, 1, -100, 100])
    elif choice == 2 and isinstance(value, list) and value:
        value.pop(rng.randrange(len(value)))
    elif choice == 3 and isinstance(value, list) and value:
        value.append(copy.deepcopy(rng.choice(value)))
    elif choice == 4 and isinstance(parent, dict):
        del parent[key]
    elif choice == 5:
        data["players"] = data["players"] + rng.choice([-1, 1])
    elif choice == 6 and data["history"]:
        data["history"][rng.randrange(len(data["history"]))] = rng.choice(["draw", "pass", 5, None])
    else:
        parent[key] = rng.choice([-5, 0, 99, "", None])
    return data


@pytest.mark.parametrize(("name", "players", "options", "playouts"), CASES)
def test_tampered_snapshots_are_refused_or_consistent(
    name: str, players: int, options: dict[str, Any], playouts: int
) -> None:
    rng = random.Random(2024)
    for state in _midgame_states(name, players, options, count=3):
        for snap in (state.snapshot(), state.determinize(0, random.Random(4)).snapshot()):
            for _ in range(40):
                data = _tamper(snap, rng)
                try:
                    loaded = regalia.from_snapshot(data)
                except ValueError as exc:
                    assert str(exc).split(":", 1)[0], "the refusal names no field"
                    continue
                verify_state(loaded)
                if not loaded.determinized:
                    assert regalia.replay(loaded.record()).snapshot() == loaded.snapshot()


def test_snapshot_with_another_rules_version_is_refused_unless_allowed() -> None:
    state = regalia.make("kingdom", players=2, seed=1)
    snap = state.snapshot()
    snap["rules_version"] = "kingdom-0"
    with pytest.raises(ValueError, match=r"^rules_version: "):
        regalia.from_snapshot(snap)
    assert regalia.from_snapshot(snap, allow_other_rules=True).snapshot()["state"] == state.snapshot()["state"]
    record = state.record()
    record["rules_version"] = "kingdom-0"
    with pytest.raises(ValueError, match=r"^rules_version: "):
        regalia.replay(record)
    assert regalia.replay(record, allow_other_rules=True).snapshot() == state.snapshot()


def test_snapshot_and_record_format_versions_are_checked() -> None:
    state = regalia.make("kings-blood", players=3, seed=2)
    snap = state.snapshot()
    snap["version"] = 99
    with pytest.raises(ValueError, match=r"^version: "):
        regalia.from_snapshot(snap)
    record = state.record()
    record["version"] = "1"
    with pytest.raises(ValueError, match=r"^version: "):
        regalia.replay(record)


def test_a_record_whose_result_its_moves_do_not_give_is_refused() -> None:
    state = regalia.make("kingdom", players=2, seed=5, max_turns=6)
    rng = random.Random(0)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    record = json.loads(json.dumps(state.record()))
    record["result"]["winners"] = [1 - w for w in record["result"]["winners"]] or [0]
    with pytest.raises(ValueError, match=r"^result: "):
        regalia.replay(record)
    # saved under other rules, the record may end differently under today's (allowed): it replays
    record["rules_version"] = "kingdom-0"
    with pytest.raises(ValueError, match=r"^rules_version: "):
        regalia.replay(record)
    again = regalia.replay(record, allow_other_rules=True)
    assert again.snapshot()["state"] == state.snapshot()["state"] and again.result() == state.result()


@pytest.mark.parametrize(
    ("talk", "field"),
    [
        ([5], "table_talk[0]"),
        ([{"after_move": 0, "seat": 9, "text": "hi"}], "table_talk[0].seat"),
        ([{"after_move": 99, "seat": 0, "text": "hi"}], "table_talk[0].after_move"),
        ([{"after_move": 0, "seat": 0, "text": 5}], "table_talk[0].text"),
        ("hello", "table_talk"),
    ],
)
def test_table_talk_of_a_record_is_checked_entry_by_entry(talk: Any, field: str) -> None:
    record = regalia.make("blood-and-fortune", players=3, seed=1).record()
    record["table_talk"] = talk
    with pytest.raises(ValueError) as info:
        regalia.replay(record)
    assert str(info.value).startswith(field + ":")


@pytest.mark.parametrize("seed", [-1, -5, 2**64, True, "5", 1.0])
def test_make_refuses_seeds_that_would_repeat_or_are_not_integers(seed: Any) -> None:
    """``random.Random(-5)`` deals what ``random.Random(5)`` deals, so negative seeds are refused."""
    with pytest.raises(ValueError, match=r"^seed: "):
        regalia.make("kings-blood", players=2, seed=seed)

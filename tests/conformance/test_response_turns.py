"""``State.response_turns`` (server ruling SRV-2) in every game with hidden response windows.

An online table asks every turn a move reached in a response window, whether or not the seat
holds anything, so that nobody can tell from the table's pace who was really asked. That works
only if the turns are (1) complete — every hidden decision the rules open is the last turn
recorded so far — and (2) public — the same moves record the same turns whoever holds what.
Both are checked here on seeded random playouts of every configuration of every such game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import regalia
from regalia.core import State, is_public_move

GAMES = [name for name in regalia.game_names() if regalia.get_game(name).hidden_responses]
PLAYOUTS = 40  # per configuration
MAX_STEPS = 3_000


def _cases() -> list[Any]:
    out = []
    for name in GAMES:
        for players, options in regalia.get_game(name).test_configurations():
            label = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
            out.append(pytest.param(name, players, options, id=f"{name}-{players}p-{label or 'default'}"))
    return out


def test_some_game_has_hidden_responses() -> None:
    assert {"kingship", "kingdom"} <= set(GAMES)


@pytest.mark.parametrize(("name", "players", "options"), _cases())
def test_srv_2_every_hidden_decision_is_the_last_turn_recorded(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """Completeness: following the turns as a table does — a move at a decision everyone sees,
    or an answer everyone sees, starts a new list; a hidden answer adds to it — every hidden
    decision's seat is the last turn of the list, and each turn is used at most once."""
    hidden_seen = 0
    for seed in range(PLAYOUTS):
        state = regalia.make(name, players=players, seed=seed, **options)
        rng = random.Random(f"turns/{name}/{seed}")
        turns: list[int] = []
        used = 0  # how many turns of the list a hidden decision has already taken
        for _ in range(MAX_STEPS):
            if state.is_terminal:
                break
            mover = state.current_player
            assert mover is not None
            hidden = state.decider_hidden()
            action = rng.choice(state.legal_actions())
            declined = state.is_decline(action)
            if hidden:
                hidden_seen += 1
                assert turns, f"seed {seed}: a hidden decision for P{mover} with no turn recorded"
                assert turns[-1] == mover, f"seed {seed}: P{mover} is asked, but the last turn is P{turns[-1]}"
                assert used < len(turns), f"seed {seed}: P{mover} asked twice for one turn"
                used = len(turns)
            events = state.apply(action)
            if is_public_move(hidden, declined, mover, events):
                turns, used = list(state.response_turns()), 0
            else:
                turns.extend(state.response_turns())
    assert hidden_seen > 0, "no hidden decision in these playouts: the check checked nothing"


@pytest.mark.parametrize(("name", "players", "options"), _cases())
def test_srv_2_every_hidden_window_offers_one_decline(name: str, players: int, options: dict[str, Any]) -> None:
    """``State.is_decline``: at every hidden window — each of a kind ``Game.response_windows``
    names (SRV-3's standing orders) — exactly one legal action declines it, its ``pass``, and
    at a decision everyone sees none does, so that an online table never counts
    a window let go as a move (issue 33); a legal answer that is not the decline is a play of
    the responder's own (an Outlaw redirect, a Knight block, an Assassin, a suit change)."""
    hidden_seen = 0
    for seed in range(PLAYOUTS // 2):
        state = regalia.make(name, players=players, seed=seed, **options)
        rng = random.Random(f"decline/{name}/{seed}")
        for _ in range(MAX_STEPS):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            declines = [str(a) for a in legal if state.is_decline(a)]
            if state.decider_hidden():
                hidden_seen += 1
                assert declines == ["pass"], f"seed {seed}: hidden window {[str(a) for a in legal]}"
                kind = state.decision_kind()
                assert kind in state.game.response_windows, f"seed {seed}: {kind} is not a response window's kind"
            else:
                assert declines == [], f"seed {seed}: a decline at a decision everyone sees: {declines}"
            state.apply(rng.choice(legal))
    assert hidden_seen > 0, "no hidden decision in these playouts: the check checked nothing"


def _full_turns(state: State, move: str) -> list[int] | None:
    """The turns ``move`` reaches when every hidden window it opens is passed, or ``None`` when
    a hidden window cannot be passed (a forced answer)."""
    state = state.clone()
    state.apply(move)
    turns = list(state.response_turns())
    while not state.is_terminal and state.decider_hidden():
        texts = [str(a) for a in state.legal_actions()]
        if "pass" not in texts:
            return None
        state.apply("pass")
        turns.extend(state.response_turns())
    return turns


@pytest.mark.parametrize(("name", "players", "options"), _cases())
def test_srv_2_turns_depend_on_public_information_only(name: str, players: int, options: dict[str, Any]) -> None:
    """Publicity: at decisions everyone sees, the turns a move reaches (every hidden window
    passed) are the same in the true deal and in worlds dealt from the decider's information
    set, where the other hands — and so who can respond — differ."""
    compared = differing_worlds = 0
    for seed in range(PLAYOUTS // 2):
        state = regalia.make(name, players=players, seed=seed, **options)
        rng = random.Random(f"public/{name}/{seed}")
        for step in range(MAX_STEPS):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            move = str(rng.choice(legal))
            seat = state.current_player
            if step % 3 == 0 and seat is not None and not state.decider_hidden():
                truth = _full_turns(state, move)
                for k in range(3):
                    world = state.determinize(seat, random.Random(f"{seed}/{step}/{k}"))
                    if move not in [str(a) for a in world.legal_actions()]:
                        continue
                    other = _full_turns(world, move)
                    if truth is None or other is None:
                        continue
                    compared += 1
                    assert other == truth, f"seed {seed} step {step}: {move!r} reaches {other} in a world, {truth}"
                    if world.zones() != state.zones():
                        differing_worlds += 1
            state.apply(move)
    assert compared > 100 and differing_worlds > 0

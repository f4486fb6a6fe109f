"""The games' own encoders: fixed, documented layouts built from what a seat may know.

For each game: the encoder is registered (not the fallback); the layout is stable (the same names,
offsets and shapes when rebuilt, and the recorded total size); every tensor of a random playout
has that size and lies within the bounds; every decision kind met is one the encoder knows; and
the strong secrecy check — the tensor of seat ``s`` is identical for the state and for
``state.determinize(s, rng)``, so it holds nothing ``s`` cannot know.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import regalia  # noqa: E402
from regalia.core.registry import game_names  # noqa: E402
from regalia.rl.encoders import get_encoder, has_encoder  # noqa: E402
from regalia.rl.encoding import Encoder  # noqa: E402

# game -> (module, view key of the decision, (players, options) of the recorded size, size)
GAMES: dict[str, tuple[str, str, tuple[int, dict[str, Any]], int]] = {
    "kings-blood": ("kings_blood", "phase", (3, {}), 1226),
    "kingship": ("kingship", "decision", (4, {}), 720),
    "blood-and-fortune": ("blood_and_fortune", "decision", (4, {}), 991),
    "kingdom": ("kingdom", "decision", (4, {}), 1279),
    "kings-family": ("kings_family", "decision", (1, {}), 0),
}
STEPS = 120  # actions per playout
SEEDS = (0, 1)  # the first configuration plays both, the others the first


def _require(name: str) -> None:
    if name not in game_names():
        pytest.skip(f"{name} is not installed in this build")


def _configurations(name: str) -> list[tuple[int, dict[str, Any]]]:
    """The game's first two conformance configurations, then one per other set of options."""
    out: list[tuple[int, dict[str, Any]]] = []
    seen: set[str] = set()
    for i, (players, options) in enumerate(regalia.get_game(name).test_configurations()):
        key = repr(sorted(options.items()))
        if i < 2 or key not in seen:
            out.append((players, dict(options)))
        seen.add(key)
    return out


def _encoder(name: str, players: int, options: dict[str, Any]) -> Encoder:
    game = regalia.get_game(name)
    return get_encoder(name, players, game.make_config(**options))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_encoder_is_registered_and_layout_stable(name: str) -> None:
    _require(name)
    module, _key, (players, options), size = GAMES[name]
    assert has_encoder(name)
    factory = importlib.import_module(f"regalia.rl.encoders.{module}").encoder
    config = regalia.get_game(name).make_config(**options)
    a, b = factory(players, config), _encoder(name, players, options)
    assert a.describe_layout(details=False) == b.describe_layout(details=False)
    names = [d["name"] for d in a.describe_layout()]
    assert len(names) == len(set(names)) and not any(n.startswith(("num:", "cards:", "cat:")) for n in names)
    if size:
        assert a.size == size, a.layout_text()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_encoder_sees_only_what_the_seat_may_know(name: str) -> None:
    _require(name)
    _module, key, _recorded, _size = GAMES[name]
    for i, (players, options) in enumerate(_configurations(name)):
        enc = _encoder(name, players, options)
        layout = regalia.get_game(name).observation_layout(players, regalia.get_game(name).make_config(**options))
        assert layout is not None
        decisions = set(layout.part(key).values)
        low, high = enc.bounds()
        for seed in SEEDS[: 2 if i == 0 else 1]:
            state = regalia.make(name, players=players, seed=seed, **options)
            rng = random.Random(seed)
            hand_seen = False
            for _ in range(STEPS):
                for seat in range(players):
                    view = state.view(seat)
                    t = enc.encode(view, seat)
                    assert t.shape == (enc.size,)
                    assert (t >= low).all() and (t <= high).all(), name
                    if view.get(key) is not None:
                        assert view[key] in decisions, f"{name}: decision {view[key]!r} not encoded"
                    other = state.determinize(seat, random.Random(rng.random())).view(seat)
                    u = enc.encode(other, seat)
                    if not np.array_equal(t, u):
                        diff = {k: v for k, v in enc.split(t - u).items() if v.any()}
                        raise AssertionError(f"{name}: seat {seat}'s tensor depends on hidden cards: {sorted(diff)}")
                    hand_seen = hand_seen or bool(enc.split(t)["hand"].any())
                if state.is_terminal:
                    break
                state.apply(rng.choice(state.legal_actions()))
            assert hand_seen, f"{name}: the hand slice stayed empty"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_spectator_tensor_has_no_hand(name: str) -> None:
    _require(name)
    game = regalia.get_game(name)
    players, options = game.test_configurations()[0]
    enc = _encoder(name, players, options)
    state = regalia.make(name, players=players, seed=5, **options)
    rng = random.Random(5)
    for _ in range(20):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert not enc.split(enc.encode(state.view(None), None))["hand"].any()

"""The observation fast path: every game's tensors written from the state equal its encoder's
tensors over ``view(seat)``, float for float, on random playouts of every conformance
configuration, for every seat and the spectator (issue 23).

The fast path (``Game.observation_writer``, ``regalia.core.observation``) reads the state's fields
directly; the view path reads only ``view(seat)``; both follow the one layout the game declares
(``Game.observation_layout``), which is what the seat may know. Equality after
every action of many playouts is what makes the fast path hold exactly the seat's information set,
and the playouts must reach every slice of the layout (a slice never written would be a slice
never checked), but for the few listed in ``RARE``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import regalia  # noqa: E402
from regalia.core.observation import SPECTATOR, clear, float_buffer  # noqa: E402
from regalia.core.registry import game_names  # noqa: E402
from regalia.rl.encoders import get_encoder  # noqa: E402
from regalia.rl.encoding import Encoder  # noqa: E402

STEPS = 400
"""Actions per playout at most (random playouts of most games end before)."""
SEEDS: dict[str, int] = {"kings-family": 40}
"""Playouts per configuration (default 3): King's Family's random games are short."""
RARE: dict[str, set[str]] = {
    "kings-family": {"drawing_closed", "score:exhaustions", "score:exhaustion_bonus"},
    "kingship": {"extra_turn"},
}
"""Slices random playouts seldom reach (a draw pile run out; an Emperor pair's extra turn)."""


def _mismatch(enc: Encoder, want: Any, got: Any) -> str:
    diff = {k: v.nonzero()[0].tolist() for k, v in enc.split(want - got).items() if v.any()}
    return f"slices differ at {diff}"


@pytest.mark.parametrize("name", sorted(game_names()))
def test_fast_observation_equals_the_view_encoding_for_every_seat(name: str) -> None:
    game = regalia.get_game(name)
    reached: set[str] = set()
    names: set[str] = set()
    for players, options in game.test_configurations():
        config = game.make_config(**options)
        writer = game.observation_writer(players, config)
        assert writer is not None, f"{name} has no observation writer"
        enc = get_encoder(name, players, config)
        declared = game.observation_layout(players, config)
        assert declared is not None, f"{name} declares no observation layout"
        parts = [p.to_dict() for p in declared.parts]
        assert [p.to_dict() for p in writer.layout.parts] == parts, f"{name}: the writer is not on the declared layout"
        assert enc.parts is not None, f"{name}: the encoder is not built on the declared layout"
        assert [p.to_dict() for p in enc.parts] == parts, f"{name}: the encoder is not on the declared layout"
        assert writer.layout.shapes() == [(i.name, i.shape) for i in enc.layout], name
        assert writer.size == enc.size
        names.update(i.name for i in enc.layout)
        buf = float_buffer(writer.size)
        view = np.frombuffer(buf, np.float64)
        for seed in range(SEEDS.get(name, 3)):
            state = regalia.make(name, players=players, seed=seed, **options)
            rng = random.Random(seed)
            for step in range(STEPS + 1):
                for seat in [*range(players), None]:
                    want = enc.encode(state.view(seat), seat)
                    clear(buf, 0, writer.size)
                    writer.write(state, SPECTATOR if seat is None else seat, buf, 0)
                    got = view.astype(np.float32)
                    if not np.array_equal(want, got):
                        where = f"{name} {players}p {options} seed {seed} step {step} seat {seat}"
                        raise AssertionError(f"{where}: {_mismatch(enc, want, got)}")
                    reached.update(k for k, v in enc.split(got).items() if v.any())
                if state.is_terminal:
                    break
                state.apply(rng.choice(state.legal_actions()))
    missing = names - reached - RARE.get(name, set())
    assert not missing, f"{name}: the playouts never wrote {sorted(missing)}"


@pytest.mark.parametrize("name", sorted(game_names()))
def test_observation_of_a_seat_is_checked_and_a_list(name: str) -> None:
    game = regalia.get_game(name)
    players, options = game.test_configurations()[0]
    config = game.make_config(**options)
    writer = game.observation_writer(players, config)
    assert writer is not None
    state = regalia.make(name, players=players, seed=3, **options)
    enc = get_encoder(name, players, config)
    for seat in (0, None):
        got = np.array(writer.observation(state, seat), np.float32)
        assert np.array_equal(got, enc.encode(state.view(seat), seat)), seat
    with pytest.raises(ValueError, match="seat"):
        writer.observation(state, players)

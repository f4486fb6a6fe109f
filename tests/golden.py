"""The golden-playout digest shared by the games' ``test_golden_playouts.py`` files.

A speed pass must not change behaviour: each game records the digests of seeded random playouts
before optimizing and checks them after. The digest covers everything observable (see
:func:`playout_digest`), so any change of behaviour changes it.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import regalia

MAX_STEPS = 3000
"""A playout stops after this many actions (none of the recorded ones gets there)."""


def _behaviour(view: dict[str, Any]) -> dict[str, Any]:
    """A view without its ``prompt``: the prompt is wording, tested on its own, not behaviour."""
    return {k: v for k, v in view.items() if k != "prompt"}


def _outcome(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """A result without what is derived for display — its words (``text``) and its table
    (``score_name``, ``standings``), tested on their own (``tests/core/test_results.py``)."""
    if result is None:
        return None
    return {k: v for k, v in result.items() if k not in ("text", "score_name", "standings")}


def playout_digest(
    game: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    max_steps: int = MAX_STEPS,
    rules_version: str | None = None,
) -> str:
    """The SHA-256 digest (hex) of one seeded random playout of ``game``.

    ``seed`` seeds the game; the actions are chosen by ``random.Random(seed * 7919)``. Digested:
    at every step the text and integer id of every legal action in order, then the chosen action
    and the events it caused (kind, text, seat, audience, data); every 10 steps the views of the
    player to act and of a spectator (without their wording, ``prompt``), a clone's snapshot and a determinization's snapshot; at the
    end the snapshot (which holds the random generator's state, so its consumption is checked
    too) and the result's outcome (without its words and table).

    ``rules_version`` (``None``: the game's own) is written into the digested snapshots in place
    of the game's ``rules_version``: the version a digest was recorded under. A rules change then
    changes the digests of only the playouts whose play it changes, not of every playout through
    the version label of its snapshots.
    """
    h = hashlib.sha256()

    def put(obj: Any) -> None:
        h.update(json.dumps(obj, sort_keys=True).encode())
        h.update(b"\n")

    def snapshot(state: Any) -> dict[str, Any]:
        data: dict[str, Any] = state.snapshot()
        if rules_version is not None:
            data["rules_version"] = rules_version
        return data

    state = regalia.make(game, players=players, seed=seed, **options)
    rng = random.Random(seed * 7919)
    step = 0
    while not state.is_terminal and step < max_steps:
        legal = state.legal_actions()
        put([[str(a), state.action_id(a)] for a in legal])
        if step % 10 == 0:
            seat = state.current_player
            put(_behaviour(state.view(seat)))
            put(_behaviour(state.view(None)))
            put(snapshot(state.clone()))
            put(snapshot(state.determinize(seat, random.Random(step))))
        action = rng.choice(legal)
        events = state.apply(action)
        put([str(action), [e.to_dict() for e in events]])
        step += 1
    put(snapshot(state))
    put(_outcome(state.result()))
    return h.hexdigest()

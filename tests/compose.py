"""Composed positions for scenario tests.

Rule tests set up exact positions by editing a snapshot (a hand, the pile, the Genealogy). Such
a position need not keep every invariant that :func:`regalia.from_snapshot` checks on a loaded
state (a scenario may hand a seat a card without taking it from the pile), so the scenario
helpers load it with :func:`compose`, which restores the fields as given and checks nothing.
"""

from __future__ import annotations

from typing import Any

from regalia.core import State, build_config, get_game
from regalia.core.state import rng_state_from_json


def compose(data: dict[str, Any]) -> State:
    """The state an edited snapshot describes, restored field by field without any check."""
    game = get_game(data["game"])
    config: Any = build_config(game.config_class, data["config"])
    cls = game.state_class()
    state = cls._blank()
    state._init_base(game, config, data["players"], data["seed"], data.get("deck"))
    state.history = list(data["history"])
    state.table_talk = [dict(t) for t in data.get("table_talk") or []]
    state.determinized = bool(data.get("determinized", False))
    state.rng.setstate(rng_state_from_json(data["rng"]))
    state._restore_state(data["state"])
    return state

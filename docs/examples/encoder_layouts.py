"""Print the tensor layout of every game's encoder as Markdown tables (pasted into docs/rl.md).

For each registered game with its own encoder, at the player count and options given below
(the layout depends on them only through the seat count, the card list and, for Blood & Fortune,
the ``roles``/``special_actions`` options): the observation tensor's slices (name, offset, size,
shape), then the information-state tensor's extra ``own_actions`` block. Run:
``PYTHONPATH=src python docs/examples/encoder_layouts.py``.
"""

from __future__ import annotations

from typing import Any

import regalia
from regalia.core.registry import games
from regalia.rl.encoders import get_encoder, has_encoder
from regalia.rl.encoding import InfoStateEncoder

CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("kings-blood", 4, {}),
    ("kings-family", 1, {}),
    ("kingship", 4, {}),
    ("blood-and-fortune", 4, {}),
    ("blood-and-fortune", 4, {"roles": True, "special_actions": True}),
    ("kingdom", 4, {}),
]


def main() -> None:
    installed = set(games())
    shown: dict[str, set[str]] = {}  # slices already listed per game (later cases: only new ones)
    for name, players, options in CASES:
        if name not in installed or not has_encoder(name):
            print(f"<!-- {name}: not installed -->\n")
            continue
        game = regalia.get_game(name)
        config = game.make_config(**options)
        enc = get_encoder(name, players, config)
        info = InfoStateEncoder(enc, game.num_actions(players, config))
        opts = ", ".join(f"{k}={v}" for k, v in options.items())
        print(f"#### `{name}`, {players} player{'s' if players != 1 else ''}{', ' + opts if opts else ''}\n")
        n_ids = game.num_actions(players, config)
        print(
            f"Observation {enc.size:,} floats; information state {info.size:,} (`own_actions` {info.layout[-1].shape},"
        )
        print(f"{n_ids:,} action ids).\n")
        before = shown.setdefault(name, set())
        if before:
            print("the slices above (the card slices longer: the Role cards join the card list), then:\n")
        print("| slice | offset | size | shape |")
        print("|---|---:|---:|---|")
        for d in enc.describe_layout():
            if d["name"] in before:
                continue
            print(f"| `{d['name']}` | {d['offset']} | {d['size']} | {tuple(d['shape'])} |")
        before.update(d["name"] for d in enc.describe_layout())
        print()


if __name__ == "__main__":
    main()

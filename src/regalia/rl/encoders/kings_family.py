"""King's Family's encoder (``kings-family``, the solitaire): hand, Genealogy, piles, score.

Modelled on King's Blood's (the same card table and Genealogy columns) and built from
``view(0)`` only: keys ``decision``, ``pending_event``, ``sibling``, ``hand``, ``hand_size``,
``draw_pile_size``, ``drawing_closed``, ``discard_pile``, ``genealogy`` (``[card, row, x,
[attached]]``), ``generations`` (row sizes, top first), ``active``, ``abilities`` (card →
ability name), ``score_parts``, ``over``. Layout: ``docs/rl.md`` ("King's Family").
"""

from __future__ import annotations

from typing import Any

from regalia.core.registry import get_game
from regalia.rl.encoders.kings_blood import GENEALOGY_COLUMNS, ROW_SCALE, X_SCALE, characters
from regalia.rl.encoding import CardSet, CardTable, Encoder, Func, OneHot, Scalar

DECISIONS = ("play", "draw", "drawn_event", "second_sibling", "play_or_draw")
"""The view's ``decision`` values (``None`` at the end: all zero)."""

ABILITIES = ("Skip", "Reverse", "Draw3")
"""The special abilities a Character may carry (the view's ``abilities`` values)."""

ROW_LIMIT = 10
"""Generations the Genealogy can hold (KF-4); ``generation_sizes`` has one float per row."""

SCORE_PARTS = ("generations", "doubled", "exhaustions", "exhaustion_bonus", "score")
"""The ``score_parts`` entries, each encoded / 100."""


def _genealogy(view: Any) -> list[tuple[Any, ...]]:
    active = set(view.get("active") or ())
    return [(*g[:4], g[0] in active) for g in view.get("genealogy") or ()]


def genealogy_row(item: tuple[Any, ...]) -> tuple[str, list[float]]:
    """One Genealogy entry ``(card, row, x, [attached], is_active)`` → its table row."""
    card, row, x, att, active = item
    return (
        card,
        [
            1.0,
            1.0 if active else 0.0,
            float(row) * ROW_SCALE,
            float(x) * X_SCALE,
            1.0 if "Enthronement" in att else 0.0,
            1.0 if "KingsBlood" in att else 0.0,
        ],
    )


def _ability_row(item: tuple[str, str]) -> tuple[str, list[float]]:
    return item[0], [1.0 if item[1] == a else 0.0 for a in ABILITIES]


def _generation_sizes(view: Any, seat: int | None) -> list[float]:
    sizes = list(view.get("generations") or ())[:ROW_LIMIT]
    return [min(1.0, s / 10) for s in sizes] + [0.0] * (ROW_LIMIT - len(sizes))


def _sibling(view: Any, seat: int | None) -> list[float]:
    sib = view.get("sibling")
    if not sib:
        return [0.0, 0.0, 0.0, 0.0]
    side = sib.get("side")
    return [1.0, 1.0 if side == "left" else 0.0, 1.0 if side == "right" else 0.0, min(1.0, sib.get("count", 0) / 4)]


def encoder(players: int, config: Any) -> Encoder:
    """The King's Family encoder (1 player) for ``config``."""
    universe = get_game("kings-family").all_cards(players, config)
    total = max(1, len(universe))
    chars = characters(universe)
    return Encoder(
        [
            OneHot("decision", "decision", values=DECISIONS),
            CardSet("pending_event", "pending_event", universe),
            Func("sibling", 4, _sibling, low=0.0, high=1.0),
            CardSet("sibling_child", "sibling.child", chars),
            CardSet("sibling_last", "sibling.last", chars),
            CardSet("hand", "hand", universe),
            Scalar("hand_size", "hand_size", scale=1 / 10, low=0.0, high=1.0),
            Scalar("draw_pile", "draw_pile_size", scale=1 / total, low=0.0, high=1.0),
            Scalar("drawing_closed", "drawing_closed", low=0.0, high=1.0),
            CardSet("discard", "discard_pile", universe),
            CardTable("genealogy", _genealogy, chars, GENEALOGY_COLUMNS, genealogy_row),
            Func("generation_sizes", ROW_LIMIT, _generation_sizes, low=0.0, high=1.0),
            CardTable("abilities", lambda v: list((v.get("abilities") or {}).items()), chars, ABILITIES, _ability_row),
            *[Scalar(f"score:{k}", ("score_parts", k), scale=1 / 100, low=0.0, high=1.0) for k in SCORE_PARTS],
            Scalar("over", "over", low=0.0, high=1.0),
        ]
    )

"""King's Family's encoder (``kings-family``, the solitaire): hand, Genealogy, piles, score.

Built from ``view(0)`` only — keys ``decision``, ``pending_event``, ``sibling``, ``hand``,
``hand_size``, ``draw_pile_size``, ``drawing_closed``, ``discard_pile``, ``genealogy`` (``[card,
row, x, [attached]]``), ``generations`` (row sizes, top first), ``active``, ``abilities`` (card →
ability name), ``score_parts``, ``over`` — on the game's declared layout
(``Game.observation_layout``: names, shapes, bounds and scales). Layout: ``docs/rl.md`` ("King's
Family").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regalia.core.observation import Part
from regalia.core.registry import get_game
from regalia.rl.encoding import CardSet, CardTable, Encoder, Func, OneHot, Scalar


def _genealogy(view: Any) -> list[tuple[Any, ...]]:
    active = set(view.get("active") or ())
    return [(*g[:4], g[0] in active) for g in view.get("genealogy") or ()]


def genealogy_row(part: Part) -> Callable[[Any], tuple[str, list[float]]]:
    """The row of one Genealogy entry ``(card, row, x, [attached], is_active)`` in the layout's
    Genealogy table ``part`` (its columns and their scales)."""
    row_scale = part.column_scale("row")
    x_scale = part.column_scale("x")

    def row(item: tuple[Any, ...]) -> tuple[str, list[float]]:
        card, r, x, att, active = item
        return (
            card,
            [
                1.0,
                1.0 if active else 0.0,
                float(r) * row_scale,
                float(x) * x_scale,
                1.0 if "Enthronement" in att else 0.0,
                1.0 if "KingsBlood" in att else 0.0,
            ],
        )

    return row


def _ability_row(part: Part) -> Callable[[Any], tuple[str, list[float]]]:
    abilities = part.values

    def row(item: tuple[str, str]) -> tuple[str, list[float]]:
        return item[0], [1.0 if item[1] == a else 0.0 for a in abilities]

    return row


def _generation_sizes(part: Part) -> Callable[[Any, int | None], list[float]]:
    limit = part.size
    scale = part.scale

    def sizes(view: Any, seat: int | None) -> list[float]:
        rows = list(view.get("generations") or ())[:limit]
        return [min(1.0, s * scale) for s in rows] + [0.0] * (limit - len(rows))

    return sizes


def _sibling(part: Part) -> Callable[[Any, int | None], list[float]]:
    count_scale = part.column_scale("count")

    def sibling(view: Any, seat: int | None) -> list[float]:
        sib = view.get("sibling")
        if not sib:
            return [0.0, 0.0, 0.0, 0.0]
        side = sib.get("side")
        count = min(1.0, sib.get("count", 0) * count_scale)
        return [1.0, 1.0 if side == "left" else 0.0, 1.0 if side == "right" else 0.0, count]

    return sibling


def encoder(players: int, config: Any) -> Encoder:
    """The King's Family encoder (1 player) for ``config``."""
    game = get_game("kings-family")
    universe = game.all_cards(players, config)
    layout = game.observation_layout(players, config)
    assert layout is not None
    part = layout.part
    gen = part("genealogy")
    abilities = part("abilities")
    return Encoder(
        [
            OneHot.of(part("decision"), "decision"),
            CardSet.of(part("pending_event"), "pending_event", universe),
            Func.of(part("sibling"), _sibling(part("sibling"))),
            CardSet.of(part("sibling_child"), "sibling.child", part("sibling_child").values),
            CardSet.of(part("sibling_last"), "sibling.last", part("sibling_last").values),
            CardSet.of(part("hand"), "hand", universe),
            Scalar.of(part("hand_size"), "hand_size"),
            Scalar.of(part("draw_pile"), "draw_pile_size"),
            Scalar.of(part("drawing_closed"), "drawing_closed"),
            CardSet.of(part("discard"), "discard_pile", universe),
            CardTable.of(gen, _genealogy, gen.rows, genealogy_row(gen)),
            Func.of(part("generation_sizes"), _generation_sizes(part("generation_sizes"))),
            CardTable.of(
                abilities, lambda v: list((v.get("abilities") or {}).items()), abilities.rows, _ability_row(abilities)
            ),
            *[
                Scalar.of(p, ("score_parts", p.name.split(":", 1)[1]))
                for p in layout.parts
                if p.name.startswith("score:")
            ],
            Scalar.of(part("over"), "over"),
        ],
        layout,
    )

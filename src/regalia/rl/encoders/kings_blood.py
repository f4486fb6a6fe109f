"""King's Blood's encoder (``kings-blood``): hand, Genealogy, public zones, per-seat numbers.

Built from ``view(seat)`` only (see ``docs/games/kings_blood.md`` for the view's keys) and the
card list ``Game.all_cards(players, config)``. Every seat-indexed part is ordered from the
observer (row 0 = the observing seat). Layout: ``docs/rl.md`` ("King's Blood").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regalia.core.observation import Part
from regalia.core.registry import get_game
from regalia.rl.encoding import (
    CardSet,
    CardTable,
    Encoder,
    Observer,
    OneHot,
    PerSeat,
    Scalar,
    SeatRef,
)


def genealogy_row(part: Part) -> Callable[[Any], tuple[str, list[float]] | None]:
    """The row of one Genealogy entry of the view (``{"card", "row", "x", "active",
    "attached"}``) in the layout's Genealogy table ``part`` (its columns and their scales)."""
    row_scale = part.column_scale("row")
    x_scale = part.column_scale("x")

    def row(item: Any) -> tuple[str, list[float]] | None:
        att = item.get("attached") or ()
        return (
            item["card"],
            [
                1.0,
                1.0 if item.get("active") else 0.0,
                float(item.get("row", 0)) * row_scale,
                float(item.get("x", 0)) * x_scale,
                1.0 if "Enthronement" in att else 0.0,
                1.0 if "KingsBlood" in att else 0.0,
            ],
        )

    return row


def encoder(players: int, config: Any) -> Encoder:
    """The King's Blood encoder for ``players`` seats and ``config`` (fixed size for them), on the
    game's declared layout (``Game.observation_layout``)."""
    game = get_game("kings-blood")
    universe = game.all_cards(players, config)
    layout = game.observation_layout(players, config)
    assert layout is not None
    part = layout.part
    gen = part("genealogy")

    def scalar(name: str) -> Scalar:
        return Scalar(name, None, scale=part(name).scale, low=part(name).low, high=part(name).high)

    return Encoder(
        [
            Observer.of(part("observer")),
            OneHot.of(part("phase"), "phase"),
            SeatRef.of(part("current_player"), "current_player"),
            Scalar.of(part("turn"), "turn"),
            Scalar.of(part("direction"), "direction"),
            Scalar.of(part("pending_draw"), "pending_draw"),
            CardSet.of(part("hand"), "hand", universe),
            CardSet.of(part("drawn"), "drawn", universe),
            PerSeat.of(part("hand_sizes"), "hand_sizes", scalar("hand_sizes")),
            PerSeat.of(part("known_in_hands"), "known_in_hands", CardSet("cards", None, universe)),
            CardTable.of(gen, "genealogy", gen.rows, genealogy_row(gen)),
            Scalar.of(part("generations"), "generations"),
            CardSet.of(part("child"), "child", part("child").values),
            OneHot.of(part("sibling_side"), "sibling_side"),
            Scalar.of(part("siblings_placed"), "siblings_placed"),
            CardSet.of(part("forced_event"), "forced_event", universe),
            Scalar.of(part("draw_pile"), "draw_pile"),
            CardSet.of(part("discard"), "discard", universe),
            CardSet.of(part("aside"), "aside", universe),
            PerSeat.of(part("announced"), "announced", scalar("announced")),
            PerSeat.of(part("skip_next"), "skip_next", scalar("skip_next")),
            Scalar.of(part("passes"), "passes"),
            CardSet.of(part("last_played"), "last_played", universe),
            SeatRef.of(part("winner"), "winner"),
            PerSeat.of(part("scores"), "scores", scalar("scores")),
        ],
        layout,
    )

"""King's Blood's encoder (``kings-blood``): hand, Genealogy, public zones, per-seat numbers.

Built from ``view(seat)`` only (see ``docs/games/kings_blood.md`` for the view's keys) and the
card list ``Game.all_cards(players, config)``. Every seat-indexed part is ordered from the
observer (row 0 = the observing seat). Layout: ``docs/rl.md`` ("King's Blood").
"""

from __future__ import annotations

import re
from typing import Any

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

DECISIONS = PHASES = ("turn", "drawn", "defend", "birth", "siblings", "forced", "bonus", "over")
"""The view's ``phase`` values (the pending decision)."""

CHARACTER = re.compile(r"^[MARB][1-9][mf]$")
"""The notation of a Character card (philosophy, number, gender)."""

GENEALOGY_COLUMNS = ("present", "active", "row", "x", "enthroned", "kings_blood")
"""Per Character in the Genealogy: 1; Active; generation row / 10; position x / 40 (half-card
units, clipped to ±1); an Enthronement attached; the King's Blood card attached."""

ROW_SCALE = 1 / 10
X_SCALE = 1 / 40


def characters(universe: list[str]) -> list[str]:
    """The distinct Character notations of a card list, in order."""
    return [c for c in dict.fromkeys(universe) if CHARACTER.match(c)]


def genealogy_row(item: Any) -> tuple[str, list[float]] | None:
    """One Genealogy entry (``{"card", "row", "x", "active", "attached"}``) → its table row."""
    att = item.get("attached") or ()
    return (
        item["card"],
        [
            1.0,
            1.0 if item.get("active") else 0.0,
            float(item.get("row", 0)) * ROW_SCALE,
            float(item.get("x", 0)) * X_SCALE,
            1.0 if "Enthronement" in att else 0.0,
            1.0 if "KingsBlood" in att else 0.0,
        ],
    )


def encoder(players: int, config: Any) -> Encoder:
    """The King's Blood encoder for ``players`` seats and ``config`` (fixed size for them)."""
    universe = get_game("kings-blood").all_cards(players, config)
    total = max(1, len(universe))
    chars = characters(universe)
    return Encoder(
        [
            Observer("observer", players),
            OneHot("phase", "phase", values=PHASES),
            SeatRef("current_player", "current_player", players),
            Scalar("turn", "turn", scale=1 / 200, low=0.0, high=1.0),
            Scalar("direction", "direction", low=-1.0, high=1.0),
            Scalar("pending_draw", "pending_draw", scale=1 / 12, low=0.0, high=1.0),
            CardSet("hand", "hand", universe),
            CardSet("drawn", "drawn", universe),
            PerSeat("hand_sizes", "hand_sizes", Scalar("n", None, scale=1 / 20, low=0.0, high=1.0), players),
            PerSeat("known_in_hands", "known_in_hands", CardSet("cards", None, universe), players),
            CardTable("genealogy", "genealogy", chars, GENEALOGY_COLUMNS, genealogy_row),
            Scalar("generations", "generations", scale=ROW_SCALE, low=0.0, high=1.0),
            CardSet("child", "child", chars),
            OneHot("sibling_side", "sibling_side", values=("left", "right")),
            Scalar("siblings_placed", "siblings_placed", scale=1 / 4, low=0.0, high=1.0),
            CardSet("forced_event", "forced_event", universe),
            Scalar("draw_pile", "draw_pile", scale=1 / total, low=0.0, high=1.0),
            CardSet("discard", "discard", universe),
            CardSet("aside", "aside", universe),
            PerSeat("announced", "announced", Scalar("b", None, low=0.0, high=1.0), players),
            PerSeat("skip_next", "skip_next", Scalar("b", None, low=0.0, high=1.0), players),
            Scalar("passes", "passes", scale=1 / players, low=0.0, high=1.0),
            CardSet("last_played", "last_played", universe),
            SeatRef("winner", "winner", players),
            PerSeat("scores", "scores", Scalar("s", None, scale=1 / 100, low=-1.0, high=1.0), players),
        ]
    )

"""Blood & Fortune's encoder (``blood-and-fortune``): hand, areas, offers, scores, the Ring.

Built from ``view(seat)`` only (keys in ``docs/games/blood_and_fortune.md``) and the card list
``Game.all_cards(players, config)`` (houses ``H1``–``H6``, Score cards ``S1``–``S8``, the
``Ring``, Influence cards ``H<h>s<n>``/``H<h>d<n>``, Role cards ``R1``–``R15``). Seat-indexed
parts are ordered from the observer (row 0 = the observing seat). The role and special-action
slices exist only when those options are on. Layout: ``docs/rl.md`` ("Blood & Fortune").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regalia.core.registry import get_game
from regalia.rl.encoding import (
    CardSet,
    Counts,
    Encoder,
    Func,
    Numbers,
    Observer,
    OneHot,
    PerSeat,
    Scalar,
    SeatRef,
    SeatSet,
    Slice,
)

DECISIONS = ("place_role", "take_role", "offer", "keep", "give", "special_window", "role_target", "game_over")
"""The view's ``decision`` values."""

HOUSES = tuple(f"H{h}" for h in range(1, 7))
SCORE_CARDS = tuple(f"S{s}" for s in range(1, 9))
HIDDEN = tuple(f"{h}?" for h in HOUSES)
"""A face-down area card the observer has not seen shows only its house: ``H4?``."""


def _pair_matrix(players: int, key: str) -> Callable[[Any, int | None], list[float]]:
    """``fn(view, seat)``: how many ``key`` entries went from seat a to seat b, as a
    ``(players, players)`` matrix with both seats relative to the observer, / 3 (clipped)."""

    def fn(view: Any, seat: int | None) -> list[float]:
        out = [0.0] * (players * players)
        base = seat or 0
        for e in view.get(key) or ():
            a, b = e.get("from"), e.get("to")
            if isinstance(a, int) and isinstance(b, int) and 0 <= a < players and 0 <= b < players:
                i = ((a - base) % players) * players + (b - base) % players
                out[i] = min(1.0, out[i] + 1 / 3)
        return out

    return fn


def _field(key: str, field: str) -> Callable[[Any], Any]:
    def get(view: Any) -> Any:
        return [e.get(field) for e in view.get(key) or ()]

    return get


def encoder(players: int, config: Any) -> Encoder:
    """The Blood & Fortune encoder for ``players`` seats and ``config`` (fixed size for them)."""
    universe = get_game("blood-and-fortune").all_cards(players, config)
    flag = Scalar("b", None, low=0.0, high=1.0)
    slices: list[Slice] = [
        Observer("observer", players),
        OneHot("decision", "decision", values=DECISIONS),
        SeatRef("to_act", "to_act", players),
        SeatRef("first_player", "first_player", players),
        SeatRef("ring", "ring", players),
        Scalar("round", "round", scale=1 / 3, low=0.0, high=1.0),
        Scalar("offer_turn", "offer_turn", scale=1 / (3 * players), low=0.0, high=1.0),
        PerSeat("turns_taken", "turns_taken", Scalar("n", None, scale=1 / 3, low=0.0, high=1.0), players),
        PerSeat("houses", "houses", OneHot("house", None, values=HOUSES), players),
        PerSeat("score_cards", "score_cards", OneHot("score_card", None, values=SCORE_CARDS), players),
        PerSeat("totals", "totals", Scalar("n", None, scale=1 / 40, low=0.0, high=1.0), players),
        CardSet("hand", "hand", universe),
        PerSeat(
            "hand_sizes",
            "hand_sizes",
            Numbers("n", None, [("influence",), ("roles",)], [1 / 6, 1 / 4], low=0.0, high=1.0),
            players,
        ),
        PerSeat("areas", "areas", CardSet("cards", None, universe), players),
        PerSeat("areas_hidden", "areas", Counts("houses", None, HIDDEN, scale=1 / 5), players),
        PerSeat("area_sizes", "area_sizes", Scalar("n", None, scale=1 / 9, low=0.0, high=1.0), players),
        SeatRef("offer:from", "pending_offer.from", players),
        SeatRef("offer:to", "pending_offer.to", players),
        Scalar("offer:count", "pending_offer.count", scale=1 / 3, low=0.0, high=1.0),
        Scalar("offer:roles", "pending_offer.roles", scale=1 / 3, low=0.0, high=1.0),
        CardSet("offer:cards", "pending_offer.cards", universe),
        Func("offers", players * players, _pair_matrix(players, "offers"), low=0.0, high=1.0),
        CardSet("offers:cards", _field("offers", "cards"), universe),
        CardSet("offers:kept", _field("offers", "kept_card"), universe),
        Func("payments", players * players, _pair_matrix(players, "payments"), low=0.0, high=1.0),
        CardSet("payments:cards", _field("payments", "card"), universe),
        CardSet("seen", _field("seen", "cards"), universe),
        PerSeat("last:kept", "last_round.kept", CardSet("cards", None, universe), players),
        PerSeat("last:discarded", "last_round.discarded", CardSet("cards", None, universe), players),
        PerSeat("last:scores", "last_round.scores", Scalar("n", None, scale=1 / 20, low=0.0, high=1.0), players),
        SeatRef("last:winner", "last_round.winner", players),
        Scalar("game_over", "game_over", low=0.0, high=1.0),
        SeatSet("winners", "winners", players),
    ]
    if getattr(config, "special_actions", False):
        slices += [
            PerSeat("special:used", "special_actions.used", flag, players),
            PerSeat("special:turned_over", "special_actions.turned_over", flag, players),
            PerSeat("special:received", "special_actions.received", flag, players),
            Scalar("special:bonuses", "special_actions.bonuses", scale=1 / 4, low=0.0, high=1.0),
        ]
    if getattr(config, "roles", False):
        slices += [
            PerSeat("roles:placed", "roles.draft.placed", flag, players),
            PerSeat(
                "roles:dealt_sizes",
                "roles.draft.dealt_sizes",
                Scalar("n", None, scale=1 / 2, low=0.0, high=1.0),
                players,
            ),
            CardSet("roles:dealt", "roles.draft.dealt", universe),
            CardSet("roles:my_placed", "roles.draft.my_placed", universe),
            CardSet("roles:taken", ("roles", "draft", "takes"), universe),
            CardSet("roles:played", "roles.played", universe),
            CardSet("roles:resolving", "roles.resolving", universe),
            CardSet("roles:mine", "roles.my_roles", universe),
            PerSeat("roles:keep_doubles", "roles.keep_doubles", flag, players),
            PerSeat("roles:lose_doubles", "roles.lose_doubles", flag, players),
            SeatRef("roles:regent", "roles.regent", players),
        ]
    return Encoder(slices)

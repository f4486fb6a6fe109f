"""Blood & Fortune's encoder (``blood-and-fortune``): hand, areas, offers, scores, the Ring.

Built from ``view(seat)`` only (keys in ``docs/games/blood_and_fortune.md``) and the card list
``Game.all_cards(players, config)`` (houses ``H1``–``H6``, Score cards ``S1``–``S8``, the
``Ring``, Influence cards ``H<h>s<n>``/``H<h>d<n>``, Role cards ``R1``–``R15``), on the game's
declared layout (``Game.observation_layout``: names, shapes, bounds, scales, values). Seat-indexed
parts are ordered from the observer (row 0 = the observing seat). The role and special-action
slices exist only when those options are on. Layout: ``docs/rl.md`` ("Blood & Fortune").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regalia.core.observation import Part
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


def _pair_matrix(part: Part, players: int, key: str) -> Callable[[Any, int | None], list[float]]:
    """``fn(view, seat)``: how many ``key`` entries went from seat a to seat b, as a
    ``(players, players)`` matrix with both seats relative to the observer, times the part's
    scale (clipped to 1 at every step)."""
    step = part.scale

    def fn(view: Any, seat: int | None) -> list[float]:
        out = [0.0] * (players * players)
        base = seat or 0
        for e in view.get(key) or ():
            a, b = e.get("from"), e.get("to")
            if isinstance(a, int) and isinstance(b, int) and 0 <= a < players and 0 <= b < players:
                i = ((a - base) % players) * players + (b - base) % players
                out[i] = min(1.0, out[i] + step)
        return out

    return fn


def _field(key: str, field: str) -> Callable[[Any], Any]:
    def get(view: Any) -> Any:
        return [e.get(field) for e in view.get(key) or ()]

    return get


def encoder(players: int, config: Any) -> Encoder:
    """The Blood & Fortune encoder for ``players`` seats and ``config`` (fixed size for them)."""
    game = get_game("blood-and-fortune")
    universe = game.all_cards(players, config)
    layout = game.observation_layout(players, config)
    assert layout is not None
    part = layout.part

    def inner(name: str) -> Scalar:
        p = part(name)
        return Scalar(name, None, scale=p.scale, low=p.low, high=p.high)

    def cards(name: str, key: Any) -> PerSeat:
        return PerSeat.of(part(name), key, CardSet("cards", None, universe))

    sizes = part("hand_sizes")
    hidden = part("areas_hidden")
    slices: list[Slice] = [
        Observer.of(part("observer")),
        OneHot.of(part("decision"), "decision"),
        SeatRef.of(part("to_act"), "to_act"),
        SeatRef.of(part("first_player"), "first_player"),
        SeatRef.of(part("ring"), "ring"),
        Scalar.of(part("round"), "round"),
        Scalar.of(part("offer_turn"), "offer_turn"),
        PerSeat.of(part("turns_taken"), "turns_taken", inner("turns_taken")),
        PerSeat.of(part("houses"), "houses", OneHot("house", None, values=part("houses").values)),
        PerSeat.of(part("score_cards"), "score_cards", OneHot("score_card", None, values=part("score_cards").values)),
        PerSeat.of(part("totals"), "totals", inner("totals")),
        CardSet.of(part("hand"), "hand", universe),
        PerSeat.of(
            sizes,
            "hand_sizes",
            Numbers("n", None, [(v,) for v in sizes.values], list(sizes.scales), low=sizes.low, high=sizes.high),
        ),
        cards("areas", "areas"),
        PerSeat.of(hidden, "areas", Counts("houses", None, hidden.values, scale=hidden.scale, high=hidden.high)),
        PerSeat.of(part("area_sizes"), "area_sizes", inner("area_sizes")),
        SeatRef.of(part("offer:from"), "pending_offer.from"),
        SeatRef.of(part("offer:to"), "pending_offer.to"),
        Scalar.of(part("offer:count"), "pending_offer.count"),
        Scalar.of(part("offer:roles"), "pending_offer.roles"),
        CardSet.of(part("offer:cards"), "pending_offer.cards", universe),
        Func.of(part("offers"), _pair_matrix(part("offers"), players, "offers")),
        CardSet.of(part("offers:cards"), _field("offers", "cards"), universe),
        CardSet.of(part("offers:kept"), _field("offers", "kept_card"), universe),
        Func.of(part("payments"), _pair_matrix(part("payments"), players, "payments")),
        CardSet.of(part("payments:cards"), _field("payments", "card"), universe),
        CardSet.of(part("seen"), _field("seen", "cards"), universe),
        cards("last:kept", "last_round.kept"),
        cards("last:discarded", "last_round.discarded"),
        PerSeat.of(part("last:scores"), "last_round.scores", inner("last:scores")),
        SeatRef.of(part("last:winner"), "last_round.winner"),
        Scalar.of(part("game_over"), "game_over"),
        SeatSet.of(part("winners"), "winners"),
    ]
    if getattr(config, "special_actions", False):
        slices += [
            PerSeat.of(part("special:used"), "special_actions.used", inner("special:used")),
            PerSeat.of(part("special:turned_over"), "special_actions.turned_over", inner("special:turned_over")),
            PerSeat.of(part("special:received"), "special_actions.received", inner("special:received")),
            Scalar.of(part("special:bonuses"), "special_actions.bonuses"),
        ]
    if getattr(config, "roles", False):
        slices += [
            PerSeat.of(part("roles:placed"), "roles.draft.placed", inner("roles:placed")),
            PerSeat.of(part("roles:dealt_sizes"), "roles.draft.dealt_sizes", inner("roles:dealt_sizes")),
            CardSet.of(part("roles:dealt"), "roles.draft.dealt", universe),
            CardSet.of(part("roles:my_placed"), "roles.draft.my_placed", universe),
            CardSet.of(part("roles:taken"), ("roles", "draft", "takes"), universe),
            CardSet.of(part("roles:played"), "roles.played", universe),
            CardSet.of(part("roles:resolving"), "roles.resolving", universe),
            CardSet.of(part("roles:mine"), "roles.my_roles", universe),
            PerSeat.of(part("roles:keep_doubles"), "roles.keep_doubles", inner("roles:keep_doubles")),
            PerSeat.of(part("roles:lose_doubles"), "roles.lose_doubles", inner("roles:lose_doubles")),
            SeatRef.of(part("roles:regent"), "roles.regent"),
        ]
    return Encoder(slices, layout)

"""Kingship's encoder (``kingship``): hand, pile, titles, laws, pending decision, per-seat numbers.

Built from ``view(seat)`` only (keys in ``docs/games/kingship.md``, "Views") and the card list
``Game.all_cards(players, config)``. Seat-indexed parts are ordered from the observer (row 0 =
the observing seat). Layout: ``docs/rl.md`` ("Kingship").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regalia.core.registry import get_game
from regalia.rl.encoding import CardSet, Encoder, Func, Observer, OneHot, PerSeat, Scalar, SeatRef, SeatSet, Slice

DECISIONS = (
    "main", "target", "dq", "outlaw", "reroute", "knight", "lq", "demon", "demon_take", "give",
    "give_exile", "place", "farmer", "poacher", "spec", "poach", "revive", "priest_draw", "m_take",
    "m_return", "m_offer", "m_ask", "m_resp", "m_choose", "prince_title", "queen", "search", "extra",
    "law", "vote", "exile", "tax",
)  # fmt: skip
"""The pending decision kinds (the view's ``decision``; ``None`` — not this seat's business or
the end — is all zero)."""

TITLES = ("Kingship", "DarkQueen", "LightQueen", "Outlaw", "Demon", "Silenced")
"""The titles of the view's ``titles`` (holder seat or ``None``)."""

LAW_WORDS = (
    "exile-approvers", "draw-others", "tax", "no-winner", "exactly", "max-3",
    "all-exile", "others-draw-2", "cannot-win", "wins",
)  # fmt: skip
"""The law kinds, as the first word of a law code (``"exactly 3"``, ``"tax 7L"``, ``"wins P2"``)."""

VALUES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "Outlaw")
SUITS = ("L", "D", "T")
SPEC_SIZE = 1 + len(VALUES) + len(SUITS)
"""A card spec (``"7L"``, ``"7"``, ``"L"``, ``"Outlaw"``, ``"any"``): ``[any, value one-hot (A..K,
Outlaw), suit one-hot (L, D, T)]``."""

EXACTLY_MAX = 20


def spec_floats(text: str | None, out: list[float], base: int = 0) -> None:
    """Add the spec ``text`` into ``out[base : base + SPEC_SIZE]`` (unknown text: nothing)."""
    if not text:
        return
    if text == "any":
        out[base] = 1.0
        return
    if text == "Outlaw":
        out[base + 1 + VALUES.index("Outlaw")] = 1.0
        return
    value, suit = (text[:-1], text[-1]) if text[-1] in SUITS else (text, "")
    if value in VALUES:
        out[base + 1 + VALUES.index(value)] = 1.0
    if suit:
        out[base + 1 + len(VALUES) + SUITS.index(suit)] = 1.0


def law_size(players: int) -> int:
    """Floats of a law encoding: kinds, ``exactly`` N / 20, the tax spec, the named seat."""
    return len(LAW_WORDS) + 1 + SPEC_SIZE + players


def law_encoder(players: int, key: Callable[[Any], Any]) -> Callable[[Any, int | None], list[float]]:
    """``fn(view, seat)`` encoding the law codes ``key(view)`` (a list of codes, one code or
    ``None``) as ``[kind multi-hot (10), exactly N / 20, tax spec (18), named seat relative to the
    observer (players)]``; several laws add up (clipped to 1)."""
    nk = len(LAW_WORDS)

    size = law_size(players)

    def fn(view: Any, seat: int | None) -> list[float]:
        codes = key(view)
        if not codes:
            return []
        out = [0.0] * size
        if isinstance(codes, str):
            codes = [codes]
        for code in codes or ():
            word, _, param = str(code).partition(" ")
            if word not in LAW_WORDS:
                continue
            out[LAW_WORDS.index(word)] = 1.0
            if word == "exactly" and param.isdigit():
                out[nk] = min(1.0, int(param) / EXACTLY_MAX)
            elif word == "tax":
                spec_floats(param, out, nk + 1)
            elif word in ("cannot-win", "wins") and param[1:].isdigit():
                s = int(param[1:])
                if 0 <= s < players:
                    out[nk + 1 + SPEC_SIZE + ((s - seat) % players if seat is not None else s)] = 1.0
        return [min(1.0, x) for x in out]

    return fn


def _known_cards(players: int) -> Callable[[Any], Any]:
    def get(view: Any) -> list[list[str]]:
        known = view.get("known_cards") or {}
        return [known.get(f"P{p}", []) for p in range(players)]

    return get


def _info(name: str) -> Callable[[Any], Any]:
    def get(view: Any) -> Any:
        info = view.get("decision_info")
        return info.get(name) if info else None

    return get


def _spec_slice(name: str, key: Callable[[Any], Any]) -> Func:
    def fn(view: Any, seat: int | None) -> list[float]:
        text = key(view)
        if not text:
            return []
        out = [0.0] * SPEC_SIZE
        spec_floats(text if isinstance(text, str) else None, out)
        return out

    return Func(name, SPEC_SIZE, fn, low=0.0, high=1.0)


def _merchant(view: Any, seat: int | None) -> list[float]:
    """Whether a Merchant offer/ask/counters are on the table, and whether titles are involved."""
    info = view.get("decision_info")
    if not info:
        return []
    offer, ask, counters = info.get("offer"), info.get("ask"), info.get("counters")
    return [
        1.0 if offer else 0.0,
        1.0 if isinstance(offer, str) and offer.startswith("title") else 0.0,
        1.0 if ask else 0.0,
        1.0 if isinstance(ask, str) and ask.startswith("title") else 0.0,
        1.0 if ask == "nothing" else 0.0,
        min(1.0, len(counters) / 8) if counters else 0.0,
    ]


MERCHANT = ("offer", "offer_is_title", "ask", "ask_is_title", "ask_nothing", "counters / 8")


def encoder(players: int, config: Any) -> Encoder:
    """The Kingship encoder for ``players`` seats and ``config`` (fixed size for them)."""
    universe = get_game("kingship").all_cards(players, config)
    total = max(1, len(universe))
    slices: list[Slice] = [
        Observer("observer", players),
        OneHot("decision", "decision", values=DECISIONS),
        SeatRef("to_act", "to_act", players),
        SeatRef("turn_player", "turn_player", players),
        Scalar("turn", "turn", scale=1 / 300, low=0.0, high=1.0),
        OneHot("direction", "direction", values=("clockwise", "counter-clockwise")),
        Scalar("drawn_this_turn", "drawn_this_turn", low=0.0, high=1.0),
        Scalar("skip_next", "skip_next", low=0.0, high=1.0),
        Scalar("extra_turn", "extra_turn", low=0.0, high=1.0),
        Scalar("over", "over", low=0.0, high=1.0),
        CardSet("hand", "hand", universe),
        PerSeat("hand_sizes", "hand_sizes", Scalar("n", None, scale=1 / 20, low=0.0, high=1.0), players),
        PerSeat("known_cards", _known_cards(players), CardSet("cards", None, universe), players),
        CardSet("pile_top", "pile_top", universe),
        CardSet("pile", "pile", universe),
        Scalar("pile_size", "pile", scale=1 / total, low=0.0, high=1.0),
        Scalar("deck_size", "deck_size", scale=1 / total, low=0.0, high=1.0),
        CardSet("deck_top_known", "deck_top_known.0", universe),
        CardSet("deck_known", "deck_top_known", universe),
        CardSet("deck_cards", "deck_cards", universe),
        CardSet("graveyard", "graveyard", universe),
        *[SeatRef(f"title:{t}", ("titles", t), players) for t in TITLES],
        Func("laws", law_size(players), law_encoder(players, lambda v: v.get("law_codes")), low=0.0, high=1.0),
        Scalar("outlaws_in_play", "outlaws_in_play", scale=1 / 4, low=0.0, high=1.0),
        SeatRef("info:actor", _info("actor"), players),
        SeatRef("info:target", _info("target"), players),
        SeatSet("info:forbidden", _info("forbidden"), players),
        _spec_slice("info:spec", _info("spec")),
        Func("info:law", law_size(players), law_encoder(players, _info("law")), low=0.0, high=1.0),
        SeatRef("info:drawer", _info("drawer"), players),
        Scalar("info:count", _info("count"), scale=1 / 10, low=0.0, high=1.0),
        OneHot("info:mode", _info("mode"), values=("king", "prince")),
        CardSet("info:wizard_copy", _info("wizard_copy"), universe),
        CardSet("info:offer", _info("offer"), universe),
        _spec_slice("info:ask", _info("ask")),
        Func("info:merchant", len(MERCHANT), _merchant, low=0.0, high=1.0),
        SeatSet("winners", "winners", players),
    ]
    return Encoder(slices)

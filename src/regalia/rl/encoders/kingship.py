"""Kingship's encoder (``kingship``): hand, pile, titles, laws, pending decision, per-seat numbers.

Built from ``view(seat)`` only (keys in ``docs/games/kingship.md``, "Views") and the card list
``Game.all_cards(players, config)``. Seat-indexed parts are ordered from the observer (row 0 =
the observing seat). Layout: ``docs/rl.md`` ("Kingship").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regalia.core.observation import Part
from regalia.core.registry import get_game
from regalia.rl.encoding import CardSet, Encoder, Func, Observer, OneHot, PerSeat, Scalar, SeatRef, SeatSet, Slice


def spec_floats(values: tuple[str, ...], text: str | None, out: list[float], base: int = 0) -> None:
    """Add the spec ``text`` (``"7L"``, ``"7"``, ``"L"``, ``"Outlaw"``, ``"any"``) into
    ``out[base : base + len(values)]``, ``values`` being the layout's spec columns (any, the
    values, the suits); unknown text: nothing."""
    if not text:
        return
    if text in ("any", "Outlaw"):
        out[base + values.index(text)] = 1.0
        return
    suits = values[values.index("Outlaw") + 1 :]
    value, suit = (text[:-1], text[-1]) if text[-1] in suits else (text, "")
    if value in values and value not in suits:
        out[base + values.index(value)] = 1.0
    if suit:
        out[base + values.index(suit)] = 1.0


def law_encoder(part: Part, players: int, key: Callable[[Any], Any]) -> Callable[[Any, int | None], list[float]]:
    """``fn(view, seat)`` encoding the law codes ``key(view)`` (a list of codes, one code or
    ``None``) in the layout's law ``part``: ``[kind multi-hot, exactly N (scaled), tax spec, named
    seat relative to the observer]``; several laws add up (clipped to 1)."""
    columns = part.values
    exactly = columns.index("exactly_n")
    words = columns[:exactly]
    exactly_scale = part.column_scale("exactly_n")
    spec_values = tuple(c.split(":", 1)[1] for c in columns if c.startswith("tax:"))
    tax_at = columns.index(f"tax:{spec_values[0]}")
    seat_at = columns.index("seat:0")

    def fn(view: Any, seat: int | None) -> list[float]:
        codes = key(view)
        if not codes:
            return []
        out = [0.0] * len(columns)
        if isinstance(codes, str):
            codes = [codes]
        for code in codes or ():
            word, _, param = str(code).partition(" ")
            if word not in words:
                continue
            out[words.index(word)] = 1.0
            if word == "exactly" and param.isdigit():
                out[exactly] = min(1.0, int(param) * exactly_scale)
            elif word == "tax":
                spec_floats(spec_values, param, out, tax_at)
            elif word in ("cannot-win", "wins") and param[1:].isdigit():
                s = int(param[1:])
                if 0 <= s < players:
                    out[seat_at + ((s - seat) % players if seat is not None else s)] = 1.0
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


def _spec_slice(part: Part, key: Callable[[Any], Any]) -> Func:
    values = part.values

    def fn(view: Any, seat: int | None) -> list[float]:
        text = key(view)
        if not text:
            return []
        out = [0.0] * len(values)
        spec_floats(values, text if isinstance(text, str) else None, out)
        return out

    return Func.of(part, fn)


def _merchant(part: Part) -> Callable[[Any, int | None], list[float]]:
    """Whether a Merchant offer/ask/counters are on the table, and whether titles are involved."""
    counters_scale = part.column_scale("counters")

    def fn(view: Any, seat: int | None) -> list[float]:
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
            min(1.0, len(counters) * counters_scale) if counters else 0.0,
        ]

    return fn


def encoder(players: int, config: Any) -> Encoder:
    """The Kingship encoder for ``players`` seats and ``config`` (fixed size for them), on the
    game's declared layout (``Game.observation_layout``)."""
    game = get_game("kingship")
    universe = game.all_cards(players, config)
    layout = game.observation_layout(players, config)
    assert layout is not None
    part = layout.part
    sizes = part("hand_sizes")
    titles = [p for p in layout.parts if p.name.startswith("title:")]
    slices: list[Slice] = [
        Observer.of(part("observer")),
        OneHot.of(part("decision"), "decision"),
        SeatRef.of(part("to_act"), "to_act"),
        SeatRef.of(part("turn_player"), "turn_player"),
        Scalar.of(part("turn"), "turn"),
        OneHot.of(part("direction"), "direction"),
        Scalar.of(part("drawn_this_turn"), "drawn_this_turn"),
        Scalar.of(part("skip_next"), "skip_next"),
        Scalar.of(part("extra_turn"), "extra_turn"),
        Scalar.of(part("over"), "over"),
        CardSet.of(part("hand"), "hand", universe),
        PerSeat.of(sizes, "hand_sizes", Scalar("n", None, scale=sizes.scale, low=sizes.low, high=sizes.high)),
        PerSeat.of(part("known_cards"), _known_cards(players), CardSet("cards", None, universe)),
        CardSet.of(part("pile_top"), "pile_top", universe),
        CardSet.of(part("pile"), "pile", universe),
        Scalar.of(part("pile_size"), "pile"),
        Scalar.of(part("deck_size"), "deck_size"),
        CardSet.of(part("deck_top_known"), "deck_top_known.0", universe),
        CardSet.of(part("deck_known"), "deck_top_known", universe),
        CardSet.of(part("deck_cards"), "deck_cards", universe),
        CardSet.of(part("graveyard"), "graveyard", universe),
        *[SeatRef.of(t, ("titles", t.name.split(":", 1)[1])) for t in titles],
        Func.of(part("laws"), law_encoder(part("laws"), players, lambda v: v.get("law_codes"))),
        Scalar.of(part("outlaws_in_play"), "outlaws_in_play"),
        SeatRef.of(part("info:actor"), _info("actor")),
        SeatRef.of(part("info:target"), _info("target")),
        SeatSet.of(part("info:forbidden"), _info("forbidden")),
        _spec_slice(part("info:spec"), _info("spec")),
        Func.of(part("info:law"), law_encoder(part("info:law"), players, _info("law"))),
        SeatRef.of(part("info:drawer"), _info("drawer")),
        Scalar.of(part("info:count"), _info("count")),
        OneHot.of(part("info:mode"), _info("mode")),
        CardSet.of(part("info:wizard_copy"), _info("wizard_copy"), universe),
        CardSet.of(part("info:offer"), _info("offer"), universe),
        _spec_slice(part("info:ask"), _info("ask")),
        Func.of(part("info:merchant"), _merchant(part("info:merchant"))),
        SeatSet.of(part("winners"), "winners"),
    ]
    return Encoder(slices, layout)

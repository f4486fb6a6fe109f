"""Kingdom's encoder (``kingdom``): hand, kingdoms (cards in play, preoccupied, territories),
combat, the Assassin/Joker chain and the pending decision.

Built from ``view(seat)`` only (keys in ``docs/games/kingdom.md``) and the card list
``Game.all_cards(players, config)`` (with several decks the copies are ``QC#2``...). Seat-indexed
parts are ordered from the observer (row 0 = the observing seat). Layout: ``docs/rl.md``
("Kingdom").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regalia.core.registry import get_game
from regalia.rl.encoding import CardSet, Counts, Encoder, Observer, OneHot, PerSeat, Scalar, SeatRef, SeatSet, Slice

SUIT_LETTERS = ("S", "H", "D", "C")


def printed_suit(card: str) -> str | None:
    """The suit letter printed on a card notation (``"QC#2"`` → ``"C"``; Jokers: ``None``)."""
    base = card.split("#", 1)[0]
    return base[-1] if base and base[-1] in SUIT_LETTERS and base != "Joker" else None


def _in_play(pred: Callable[[dict[str, Any]], bool]) -> Callable[[Any], list[str]]:
    def get(kingdom: Any) -> list[str]:
        return [c["card"] for c in kingdom.get("in_play") or () if pred(c)]

    return get


def _changed_suit(c: dict[str, Any]) -> bool:
    return c.get("suit") != printed_suit(str(c.get("card", "")))


def _attackers(pred: Callable[[dict[str, Any]], bool]) -> Callable[[Any], list[Any]]:
    def get(view: Any) -> list[Any]:
        combat = view.get("combat")
        return [a.get("card") for a in (combat or {}).get("attackers") or () if pred(a)]

    return get


def _blockers(view: Any) -> list[Any]:
    combat = view.get("combat")
    return [a.get("blockers") for a in (combat or {}).get("attackers") or ()]


def _damage(view: Any) -> float:
    combat = view.get("combat")
    total = 0.0
    for a in (combat or {}).get("attackers") or ():
        for d in a.get("damage") or ():
            if isinstance(d, (int, float)):
                total += float(d)
    return total


def encoder(players: int, config: Any) -> Encoder:
    """The Kingdom encoder for ``players`` seats and ``config`` (fixed size for them), on the
    game's declared layout (``Game.observation_layout``)."""
    game = get_game("kingdom")
    universe = game.all_cards(players, config)
    layout = game.observation_layout(players, config)
    assert layout is not None
    part = layout.part

    def kingdom(name: str, inner: Slice) -> PerSeat:
        return PerSeat.of(part(f"kingdom:{name}"), "kingdoms", inner)

    def inner(name: str, key: str) -> Scalar:
        p = part(f"kingdom:{name}")
        return Scalar(name, key, scale=p.scale, low=p.low, high=p.high)

    chain = part("chain:kinds")
    return Encoder(
        [
            Observer.of(part("observer")),
            OneHot.of(part("decision"), "decision"),
            OneHot.of(part("window"), "window"),
            SeatRef.of(part("active"), "active"),
            SeatRef.of(part("to_act"), "to_act"),
            Scalar.of(part("turn"), "turn"),
            Scalar.of(part("first_round"), "first_round"),
            Scalar.of(part("noble_played"), "noble_played"),
            Scalar.of(part("attacked"), "attacked"),
            Scalar.of(part("deck_size"), "deck_size"),
            CardSet.of(part("hand"), "hand", universe),
            CardSet.of(part("discard"), "discard", universe),
            kingdom("alive", inner("alive", "alive")),
            kingdom("territories", inner("territories", "territories")),
            kingdom("hand_size", inner("hand_size", "hand_size")),
            kingdom("in_play", CardSet("cards", _in_play(lambda c: True), universe)),
            kingdom("preoccupied", CardSet("cards", _in_play(lambda c: bool(c.get("preoccupied"))), universe)),
            kingdom("suit_changed", CardSet("cards", _in_play(_changed_suit), universe)),
            kingdom("known_hand", CardSet("cards", "known_hand", universe)),
            SeatRef.of(part("combat:attacker"), "combat.attacker"),
            SeatRef.of(part("combat:defender"), "combat.defender"),
            CardSet.of(part("combat:attackers"), _attackers(lambda a: True), universe),
            CardSet.of(part("combat:blocked"), _attackers(lambda a: bool(a.get("blocked"))), universe),
            CardSet.of(part("combat:blockers"), _blockers, universe),
            Scalar.of(part("combat:damage"), _damage),
            CardSet.of(part("combat:splitting"), "combat.splitting.attacker", universe),
            Counts.of(chain, lambda v: [e.get("kind") for e in v.get("chain") or ()]),
            CardSet.of(
                part("chain:cards"),
                lambda v: [[e.get("card"), e.get("noble"), e.get("target")] for e in v.get("chain") or ()],
                universe,
            ),
            Scalar.of(part("over"), "over"),
            SeatSet.of(part("winners"), "winners"),
        ],
        layout,
    )

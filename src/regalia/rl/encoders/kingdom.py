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
from regalia.rl.encoding import CardSet, Counts, Encoder, Observer, OneHot, PerSeat, Scalar, SeatRef, SeatSet

DECISIONS = ("main", "attackers", "blockers", "split", "discard", "target", "counter", "pick", "respond", "over")
"""The view's ``decision`` values."""

WINDOWS = ("after-action", "after-attackers", "after-blockers")
"""The view's ``window`` values (``None``: no response window)."""

CHAIN_KINDS = ("assassin", "pick", "spy", "expose")
"""The kinds of the Assassin/Joker chain entries."""

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
    """The Kingdom encoder for ``players`` seats and ``config`` (fixed size for them)."""
    universe = get_game("kingdom").all_cards(players, config)
    total = max(1, len(universe))
    territories = max(1, int(getattr(config, "territories", 20) or 20))
    max_turns = getattr(config, "max_turns", None)

    def kingdom_slice(name: str, inner: Any) -> PerSeat:
        return PerSeat(f"kingdom:{name}", "kingdoms", inner, players)

    return Encoder(
        [
            Observer("observer", players),
            OneHot("decision", "decision", values=DECISIONS),
            OneHot("window", "window", values=WINDOWS),
            SeatRef("active", "active", players),
            SeatRef("to_act", "to_act", players),
            Scalar("turn", "turn", scale=1 / (max_turns or 100), low=0.0, high=1.0),
            Scalar("first_round", "first_round", low=0.0, high=1.0),
            Scalar("noble_played", "noble_played", low=0.0, high=1.0),
            Scalar("attacked", "attacked", low=0.0, high=1.0),
            Scalar("deck_size", "deck_size", scale=1 / total, low=0.0, high=1.0),
            CardSet("hand", "hand", universe),
            CardSet("discard", "discard", universe),
            kingdom_slice("alive", Scalar("alive", "alive", low=0.0, high=1.0)),
            kingdom_slice("territories", Scalar("n", "territories", scale=1 / territories, low=0.0, high=1.0)),
            kingdom_slice("hand_size", Scalar("n", "hand_size", scale=1 / 10, low=0.0, high=1.0)),
            kingdom_slice("in_play", CardSet("cards", _in_play(lambda c: True), universe)),
            kingdom_slice("preoccupied", CardSet("cards", _in_play(lambda c: bool(c.get("preoccupied"))), universe)),
            kingdom_slice("suit_changed", CardSet("cards", _in_play(_changed_suit), universe)),
            kingdom_slice("known_hand", CardSet("cards", "known_hand", universe)),
            SeatRef("combat:attacker", "combat.attacker", players),
            SeatRef("combat:defender", "combat.defender", players),
            CardSet("combat:attackers", _attackers(lambda a: True), universe),
            CardSet("combat:blocked", _attackers(lambda a: bool(a.get("blocked"))), universe),
            CardSet("combat:blockers", _blockers, universe),
            Scalar("combat:damage", _damage, scale=1 / 20, low=0.0, high=1.0),
            CardSet("combat:splitting", "combat.splitting.attacker", universe),
            Counts("chain:kinds", lambda v: [e.get("kind") for e in v.get("chain") or ()], CHAIN_KINDS, scale=1 / 2),
            CardSet(
                "chain:cards",
                lambda v: [[e.get("card"), e.get("noble"), e.get("target")] for e in v.get("chain") or ()],
                universe,
            ),
            Scalar("over", "over", low=0.0, high=1.0),
            SeatSet("winners", "winners", players),
        ]
    )

"""The ``deck=`` parameter of Blood & Fortune (BF-X6)."""

from __future__ import annotations

from regalia.games.blood_and_fortune.cards import parse_piece


def parse_deck(deck: list[str], players: int, roles: bool) -> tuple[list[int], list[int], list[int]]:
    """Read ``make(deck=...)`` for Blood & Fortune (BF-X6).

    The deck lists House cards (``H1``..``H6``: dealt to seats 0, 1, ... in that order), Score cards
    (``S1``..``S8``: dealt to seats 0, 1, ...) and, with roles on, Role cards (``R1``..``R15``: the
    top of the round-1 role deck, first dealt first). Each group may be partial or absent; what is
    missing is drawn at random with the seed.

    Returns:
        (houses, score cards, roles), 0-based, in deal order.

    Raises:
        ValueError: an unknown or repeated card, too many of a kind, Influence cards or the Ring
            (they are not dealt), or a Role card with roles off; the message names ``deck``.
    """
    out: dict[str, list[int]] = {"house": [], "score": [], "role": []}
    seen: set[str] = set()
    for entry in deck:
        piece = parse_piece(entry)
        if piece is None:
            if entry.strip().lower() == "ring" or (len(entry) > 2 and parse_piece(entry[:2]) is not None):
                raise ValueError(f"deck: {entry!r} is not dealt (only House, Score and Role cards are; BF-X6)")
            raise ValueError(f"deck: unknown card {entry!r}")
        key = entry.strip().upper()
        if key in seen:
            raise ValueError(f"deck: card {entry!r} appears twice")
        seen.add(key)
        out[piece[0]].append(piece[1])
    if len(out["house"]) > players:
        raise ValueError(f"deck: {len(out['house'])} House cards, expected at most {players}")
    if len(out["score"]) > players:
        raise ValueError(f"deck: {len(out['score'])} Score cards, expected at most {players}")
    if out["role"] and not roles:
        raise ValueError("deck: Role cards given but the option roles is off")
    return out["house"], out["score"], out["role"]

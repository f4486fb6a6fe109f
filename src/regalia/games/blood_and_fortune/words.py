"""The words of Blood & Fortune's screens: cards, roles, Special Actions and their effects.

Shared by the prompts (``prompts.py``), the action labels (``labels.py``), the events and the
terminal drawing (``view.py``), so every place says the same thing the same way. Everything
here is string formatting over small tables: cheap enough for ``view()`` inside bot rollouts.
"""

from __future__ import annotations

from typing import Any

from regalia.games.blood_and_fortune.cards import (
    CARD_NAMES,
    HOUSE_NAMES,
    HOUSE_OF,
    IS_DOUBLE,
    ROLE_BASE,
    ROLES,
    SPECIAL_ACTIONS,
    Effect,
    is_role,
)

HOUSE_RULE = "house rule"
"""The mark every Role card and Special Action carries where a person reads it (BF-X3)."""


def seat_list(seats: list[int], word: str = "or") -> str:
    """``[0, 1, 3]`` → ``"P0, P1 or P3"`` (``word`` joins the last two)."""
    names = [f"P{q}" for q in seats]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {word} " + names[-1]


def worth(card: int) -> str:
    """``"a single, 1"`` or ``"a double, 2"`` for an Influence card (int)."""
    return "a double, 2" if IS_DOUBLE[card] else "a single, 1"


def role_title(card: int) -> str:
    """A Role card (int) as ``"R9 Assassin"``."""
    eff = ROLES[card - ROLE_BASE]
    return f"{eff.id} {eff.name}"


def card_title(card: int) -> str:
    """A card (int) with what it is: ``"H4s1 (a single, 1)"``, ``"R9 Assassin"``."""
    if is_role(card):
        return role_title(card)
    return f"{CARD_NAMES[card]} ({worth(card)})"


def hidden_card(card: int) -> str:
    """An area card as someone who has not seen it writes it: its public house, ``"H4?"`` (BF-X4)."""
    return HOUSE_NAMES[HOUSE_OF[card]] + "?"


def effect_title(eff: Effect) -> str:
    """``"S2 Spyglass"`` / ``"R9 Assassin"``."""
    return f"{eff.id} {eff.name}"


def effect_text(eff: Effect) -> str:
    """The effect's own text without its final full stop, first letter in lower case."""
    text = eff.text.rstrip(".")
    return text[:1].lower() + text[1:]


def special_of(score_card: int) -> Effect:
    """The Special Action of Score card ``score_card`` (0-based)."""
    return SPECIAL_ACTIONS[score_card]


def condition(eff: Effect) -> str:
    """The condition of a score change, as a clause (``""`` when there is none)."""
    if eff.cond == "ring":
        return " if they hold the Ring at Score Influence"
    if eff.cond == "empty_area":
        return " if their area holds no card after Reveal Influence"
    return ""


def effect_on(eff: Effect, actor: int, seat: int, pos: int, area_card: str = "") -> str:
    """What ``eff`` does when ``actor`` uses it on ``seat`` (and area position ``pos``, 0-based),
    as a clause: ``"look at card 3 of P2's area (H4?)"``. ``area_card`` is the card at ``pos``
    (or the newest one, for the effects that take it) as the acting seat knows it."""
    subject = actor if eff.target == "self" else seat
    whose = "your" if subject == actor else f"P{subject}'s"
    op = eff.op
    extra = f" ({area_card})" if area_card else ""
    if op == "swap_newest":
        return f"swap the two newest cards of {whose} area"
    if op == "rightmost_to_left":
        return f"move the rightmost card of {whose} area{extra} to its left end"
    if op == "leftmost_to_right":
        return f"move the leftmost card of {whose} area{extra} to its right end"
    if op == "peek_area":
        return f"look at card {pos + 1} of {whose} area{extra}"
    if op == "peek_hand":
        return f"look at the Influence cards in {whose} hand"
    if op == "bonus":
        cond = condition(eff).replace("they hold", "you hold" if subject == actor else "they hold")
        cond = cond.replace("their area", "your area" if subject == actor else "their area")
        return f"+{eff.amount} to {whose} round score{cond}"
    if op == "penalty":
        return f"-{eff.amount} to {whose} round score (never below 0)"
    if op == "keep_doubles":
        return f"no double is discarded from {whose} area at Reveal Influence"
    if op == "lose_doubles":
        return f"every double in {whose} area is discarded at Reveal Influence, the rightmost too"
    if op == "take_ring":
        return "take the Ring for this round's tie-break"
    if op == "regent":
        return "win this round's tie for the highest round score if you are in it"
    if op == "envoy":
        return f"move the newest card of your area{extra} to the right end of P{seat}'s area"
    return f"discard the newest card of {whose} area{extra} face up"


def tie_break(last: dict[str, Any]) -> str:
    """Why a tied round went to its winner, as a clause (``""`` without a tie): the Ring, house
    rule R14 Regent, or the turn order after the Ring holder (BF-SCORE, BF-X5)."""
    tied = last["tied"]
    if not tied:
        return ""
    w = last["winner"]
    among = ", ".join(f"P{t}" for t in tied)
    if ["R14", w] in [list(x) for x in last["roles"]] and w != last["ring"]:
        why = "R14 Regent (house rule) wins the tie"
    elif w == last["ring"]:
        why = "the Ring holder wins the tie"
    else:
        why = f"the nearest after the Ring holder P{last['ring']} in turn order wins the tie"
    return f" (tie among {among}: {why})"


__all__ = [
    "HOUSE_RULE",
    "card_title",
    "condition",
    "effect_on",
    "effect_text",
    "effect_title",
    "hidden_card",
    "role_title",
    "seat_list",
    "special_of",
    "tie_break",
    "worth",
]

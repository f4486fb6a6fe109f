"""Why an action is refused: a specific reason and the rule or ruling id (``State._explain``)."""

from __future__ import annotations

from typing import Final

from regalia.games.blood_and_fortune.actions import GIVE, KEEP, OFFER, PASS, PLACE, SPECIAL, TAKE, TARGET, Action
from regalia.games.blood_and_fortune.cards import CARD_NAMES, ROLE_BASE, ROLES, SPECIAL_ACTIONS, SPECIAL_CUTOFF, is_role
from regalia.games.blood_and_fortune.effects import effect_targets
from regalia.games.blood_and_fortune.phases import (
    CLOSING,
    DRAFT_PLACE,
    DRAFT_TAKE,
    KEEPING,
    OFFERING,
    PAYING,
    ROLE_TARGET,
)
from regalia.games.blood_and_fortune.position import BloodAndFortuneTable

_PHASE_KINDS: Final[dict[int, tuple[int, ...]]] = {
    DRAFT_PLACE: (PLACE,),
    DRAFT_TAKE: (TAKE,),
    OFFERING: (OFFER, SPECIAL),
    KEEPING: (KEEP,),
    PAYING: (GIVE,),
    CLOSING: (SPECIAL, PASS),
    ROLE_TARGET: (TARGET,),
}
_PHASE_TEXT: Final[dict[int, tuple[str, str]]] = {
    DRAFT_PLACE: ("place one of their two dealt Role cards face down", "BF-DRAFT"),
    DRAFT_TAKE: ("take a face-down Role card placed by another player", "BF-DRAFT"),
    OFFERING: ("offer cards", "BF-OFFER"),
    KEEPING: ("keep one of the offered cards", "BF-OFFER"),
    PAYING: ("give an Influence card for the kept Role card", "BF-ROLEOFFER"),
    CLOSING: ("use their Special Action or pass", "BF-X2"),
    ROLE_TARGET: ("choose the target of their Role card", "BF-RESOLVE"),
}


def _target_text(seat: int, pos: int) -> str:
    if seat < 0:
        return "no target"
    return f"P{seat}" if pos < 0 else f"card {pos + 1} of P{seat}'s area"


def explain(state: BloodAndFortuneTable, action: Action) -> tuple[str, str | None]:
    """The reason ``action`` (well formed, not legal now) is refused, and the rule id.

    Returns:
        ``(reason, rule id)``.
    """
    ph = state.phase
    p = state.cp
    k = action.kind
    if k not in _PHASE_KINDS.get(ph, ()):
        what, rule = _PHASE_TEXT[ph]
        if k == SPECIAL:
            return (
                f"P{p} must {what} now; a Special Action is used at the start of your own Offer turn or in the closing window",
                "BF-X2",
            )
        if k == PASS:
            return (f"there is no Special Action window to pass in: P{p} must {what}", "BF-X2")
        return (f"it is not the time to {str(action).split()[0]}: P{p} must {what}", rule)
    if k == OFFER:
        hand = state.hands[p]
        cards = [action.a] if action.b < 0 else [action.a, action.b]
        for c in cards:
            if c not in hand:
                where = (
                    "a Role card, and roles are not in play"
                    if is_role(c) and not state.config.roles
                    else f"not in P{p}'s hand"
                )
                return (f"{CARD_NAMES[c]} is {where}", "BF-ROLEOFFER" if is_role(c) else "BF-OFFER")
        if action.seat == p:
            return ("cards are offered to another player, not to yourself", "BF-OFFER")
        if len(cards) == 1 and len(hand) >= 2:
            return (
                f"with {len(hand)} cards in hand you must offer 2 (a single card only when it is your last)",
                "BF-OFFER",
            )
        return ("this offer is not possible now", "BF-OFFER")
    if k == KEEP:
        offered = " and ".join(CARD_NAMES[c] for c in state.offer)
        return (f"{CARD_NAMES[action.a]} is not one of the cards P{state.offerer} offered ({offered})", "BF-OFFER")
    if k == GIVE:
        return (f"{CARD_NAMES[action.a]} is not an Influence card in P{p}'s hand", "BF-ROLEOFFER")
    if k == PLACE:
        dealt = " and ".join(CARD_NAMES[c] for c in state.dealt[p])
        return (f"{CARD_NAMES[action.a]} is not one of P{p}'s dealt Role cards ({dealt})", "BF-DRAFT")
    if k == TAKE:
        x = action.seat
        if x == p:
            return ("you take a Role card placed by another player, not your own", "BF-DRAFT")
        if state.placed[x] < 0:
            return (f"P{x} has no face-down Role card left to take", "BF-DRAFT")
        last = state.draft_queue[1] if len(state.draft_queue) == 2 else -1
        return (
            f"you must take P{last}'s Role card so that P{last}, the last to take, has another player's card left",
            "BF-X1",
        )
    if k == PASS:
        return ("there is no Special Action window to pass in", "BF-X2")
    if k == SPECIAL:
        if not state.config.special_actions:
            return ("Special Actions are not in play (option special_actions is off)", "BF-SPECIAL")
        if state.special_used[p]:
            return ("you have already used your Special Action this round", "BF-SPECIAL")
        if state.received[p] == 0:
            return (
                "a Special Action may be used only after you have received an Influence card in your area",
                "BF-SPECIAL",
            )
        if state.totals[p] > SPECIAL_CUTOFF:
            return (
                f"your total is {state.totals[p]}, which exceeds 15: your Score card is turned over and its Special Action is gone",
                "BF-4",
            )
        eff = SPECIAL_ACTIONS[state.score_cards[p]]
        return _bad_target(state, eff.id, eff.name, effect_targets(state, eff, p), action)
    # TARGET
    r = state.resolve_queue[0][0]
    eff = ROLES[r - ROLE_BASE]
    return _bad_target(state, eff.id, eff.name, effect_targets(state, eff, p), action)


def _bad_target(
    state: BloodAndFortuneTable, eid: str, name: str, targets: list[tuple[int, int]], action: Action
) -> tuple[str, str]:
    if not targets:
        return (f"{eid} {name} (house rule) has nothing to act on now", "BF-X3")
    return (
        f"{eid} {name} (house rule) cannot take {_target_text(action.seat, action.pos)}; possible: "
        + ", ".join(_target_text(s, i) for s, i in targets[:6])
        + (" ..." if len(targets) > 6 else ""),
        "BF-X3",
    )

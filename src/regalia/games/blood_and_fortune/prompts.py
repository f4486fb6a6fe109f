"""The pending decision in words (``State.prompt``), for the deciding seat and for everyone else.


The deciding seat reads one sentence in the rulebook's words: the stage and what opened the
decision (whose offer, which Role card, which Special Action) and what each choice does. Every
other seat and a spectator read whom the table waits for and what kind of decision it is — all
of which is public (who offers to whom, how many of the offered cards are Role cards, BF-X4;
Score cards and revealed Role cards are face up) — and only the offerer also reads the cards it
offered (BF-2). String formatting only: the prompt is built on every ``view()``, also in bot
rollouts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.games.blood_and_fortune.cards import ROLE_BASE, ROLES, ROUNDS, TURNS_PER_ROUND, is_role
from regalia.games.blood_and_fortune.effects import can_use_special
from regalia.games.blood_and_fortune.phases import (
    CLOSING,
    DRAFT_PLACE,
    DRAFT_TAKE,
    KEEPING,
    OFFERING,
    PAYING,
)
from regalia.games.blood_and_fortune.words import (
    HOUSE_RULE,
    card_title,
    effect_text,
    effect_title,
    role_title,
    seat_list,
    special_of,
)

if TYPE_CHECKING:
    from regalia.games.blood_and_fortune.state import BloodAndFortuneState


def prompt(state: BloodAndFortuneState, seat: int | None) -> str:
    """The pending decision as ``seat`` (``None`` = spectator) may read it; the game is running.

    Returns:
        one sentence: for the deciding seat what opened the decision and what each choice does,
        for the others "Waiting for P2 to …" without anything hidden from them.
    """
    ph = state.phase
    p = state.to_act
    if ph == OFFERING:
        return _offer(state, p) if seat == p else _offer_waiting(state, p)
    if ph == KEEPING:
        return _keep(state, p) if seat == p else _keep_waiting(state, p, seat)
    if ph == PAYING:
        return _give(state, p) if seat == p else _give_waiting(state, p, seat)
    if ph == DRAFT_PLACE:
        if seat == p:
            a, b = (role_title(c) for c in state.dealt[p])
            return (
                f"Role draft, round {state.round + 1}: you are dealt {a} and {b} ({HOUSE_RULE}s): place one face "
                "down for another player to take; the other returns to the deck unseen."
            )
        return f"Waiting for P{p} to place one of their two dealt Role cards face down for another player to take."
    if ph == DRAFT_TAKE:
        return (
            _take(state, p)
            if seat == p
            else f"Waiting for P{p} to take a face-down Role card placed by another player."
        )
    if ph == CLOSING:
        eff = special_of(state.score_cards[p])
        if seat == p:
            return (
                f"Offer Influence is over: use your Special Action {effect_title(eff)} ({HOUSE_RULE}: "
                f"{effect_text(eff)}) now, or pass — it cannot be used later this round."
            )
        return f"Waiting for P{p} to use their Special Action {effect_title(eff)} or pass (Offer Influence is over)."
    # ROLE_TARGET
    role = state.resolve_queue[0][0]
    eff = ROLES[role - ROLE_BASE]
    if seat == p:
        what = "a card in another player's area" if eff.target == "other_card" else "another player"
        return (
            f"Resolve Roles: your {role_title(role)} is called ({HOUSE_RULE}: {effect_text(eff)}): "
            f"choose {what} for it to act on."
        )
    return f"Waiting for P{p} to choose the target of {role_title(role)} (Resolve Roles)."


def result_prompt(state: BloodAndFortuneState) -> str:
    """The end of the game in words: the winner (or the tie that leaves nobody winning) and the totals."""
    totals = state.totals
    board = ", ".join(f"P{q} {t}" for q, t in enumerate(totals))
    if state.winners_:
        w = state.winners_[0]
        return f"The game is over after {ROUNDS} rounds: P{w} wins with the highest total, {totals[w]} ({board})."
    best = max(totals)
    tied = [q for q, t in enumerate(totals) if t == best]
    return (
        f"The game is over after {ROUNDS} rounds: {seat_list(tied, 'and')} tie for the highest total, "
        f"{best}, so nobody wins ({board})."
    )


def _turn(state: BloodAndFortuneState) -> str:
    n = state.num_players
    return f"round {state.round + 1} of {ROUNDS}, turn {state.turn_k // n + 1} of {TURNS_PER_ROUND}"


def _offer(state: BloodAndFortuneState, p: int) -> str:
    hand = state.hands[p]
    head = f"Offer Influence ({_turn(state)}): "
    if len(hand) == 1:
        c = hand[0]
        pay = " and give you an Influence card from their hand for it" if is_role(c) else ""
        body = f"you hold only {card_title(c)}: offer it alone, face down, to another player, who must keep it{pay}"
    else:
        body = (
            "offer 2 cards from your hand face down to another player; they keep one (an Influence card goes face "
            "down to the right end of their area) and return the other to you"
        )
        if any(is_role(c) for c in hand):
            body += (
                "; if they keep a Role card it goes into their hand and they give you an Influence card for your area"
            )
    if can_use_special(state, p):
        eff = special_of(state.score_cards[p])
        body += f"; or first use your Special Action {effect_title(eff)} ({HOUSE_RULE}: {effect_text(eff)})"
    return head + body + "."


def _offer_waiting(state: BloodAndFortuneState, p: int) -> str:
    special = ""
    if can_use_special(state, p):
        special = f", or to use their Special Action {effect_title(special_of(state.score_cards[p]))} first"
    return f"Waiting for P{p} to offer cards face down to another player{special} (Offer Influence, {_turn(state)})."


def _keep(state: BloodAndFortuneState, r: int) -> str:
    o = state.offerer
    cards = state.offer
    roles = [c for c in cards if is_role(c)]
    has_influence = any(not is_role(c) for c in state.hands[r])
    pay = (
        f"then you give P{o} one Influence card from your hand for their area"
        if has_influence
        else "you have no Influence card to give for it"
    )
    if len(cards) == 1:
        c = cards[0]
        where = f"it goes into your hand ({pay})" if roles else "it goes face down to the right end of your area"
        return f"P{o} offers you {card_title(c)}, their last card, face down: you must keep it; {where}."
    a, b = (card_title(c) for c in cards)
    if not roles:
        return (
            f"P{o} offers you {a} and {b} face down: keep one as Influence (it goes face down to the right end of "
            f"your area); the other returns to P{o}."
        )
    if len(roles) == 1:
        return (
            f"P{o} offers you {a} and {b} face down: keep the Influence card for the right end of your area, or the "
            f"Role card for your hand ({pay}); the other returns to P{o}."
        )
    return (
        f"P{o} offers you {a} and {b} face down: keep one Role card for your hand ({pay}); the other returns to P{o}."
    )


def _keep_waiting(state: BloodAndFortuneState, r: int, seat: int | None) -> str:
    o = state.offerer
    cards = state.offer
    if seat == o:
        if len(cards) == 1:
            return f"Waiting for P{r} to keep {card_title(cards[0])}, the last card you offered."
        a, b = (card_title(c) for c in cards)
        return f"Waiting for P{r} to keep {a} or {b} of your offer; the other comes back to your hand."
    roles = sum(1 for c in cards if is_role(c))
    if len(cards) == 1:
        kind = "a Role card" if roles else "an Influence card"
        return f"Waiting for P{r} to keep the single card P{o} offered face down ({kind})."
    kinds = {0: "", 1: " (one of them a Role card)", 2: " (both Role cards)"}[roles]
    return f"Waiting for P{r} to keep one of the 2 cards P{o} offered face down{kinds}."


def _give(state: BloodAndFortuneState, r: int) -> str:
    o = state.offerer
    kept = state.offers_log[-1][3] if state.offers_log else -1
    what = f"Role card {role_title(kept)}" if kept >= ROLE_BASE else "Role card"
    return (
        f"You kept P{o}'s {what}: give P{o} one Influence card from your hand; it goes face down to the right end "
        f"of P{o}'s area."
    )


def _give_waiting(state: BloodAndFortuneState, r: int, seat: int | None) -> str:
    o = state.offerer
    if seat == o:
        kept = state.offers_log[-1][3] if state.offers_log else -1
        what = f"your Role card {role_title(kept)}" if kept >= ROLE_BASE else "your Role card"
        return f"Waiting for P{r} to give you an Influence card for {what}, which they kept."
    return f"Waiting for P{r} to give P{o} an Influence card for the Role card they kept."


def _take(state: BloodAndFortuneState, p: int) -> str:
    options = state.take_options(p)
    if len(options) == 1:
        x = options[0]
        last = state.draft_queue[1] if len(state.draft_queue) == 2 else -1
        others = sum(1 for q in range(state.num_players) if q != p and state.placed[q] >= 0)
        why = (
            f", so that P{x}, the last to take, still has another player's card to take"
            if x == last and others > 1
            else ", the only one placed by another player"
        )
        return f"Role draft: take P{x}'s face-down Role card into your hand{why}; you resolve it at Resolve Roles."
    return (
        f"Role draft: take one face-down Role card placed by another player ({seat_list(options)}) into your hand; "
        "you resolve it at Resolve Roles."
    )


__all__ = ["prompt", "result_prompt"]

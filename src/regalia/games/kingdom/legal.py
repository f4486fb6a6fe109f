"""Kingdom's legal actions: what the seat deciding may do now, for each kind of decision
[KD-1..KD-9, KD-X2, KD-X3, KD-X5, KD-X6, KD-X10]. The same code decides legality for ``apply``
(the core checks an action against this list)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.games.kingdom import actions as A
from regalia.games.kingdom.actions import Action, act
from regalia.games.kingdom.cards import IS_ACE, IS_ARMY, IS_NOBLE, JOKER, RANK, RATING, SUIT

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState


def assassin_pairs(st: KingdomState, p: int, kind: int) -> list[Action]:
    """``p``'s Assassins (``kind`` ASSASSIN or COUNTER): an Ace in hand with an unpreoccupied noble
    of its suit [KD-8]."""
    ready = [x for x in st.play[p] if IS_NOBLE[x] and not st.busy[x]]
    if not ready:
        return []
    out = []
    for c in sorted(set(st.hands[p])):
        if IS_ACE[c]:
            for nb in ready:
                if st.suit_of(nb) == SUIT[c]:
                    out.append(act(kind, c, nb))
    return out


def joker_actions(st: KingdomState, p: int, main: bool) -> list[Action]:
    """``p``'s Joker plays: Pick a Card, Spy, Expose, and in ``main`` Recruit within the noble
    limits [KD-9, KD-X6, KD-X10]."""
    if JOKER not in st.hands[p]:
        return []
    out = []
    if st.deck or st.discard:
        out.append(act(A.JOKER_PICK))
    others = st._others_from(p)
    for q in sorted(others):
        out.append(act(A.SPY, q))
    for q in sorted(others):
        out.append(act(A.EXPOSE, q))
    if main:
        for q in sorted(others):
            for c in st.play[q]:
                if IS_NOBLE[c] and st._has_rank(p, RANK[c]):
                    continue  # noble limits still apply [KD-9]
                out.append(act(A.RECRUIT, c))
    return out


def legal_actions(st: KingdomState) -> list[Action]:
    """The legal actions of the seat deciding now, in a stable order."""
    d = st.decision()
    p = st.current_player
    assert p is not None
    if d == "target":
        return [act(A.TARGET, c) for q in range(st.num_players) for c in sorted(st.play[q])]
    if d == "counter":
        return [act(A.PASS), *assassin_pairs(st, p, A.COUNTER), *st._window_changes(p)]
    if d == "pick":
        out = [act(A.TAKE, c) for c in sorted(set(st.discard))]
        if st.deck:
            out.append(act(A.TAKE_DECK))
        return out
    if d == "respond":
        return [
            act(A.PASS),
            *assassin_pairs(st, p, A.ASSASSIN),
            *joker_actions(st, p, False),
            *st._window_changes(p),
        ]
    if d == "main":
        return main_actions(st, p)
    if d == "attackers":
        out = [act(A.ATTACKER, c) for c in sorted(st.play[p]) if not st.busy[c]]
        if st.attackers:
            out.append(act(A.DONE))
        return out
    if d == "blockers":
        ready = [c for c in sorted(st.play[p]) if not st.busy[c]]
        out = [act(A.BLOCK, a, b) for a in st.attackers for b in ready]
        out.append(act(A.DONE))
        return out
    if d == "split":
        a = st.attackers[st.split_i]
        b = st.blockers[st.split_i][st.split_j]
        left = RATING[a] - sum(st.dealt[st.split_i][: st.split_j])
        return [act(A.ASSIGN, k, b) for k in range(left + 1)]
    # discard
    return [act(A.DISCARD, c) for c in sorted(set(st.hands[p]))]


def main_actions(st: KingdomState, p: int) -> list[Action]:
    """The active player's actions in its own turn [KD-1, KD-2, KD-4, KD-8, KD-9]."""
    out = [act(A.END)]
    hand = sorted(set(st.hands[p]))
    if not st.noble_played:
        for c in hand:
            if IS_NOBLE[c] and not st._has_rank(p, RANK[c]):
                out.append(act(A.PLAY, c))
    ready = [x for x in st.play[p] if IS_NOBLE[x] and not st.busy[x]]
    for c in hand:
        if IS_ARMY[c]:
            for nb in ready:
                if st.suit_of(nb) == SUIT[c]:
                    out.append(act(A.BRING, c, nb))
    nobles = [x for x in st.play[p] if IS_NOBLE[x]]
    for t in nobles:
        suit = st.suit_of(t)
        for u in ready:
            if u != t and st.suit_of(u) == suit:
                out.extend(act(A.CHANGE, t, u, s) for s in range(4) if s != suit)
    if st.can_attack(p):
        out.extend(act(A.ATTACK, q) for q in sorted(st._others_from(p)))
    out.extend(assassin_pairs(st, p, A.ASSASSIN))
    out.extend(joker_actions(st, p, True))
    return out

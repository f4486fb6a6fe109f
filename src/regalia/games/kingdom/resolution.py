"""Kingdom's resolution steps: settling windows and chains, combat damage, elimination.

Functions of a :class:`~regalia.games.kingdom.state.KingdomState`, called by its ``_apply``
[KD-4..KD-8, KD-12, KD-X2..KD-X4, KD-X8].
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.core.events import private, public
from regalia.games.kingdom.cards import COMBAT_RANK, NAME, RATING, TERRITORY_VALUE
from regalia.games.kingdom.phases import (
    BLOCKERS,
    C_ASSASSIN,
    C_PICK,
    C_SPY,
    MAIN,
    OVER,
    SPLIT,
    W_ATTACK,
    W_BLOCKS,
    W_NONE,
)
from regalia.games.kingdom.phases import seat_name as _seat_name

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState

_JOKER_USE: Final = ("", "Pick a Card", "Spy", "Expose")


def settle(st: KingdomState) -> None:
    """Advance through everything that needs no decision until one is due [KD-X2, KD-X3]."""
    while st.phase != OVER:
        if st.targeting >= 0:
            return
        if st.counter_q:
            q = st.counter_q
            while q:
                s = q[0]
                if st.may_counter(s):
                    st.resp = (*st.resp, s)  # s's turn, for everyone to see (SRV-2)
                if st.can_counter(s):
                    return
                q.pop(0)
        if st.picking >= 0:
            return
        if st.chain:
            resolve_chain_top(st)
            continue
        if st.window or st.window_point != W_NONE:
            w = st.window
            while w:
                s = w[0]
                if st.may_respond(s):
                    st.resp = (*st.resp, s)  # s's turn, for everyone to see (SRV-2)
                if st.can_respond(s):
                    return
                w.pop(0)
            point = st.window_point
            st.window_point = W_NONE
            if point == W_ATTACK:
                begin_blocks(st)
            elif point == W_BLOCKS:
                advance_split(st, 0, start=True)
            continue
        return


def resolve_chain_top(st: KingdomState) -> None:
    """Resolve the last Assassin or Joker of the chain, nobody having countered it [KD-8, KD-9]."""
    ev = st._events
    top = st.chain[-1]
    kind, owner, card, _, target = top
    if len(st.chain) >= 2:
        below = st.chain[-2]
        del st.chain[-2:]
        st._to_discard(below[2])
        st._to_discard(card)  # the Assassin and its victim go to the discard pile [KD-8]
        what = f"Assassin {NAME[below[2]]}" if below[0] == C_ASSASSIN else f"Joker ({_JOKER_USE[below[0]]})"
        ev.append(
            public(
                "cancel",
                f"{_seat_name(owner)}'s Assassin {NAME[card]} stops {_seat_name(below[1])}'s {what}: "
                "both go to the discard pile",
                owner,
            )
        )
        if st.chain:
            st.counter_q = st._others_from(st.chain[-1][1])
        return
    if kind == C_PICK:
        st.picking = owner
        return
    st.chain.pop()
    st._to_discard(card)
    if kind == C_ASSASSIN:
        if st.loc[target] >= 0:
            victim = st.loc[target]
            st._leave_play(target)
            ev.append(
                public(
                    "assassination",
                    f"{_seat_name(owner)}'s Assassin {NAME[card]} kills {_seat_name(victim)}'s {NAME[target]}: "
                    "both go to the discard pile",
                    owner,
                    target=NAME[target],
                )
            )
        else:
            ev.append(
                public(
                    "assassination",
                    f"{_seat_name(owner)}'s Assassin {NAME[card]} goes to the discard pile: "
                    f"its target {NAME[target]} has already left play",
                    owner,
                    target=NAME[target],
                )
            )
    elif kind == C_SPY:
        shown = sorted(st.hands[target])
        st.known[owner][target] = shown[:]
        ev.append(
            public(
                "spy",
                f"{_seat_name(target)} shows their hand to {_seat_name(owner)} (Spy); the Joker goes to the discard pile",
                owner,
                target=target,
            )
        )
        ev.append(
            private(
                "spy",
                f"{_seat_name(target)}'s hand: {' '.join(NAME[c] for c in shown) or 'no cards'}",
                (owner,),
                owner,
                cards=[NAME[c] for c in shown],
            )
        )
    else:
        shown = sorted(st.hands[target])
        for v in range(st.num_players + 1):
            if v != target:
                st.known[v][target] = shown[:]
        ev.append(
            public(
                "expose",
                f"{_seat_name(target)}'s hand is exposed to everyone (Expose): "
                f"{' '.join(NAME[c] for c in shown) or 'no cards'}",
                owner,
                target=target,
                cards=[NAME[c] for c in shown],
            )
        )


# combat [KD-4..KD-7]
def begin_blocks(st: KingdomState) -> None:
    q = st.defender
    if st.attackers and any(not st.busy[c] for c in st.play[q]):
        st.phase = BLOCKERS
        st.blocks_asked = True
    else:
        after_blocks(st)  # nothing to decide [KD-X8]


def after_blocks(st: KingdomState) -> None:
    st.phase = SPLIT
    st.split_i = -1
    st._open_window(W_BLOCKS, st._others_from(st.active, include_self=True))


def advance_split(st: KingdomState, j: int, start: bool = False) -> None:
    """Move to the next damage split the attacker must choose [KD-6]; resolve combat after
    the last one. The last blocker of an attacker takes whatever damage is left."""
    i = 0 if start else st.split_i
    while i < len(st.attackers):
        bl = st.blockers[i]
        if len(bl) >= 2:
            left = RATING[st.attackers[i]] - sum(st.dealt[i][:j])
            if j < len(bl) - 1 and left > 0:
                st.split_i, st.split_j = i, j
                return
            # nothing left to choose: the rest get nothing, the last blocker what is left
            for jj in range(j, len(bl)):
                st.dealt[i][jj] = 0
            st.dealt[i][-1] = left
        i += 1
        j = 0
    resolve_combat(st)


def _territories(n: int) -> str:
    return f"{n} territory" if n == 1 else f"{n} territories"


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def resolve_combat(st: KingdomState) -> None:
    """End of combat, all at once [KD-5..KD-7, KD-X4, KD-X8]: the cards that lose are discarded
    (each event names what beat it), then the unblocked attackers take territories — never more
    than the kingdom has left — and a kingdom left with none falls [KD-12]."""
    ev = st._events
    q = st.defender
    lost = 0
    takers: list[str] = []
    dead: list[tuple[int, str]] = []  # (card, why)
    for i, a in enumerate(st.attackers):
        bl = st.blockers[i]
        if not st.blocked[i]:
            lost += TERRITORY_VALUE[a]  # an unblocked attacker takes territories [KD-7]
            takers.append(NAME[a])
            continue
        if not bl:
            continue  # blocked, its blockers gone: it takes nothing [KD-X4]
        if len(bl) == 1:
            # one-on-one [KD-5]
            b = bl[0]
            if COMBAT_RANK[a] == COMBAT_RANK[b]:
                dead.append((a, f"it and {NAME[b]} are of equal rank and perish together"))
                dead.append((b, f"it and {NAME[a]} are of equal rank and perish together"))
            elif COMBAT_RANK[a] < COMBAT_RANK[b]:
                dead.append((a, f"beaten one-on-one by {NAME[b]}"))
            else:
                dead.append((b, f"beaten one-on-one by {NAME[a]}"))
        else:
            # multi-block [KD-6]
            total = sum(RATING[b] for b in bl)
            if total >= RATING[a]:
                dead.append((a, f"its blockers {_and([NAME[b] for b in bl])} deal {total} damage (rating {RATING[a]})"))
            for b, dmg in zip(bl, st.dealt[i], strict=True):
                if dmg >= RATING[b]:
                    dead.append((b, f"{NAME[a]} deals it {dmg} damage (rating {RATING[b]})"))
    for c, why in dead:
        who = st.loc[c]
        st._leave_play(c)
        ev.append(public("perish", f"{_seat_name(who)}'s {NAME[c]} is discarded: {why}", who, card=NAME[c]))
    st.attackers, st.blockers, st.blocked, st.dealt = [], [], [], []
    st.split_i = -1
    st.phase = MAIN
    st.defender = -1
    st.blocks_asked = False
    if lost:
        have = st.territories[q]
        taken = min(lost, have)  # a kingdom cannot lose more territories than it has
        st.territories[q] = have - taken
        by = f"the unblocked {_and(takers)}"
        if taken < lost:
            text = f"{_seat_name(q)} loses its last {_territories(taken)} to {by} (worth {lost})"
        else:
            text = f"{_seat_name(q)} loses {_territories(taken)} to {by} ({st.territories[q]} left)"
        ev.append(public("territories", text, q, lost=taken, left=st.territories[q], attackers=takers))
        if st.territories[q] == 0:
            eliminate(st, q)


def eliminate(st: KingdomState, q: int) -> None:
    """KD-12: the kingdom is out; its cards in play and in hand go to the discard pile."""
    st.alive[q] = False
    for c in list(st.play[q]):
        st._leave_play(c)
    for c in st.hands[q]:
        st._to_discard(c)
    st.hands[q] = []
    for row in st.known:
        row[q] = []
    st._events.append(
        public(
            "eliminated",
            f"{_seat_name(q)}'s kingdom falls with no territories left: its cards go to the discard pile",
            q,
        )
    )
    alive = [p for p in range(st.num_players) if st.alive[p]]
    if len(alive) == 1:
        st.winner_seats = (alive[0],)
        st.phase = OVER
        st._events.append(
            public("game_over", f"{_seat_name(alive[0])} is the last kingdom standing", None, winners=alive)
        )

"""Kingdom's resolution steps: settling windows and chains, combat damage, elimination.

Functions of a :class:`~regalia.games.kingdom.state.KingdomState`, called by its ``_apply``
[KD-4..KD-8, KD-12, KD-X2..KD-X4, KD-X8].
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.core.events import private, public
from regalia.games.kingdom import flow
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


def settle(state: KingdomState) -> None:
    """Advance through everything that needs no decision until one is due [KD-X2, KD-X3]."""
    while state.phase != OVER:
        if state.targeting >= 0:
            return
        if state.counter_q:
            q = state.counter_q
            while q:
                s = q[0]
                if state.may_counter(s):
                    state.resp = (*state.resp, s)  # s's turn, for everyone to see (SRV-2)
                if state.can_counter(s):
                    return
                q.pop(0)
        if state.picking >= 0:
            return
        if state.chain:
            resolve_chain_top(state)
            continue
        if state.window or state.window_point != W_NONE:
            w = state.window
            while w:
                s = w[0]
                if state.may_respond(s):
                    state.resp = (*state.resp, s)  # s's turn, for everyone to see (SRV-2)
                if state.can_respond(s):
                    return
                w.pop(0)
            point = state.window_point
            state.window_point = W_NONE
            if point == W_ATTACK:
                begin_blocks(state)
            elif point == W_BLOCKS:
                advance_split(state, 0, start=True)
            continue
        return


def resolve_chain_top(state: KingdomState) -> None:
    """Resolve the last Assassin or Joker of the chain, nobody having countered it [KD-8, KD-9]."""
    ev = state.events
    top = state.chain[-1]
    kind, owner, card, _, target = top
    if len(state.chain) >= 2:
        below = state.chain[-2]
        del state.chain[-2:]
        flow.to_discard(state, below[2])
        flow.to_discard(state, card)  # the Assassin and its victim go to the discard pile [KD-8]
        what = f"Assassin {NAME[below[2]]}" if below[0] == C_ASSASSIN else f"Joker ({_JOKER_USE[below[0]]})"
        ev.append(
            public(
                "cancel",
                f"{_seat_name(owner)}'s Assassin {NAME[card]} stops {_seat_name(below[1])}'s {what}: "
                "both go to the discard pile",
                owner,
            )
        )
        if state.chain:
            state.counter_q = flow.others_from(state, state.chain[-1][1])
        return
    if kind == C_PICK:
        state.picking = owner
        return
    state.chain.pop()
    flow.to_discard(state, card)
    if kind == C_ASSASSIN:
        if state.loc[target] >= 0:
            victim = state.loc[target]
            flow.leave_play(state, target)
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
        shown = sorted(state.hands[target])
        state.known[owner][target] = shown[:]
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
        shown = sorted(state.hands[target])
        for v in range(state.num_players + 1):
            if v != target:
                state.known[v][target] = shown[:]
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
def begin_blocks(state: KingdomState) -> None:
    q = state.defender
    if state.attackers and any(not state.busy[c] for c in state.play[q]):
        state.phase = BLOCKERS
        state.blocks_asked = True
    else:
        after_blocks(state)  # nothing to decide [KD-X8]


def after_blocks(state: KingdomState) -> None:
    state.phase = SPLIT
    state.split_i = -1
    flow.open_window(state, W_BLOCKS, flow.others_from(state, state.turn_player, include_self=True))


def advance_split(state: KingdomState, j: int, start: bool = False) -> None:
    """Move to the next damage split the attacker must choose [KD-6]; resolve combat after
    the last one. The last blocker of an attacker takes whatever damage is left."""
    i = 0 if start else state.split_i
    while i < len(state.attackers):
        bl = state.blockers[i]
        if len(bl) >= 2:
            left = RATING[state.attackers[i]] - sum(state.dealt[i][:j])
            if j < len(bl) - 1 and left > 0:
                state.split_i, state.split_j = i, j
                return
            # nothing left to choose: the rest get nothing, the last blocker what is left
            for jj in range(j, len(bl)):
                state.dealt[i][jj] = 0
            state.dealt[i][-1] = left
        i += 1
        j = 0
    resolve_combat(state)


def _territories(n: int) -> str:
    return f"{n} territory" if n == 1 else f"{n} territories"


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def resolve_combat(state: KingdomState) -> None:
    """End of combat, all at once [KD-5..KD-7, KD-X4, KD-X8]: the cards that lose are discarded
    (each event names what beat it), then the unblocked attackers take territories — never more
    than the kingdom has left — and a kingdom left with none falls [KD-12]."""
    ev = state.events
    q = state.defender
    lost = 0
    takers: list[str] = []
    dead: list[tuple[int, str]] = []  # (card, why)
    for i, a in enumerate(state.attackers):
        bl = state.blockers[i]
        if not state.blocked[i]:
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
            for b, dmg in zip(bl, state.dealt[i], strict=True):
                if dmg >= RATING[b]:
                    dead.append((b, f"{NAME[a]} deals it {dmg} damage (rating {RATING[b]})"))
    for c, why in dead:
        who = state.loc[c]
        flow.leave_play(state, c)
        ev.append(public("perish", f"{_seat_name(who)}'s {NAME[c]} is discarded: {why}", who, card=NAME[c]))
    state.attackers, state.blockers, state.blocked, state.dealt = [], [], [], []
    state.split_i = -1
    state.phase = MAIN
    state.defender = -1
    state.blocks_asked = False
    if lost:
        have = state.territories[q]
        taken = min(lost, have)  # a kingdom cannot lose more territories than it has
        state.territories[q] = have - taken
        by = f"the unblocked {_and(takers)}"
        if taken < lost:
            text = f"{_seat_name(q)} loses its last {_territories(taken)} to {by} (worth {lost})"
        else:
            text = f"{_seat_name(q)} loses {_territories(taken)} to {by} ({state.territories[q]} left)"
        ev.append(public("territories", text, q, lost=taken, left=state.territories[q], attackers=takers))
        if state.territories[q] == 0:
            eliminate(state, q)


def eliminate(state: KingdomState, q: int) -> None:
    """KD-12: the kingdom is out; its cards in play and in hand go to the discard pile."""
    state.alive[q] = False
    for c in list(state.play[q]):
        flow.leave_play(state, c)
    for c in state.hands[q]:
        flow.to_discard(state, c)
    state.hands[q] = []
    for row in state.known:
        row[q] = []
    state.events.append(
        public(
            "eliminated",
            f"{_seat_name(q)}'s kingdom falls with no territories left: its cards go to the discard pile",
            q,
        )
    )
    alive = [p for p in range(state.num_players) if state.alive[p]]
    if len(alive) == 1:
        state.winner_seats = (alive[0],)
        state.phase = OVER
        state.events.append(
            public("game_over", f"{_seat_name(alive[0])} is the last kingdom standing", None, winners=alive)
        )

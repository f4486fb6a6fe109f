"""Kingdom's combat by action kind [KD-4..KD-7, KD-X8]: ``attack``, ``attacker``, ``done``,
``block`` and ``assign``. For each kind, side by side: what is legal (``legal_<kind>``), why an
action of it is refused (``explain_<kind>``) and what it does (``do_<kind>``); the damage itself
is :mod:`.resolution`'s. The entry points are in :mod:`.rules`.

Functions of a :class:`~regalia.games.kingdom.state.KingdomState` (``state``, imported for typing
only). Each ``do_<kind>`` takes the events of the move ``ev``, the seat deciding ``p``, the
decision ``d`` (``phases.D_*``) and the action (legal now).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.core.events import Event, new_event, public
from regalia.games.kingdom import actions as A
from regalia.games.kingdom import eventtexts as T
from regalia.games.kingdom import flow
from regalia.games.kingdom.actions import KingdomAction, act
from regalia.games.kingdom.cards import NAME, RATING
from regalia.games.kingdom.phases import ATTACKERS, BLOCKERS, D_ATTACKERS, W_ATTACK
from regalia.games.kingdom.phases import seat_name as _seat_name
from regalia.games.kingdom.resolution import advance_split, after_blocks

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState


# ---------------------------------------------------------------------- attack [KD-4, KD-12]
def legal_attack(state: KingdomState, p: int, out: list[KingdomAction]) -> None:
    """``attack Pn`` on each other standing kingdom, once a turn, from the second round, with an
    unpreoccupied card in play [KD-4]."""
    if state.can_attack(p):
        out.extend(act(A.ATTACK, q) for q in sorted(flow.others_from(state, p)))


def explain_attack(state: KingdomState, p: int, action: KingdomAction) -> tuple[str, str | None]:
    """``attack Pn`` refused: the first round, a second attack, one's own or a fallen kingdom,
    nothing to attack with [KD-4, KD-12]."""
    q = action.a
    if state.turn_no <= state.num_players:
        return "no attacks until every player has had a turn", "KD-4"
    if state.attacked:
        return "you can only attack one kingdom per turn", "KD-4"
    if q == p:
        return "you cannot attack your own kingdom", "KD-4"
    if not state.alive[q]:
        return f"P{q}'s kingdom has fallen", "KD-12"
    return "you have no unpreoccupied card in play to attack with", "KD-4"


def do_attack(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``attack Pn``: declare an attack; the attackers are declared next [KD-4]."""
    state.defender = action.a
    state.attacked = True
    state.phase = ATTACKERS
    state.blocks_asked = False
    ev.append(new_event("attack", (T.attack_text, p, action.a), p, None, (T.attack_data, action.a)))


# ---------------------------------------------------------------------- attacker, done [KD-4, KD-X8]
def legal_attacker(state: KingdomState, p: int, out: list[KingdomAction]) -> None:
    """Each unpreoccupied card of ``p``'s kingdom may join the attack; ``done`` once one has [KD-4]."""
    out.extend(act(A.ATTACKER, c) for c in sorted(state.play[p]) if not state.busy[c])
    if state.attackers:
        out.append(act(A.DONE))


def explain_attacker(state: KingdomState, p: int, action: KingdomAction) -> tuple[str, str | None]:
    """``attacker C`` refused: not in the kingdom, or preoccupied [KD-4]."""
    c = action.a
    if c not in state.play[p]:
        return f"{NAME[c]} is not in play in your kingdom", "KD-4"
    return f"{NAME[c]} is preoccupied (or already attacking)", "KD-4"


def do_attacker(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``attacker C``: C joins the attack and becomes preoccupied [KD-4]."""
    c = action.a
    state.busy[c] = True
    state.attackers.append(c)
    state.blockers.append([])
    state.blocked.append(False)
    state.dealt.append([])
    ev.append(new_event("attacker", (T.attacker_text, p, state.defender, c), p, None, (T.card_data, c)))


def explain_done(state: KingdomState, p: int, action: KingdomAction) -> tuple[str, str | None]:
    """``done`` refused while declaring attackers before any [KD-X8]."""
    return "declare at least one attacker first: an attack, once declared, needs one", "KD-X8"


def do_done(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``done``: the attackers or the blockers are declared [KD-4]. The declaration stays
    open for everyone else until the responses to it are over (the combat then moves on by
    itself): its end is this player's own event [KD-X13]."""
    if d == D_ATTACKERS:
        ev.append(new_event("attackers_done", (T.attackers_done_text, p), p, frozenset((p,)), (T.no_data,)))
        state.phase = BLOCKERS
        flow.open_window(state, W_ATTACK, flow.others_from(state, state.turn_player))
    else:
        ev.append(new_event("blocks_done", (T.blockers_done_text, p), p, frozenset((p,)), (T.no_data,)))
        after_blocks(state)


# ---------------------------------------------------------------------- block [KD-4]
def legal_block(state: KingdomState, p: int, out: list[KingdomAction]) -> None:
    """Each unpreoccupied card of the defender may block one attacker; then ``done`` [KD-4]."""
    ready = [c for c in sorted(state.play[p]) if not state.busy[c]]
    out.extend(act(A.BLOCK, a, b) for a in state.attackers for b in ready)
    out.append(act(A.DONE))


def explain_block(state: KingdomState, p: int, action: KingdomAction) -> tuple[str, str | None]:
    """``block A with B`` refused: A not attacking, B not the defender's or busy [KD-4]."""
    a, b = action.a, action.b
    if a not in state.attackers:
        return f"{NAME[a]} is not attacking", "KD-4"
    if b not in state.play[p]:
        return f"{NAME[b]} is not in play in your kingdom", "KD-4"
    return f"{NAME[b]} is preoccupied (or already blocking); each blocker blocks one attacker", "KD-4"


def do_block(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``block A with B``: B blocks attacker A and becomes preoccupied [KD-4]."""
    a, b = action.a, action.b
    i = state.attackers.index(a)
    state.busy[b] = True
    state.blockers[i].append(b)
    state.blocked[i] = True
    state.dealt[i].append(0)
    ev.append(new_event("block", (T.block_text, p, a, b), p, None, (T.block_data, a, b)))


# ---------------------------------------------------------------------- assign [KD-6, KD-X8]
def legal_assign(state: KingdomState, out: list[KingdomAction]) -> None:
    """The damage the attacker being split deals to its next blocker: 0 to what is left [KD-6]."""
    a = state.attackers[state.split_i]
    b = state.blockers[state.split_i][state.split_j]
    left = RATING[a] - sum(state.dealt[state.split_i][: state.split_j])
    out.extend(act(A.ASSIGN, k, b) for k in range(left + 1))


def explain_assign(state: KingdomState, p: int, action: KingdomAction) -> tuple[str, str | None]:
    """``assign n to B`` refused: blocker by blocker [KD-X8], no more than is left [KD-6]."""
    a = state.attackers[state.split_i]
    b = state.blockers[state.split_i][state.split_j]
    left = RATING[a] - sum(state.dealt[state.split_i][: state.split_j])
    if action.b != b:
        return f"damage of {NAME[a]} is split blocker by blocker: now {NAME[b]}", "KD-X8"
    return f"{NAME[a]} has only {left} damage point(s) left to deal", "KD-6"


def do_assign(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``assign n to B``: the attacker splits an attacker's damage among its blockers [KD-6]."""
    state.dealt[state.split_i][state.split_j] = action.a
    ev.append(
        public(
            "assign",
            f"{_seat_name(p)} deals {action.a} of {NAME[state.attackers[state.split_i]]}'s damage to {NAME[action.b]}",
            p,
            blocker=NAME[action.b],
            damage=action.a,
        )
    )
    advance_split(state, state.split_j + 1)

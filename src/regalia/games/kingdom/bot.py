"""Kingdom's heuristic bot: builds an army, attacks where blockers are weak, blocks to kill or to
save territories, and keeps an Assassin for the biggest threat.

It reads only its seat's information set: ``infoset.summary`` (a :class:`KingdomSummary`, the
facts of the view it uses, as integers), ``infoset.legal_actions`` (and ``infoset.rng`` for
ties). Every choice is written as lean typed code that mypyc compiles: the bot is the search's
model of every later decision (``regalia.bots.ismcts``), so its speed is the search's.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Final

from regalia.bots.base import HeuristicBot as HeuristicBase
from regalia.core.bot import InfoSet
from regalia.games.kingdom import actions as A
from regalia.games.kingdom.actions import KingdomAction, act
from regalia.games.kingdom.cards import (
    COMBAT_RANK,
    IS_ACE,
    IS_ARMY,
    IS_NOBLE,
    JOKER,
    RANK,
    RATING,
    SUIT,
    TERRITORY_VALUE,
)
from regalia.games.kingdom.phases import C_ASSASSIN
from regalia.games.kingdom.summary import KingdomSummary

THREAT: Final = 9
"""An enemy card worth an Assassin: an Ace Champion or a soldier of at least this number."""


def value(c: int) -> int:
    """A rough worth of a card in play: soldiers their number, an Ace Champion 11, nobles 5."""
    if IS_NOBLE[c]:
        return 5
    return RATING[c]


class KingdomBot(HeuristicBase):
    """A rule-of-thumb Kingdom player (see ``docs/games/kingdom.md`` for its measured strength)."""

    def choose_unforced(self, infoset: InfoSet, legal: list[Any]) -> Any:
        """:func:`decide`'s choice from the summary, else the first legal action."""
        v: KingdomSummary = infoset.summary
        choice = decide(v, infoset.seat, legal)
        return choice if choice is not None else legal[0]


def decide(v: KingdomSummary, me: int, legal: list[KingdomAction]) -> KingdomAction | None:
    """The bot's choice for the decision of ``v`` (``None``: the first legal action)."""
    d = v.decision
    if d == "main":
        return _main(v, me, legal)
    if d == "attackers":
        return _attackers(v, me, legal)
    if d == "blockers":
        return _blockers(v, me, legal)
    if d == "split":
        return _split(v, legal)
    if d == "discard":
        return _discard(v, me, legal)
    if d == "respond":
        return _respond(v, me, legal)
    if d == "counter":
        return _counter(v, me, legal)
    if d == "target":
        return _target(v, me, legal)
    if d == "pick":
        return _pick(v, me, legal)
    raise ValueError(f"kingdom bot: no decision to make ({d!r})")


# ---------------------------------------------------------------------- reading the summary
def _cards(v: KingdomSummary, seat: int, ready_only: bool) -> list[int]:
    """``seat``'s cards in play (only the unpreoccupied ones with ``ready_only``), in order."""
    play = v.play[seat]
    if not ready_only:
        return list(play)
    ready = v.ready[seat]
    return [play[i] for i in range(len(play)) if ready[i]]


def _suits(v: KingdomSummary, seat: int, ready_only: bool) -> set[int]:
    """The suits ``seat``'s nobles in play have now (only the unpreoccupied ones with ``ready_only``)."""
    play = v.play[seat]
    ready = v.ready[seat]
    suits = v.suits[seat]
    return {suits[i] for i in range(len(play)) if IS_NOBLE[play[i]] and (ready[i] or not ready_only)}


def _hand_value(v: KingdomSummary, me: int, c: int) -> int:
    if c == JOKER:
        return 14
    if IS_ACE[c]:
        return 12
    if IS_NOBLE[c]:
        for x in v.play[me]:
            if RANK[x] == RANK[c]:
                return 1
        return 9
    return RANK[c] + (4 if SUIT[c] in _suits(v, me, False) else 0)


def _first_max(actions: list[KingdomAction], keys: list[int]) -> KingdomAction:
    """The first action of largest key (``max``'s choice)."""
    best = 0
    for i in range(1, len(keys)):
        if keys[i] > keys[best]:
            best = i
    return actions[best]


def _first_min(actions: list[KingdomAction], keys: list[int]) -> KingdomAction:
    """The first action of smallest key (``min``'s choice)."""
    best = 0
    for i in range(1, len(keys)):
        if keys[i] < keys[best]:
            best = i
    return actions[best]


# ---------------------------------------------------------------------- decisions
def _main(v: KingdomSummary, me: int, legal: list[KingdomAction]) -> KingdomAction | None:
    recruits: list[KingdomAction] = []
    plays: list[KingdomAction] = []
    brings: list[KingdomAction] = []
    changes: list[KingdomAction] = []
    assassins: list[KingdomAction] = []
    attacks: list[KingdomAction] = []
    for a in legal:
        k = a.kind
        if k == A.RECRUIT:
            recruits.append(a)
        elif k == A.PLAY:
            plays.append(a)
        elif k == A.BRING:
            brings.append(a)
        elif k == A.CHANGE:
            changes.append(a)
        elif k == A.ASSASSIN:
            assassins.append(a)
        elif k == A.ATTACK:
            attacks.append(a)
    hand = v.hand
    # recruit a strong enemy card
    if recruits:
        best = _first_max(recruits, [value(a.a) for a in recruits])
        if value(best.a) >= 6:
            return best
    # a noble that can bring the most of the army in hand
    if plays:
        army_suits = [SUIT[c] for c in hand if IS_ARMY[c]]
        return _first_max(plays, [army_suits.count(SUIT[a.a]) * 64 + RANK[a.a] for a in plays])
    if brings:
        aces = 0
        for c in hand:
            if IS_ACE[c]:
                aces += 1
        options = [a for a in brings if not IS_ACE[a.a] or aces >= 2]
        if options:
            return _first_max(options, [RATING[a.a] for a in options])
    if changes:
        ready_suits = _suits(v, me, True)
        ready = set(_cards(v, me, True))
        for a in changes:
            if a.a in ready and a.c not in ready_suits and _changes_for_army(hand, a.c, SUIT[a.b]):
                return a
    if assassins and _threat(v, me) >= 0:
        return assassins[0]
    if attacks:
        best_q, best_gain = -1, 0
        for a in attacks:
            q = a.a
            gain = 0
            for c in _safe_attackers(v, me, q):
                gain += TERRITORY_VALUE[c]
            if gain > 0 and (
                best_q < 0 or gain > best_gain or (gain == best_gain and -v.territories[q] > -v.territories[best_q])
            ):
                best_q, best_gain = q, gain
        if best_q >= 0:
            return act(A.ATTACK, best_q)
    return act(A.END)


def _changes_for_army(hand: list[int], to_suit: int, from_suit: int) -> bool:
    """Whether the hand holds a soldier of ``to_suit`` and none of ``from_suit`` (a suit change
    worth making: it lets a noble bring that soldier)."""
    wanted = False
    for c in hand:
        if IS_ARMY[c] and not IS_ACE[c]:
            if SUIT[c] == from_suit:
                return False
            if SUIT[c] == to_suit:
                wanted = True
    return wanted


def _safe_attackers(v: KingdomSummary, me: int, q: int) -> list[int]:
    """My ready cards that no single ready card of ``q`` can stop in a one-on-one."""
    blockers = _cards(v, q, True)
    mine = _cards(v, me, True)
    if not blockers:
        return mine
    top = 0
    for b in blockers:
        if COMBAT_RANK[b] > top:
            top = COMBAT_RANK[b]
    return [c for c in mine if not IS_NOBLE[c] and COMBAT_RANK[c] > top]


def _attackers(v: KingdomSummary, me: int, legal: list[KingdomAction]) -> KingdomAction | None:
    safe = set(_safe_attackers(v, me, v.defender))
    adds = [a for a in legal if a.kind == A.ATTACKER and a.a in safe]
    if adds:
        return _first_max(adds, [TERRITORY_VALUE[a.a] for a in adds])
    for a in legal:
        if a.kind == A.DONE:
            return act(A.DONE)
    cards = [a for a in legal if a.kind == A.ATTACKER]
    return _first_max(cards, [COMBAT_RANK[a.a] for a in cards])


def _blockers(v: KingdomSummary, me: int, legal: list[KingdomAction]) -> KingdomAction | None:
    ready = sorted({a.b for a in legal if a.kind == A.BLOCK}, key=lambda c: (value(c), COMBAT_RANK[c]))
    if not ready:
        return act(A.DONE)
    territories = v.territories[me]
    open_attackers = [a for i, a in enumerate(v.attackers) if not v.blockers[i]]
    incoming = 0
    for a in open_attackers:
        incoming += TERRITORY_VALUE[a]
    for a in sorted(open_attackers, key=lambda c: -TERRITORY_VALUE[c]):
        winners = [b for b in ready if COMBAT_RANK[b] > COMBAT_RANK[a]]
        if winners:
            return act(A.BLOCK, a, min(winners, key=lambda b: (COMBAT_RANK[b], value(b))))
        equal = [b for b in ready if COMBAT_RANK[b] == COMBAT_RANK[a]]
        if equal and TERRITORY_VALUE[a] >= 3:
            return act(A.BLOCK, a, equal[0])
        lethal = incoming >= territories
        cheap = [b for b in ready if value(b) < TERRITORY_VALUE[a] and not IS_NOBLE[b]]
        if cheap and (TERRITORY_VALUE[a] >= 4 or lethal):
            return act(A.BLOCK, a, cheap[0])
        if lethal:
            return act(A.BLOCK, a, ready[0])
    return act(A.DONE)


def _split(v: KingdomSummary, legal: list[KingdomAction]) -> KingdomAction | None:
    i = v.attackers.index(v.split_attacker)
    blockers = v.blockers[i][v.split_blocker :]
    left = max(a.a for a in legal)
    best: tuple[int, ...] = ()
    best_val = -1
    for k in range(len(blockers) + 1):
        for combo in combinations(range(len(blockers)), k):
            cost = 0
            val = 0
            for j in combo:
                cost += RATING[blockers[j]]
                val += value(blockers[j])
            if cost <= left and val > best_val:
                best, best_val = combo, val
    n = RATING[blockers[0]] if 0 in best else 0
    return KingdomAction(A.ASSIGN, min(n, left), blockers[0])


def _discard(v: KingdomSummary, me: int, legal: list[KingdomAction]) -> KingdomAction | None:
    return _first_min(legal, [_hand_value(v, me, a.a) for a in legal])


def _threat(v: KingdomSummary, me: int) -> int:
    """The most dangerous enemy card in play worth an Assassin, or -1."""
    best, best_val = -1, THREAT - 1
    if v.defender == me:
        for i, c in enumerate(v.attackers):
            if TERRITORY_VALUE[c] >= 6 and not v.blockers[i] and TERRITORY_VALUE[c] > best_val:
                best, best_val = c, TERRITORY_VALUE[c]
    for p in range(len(v.play)):
        if p == me or not v.alive[p]:
            continue
        for c in v.play[p]:
            if value(c) > best_val:
                best, best_val = c, value(c)
    return best


def _respond(v: KingdomSummary, me: int, legal: list[KingdomAction]) -> KingdomAction | None:
    if _threat(v, me) >= 0:
        for a in legal:
            if a.kind == A.ASSASSIN:
                return a
    return act(A.PASS)


def _target(v: KingdomSummary, me: int, legal: list[KingdomAction]) -> KingdomAction | None:
    t = _threat(v, me)
    if t >= 0:
        aimed = act(A.TARGET, t)
        if aimed in legal:
            return aimed
    mine = set(v.play[me])
    enemy = [a for a in legal if a.a not in mine]
    if enemy:
        return _first_max(enemy, [value(a.a) for a in enemy])
    return _first_min(legal, [value(a.a) for a in legal])


def _counter(v: KingdomSummary, me: int, legal: list[KingdomAction]) -> KingdomAction | None:
    counters = [a for a in legal if a.kind == A.COUNTER]
    if not counters:
        return act(A.PASS)
    kind, player, target = v.chain[-1]
    if kind != C_ASSASSIN or player == me:
        return act(A.PASS)
    if target >= 0 and target in v.play[me] and value(target) >= 6:
        return counters[0]
    # a counter against my own Assassin
    if len(v.chain) >= 2 and v.chain[-2][1] == me:
        return counters[0]
    return act(A.PASS)


def _pick(v: KingdomSummary, me: int, legal: list[KingdomAction]) -> KingdomAction | None:
    takes = [a for a in legal if a.kind == A.TAKE]
    if takes:
        best = _first_max(takes, [_hand_value(v, me, a.a) for a in takes])
        if _hand_value(v, me, best.a) >= 10:
            return best
    deck = act(A.TAKE_DECK)
    return deck if deck in legal else legal[0]

"""Kingdom's heuristic bot: builds an army, attacks where blockers are weak, blocks to kill or to
save territories, and keeps an Assassin for the biggest threat.

It reads only ``infoset.view`` and ``infoset.legal_actions`` (and ``infoset.rng`` for ties).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from regalia.bots.base import Bot, InfoSet
from regalia.games.kingdom import actions as A
from regalia.games.kingdom.actions import Action
from regalia.games.kingdom.cards import (
    COMBAT_RANK,
    IS_ACE,
    IS_ARMY,
    IS_NOBLE,
    JOKER,
    MAX_DECKS,
    RANK,
    RATING,
    SUIT,
    SUITS,
    TERRITORY_VALUE,
    parse_card,
)

THREAT = 9
"""An enemy card worth an Assassin: an Ace Champion or a soldier of at least this number."""


def _c(name: str) -> int:
    c = parse_card(name, MAX_DECKS)
    assert c is not None
    return c


def value(c: int) -> int:
    """A rough worth of a card in play: soldiers their number, an Ace Champion 11, nobles 5."""
    if IS_NOBLE[c]:
        return 5
    return RATING[c]


class KingdomHeuristicBot(Bot):
    """A rule-of-thumb Kingdom player (see ``docs/games/kingdom.md`` for its measured strength)."""

    name = "heuristic"

    def choose(self, infoset: InfoSet) -> Any:
        """The action to play, one of ``infoset.legal_actions``."""
        legal: list[Action] = infoset.legal_actions
        if len(legal) == 1:
            return legal[0]
        v = infoset.view
        me = infoset.seat
        d = v["decision"]
        handler = {
            "main": self._main,
            "attackers": self._attackers,
            "blockers": self._blockers,
            "split": self._split,
            "discard": self._discard,
            "respond": self._respond,
            "counter": self._counter,
            "target": self._target,
            "pick": self._pick,
        }[d]
        act = handler(v, me, legal)
        return act if act is not None else legal[0]

    # ------------------------------------------------------------------ reading the view
    @staticmethod
    def _cards(v: dict[str, Any], seat: int, ready_only: bool = False) -> list[int]:
        return [_c(x["card"]) for x in v["kingdoms"][seat]["in_play"] if not (ready_only and x["preoccupied"])]

    @staticmethod
    def _hand(v: dict[str, Any]) -> list[int]:
        return [_c(x) for x in v["hand"]]

    @staticmethod
    def _suits(v: dict[str, Any], seat: int, ready_only: bool) -> set[int]:
        return {
            SUITS.index(x["suit"])
            for x in v["kingdoms"][seat]["in_play"]
            if IS_NOBLE[_c(x["card"])] and not (ready_only and x["preoccupied"])
        }

    def _hand_value(self, v: dict[str, Any], me: int, c: int) -> int:
        if c == JOKER:
            return 14
        if IS_ACE[c]:
            return 12
        mine = self._cards(v, me)
        if IS_NOBLE[c]:
            return 1 if any(RANK[x] == RANK[c] for x in mine) else 9
        return RANK[c] + (4 if SUIT[c] in self._suits(v, me, False) else 0)

    # ------------------------------------------------------------------ decisions
    def _main(self, v: dict[str, Any], me: int, legal: list[Action]) -> Action | None:
        by_kind: dict[int, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        hand = self._hand(v)
        # recruit a strong enemy card
        if A.RECRUIT in by_kind:
            best = max(by_kind[A.RECRUIT], key=lambda a: value(a.a))
            if value(best.a) >= 6:
                return best
        # a noble that can bring the most of the army in hand
        if A.PLAY in by_kind:
            army_suits = [SUIT[c] for c in hand if IS_ARMY[c]]
            return max(by_kind[A.PLAY], key=lambda a: (army_suits.count(SUIT[a.a]), RANK[a.a]))
        if A.BRING in by_kind:
            aces = sum(1 for c in hand if IS_ACE[c])
            options = [a for a in by_kind[A.BRING] if not IS_ACE[a.a] or aces >= 2]
            if options:
                return max(options, key=lambda a: RATING[a.a])
        if A.CHANGE in by_kind:
            ready_suits = self._suits(v, me, True)
            ready = set(self._cards(v, me, ready_only=True))
            for a in by_kind[A.CHANGE]:
                t_ready = a.a in ready
                if (
                    t_ready
                    and a.c not in ready_suits
                    and any(IS_ARMY[c] and not IS_ACE[c] and SUIT[c] == a.c for c in hand)
                    and not any(IS_ARMY[c] and not IS_ACE[c] and SUIT[c] == SUIT[a.b] for c in hand)
                ):
                    return a
        if A.ASSASSIN in by_kind and self._threat(v, me) is not None:
            return by_kind[A.ASSASSIN][0]
        if A.ATTACK in by_kind:
            best_q, best_gain = None, 0
            for a in by_kind[A.ATTACK]:
                q = a.a
                gain = sum(TERRITORY_VALUE[c] for c in self._safe_attackers(v, me, q))
                gain_key = (gain, -v["kingdoms"][q]["territories"])
                if gain > 0 and (best_q is None or gain_key > (best_gain, -v["kingdoms"][best_q]["territories"])):
                    best_q, best_gain = q, gain
            if best_q is not None:
                return Action(A.ATTACK, best_q)
        return Action(A.END)

    def _safe_attackers(self, v: dict[str, Any], me: int, q: int) -> list[int]:
        """My ready cards that no single ready card of ``q`` can stop in a one-on-one."""
        blockers = self._cards(v, q, ready_only=True)
        top = max((COMBAT_RANK[b] for b in blockers), default=0)
        mine = self._cards(v, me, ready_only=True)
        if not blockers:
            return mine
        return [c for c in mine if not IS_NOBLE[c] and COMBAT_RANK[c] > top]

    def _attackers(self, v: dict[str, Any], me: int, legal: list[Action]) -> Action | None:
        q = v["combat"]["defender"]
        safe = set(self._safe_attackers(v, me, q))
        adds = [a for a in legal if a.kind == A.ATTACKER and a.a in safe]
        if adds:
            return max(adds, key=lambda a: TERRITORY_VALUE[a.a])
        if any(a.kind == A.DONE for a in legal):
            return Action(A.DONE)
        return max((a for a in legal if a.kind == A.ATTACKER), key=lambda a: COMBAT_RANK[a.a])

    def _blockers(self, v: dict[str, Any], me: int, legal: list[Action]) -> Action | None:
        combat = v["combat"]
        ready = sorted({a.b for a in legal if a.kind == A.BLOCK}, key=lambda c: (value(c), COMBAT_RANK[c]))
        if not ready:
            return Action(A.DONE)
        territories = v["kingdoms"][me]["territories"]
        open_attackers = [_c(x["card"]) for x in combat["attackers"] if not x["blockers"]]
        incoming = sum(TERRITORY_VALUE[a] for a in open_attackers)
        for a in sorted(open_attackers, key=lambda c: -TERRITORY_VALUE[c]):
            winners = [b for b in ready if COMBAT_RANK[b] > COMBAT_RANK[a]]
            if winners:
                return Action(A.BLOCK, a, min(winners, key=lambda b: (COMBAT_RANK[b], value(b))))
            equal = [b for b in ready if COMBAT_RANK[b] == COMBAT_RANK[a]]
            if equal and TERRITORY_VALUE[a] >= 3:
                return Action(A.BLOCK, a, equal[0])
            lethal = incoming >= territories
            cheap = [b for b in ready if value(b) < TERRITORY_VALUE[a] and not IS_NOBLE[b]]
            if cheap and (TERRITORY_VALUE[a] >= 4 or lethal):
                return Action(A.BLOCK, a, cheap[0])
            if lethal:
                return Action(A.BLOCK, a, ready[0])
        return Action(A.DONE)

    def _split(self, v: dict[str, Any], me: int, legal: list[Action]) -> Action | None:
        combat = v["combat"]
        info = next(x for x in combat["attackers"] if x["card"] == combat["splitting"]["attacker"])
        j = combat["splitting"]["blocker"]
        blockers = [_c(b) for b in info["blockers"]][j:]
        left = max(a.a for a in legal)
        best: tuple[int, ...] = ()
        best_val = -1
        for k in range(len(blockers) + 1):
            for combo in combinations(range(len(blockers)), k):
                cost = sum(RATING[blockers[i]] for i in combo)
                val = sum(value(blockers[i]) for i in combo)
                if cost <= left and val > best_val:
                    best, best_val = combo, val
        n = RATING[blockers[0]] if 0 in best else 0
        return Action(A.ASSIGN, min(n, left), blockers[0])

    def _discard(self, v: dict[str, Any], me: int, legal: list[Action]) -> Action | None:
        return min(legal, key=lambda a: self._hand_value(v, me, a.a))

    def _threat(self, v: dict[str, Any], me: int) -> int | None:
        """The most dangerous enemy card in play worth an Assassin, if any."""
        best, best_val = None, THREAT - 1
        combat = v["combat"]
        if combat and combat["defender"] == me:
            for x in combat["attackers"]:
                c = _c(x["card"])
                if TERRITORY_VALUE[c] >= 6 and not x["blockers"] and TERRITORY_VALUE[c] > best_val:
                    best, best_val = c, TERRITORY_VALUE[c]
        for k in v["kingdoms"]:
            if k["seat"] == me or not k["alive"]:
                continue
            for x in k["in_play"]:
                c = _c(x["card"])
                if value(c) > best_val:
                    best, best_val = c, value(c)
        return best

    def _respond(self, v: dict[str, Any], me: int, legal: list[Action]) -> Action | None:
        if self._threat(v, me) is not None:
            for a in legal:
                if a.kind == A.ASSASSIN:
                    return a
        return Action(A.PASS)

    def _target(self, v: dict[str, Any], me: int, legal: list[Action]) -> Action | None:
        t = self._threat(v, me)
        if t is not None and Action(A.TARGET, t) in legal:
            return Action(A.TARGET, t)
        mine = set(self._cards(v, me))
        enemy = [a for a in legal if a.a not in mine]
        if enemy:
            return max(enemy, key=lambda a: value(a.a))
        return min(legal, key=lambda a: value(a.a))

    def _counter(self, v: dict[str, Any], me: int, legal: list[Action]) -> Action | None:
        counters = [a for a in legal if a.kind == A.COUNTER]
        if not counters:
            return Action(A.PASS)
        top = v["chain"][-1]
        if top["kind"] != "assassin" or top["player"] == me:
            return Action(A.PASS)
        target = top["target"]
        mine = {x["card"] for x in v["kingdoms"][me]["in_play"]}
        if target in mine and value(_c(target)) >= 6:
            return counters[0]
        # a counter against my own Assassin
        if len(v["chain"]) >= 2 and v["chain"][-2]["player"] == me:
            return counters[0]
        return Action(A.PASS)

    def _pick(self, v: dict[str, Any], me: int, legal: list[Action]) -> Action | None:
        takes = [a for a in legal if a.kind == A.TAKE]
        if takes:
            best = max(takes, key=lambda a: self._hand_value(v, me, a.a))
            if self._hand_value(v, me, best.a) >= 10:
                return best
        return Action(A.TAKE_DECK) if Action(A.TAKE_DECK) in legal else legal[0]

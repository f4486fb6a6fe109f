"""The Blood & Fortune heuristic bot: it estimates everyone's round score from what its seat has
seen and plays to lead by the widest margin.

It reads only its seat's information set: ``infoset.summary`` (a :class:`BloodAndFortuneSummary`,
the facts of the view it uses) and ``infoset.legal_actions``. The estimate: every face-down card
in an area has a public house (BF-X4); its value is known when this seat has seen it (own area,
cards it gave, peeks), else it is a double with the probability left for that house after the
cards this seat knows. A card counts fully unless a double lies to its right, now or later (later
cards are expected at the rate of the Offer turns left). Each seat's estimate is its area plus its
house's cards elsewhere, plus its total so far. The bot then picks the action whose expected
result maximizes ``own estimate - best other estimate``: it offers to players who are not leading,
keeps its doubles for its last turns (when they are less likely to be wiped), keeps the card that
helps it most, and uses Special Actions and roles when they help.

Compiled with the rules: the bot is the search's model of every later decision
(``regalia.bots.ismcts``), so its speed is the search's. The estimate of an area with one card
more is computed without copying the areas, in the same order of operations as on a copy, so
every score is the same float as before.
"""

from __future__ import annotations

from typing import Any, Final

from regalia.bots.base import HeuristicBot as HeuristicBase
from regalia.core.bot import InfoSet
from regalia.games.blood_and_fortune.actions import GIVE, KEEP, OFFER, PASS, PLACE, SPECIAL, TAKE, BloodAndFortuneAction
from regalia.games.blood_and_fortune.cards import (
    HOUSE_OF,
    IS_DOUBLE,
    NUM_HOUSES,
    ROLES,
    SPECIAL_ACTIONS,
    Effect,
    is_role,
)
from regalia.games.blood_and_fortune.summary import BloodAndFortuneSummary

Entry = tuple[int, float]  # (house, probability of a double); a known card has 0.0 or 1.0
_FUTURE_DOUBLE: Final = 0.4
"""Chance that a card still to come into an area is a double."""
_NO_ENTRY: Final = -1
"""``extra_q`` of :meth:`_Board.estimates` when no card is added."""


class _Board:
    """The bot's picture of the round: areas of (house, P(double)) entries and totals.

    Attributes:
        n: the number of seats. seat: the bot's seat.
        owner: the seat of each house (0-based), -1 for a house nobody plays.
        areas: each area's entries, oldest first.
        base: each seat's total so far plus this round's bonuses (the estimates' start).
        survive0: the chance that no double comes later into an area.
    """

    def __init__(self, s: BloodAndFortuneSummary, seat: int) -> None:
        n = s.players
        self.n = n
        self.seat = seat
        owner = [-1] * NUM_HOUSES
        for p in range(len(s.houses)):
            owner[s.houses[p]] = p
        self.owner = owner
        known = [0] * NUM_HOUSES
        doubles = [0] * NUM_HOUSES
        for area in s.areas:
            for h, pd in area:
                if pd >= 0:
                    known[h] += 1
                    doubles[h] += int(pd)
        for c in s.hand:
            if not is_role(c):
                known[HOUSE_OF[c]] += 1
                doubles[HOUSE_OF[c]] += int(IS_DOUBLE[c])
        p_double = [0.0] * NUM_HOUSES
        for h in s.houses:
            left = 5 - known[h]
            p_double[h] = max(0.0, (2 - doubles[h]) / left) if left > 0 else 0.0
        self.areas: list[list[Entry]] = [[(h, pd if pd >= 0 else p_double[h]) for h, pd in area] for area in s.areas]
        turns_left = max(0, 3 * n - s.offer_turn)
        future = turns_left / n
        self.survive0: float = (1.0 - _FUTURE_DOUBLE) ** future
        bonus = [0.0] * n
        for b_seat, amount, cond in s.bonuses:
            if cond == "" or (cond == "ring" and s.ring == b_seat):
                bonus[b_seat] += amount
        self.base = [float(s.totals[q]) + bonus[q] for q in range(n)]
        self._estimates: list[float] | None = None

    def estimates(self, areas: list[list[Entry]], extra_q: int, extra: Entry) -> list[float]:
        """Each seat's expected total after this round, with the areas ``areas`` — and the entry
        ``extra`` added as the newest card of area ``extra_q`` (``_NO_ENTRY``: none)."""
        est = list(self.base)
        survive0 = self.survive0
        owner = self.owner
        for q in range(len(areas)):
            area = areas[q]
            survive = survive0
            if q == extra_q:
                h, pd = extra
                v = (1.0 - pd) + pd * 2.0 * survive
                survive *= 1.0 - pd
                est[q] += v
                o = owner[h]
                if o >= 0 and o != q:
                    est[o] += v
            i = len(area) - 1
            while i >= 0:
                h, pd = area[i]
                v = (1.0 - pd) + pd * 2.0 * survive
                survive *= 1.0 - pd
                est[q] += v
                o = owner[h]
                if o >= 0 and o != q:
                    est[o] += v
                i -= 1
        return est

    def lead(self, est: list[float], extra: float) -> float:
        """The bot's estimate plus ``extra``, less the best other seat's."""
        me = est[self.seat] + extra
        best = 0.0
        first = True
        for q in range(len(est)):
            if q != self.seat and (first or est[q] > best):
                best = est[q]
                first = False
        return me - best

    def margin(self, extra: float = 0.0) -> float:
        """The lead on the areas as they are (plus ``extra`` for the bot)."""
        est = self._estimates
        if est is None:
            est = self._estimates = self.estimates(self.areas, _NO_ENTRY, (0, 0.0))
        return self.lead(est, extra)

    def margin_with(self, q: int, card: int) -> float:
        """The lead once ``card`` lies newest in ``q``'s area."""
        entry = (HOUSE_OF[card], 1.0 if IS_DOUBLE[card] else 0.0)
        return self.lead(self.estimates(self.areas, q, entry), 0.0)

    def margin_of(self, areas: list[list[Entry]]) -> float:
        """The lead on other areas (an effect's result)."""
        return self.lead(self.estimates(areas, _NO_ENTRY, (0, 0.0)), 0.0)


def _hand_potential(cards: list[int], turns_left: int) -> float:
    """What the cards kept in hand are worth for the offers still to come (doubles survive less)."""
    vals = sorted((1.6 if IS_DOUBLE[c] else 1.0) for c in cards if not is_role(c))
    vals.reverse()
    return sum(vals[:turns_left])


class BloodAndFortuneBot(HeuristicBase):
    """Plays to maximize its estimated lead (see the module docstring). Uses only the summary."""

    def choose_unforced(self, infoset: InfoSet, legal: list[Any]) -> Any:
        """A Role card's placing or taking at random; otherwise the action of the best
        estimated lead (ties broken at random)."""
        kind = legal[0].kind
        if kind in (PLACE, TAKE):
            return infoset.rng.choice(legal)
        s: BloodAndFortuneSummary = infoset.summary
        seat = infoset.seat
        board = _Board(s, seat)
        rng = infoset.rng
        best: BloodAndFortuneAction = legal[0]
        best_score = float("-inf")
        my_turns_left = 3 - s.turns_taken - (1 if s.decision == "offer" else 0)
        for a in legal:
            score = _score(a, board, s, seat, s.hand, my_turns_left)
            score += rng.random() * 1e-6
            if score > best_score:
                best, best_score = a, score
        return best


def _score(
    a: BloodAndFortuneAction, board: _Board, s: BloodAndFortuneSummary, seat: int, hand: list[int], turns_left: int
) -> float:
    k = a.kind
    if k == OFFER:
        total = 0.0
        count = 1 if a.b < 0 else 2
        for i in range(count):
            kept = a.a if i == 0 else a.b
            rest = [c for c in hand if c != kept]
            if is_role(kept):
                # a kept role brings an Influence card of the recipient's house into our area
                value = board.margin(1.0)
            else:
                value = board.margin_with(a.seat, kept)
            total += value + _hand_potential(rest, turns_left)
        return total / count
    if k == KEEP:
        if is_role(a.a):
            return board.margin(0.5)
        return board.margin_with(seat, a.a)
    if k == GIVE:
        offerer = s.pending_from if s.pending_from >= 0 else (seat + 1) % s.players
        return board.margin_with(offerer, a.a)
    if k == PASS:
        return board.margin()
    eff = SPECIAL_ACTIONS[s.score_card] if k == SPECIAL else ROLES[s.resolving]
    return _effect_value(board, eff, seat, a) - (0.05 if k == SPECIAL and s.decision == "offer" else 0.0)


def _effect_value(board: _Board, eff: Effect, seat: int, a: BloodAndFortuneAction) -> float:
    """The margin after a house-rule effect (an estimate on the bot's board)."""
    areas = [list(x) for x in board.areas]
    target = seat if eff.target == "self" else a.seat
    op = eff.op
    if op == "swap_newest":
        areas[target][-1], areas[target][-2] = areas[target][-2], areas[target][-1]
    elif op == "rightmost_to_left":
        areas[target].insert(0, areas[target].pop())
    elif op == "leftmost_to_right":
        areas[target].append(areas[target].pop(0))
    elif op == "envoy":
        areas[target].append(areas[seat].pop())
    elif op == "discard_newest":
        areas[target].pop()
    elif op == "lose_doubles":
        areas[target] = [(h, 0.0) for h, pd in areas[target] if pd < 1.0]
    elif op in ("bonus", "penalty"):
        est = board.estimates(areas, _NO_ENTRY, (0, 0.0))
        est[target] += eff.amount if op == "bonus" else -eff.amount
        return board.lead(est, 0.0)
    elif op in ("peek_area", "peek_hand"):
        return board.margin() + 0.1
    return board.margin_of(areas) + (0.1 if op in ("keep_doubles", "take_ring", "regent") else 0.0)


__all__ = ["BloodAndFortuneBot"]

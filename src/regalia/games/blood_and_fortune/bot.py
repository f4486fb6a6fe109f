"""The Blood & Fortune heuristic bot: it estimates everyone's round score from what its seat has
seen and plays to lead by the widest margin.

It uses only ``infoset.view`` and ``infoset.legal_actions``. The estimate: every face-down card
in an area has a public house (BF-X4); its value is known when this seat has seen it (own area,
cards it gave, peeks), else it is a double with the probability left for that house after the
cards this seat knows. A card counts fully unless a double lies to its right, now or later (later
cards are expected at the rate of the Offer turns left). Each seat's estimate is its area plus its
house's cards elsewhere, plus its total so far. The bot then picks the action whose expected
result maximizes ``own estimate - best other estimate``: it offers to players who are not leading,
keeps its doubles for its last turns (when they are less likely to be wiped), keeps the card that
helps it most, and uses Special Actions and roles when they help.
"""

from __future__ import annotations

from typing import Any

from regalia.bots.base import Bot, InfoSet
from regalia.games.blood_and_fortune.actions import GIVE, KEEP, OFFER, PASS, PLACE, SPECIAL, TAKE, Action
from regalia.games.blood_and_fortune.cards import CARD_NAMES, HOUSE_OF, IS_DOUBLE, ROLES, SPECIAL_ACTIONS, is_role

Entry = tuple[int, float]  # (house, probability of a double); a known card has 0.0 or 1.0
_FUTURE_DOUBLE = 0.4  # chance that a card still to come into an area is a double


def _parse_entry(text: str) -> Entry:
    if text.endswith("?"):
        return (int(text[1]) - 1, -1.0)
    c = CARD_NAMES.index(text)
    return (HOUSE_OF[c], 1.0 if IS_DOUBLE[c] else 0.0)


class _Board:
    """The bot's picture of the round: areas of (house, P(double)) entries and totals."""

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.n: int = view["players"]
        self.seat = seat
        self.houses = [int(h[1:]) - 1 for h in view["houses"]]
        self.seat_of_house = {h: p for p, h in enumerate(self.houses)}
        self.totals: list[int] = list(view["totals"])
        raw = [[_parse_entry(e) for e in area] for area in view["areas"]]
        known = {h: [0, 0] for h in self.houses}  # house -> [known cards, known doubles]
        for area in raw:
            for h, pd in area:
                if pd >= 0:
                    known[h][0] += 1
                    known[h][1] += int(pd)
        for name in view["hand"] or []:
            c = CARD_NAMES.index(name)
            if not is_role(c):
                known[HOUSE_OF[c]][0] += 1
                known[HOUSE_OF[c]][1] += int(IS_DOUBLE[c])
        self.p_double = {}
        for h, (k, d) in known.items():
            left = 5 - k
            self.p_double[h] = max(0.0, (2 - d) / left) if left > 0 else 0.0
        self.areas = [[(h, pd if pd >= 0 else self.p_double[h]) for h, pd in area] for area in raw]
        turns_left = max(0, 3 * self.n - int(view["offer_turn"]))
        self.future = turns_left / self.n
        self.bonus = [0.0] * self.n
        for s, amount, cond in (view.get("special_actions") or {}).get("bonuses", []):
            if cond == "" or (cond == "ring" and view["ring"] == s):
                self.bonus[s] += amount

    def estimates(self, areas: list[list[Entry]] | None = None) -> list[float]:
        """Each seat's expected total after this round."""
        areas = self.areas if areas is None else areas
        est = [float(t) + b for t, b in zip(self.totals, self.bonus, strict=True)]
        survive0 = (1.0 - _FUTURE_DOUBLE) ** self.future
        for q, area in enumerate(areas):
            survive = survive0
            for h, pd in reversed(area):
                v = (1.0 - pd) + pd * 2.0 * survive
                survive *= 1.0 - pd
                est[q] += v
                owner = self.seat_of_house.get(h, -1)
                if owner >= 0 and owner != q:
                    est[owner] += v
        return est

    def margin(self, areas: list[list[Entry]] | None = None, extra: float = 0.0) -> float:
        est = self.estimates(areas)
        me = est[self.seat] + extra
        return me - max(e for q, e in enumerate(est) if q != self.seat)

    def with_card(self, q: int, card: int) -> list[list[Entry]]:
        areas = [list(a) for a in self.areas]
        areas[q].append((HOUSE_OF[card], 1.0 if IS_DOUBLE[card] else 0.0))
        return areas


def _hand_potential(cards: list[int], turns_left: int) -> float:
    """What the cards kept in hand are worth for the offers still to come (doubles survive less)."""
    vals = sorted((1.6 if IS_DOUBLE[c] else 1.0) for c in cards if not is_role(c))
    vals.reverse()
    return sum(vals[:turns_left])


class HeuristicBot(Bot):
    """Plays to maximize its estimated lead (see the module docstring). Uses only the view."""

    name = "heuristic"

    def choose(self, infoset: InfoSet) -> Any:
        legal: list[Action] = infoset.legal_actions
        if len(legal) == 1:
            return legal[0]
        view = infoset.view
        seat = infoset.seat
        board = _Board(view, seat)
        kind = legal[0].kind
        if kind in (PLACE, TAKE):
            return infoset.rng.choice(legal)
        best: Action = legal[0]
        best_score = float("-inf")
        n = view["players"]
        my_turns_left = 3 - view["turns_taken"][seat] - (1 if view["decision"] == "offer" else 0)
        hand = [CARD_NAMES.index(x) for x in view["hand"] or []]
        for a in legal:
            score = self._score(a, board, view, seat, n, hand, my_turns_left)
            score += infoset.rng.random() * 1e-6
            if score > best_score:
                best, best_score = a, score
        return best

    def _score(
        self, a: Action, board: _Board, view: dict[str, Any], seat: int, n: int, hand: list[int], turns_left: int
    ) -> float:
        k = a.kind
        if k == OFFER:
            cards = [a.a] if a.b < 0 else [a.a, a.b]
            total = 0.0
            for kept in cards:
                rest = [c for c in hand if c != kept]
                if is_role(kept):
                    # a kept role brings an Influence card of the recipient's house into our area
                    value = board.margin(extra=1.0)
                else:
                    value = board.margin(board.with_card(a.seat, kept))
                total += value + _hand_potential(rest, turns_left)
            return total / len(cards)
        if k == KEEP:
            if is_role(a.a):
                return board.margin(extra=0.5)
            return board.margin(board.with_card(seat, a.a))
        if k == GIVE:
            offerer = view["pending_offer"]["from"] if view.get("pending_offer") else (seat + 1) % n
            return board.margin(board.with_card(offerer, a.a))
        if k == PASS:
            return board.margin()
        eff = SPECIAL_ACTIONS[int(view["score_cards"][seat][1:]) - 1] if k == SPECIAL else ROLES[_resolving(view)]
        return _effect_value(board, eff, seat, a) - (0.05 if k == SPECIAL and view["decision"] == "offer" else 0.0)


def _resolving(view: dict[str, Any]) -> int:
    return int(view["roles"]["resolving"][1:]) - 1


def _effect_value(board: _Board, eff: Any, seat: int, a: Action) -> float:
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
        est = board.estimates(areas)
        est[target] += eff.amount if op == "bonus" else -eff.amount
        me = est[seat]
        return me - max(e for q, e in enumerate(est) if q != seat)
    elif op in ("peek_area", "peek_hand"):
        return board.margin() + 0.1
    return board.margin(areas) + (0.1 if op in ("keep_doubles", "take_ring", "regent") else 0.0)


__all__ = ["HeuristicBot"]

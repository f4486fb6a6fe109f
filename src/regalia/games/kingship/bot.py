"""A heuristic Kingship bot: shed cards, play pairs for strong abilities, block with Knights, hunt
titles, harm the player closest to winning, and pass laws that win the game for itself.

It reads only ``infoset.view`` and ``infoset.legal_actions``.
"""

from __future__ import annotations

from typing import Any

from regalia.bots.base import Bot, InfoSet
from regalia.games.kingship import actions as A
from regalia.games.kingship.actions import Act
from regalia.games.kingship.cards import OUTLAW, VALUE, parse_card

# value bonus of a play: (single, pair) [Angel, Messenger, Farmer, Poacher, Priest, Demon, Merchant,
# Wizard, Witch, Knight, Prince, Queen, Emperor]
_BONUS = {
    1: (1.5, 1.0),
    2: (1.2, 0.8),
    3: (0.0, 0.0),
    4: (0.2, 0.6),
    5: (0.6, 0.2),
    6: (0.3, 1.2),
    7: (0.0, 0.5),
    8: (0.4, 0.6),
    9: (0.7, 0.2),
    10: (-1.5, 2.5),
    11: (0.5, 1.5),
    12: (1.0, 1.0),
    13: (0.8, 1.2),
}


class HeuristicBot(Bot):
    """Greedy rules of thumb for every Kingship decision (see module docstring)."""

    name = "heuristic"

    def choose(self, infoset: InfoSet) -> Any:
        """The action for this decision, chosen from ``infoset.view`` and ``infoset.legal_actions`` only."""
        view = infoset.view
        legal: list[Act] = infoset.legal_actions
        if len(legal) == 1:
            return legal[0]
        kind = view["decision"]
        handler = getattr(self, "_" + str(kind), None)
        if handler is not None:
            choice = handler(view, legal, infoset.seat)
            if choice is not None and choice in legal:
                return choice
        return self._default(legal)

    # ---------------------------------------------------------------- helpers
    @staticmethod
    def _default(legal: list[Act]) -> Act:
        for a in legal:
            if a.kind == A.PASS:
                return a
        return legal[0]

    @staticmethod
    def _leader(view: dict[str, Any], me: int) -> int:
        sizes = view["hand_sizes"]
        others = [s for s in range(view["players"]) if s != me]
        return min(others, key=lambda s: (sizes[s], s))

    @staticmethod
    def _worst_card(view: dict[str, Any], kinds: list[int]) -> int:
        """The card of ``kinds`` least useful to keep: not a Knight or Outlaw, no pair partner."""
        hand = [parse_card(c) for c in view["hand"]]
        count = {v: sum(1 for k in hand if VALUE[k] == v) for v in range(1, 15)}

        def keep_value(k: int) -> float:
            """How much keeping card ``k`` is worth (higher: keep)."""
            if k == OUTLAW:
                return 10.0
            v = VALUE[k]
            return (3.0 if v == 10 else 0.0) + count.get(v, 0) + _BONUS[v][0] * 0.1

        return min(kinds, key=keep_value)

    # ---------------------------------------------------------------- phase 2
    def _main(self, view: dict[str, Any], legal: list[Act], me: int) -> Act | None:
        hand_size = len(view["hand"])
        plays = [a for a in legal if a.kind in (A.PLAY, A.PAIR)]
        if not plays:
            return None
        can_win = not any("nobody can win" in law or f"P{me} cannot win" in law for law in view["laws"])
        best, best_score = None, -99.0
        for a in plays:
            cards = [a.a] if a.kind == A.PLAY else A.pair_cards(a)
            n = len(cards)
            if n == hand_size and can_win:
                return a
            if cards[0] == OUTLAW:
                score = -2.0
            else:
                v = VALUE[cards[0]]
                score = n + _BONUS[v][1 if n >= 2 else 0]
            if score > best_score:
                best, best_score = a, score
        if best_score < 0 and not view["drawn_this_turn"]:
            return Act(A.DRAW)
        return best

    # ---------------------------------------------------------------- targets and windows
    def _target(self, view: dict[str, Any], legal: list[Act], me: int) -> Act | None:
        sizes = view["hand_sizes"]
        opts = [a for a in legal if a.a != me] or legal
        return min(opts, key=lambda a: (sizes[a.a], a.a))

    def _dq(self, view: dict[str, Any], legal: list[Act], me: int) -> Act | None:
        return Act(A.FORBID) if view["decision_info"].get("target") == me else Act(A.PASS)

    def _outlaw(self, view: dict[str, Any], legal: list[Act], me: int) -> Act | None:
        if view["decision_info"].get("target") != me:
            return Act(A.PASS)
        sizes = view["hand_sizes"]
        opts = [a for a in legal if a.kind == A.REDIRECT and a.a != me]
        return min(opts, key=lambda a: (sizes[a.a], a.a)) if opts else None

    def _reroute(self, view: dict[str, Any], legal: list[Act], me: int) -> Act | None:
        sizes = view["hand_sizes"]
        opts = [a for a in legal if a.a != me] or legal
        return min(opts, key=lambda a: (sizes[a.a], a.a))

    def _knight(self, view: dict[str, Any], legal: list[Act], me: int) -> Act | None:
        blocks = [a for a in legal if a.kind == A.BLOCK]
        return blocks[0] if blocks else None

    def _lq(self, view: dict[str, Any], legal: list[Act], me: int) -> Act | None:
        return Act(A.CHOICE, A.PREVENT) if view["decision_info"].get("drawer") == me else Act(A.PASS)

    # ---------------------------------------------------------------- card choices
    def _card_choice(self, view: dict[str, Any], legal: list[Act], me: int) -> Act | None:
        cards = [a for a in legal if a.kind == A.CARD]
        if not cards:
            return None
        k = self._worst_card(view, [a.b for a in cards])
        return next(a for a in cards if a.b == k)

    _give = _give_exile = _place = _m_return = _exile = _card_choice

    def _poach(self, view: dict[str, Any], legal: list[Act], me: int) -> Act | None:
        return self._card_choice(view, legal, me)

    def _tax(self, view: dict[str, Any], legal: list[Act], me: int) -> Act | None:
        return self._card_choice(view, legal, me) or Act(A.DRAW)

    def _m_take(self, view: dict[str, Any], legal: list[Act], me: int) -> Act | None:
        for a in legal:
            if a.b == OUTLAW or VALUE[a.b] == 10:
                return a
        return legal[0]

    def _farmer(self, view: dict[str, Any], legal: list[Act], me: int) -> Act | None:
        return Act(A.CHOICE, A.REVEAL)

    def _spec(self, view: dict[str, Any], legal: list[Act], me: int) -> Act | None:
        if view["hand"]:
            k = self._worst_card(view, [parse_card(c) for c in view["hand"]])
            want = Act(A.NAME_SPEC, VALUE[k] * 4 + (k % 3) + 1 if k != OUTLAW else 14 * 4)
            if want in legal:
                return want
        return legal[0]

    def _prince_title(self, view: dict[str, Any], legal: list[Act], me: int) -> Act | None:
        for t in (1, 2, 4, 3):
            if Act(A.TITLE, t) in legal:
                return Act(A.TITLE, t)
        return None

    def _queen(self, view: dict[str, Any], legal: list[Act], me: int) -> Act | None:
        return self._prince_title(view, legal, me)

    def _extra(self, view: dict[str, Any], legal: list[Act], me: int) -> Act | None:
        return Act(A.CHOICE, A.AGAIN)

    def _priest_draw(self, view: dict[str, Any], legal: list[Act], me: int) -> Act | None:
        return Act(A.PASS)

    # ---------------------------------------------------------------- laws
    def _law(self, view: dict[str, Any], legal: list[Act], me: int) -> Act | None:
        mine = Act(A.LAW, A.L_WINS, me)
        if mine in legal:
            return mine
        exact = Act(A.LAW, A.L_EXACTLY, len(view["hand"]))
        if exact in legal:
            return exact
        return Act(A.PASS)

    def _vote(self, view: dict[str, Any], legal: list[Act], me: int) -> Act | None:
        law = str(view["decision_info"].get("law", ""))
        words = law.split()
        good = True
        if words and words[0] == "exactly":
            good = int(words[1]) == len(view["hand"]) and view["turn_player"] == me
        elif words and words[0] == "wins":
            good = words[1] == f"P{me}"
        elif words and words[0] in ("no-winner", "cannot-win"):
            good = words[0] == "cannot-win" and words[1] != f"P{me}"
        return Act(A.CHOICE, A.APPROVE if good else A.DENY)

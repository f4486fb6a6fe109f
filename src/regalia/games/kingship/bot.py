"""A heuristic Kingship bot: shed cards, play pairs for strong abilities, block with Knights, hunt
titles, harm the player closest to winning, and pass laws that win the game for itself.

It reads only its seat's information set: ``infoset.summary`` (a :class:`KingshipSummary`, the
facts of the view it uses) and ``infoset.legal_actions``. Written as lean typed code that mypyc
compiles: the bot is the search's model of every later decision (``regalia.bots.ismcts``), so its
speed is the search's.
"""

from __future__ import annotations

from typing import Any, Final

from regalia.bots.base import HeuristicBot as HeuristicBase
from regalia.core.bot import InfoSet
from regalia.games.kingship import actions as A
from regalia.games.kingship.actions import KingshipAction
from regalia.games.kingship.cards import OUTLAW, VALUE
from regalia.games.kingship.summary import KingshipSummary

# value bonus of a play: (single, pair) [Angel, Messenger, Farmer, Poacher, Priest, Demon, Merchant,
# Wizard, Witch, Knight, Prince, Queen, Emperor], by card value 1..13 (index 0 unused)
_SINGLE_BONUS: Final[tuple[float, ...]] = (0.0, 1.5, 1.2, 0.0, 0.2, 0.6, 0.3, 0.0, 0.4, 0.7, -1.5, 0.5, 1.0, 0.8)
_PAIR_BONUS: Final[tuple[float, ...]] = (0.0, 1.0, 0.8, 0.0, 0.6, 0.2, 1.2, 0.5, 0.6, 0.2, 2.5, 1.5, 1.0, 1.2)


class KingshipBot(HeuristicBase):
    """Greedy rules of thumb for every Kingship decision (see module docstring)."""

    def choose_unforced(self, infoset: InfoSet, legal: list[Any]) -> Any:
        """The action for this decision, chosen from ``infoset.summary`` and ``legal`` only."""
        v: KingshipSummary = infoset.summary
        choice = decide(v, legal, infoset.seat)
        if choice is not None and choice in legal:
            return choice
        return _default(legal)


def decide(v: KingshipSummary, legal: list[KingshipAction], me: int) -> KingshipAction | None:
    """The bot's choice for the decision of ``v`` (``None`` or an action not legal: the default)."""
    kind = v.decision
    if kind == "main":
        return _main(v, legal, me)
    if kind == "target" or kind == "reroute":
        return _least_cards(v, legal, me)
    if kind == "dq":
        return KingshipAction(A.FORBID) if v.target == me else KingshipAction(A.PASS)
    if kind == "outlaw":
        return _outlaw(v, legal, me)
    if kind == "knight":
        for a in legal:
            if a.kind == A.BLOCK:
                return a
        return None
    if kind == "lq":
        return KingshipAction(A.CHOICE, A.PREVENT) if v.drawer == me else KingshipAction(A.PASS)
    if kind in ("give", "give_exile", "place", "m_return", "exile", "poach"):
        return _card_choice(v, legal)
    if kind == "tax":
        return _card_choice(v, legal) or KingshipAction(A.DRAW)
    if kind == "m_take":
        for a in legal:
            if a.b == OUTLAW or VALUE[a.b] == 10:
                return a
        return legal[0]
    if kind == "farmer":
        return KingshipAction(A.CHOICE, A.REVEAL)
    if kind == "spec":
        return _spec(v, legal)
    if kind == "prince_title" or kind == "queen":
        for t in (1, 2, 4, 3):
            if KingshipAction(A.TITLE, t) in legal:
                return KingshipAction(A.TITLE, t)
        return None
    if kind == "extra":
        return KingshipAction(A.CHOICE, A.AGAIN)
    if kind == "priest_draw":
        return KingshipAction(A.PASS)
    if kind == "law":
        return _law(v, legal, me)
    if kind == "vote":
        return _vote(v, me)
    return None


def _default(legal: list[KingshipAction]) -> KingshipAction:
    for a in legal:
        if a.kind == A.PASS:
            return a
    return legal[0]


def _worst_card(hand: list[int], kinds: list[int]) -> int:
    """The card of ``kinds`` least useful to keep: not a Knight or Outlaw, no pair partner."""
    count = [0] * 15
    for k in hand:
        count[VALUE[k]] += 1
    best = kinds[0]
    best_keep = _keep_value(best, count)
    for k in kinds[1:]:
        keep = _keep_value(k, count)
        if keep < best_keep:
            best, best_keep = k, keep
    return best


def _keep_value(k: int, count: list[int]) -> float:
    """How much keeping card ``k`` is worth (higher: keep), with ``count[v]`` cards of value ``v``
    in hand."""
    if k == OUTLAW:
        return 10.0
    v = VALUE[k]
    return (3.0 if v == 10 else 0.0) + count[v] + _SINGLE_BONUS[v] * 0.1


def _least_cards(v: KingshipSummary, legal: list[KingshipAction], me: int) -> KingshipAction:
    """The seat with the fewest cards (then the lowest), other than ``me`` when possible."""
    sizes = v.hand_sizes
    opts = [a for a in legal if a.a != me] or legal
    best = opts[0]
    for a in opts[1:]:
        if sizes[a.a] < sizes[best.a] or (sizes[a.a] == sizes[best.a] and a.a < best.a):
            best = a
    return best


# ---------------------------------------------------------------- phase 2
def _main(v: KingshipSummary, legal: list[KingshipAction], me: int) -> KingshipAction | None:
    hand_size = len(v.hand)
    best: KingshipAction | None = None
    best_score = -99.0
    played = False
    for a in legal:
        if a.kind != A.PLAY and a.kind != A.PAIR:
            continue
        played = True
        cards = [a.a] if a.kind == A.PLAY else A.pair_cards(a)
        n = len(cards)
        if n == hand_size and v.can_win:
            return a
        if cards[0] == OUTLAW:
            score = -2.0
        else:
            value = VALUE[cards[0]]
            score = n + (_PAIR_BONUS[value] if n >= 2 else _SINGLE_BONUS[value])
        if score > best_score:
            best, best_score = a, score
    if not played:
        return None
    if best_score < 0 and not v.drawn:
        return KingshipAction(A.DRAW)
    return best


# ---------------------------------------------------------------- targets and windows
def _outlaw(v: KingshipSummary, legal: list[KingshipAction], me: int) -> KingshipAction | None:
    if v.target != me:
        return KingshipAction(A.PASS)
    opts = [a for a in legal if a.kind == A.REDIRECT and a.a != me]
    if not opts:
        return None
    return _least_cards(v, opts, me)


# ---------------------------------------------------------------- card choices
def _card_choice(v: KingshipSummary, legal: list[KingshipAction]) -> KingshipAction | None:
    cards = [a for a in legal if a.kind == A.CARD]
    if not cards:
        return None
    k = _worst_card(v.hand, [a.b for a in cards])
    for a in cards:
        if a.b == k:
            return a
    return None


def _spec(v: KingshipSummary, legal: list[KingshipAction]) -> KingshipAction:
    if v.hand:
        k = _worst_card(v.hand, v.hand)
        want = KingshipAction(A.NAME_SPEC, VALUE[k] * 4 + (k % 3) + 1 if k != OUTLAW else 14 * 4)
        if want in legal:
            return want
    return legal[0]


# ---------------------------------------------------------------- laws
def _law(v: KingshipSummary, legal: list[KingshipAction], me: int) -> KingshipAction:
    mine = KingshipAction(A.LAW, A.L_WINS, me)
    if mine in legal:
        return mine
    exact = KingshipAction(A.LAW, A.L_EXACTLY, len(v.hand))
    if exact in legal:
        return exact
    return KingshipAction(A.PASS)


def _vote(v: KingshipSummary, me: int) -> KingshipAction:
    words = v.law.split()
    good = True
    if words and words[0] == "exactly":
        good = int(words[1]) == len(v.hand) and v.turn_player == me
    elif words and words[0] == "wins":
        good = words[1] == f"P{me}"
    elif words and words[0] in ("no-winner", "cannot-win"):
        good = words[0] == "cannot-win" and words[1] != f"P{me}"
    return KingshipAction(A.CHOICE, A.APPROVE if good else A.DENY)

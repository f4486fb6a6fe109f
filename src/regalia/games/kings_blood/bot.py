"""The King's Blood heuristic bot: sheds high cards, seeks Marriages, saves Draw 3 to defend.

It reads only its seat's information set: ``infoset.summary`` (a :class:`KingsBloodSummary`, the
public facts of the view it uses), ``infoset.legal_actions`` and ``infoset.rng`` (ties). Each legal
action gets a score; the best one is played. Compiled with the rules: the bot is the search's
model of every later decision (``regalia.bots.ismcts``), so its speed is the search's.
"""

from __future__ import annotations

from typing import Any

from regalia.bots.base import HeuristicBot as HeuristicBase
from regalia.core.bot import InfoSet
from regalia.games.kings_blood import actions as A
from regalia.games.kings_blood.actions import KingsBloodAction
from regalia.games.kings_blood.cards import DRAW3, GENDER, NUM_CHARACTERS, PHILOSOPHY, POINTS, REVERSE, SKIP
from regalia.games.kings_blood.phases import DEFEND
from regalia.games.kings_blood.summary import KingsBloodSummary


class KingsBloodBot(HeuristicBase):
    """A fast rule-of-thumb player (no search).

    Priorities: announce King's Blood! when allowed (so always before its last card, which
    unannounced would not win: KB-T4b); go out with the last Character; pass a
    Draw 3 on when possible (Draw 3 first); play siblings and Marriages (a Marriage is a free
    extra play); shed high-value cards and Events (10 points, cannot be the last card); keep
    Draw 3 cards for defence unless the next player is close to winning; Exile cards to the
    opponent closest to winning (never to itself); draw only when nothing is worth playing.
    """

    def choose_unforced(self, infoset: InfoSet, legal: list[Any]) -> Any:
        """The best-scored legal action by the priorities above (ties broken at random)."""
        v: KingsBloodSummary = infoset.summary
        seat = infoset.seat
        abil = v.abilities
        sizes = v.hand_sizes
        n = len(sizes)
        nxt = (seat + v.direction) % n
        next_close = sizes[nxt] <= 2
        kb_on = v.kings_blood_on
        my_size = sizes[seat]
        defend = v.phase == DEFEND
        best: list[KingsBloodAction] = []
        best_score = -1e9
        for a in legal:
            s = _score(a, defend, abil, my_size, sizes, seat, nxt, next_close, kb_on)
            if s > best_score:
                best_score = s
                best = [a]
            elif s == best_score:
                best.append(a)
        return infoset.rng.choice(best)


def _score(
    a: KingsBloodAction,
    defend: bool,
    abil: tuple[int, ...],
    my_size: int,
    sizes: list[int],
    seat: int,
    nxt: int,
    next_close: bool,
    kb_on: int,
) -> float:
    """The score of action ``a`` (higher is better; see the class docstring)."""
    k = a.kind
    if k == A.ANNOUNCE:
        return 1000.0
    if k == A.PASS:
        return 0.0
    if k == A.DRAW:
        return 20.0
    if k == A.END:
        return 10.0
    if k in (A.PLACE, A.SIBLING) and my_size == 1:
        return 900.0
    if k == A.PLACE:
        c, t = a.card, a.target
        ab = abil[c]
        if defend:
            return 500.0 + (20 if ab == DRAW3 else 0) + POINTS[c]
        score = 100.0 + POINTS[c]
        marriageable = t == kb_on or (PHILOSOPHY[c] == PHILOSOPHY[t] and GENDER[c] != GENDER[t])
        if marriageable:
            score += -30 if a.flag else 60
        if ab == DRAW3:
            score += 60 if next_close else -60
        elif ab in (SKIP, REVERSE):
            score += 40 if next_close else 0
        return score
    if k == A.SIBLING:
        return 150.0 + POINTS[a.card]
    if k == A.ASSASSINATE:
        return 105.0
    if k == A.EXILE_TO:
        to = a.flag
        if to == seat:
            return -200.0
        return 90.0 + 3 * (10 - sizes[to]) + (15 if a.target < NUM_CHARACTERS and a.target == kb_on else 0)
    if k == A.CONNECT:
        marriageable = (
            a.card == kb_on
            or a.target == kb_on
            or (PHILOSOPHY[a.card] == PHILOSOPHY[a.target] and GENDER[a.card] != GENDER[a.target])
        )
        return 60.0 + (40 if marriageable and not a.flag else 0)
    if k == A.ENTHRONE:
        return 80.0
    if k == A.KINGSBLOOD:
        return 85.0
    return 0.0

"""King's Blood determinization: the hidden cards dealt again, respecting everything revealed.

What a seat cannot see is the draw pile and the cards of the other hands that nobody saw arrive
(``known``). A determinization for ``seat`` shuffles those cards together and deals them back:
every other hand keeps its size and its publicly known cards, the pile its size.

Two facts about hidden cards are public and are kept:

* During a ``drawn`` decision the card just drawn is one of the drawer's unseen cards (the last
  one dealt).
* **KB-X15** — during a ``siblings`` decision with only one sibling placed, the rules require a
  second one (KB-M4: a sibling group has two or more cards; ``end`` is offered only after two), so
  every player knows that the decider still holds a Character with the child's number. The
  decider's unseen cards are then dealt *given* that fact: uniformly among the deals in which they
  hold at least one such card (the other decisions imply nothing about hidden cards: ``turn``,
  ``defend``, ``birth`` and ``bonus`` always offer ``draw`` or ``end``, KB-X2, and the Event of a
  ``forced`` decision is public).
"""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING

from regalia.core.state import shuffle
from regalia.games.kings_blood.cards import NUM_CHARACTERS, NUMBER
from regalia.games.kings_blood.phases import DRAWN, SIBLINGS

if TYPE_CHECKING:
    import random

    from regalia.games.kings_blood.state import KingsBloodState


def sibling_number_owed(state: KingsBloodState, seat: int) -> int:
    """The number (1..9) of which the decider must hold an unseen Character for ``seat``'s
    determinization (KB-X15), or 0 when the pending decision implies nothing about hidden cards:
    it is not a ``siblings`` decision with one sibling placed, ``seat`` is the decider (its own
    hand is dealt as it is), or one of the decider's publicly known cards already has the number."""
    cur = state.turn_player
    if state.phase != SIBLINGS or state.sib_count >= 2 or cur == seat:
        return 0
    number = NUMBER[state.child]
    for c in state.known[cur]:
        if c < NUM_CHARACTERS and NUMBER[c] == number:
            return 0
    return number


def _deal_owed(pool: list[int], k: int, number: int, rng: random.Random) -> tuple[list[int], list[int]]:
    """``k`` cards of ``pool`` (already shuffled) holding at least one Character numbered
    ``number``, drawn uniformly among such choices, and the rest of the pool in random order.

    The count ``j`` of such Characters among the ``k`` follows the hypergeometric law given
    ``j >= 1`` (weights ``C(s, j) * C(N - s, k - j)``); the ``j`` and the ``k - j`` others are
    the first of their kind in the shuffled pool, which is uniform.

    Raises:
        ValueError: the pool holds no such Character or ``k`` is 0 (the state is inconsistent).
    """
    owed = [c for c in pool if c < NUM_CHARACTERS and NUMBER[c] == number]
    other = [c for c in pool if not (c < NUM_CHARACTERS and NUMBER[c] == number)]
    s, n = len(owed), len(pool)
    weights = [comb(s, j) * comb(n - s, k - j) for j in range(1, min(s, k) + 1)]
    total = sum(weights)
    if total == 0:
        raise ValueError(f"determinize: the decider must hold a card numbered {number}, but none is unseen")
    r = rng.randrange(total)
    j = 1
    for w in weights:
        if r < w:
            break
        r -= w
        j += 1
    mine = owed[:j] + other[: k - j]
    shuffle(rng, mine)
    rest = owed[j:] + other[k - j :]
    shuffle(rng, rest)
    return mine, rest


def determinize(state: KingsBloodState, seat: int, rng: random.Random) -> KingsBloodState:
    """A full state consistent with ``state.view(seat)`` (see the module docstring): a clone with
    the unseen cards dealt again with ``rng``, marked determinized (no history, a new seed).

    Depends only on what ``seat`` may know and on ``rng``: the pool of unseen cards is sorted
    before it is shuffled.
    """
    new = state.clone()
    n = state.num_players
    pool = list(new.pile)
    sizes = [0] * n
    for p in range(n):
        if p == seat:
            continue
        unseen = list(new.hands[p])
        for c in new.known[p]:
            unseen.remove(c)
        pool.extend(unseen)
        sizes[p] = len(unseen)
    pool.sort()
    shuffle(rng, pool)
    cur = new.turn_player
    number = sibling_number_owed(new, seat)
    if number:
        start = sum(sizes[:cur])
        dealt = pool[start : start + sizes[cur]]
        if not any(c < NUM_CHARACTERS and NUMBER[c] == number for c in dealt):
            # this deal contradicts the decision: deal the decider's cards given the fact instead
            mine, rest = _deal_owed(pool, sizes[cur], number, rng)
            pool = rest[:start] + mine + rest[start:]
    i = 0
    for p in range(n):
        if p == seat:
            continue
        k = sizes[p]
        new.hands[p] = list(new.known[p]) + pool[i : i + k]
        i += k
    new.pile = pool[i:]
    if new.phase == DRAWN and cur != seat:
        new.drawn = new.hands[cur][-1]
    new._mark_determinized(rng)
    return new

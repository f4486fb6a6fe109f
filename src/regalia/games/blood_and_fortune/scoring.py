"""Reveal Influence and Score Influence, the Ring tie-break, new rounds and the end
(BF-REVEAL, BF-SCORE, BF-1, BF-ROUND, BF-WIN)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from regalia.core.events import Event, public
from regalia.games.blood_and_fortune.cards import CARD_NAMES, HOUSE_OF, IS_DOUBLE, ROUNDS, VALUE
from regalia.games.blood_and_fortune.phases import OVER
from regalia.games.blood_and_fortune.words import tie_break

if TYPE_CHECKING:
    from regalia.games.blood_and_fortune.state import BloodAndFortuneState


def _revealed_text(revealed: list[str], discarded: list[str], seat: int) -> str:
    """``"P0: H6d2 H3s1 (H3d2 discarded)"``."""
    cards = " ".join(revealed) or "no card"
    gone = f" ({' '.join(discarded)} discarded)" if discarded else ""
    return f"P{seat}: {cards}{gone}"


def reveal_and_score(state: BloodAndFortuneState) -> list[Event]:
    """End the round: discard hands, reveal areas, discard doubles, score, pick the round winner,
    pass the Ring, then start the next round or end the game.

    Returns:
        the public events (reveal, score, and the next round's or the game's end).
    """
    n = state.num_players
    events: list[Event] = []
    # BF-REVEAL: discard the Influence cards left in hands
    for p in range(n):
        for c in state.hands[p]:
            state.discard.append(c)
        state.hands[p] = []
    revealed = [[CARD_NAMES[c] for c in area] for area in state.areas]
    discarded: list[list[str]] = []
    for p in range(n):
        area = state.areas[p]
        bit = 1 << p
        if state.keep_doubles & bit:  # R8-style effect (BF-X10: beats lose_doubles)
            keep_idx = set(range(len(area)))
        elif state.lose_doubles & bit:
            keep_idx = {i for i, c in enumerate(area) if not IS_DOUBLE[c]}
        else:
            # BF-REVEAL: discard every double except the rightmost (most recent) one
            doubles = [i for i, c in enumerate(area) if IS_DOUBLE[c]]
            keep_idx = {i for i, c in enumerate(area) if not IS_DOUBLE[c]} | set(doubles[-1:])
        gone = [c for i, c in enumerate(area) if i not in keep_idx]  # face up (BF-X11)
        discarded.append([CARD_NAMES[c] for c in gone])
        state.discard.extend(gone)
        state.areas[p] = [c for i, c in enumerate(area) if i in keep_idx]
        state.slots[p] = [s for i, s in enumerate(state.slots[p]) if i in keep_idx]
        state.known[p] = [(1 << n) - 1] * len(state.areas[p])
    # BF-SCORE: own area (every card, BF-1) + own house's cards in all other areas
    scores = [0] * n
    for p in range(n):
        h = state.houses[p]
        for q in range(n):
            for c in state.areas[q]:
                if q == p or HOUSE_OF[c] == h:
                    scores[p] += VALUE[c]
    base = list(scores)
    for s, amount, cond in state.bonuses:
        if cond == "ring" and state.ring != s:
            continue
        if cond == "empty_area" and state.areas[s]:
            continue
        scores[s] += amount
    scores = [max(0, x) for x in scores]  # BF-X9
    top = max(scores)
    tied = [p for p in range(n) if scores[p] == top]
    if state.regent in tied:
        winner = state.regent
    elif state.ring in tied:
        winner = state.ring
    else:
        winner = min(tied, key=lambda p: (p - state.ring) % n)
    for p in range(n):
        state.totals[p] += scores[p]
    state.last_round = {
        "round": state.round + 1,
        "ring": state.ring,
        "revealed": revealed,
        "discarded": discarded,
        "kept": [[CARD_NAMES[c] for c in area] for area in state.areas],
        "influence": base,
        "scores": scores,
        "winner": winner,
        "tied": tied if len(tied) > 1 else [],
        "totals": list(state.totals),
        "roles": [[CARD_NAMES[r], p] for r, p in state.played],
    }
    state.round_log.append(state.last_round)
    events.append(
        public(
            "reveal",
            f"Reveal Influence, round {state.round + 1}: the hands are discarded and every area is turned face up, "
            "keeping only its rightmost double: "
            + "; ".join(_revealed_text(revealed[p], discarded[p], p) for p in range(n)),
        )
    )
    events.append(
        public(
            "score",
            f"Score Influence, round {state.round + 1}: "
            + ", ".join(f"P{p} {scores[p]}" for p in range(n))
            + f"; P{winner} wins the round{tie_break(state.last_round)} and takes the Ring",
            winner,
            scores=scores,
            winner=winner,
        )
    )
    state.ring = winner  # BF-ROUND: the round winner takes the Ring
    state.round += 1
    if state.round >= ROUNDS:
        best = max(state.totals)
        top_seats = [p for p in range(n) if state.totals[p] == best]
        # BF-WIN: a tie for the highest total means nobody wins
        state.winners_ = tuple(top_seats) if len(top_seats) == 1 else ()
        state.phase = OVER
        state.cp = -1
        state.klog = []
        result = (
            f"P{state.winners_[0]} wins with the highest total"
            if state.winners_
            else "a tie for the highest total: nobody wins"
        )
        board = ", ".join(f"P{p} {t}" for p, t in enumerate(state.totals))
        events.append(
            public(
                "game_over",
                f"Game over after {ROUNDS} rounds: totals {board}; {result}",
                None,
                totals=list(state.totals),
            )
        )
        return events
    return events + state._start_round()


ROUND_SCORE_SD = 1.2
"""Standard deviation of one seat's round score (points), measured over 180 round scores of
heuristic self-play (4 players; mean 7.3)."""


def win_chances(totals: list[int], rounds_left: int) -> list[float]:
    """An estimate of each seat's chance to win from the running totals, for search cut-offs.

    Every seat's remaining rounds are modelled as independent normal gains of equal mean and
    standard deviation ``ROUND_SCORE_SD`` per round; seat ``i``'s chance is proportional to the
    product over the other seats ``j`` of ``P(i ends above j)``. With no round left it is the
    game's own result (BF-WIN: a tied top total wins nothing).

    Args:
        totals: points per seat.
        rounds_left: rounds still to play (0..3).

    Returns:
        one float per seat in 0..1, summing to at most 1.
    """
    n = len(totals)
    if rounds_left <= 0:
        best = max(totals)
        top = [p for p in range(n) if totals[p] == best]
        return [1.0 if len(top) == 1 and p == top[0] else 0.0 for p in range(n)]
    scale = ROUND_SCORE_SD * math.sqrt(2.0 * rounds_left)
    weights = []
    for i in range(n):
        w = 1.0
        for j in range(n):
            if j != i:
                w *= 0.5 * (1.0 + math.erf((totals[i] - totals[j]) / (scale * math.sqrt(2.0))))
        weights.append(w)
    total = sum(weights)
    return [w / total for w in weights]

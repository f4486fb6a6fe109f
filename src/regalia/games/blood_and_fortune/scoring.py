"""Reveal Influence and Score Influence, the Ring tie-break and the end of the game
(BF-REVEAL, BF-SCORE, BF-1, BF-ROUND, BF-WIN), and the win chances search cut-offs use."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Final

from regalia.core.events import Event, new_event
from regalia.games.blood_and_fortune import eventtexts as T
from regalia.games.blood_and_fortune.cards import CARD_NAMES, HOUSE_OF, IS_DOUBLE, NUM_HOUSES, ROUNDS, VALUE
from regalia.games.blood_and_fortune.phases import OVER
from regalia.games.blood_and_fortune.words import tie_break

if TYPE_CHECKING:
    from regalia.games.blood_and_fortune.state import BloodAndFortuneState


def reveal_and_score(state: BloodAndFortuneState) -> list[Event]:
    """End the round: discard hands, reveal areas, discard doubles, score, pick the round winner
    and pass the Ring; after the last round, end the game (the caller starts the next round
    otherwise).

    Returns:
        the public events (reveal, score, and at the end the game's result).
    """
    n = state.num_players
    events: list[Event] = []
    revealed, discarded = _reveal_areas(state)
    base, scores = _round_scores(state)
    winner, tied = _round_winner(state, scores)
    for p in range(n):
        state.totals[p] += scores[p]
    last: dict[str, Any] = {
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
    state.last_round = last
    state.round_log.append(last)
    frozen_scores = tuple(scores)
    shown = (tuple(tuple(x) for x in revealed), tuple(tuple(x) for x in discarded))
    events.append(new_event("reveal", (T.reveal_text, state.round, *shown), None, None, {}))
    tie = tie_break(last) if len(tied) > 1 else ""
    events.append(
        new_event(
            "score",
            (T.score_text, state.round, frozen_scores, winner, tie),
            winner,
            None,
            (T.score_data, frozen_scores, winner),
        )
    )
    state.ring = winner  # BF-ROUND: the round winner takes the Ring
    state.round += 1
    if state.round >= ROUNDS:
        events.append(_end_game(state))
    return events


def _reveal_areas(state: BloodAndFortuneState) -> tuple[list[list[str]], list[list[str]]]:
    """BF-REVEAL: the Influence cards left in hands are discarded, every area is turned face up
    and every double in it is discarded (face up, BF-X11) except the rightmost (most recent)
    one; the house rules may keep them all (R8-style, BF-X10: it beats ``lose_doubles``) or lose
    them all. Returns each area's card names as revealed and the names of the doubles
    discarded from it."""
    n = state.num_players
    everyone = (1 << n) - 1
    discard = state.discard
    for p in range(n):
        discard.extend(state.hands[p])
        state.hands[p] = []
    revealed: list[list[str]] = []
    discarded: list[list[str]] = []
    for p in range(n):
        area = state.areas[p]
        slots = state.slots[p]
        revealed.append([CARD_NAMES[c] for c in area])
        bit = 1 << p
        keep_all = state.keep_doubles & bit != 0
        lose_all = state.lose_doubles & bit != 0
        rightmost = -1
        for i in range(len(area)):
            if IS_DOUBLE[area[i]]:
                rightmost = i
        kept: list[int] = []
        kept_slots: list[int] = []
        gone: list[int] = []
        for i in range(len(area)):
            c = area[i]
            if IS_DOUBLE[c] and not keep_all and (lose_all or i != rightmost):
                gone.append(c)
            else:
                kept.append(c)
                kept_slots.append(slots[i])
        discarded.append([CARD_NAMES[c] for c in gone])
        discard.extend(gone)
        state.areas[p] = kept
        state.slots[p] = kept_slots
        state.known[p] = [everyone] * len(kept)
    return revealed, discarded


def _round_scores(state: BloodAndFortuneState) -> tuple[list[int], list[int]]:
    """BF-SCORE: each seat's own area (every card, BF-1) plus its own house's cards in all the
    other areas; then the house rules' bonuses and penalties whose condition holds, never below
    0 (BF-X9). Returns the Influence scores before the bonuses and the round scores."""
    n = state.num_players
    area_value = [0] * n
    own_house_value = [0] * n  # the cards of a seat's own house in its own area (counted once)
    house_value = [0] * NUM_HOUSES
    for q in range(n):
        h = state.houses[q]
        for c in state.areas[q]:
            v = VALUE[c]
            area_value[q] += v
            house_value[HOUSE_OF[c]] += v
            if HOUSE_OF[c] == h:
                own_house_value[q] += v
    scores = [area_value[p] + house_value[state.houses[p]] - own_house_value[p] for p in range(n)]
    base = list(scores)
    for s, amount, cond in state.bonuses:
        if cond == "ring" and state.ring != s:
            continue
        if cond == "empty_area" and state.areas[s]:
            continue
        scores[s] += amount
    return base, [max(0, x) for x in scores]


def _round_winner(state: BloodAndFortuneState, scores: list[int]) -> tuple[int, list[int]]:
    """The round's winner among the seats ``tied`` for the highest score: the Regent's seat
    (house rule), else the Ring holder, else the nearest after the Ring holder in turn order
    (BF-X5). Returns ``(winner, tied)``."""
    n = state.num_players
    top = max(scores)
    tied = [p for p in range(n) if scores[p] == top]
    if state.regent in tied:
        return state.regent, tied
    if state.ring in tied:
        return state.ring, tied
    return next(q for q in ((state.ring + k) % n for k in range(1, n)) if q in tied), tied


def _end_game(state: BloodAndFortuneState) -> Event:
    """After the last round: the highest total wins, a tie for it means nobody wins (BF-WIN).
    Returns the public ``game_over`` event."""
    best = max(state.totals)
    top_seats = [p for p in range(state.num_players) if state.totals[p] == best]
    state.winners_ = tuple(top_seats) if len(top_seats) == 1 else ()
    state.phase = OVER
    state.to_act = -1
    state.klog = []
    totals = tuple(state.totals)
    return new_event("game_over", (T.game_over_text, totals, state.winners_), None, None, (T.totals_data, totals))


ROUND_SCORE_SD: Final = 1.2
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

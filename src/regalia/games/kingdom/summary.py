"""What Kingdom's heuristic bot reads of a seat's information set: :class:`KingdomSummary`.

The bot used to read ``view(seat)``; building that dict was most of a search rollout's time. The
summary holds the same facts as plain integers, read from the table the seat is shown [KD-X13],
so the bot decides exactly as it did from the view (``tests/games/kingdom/test_bot_summary.py``
derives every field from the view and compares).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from regalia.games.kingdom.cards import RANK, SUIT
from regalia.games.kingdom.phases import C_ASSASSIN, DECISION_NAMES
from regalia.games.kingdom.windows import masked_decision, shown_state

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState


class KingdomSummary(NamedTuple):
    """One seat's information set as Kingdom's heuristic bot reads it (all of it in the view).

    Attributes:
        decision: the view's ``decision`` (``main``, ``attackers``, ``blockers``, ``split``,
            ``discard``, ``target``, ``pick``, ``respond``, ``counter`` or ``over``).
        hand: the seat's hand, in the view's order (suit, rank, card integer).
        play: per seat, its cards in play, in the view's order.
        ready: per seat, whether each card of ``play`` is unpreoccupied.
        suits: per seat, the suit index each card of ``play`` has now (a noble's may be changed,
            KD-2; -1 for none).
        territories: per seat, its territories.
        alive: per seat, whether its kingdom still stands.
        defender: the seat attacked in the combat under way, or -1.
        attackers: the attacking cards, in declaration order.
        blockers: for each attacker, its blockers in order.
        split_attacker: the attacker whose damage is being split, or -1.
        split_blocker: the index of the blocker its damage goes to now, or -1.
        chain: each Assassin or Joker of the chain, oldest first: ``(kind, player, target)``,
            ``target`` the card an Assassin is aimed at (the one below for a counter), else -1.
    """

    decision: str
    hand: list[int]
    play: list[list[int]]
    ready: list[list[bool]]
    suits: list[list[int]]
    territories: list[int]
    alive: list[bool]
    defender: int
    attackers: list[int]
    blockers: list[list[int]]
    split_attacker: int
    split_blocker: int
    chain: list[tuple[int, int, int]]


def _hand_key(c: int) -> tuple[int, int, int]:
    return (SUIT[c], RANK[c], c)


def summarize(state: KingdomState, seat: int) -> KingdomSummary:
    """The summary of ``seat``'s information set, from the table KD-X13 shows it."""
    st = shown_state(state, seat)
    n = st.num_players
    decision = "over" if st.is_terminal else DECISION_NAMES[masked_decision(st, seat)[0]]
    play: list[list[int]] = []
    ready: list[list[bool]] = []
    suits: list[list[int]] = []
    busy = st.busy
    for p in range(n):
        cards = list(st.play[p])
        play.append(cards)
        ready.append([not busy[c] for c in cards])
        suits.append([st.suit_of(c) for c in cards])
    defender = st.defender
    combat = defender >= 0
    chain: list[tuple[int, int, int]] = []
    for e in st.chain:
        kind, target = e[0], e[4]
        chain.append((kind, e[1], target if kind == C_ASSASSIN and target >= 0 else -1))
    return KingdomSummary(
        decision,
        sorted(st.hands[seat], key=_hand_key),
        play,
        ready,
        suits,
        list(st.territories),
        list(st.alive),
        defender,
        list(st.attackers) if combat else [],
        [list(b) for b in st.blockers] if combat else [],
        st.attackers[st.split_i] if combat and st.split_i >= 0 else -1,
        st.split_j if combat and st.split_i >= 0 else -1,
        chain,
    )

"""Determinization respects what a pending decision reveals (KB-X15, issue "Hardening")."""

from __future__ import annotations

import random
from collections import Counter

import regalia
from regalia.games.kings_blood.cards import NUMBER, parse_card
from regalia.games.kings_blood.state import KingsBloodState

from .helpers import deal, hand, play


def _issue_position() -> KingsBloodState:
    """The issue's reproduction: P1 has placed one sibling and owes a second."""
    state = regalia.make("kings-blood", players=4, seed=1)
    rng = random.Random(1)
    for _ in range(49):
        state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state, KingsBloodState)
    return state


def test_kb_x15_issue_repro_every_seats_determinization_has_the_owed_sibling() -> None:
    state = _issue_position()
    assert state.decision_kind() == "siblings" and state.sib_count == 1 and state.current_player == 1
    assert state.determinize(0, random.Random(1)).legal_actions()  # was [] before KB-X15
    number = NUMBER[state.child]
    for seat in (0, 2, 3):
        for i in range(60):
            det = state.determinize(seat, random.Random(i))
            assert det.view(seat) == state.view(seat)
            assert any(c < 72 and NUMBER[c] == number for c in det.hands[1])
            assert det.legal_actions() and det.decision_kind() == "siblings"


def test_kb_x15_the_owed_card_is_dealt_without_bias() -> None:
    """Conditioned on holding a card of the child's number, the decider's cards are as likely as
    by rejecting every other deal: the counts of each card in the decider's hand agree."""
    state = _issue_position()
    number = NUMBER[state.child]
    fast: Counter[int] = Counter()
    slow: Counter[int] = Counter()
    n = 3000
    for i in range(n):
        fast.update(state.determinize(0, random.Random(i)).hands[1])
    clone = state.clone()
    clone.sib_count = 2  # owes nothing: the plain deal, filtered by hand below
    i = 0
    kept = 0
    while kept < n:
        det = clone.determinize(0, random.Random(10**6 + i))
        i += 1
        if any(c < 72 and NUMBER[c] == number for c in det.hands[1]):
            slow.update(det.hands[1])
            kept += 1
    owed_fast = sum(k for c, k in fast.items() if c < 72 and NUMBER[c] == number)
    owed_slow = sum(k for c, k in slow.items() if c < 72 and NUMBER[c] == number)
    assert abs(owed_fast - owed_slow) < 0.06 * n
    for card in set(fast) | set(slow):
        assert abs(fast[card] - slow[card]) < 0.05 * n, card


def test_kb_x15_a_publicly_known_card_of_the_number_settles_it() -> None:
    """A card of the child's number that everyone saw go into the decider's hand (Exile) is
    enough: the unseen cards are dealt freely."""
    s = deal(3, [["Exile", "B4f", "R4f", "A4m"], [], []], founder="B4m", pile=["A4f"])
    play(s, "exile B4m to P0")  # P0 now holds B4m, known to everyone
    # compose a siblings decision of P0 on A4f with one sibling placed
    s2 = s.clone()
    s2.turn_player = 0
    assert "B4m" in hand(s2, 0)
    from regalia.games.kings_blood.determinize import sibling_number_owed
    from regalia.games.kings_blood.phases import SIBLINGS

    s2.phase = SIBLINGS
    s2.sib_count = 1
    s2.child = parse_card("A4f")
    assert sibling_number_owed(s2, 1) == 0
    s2.known[0] = []
    assert sibling_number_owed(s2, 1) == 4
    assert sibling_number_owed(s2, 0) == 0  # the decider's own determinization keeps its hand
    s2.sib_count = 2
    assert sibling_number_owed(s2, 1) == 0  # after two siblings 'end' is offered: nothing owed


def test_kb_x15_a_scripted_sibling_group_seen_by_the_other_seats() -> None:
    s = deal(3, [["B4f", "R4f", "R4m"], [], []], founder="B3m", pile=["A4m"])
    play(s, "play B4f right of B3m", "sibling R4f right")
    assert s.decision_kind() == "siblings"
    for seat in (1, 2):
        for i in range(40):
            det = s.determinize(seat, random.Random(i))
            assert [str(a) for a in det.legal_actions()][:1] and all(
                str(a).startswith("sibling") for a in det.legal_actions() if str(a) != "announce"
            )
            assert any(NUMBER[c] == 4 for c in det.hands[0] if c < 72)

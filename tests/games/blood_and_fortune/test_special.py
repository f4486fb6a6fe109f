"""Special Actions (option special_actions): when they may be used, BF-4, BF-X2, BF-X14, and the
house-rule Special Actions (BF-X3)."""

from __future__ import annotations

import random

import pytest

from regalia.core import IllegalActionError
from regalia.games.blood_and_fortune.cards import SPECIAL_ACTIONS
from regalia.games.blood_and_fortune.effects import apply_effect

from .scenario import new, with_changes

SCORES = ("S6", "S1", "S2")  # P0 Tithe (+1), P1 Reorder (swap two newest), P2 Spyglass (peek)


def _specials(state) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(a) for a in state.legal_actions() if str(a).startswith("special")]


def test_bf_special_refused_before_receiving_influence() -> None:
    state = new(3, extra=SCORES, special_actions=True)
    assert state.view(0)["special_actions"]["cards"][0]["house_rule"] is True
    assert _specials(state) == []
    with pytest.raises(IllegalActionError) as info:
        state.apply("special")
    assert "only after you have received an Influence card" in info.value.reason
    assert info.value.rule == "BF-SPECIAL"
    state.apply("offer H1s1 H1s2 to P1")
    state.apply("keep H1s1")
    # P1 has received a card, but Reorder needs two cards in its area
    with pytest.raises(IllegalActionError) as info:
        state.apply("special")
    assert info.value.rule == "BF-X3" and "nothing to act on" in info.value.reason
    state.apply("offer H2s1 H2s2 to P0")
    state.apply("keep H2s1")
    state.apply("offer H3s1 H3s2 to P0")
    state.apply("keep H3s1")
    # P0's second turn: it has received Influence: Tithe is open, once per round
    assert _specials(state) == ["special"]
    events = state.apply("special")
    assert any("S6 Tithe (house rule)" in e.text for e in events)
    assert state.current_player == 0 and state.decision() == "offer"  # the offer still follows
    with pytest.raises(IllegalActionError) as info:
        state.apply("special")
    assert "already used" in info.value.reason and info.value.rule == "BF-SPECIAL"
    assert state.view(1)["special_actions"]["used"] == [True, False, False]


def _p0_received() -> object:
    state = new(3, extra=SCORES, special_actions=True)
    for text in (
        "offer H1s1 H1s2 to P1",
        "keep H1s1",
        "offer H2s1 H2s2 to P0",
        "keep H2s1",
        "offer H3s1 H3s2 to P1",
        "keep H3s1",
    ):
        state.apply(text)
    return state


def test_bf_4_special_refused_after_fifteen_points() -> None:
    state = _p0_received()
    over = with_changes(state, totals=[16, 0, 0])  # total before this round exceeds 15
    assert _specials(over) == []
    with pytest.raises(IllegalActionError) as info:
        over.apply("special")
    assert info.value.rule == "BF-4" and "exceeds 15" in info.value.reason
    assert over.view(2)["special_actions"]["turned_over"] == [True, False, False]
    at15 = with_changes(state, totals=[15, 0, 0])  # 15 does not exceed 15
    assert _specials(at15) == ["special"]
    at15.apply("special")


def test_bf_x2_closing_window_offered_only_to_players_who_can_act() -> None:
    state = new(3, extra=SCORES, special_actions=True)
    # P0 always offers to P1, P1 and P2 to P0: P2 never receives Influence; P0 and P1 keep
    # their Special Actions for the closing window
    while state.decision() == "offer":
        p = state.current_player
        assert p is not None
        to = 1 if p == 0 else 0
        hand = sorted(state.hands[p])
        state.apply(f"offer {_name(hand[0])} {_name(hand[1])} to P{to}")
        state.apply(f"keep {_name(hand[0])}")
    # P0 (Tithe) and P1 (Reorder, 3 cards) are asked in turn order; P2 received nothing
    assert state.decision() == "special_window" and state.current_player == 0
    assert [str(a) for a in state.legal_actions()] == ["special", "pass"]
    state.apply("pass")
    assert state.current_player == 1
    area_before = state.view(1)["areas"][1]
    state.apply("special")
    last = state.view(None)["last_round"]
    assert last["round"] == 1  # P2 was never asked: the round was scored
    assert last["revealed"][1] == [*area_before[:-2], area_before[-1], area_before[-2]]


def _name(card: int) -> str:
    from regalia.games.blood_and_fortune.cards import CARD_NAMES

    return CARD_NAMES[card]


def test_bf_x3_house_special_actions_effects() -> None:
    state = _p0_received()
    s = state.clone()
    # S5 Eavesdrop: look at another player's hand (private)
    eff = SPECIAL_ACTIONS[4]
    events = apply_effect(s, eff, 0, 2, -1)
    assert events[1].visible_to == frozenset({0})
    assert s.view(0)["seen"] == [
        {"source": "S5", "seat": 2, "position": None, "cards": ["H3s2", "H3s3", "H3d1", "H3d2"]}
    ]
    assert s.view(1)["seen"] == []
    # determinize keeps the cards P0 saw in P2's hand there
    rng = random.Random(1)
    for _ in range(10):
        det = s.determinize(0, rng)
        assert sorted(det.hands[2]) == sorted(s.hands[2])
    # S7 Signet: +2 only with the Ring at scoring; S8 Sabotage swaps another's two newest
    s = state.clone()
    apply_effect(s, SPECIAL_ACTIONS[6], 1, -1, -1)
    assert s.bonuses == [(1, 2, "ring")]
    # S3 Bury and S4 Exhume on an area of two cards
    s = with_changes(state, areas=[[5, 10], [0], []], slots=[[1, 2], [0], []], known=[[7, 7], [7], []])
    apply_effect(s, SPECIAL_ACTIONS[2], 0, -1, -1)
    assert s.view(0)["areas"][0] == ["H3s1", "H2s1"]
    apply_effect(s, SPECIAL_ACTIONS[3], 0, -1, -1)
    assert s.view(0)["areas"][0] == ["H2s1", "H3s1"]
    apply_effect(s, SPECIAL_ACTIONS[7], 1, 0, -1)
    assert s.view(0)["areas"][0] == ["H3s1", "H2s1"]


def test_bf_special_actions_option_both_ways() -> None:
    off = _p0_received_off()
    assert "special_actions" not in off.view(0)
    with pytest.raises(IllegalActionError) as info:
        off.apply("special")
    assert info.value.rule == "BF-SPECIAL" and "not in play" in info.value.reason
    on = _p0_received()
    assert _specials(on) == ["special"]


def _p0_received_off():  # type: ignore[no-untyped-def]
    state = new(3, extra=SCORES)
    for text in (
        "offer H1s1 H1s2 to P1",
        "keep H1s1",
        "offer H2s1 H2s2 to P0",
        "keep H2s1",
        "offer H3s1 H3s2 to P1",
        "keep H3s1",
    ):
        state.apply(text)
    return state

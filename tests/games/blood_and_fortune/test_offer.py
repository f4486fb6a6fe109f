"""Offer Influence (BF-OFFER), secrecy and BF-2 (views and determinization)."""

from __future__ import annotations

import random

import pytest

from regalia.core import IllegalActionError

from .scenario import new, with_changes


def test_bf_offer_turn_order_clockwise_from_first_player_three_turns_each() -> None:
    state = new(4, first=2)
    order = []
    for _ in range(12):
        p = state.current_player
        assert p is not None
        order.append(p)
        action = state.legal_actions()[0]
        state.apply(action)
        state.apply(state.legal_actions()[0])  # keep
    assert order == [2, 3, 0, 1] * 3
    assert state.turns == 13  # 12 turns of round 1, and round 2 has started its first turn
    assert state.view(None)["round"] == 2


def test_bf_offer_kept_card_goes_right_end_other_returns() -> None:
    state = new(3)
    state.apply("offer H1d1 H1s1 to P1")
    assert state.current_player == 1 and state.decision() == "keep"
    assert sorted(str(a) for a in state.legal_actions()) == ["keep H1d1", "keep H1s1"]
    state.apply("keep H1d1")
    assert state.view(1)["areas"][1] == ["H1d1"]
    assert state.view(0)["hand"] == ["H1d2", "H1s1", "H1s2", "H1s3"]  # H1s1 came back
    # P1's turn: P2 gives a card to P1 too; it goes to the right of H1d1 (oldest -> newest)
    state.apply("offer H2s1 H2s2 to P0")
    state.apply("keep H2s2")
    state.apply("offer H3s1 H3s3 to P1")
    state.apply("keep H3s3")
    assert state.view(1)["areas"][1] == ["H1d1", "H3s3"]


def test_bf_offer_refusals_carry_reason_and_rule() -> None:
    state = new(3)
    before = state.snapshot()
    cases = {
        "offer H2s1 H2s2 to P1": ("not in P0's hand", "BF-OFFER"),
        "offer H1s1 H1s2 to P0": ("not to yourself", "BF-OFFER"),
        "offer H1s1 to P1": ("must offer 2", "BF-OFFER"),
        "keep H1s1": ("not the time to keep", "BF-OFFER"),
        "offer R3 H1s1 to P1": ("roles are not in play", "BF-ROLEOFFER"),
        "special": ("Special Actions are not in play", "BF-SPECIAL"),
    }
    for text, (reason, rule) in cases.items():
        with pytest.raises(IllegalActionError) as info:
            state.apply(text)
        assert reason in info.value.reason, text
        assert info.value.rule == rule, text
        assert state.snapshot() == before
    state.apply("offer H1s1 H1s2 to P1")
    with pytest.raises(IllegalActionError) as info:
        state.apply("keep H1s3")
    assert "not one of the cards P0 offered" in info.value.reason and info.value.rule == "BF-OFFER"


def test_bf_offer_single_card_must_be_offered_and_must_be_kept() -> None:
    # a hand of 1 card cannot arise with the shipped house rules (BF-X15): constructed position
    state = new(3)
    state = with_changes(state, hands=[[2], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14]], discard=[0, 1, 3, 4])
    assert state.view(0)["hand"] == ["H1s3"]
    assert sorted(str(a) for a in state.legal_actions()) == ["offer H1s3 to P1", "offer H1s3 to P2"]
    state.apply("offer H1s3 to P2")
    assert [str(a) for a in state.legal_actions()] == ["keep H1s3"]
    state.apply("keep H1s3")
    assert state.view(2)["areas"][2] == ["H1s3"]
    assert state.view(0)["hand"] == []


def test_bf_offer_player_with_no_cards_misses_the_turn() -> None:
    state = new(3)
    state.apply("offer H1s1 H1s2 to P1")
    # constructed (BF-X15): P1's hand is empty when its turn comes -> it misses the turn (BF-X7)
    state = with_changes(state, hands=[[2, 3, 4], [], [10, 11, 12, 13, 14]], discard=[5, 6, 7, 8, 9])
    events = state.apply("keep H1s1")
    assert any(e.kind == "miss" and "P1 has no cards" in e.text for e in events)
    assert state.current_player == 2 and state.decision() == "offer"
    assert state.view(None)["offer_turn"] == 2 and state.view(None)["turns_taken"] == [1, 1, 0]


def test_bf_2_offer_seen_only_by_recipient_and_offerer() -> None:
    state = new(4)
    events = state.apply("offer H1d1 H1s1 to P2")
    public = [e for e in events if e.visible_to is None]
    assert all("H1d1" not in e.text for e in public)
    secret = [e for e in events if e.visible_to is not None]
    assert secret and all(e.visible_to == frozenset({0, 2}) for e in secret)
    assert state.view(2)["pending_offer"]["cards"] == ["H1s1", "H1d1"]
    assert "cards" not in state.view(1)["pending_offer"] and state.view(1)["pending_offer"]["count"] == 2
    assert "cards" not in state.view(None)["pending_offer"]
    state.apply("keep H1d1")
    # BF-2: the offerer learns which card was kept; the others see who offered to whom
    assert state.view(0)["offers"][0]["kept_card"] == "H1d1"
    assert state.view(2)["offers"][0]["cards"] == ["H1s1", "H1d1"]
    assert state.view(1)["offers"][0] == {"from": 0, "to": 2, "count": 2, "kept": "influence"}
    # areas: the owner and the giver know the card; others see its (public) house only (BF-X4)
    assert state.view(2)["areas"][2] == ["H1d1"]
    assert state.view(0)["areas"][2] == ["H1d1"]
    assert state.view(1)["areas"][2] == ["H1?"]
    assert state.view(None)["areas"][2] == ["H1?"]
    assert state.view(3)["hand_sizes"][0] == {"influence": 4, "roles": 0}


def test_bf_2_determinize_keeps_what_the_seat_has_seen() -> None:
    state = new(4)
    state.apply("offer H1d1 H1s1 to P2")
    state.apply("keep H1d1")  # P0 and P2 know; H1s1 back to P0 (P2 saw it)
    state.apply("offer H2s1 H2d2 to P3")
    state.apply("keep H2s1")
    state.apply("offer H3s1 H3s2 to P1")
    state.apply("keep H3s2")
    rng = random.Random(4)
    seen_areas = {1: [], 2: [], 3: []}
    for _ in range(40):
        det2 = state.determinize(2, rng)
        assert det2.areas[2] == state.areas[2]  # own area
        assert sorted(det2.hands[2]) == sorted(state.hands[2])  # own hand
        assert 0 in det2.hands[0]  # P2 saw H1s1 go back to P0's hand: it stays there
        det0 = state.determinize(0, rng)
        assert det0.areas[2] == state.areas[2]  # the card P0 gave and saw kept
        assert sorted(det0.hands[0]) == sorted(state.hands[0])
        det3 = state.determinize(3, rng)
        for q in (1, 2):
            seen_areas[q].append(det3.areas[q][0])
        assert det3.areas[3] == state.areas[3]
        # houses of area cards are public: determinization never changes them
        assert det3.areas[1][0] // 5 == 2 and det3.areas[2][0] // 5 == 0
    # P3 cannot tell which H1 card P2 kept: it is resampled
    assert len(set(seen_areas[2])) > 1

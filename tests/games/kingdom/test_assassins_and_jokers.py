"""Assassins and counter chains, the four Joker uses, response windows
[KD-8, KD-9, KD-10, KD-X2..KD-X7, KD-X10]."""

from __future__ import annotations

import random

import pytest

from regalia.core import IllegalActionError
from regalia.games.kingdom.cards import NAME

from .conftest import Deal, hand, in_play, legal, run


def _discard(st: object) -> list[str]:
    return [NAME[c] for c in st.discard]  # type: ignore[attr-defined]


def test_kd_x2_window_only_for_players_with_a_usable_card(deal: Deal) -> None:
    # P1 holds nothing usable out of turn: no window after P0's actions
    st = deal(["QH 7H 2S 3S 4S 5S 6S", "QC 9C 2D 3D 4D 5D 6D"], draws="2H 3H")
    run(st, "play QH")
    assert st.current_player == 0 and st.decision() == "main"
    # P1 holds a Joker: asked after each of P0's main-phase actions
    st = deal(["QH 7H 2S 3S 4S 5S 6S", "QC Joker 2D 3D 4D 5D 6D"], draws="2H 3H")
    run(st, "play QH")
    assert st.current_player == 1 and st.decision() == "respond"
    assert st.view(1)["to_act"] == 1 and st.view(1)["window"] == "after-action"
    # P0 cannot tell that P1 was asked: its view shows its own main phase going on
    assert (st.view(0)["to_act"], st.view(0)["decision"], st.view(0)["window"]) == (0, "main", None)
    assert "joker recruit QH" not in legal(st)  # Recruit only on your own turn [KD-9]
    with pytest.raises(IllegalActionError) as info:
        st.apply("joker recruit QH")
    assert info.value.rule == "KD-9" and "own turn" in info.value.reason
    assert legal(st)[0] == "pass" and "joker spy P0" in legal(st) and "joker expose P0" in legal(st)
    run(st, "pass")
    assert st.current_player == 0 and st.decision() == "main"
    run(st, "bring 7H with QH")
    assert st.current_player == 1
    run(st, "pass", "end")
    assert st.current_player == 1 and st.decision() == "main"


def test_kd_8_and_kd_x3_assassination_and_its_counter_chain(deal: Deal) -> None:
    st = deal(["QD AD AH KH 2S 3S 4S", "QC AC 9C 2D 3D 4D 5D"], draws="5S 6D 6S 2C")
    run(st, "play QD", "end")
    run(st, "play QC")
    # P0 holds AD with the ready QD: a window opens for P0 after P1's action
    assert st.current_player == 0 and st.decision() == "respond"
    assert "assassin AD using QD" in legal(st)
    run(st, "pass", "end")
    run(st, "play KH")
    assert st.current_player == 1 and st.decision() == "respond"  # P1: AC with the ready QC
    run(st, "pass")
    run(st, "assassin AD using QD")
    assert st.decision() == "target" and st.current_player == 0
    assert in_play(st, 0) == ["QD*", "KH"]  # the noble is turned to bring the Assassin
    assert set(legal(st)) == {"target QD", "target KH", "target QC"}
    run(st, "target QC")
    assert st.current_player == 1 and st.decision() == "counter"
    assert legal(st) == ["pass", "counter AC using QC"]
    run(st, "counter AC using QC")
    assert st.current_player == 0 and st.decision() == "counter"  # P0 may counter the counter
    assert [e["card"] for e in st.view(0)["chain"]] == ["AD", "AC"]
    # the others see the table as it was before the chain [KD-X13]: the AD still choosing its target
    assert [e["card"] for e in st.view(None)["chain"]] == ["AD"] and st.view(None)["chain"][0]["target"] is None
    run(st, "counter AH using KH")
    # nobody can counter AH: it kills the AC, and the AD's target is no longer protected
    assert in_play(st, 1) == []  # the AD then took the QC
    assert in_play(st, 0) == ["QD*", "KH*"]
    assert sorted(_discard(st)) == sorted(["AC", "AH", "AD", "QC"])
    assert st.current_player == 0 and st.decision() == "main" and st.chain == []


def test_kd_8_counter_saves_the_target(deal: Deal) -> None:
    st = deal(["QD AD 2H 3H 2S 3S 4S", "QC AC 9C 2D 3D 4D 5D"], draws="5S 6D 6S 2C")
    run(st, "play QD", "end")
    run(st, "play QC", "pass", "bring 9C with QC", "pass", "end")
    # QC is turned (it brought the 9C) until P1's next turn: P1 cannot counter now
    run(st, "assassin AD using QD", "target 9C")
    assert in_play(st, 1) == ["QC*"]  # no counter possible: the 9C is discarded at once
    assert _discard(st)[-2:] == ["AD", "9C"] or sorted(_discard(st)[-2:]) == ["9C", "AD"]


def test_kd_8_counter_cancels_the_assassination(deal: Deal) -> None:
    st = deal(["QD AD 2H 3H 2S 3S 4S", "QC AC 9C 2D 3D 4D 5D"], draws="5S 6D 6S 2C")
    run(st, "play QD", "end")
    run(st, "play QC", "pass", "end")
    run(st, "assassin AD using QD", "target QC", "counter AC using QC")
    # P0 has no second Assassin: the counter succeeds, both Aces go, the Queen stays (turned)
    assert in_play(st, 1) == ["QC*"] and in_play(st, 0) == ["QD*"]
    assert sorted(_discard(st)) == ["AC", "AD"]


def test_kd_8_assassin_needs_unpreoccupied_noble_of_its_suit(deal: Deal) -> None:
    st = deal(["QD AH 2H 3H 2S 3S 4S", "QC 9C 2D 3D 4D 5D 6D"], draws="5S")
    run(st, "play QD")
    with pytest.raises(IllegalActionError) as info:
        st.apply("assassin AH using QD")
    assert info.value.rule == "KD-8" and "needs a H" in info.value.reason


def test_kd_10_and_kd_x4_assassinated_blocker_leaves_attacker_blocked(deal: Deal) -> None:
    st = deal(["QH 7H AH 2S 3S 4S 5S", "QC 9C 2D 3D 4D 5D 6D"], draws="6S 7D 2H 3H")
    run(st, "play QH", "bring 7H with QH", "end")
    run(st, "play QC", "bring 9C with QC", "end")
    run(st, "attack P1", "attacker 7H", "done", "block 7H with 9C", "done")
    # after the blocks every kingdom may respond, the attacker last: P0 holds AH + ready QH
    assert st.current_player == 0 and st.decision() == "respond" and st.view(0)["window"] == "after-blockers"
    assert st.view(1)["window"] is None  # the window is P0's alone [KD-X2]
    run(st, "assassin AH using QH", "target 9C")
    # the 7H stays blocked: no territories [KD-X4]; it survives
    assert st.territories == [20, 20]
    assert in_play(st, 0) == ["QH*", "7H*"] and in_play(st, 1) == ["QC*"]


def test_kd_10_soldiers_stay_when_their_noble_leaves(deal: Deal) -> None:
    st = deal(["QH AH 2H 3H 2S 3S 4S", "QC 9C 2D 3D 4D 5D 6D"], draws="6S 7D 5H")
    run(st, "play QH", "end")
    run(st, "play QC", "pass", "bring 9C with QC", "pass", "end")
    run(st, "assassin AH using QH", "target QC")
    assert in_play(st, 1) == ["9C"]


def test_kd_9_and_kd_x6_pick_a_card_from_the_deck_unseen(deal: Deal) -> None:
    st = deal(["Joker 2S 3S 4S 5S 6S 2H", "QC 9C 2D 3D 4D 5D 6D"], draws="3H 7S")
    events = st.apply("joker pick")
    assert st.decision() == "pick" and legal(st) == ["take deck"]  # the discard pile is empty
    events = st.apply("take deck")
    public = [e for e in events if e.visible_to is None]
    secret = [e for e in events if e.visible_to == frozenset({0})]
    assert all("7S" not in e.text for e in public) and any("7S" in e.text for e in secret)
    assert "7S" in hand(st, 0) and "Joker" not in hand(st, 0)
    assert _discard(st) == ["Joker"]  # the Joker goes to the discard pile after the pick
    assert st.view(1)["kingdoms"][0]["known_hand"] == []


def test_kd_9_and_kd_x6_pick_a_card_from_the_discard_pile_is_seen(deal: Deal) -> None:
    st = deal(["2S 3S 4S 5S 6S 7S 8S", "Joker 2D 3D 4D 5D 6D 7D"], draws="9S")
    run(st, "end")
    run(st, "discard 9S")
    assert st.current_player == 1
    run(st, "joker pick")
    assert legal(st) == ["take 9S", "take deck"]
    run(st, "take 9S")
    assert "9S" in hand(st, 1) and _discard(st) == ["Joker"]
    # the discard pile is face up: everyone knows the 9S is in P1's hand [KD-X7]
    assert st.view(0)["kingdoms"][1]["known_hand"] == ["9S"]
    assert st.view(None)["kingdoms"][1]["known_hand"] == ["9S"]
    det = st.determinize(0, random.Random(1))
    assert "9S" in [NAME[c] for c in det.hands[1]]


def test_kd_9_spy_shows_one_hand_to_one_player(deal: Deal) -> None:
    st = deal(["Joker QH 3S 4S 5S 6S 2H", "QC 9C 2D 3D 4D 5D 6D"], draws="3H 7S")
    events = st.apply("joker spy P1")
    shown = sorted(["QC", "9C", "2D", "3D", "4D", "5D", "6D"])
    assert hand(st, 1) == shown
    secret = [e for e in events if e.kind == "spy" and e.visible_to == frozenset({0})]
    assert secret and sorted(secret[0].data["cards"]) == shown
    assert sorted(st.view(0)["kingdoms"][1]["known_hand"]) == shown
    assert st.view(None)["kingdoms"][1]["known_hand"] == []
    for _ in range(5):
        det = st.determinize(0, random.Random(_))
        assert sorted(NAME[c] for c in det.hands[1]) == shown
    run(st, "end")
    run(st, "play QC")  # a known card leaves the hand: no longer known there
    assert "QC" not in st.view(0)["kingdoms"][1]["known_hand"]
    assert len(st.view(0)["kingdoms"][1]["known_hand"]) == 6


def test_kd_9_expose_shows_one_hand_to_everyone(deal: Deal) -> None:
    st = deal(["Joker QH 3S 4S 5S 6S 2H", "QC 9C 2D 3D 4D 5D 6D", "2C 3C 4C 5C 6C 7C 8C"], draws="3H 7S")
    events = st.apply("joker expose P1")
    shown = sorted(["QC", "9C", "2D", "3D", "4D", "5D", "6D"])
    assert any(e.kind == "expose" and e.visible_to is None for e in events)
    for seat in (0, 2, None):
        assert sorted(st.view(seat)["kingdoms"][1]["known_hand"]) == shown
    det = st.determinize(2, random.Random(4))
    assert sorted(NAME[c] for c in det.hands[1]) == shown


def test_kd_9_recruit_obeys_noble_limits_and_arrives_preoccupied(deal: Deal) -> None:
    st = deal(["QH Joker 3S 4S 5S 6S 2H", "QC 9C 2D 3D 4D 5D 6D"], draws="3H 7S 4H")
    run(st, "play QH")  # P0 holds a Joker, so P0 is asked after P1's actions
    run(st, "end")
    run(st, "play QC", "pass", "bring 9C with QC", "pass", "end")
    assert "joker recruit 9C" in legal(st)
    assert "joker recruit QC" not in legal(st)  # P0 already has a Queen in play
    with pytest.raises(IllegalActionError) as info:
        st.apply("joker recruit QC")
    assert info.value.rule == "KD-9" and "noble limits" in info.value.reason
    run(st, "joker recruit 9C")
    assert in_play(st, 0) == ["QH", "9C*"] and in_play(st, 1) == ["QC*"]
    assert _discard(st)[-1] == "Joker"


def test_kd_9_joker_countered_by_an_assassin(deal: Deal) -> None:
    st = deal(["Joker 2S 3S 4S 5S 6S 2H", "QC AC 9C 2D 3D 4D 5D"], draws="3H 6D 7S")
    run(st, "end", "discard 2S")
    run(st, "play QC")
    assert st.current_player == 0 and st.decision() == "respond"  # P0 holds a Joker
    run(st, "joker spy P1")  # any time, even on P1's turn
    assert st.current_player == 1 and st.decision() == "counter"
    run(st, "counter AC using QC")
    assert st.view(0)["kingdoms"][1]["known_hand"] == []  # the Spy is cancelled
    assert sorted(_discard(st)) == ["2S", "AC", "Joker"]
    assert st.current_player == 1 and st.decision() == "main"
    assert in_play(st, 1) == ["QC*"]


def test_kd_9_joker_expose_played_out_of_turn(deal: Deal) -> None:
    st = deal(["QH 7H 2S 3S 4S 5S 6S", "QC Joker 2D 3D 4D 5D 6D"], draws="2H 3H")
    run(st, "play QH", "joker expose P0")
    assert sorted(st.view(None)["kingdoms"][0]["known_hand"]) == sorted(["7H", "2S", "3S", "4S", "5S", "6S", "2H"])
    # a player who plays is asked again, but P1 has nothing left to play: back to P0
    assert st.current_player == 0 and st.decision() == "main"


def test_kd_x5_out_of_turn_suit_change_enables_an_assassin(deal: Deal) -> None:
    st = deal(["KS QS AH 3S 4S 5S 6S", "QC 9C 2D 3D 4D 5D 6D"], draws="2H 7D 3H 8D")
    run(st, "play KS", "end")
    run(st, "end", "discard 2D")
    run(st, "play QS", "end")
    assert len(st.hands[0]) == 7
    run(st, "play QC")
    # P0: two ready Spades nobles and an Ace of Hearts: may turn QS to make KS a Heart
    assert st.current_player == 0 and st.decision() == "respond"
    assert "change KS to H using QS" in legal(st) and "change KS to D using QS" not in legal(st)
    with pytest.raises(IllegalActionError) as info:
        st.apply("change KS to D using QS")
    assert info.value.rule == "KD-X5"
    run(st, "change KS to H using QS", "assassin AH using KS", "target QC")
    assert in_play(st, 1) == [] and in_play(st, 0) == ["KS*", "QS*"]


def test_snapshot_clone_and_determinize_in_the_middle_of_a_counter_chain(deal: Deal) -> None:
    import json

    import regalia

    st = deal(["QD AD AH KH 2S 3S 4S", "QC AC 9C 2D 3D 4D 5D"], draws="5S 6D 6S 2C")
    run(st, "play QD", "end", "play QC", "pass", "end", "play KH", "pass", "assassin AD using QD", "target QC")
    run(st, "counter AC using QC")
    assert st.decision() == "counter" and st.current_player == 0
    restored = regalia.from_snapshot(json.loads(json.dumps(st.snapshot())))
    assert restored.snapshot() == st.snapshot() and restored.legal_actions() == st.legal_actions()
    copy = st.clone()
    run(copy, "pass")
    assert st.decision() == "counter" and len(st.chain) == 2 and copy.chain == []
    det = st.determinize(1, random.Random(2))
    assert det.view(1) == st.view(1) and det.current_player == 0 and det.can_counter(0)
    assert det.snapshot()["state"]["checkpoint"] is not None
    # P1 sees the table as it was when it decided to counter [KD-X13]; P0, asked, sees the chain
    assert [e["card"] for e in st.view(1)["chain"]] == ["AD"] and st.view(1)["decision"] == "counter"
    assert [e["card"] for e in st.view(0)["chain"]] == ["AD", "AC"]
    assert st.view(0)["chain"][0]["target"] == "QC" and st.view(0)["chain"][1]["target"] == "AD"


def test_kd_x10_an_assassin_may_target_a_card_of_its_own_kingdom(deal: Deal) -> None:
    st = deal(["QH AH 9H 3H 2S 3S 4S", "QC 9C 2D 3D 4D 5D 6D"], draws="5S 7D")
    run(st, "play QH", "bring 9H with QH", "end", "end", "discard 2D")
    run(st, "assassin AH using QH")
    assert "target 9H" in legal(st) and "target QH" in legal(st)
    run(st, "target 9H")
    assert in_play(st, 0) == ["QH*"] and sorted(_discard(st)) == ["2D", "9H", "AH"]

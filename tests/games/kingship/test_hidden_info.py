"""Hidden information: views, events and determinizations show each seat only what it may know
[KS-6, KS-34; brief "Hidden information"]."""

from __future__ import annotations

import json
import random

import regalia
from regalia.games.kingship.cards import NAME

from .helpers import act, hand, scenario


def test_view_shows_own_hand_only_and_the_public_table() -> None:
    s = scenario(hands={0: ["7L", "9D"], 1: ["KL"]}, pile=["5T"], titles={"Kingship": 2}, active_laws=["law tax 9"])
    v = s.view(1)
    assert v["hand"] == ["KL"] and v["hand_sizes"] == [2, 1, 3, 3]
    assert v["pile_top"] == "5T" and v["titles"]["Kingship"] == 2 and v["graveyard_size"] == 0
    assert v["laws"] == ["whoever plays a Witch (9) must draw a card or exile a card"]
    assert "7L" not in json.dumps(v)
    spectator = s.view(None)
    assert spectator["hand"] is None and spectator["known_cards"] == {}
    text = s.game.render_text(s.view(0))
    assert "top card 5T Priest" in text and "Kingship P2" in text and "Your hand: 7L Merchant, 9D Witch" in text


def test_draw_event_names_the_card_only_to_the_drawer() -> None:
    s = scenario(hands={0: ["7L", "9L"]}, pile=["5T"], deck=["KD"])
    events = act(s, 0, "draw")
    public = [e for e in events if e.visible_to is None]
    assert all("KD" not in e.text for e in public)
    assert any("KD" in e.text and e.visible_to == frozenset({0}) for e in events)


def test_determinize_keeps_merchant_revealed_cards_in_their_hand() -> None:
    s = scenario(hands={0: ["7L", "7D", "9D", "2L"], 1: ["KL", "2T", "AD"]}, pile=["7T"])
    act(s, 0, "play 7L 7D")
    act(s, 0, "target P1")
    act(s, 0, "take KL")
    act(s, 0, "return 9D")
    rng = random.Random(2)
    for _ in range(10):
        det = s.determinize(0, rng)
        assert sorted(NAME[k] for k in det.hand_list(1)) == ["2T", "9D", "AD"]
        assert det.view(0) == s.view(0)
    other = s.determinize(2, random.Random(3))
    assert other.view(2) == s.view(2) and sorted(hand(other, 2)) == sorted(hand(s, 2))


def test_determinize_keeps_the_deck_for_the_emperor_searching_it() -> None:
    s = scenario(hands={0: ["KL", "2D"]}, pile=["KT"], titles={"Kingship": 2}, deck=["5L", "5D"])
    act(s, 0, "play KL")
    act(s, 0, "target P1")
    det = s.determinize(0, random.Random(1))
    assert sorted(det.deck) == sorted(s.deck) and det.legal_actions() == s.legal_actions()


def test_private_loss_makes_observers_forget_what_they_knew() -> None:
    s = scenario(hands={0: ["6L", "9D"], 2: ["KL", "AL"]}, pile=["6T"], titles={"Demon": 2})
    s.known[1 * 8 + 2] = {36: 1}  # P1 knows P2 holds KL
    act(s, 0, "play 6L")  # takes a random card from the Demon P2, seen by P0 and P2 only
    assert s.view(1)["known_cards"] == {}


def test_snapshot_round_trip_inside_a_response_window() -> None:
    s = scenario(hands={0: ["AL", "9L", "2D"], 1: ["Outlaw", "3L"]}, pile=["AT"], titles={"DarkQueen": 3})
    act(s, 0, "play AL")
    act(s, 0, "target P2")
    act(s, 3, "pass")
    snap = json.loads(json.dumps(s.snapshot()))
    restored = regalia.from_snapshot(snap, check_history=False)
    assert restored.snapshot() == s.snapshot() and restored.legal_actions() == s.legal_actions()
    restored.apply("redirect P3")
    s.apply("redirect P3")
    assert restored.snapshot() == s.snapshot()


def test_merchant_offers_and_counters_are_shown_and_kept_by_determinize() -> None:
    s = scenario(hands={0: ["7L", "9D", "AD"], 1: ["KL", "2L"], 2: ["AL", "2T"]}, pile=["7T"])
    act(s, 0, "play 7L")
    act(s, 0, "offer 9D")
    act(s, 0, "ask nothing")
    act(s, 1, "counter KL")
    act(s, 2, "pass")
    act(s, 3, "pass")
    assert s.view(3)["known_cards"] == {"P0": ["9D"], "P1": ["KL"]}
    rng = random.Random(5)
    for seat in (0, 3):
        for _ in range(5):
            det = s.determinize(seat, rng)
            assert "KL" in hand(det, 1) and "9D" in hand(det, 0)
            det.apply("take offer P1")
            assert "KL" in hand(det, 0) and "9D" in hand(det, 1)

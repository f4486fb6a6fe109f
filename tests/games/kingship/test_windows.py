"""Response windows as decisions of one player, offered only to those able to act; the windows
that would reveal a hand are hidden from the others [KS-6, KS-7, KS-17, KS-18, KS-20, KS-22,
KS-27, KS-29, KS-37]."""

from __future__ import annotations

import random

from regalia.games.kingship.cards import NAME
from regalia.games.kingship.engine import OP_TURN_START

from .helpers import act, hand, scenario, texts, title


def test_ks6_dark_queen_forbids_a_target_and_the_player_chooses_another() -> None:
    s = scenario(hands={0: ["AL", "9L", "2D"]}, pile=["AT"], titles={"DarkQueen": 3})
    act(s, 0, "play AL")
    act(s, 0, "target P2")
    assert s.current_player == 3 and texts(s) == ["pass", "forbid"]
    assert s.view(1)["decision"] == "dq" and s.view(None)["to_act"] == 3  # a title window is public (KS-37)
    act(s, 3, "forbid")
    assert s.current_player == 0 and texts(s) == ["target P1", "target P3"]
    act(s, 0, "target P1")
    act(s, 3, "pass")
    act(s, 0, "give 9L")
    assert "9L" in hand(s, 1)


def test_ks6_no_valid_recipient_the_card_is_exiled_instead() -> None:
    s = scenario(hands={0: ["AL", "9L", "2D"]}, pile=["AT"], titles={"DarkQueen": 3})
    act(s, 0, "play AL")
    for t in (1, 2, 3):
        act(s, 0, f"target P{t}")
        act(s, 3, "forbid")
    assert s.pending == ("give_exile", 0)
    act(s, 0, "exile 9L")
    assert [NAME[k] for k in s.grave] == ["9L"] and hand(s, 0) == ["2D"]


def test_ks27_dark_queen_cannot_forbid_the_acting_players_self_target() -> None:
    s = scenario(hands={0: ["5L", "9D"]}, pile=["KT", "5T"], titles={"DarkQueen": 3})
    act(s, 0, "play 5L")
    act(s, 0, "target P0")
    assert "5T" in hand(s, 0) and s.turn_player == 1  # no Dark Queen window was offered


def test_ks7_outlaw_redirects_a_target_goes_on_the_pile_after_and_takes_the_title() -> None:
    s = scenario(hands={0: ["AL", "9L", "2D"], 1: ["Outlaw", "3L"]}, pile=["AT"])
    act(s, 0, "play AL")
    act(s, 0, "target P2")
    assert s.current_player == 1 and texts(s)[0] == "pass" and "redirect P3" in texts(s)
    # invisible to the others: they still see P0's targeting (KS-37)
    assert (s.view(2)["to_act"], s.view(2)["decision"]) == (0, "target") and s.view(0)["decision"] == "target"
    act(s, 1, "redirect P3")
    assert s.ctx.target == 3 and s.current_player == 0
    act(s, 0, "give 9L")
    assert "9L" in hand(s, 3) and NAME[s.pile[-1]] == "Outlaw" and title(s, "Outlaw") == 1
    assert s.turn_player == 1  # the Outlaw played out of turn changes nothing about turn order


def test_ks7_a_later_outlaw_cancels_the_redirect_first_outlaw_keeps_the_title() -> None:
    s = scenario(hands={0: ["AL", "9L", "2D"], 1: ["Outlaw", "3L"], 2: ["Outlaw", "4L"]}, pile=["AT"])
    act(s, 0, "play AL")
    act(s, 0, "target P3")
    act(s, 1, "redirect P2")
    assert s.current_player == 2  # P2 may answer with the other Outlaw
    act(s, 2, "redirect P1")
    act(s, 0, "give 9L")
    assert "9L" in hand(s, 1) and title(s, "Outlaw") == 1
    assert [NAME[k] for k in s.pile[-2:]] == ["Outlaw", "Outlaw"]


def test_ks7_self_redirect_needs_the_dark_queens_permission() -> None:
    s = scenario(hands={0: ["9L", "2D"], 1: ["Outlaw", "3L"]}, pile=["9T"], titles={"DarkQueen": 3})
    act(s, 0, "play 9L")  # Witch #1
    act(s, 0, "target P3")
    act(s, 3, "pass")
    act(s, 1, "redirect P1")
    assert s.current_player == 3
    act(s, 3, "forbid")
    assert s.pending == ("reroute", 1) and "pass" not in texts(s)
    act(s, 1, "redirect P2")
    act(s, 3, "pass")
    assert title(s, "Silenced") == 2


def test_ks7_outlaw_redirects_a_title_about_to_be_acquired() -> None:
    s = scenario(hands={0: ["QD", "2D"], 2: ["Outlaw", "3L"]}, pile=["QL"])
    act(s, 0, "play QD")
    assert s.current_player == 2
    act(s, 2, "redirect P2")  # no Dark Queen in play: self-redirect allowed
    assert title(s, "DarkQueen") == 2 and title(s, "Outlaw") == 2


def test_ks6_knight_block_cancels_the_ability_knight_on_pile_and_a_draw() -> None:
    s = scenario(hands={0: ["9L", "2D"], 1: ["10L", "3L"]}, pile=["9T"], deck=["KD"])
    act(s, 0, "play 9L")
    act(s, 0, "target P1")
    assert s.current_player == 1 and texts(s) == ["pass", "block 10L"]
    assert s.view(0)["decision"] == "target" and s.view(None)["to_act"] == 0  # the Knight window is hidden
    act(s, 1, "block 10L")
    assert title(s, "Silenced") == -1 and NAME[s.pile[-1]] == "10L" and hand(s, 1) == ["3L", "KD"]
    assert s.turn_player == 1  # back to P0's phase 3, then the turn passes on


def test_ks20_a_silenced_target_cannot_block() -> None:
    s = scenario(hands={0: ["AL", "9L", "2D"], 1: ["10L", "3L"]}, pile=["AT"], titles={"Silenced": 1})
    act(s, 0, "play AL")
    act(s, 0, "target P1")
    assert s.pending == ("give", 0)


def test_ks22_light_queen_prevents_a_draw_the_draw_is_used() -> None:
    s = scenario(hands={0: ["7L", "9L"]}, pile=["5T"], titles={"LightQueen": 2})
    act(s, 0, "draw")
    assert s.current_player == 2 and texts(s) == ["pass", "prevent"]
    assert s.view(1)["decision"] == "lq" and s.view(2)["decision_info"]["drawer"] == 0  # public (KS-37)
    act(s, 2, "prevent")
    assert s.hs[0] == 2 and texts(s) == ["pass"]


def test_ks22_light_queen_lets_the_draw_happen() -> None:
    s = scenario(hands={0: ["7L", "9L"]}, pile=["5T"], deck=["5L"], titles={"LightQueen": 0})
    act(s, 0, "draw")
    act(s, 0, "pass")  # the Light Queen can be asked about her own draw
    assert hand(s, 0) == ["5L", "7L", "9L"]


def test_ks22_no_light_queen_window_when_nothing_can_be_drawn() -> None:
    s = scenario(hands={0: ["7L"]}, pile=["5T"], titles={"LightQueen": 2})
    s.grave.extend(s.deck)
    s.deck = []
    act(s, 0, "draw")
    assert s.current_player == 0 and texts(s) == ["pass"]


def test_ks29_demon_claim_at_the_start_of_any_turn() -> None:
    s = scenario(hands={0: ["7L"], 2: ["3L"]}, pile=["5T"], titles={"Demon": 2})
    s.grave = [0, 36]  # AL, KL
    s.pending, s.q, s._legal = None, [(OP_TURN_START,)], None
    s.nturns = 0
    s._run([])
    assert s.current_player == 2 and texts(s) == ["pass", "claim"]
    assert s.view(0)["decision"] == "demon" and s.view(0)["to_act"] == 2  # public (KS-37)
    act(s, 2, "claim")
    assert title(s, "Demon") == -1 and texts(s) == ["pass", "claim AL", "claim KL"]
    act(s, 2, "claim KL")
    act(s, 2, "pass")
    assert hand(s, 2) == ["3L", "KL"] and [NAME[k] for k in s.grave] == ["AL"]
    assert s.current_player == 0 and s.pending[0] == "main"


def test_ks29_no_demon_window_with_an_empty_graveyard() -> None:
    s = scenario(hands={0: ["7L"]}, pile=["5T"], titles={"Demon": 2})
    assert s.current_player == 0


def test_windows_are_not_created_when_nobody_can_act() -> None:
    s = scenario(hands={0: ["AL", "9L", "2D"]}, pile=["AT"])
    act(s, 0, "play AL")
    act(s, 0, "target P2")
    assert s.pending == ("give", 0)


def test_determinize_keeps_the_window_card_of_the_decider_and_hides_the_rest() -> None:
    s = scenario(hands={0: ["AL", "9L", "2D"], 1: ["Outlaw", "3L"]}, pile=["AT"])
    act(s, 0, "play AL")
    act(s, 0, "target P2")
    rng = random.Random(4)
    for _ in range(10):
        det = s.determinize(0, rng)
        assert det.hands[1][39] >= 1 and det.current_player == 1
        assert det.view(0) == s.view(0)


def test_messenger_pair_draw_prevented_by_the_light_queen_no_card_placed() -> None:
    s = scenario(hands={0: ["2L", "2D", "9D"]}, pile=["2T"], deck=["5L"], titles={"LightQueen": 2})
    act(s, 0, "play 2L 2D")
    act(s, 2, "prevent")
    assert hand(s, 0) == ["9D"] and s.direction == -1 and s.turn_player == 3


def test_ks6_the_blockers_draw_is_a_draw_the_light_queen_may_prevent() -> None:
    s = scenario(hands={0: ["9L", "2D"], 1: ["10L", "3L"]}, pile=["9T"], titles={"LightQueen": 3})
    act(s, 0, "play 9L")
    act(s, 0, "target P1")
    act(s, 1, "block 10L")
    assert s.pending == ("lq", 3, 1, 1, "block")
    act(s, 3, "prevent")
    assert hand(s, 1) == ["3L"] and title(s, "Silenced") == -1


def test_ks16_prince_law_involves_the_prince_and_the_king() -> None:
    s = scenario(hands={0: ["JL", "2D", "5L"], 2: ["AL", "2L"]}, pile=["JT"], titles={"Kingship": 2})
    act(s, 0, "play JL")
    act(s, 0, "law exile-approvers")
    act(s, 2, "approve")
    act(s, 0, "exile 5L")
    act(s, 2, "exile AL")
    assert hand(s, 0) == ["2D"] and hand(s, 2) == ["2L"] and s.hs[1] == 3

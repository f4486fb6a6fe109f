"""Titles (active and passive abilities), Silenced, and laws: proposal, votes, the Prince's law,
removal, the six Pro laws and the catalogue [KS-11, KS-12, KS-16, KS-23, KS-24, KS-30, KS-32]."""

from __future__ import annotations

import pytest

from regalia.core import IllegalActionError

from .helpers import act, hand, scenario, texts, title


# ---------------------------------------------------------------- Kingship and votes
def test_kingship_proposes_at_the_start_of_the_turn_and_all_queens_vote() -> None:
    s = scenario(hands={0: ["7L"]}, pile=["5T"], titles={"Kingship": 0, "DarkQueen": 2, "LightQueen": 3})
    assert s.pending == ("law", 0, "king") and texts(s)[0] == "pass"
    act(s, 0, "law tax 7")
    act(s, 2, "approve")
    assert s.current_player == 3
    act(s, 3, "approve")
    assert s.laws == [[2, 28]] and s.pending[0] == "main"


def test_ks11_a_law_denied_by_a_queen_is_not_enacted() -> None:
    s = scenario(hands={0: ["7L"]}, pile=["5T"], titles={"Kingship": 0, "DarkQueen": 2, "LightQueen": 3})
    act(s, 0, "law no-winner")
    act(s, 2, "deny")
    assert s.laws == [] and s.current_player == 0 and s.pending[0] == "main"


def test_ks11_with_no_queen_in_play_the_law_passes() -> None:
    s = scenario(hands={0: ["7L"]}, pile=["5T"], titles={"Kingship": 0})
    act(s, 0, "law no-winner")
    assert s.laws == [[3, 0]]


def test_ks12_silenced_queen_still_votes_silenced_king_cannot_propose() -> None:
    s = scenario(hands={0: ["7L"]}, pile=["5T"], titles={"Kingship": 0, "DarkQueen": 2, "Silenced": 2})
    act(s, 0, "law no-winner")
    assert s.current_player == 2
    s = scenario(hands={0: ["7L"]}, pile=["5T"], titles={"Kingship": 0, "Silenced": 0})
    assert s.pending[0] == "main"


def test_kingship_acquired_removes_all_active_laws() -> None:
    s = scenario(hands={0: ["KL", "2D"]}, pile=["KT"], titles={"LightQueen": 1}, active_laws=["law tax 9"])
    act(s, 0, "play KL")
    assert title(s, "Kingship") == 0 and s.laws == []


def test_ks24_an_identical_active_law_cannot_be_proposed_again() -> None:
    s = scenario(hands={0: ["7L"]}, pile=["5T"], titles={"Kingship": 0}, active_laws=["law tax 7"])
    assert "law tax 7" not in texts(s) and "law tax 8" in texts(s)
    with pytest.raises(IllegalActionError) as info:
        s.apply("law tax 7")
    assert info.value.rule == "KS-24" and str(info.value).count("KS-24") == 1


# ---------------------------------------------------------------- laws option both ways
def test_ks11_pro_mode_refuses_catalogue_laws() -> None:
    s = scenario(hands={0: ["7L"]}, pile=["5T"], titles={"Kingship": 0})
    assert not any(t.startswith("law wins") for t in texts(s))
    with pytest.raises(IllegalActionError) as info:
        s.apply("law wins P0")
    assert "not a Kingship Pro law" in info.value.reason and info.value.rule == "KS-11"


def test_ks11_catalogue_mode_offers_the_rulebook_examples() -> None:
    s = scenario(hands={0: ["7L"]}, pile=["5T"], titles={"Kingship": 0}, laws="catalogue")
    for t in ("law all-exile", "law others-draw-2", "law cannot-win P1", "law wins P3", "law exactly 3"):
        assert t in texts(s)


# ---------------------------------------------------------------- the six Pro laws
def test_pro_law_exile_approvers_the_proposer_and_voters_exile_a_card() -> None:
    s = scenario(hands={0: ["7L", "9L"], 2: ["AL", "2L"]}, pile=["5T"], titles={"Kingship": 0, "DarkQueen": 2})
    act(s, 0, "law exile-approvers")
    act(s, 2, "approve")
    act(s, 0, "exile 9L")
    act(s, 2, "exile AL")
    assert hand(s, 0) == ["7L"] and hand(s, 2) == ["2L"] and s.hs[1] == 3 and s.hs[3] == 3


def test_pro_law_draw_others_everyone_not_involved_draws_light_queen_cannot_stop() -> None:
    s = scenario(hands={0: ["7L"]}, pile=["5T"], titles={"Kingship": 0, "LightQueen": 2}, deck=["AL", "AD"])
    act(s, 0, "law draw-others")
    act(s, 2, "approve")
    assert s.hs == [1, 4, 3, 4] and s.pending[0] == "main"


def test_pro_law_tax_whoever_plays_the_card_draws_or_exiles() -> None:
    s = scenario(
        hands={0: ["9D", "2D", "KL"]}, pile=["9T"], active_laws=["law tax 9"], titles={"LightQueen": 2}, deck=["5L"]
    )
    act(s, 0, "play 9D")
    act(s, 0, "target P1")
    assert s.pending == ("tax", 0) and texts(s) == ["draw", "exile 2D", "exile KL"]
    act(s, 0, "draw")  # a Pro law's draw: no Light Queen window (KS-11)
    assert hand(s, 0) == ["2D", "5L", "KL"] and s.turn_player == 1


def test_pro_law_tax_exile_option_and_not_triggered_by_other_cards() -> None:
    s = scenario(hands={0: ["9D", "2D", "KL"]}, pile=["9T"], active_laws=["law tax 9D"])
    act(s, 0, "play 9D")
    act(s, 0, "target P1")
    act(s, 0, "exile KL")
    assert hand(s, 0) == ["2D"]
    s = scenario(hands={0: ["9D", "2D"]}, pile=["9T"], active_laws=["law tax 7"])
    act(s, 0, "play 9D")
    act(s, 0, "target P1")
    assert s.turn_player == 1


def test_pro_law_no_winner_nobody_wins_and_zero_cards_draws_in_phase_3() -> None:
    s = scenario(hands={0: ["10L"]}, pile=["10T"], active_laws=["law no-winner"], deck=["AL"])
    act(s, 0, "play 10L")
    assert not s.is_terminal and hand(s, 0) == ["AL"] and s.turn_player == 1


def test_pro_law_no_winner_zero_cards_draws_in_phase_1() -> None:
    s = scenario(hands={0: []}, pile=["10T"], active_laws=["law no-winner"], deck=["AL"])
    assert hand(s, 0) == ["AL"] and s.current_player == 0


def test_pro_law_exactly_n_first_to_hold_exactly_n_cards_wins() -> None:
    s = scenario(hands={0: ["7L", "2D"]}, pile=["5T"], titles={"Kingship": 0}, filler=4)
    act(s, 0, "law exactly 2")
    assert s.is_terminal and s.winners == (0,)


def test_ks23_exactly_law_replaces_the_empty_hand_win() -> None:
    s = scenario(hands={0: ["10L"]}, pile=["10T"], active_laws=["law exactly 5"], filler=4)
    act(s, 0, "play 10L")
    assert not s.is_terminal and s.turn_player == 1


def test_pro_law_max_3_everyone_exiles_down_to_three() -> None:
    s = scenario(hands={0: ["7L", "9L", "AL", "2L", "KL"]}, pile=["5T"], titles={"Kingship": 0}, filler=4)
    act(s, 0, "law max-3")
    act(s, 0, "exile KL")
    act(s, 0, "exile 2L")
    for p in (1, 2, 3):
        c = texts(s)[0]
        act(s, p, c)
    assert s.hs == [3, 3, 3, 3]


# ---------------------------------------------------------------- the catalogue laws
def test_catalogue_law_all_exile() -> None:
    s = scenario(hands={0: ["7L", "9L"]}, pile=["5T"], titles={"Kingship": 0}, laws="catalogue")
    act(s, 0, "law all-exile")
    for p in range(4):
        act(s, p, texts(s)[0])
    assert s.hs == [1, 2, 2, 2] and len(s.grave) == 4


def test_catalogue_law_others_draw_two_light_queen_may_stop_it() -> None:
    s = scenario(hands={0: ["7L"]}, pile=["5T"], titles={"Kingship": 0, "LightQueen": 0}, laws="catalogue")
    act(s, 0, "law others-draw-2")
    act(s, 0, "approve")  # the King is also the Light Queen: she votes too
    for p in (1, 2, 3):
        assert s.pending[0] == "lq"
        act(s, 0, "prevent" if p == 2 else "pass")
    assert s.hs == [1, 5, 3, 5]


def test_catalogue_law_cannot_win_and_silenced_players_are_not_bound() -> None:
    s = scenario(hands={0: ["10L"]}, pile=["10T"], active_laws=["law cannot-win P0"])
    act(s, 0, "play 10L")
    assert not s.is_terminal
    s = scenario(hands={0: ["10L"]}, pile=["10T"], active_laws=["law cannot-win P0"], titles={"Silenced": 0})
    act(s, 0, "play 10L")
    assert s.winners == (0,)


def test_catalogue_law_wins_names_the_winner_unless_silenced() -> None:
    s = scenario(hands={0: ["7L"]}, pile=["5T"], titles={"Kingship": 0}, laws="catalogue")
    act(s, 0, "law wins P2")
    assert s.winners == (2,) and s.returns() == [0.0, 0.0, 1.0, 0.0]
    s = scenario(hands={0: ["7L"]}, pile=["5T"], titles={"Kingship": 0, "Silenced": 2}, laws="catalogue")
    act(s, 0, "law wins P2")
    assert not s.is_terminal


# ---------------------------------------------------------------- Silenced
def test_ks12_silenced_card_abilities_have_no_effect() -> None:
    s = scenario(hands={0: ["AL", "9L", "2D"]}, pile=["AT"], titles={"Silenced": 0})
    act(s, 0, "play AL")
    assert s.turn_player == 1 and hand(s, 0) == ["2D", "9L"]


def test_ks30_a_silenced_player_may_play_a_single_demon_with_no_effect() -> None:
    s = scenario(hands={0: ["6L", "2D"]}, pile=["6T"], titles={"Silenced": 0})
    assert "play 6L" in texts(s)
    act(s, 0, "play 6L")
    assert s.turn_player == 1


def test_ks12_laws_triggered_by_a_silenced_players_actions_have_no_effect() -> None:
    s = scenario(hands={0: ["9D", "2D"]}, pile=["9T"], active_laws=["law tax 9"], titles={"Silenced": 0})
    act(s, 0, "play 9D")
    act(s, 0, "target P1")  # the Witch still works for a silenced player
    assert s.turn_player == 1 and title(s, "Silenced") == 1


def test_demon_title_acquired_removes_the_acquirers_other_titles() -> None:
    s = scenario(hands={0: ["6L", "6D", "9D"]}, pile=["6T"], titles={"DarkQueen": 0, "Outlaw": 0})
    act(s, 0, "play 6L 6D")
    assert title(s, "Demon") == 0 and title(s, "DarkQueen") == -1 and title(s, "Outlaw") == -1

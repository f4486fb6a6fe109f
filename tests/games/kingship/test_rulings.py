"""regalia's own rulings KS-15..KS-35 (see docs/games/kingship.md)."""

from __future__ import annotations

import regalia
from regalia.games.kingship.cards import NAME

from .helpers import act, hand, scenario, texts, title


def test_ks15_emperor_conditions_checked_once_new_king_does_not_search() -> None:
    s = scenario(hands={0: ["KL", "2D"]}, pile=["KT"], titles={"DarkQueen": 1})
    act(s, 0, "play KL")
    assert title(s, "Kingship") == 0 and s.turn_player == 1  # no targeting afterwards


def test_ks17_messenger_skip_is_not_a_target_no_knight_window() -> None:
    s = scenario(hands={0: ["2L", "9D"], 1: ["10L", "3L"]}, pile=["2T"], titles={"DarkQueen": 3})
    act(s, 0, "play 2L")
    assert s.turn_player == 2  # P1 was skipped without any window


def test_ks18_the_acting_player_is_not_offered_a_redirect_of_its_own_ability() -> None:
    s = scenario(hands={0: ["AL", "Outlaw", "2D"]}, pile=["AT"])
    act(s, 0, "play AL")
    act(s, 0, "target P2")
    assert s.pending == ("give", 0)


def test_ks18_silenced_outlaw_holder_is_not_offered_a_redirect() -> None:
    s = scenario(hands={0: ["AL", "9L", "2D"], 1: ["Outlaw", "3L"]}, pile=["AT"], titles={"Silenced": 1})
    act(s, 0, "play AL")
    act(s, 0, "target P2")
    assert s.pending == ("give", 0)


def test_ks18_redirect_with_nowhere_to_go_leaves_the_previous_target() -> None:
    s = scenario(hands={0: ["AL", "9L", "2D"], 1: ["Outlaw", "3L"]}, pile=["AT"], titles={"DarkQueen": 3})
    act(s, 0, "play AL")
    act(s, 0, "target P2")
    act(s, 3, "pass")
    act(s, 1, "redirect P3")
    act(s, 3, "forbid")
    for seat in (0, 1, 2):
        act(s, 1, f"redirect P{seat}")
        act(s, 3, "forbid")
    assert s.ctx.target == 2 and s.pending == ("give", 0)  # every seat forbidden: P2 stands


def test_ks19_exiles_are_public_graveyard_in_every_view() -> None:
    s = scenario(hands={0: ["4L", "9D"]}, pile=["7L", "4T"])
    act(s, 0, "play 4L")
    act(s, 0, "exile pile")
    assert s.view(2)["graveyard"] == ["4T"] and s.view(None)["graveyard_size"] == 1


def test_ks21_silenced_title_is_never_traded_and_asked_titles_are_held_by_others() -> None:
    s = scenario(hands={0: ["7L", "9D"]}, pile=["7T"], titles={"Kingship": 2, "Demon": 0})
    act(s, 0, "play 7L")
    assert "offer title Demon" in texts(s) and "offer title Silenced" not in texts(s)
    act(s, 0, "offer title Demon")
    assert "ask title Kingship" in texts(s) and "ask title Demon" not in texts(s)
    assert "ask title Silenced" not in texts(s)


def test_ks22_a_draw_two_is_one_light_queen_window() -> None:
    s = scenario(hands={0: ["10L", "10D", "2D"]}, pile=["10T"], titles={"LightQueen": 3})
    act(s, 0, "play 10L 10D")
    act(s, 3, "prevent")
    act(s, 3, "pass")
    act(s, 3, "prevent")
    assert s.hs[1:] == [3, 5, 3]


def test_ks25_priest_pair_cannot_revive_the_current_play() -> None:
    s = scenario(hands={0: ["5L", "5D", "9D"]}, pile=["KT", "5T"])
    act(s, 0, "play 5L 5D")
    assert texts(s) == ["revive 5T", "revive KT"]


def test_ks26_poacher_exiles_what_there_is_of_the_top_two() -> None:
    s = scenario(hands={0: ["4L", "9D"]}, pile=["4T"])
    s.grave.extend(s.deck[:-1])
    s.deck = s.deck[-1:]
    before = len(s.grave)
    act(s, 0, "play 4L")
    act(s, 0, "exile deck")
    assert s.deck == [] and len(s.grave) == before + 1


def test_ks28_extra_turn_first_then_the_messenger_skip() -> None:
    s = scenario(hands={0: ["KL", "KD", "2D", "2L", "5L"]}, pile=["KT"], titles={"Kingship": 3})
    act(s, 0, "play KL KD")
    act(s, 0, "again")
    assert s.turn_player == 0
    act(s, 0, "play 2D")
    assert s.turn_player == 2


def test_ks33_an_outlaw_as_last_card_still_wins_in_phase_3() -> None:
    s = scenario(hands={0: ["Outlaw"]}, pile=["5T"])
    act(s, 0, "play Outlaw")
    assert s.winners == (0,)


def test_ks33_a_wizard_copying_an_outlaw_does_nothing() -> None:
    s = scenario(hands={0: ["8L", "2D"]}, pile=["Outlaw"])
    act(s, 0, "play 8L")
    assert title(s, "Outlaw") == -1 and s.turn_player == 1


def test_ks35_deck_given_seat_0_first_and_pile_is_the_next_card() -> None:
    cards = [NAME[k] for k in range(39) if k != 35 for _ in range(2)][:48]
    s = regalia.make("kingship", players=4, seed=9, deck=[*cards, "QL"])
    assert s.turn_player == 0 and NAME[s.pile[0]] == "QL"
    assert hand(s, 0) == sorted(cards[0::4]) and hand(s, 3) == sorted(cards[3::4])

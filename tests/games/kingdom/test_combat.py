"""Attacks, blocking, one-on-one and multi-block damage, territories, elimination
[KD-3..KD-7, KD-12, KD-13, KD-X4, KD-X8, KD-X11]."""

from __future__ import annotations

import pytest

from regalia.core import IllegalActionError

from .conftest import Deal, in_play, legal, run

P0 = "QH 7H 8H KH 2S 3S 4S"
P1 = "QC 9C 7C 3C 6C KC 2D"


def _armies(deal: Deal, p1_soldier: str = "9C", **options: object) -> object:
    """T1: P0 plays QH and brings 7H. T2: P1 plays QC and brings ``p1_soldier``. T3: P0 to act."""
    st = deal([P0, P1], draws="5S 5D 6S 6D 2H 4D", **options)
    run(st, "play QH", "bring 7H with QH", "end")
    run(st, "play QC", f"bring {p1_soldier} with QC", "end")
    assert st.current_player == 0 and st.turns == 3
    return st


def test_kd_4_attacks_refused_in_the_first_round(deal: Deal) -> None:
    st = deal([P0, P1], draws="5S 5D 6S 6D")
    run(st, "play QH", "bring 7H with QH")
    assert not any(t.startswith("attack") for t in legal(st))
    with pytest.raises(IllegalActionError) as info:
        st.apply("attack P1")
    assert info.value.rule == "KD-4" and "every player has had a turn" in info.value.reason
    run(st, "end", "play QC", "bring 9C with QC")
    with pytest.raises(IllegalActionError):
        st.apply("attack P0")  # P1's first turn is still in the first round
    run(st, "end")
    assert "attack P1" in legal(st)  # round two


def test_kd_4_one_attack_per_turn_and_attackers_become_preoccupied(deal: Deal) -> None:
    st = _armies(deal)
    run(st, "attack P1")
    assert st.decision() == "attackers"
    assert "done" not in legal(st)  # at least one attacker [KD-X8]
    assert set(legal(st)) == {"attacker QH", "attacker 7H"}
    run(st, "attacker 7H")
    assert in_play(st, 0) == ["QH", "7H*"]
    run(st, "done")
    assert st.current_player == 1 and st.decision() == "blockers"
    # 9C is ready (it arrived ready), QC is still turned from bringing it
    assert set(legal(st)) == {"block 7H with 9C", "done"}
    run(st, "done")  # no block
    assert st.territories == [20, 13]  # an unblocked soldier takes its number [KD-7]
    assert st.current_player == 0 and st.decision() == "main"  # the turn goes on [KD-X11]
    assert not any(t.startswith("attack") for t in legal(st))
    with pytest.raises(IllegalActionError) as info:
        st.apply("attack P1")
    assert "one kingdom per turn" in info.value.reason


def test_kd_7_unblocked_soldier_takes_its_number_in_territories(deal: Deal) -> None:
    st = _armies(deal)
    run(st, "attack P1", "attacker 7H", "attacker QH", "done", "done")
    assert st.territories == [20, 12]  # 7 for the soldier, 1 for the noble [KD-7]
    assert in_play(st, 0) == ["QH*", "7H*"]


def test_kd_5_one_on_one_lower_rank_discarded_higher_stays_preoccupied(deal: Deal) -> None:
    st = _armies(deal)
    run(st, "attack P1", "attacker 7H", "done", "block 7H with 9C")
    assert in_play(st, 1) == ["QC*", "9C*"]
    run(st, "done")
    assert in_play(st, 0) == ["QH"]
    assert in_play(st, 1) == ["QC*", "9C*"]
    assert st.territories == [20, 20]  # a blocked attacker takes none [KD-7]
    assert st.view(None)["discard"][-1] == "7H"


def test_kd_5_equal_ranks_perish_together(deal: Deal) -> None:
    st = _armies(deal, p1_soldier="7C")
    run(st, "attack P1", "attacker 7H", "done", "block 7H with 7C", "done")
    assert in_play(st, 0) == ["QH"] and in_play(st, 1) == ["QC*"]
    assert sorted(st.view(None)["discard"]) == ["7C", "7H"]


def test_kd_3_nobles_rank_below_soldiers_and_king_above_queen(deal: Deal) -> None:
    st = _armies(deal, p1_soldier="3C")
    # QH attacks, blocked by the 3 of Clubs: every soldier outranks every noble
    run(st, "attack P1", "attacker QH", "done", "block QH with 3C", "done")
    assert in_play(st, 0) == ["7H"] and in_play(st, 1) == ["QC*", "3C*"]


def test_kd_6_multi_block_rulebook_example_three_of_clubs(deal: Deal) -> None:
    """The rulebook's example: the 3 of Clubs has 3 damage points. 8H is blocked by 3C and 6C:
    the blockers deal 3 + 6 = 9 >= 8 to it; the attacker splits its 8 points, 3 to the 3C
    (3 >= 3: discarded) and 5 to the 6C (5 < 6: it stays)."""
    st = deal([P0, P1], draws="5S 5D 6S 6D 2H 4D")
    run(st, "play QH", "bring 8H with QH", "end")
    run(st, "play QC", "bring 3C with QC", "end")
    run(st, "end")  # P0 waits
    run(st, "play KC", "bring 6C with KC", "end")
    assert in_play(st, 1) == ["QC", "3C", "KC*", "6C"]
    run(st, "attack P1", "attacker 8H", "done")
    run(st, "block 8H with 3C", "block 8H with 6C", "done")
    assert st.decision() == "split" and st.current_player == 0
    assert legal(st) == [f"assign {k} to 3C" for k in range(9)]
    combat = st.view(1)["combat"]
    assert combat["attackers"] == [
        {"card": "8H", "rating": 8, "territories": 8, "blocked": True, "blockers": ["3C", "6C"], "damage": [0, 0]}
    ]
    with pytest.raises(IllegalActionError) as info:
        st.apply("assign 9 to 3C")
    assert info.value.rule == "KD-6"
    run(st, "assign 3 to 3C")  # the 6C takes the other 5
    assert in_play(st, 0) == ["QH"]
    assert in_play(st, 1) == ["QC", "KC*", "6C*"]
    assert sorted(st.view(None)["discard"])[-2:] == ["3C", "8H"]


def test_kd_6_multi_block_attacker_survives_when_blockers_too_weak(deal: Deal) -> None:
    st = deal([P0, P1], draws="5S 5D 6S 6D 2H 4D")
    run(st, "play QH", "bring 8H with QH", "end")
    run(st, "play QC", "bring 3C with QC", "end")
    run(st, "end")
    run(st, "play KC", "end")
    run(st, "attack P1", "attacker 8H", "done", "block 8H with 3C", "block 8H with KC", "done")
    # 3 + 1 = 4 < 8: the attacker survives; it kills both with 3 + 5 (the King takes the rest)
    run(st, "assign 3 to 3C")
    assert in_play(st, 0) == ["QH", "8H*"]
    assert in_play(st, 1) == ["QC"]


def test_kd_x8_no_blocker_decision_without_ready_cards(deal: Deal) -> None:
    st = deal([P0, P1], draws="5S 5D 6S 6D")
    run(st, "play QH", "bring 7H with QH", "end")
    run(st, "play QC", "end")
    # P1's QC is ready, so P1 is asked; with nothing ready the defender is not asked
    run(st, "attack P1", "attacker 7H", "done")
    assert st.current_player == 1 and st.decision() == "blockers"
    run(st, "block 7H with QC", "done")
    assert in_play(st, 1) == [] and in_play(st, 0) == ["QH", "7H*"]


def test_kd_12_elimination_clears_the_kingdom_and_ends_two_player_game(deal: Deal) -> None:
    st = _armies(deal, territories=5)
    run(st, "attack P1", "attacker 7H", "done", "done")
    assert st.territories == [5, 0]
    assert st.is_terminal and st.winners == (0,) and st.returns() == [1.0, 0.0]
    assert st.play[1] == [] and st.hands[1] == []
    assert "9C" in st.view(None)["discard"] and "QC" in st.view(None)["discard"]


def test_kd_12_elimination_in_three_player_game_skips_the_fallen(deal: Deal) -> None:
    st = deal([P0, P1, "2H 3H 4H 5H 6H 5C 4C"], draws="5S 5D 4D 6S 6D 3D", territories=5)
    run(st, "play QH", "bring 7H with QH", "end")
    run(st, "end", "discard 2D")
    run(st, "end", "discard 2H")
    assert st.current_player == 0 and st.turns == 4
    run(st, "attack P1", "attacker 7H", "done")  # P1 has nothing in play: not asked to block [KD-X8]
    assert not st.alive[1] and not st.is_terminal and st.territories[1] == 0
    assert st.view(0)["kingdoms"][1]["hand_size"] == 0
    assert len(st.discard) == 2 + 7  # two hand-limit discards, P1's whole hand
    run(st, "end")
    assert st.current_player == 2  # the fallen kingdom is skipped
    assert "attack P1" not in legal(st)


def test_kd_13_max_turns_most_territories_wins(deal: Deal) -> None:
    st = _armies(deal, max_turns=3)
    run(st, "attack P1", "attacker 7H", "done", "done", "end")
    assert st.is_terminal and st.winners == (0,) and st.returns() == [1.0, 0.0]


def test_kd_13_max_turns_tie_is_a_draw(deal: Deal) -> None:
    st = deal([P0, P1], draws="5S 5D", max_turns=2)
    run(st, "end", "discard 2S", "end", "discard 2D")
    assert st.is_terminal and st.winners == () and st.returns() == [0.0, 0.0]


def test_kd_13_without_max_turns_the_game_goes_on(deal: Deal) -> None:
    st = deal([P0, P1], draws="5S 5D 6S 6D")
    run(st, "end", "discard 2S", "end", "discard 2D", "end", "discard 3S")
    assert not st.is_terminal and st.turns == 4


def test_kd_3_ace_champion_is_the_highest_soldier_and_king_beats_queen(deal: Deal) -> None:
    st = deal(["QH AH 2S 3S 4S 5S 6S", "KC 10C QC 2D 3D 4D 5D"], draws="2H 6D 3H 7D 4H")
    run(st, "play QH", "bring AH with QH", "end")
    run(st, "play KC", "bring 10C with KC", "end")
    run(st, "attack P1", "attacker AH", "done", "block AH with 10C", "done")
    assert in_play(st, 0) == ["QH", "AH*"] and in_play(st, 1) == ["KC*"]  # 11 beats 10
    run(st, "end", "play QC", "end")
    run(st, "attack P1", "attacker AH", "attacker QH", "done", "block QH with KC", "done")
    # K > Q: the Queen is discarded; the unblocked Champion takes 1 territory [KD-7]
    assert in_play(st, 0) == ["AH*"] and in_play(st, 1) == ["KC*", "QC"]
    assert st.territories == [20, 19]


def test_kd_x2_defender_assassinates_an_attacker_after_attackers_are_declared(deal: Deal) -> None:
    st = deal(["QH 9H 2S 3S 4S 5S 6S", "QC AC 2D 3D 4D 5D 6D"], draws="2H 7D 3H 8D")
    run(st, "play QH", "bring 9H with QH", "end")
    run(st, "play QC", "end")
    run(st, "attack P1", "attacker 9H", "done")
    assert st.current_player == 1 and st.decision() == "respond" and st.view(1)["window"] == "after-attackers"
    # the window is P1's alone: P0 sees its own declaration still open [KD-X2, KD-X13]
    assert st.view(0)["window"] is None and (st.view(0)["to_act"], st.view(0)["decision"]) == (0, "attackers")
    run(st, "assassin AC using QC", "target 9H")
    # the attacker is gone; P1 has no ready card left, so no block decision; nothing is lost
    assert st.current_player == 0 and st.decision() == "main"
    assert st.territories == [20, 20] and in_play(st, 0) == ["QH"] and in_play(st, 1) == ["QC*"]


def test_kd_x2_window_order_from_the_active_players_left(deal: Deal) -> None:
    st = deal(
        ["QH 9H 2S 3S 4S 5S 6S", "Joker 2D 3D 4D 5D 6D 7D", "Joker 2C 3C 4C 5C 6C 7C", "KS 8S 9S 10S 8D 9D 10D"],
        draws="2H 3H 4H 5H 6H",
    )
    run(st, "play QH")
    asked = []
    while st.current_player != 0:
        asked.append(st.current_player)
        run(st, "pass")
    assert asked == [1, 2]  # P3 holds nothing usable: not asked


def test_kd_x8_done_refused_before_any_attacker(deal: Deal) -> None:
    st = _armies(deal)
    run(st, "attack P1")
    with pytest.raises(IllegalActionError) as info:
        st.apply("done")
    assert info.value.rule == "KD-X8" and "at least one attacker" in info.value.reason


def test_kd_x1_new_cards_arrive_ready_and_attack_at_once(deal: Deal) -> None:
    st = deal([P0, P1], draws="5S 5D 6S 6D")
    run(st, "end", "discard 2S", "end", "discard 2D")
    run(st, "play KH", "bring 8H with KH")
    assert in_play(st, 0) == ["KH*", "8H"]
    run(st, "attack P1", "attacker 8H", "done")
    assert st.territories == [20, 12]


def test_kd_x11_main_phase_goes_on_after_combat(deal: Deal) -> None:
    st = _armies(deal)
    run(st, "attack P1", "attacker 7H", "done", "done")
    assert st.decision() == "main" and st.current_player == 0
    assert "play KH" in legal(st)  # no noble played yet this turn
    run(st, "play KH", "bring 8H with KH")
    assert in_play(st, 0) == ["QH", "7H*", "KH*", "8H"]

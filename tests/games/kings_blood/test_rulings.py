"""One test (at least) per ruling of the sheet (KB-T*, KB-M*, KB-E*) and of regalia (KB-X*).

The geometry rulings KB-G1..G7 are tested in ``test_genealogy.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import regalia
from regalia.games.kings_blood.cards import ENTHRONEMENT, KINGS_BLOOD, parse_card

from .helpers import deal, edit, hand, legal, play, pos


def refused(state: regalia.State, action: str) -> regalia.IllegalActionError:
    before = state.snapshot()
    with pytest.raises(regalia.IllegalActionError) as info:
        state.apply(action)
    assert state.snapshot() == before
    return info.value


def F(card: str) -> int:
    return parse_card(card)


# ------------------------------------------------------------------ KB-T*
def test_kb_t1_character_matches_colour_or_number() -> None:
    s = deal(2, [["B9m", "A3f", "R8f"], []], founder="B3m")
    moves = legal(s)
    assert "play B9m left of B3m" in moves and "play B9m right of B3m" in moves
    assert "play A3f left of B3m" in moves
    assert not any("R8f" in m for m in moves)
    err = refused(s, "play R8f right of B3m")
    assert err.rule == "KB-T1"
    assert "R8f matches neither colour (Battle) nor number (3) of B3m" in err.reason


def test_kb_t1_draw_allowed_even_with_a_play_then_only_the_card_drawn() -> None:
    s = deal(2, [["B9m"], []], founder="B3m", pile=["B6m"])
    assert "draw" in legal(s)
    play(s, "draw")
    assert s.view(0)["drawn"] == "B6m"
    assert s.view(1)["drawn"] is None  # private to the drawer
    assert set(legal(s)) == {"play B6m left of B3m", "play B6m right of B3m", "end"}
    err = refused(s, "play B9m right of B3m")
    assert err.rule == "KB-T1" and "only the card drawn, B6m" in err.reason
    play(s, "play B6m right of B3m")
    assert s.current_player == 1


def test_kb_t1_refuses_non_active_target() -> None:
    s = deal(2, [["B4f", "B9m"], []], founder="B3m", pile=["A6m"])
    play(s, "play B4f right of B3m", "end")
    play(s, "draw", "end")
    err = refused(s, "play B9m left of B3m")
    assert err.rule == "KB-G3" and "not Active" in err.reason


def test_kb_t2_ability_lost_when_not_last_card_played() -> None:
    s = deal(2, [["R7f", "A9m"], []], founder="R2m", pile=["A1m"])
    play(s, "play R7f right of R2m")  # Marriage: child A1m
    play(s, "play A9m right of A1m")  # the last card played is A9m, not the Draw 3
    assert s.current_player == 1
    assert s.pending_draw == 0
    assert s.view(1)["phase"] == "turn"


def test_kb_t2_ability_applies_when_last_card_played() -> None:
    s = deal(2, [["R7f", "A9m"], []], founder="R2m", pile=["A1m"])
    play(s, "play R7f right of R2m", "end")
    assert s.current_player == 1 and s.pending_draw == 3


def test_kb_t2_child_never_triggers_its_ability() -> None:
    s = deal(2, [["B4f"], []], founder="B3m", pile=["M7f"])
    play(s, "play B4f right of B3m")
    assert s.view(0)["child"] == "M7f"
    play(s, "end")
    assert s.pending_draw == 0 and s.current_player == 1


def test_kb_t2_founder_ability_is_ignored() -> None:
    s = deal(2, [[], []], founder="M3f")
    assert s.current_player == 0 and s.pending_draw == 0
    play(s, "draw", "end")
    assert s.current_player == 1


def test_kb_t3_reverse_passes_the_draw_back() -> None:
    s = deal(3, [["M7f"], ["A5m"], []], founder="A7m")
    play(s, "play M7f left of A7m")
    assert s.current_player == 1 and s.pending_draw == 3
    play(s, "play A5m right of A7m")  # Reverse: play now runs towards P0
    assert s.direction == -1
    assert s.current_player == 0 and s.pending_draw == 3
    assert legal(s) == ["draw"]
    play(s, "draw")
    assert len(s.hands[0]) == 6 + 3 and s.view(0)["phase"] == "turn"


def test_kb_t3_passing_the_draw_forms_no_marriage() -> None:
    s = deal(2, [["R7f"], ["R5m"]], founder="R2m")
    play(s, "play R7f right of R2m nomarry")
    assert s.pending_draw == 3
    moves = legal(s)
    assert "play R5m right of R7f" in moves
    assert not any(m.endswith("nomarry") for m in moves)
    pile = len(s.pile)
    play(s, "play R5m right of R7f")
    assert len(s.pile) == pile  # no Marriage, so no card drawn
    assert s.current_player == 0 and s.pending_draw == 3


def test_kb_t3_only_special_cards_pass_the_draw() -> None:
    s = deal(2, [["M7f"], ["A7m"]], founder="M2m")
    play(s, "play M7f right of M2m nomarry")
    err = refused(s, "play A7m right of M7f")
    assert err.rule == "KB-T3" and "no Skip, Reverse or Draw 3" in err.reason


def test_kb_t6_two_player_reverse_changes_nothing_by_default() -> None:
    s = deal(2, [["A5m"], []], founder="A7m")
    play(s, "play A5m right of A7m")
    assert s.current_player == 1 and s.direction == -1


def test_kb_t6_option_two_player_reverse_skips() -> None:
    s = deal(2, [["A5m"], []], founder="A7m", two_player_reverse_skips=True)
    play(s, "play A5m right of A7m")
    assert s.current_player == 0 and s.direction == 1


def test_kb_t7_empty_pile_reshuffles_the_discards() -> None:
    s = deal(2, [[], []], founder="B3m")
    s = edit(s, pile=[], discard=["A1f", "R6m", "Exile"])
    events = s.apply("draw")
    assert any(e.kind == "reshuffle" for e in events)
    assert len(s.pile) == 2 and s.discard == []
    assert s.view(0)["drawn"] in ("A1f", "R6m", "Exile")


def test_kb_x14_discards_made_after_the_pile_ran_out_are_drawn() -> None:
    s = deal(2, [["Assassination"], []], founder="B3m")
    s = edit(s, pile=[], discard=[])
    play(s, "assassinate B3m")  # the lone founder, with an empty pile
    # B3m and the Assassination were discarded after the pile ran out; they are reshuffled
    # and B3m starts the new Genealogy (KB-T8)
    assert [c["card"] for c in s.view(0)["genealogy"]] == ["B3m"]
    assert s.zones()["deck"] + s.zones()["discard"] == ["Assassination"]


def test_kb_t7_pass_only_when_nothing_to_play_or_draw() -> None:
    s = deal(2, [[], []], founder="B3m")
    err = refused(s, "pass")
    assert err.rule == "KB-T7"


def test_kb_t8_no_character_left_ends_without_winner(tmp_path: Path) -> None:
    cards = ["Exile", "A1m", "A2m", "A4m", "A5m", "A6m", "A8m", "R1m", "R2m", "R4m", "R5m", "R6m", "R8m", "R9m", "B3m"]
    f = tmp_path / "d.txt"
    f.write_text("\n".join(cards) + "\n")
    deck = [cards[i // 2] if i % 2 == 0 else cards[7 + i // 2] for i in range(14)] + ["B3m"]
    s = regalia.make("kings-blood", players=2, seed=3, deck=deck, deck_file=str(f))
    play(s, "exile B3m to P1")
    assert s.is_terminal and s.winners == ()
    assert "B3m" in hand(s, 1)


# ------------------------------------------------------------------ KB-M*
def test_kb_m1_marriage_needs_same_colour_opposite_gender() -> None:
    s = deal(2, [["B4f", "B5m", "A3f"], []], founder="B3m")
    moves = legal(s)
    assert "play B4f right of B3m nomarry" in moves  # could marry
    assert "play B5m right of B3m nomarry" not in moves  # same gender
    assert "play A3f right of B3m nomarry" not in moves  # other colour
    err = refused(s, "play B5m right of B3m nomarry")
    assert err.rule == "KB-M1"
    pile = len(s.pile)
    play(s, "play B5m right of B3m")
    assert len(s.pile) == pile and s.current_player == 1


def test_kb_m1_kb_e5_any_character_beside_the_kings_blood_character_marries() -> None:
    s = deal(2, [["A9m", "R1m"], []], founder="B3m", pile=["M1f"], advanced=True)
    s = edit(s, hands=[[*s.hands[0][:6], "KingsBlood"], s.hands[1]], known=[["KingsBlood"], []], aside=[])
    play(s, "kingsblood B3m")
    assert s.view(0)["phase"] == "bonus"
    assert "play A9m right of B3m" in legal(s)  # no colour or number match needed
    assert "play A9m right of B3m nomarry" in legal(s)  # and it marries
    play(s, "play A9m right of B3m")
    assert pos(s, "M1f") == (1, 1)


def test_kb_m2_marriage_is_optional_by_default() -> None:
    s = deal(2, [["B4f"], []], founder="B3m")
    pile = len(s.pile)
    play(s, "play B4f right of B3m nomarry")
    assert len(s.pile) == pile and s.current_player == 1


def test_kb_m2_option_marriage_compulsory() -> None:
    s = deal(2, [["B4f"], []], founder="B3m", marriage_optional=False)
    assert "play B4f right of B3m nomarry" not in legal(s)
    err = refused(s, "play B4f right of B3m nomarry")
    assert err.rule == "KB-M2"
    play(s, "play B4f right of B3m")
    assert s.view(0)["phase"] in ("birth", "forced")


def test_kb_m3_marriage_resolved_after_the_last_card() -> None:
    s = deal(2, [["B4f"], []], founder="B3m", pile=["A6m"])
    s = edit(s, hands=[["B4f"], s.hands[1]], announced=[True, False])
    play(s, "play B4f right of B3m")
    assert s.is_terminal and s.winners == (0,)
    assert pos(s, "A6m") == (1, 1)


def test_kb_m3_birth_draws_one_card_only() -> None:
    s = deal(2, [["B4f"], []], founder="B3m", pile=["B3f"])
    pile = len(s.pile)
    play(s, "play B4f right of B3m")
    assert len(s.pile) == pile - 1
    assert s.view(0)["child"] == "B3f"


def test_kb_m4_one_play_on_the_child_only() -> None:
    s = deal(2, [["B4f", "Exile"], []], founder="B3m", pile=["A6m"])
    play(s, "play B4f right of B3m")
    assert all("A6m" in m or m in ("end", "announce") for m in legal(s))
    assert "exile A6m to P1" in legal(s)
    err = refused(s, "draw")
    assert err.rule == "KB-M4"
    play(s, "exile A6m to P1")
    assert "A6m" in hand(s, 1) and s.current_player == 1


def test_kb_m5_chain_continues_with_new_marriages() -> None:
    s = deal(2, [["B4f", "A6f"], []], founder="B3m", pile=["A6m", "R1m"])
    play(s, "play B4f right of B3m")
    play(s, "play A6f left of A6m")  # same colour, opposite gender: a new Marriage
    assert s.view(0)["child"] == "R1m"
    assert pos(s, "R1m") == (2, 0)
    assert s.view(0)["phase"] == "birth"


# ------------------------------------------------------------------ KB-E*
def test_kb_e1_assassination_discards_enthronement_then_one_more_play() -> None:
    s = deal(2, [["Assassination", "B9m"], []], founder="B3m")
    s = edit(s, genealogy=[[F("B3m"), 0, 0, [ENTHRONEMENT]], [F("B8m"), 0, 2, []]])
    play(s, "assassinate B3m")
    assert s.view(0)["discard"] == ["Assassination", "B3m", "Enthronement"]
    assert s.view(0)["phase"] == "bonus"
    assert "play B9m right of B8m" in legal(s) and "end" in legal(s)
    assert "draw" not in legal(s)
    play(s, "play B9m right of B8m")
    assert s.current_player == 1


def test_kb_e1_assassination_sets_the_kings_blood_card_aside() -> None:
    s = deal(2, [["Assassination"], []], founder="B3m", advanced=True)
    s = edit(s, genealogy=[[F("B3m"), 0, 0, [KINGS_BLOOD]], [F("B8m"), 0, 2, []]], aside=[], kb_on=F("B3m"))
    play(s, "assassinate B3m")
    assert s.view(0)["aside"] == ["KingsBlood"] and s.kb_on == -1


def test_kb_e2_exile_to_any_player_with_attachments() -> None:
    s = deal(2, [["Exile", "Exile"], []], founder="B3m")
    s = edit(s, genealogy=[[F("B3m"), 0, 0, [ENTHRONEMENT]], [F("B8m"), 0, 2, []]])
    assert {"exile B3m to P0", "exile B3m to P1"} <= set(legal(s))
    play(s, "exile B3m to P1")
    assert {"B3m", "Enthronement"} <= set(hand(s, 1))
    assert s.view(0)["known_in_hands"][1] == ["B3m", "Enthronement"]
    play(s, "draw", "end")
    play(s, "exile B8m to P0")  # yourself included
    assert "B8m" in hand(s, 0)


def test_kb_e2_exile_sends_the_kings_blood_card_along() -> None:
    s = deal(2, [["Exile"], []], founder="B3m", advanced=True)
    s = edit(s, genealogy=[[F("B3m"), 0, 0, [KINGS_BLOOD]], [F("B8m"), 0, 2, []]], aside=[], kb_on=F("B3m"))
    play(s, "exile B3m to P1")
    assert {"B3m", "KingsBlood"} <= set(hand(s, 1)) and s.kb_on == -1


def test_kb_e3_new_connection_needs_no_match_and_triggers_no_ability() -> None:
    s = deal(2, [["NewConnection"], []], founder="B3m")
    s = edit(s, genealogy=[[F("B3m"), 0, 0, []], [F("R7f"), 0, 2, []]])
    assert "connect R7f left of B3m" in legal(s)
    play(s, "connect R7f left of B3m")
    assert pos(s, "R7f") == (0, -2)
    assert s.pending_draw == 0 and s.current_player == 1


def test_kb_e4_enthronement_not_twice_on_one_card() -> None:
    s = deal(2, [["Enthronement", "Enthronement"], []], founder="B3m")
    play(s, "enthrone B3m")
    play(s, "draw", "end")
    err = refused(s, "enthrone B3m")
    assert err.rule == "KB-E4"


def test_kb_e4_enthronement_takes_the_kings_blood_card_from_a_discarded_character() -> None:
    s = deal(2, [["Enthronement"], []], founder="B3m", advanced=True)
    s = edit(s, genealogy=[[F("B3m"), 0, 0, []], [F("B8m"), 0, 2, [KINGS_BLOOD]]], aside=[], kb_on=F("B8m"))
    events = s.apply("enthrone B3m")
    assert "KingsBlood" in hand(s, 0) and s.kb_on == -1
    assert s.view(0)["discard"] == ["B8m"] and s.view(0)["aside"] == []
    assert any("takes the King's Blood card from the Genealogy" in e.text for e in events)


def test_kb_e4_enthronement_without_advanced_moves_no_kings_blood() -> None:
    s = deal(2, [["Enthronement"], []], founder="B3m")
    play(s, "enthrone B3m")
    assert "KingsBlood" not in hand(s, 0)
    assert s.view(0)["aside"] == []


def test_kb_e5_kings_blood_card_then_another_play_and_not_last_card() -> None:
    s = deal(2, [[], []], founder="B3m", advanced=True)
    s = edit(s, hands=[["KingsBlood"], s.hands[1]], known=[["KingsBlood"], []], aside=[])
    assert not any(m.startswith("kingsblood") for m in legal(s))
    err = refused(s, "kingsblood B3m")
    assert err.rule == "KB-T5"


def test_kb_e5_kings_blood_card_refused_without_advanced() -> None:
    s = deal(2, [[], []], founder="B3m")
    err = refused(s, "kingsblood B3m")
    assert err.rule in ("KB-T1", "KB-E5")


# ------------------------------------------------------------------ KB-X*
def test_kb_x1_announcement_at_two_cards_stays_valid_until_three() -> None:
    s = deal(2, [[], []], founder="B3m")
    s = edit(s, hands=[["B5m", "A1m"], s.hands[1]])
    play(s, "announce", "draw")  # three cards: the announcement lapses
    assert s.announced == [False, False]
    s = edit(s, hands=[["B5m", "A1m"], s.hands[1]], phase=0, drawn=-1)
    play(s, "announce", "play B5m right of B3m")
    assert s.skip_next == [False, False]


def test_kb_x2_decision_after_an_unplayable_draw() -> None:
    s = deal(2, [[], []], founder="B3m", pile=["R8f"])
    play(s, "draw")
    assert legal(s) == ["end"]
    assert s.view(1)["phase"] == "drawn"


def test_kb_x3_penalty_skip_passes_the_pending_draw_on() -> None:
    s = deal(3, [[], [], ["M7f"]], founder="A7m")
    s = edit(s, cur=2, skip_next=[True, False, False])
    play(s, "play M7f left of A7m")
    assert s.current_player == 1 and s.pending_draw == 3
    assert s.skip_next == [False, False, False]


def test_kb_x5_marriage_with_nothing_to_draw() -> None:
    s = deal(2, [["B4f"], []], founder="B3m")
    s = edit(s, pile=[], discard=[])
    play(s, "play B4f right of B3m")
    assert s.current_player == 1 and len(s.gen) == 2


def test_kb_x6_forced_event_without_target_is_discarded() -> None:
    s = deal(2, [["B4f"], []], founder="B3m", pile=["Assassination"], active_needs_both_sides=True)
    play(s, "play B4f right of B3m")
    assert s.view(0)["active"] == []
    assert s.view(0)["discard"] == ["Assassination"]
    assert s.current_player == 1


def test_kb_x7_scores_zero_without_winner(tmp_path: Path) -> None:
    cards = ["A1m", "A2m", "A4m", "A5m", "A6m", "A8m", "A9m", "R1m", "R2m", "R4m", "R5m", "R6m", "R8m", "R9m", "B3m"]
    f = tmp_path / "d.txt"
    f.write_text("\n".join(cards) + "\n")
    deck = [cards[i // 2] if i % 2 == 0 else cards[7 + i // 2] for i in range(14)] + ["B3m"]
    s = regalia.make("kings-blood", players=2, seed=3, deck=deck, deck_file=str(f), scoring="lowest_wins")
    play(s, "pass", "pass")
    result = s.result()
    assert result is not None and result["scores"] == [0, 0]


def test_kb_x8_win_stands_through_the_marriage_resolution() -> None:
    s = deal(2, [["B4f"], []], founder="B3m", pile=["Exile"])
    s = edit(s, hands=[["B4f"], s.hands[1]], announced=[True, False])
    play(s, "play B4f right of B3m")
    assert s.view(0)["phase"] == "forced" and s.current_player == 0
    assert "announce" not in legal(s)  # nothing to announce with an empty hand
    play(s, "exile B3m to P0")
    assert s.is_terminal and s.winners == (0,)


def test_kb_x9_seat_zero_first_and_founder_event_returned() -> None:
    s = deal(2, [[], []], founder="Exile")
    assert s.current_player == 0
    founder = s.gen.cards()
    assert len(founder) == 1 and founder[0] < 72
    assert parse_card("Exile") in s.pile


def test_kb_x9_partial_deck_rest_is_random() -> None:
    a = regalia.make("kings-blood", players=2, seed=1, deck=["B5m", "A1f"])
    b = regalia.make("kings-blood", players=2, seed=2, deck=["B5m", "A1f"])
    assert "B5m" in hand(a, 0) and "A1f" in hand(a, 1)
    assert a.zones()["deck"] != b.zones()["deck"]
    assert "B5m" in hand(b, 0)
    assert sorted(a.zones()["deck"] + a.zones()["hand:0"] + a.zones()["hand:1"] + a.zones()["genealogy"]) == sorted(
        b.zones()["deck"] + b.zones()["hand:0"] + b.zones()["hand:1"] + b.zones()["genealogy"]
    )


def test_kb_x10_two_player_skip_passes_the_draw_back_to_yourself() -> None:
    s = deal(2, [["M7f"], ["M3f"]], founder="M2f")
    play(s, "play M7f right of M2f")
    assert s.current_player == 1 and s.pending_draw == 3
    play(s, "play M3f right of M7f")
    assert s.current_player == 1 and s.pending_draw == 3


def test_kb_x11_last_sibling_ability_counts() -> None:
    s = deal(2, [["B4f", "R3m", "M3f"], []], founder="B3m", pile=["A3m"])
    play(s, "play B4f right of B3m", "sibling R3m left", "sibling M3f left", "end")
    # M3f (Skip) was the last card played: P1 is skipped
    assert s.current_player == 0


def test_kb_x11_plays_on_child_need_it_active() -> None:
    s = deal(2, [["B4f", "A9m"], []], founder="B3m", pile=["A6m"], active_needs_both_sides=True)
    s = edit(s, genealogy=[[F("B3m"), 0, 0, []], [F("M1m"), 1, 5, []]])
    play(s, "play B4f right of B3m")
    # the child A6m at (1, 1) has M1m two spots away: its right side is blocked
    assert s.view(0)["phase"] == "birth"
    assert legal(s) == ["end"]


def test_kb_x11_kings_blood_card_is_not_a_play_on_the_child() -> None:
    s = deal(2, [["B4f", "A9m"], []], founder="B3m", pile=["A6m"], advanced=True)
    s = edit(s, hands=[[*s.hands[0][:6], "KingsBlood"], s.hands[1]], known=[["KingsBlood"], []], aside=[])
    assert "kingsblood B3m" in legal(s)
    play(s, "play B4f right of B3m")
    assert not any(m.startswith("kingsblood") for m in legal(s))
    err = refused(s, "kingsblood A6m")
    assert err.rule == "KB-M4"


def test_kb_x12_event_drawn_at_marriage_cancels_the_ability() -> None:
    s = deal(2, [["R7f"], []], founder="R2m", pile=["Exile"])
    play(s, "play R7f right of R2m")
    play(s, "exile R2m to P1")
    assert s.pending_draw == 0 and s.current_player == 1


def test_kb_x13_duplicate_character_in_deck_file_is_refused(tmp_path: Path) -> None:
    f = tmp_path / "dup.txt"
    f.write_text("B5m\nB5m\n")
    with pytest.raises(ValueError, match="duplicate character B5m"):
        regalia.make("kings-blood", players=2, seed=1, deck_file=str(f))

"""Marriages, births, siblings, drawn Events and the options (KB-M*, KB-E*, KB-G3, KF-X*)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.kings_family.helpers import build, texts, top_of_pile, where

import regalia
from regalia.core import IllegalActionError

# ----------------------------------------------------------------------------- KB-M1..M3


def test_kb_m1_m3_a_marriage_draws_the_child_under_the_parents() -> None:
    s = build(hand=["M2f", "A9m"], genealogy=[("M1m", 0, 0)], pile=["R4m", "A2m"])
    events = s.apply("play M2f right of M1m")
    assert where(s, "R4m") == (1, 1)
    assert s.zones()["hand:0"] == ["A9m"]  # KF-X1: the child never enters the hand
    assert any(e.kind == "birth" for e in events)
    assert top_of_pile(s) == ["A2m"]


def test_kb_m1_same_gender_or_other_colour_does_not_marry() -> None:
    s = build(hand=["M2m", "A1f", "A9m"], genealogy=[("M1m", 0, 0)], pile=["R4m"])
    assert "play M2m right of M1m nomarry" not in texts(s)
    s.apply("play M2m right of M1m")
    assert top_of_pile(s) == ["R4m"]  # nothing drawn
    assert s.gen.row_size(1) == 0


def test_kb_m2_marriage_optional_offers_both_ways() -> None:
    s = build(hand=["M2f", "A9m"], genealogy=[("M1m", 0, 0)], pile=["R4m"])
    assert "play M2f right of M1m" in texts(s) and "play M2f right of M1m nomarry" in texts(s)
    s.apply("play M2f right of M1m nomarry")
    assert top_of_pile(s) == ["R4m"] and s.gen.row_size(1) == 0


def test_kb_m2_marriage_optional_off_always_marries() -> None:
    s = build(hand=["M2f", "A9m"], genealogy=[("M1m", 0, 0)], pile=["R4m"], marriage_optional=False)
    assert "play M2f right of M1m nomarry" not in texts(s)
    with pytest.raises(IllegalActionError) as info:
        s.apply("play M2f right of M1m nomarry")
    assert info.value.rule == "KB-M2"
    s.apply("play M2f right of M1m")
    assert where(s, "R4m") == (1, 1)


def test_kb_m2_nomarry_on_a_placement_that_cannot_marry_is_refused() -> None:
    s = build(hand=["M2m", "A9m"], genealogy=[("M1m", 0, 0)])
    with pytest.raises(IllegalActionError) as info:
        s.apply("play M2m right of M1m nomarry")
    assert info.value.rule == "KB-M2"


def test_kb_m3_an_event_drawn_at_a_marriage_must_be_played_at_once() -> None:
    s = build(hand=["M2f", "A9m"], genealogy=[("M1m", 0, 0), ("B5f", 0, 6)], pile=["Exile", "R1m", "R2m", "R4m"])
    s.apply("play M2f right of M1m")
    v = s.view(0)
    assert v["decision"] == "drawn_event" and v["pending_event"] == "Exile"
    assert all(t.startswith("exile ") for t in texts(s))
    assert s.zones()["pending"] == ["Exile"]
    with pytest.raises(IllegalActionError) as info:
        s.apply("play A9m left of M1m")
    assert info.value.rule == "KB-M3"
    s.apply("exile B5f")  # KF-6: discard, draw 2
    assert s.zones()["discard"] == ["B5f", "Exile"]
    assert s.zones()["hand:0"] == ["A9m", "R1m", "R2m"]
    assert s.zones()["pending"] == []


def test_kb_m3_the_marriage_is_resolved_after_the_last_card() -> None:
    s = build(hand=["M2f"], genealogy=[("M1m", 0, 0)], pile=["R4m"])
    s.apply("play M2f right of M1m")
    assert s.is_terminal and where(s, "R4m") == (1, 1)
    assert s.score() == 2


def test_kb_m3_a_drawn_event_after_the_last_card_is_still_played() -> None:
    s = build(hand=["M2f"], genealogy=[("M1m", 0, 0)], pile=["Enthronement", "R4m"])
    s.apply("play M2f right of M1m")
    assert not s.is_terminal and texts(s) == ["enthrone M1m", "enthrone M2f"]
    s.apply("enthrone M1m")
    assert s.is_terminal and s.score() == 2


def test_kf_x3_a_drawn_event_with_no_target_is_discarded() -> None:
    s = build(hand=["A9m"], genealogy=[("M1m", 0, 0, ["Enthronement"])], pending_event="Enthronement")
    assert s.zones()["pending"] == [] and "Enthronement" in s.zones()["discard"]
    assert s.current_player == 0


def test_kf_x2_no_child_once_drawing_is_closed() -> None:
    s = build(hand=["M2f", "A9m"], genealogy=[("M1m", 0, 0)], closed=True, rest="out")
    events = s.apply("play M2f right of M1m")
    assert s.gen.row_size(1) == 0
    assert any("no child" in e.text for e in events)


def test_kb_e3_a_new_connection_can_form_a_marriage() -> None:
    s = build(hand=["NewConnection", "A9m"], genealogy=[("M1m", 0, 0), ("B2m", 0, 4), ("M3f", 1, 5)], pile=["R4m"])
    assert "connect M1m right of M3f" in texts(s) and "connect M1m right of M3f nomarry" in texts(s)
    s.apply("connect M1m right of M3f")
    assert where(s, "M1m") == (1, 7) and where(s, "R4m") == (2, 6)


def test_kb_g5_new_connection_never_back_to_its_own_spot() -> None:
    s = build(hand=["NewConnection", "A9m"], genealogy=[("M1m", 0, 0), ("B2m", 0, 2)])
    with pytest.raises(IllegalActionError) as info:
        s.apply("connect B2m right of M1m")
    assert info.value.rule == "KB-G5"


# ----------------------------------------------------------------------------- KB-M4 siblings


def test_kb_m4_sibling_group_of_two_in_a_line_never_marries() -> None:
    s = build(hand=["M2f", "R4f", "B4m", "A9m"], genealogy=[("M1m", 0, 0)], pile=["R4m", "A1m", "A2m"])
    s.apply("play M2f right of M1m")  # R4m is born at (1, 1)
    assert "sibling R4f right" in texts(s) and "sibling B4m left" in texts(s)
    s.apply("sibling R4f right")  # same colour, opposite gender: siblings never marry
    assert where(s, "R4f") == (1, 3) and top_of_pile(s) == ["A1m"]
    assert s.view(0)["decision"] == "second_sibling"
    assert texts(s) == ["sibling B4m right"]
    with pytest.raises(IllegalActionError) as info:
        s.apply("play A9m left of M1m")
    assert info.value.rule == "KB-M4"
    s.apply("sibling B4m right")
    assert where(s, "B4m") == (1, 5)
    assert s.view(0)["decision"] == "draw"  # the group is complete; A9m has no play


def test_kb_m4_no_sibling_group_with_a_single_card_of_the_childs_number() -> None:
    s = build(hand=["M2f", "R4f", "A9m"], genealogy=[("M1m", 0, 0)], pile=["R4m", "A1m"])
    s.apply("play M2f right of M1m")
    assert not any(t.startswith("sibling") for t in texts(s))
    with pytest.raises(IllegalActionError) as info:
        s.apply("sibling R4f right")
    assert info.value.rule == "KB-M4"


def test_kb_m4_siblings_only_right_after_the_birth() -> None:
    s = build(hand=["M2f", "R4f", "B4m", "A4m"], genealogy=[("M1m", 0, 0)], pile=["R4m", "A1m"])
    s.apply("play M2f right of M1m")
    s.apply("play A4m left of R4m")  # another play closes the sibling window
    with pytest.raises(IllegalActionError) as info:
        s.apply("sibling R4f right")
    assert info.value.rule == "KB-M4"


def test_kf_x8_each_sibling_resolves_its_own_effect() -> None:
    s = build(hand=["M2f", "R3f", "B3f", "A9m"], genealogy=[("M1m", 0, 0)], pile=["A3m", "R1m", "R2m", "R5f"])
    s.apply("play M2f right of M1m")  # A3m is born
    s.apply("sibling R3f right")  # Skip: draw 1
    s.apply("sibling B3f right")  # Skip: draw 1
    assert s.zones()["hand:0"] == ["A9m", "R1m", "R2m"]


# ----------------------------------------------------------------------------- KB-G3 option


def test_kb_g3_active_needs_both_sides_option() -> None:
    gen = [("M1m", 0, 0), ("B2m", 0, 2)]
    one = build(hand=["M4m", "A9f"], genealogy=gen)
    assert "play M4m left of M1m" in texts(one)
    both = build(hand=["M4m", "A9f"], genealogy=gen, active_needs_both_sides=True)
    assert both.gen.active() == []
    assert texts(both) == ["draw"]  # no Active card: nothing can be played (KF-2: draw)


def test_kb_g3_both_sides_a_lone_card_stays_active() -> None:
    s = build(hand=["M4m", "A9f"], genealogy=[("M1m", 0, 0)], active_needs_both_sides=True)
    assert "play M4m left of M1m" in texts(s) and "play M4m right of M1m" in texts(s)


# ----------------------------------------------------------------------------- KB-T8


def test_kb_t8_an_empty_genealogy_gets_a_new_founder() -> None:
    s = build(hand=["Exile", "A9m", "B1m"], genealogy=[("M1m", 0, 0)], pile=["R2m", "R4m", "Assassination", "M5f"])
    s.apply("exile M1m")  # draws R2m, R4m; the Genealogy is empty
    assert s.zones()["genealogy"] == ["M5f"]
    assert "Assassination" in s.zones()["discard"]
    assert s.zones()["hand:0"] == ["A9m", "R2m", "R4m", "B1m"]


# ----------------------------------------------------------------------------- deck_file


def test_deck_file_option(tmp_path: Path) -> None:
    lines = [f"{p}{n}{g}" for p in "MA" for n in range(1, 10) for g in "mf"] + ["Exile", "Exile", "M3f Skip"]
    lines.remove("M3f")
    path = tmp_path / "deck.txt"
    path.write_text("\n".join(lines) + "\n")
    s = regalia.make("kings-family", players=1, seed=2, deck_file=str(path))
    assert len(s.game.all_cards(1, s.config)) == 38
    assert sorted(c for z in s.zones().values() for c in z) == sorted(s.game.all_cards(1, s.config))
    assert s.view(0)["abilities"] == {"M3f": "Skip"}
    with pytest.raises(ValueError, match="deck_file"):
        regalia.make("kings-family", players=1, seed=2, deck_file=str(tmp_path / "missing.txt"))


def test_kf_x1_the_marriage_draw_ignores_the_hand_limit() -> None:
    hand = ["M3f", "A1m", "A2m", "A4m", "A6m", "A8m", "R1m", "R2m", "R4m", "R6m"]  # 10 cards
    s = build(hand=hand, genealogy=[("M1m", 0, 0)], pile=["B8m", "R9m", "A9m"])
    s.apply("play M3f right of M1m")  # 9 cards; Skip draws B8m: 10 cards; then the Marriage
    assert len(s.hand) == 10 and "B8m" in s.zones()["hand:0"]
    assert where(s, "R9m") == (1, 1)  # the child is born although the hand is full
    assert s.winners == ()  # KF-X7: the solitaire has no winner

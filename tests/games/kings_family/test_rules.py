"""Scenario tests of the King's Family rules, named after the rulings they check (KF-*, KB-*)."""

from __future__ import annotations

import pytest
from tests.games.kings_family.helpers import build, enthroned, texts, top_of_pile, where

import regalia
from regalia.core import IllegalActionError

# ----------------------------------------------------------------------------- KF-1 setup


def test_kf_1_deal_seven_then_the_founder_in_deck_order() -> None:
    deck = ["M1m", "M2m", "A3m", "A4f", "R5f", "R6m", "B8f", "B9m", "A1f", "A2f"]
    s = regalia.make("kings-family", players=1, seed=4, deck=deck)
    z = s.zones()
    assert sorted(z["hand:0"]) == sorted(deck[:7])
    assert z["genealogy"] == ["B9m"]
    assert where(s, "B9m") == (0, 0)
    assert z["deck"][:2] == ["A1f", "A2f"]  # the deck order goes on exactly
    assert len(z["deck"]) == 82 - 8
    assert s.current_player == 0 and s.view(0)["draw_pile_size"] == 74


def test_kf_1_events_drawn_for_the_founder_go_back_and_the_pile_is_reshuffled() -> None:
    deck = ["M1m", "M2m", "A3m", "A4f", "R5f", "R6m", "B8f", "Exile", "Assassination", "B9m", "A1f"]
    s = regalia.make("kings-family", players=1, seed=4, deck=deck)
    z = s.zones()
    assert z["genealogy"] == ["B9m"]
    assert "Exile" in z["deck"] and "Assassination" in z["deck"]
    assert len(z["deck"]) == 82 - 8
    assert any(e.kind == "setup" for e in s.setup_events)


def test_kf_1_the_founders_ability_is_ignored() -> None:
    # KB-T2: the founder M7f (Draw 3) draws nothing
    deck = ["A1m", "A2m", "A3m", "A4f", "R5f", "R6m", "B8f", "M7f"]
    s = regalia.make("kings-family", players=1, seed=4, deck=deck)
    assert len(s.hand) == 7 and s.view(0)["draw_pile_size"] == 74


def test_kf_1_deck_errors_name_the_field() -> None:
    with pytest.raises(ValueError, match="deck: unknown card 'X9q'"):
        regalia.make("kings-family", players=1, seed=1, deck=["X9q"])
    with pytest.raises(ValueError, match="deck: 83 cards, expected 82"):
        regalia.make("kings-family", players=1, seed=1, deck=["M1m"] * 83)
    with pytest.raises(ValueError, match="too many copies of 'M1m'"):
        regalia.make("kings-family", players=1, seed=1, deck=["M1m", "M1m"])
    with pytest.raises(ValueError, match="too many copies of 'Exile'"):
        regalia.make("kings-family", players=1, seed=1, deck=["Exile"] * 3)
    with pytest.raises(ValueError, match="deck: 'KingsBlood' is not used"):
        regalia.make("kings-family", players=1, seed=1, deck=["KingsBlood"])
    with pytest.raises(ValueError, match="players"):
        regalia.make("kings-family", players=2, seed=1)


def test_kf_1_partial_deck_is_completed_at_random_by_the_seed() -> None:
    a = regalia.make("kings-family", players=1, seed=9, deck=["M1m", "M2m"])
    b = regalia.make("kings-family", players=1, seed=9, deck=["M1m", "M2m"])
    assert a.snapshot() == b.snapshot()
    assert sorted(c for z in a.zones().values() for c in z) == sorted(a.game.all_cards(1, a.config))
    assert "M1m" in a.zones()["hand:0"] and "M2m" in a.zones()["hand:0"]


def test_deck_has_82_playable_cards_without_the_kings_blood_card() -> None:
    g = regalia.get_game("kings-family")
    cards = g.all_cards(1, g.make_config())
    assert len(cards) == 82 and "KingsBlood" not in cards
    assert cards.count("Enthronement") == 2 and cards.count("Assassination") == 3


# ----------------------------------------------------------------------------- KF-2 drawing


def test_kf_2_no_drawing_while_a_play_exists() -> None:
    s = build(hand=["M2m", "B4f"], genealogy=[("M1f", 0, 0)])
    assert "draw" not in texts(s)
    before = s.snapshot()
    with pytest.raises(IllegalActionError) as info:
        s.apply("draw")
    assert info.value.rule == "KF-2"
    assert s.snapshot() == before


def test_kf_2_with_no_play_draw_one_card_and_repeat_until_a_playable_card() -> None:
    s = build(hand=["B4f"], genealogy=[("M1f", 0, 0)], pile=["A6m", "R8m", "M9m", "A2m"])
    assert texts(s) == ["draw"] and s.view(0)["decision"] == "draw"
    s.apply("draw")  # A6m: not playable on M1f
    assert s.zones()["hand:0"] == ["A6m", "B4f"]
    assert texts(s) == ["draw"]
    s.apply("draw")  # R8m: not playable
    assert texts(s) == ["draw"]
    s.apply("draw")  # M9m matches the colour of M1f
    assert "draw" not in texts(s)
    assert "play M9m right of M1f" in texts(s)
    assert top_of_pile(s) == ["A2m"]


# ----------------------------------------------------------------------------- KF-3 hand limit


def test_kf_3_hand_limit_stops_a_draw_3_part_way() -> None:
    hand = ["M7f", "A1m", "A2m", "A4m", "A6m", "A8m", "R1m", "R2m", "R4m"]  # 9 cards
    s = build(hand=hand, genealogy=[("B7m", 0, 0)], pile=["R6m", "R8m", "R9m"])
    events = s.apply("play M7f right of B7m")  # number match, no Marriage; Draw 3
    assert len(s.hand) == 10
    assert "R6m" in s.zones()["hand:0"] and "R8m" in s.zones()["hand:0"]
    assert "R9m" not in s.zones()["hand:0"]
    assert top_of_pile(s) == ["R9m"]  # the third card is not drawn
    draw = [e for e in events if e.kind == "draw" and e.visible_to is None]
    assert draw and draw[0].data == {"count": 2, "asked": 3}


def test_kf_3_no_draw_with_ten_cards_in_hand_even_by_an_event() -> None:
    hand = ["Exile", "A1m", "A2m", "A4m", "A6m", "A8m", "R1m", "R2m", "R4m", "R6m"]  # 10 cards
    s = build(hand=hand, genealogy=[("B7m", 0, 0), ("B9f", 0, 2)], pile=["M1f", "M2f"])
    s.apply("exile B9f")
    assert len(s.hand) == 10  # the Exile left the hand, one card came back (limit 10)
    assert top_of_pile(s) == ["M2f"]


# ----------------------------------------------------------------------------- KF-4 / KF-8 generation limit


ROW10 = [(c, 0, 2 * i) for i, c in enumerate(["B1m", "B2m", "B3m", "B4m", "B5f", "B6m", "B7m", "B8m", "B9m", "B1f"])]


def test_kf_4_no_eleventh_card_in_a_generation() -> None:
    # a play into the full row is refused (KF-4); another play exists, so the game goes on
    s = build(hand=["B2f", "M5m"], genealogy=[*ROW10, ("M4f", 1, 41)])
    assert s.current_player == 0
    assert all("B2f" not in t for t in texts(s))
    with pytest.raises(IllegalActionError) as info:
        s.apply("play B2f left of B1m")
    assert info.value.rule == "KF-4"
    assert "play M5m right of M4f" in texts(s)


def test_kf_4_kf_8_the_ten_per_generation_limit_ends_the_game() -> None:
    # the only play would put an 11th card in generation 1: the game ends (KF-8, KF-X10),
    # although the hand could still draw
    s = build(hand=["B2f"], genealogy=ROW10, pile=["A1m"])
    assert s.is_terminal
    assert "11th card" in (s.end_reason or "")
    assert s.legal_actions() == [] and s.current_player is None
    assert s.result() is not None and s.result()["score"] == 1  # type: ignore[index]


def test_kf_x4_a_child_that_would_be_an_eleventh_card_is_discarded() -> None:
    row1 = [
        (c, 1, 11 + 2 * i) for i, c in enumerate(["A1m", "A2m", "A3m", "A4m", "A5f", "A6m", "A7m", "A8m", "A9m", "A1f"])
    ]
    s = build(hand=["M2f", "R9m"], genealogy=[("M1m", 0, 0), *row1], pile=["R4m", "R6m"])
    s.apply("play M2f right of M1m")  # marries; the child would be the 11th card of row 1
    assert "R4m" in s.zones()["discard"]
    assert s.gen.row_size(1) == 10
    assert s.view(0)["sibling"] is None


# ----------------------------------------------------------------------------- KF-5 effect then Marriage


def test_kf_5_resolve_the_special_effect_then_the_marriage() -> None:
    s = build(hand=["M3f", "A9m"], genealogy=[("M1m", 0, 0)], pile=["B8m", "R4m", "A2m"])
    events = s.apply("play M3f right of M1m")  # Skip (draw 1) and a Marriage
    assert "B8m" in s.zones()["hand:0"]  # the effect's card came first
    assert where(s, "R4m") == (1, 1)  # then the Marriage: the next card is the child
    kinds = [e.kind for e in events if e.visible_to is None]
    assert kinds.index("draw") < kinds.index("birth")


# ----------------------------------------------------------------------------- KF-6 effects


@pytest.mark.parametrize(("card", "drawn"), [("A3f", 1), ("A5m", 2), ("A7f", 3)])
def test_kf_6_skip_reverse_draw3_draw_1_2_3(card: str, drawn: int) -> None:
    founder = f"B{card[1]}m"  # same number, other colour: no Marriage
    s = build(hand=[card, "R9m"], genealogy=[(founder, 0, 0)], pile=["R1m", "R2m", "R4m", "R6m"])
    s.apply(f"play {card} right of {founder}")
    assert len(s.hand) == 1 + drawn
    assert s.zones()["deck"][0] == ["R1m", "R2m", "R4m", "R6m"][drawn]


def test_kf_6_assassination_discards_an_active_card_and_draws_one() -> None:
    s = build(
        hand=["Assassination", "R9m"], genealogy=[("B7m", 0, 0), ("B9f", 0, 2, ["Enthronement"])], pile=["M1m", "M2m"]
    )
    assert "assassinate B9f" in texts(s) and "assassinate B7m" in texts(s)
    s.apply("assassinate B9f")
    assert s.zones()["discard"] == ["B9f", "Enthronement", "Assassination"]  # KB-E1: with its Enthronement
    assert s.zones()["hand:0"] == ["M1m", "R9m"]
    assert s.zones()["genealogy"] == ["B7m"]


def test_kf_6_exile_discards_an_active_card_and_draws_two() -> None:
    s = build(hand=["Exile", "R9m"], genealogy=[("B7m", 0, 0), ("B9f", 0, 2)], pile=["M1m", "M2m", "M4m"])
    s.apply("exile B9f")
    assert s.zones()["discard"] == ["B9f", "Exile"]  # discarded, not given to a player
    assert s.zones()["hand:0"] == ["M1m", "M2m", "R9m"]


ENTH_GEN = [
    ("A1m", 0, 0),
    ("A2f", 0, 2),
    ("B3m", 1, 1),
    ("B4m", 1, 3),
    ("B5f", 1, -1),
    ("R6m", 2, 2),
]


def test_kf_6_enthronement_discards_only_the_rows_above() -> None:
    s = build(hand=["Enthronement", "M9m"], genealogy=ENTH_GEN)
    assert s.score() == 3
    assert "enthrone B5f" in texts(s)
    s.apply("enthrone B5f")
    assert sorted(s.zones()["discard"]) == ["A1m", "A2f"]  # the generation above only
    assert sorted(c for c in s.zones()["genealogy"] if c != "Enthronement") == ["B3m", "B4m", "B5f", "R6m"]
    assert enthroned(s) == ["B5f"]
    # KF-9: 2 generations, both at or below the Enthronement: 2 x 2
    assert s.score_parts() == {"generations": 2, "doubled": 2, "exhaustions": 0, "exhaustion_bonus": 0, "score": 4}


def test_kb_e4_no_second_enthronement_on_the_same_card() -> None:
    s = build(hand=["Enthronement", "M9m"], genealogy=[("A1m", 0, 0, ["Enthronement"])])
    assert "enthrone A1m" not in texts(s)
    with pytest.raises(IllegalActionError) as info:
        s.apply("enthrone A1m")
    assert info.value.rule == "KB-E4"


def test_kf_6_new_connection_unchanged_moves_an_active_card() -> None:
    s = build(hand=["NewConnection", "M9m"], genealogy=[("A1m", 0, 0), ("B2m", 0, 4), ("R3m", 1, 5)])
    assert "connect A1m right of R3m" in texts(s)
    s.apply("connect A1m right of R3m")
    assert where(s, "A1m") == (1, 7)
    assert s.zones()["discard"] == ["NewConnection"]


# ----------------------------------------------------------------------------- KF-7 exhaustion


def test_kf_7_reshuffle_bonus_with_more_than_20_discards() -> None:
    s = build(hand=["B4f"], genealogy=[("M1f", 0, 0)], pile=["R8m"], rest="discard")
    assert len(s.discard) > 20
    n = len(s.discard)
    events = s.apply("draw")
    assert s.exhaustions == 1 and not s.closed
    assert len(s.pile) == n and s.discard == []
    assert s.score_parts()["exhaustion_bonus"] == 10 and s.score() == 11
    assert s.returns() == [11.0]
    assert any(e.kind == "reshuffle" for e in events)


def test_kf_7_discards_made_before_the_pile_runs_out_count() -> None:
    discards = [
        "A1m",
        "A2m",
        "A3m",
        "A4m",
        "A6m",
        "A7m",
        "A8m",
        "A9m",
        "R1m",
        "R2m",
        "R3m",
        "R4m",
        "R5m",
        "R6m",
        "R7m",
        "R8m",
        "R9m",
        "B1f",
        "B2f",
        "B3f",
    ]
    assert len(discards) == 20
    s = build(
        hand=["B4f", "Assassination"],
        genealogy=[("M1f", 0, 0), ("M2m", 0, 2)],
        pile=["B5f"],
        discard=discards,
        rest="out",
    )
    s.apply("assassinate M2m")  # 2 cards discarded (22), then the draw empties the pile: reshuffle
    assert s.exhaustions == 1 and not s.closed


def test_kf_7_exhaustion_with_twenty_discards_closes_drawing_for_good() -> None:
    discards = [
        "A1m",
        "A2m",
        "A3m",
        "A4m",
        "A6m",
        "A7m",
        "A8m",
        "A9m",
        "R1m",
        "R2m",
        "R3m",
        "R4m",
        "R5m",
        "R6m",
        "R7m",
        "R8m",
        "R9m",
        "B1f",
        "B2f",
        "B3f",
    ]
    s = build(
        hand=["B4f", "Exile"],
        genealogy=[("M1f", 0, 0), ("M2m", 0, 2), ("B9m", 0, 6)],
        pile=["M4f"],
        discard=discards[:18],
        rest="out",
    )
    s.apply("exile B9m")  # 20 discards, then Exile draws 2: the pile runs out after one card
    assert s.closed and s.exhaustions == 1
    assert s.score_parts()["exhaustion_bonus"] == 10  # KF-X5: every exhaustion scores
    assert "M4f" in s.zones()["hand:0"]
    assert not s.can_draw()


def test_kf_7_no_draw_after_closing_even_with_more_than_20_discards() -> None:
    discards = [
        "A1m",
        "A2m",
        "A3m",
        "A4m",
        "A6m",
        "A7m",
        "A8m",
        "A9m",
        "R1m",
        "R2m",
        "R3m",
        "R4m",
        "R5m",
        "R6m",
        "R7m",
        "R8m",
        "R9m",
        "B1f",
        "B2f",
        "B3f",
        "B5f",
        "B6f",
    ]
    s = build(hand=["B4f"], genealogy=[("M1f", 0, 0)], discard=discards, rest="out", closed=True, exhaustions=1)
    assert s.is_terminal
    assert "none can be drawn" in (s.end_reason or "")


# ----------------------------------------------------------------------------- KF-8 end


def test_kf_8_the_game_ends_when_the_hand_is_empty() -> None:
    s = build(hand=["M2m"], genealogy=[("M1m", 0, 0)])
    s.apply("play M2m right of M1m")
    assert s.is_terminal and s.hand == []
    assert s.result()["stats"] == {"score": 1, "emptied_hand": 1}  # type: ignore[index]


def test_kf_8_ten_cards_and_no_play_ends_the_game() -> None:
    hand = ["A1m", "A2m", "A4m", "A6m", "A8m", "R1m", "R2m", "R4m", "R6m"]
    s = build(hand=hand, genealogy=[("M3f", 0, 0)], pile=["B9m", "M2m"])
    s.apply("draw")
    assert s.is_terminal and len(s.hand) == 10
    assert "10 cards" in (s.end_reason or "")
    assert s.result()["stats"] == {"score": 1, "emptied_hand": 0}  # type: ignore[index]


def test_kf_x6_an_event_may_be_the_last_card() -> None:
    s = build(hand=["Assassination"], genealogy=[("M1m", 0, 0), ("M2m", 0, 2)], closed=True, rest="out")
    assert texts(s) == ["assassinate M1m", "assassinate M2m"]
    s.apply("assassinate M2m")
    assert s.is_terminal and s.hand == []


# ----------------------------------------------------------------------------- KF-9 score


def test_kf_9_new_connection_can_move_the_enthronement_out_of_the_top_generation() -> None:
    gen = [("A1m", 0, 0, ["Enthronement"]), ("B2m", 0, 4), ("R3m", 1, 5)]
    s = build(hand=["NewConnection", "M9m"], genealogy=gen)
    assert s.score_parts()["score"] == 4  # 2 generations, both doubled
    s.apply("connect A1m right of R3m")
    assert enthroned(s) == ["A1m"] and where(s, "A1m") == (1, 7)
    assert s.score_parts() == {"generations": 2, "doubled": 1, "exhaustions": 0, "exhaustion_bonus": 0, "score": 3}
    assert s.view(0)["score"] == 3


def test_kf_x9_the_topmost_enthronement_decides_and_empty_rows_do_not_count() -> None:
    gen = [("A1m", 0, 0), ("B2m", 1, 1, ["Enthronement"]), ("R3m", 3, 2, ["Enthronement"])]
    s = build(hand=["M9m"], genealogy=gen)
    assert s.score_parts() == {"generations": 3, "doubled": 2, "exhaustions": 0, "exhaustion_bonus": 0, "score": 5}


def test_kf_9_returns_give_the_running_score_at_any_time() -> None:
    s = regalia.make("kings-family", players=1, seed=3)
    assert s.returns() == [1.0]
    assert s.result() is None

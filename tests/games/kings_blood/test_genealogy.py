"""Genealogy geometry: rulings KB-G1..KB-G7 (rule sheet, "The Genealogy")."""

from __future__ import annotations

import json

import pytest

from regalia.games.kings_blood.cards import ENTHRONEMENT, KINGS_BLOOD, NOTATION, parse_card
from regalia.games.kings_blood.genealogy import LEFT, MAX_X, RIGHT, Genealogy


def c(text: str) -> int:
    return parse_card(text)


def names(cards: list[int]) -> list[str]:
    return [NOTATION[x] for x in cards]


def test_kb_g1_founder_at_origin_rows_and_half_card_units() -> None:
    g = Genealogy()
    g.found(c("B5m"))
    assert g.position(c("B5m")) == (0, 0)
    assert g.place(c("B5f"), c("B5m"), RIGHT) == (0, 2)
    assert g.add_child(c("B5m"), c("B5f"), c("A1m")) == (1, 1)
    assert g.generations() == 2
    assert g.rows() == [(0, [(0, c("B5m")), (2, c("B5f"))]), (1, [(1, c("A1m"))])]


def test_kb_g1_found_refuses_a_second_founder() -> None:
    g = Genealogy()
    g.found(c("B5m"))
    with pytest.raises(ValueError):
        g.found(c("B4m"))


def test_kb_g2_beside_means_two_half_units_away() -> None:
    g = Genealogy()
    g.found(c("B5m"))
    assert g.spot(c("B5m"), LEFT) == (0, -2)
    assert g.spot(c("B5m"), RIGHT) == (0, 2)
    assert g.placeable_sides(c("B5m")) == [LEFT, RIGHT]


def test_kb_g2_cannot_touch_two_cards_one_space_gap() -> None:
    # B5m at 0, R2m at 4 (one card-space between): the spot at 2 would touch both.
    g = Genealogy()
    g.place_at(c("B5m"), 0, 0)
    g.place_at(c("R2m"), 0, 4)
    assert not g.can_place(c("B5m"), RIGHT)
    assert not g.can_place(c("R2m"), LEFT)
    assert g.can_place(c("B5m"), LEFT)
    with pytest.raises(ValueError):
        g.place(c("A1m"), c("B5m"), RIGHT)


def test_kb_g2_spot_taken_is_not_placeable() -> None:
    g = Genealogy()
    g.found(c("B5m"))
    g.place(c("B4m"), c("B5m"), RIGHT)
    assert not g.can_place(c("B5m"), RIGHT)
    assert g.can_place(c("B4m"), RIGHT)


def test_kb_g2_cannot_slide_under_a_card_of_the_next_generation() -> None:
    # Parents at 0 and 2, child at (1, 1); the child's parent B5f is removed (KB-G6):
    # the spot (0, 2) beside B5m now lies over the child, so it is not placeable.
    g = Genealogy()
    g.found(c("B5m"))
    g.place(c("B5f"), c("B5m"), RIGHT)
    g.add_child(c("B5m"), c("B5f"), c("A1m"))
    g.remove(c("B5f"))
    assert g.position(c("A1m")) == (1, 1)
    assert not g.can_place(c("B5m"), RIGHT)


def test_kb_g3_lone_founder_is_active() -> None:
    g = Genealogy()
    g.found(c("M1m"))
    assert g.active() == [c("M1m")]
    assert g.is_active(c("M1m"))


def test_kb_g3_parents_covered_by_child_are_not_active() -> None:
    g = Genealogy()
    g.found(c("B5m"))
    g.place(c("B5f"), c("B5m"), RIGHT)
    assert names(g.active()) == ["B5m", "B5f"]
    g.add_child(c("B5m"), c("B5f"), c("A1m"))
    assert g.is_covered(c("B5m")) and g.is_covered(c("B5f"))
    assert names(g.active()) == ["A1m"]


def test_kb_g3_card_with_one_space_to_its_neighbour_and_other_side_blocked_is_not_active() -> None:
    # X at -4, Y at 0, Z at 4: Y has one space on each side -> not Active.
    g = Genealogy()
    g.place_at(c("A1m"), 0, -4)
    g.place_at(c("A2m"), 0, 0)
    g.place_at(c("A3m"), 0, 4)
    assert not g.is_active(c("A2m"))
    assert g.is_active(c("A1m")) and g.is_active(c("A3m"))


def test_kb_g3_option_active_needs_both_sides() -> None:
    # A2m at 0 with a neighbour at 2: one side placeable.
    one = Genealogy(active_needs_both_sides=False)
    both = Genealogy(active_needs_both_sides=True)
    for g in (one, both):
        g.found(c("A2m"))
        g.place(c("A3m"), c("A2m"), RIGHT)
    assert names(one.active()) == ["A2m", "A3m"]
    assert both.active() == []
    lone = Genealogy(active_needs_both_sides=True)
    lone.found(c("A2m"))
    assert lone.active() == [c("A2m")]


def test_kb_g4_child_centred_in_row_below() -> None:
    g = Genealogy()
    g.found(c("R4m"))
    g.place(c("R4f"), c("R4m"), LEFT)
    assert g.child_spot(c("R4m"), c("R4f")) == (1, -1)
    assert g.add_child(c("R4f"), c("R4m"), c("B9f")) == (1, -1)
    with pytest.raises(ValueError):
        g.child_spot(c("R4m"), c("B9f"))


def test_kb_g4_child_is_active_and_takes_siblings_on_either_side() -> None:
    g = Genealogy()
    g.found(c("R4m"))
    g.place(c("R4f"), c("R4m"), RIGHT)
    g.add_child(c("R4m"), c("R4f"), c("B9f"))
    assert g.is_active(c("B9f"))
    assert g.placeable_sides(c("B9f")) == [LEFT, RIGHT]
    g.place(c("B9m"), c("B9f"), RIGHT)
    g.place(c("A9m"), c("B9m"), RIGHT)
    assert g.position(c("A9m")) == (1, 5)


def test_kb_g5_new_connection_moves_beside_another_active_card_never_back() -> None:
    g = Genealogy()
    g.found(c("M1m"))
    g.place(c("M2m"), c("M1m"), RIGHT)
    moves = g.connection_moves(c("M2m"))
    # its own spot (right of M1m) is excluded; left of M1m is fine
    assert moves == [(c("M1m"), LEFT)]
    g.move(c("M2m"), c("M1m"), LEFT)
    assert g.position(c("M2m")) == (0, -2)
    with pytest.raises(ValueError):
        g.move(c("M2m"), c("M1m"), LEFT)


def test_kb_g5_uncovered_cards_become_destinations_and_attachments_follow() -> None:
    # A1m at -4, A2m at 0, A3m at 2: A2m is boxed in; moving A3m away opens its right side.
    g = Genealogy()
    g.place_at(c("A1m"), 0, -4)
    g.place_at(c("A2m"), 0, 0)
    g.place_at(c("A3m"), 0, 2)
    g.attach(c("A3m"), ENTHRONEMENT)
    assert not g.is_active(c("A2m"))
    moves = g.connection_moves(c("A3m"))
    assert (c("A2m"), LEFT) not in moves  # touches A1m too
    assert (c("A2m"), RIGHT) not in moves  # its own spot
    assert (c("A1m"), LEFT) in moves
    g.move(c("A3m"), c("A1m"), LEFT)
    assert g.position(c("A3m")) == (0, -6)
    assert g.has_attachment(c("A3m"), ENTHRONEMENT)
    # after the move A2m is Active again (its right side is open)
    assert g.is_active(c("A2m"))


def test_kb_g5_move_to_other_generation() -> None:
    g = Genealogy()
    g.found(c("B5m"))
    g.place(c("B5f"), c("B5m"), RIGHT)
    g.add_child(c("B5m"), c("B5f"), c("A1m"))
    g.place(c("A2m"), c("A1m"), RIGHT)  # at (1, 3), covers B5f
    assert g.connection_moves(c("A2m")) == [(c("A1m"), LEFT)]
    g.move(c("A2m"), c("A1m"), LEFT)
    assert g.position(c("A2m")) == (1, -1)


def test_kb_g6_removed_parents_leave_children_in_place() -> None:
    g = Genealogy()
    g.found(c("B5m"))
    g.place(c("B5f"), c("B5m"), RIGHT)
    g.add_child(c("B5m"), c("B5f"), c("A1m"))
    g.attach(c("B5m"), KINGS_BLOOD)
    assert g.remove(c("B5m")) == [KINGS_BLOOD]
    assert g.remove(c("B5f")) == []
    assert g.position(c("A1m")) == (1, 1)
    assert g.generations() == 1
    assert g.render(lambda x: NOTATION[x]) == ["G1 | A1m"]


def test_kb_g6_enthronement_keep_only_repacks() -> None:
    g = Genealogy()
    g.found(c("B5m"))
    g.place(c("B5f"), c("B5m"), RIGHT)
    g.add_child(c("B5m"), c("B5f"), c("A1m"))
    g.attach(c("B5f"), KINGS_BLOOD)
    removed = g.keep_only(c("A1m"))
    assert removed == [(c("B5m"), []), (c("B5f"), [KINGS_BLOOD])]
    assert g.position(c("A1m")) == (0, 0)
    assert g.active() == [c("A1m")]


def test_kb_g7_card_beside_child_covers_cards_of_row_above() -> None:
    # Parents B5m(0) B5f(2); child A1m at (1,1); A2m beside it at (1,3) lies on B5f and on (0,4).
    g = Genealogy()
    g.found(c("B5m"))
    g.place(c("B5f"), c("B5m"), RIGHT)
    g.place(c("B4f"), c("B5f"), RIGHT)
    g.add_child(c("B5m"), c("B5f"), c("A1m"))
    g.place(c("A2m"), c("A1m"), RIGHT)
    assert g.is_covered(c("B5f"))
    assert g.is_covered(c("B4f"))
    assert not g.is_active(c("B4f"))


def test_remove_rows_above_for_kings_family() -> None:
    g = Genealogy()
    g.found(c("B5m"))
    g.place(c("B5f"), c("B5m"), RIGHT)
    g.add_child(c("B5m"), c("B5f"), c("A1m"))
    removed = g.remove_rows_above(1)
    assert [x for x, _ in removed] == [c("B5m"), c("B5f")]
    assert g.cards() == [c("A1m")]
    assert g.position(c("A1m")) == (1, 1)
    assert g.row_size(1) == 1


def test_clone_and_json_round_trip_are_independent() -> None:
    g = Genealogy(active_needs_both_sides=True)
    g.found(c("B5m"))
    g.place(c("B5f"), c("B5m"), RIGHT)
    g.attach(c("B5f"), ENTHRONEMENT)
    copy = g.clone()
    copy.place(c("B6m"), c("B5f"), RIGHT)
    assert c("B6m") not in g
    data = json.loads(json.dumps(g.to_json()))
    again = Genealogy.from_json(data, active_needs_both_sides=True)
    assert again == g
    assert again.attachments(c("B5f")) == [ENTHRONEMENT]
    assert again.find_attachment(ENTHRONEMENT) == c("B5f")


def test_render_rows_at_positions() -> None:
    g = Genealogy()
    g.found(c("B5m"))
    g.place(c("B5f"), c("B5m"), RIGHT)
    g.add_child(c("B5m"), c("B5f"), c("A1m"))
    lines = g.render(lambda x: f"[{NOTATION[x]}]", width=3)
    assert lines == ["G1 | [B5m] [B5f]", "G2 |    [A1m]"]


def _oracle(g: Genealogy) -> list[tuple[int, tuple[int, ...]]]:
    """KB-G3 computed from scratch with the public KB-G2 checks."""
    out = []
    for card in g.cards():
        if g.is_covered(card):
            continue
        sides = tuple(sd for sd in (LEFT, RIGHT) if g.can_place(card, sd))
        if sides and (len(sides) == 2 or not g.both_sides):
            out.append((card, sides))
    return out


@pytest.mark.parametrize("both", [False, True])
def test_kb_g3_incremental_active_matches_full_recomputation(both: bool) -> None:
    import random

    import regalia

    for seed in range(15):
        s = regalia.make("kings-blood", players=4, seed=seed, active_needs_both_sides=both)
        rng = random.Random(seed)
        while not s.is_terminal:
            gen = s.gen  # type: ignore[attr-defined]
            assert gen.active_sides() == _oracle(gen)
            assert Genealogy.from_json(gen.to_json(), both).active_sides() == _oracle(gen)
            s.apply(rng.choice(s.legal_actions()))


def test_kb_x4_generations_count_rows_holding_a_card() -> None:
    g = Genealogy()
    g.found(c("B5m"))
    g.place(c("B5f"), c("B5m"), RIGHT)
    g.add_child(c("B5m"), c("B5f"), c("A1m"))
    g.place(c("A1f"), c("A1m"), RIGHT)
    g.add_child(c("A1m"), c("A1f"), c("R2m"))
    assert g.generations() == 3
    g.remove(c("A1m"))
    g.remove(c("A1f"))
    assert g.generations() == 2  # the emptied middle row no longer counts


def test_kb_g1_spots_far_outside_any_game_are_refused_and_keys_keep_row_order() -> None:
    g = Genealogy()
    g.place_at(c("B5m"), 0, MAX_X - 1)
    g.place_at(c("B5f"), 1, -(MAX_X - 1))
    g.place_at(c("A1m"), 0, -(MAX_X - 1))
    assert g.position(c("B5f")) == (1, -(MAX_X - 1))
    assert g.row_of(c("B5f")) == 1
    assert names(g.cards()) == ["A1m", "B5m", "B5f"]  # by row, then position
    assert g.row_numbers() == [0, 1]
    assert g.card_at(0, MAX_X + 1) is None
    with pytest.raises(ValueError, match="outside the Genealogy"):
        g.place_at(c("A1f"), 0, MAX_X)
    with pytest.raises(ValueError, match="outside the Genealogy"):
        Genealogy.from_json([[c("A1f"), 1 << 40, 0, []]])
    assert c("A1f") not in g

"""Reveal Influence, Score Influence, Ring tie-breaks, rounds and the end (BF-REVEAL..BF-WIN, BF-1)."""

from __future__ import annotations

import regalia

from .scenario import new, play_round_of_singles, with_areas

ROUND_WITH_WIPE = [
    ("offer H1s1 H1d1 to P1", "keep H1d1"),  # P0 gives P1 a double early
    ("offer H2s1 H2s2 to P0", "keep H2s1"),
    ("offer H3s1 H3d1 to P1", "keep H3d1"),  # a later double to P1 wipes P0's double
    ("offer H1s1 H1s2 to P2", "keep H1s1"),
    ("offer H2s2 H2s3 to P2", "keep H2s2"),
    ("offer H3s1 H3s2 to P0", "keep H3s1"),
    ("offer H1s2 H1s3 to P1", "keep H1s2"),
    ("offer H2s3 H2d1 to P0", "keep H2s3"),
    ("offer H3s2 H3s3 to P1", "keep H3s2"),
]


def _play(state: regalia.State, script: list[tuple[str, str]]) -> None:
    for offer, keep in script:
        state.apply(offer)
        state.apply(keep)


def test_bf_reveal_only_rightmost_double_survives() -> None:
    state = new(3)
    _play(state, ROUND_WITH_WIPE[:-1])
    assert state.view(1)["areas"][1] == ["H1d1", "H3d1", "H1s2"]
    state.apply(ROUND_WITH_WIPE[-1][0])
    events = state.apply(ROUND_WITH_WIPE[-1][1])
    last = state.view(2)["last_round"]
    assert last["revealed"][1] == ["H1d1", "H3d1", "H1s2", "H3s2"]
    assert last["discarded"][1] == ["H1d1"]  # every double but the rightmost one
    assert last["kept"][1] == ["H3d1", "H1s2", "H3s2"]
    assert any(e.kind == "reveal" for e in events) and any(e.kind == "score" for e in events)


def test_bf_double_given_early_wiped_by_later_double_both_houses_lose() -> None:
    state = new(3)
    _play(state, ROUND_WITH_WIPE)
    last = state.view(0)["last_round"]
    # P0 (H1): area H2s1 H3s1 H2s3 = 3, plus H1s2 (P1) and H1s1 (P2) = 5 (H1d1 wiped: -2)
    # P1 (H2): area H3d1 H1s2 H3s2 = 4 (H1d1 wiped: -2), plus H2s1 H2s3 (P0) and H2s2 (P2) = 7
    # P2 (H3): area H1s1 H2s2 = 2, plus H3s1 (P0), H3d1 H3s2 (P1) = 6
    assert last["scores"] == [5, 7, 6]
    assert last["winner"] == 1 and last["totals"] == [5, 7, 6]
    # BF-ROUND: the round winner takes the Ring and becomes first player
    assert state.view(None)["ring"] == 1 and state.current_player == 1
    assert state.view(None)["round"] == 2
    # BF-ROUND: everyone takes their 5 house cards back
    assert state.view(0)["hand"] == ["H1d1", "H1d2", "H1s1", "H1s2", "H1s3"]
    assert state.view(None)["area_sizes"] == [0, 0, 0]


# seat -> the seats it offers to on its three turns; every kept card is a single (worth 1)
LOW_P0 = {0: [1, 2, 3], 1: [2, 3, 3], 2: [1, 1, 3], 3: [1, 2, 2]}  # P0 3, P1..P3 7 each


def _relabel(targets: dict[int, list[int]], shift: int, n: int = 4) -> dict[int, list[int]]:
    return {(p + shift) % n: [(t + shift) % n for t in ts] for p, ts in targets.items()}


def test_bf_score_three_way_tie_goes_to_the_ring_holder() -> None:
    state = new(4, first=2)
    play_round_of_singles(state, LOW_P0)
    last = state.view(None)["last_round"]
    assert last["scores"] == [3, 7, 7, 7] and last["tied"] == [1, 2, 3]
    assert last["winner"] == 2  # P2 holds the Ring and is tied


def test_bf_score_three_way_tie_nearest_to_ring_in_turn_order() -> None:
    state = new(4, first=0)
    play_round_of_singles(state, LOW_P0)
    last = state.view(None)["last_round"]
    assert last["scores"] == [3, 7, 7, 7]
    assert last["winner"] == 1  # the Ring holder P0 is not tied: P1 is next clockwise
    # wrap-around: Ring with P3 (not tied), P0, P1, P2 tied -> P0 is nearest after P3
    state = new(4, first=3)
    play_round_of_singles(state, _relabel(LOW_P0, 3))
    last = state.view(None)["last_round"]
    assert last["scores"] == [7, 7, 7, 3] and last["winner"] == 0
    # Ring with P2, tie among P3, P0, P1 -> P3 (BF-X5: one seat after the Ring holder)
    state = new(4, first=2)
    play_round_of_singles(state, _relabel(LOW_P0, 2))
    last = state.view(None)["last_round"]
    assert last["scores"] == [7, 7, 3, 7] and last["winner"] == 3


EVEN = {0: [1, 2, 1], 1: [2, 0, 2], 2: [0, 1, 0]}  # everyone receives 3 singles: 6 points each


def test_bf_win_tied_top_total_means_nobody_wins() -> None:
    state = new(3)
    for _ in range(3):
        play_round_of_singles(state, EVEN)
    assert state.is_terminal
    assert state.view(None)["totals"] == [18, 18, 18]
    assert state.winners == () and state.returns() == [0.0, 0.0, 0.0]
    assert state.current_player is None and state.legal_actions() == []
    assert "nobody wins" in regalia.get_game("blood-and-fortune").render_text(state.view(0))


def test_bf_win_highest_total_after_three_rounds() -> None:
    state = new(4, first=0)
    play_round_of_singles(state, LOW_P0)  # P1 wins round 1 (7) and takes the Ring
    assert state.view(None)["ring"] == 1
    play_round_of_singles(state, _relabel(LOW_P0, 3))  # P3 low; P0, P1, P2 7 -> P1 (Ring) wins
    assert state.view(None)["last_round"]["winner"] == 1
    play_round_of_singles(state, _relabel(LOW_P0, 2))  # P2 3, others 7 -> P1 (Ring) wins
    assert state.is_terminal
    assert state.view(None)["totals"] == [17, 21, 17, 17]
    assert state.winners == (1,) and state.returns() == [0.0, 1.0, 0.0, 0.0]


def test_bf_score_own_area_plus_own_house_elsewhere_and_bf_1_counts_once() -> None:
    state = new(3)
    # BF-1: P1 (house H2) has its own H2s1 in its own area (possible only through roles)
    state = with_areas(state, [["H2d1", "H3s1"], ["H2s1", "H1s1"], ["H1d1"]])
    state.reveal_and_score()
    last = state.view(None)["last_round"]
    # P0 (H1): own 2+1 = 3, H1s1 in P1 (1), H1d1 in P2 (2) -> 6
    # P1 (H2): own H2s1 + H1s1 = 2 (H2s1 counted once), H2d1 in P0 (2) -> 4
    # P2 (H3): own H1d1 = 2, H3s1 in P0 (1) -> 3
    assert last["scores"] == [6, 4, 3]


def test_bf_reveal_influence_left_in_hands_is_discarded() -> None:
    state = new(3)
    _play(state, ROUND_WITH_WIPE)
    last = state.view(0)["last_round"]
    # 15 cards, 9 kept in areas; 6 left in hands do not score (scores add up from areas only)
    area_points = sum(len(x) for x in last["revealed"])
    assert area_points == 9

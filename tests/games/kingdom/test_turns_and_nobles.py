"""Turn structure, nobles and soldiers, suit change, hand limit [KD-1, KD-2, KD-X1, KD-X12]."""

from __future__ import annotations

import pytest

import regalia
from regalia.core import IllegalActionError
from regalia.games.kingdom.cards import NAME

from .conftest import Deal, hand, in_play, legal, run

P0 = "KS QS QH 7H 5S 8D 9D"
P1 = "QC 9C 7C 2D 3D 4D 5D"


def test_rulebook_start_seven_cards_and_first_draw(deal: Deal) -> None:
    st = deal([P0, P1], draws="6S 6D")
    assert st.current_player == 0 and st.turns == 1
    assert hand(st, 0) == sorted([*P0.split(), "6S"])  # drew 1 at the start of the turn [KD-1]
    assert len(st.hands[1]) == 7
    assert st.view(0)["deck_size"] == 108 // 2 - 15


def test_rulebook_first_player_random_seeded() -> None:
    firsts = {regalia.make("kingdom", players=4, seed=s).current_player for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    a = regalia.make("kingdom", players=4, seed=9)
    b = regalia.make("kingdom", players=4, seed=9)
    assert a.current_player == b.current_player and a.snapshot() == b.snapshot()


def test_kd_1_one_noble_per_turn_and_one_of_each_rank(deal: Deal) -> None:
    st = deal([P0, P1], draws="6S 6D 2C 3C")
    assert {"play KS", "play QS", "play QH"} <= set(legal(st))
    run(st, "play QS")
    assert in_play(st, 0) == ["QS"]
    # one noble per turn
    assert not any(t.startswith("play ") for t in legal(st))
    with pytest.raises(IllegalActionError) as info:
        st.apply("play KS")
    assert info.value.rule == "KD-1" and "already put a noble" in info.value.reason
    run(st, "end", "end", "discard 2D")  # P1 ends too, discarding down to 7
    assert st.current_player == 0
    # only one Queen in play at a time
    assert "play QH" not in legal(st) and "play KS" in legal(st)
    with pytest.raises(IllegalActionError) as info:
        st.apply("play QH")
    assert "already have a Queen" in info.value.reason and info.value.rule == "KD-1"
    run(st, "play KS")
    assert in_play(st, 0) == ["QS", "KS"]


def test_kd_1_noble_brings_soldier_of_its_suit_and_is_preoccupied(deal: Deal) -> None:
    st = deal([P0, P1], draws="6S 6D")
    run(st, "play QH")
    assert "bring 7H with QH" in legal(st)
    assert "bring 5S with QH" not in legal(st)
    with pytest.raises(IllegalActionError) as info:
        st.apply("bring 5S with QH")
    assert info.value.rule == "KD-1" and "H noble" in info.value.reason
    run(st, "bring 7H with QH")
    assert in_play(st, 0) == ["QH*", "7H"]  # the noble turned; the soldier arrives ready [KD-X1]
    with pytest.raises(IllegalActionError) as info:
        st.apply("bring 5S with QH")
    assert "preoccupied" in info.value.reason or "H noble" in info.value.reason
    # nobles never bring nobles, and a soldier cannot be put into play alone
    with pytest.raises(IllegalActionError):
        st.apply("play 7H")


def test_kd_1_preoccupied_cards_unturn_at_start_of_own_turn(deal: Deal) -> None:
    st = deal([P0, P1], draws="6S 6D 2C")
    run(st, "play QH", "bring 7H with QH", "end")
    assert in_play(st, 0) == ["QH*", "7H"]  # still turned during P1's turn
    run(st, "end", "discard 2D")
    assert in_play(st, 0) == ["QH", "7H"]


def test_kd_1_hand_limit_discard_down_to_seven(deal: Deal) -> None:
    st = deal([P0, P1], draws="6S 6D")
    assert len(st.hands[0]) == 8
    run(st, "end")
    assert st.decision() == "discard" and st.current_player == 0
    assert "end" not in legal(st)
    events = st.apply("discard 9D")
    assert any(e.kind == "discard" and e.visible_to is None for e in events)  # face up [KD-X7]
    assert len(st.hands[0]) == 7 and st.current_player == 1
    assert [NAME[c] for c in st.discard] == ["9D"]


def test_kd_x12_hand_limit_only_at_end_of_own_turn(deal: Deal) -> None:
    st = deal([P0, P1], draws="6S 6D")
    run(st, "play QH")
    # seven cards after playing one: no discard needed
    run(st, "end")
    assert st.current_player == 1 and len(st.hands[0]) == 7


def test_kd_2_suit_change_lasts_until_end_of_turn(deal: Deal) -> None:
    st = deal([P0, P1], draws="6S 6D 6H 2C")
    run(st, "play KS", "end", "end", "discard 2D", "play QS")
    assert st.current_player == 0 and in_play(st, 0) == ["KS", "QS"]
    assert "bring 7H with KS" not in legal(st)
    run(st, "change KS to H using QS")
    assert in_play(st, 0) == ["KS", "QS*"]
    assert st.view(0)["kingdoms"][0]["in_play"][0]["suit"] == "H"
    assert "bring 7H with KS" in legal(st)
    run(st, "bring 7H with KS")
    assert in_play(st, 0) == ["KS*", "QS*", "7H"]
    run(st, "end")
    assert st.view(0)["kingdoms"][0]["in_play"][0]["suit"] == "S"  # back to its own suit


def test_kd_2_suit_change_needs_two_nobles_of_same_suit_and_a_ready_one(deal: Deal) -> None:
    st = deal([P0, P1], draws="6S 6D 6H 2C")
    run(st, "play QH", "end", "end", "discard 2D", "play KS")
    with pytest.raises(IllegalActionError) as info:
        st.apply("change KS to H using QH")
    assert info.value.rule == "KD-2" and "same suit" in info.value.reason
    with pytest.raises(IllegalActionError) as info:
        st.apply("change KS to S using KS")
    assert info.value.rule == "KD-2"


def test_kd_3_ace_brought_as_champion(deal: Deal) -> None:
    st = deal(["QH AH 2S 3S 4S 5S 6S", P1], draws="2H 6D")
    run(st, "play QH")
    assert "bring AH with QH" in legal(st)
    run(st, "bring AH with QH")
    assert in_play(st, 0) == ["QH*", "AH"]
    assert st.view(None)["kingdoms"][0]["in_play"][1]["role"] == "ace"

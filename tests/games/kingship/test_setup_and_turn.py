"""Set-up, matching, pairs, drawing, the empty deck, phases and the end of the game [KS-1..KS-5, KS-14]."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import regalia
from regalia.core import IllegalActionError
from regalia.games.kingship.actions import NUM_ACTIONS, action_from_id, parse_act
from regalia.games.kingship.cards import DECK_COUNTS, FULL_DECK, HAND_SIZE, NAME, OUTLAW

from .helpers import act, hand, scenario, texts, title


def test_deck_data_file_has_the_80_cards_of_the_sheet() -> None:
    names = Counter(NAME[k] for k in FULL_DECK)
    assert len(FULL_DECK) == 80
    assert names["QL"] == 3 and names["QD"] == 3 and "QT" not in names
    assert names["Outlaw"] == 2 and names["AT"] == 2 and names["KT"] == 2
    assert sum(n for c, n in names.items() if c.endswith("L")) == 27
    assert sum(n for c, n in names.items() if c.endswith("D")) == 27
    assert sum(n for c, n in names.items() if c.endswith("T")) == 24
    assert DECK_COUNTS[OUTLAW] == 2


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_rulebook_hand_size_by_player_count(players: int) -> None:
    s = regalia.make("kingship", players=players, seed=3)
    assert s.hs == [HAND_SIZE[players]] * players
    assert len(s.pile) == 1 and len(s.deck) == 80 - 1 - players * HAND_SIZE[players]
    assert all(t == -1 for t in s.titles)


def test_ks1_first_player_is_who_gets_the_first_face_up_outlaw() -> None:
    for seed in range(10):
        rng = random.Random(seed)
        order = list(FULL_DECK)
        rng.shuffle(order)
        expected = order.index(OUTLAW) % 5
        s = regalia.make("kingship", players=5, seed=seed)
        assert s.turn_player == expected and s.current_player == expected


def test_explicit_deck_deals_one_at_a_time_from_seat_0_and_seat_0_plays_first() -> None:
    deck = ["AL", "2L", "3L", "4L"] * 2 + ["5L"] * 2 + ["5D", "6L", "6D", "7L"]
    s = regalia.make("kingship", players=4, seed=1, deck=deck)
    assert s.turn_player == 0
    assert hand(s, 0)[:3] == ["3L", "5L", "AL"] or "AL" in hand(s, 0)
    assert s.hands[0][0] == 2 and s.hands[1][3] == 2  # AL twice to P0, 2L twice to P1
    assert s.hs == [12] * 4


def test_ks35_partial_deck_then_seeded_rest_and_bad_decks_refused() -> None:
    full = [NAME[k] for k in FULL_DECK]
    a = regalia.make("kingship", players=4, seed=5, deck=["KL", "KD"])
    b = regalia.make("kingship", players=4, seed=5, deck=["KL", "KD"])
    assert a.snapshot() == b.snapshot()
    assert a.hands[0][36] == 1 and a.hands[1][37] == 1
    with pytest.raises(ValueError, match="deck: unknown card 'X9q'"):
        regalia.make("kingship", players=4, seed=1, deck=["X9q"])
    with pytest.raises(ValueError, match="deck: too many copies of 'Outlaw'"):
        regalia.make("kingship", players=4, seed=1, deck=["Outlaw"] * 3)
    with pytest.raises(ValueError, match="deck: too many copies"):
        regalia.make("kingship", players=4, seed=1, deck=[*full, "AL"])


def test_every_action_id_has_a_text_that_parses_back() -> None:
    seen = 0
    for i in range(NUM_ACTIONS):
        try:
            a = action_from_id(i)
        except IllegalActionError:
            continue
        assert parse_act(str(a)) == a, (i, str(a))
        seen += 1
    assert seen > 1500


def test_ks2_match_suit_or_value_and_refusal_names_the_rule() -> None:
    s = scenario(hands={0: ["7L", "5D", "9D"]}, pile=["5T"])
    assert "play 5D" in texts(s) and "play 7L" not in texts(s) and "play 9D" not in texts(s)
    before = s.snapshot()
    with pytest.raises(IllegalActionError) as info:
        s.apply("play 7L")
    assert info.value.rule == "KS-2" and "matches neither" in info.value.reason
    assert (
        str(info.value)
        == "illegal action play 7L: 7L Merchant matches neither the suit nor the value of 5T Priest [KS-2]"
    )
    assert s.snapshot() == before
    with pytest.raises(IllegalActionError, match=r"you hold no KL Emperor, not 1 \[KS-2\]$"):
        s.apply("play KL")


def test_ks2_pair_first_card_must_match_last_becomes_top_and_triggers_ability_2_once() -> None:
    s = scenario(hands={0: ["7L", "7D", "7T", "AL"]}, pile=["5T"])
    assert "play 7T 7L 7D" in texts(s)
    assert "play 7L 7D 7T" not in texts(s)  # first card 7L neither Terra nor a 5
    act(s, 0, "play 7T 7L 7D")
    assert [NAME[k] for k in s.pile[-3:]] == ["7T", "7L", "7D"]
    assert s.pending is not None and s.pending[0] == "target"  # Merchant #2 (pair ability), once


def test_ks2_farmers_never_paired_and_outlaws_played_alone() -> None:
    s = scenario(hands={0: ["3L", "3D", "Outlaw", "Outlaw"]}, pile=["3T"])
    assert "play 3L 3D" not in texts(s)
    with pytest.raises(IllegalActionError) as info:
        s.apply("play 3L 3D")
    assert info.value.rule == "KS-2"
    with pytest.raises(IllegalActionError):
        s.apply("play Outlaw Outlaw")


def test_ks3_one_draw_before_playing_then_play_or_pass() -> None:
    s = scenario(hands={0: ["5D", "9L"]}, pile=["5T"], deck=["9T"])
    assert texts(s)[0] == "draw"
    with pytest.raises(IllegalActionError) as info:
        s.apply("pass")
    assert info.value.rule == "KS-3"
    act(s, 0, "draw")
    assert "9T" in hand(s, 0)
    assert "draw" not in texts(s) and "pass" in texts(s) and "play 5D" in texts(s)
    with pytest.raises(IllegalActionError) as info:
        s.apply("draw")
    assert info.value.rule == "KS-3"
    act(s, 0, "pass")
    assert s.turn_player == 1


def test_ks3_forced_draw_when_no_legal_play() -> None:
    s = scenario(hands={0: ["7L", "9L"]}, pile=["5T"], deck=["2D"])
    assert texts(s) == ["draw"]
    act(s, 0, "draw")
    assert texts(s) == ["pass"]


def test_ks4_empty_deck_rebuilt_from_pile_keeping_the_top() -> None:
    s = scenario(hands={0: ["7L"]}, pile=["2L", "3L", "4L", "5T"])
    s.grave.extend(s.deck)
    s.deck = []
    act(s, 0, "draw")
    assert NAME[s.pile[-1]] == "5T" and len(s.pile) == 1
    assert len(s.deck) == 2 and s.hs[0] == 2


def test_ks4_no_other_pile_cards_the_draw_does_nothing() -> None:
    s = scenario(hands={0: ["7L"]}, pile=["5T"])
    s.grave.extend(s.deck)
    s.deck = []
    events = act(s, 0, "draw")
    assert s.hs[0] == 1 and any("draws nothing" in e.text for e in events)
    assert texts(s) == ["pass"]


def test_ks5_phase3_no_cards_on_your_turn_wins() -> None:
    s = scenario(hands={0: ["10T"]}, pile=["5T"])
    act(s, 0, "play 10T")  # a single Knight on your own turn has no ability (KS-13)
    assert s.is_terminal and s.winners == (0,) and s.returns() == [1.0, 0.0, 0.0, 0.0]
    assert s.current_player is None and s.legal_actions() == []


def test_ks14_max_turns_ends_in_a_draw_all_returns_zero() -> None:
    s = regalia.make("kingship", players=4, seed=2, max_turns=3)
    rng = random.Random(0)
    while not s.is_terminal:
        s.apply(rng.choice(s.legal_actions()))
    assert s.turns <= 3
    if not s.winners:
        assert s.returns() == [0.0] * 4


def test_ks14_max_turns_option_both_ways() -> None:
    s = scenario(hands={0: ["7L"], 1: ["7D"]}, pile=["5T"], max_turns=1)
    act(s, 0, "draw")
    act(s, 0, "pass")
    assert s.is_terminal and s.winners == () and s.returns() == [0.0] * 4
    s = scenario(hands={0: ["7L"], 1: ["7D"]}, pile=["5T"])
    act(s, 0, "draw")
    act(s, 0, "pass")
    assert not s.is_terminal and s.turn_player == 1


def test_ks7_outlaw_on_own_turn_ends_turn_takes_title_and_is_wild() -> None:
    s = scenario(hands={0: ["Outlaw", "9D"], 1: ["KT", "2L"]}, pile=["5T"])
    assert "play Outlaw" in texts(s)
    act(s, 0, "play Outlaw")
    assert title(s, "Outlaw") == 0 and s.turn_player == 1 and NAME[s.pile[-1]] == "Outlaw"
    assert "play KT" in texts(s) and "play 2L" in texts(s)  # wild for the next play


def test_outlaw_title_passive_plays_as_if_the_top_were_wild() -> None:
    s = scenario(hands={0: ["9D", "2L"]}, pile=["5T"], titles={"Outlaw": 0})
    assert "play 9D" in texts(s) and "play 2L" in texts(s)
    s = scenario(hands={0: ["9D", "2L"]}, pile=["5T"], titles={"Outlaw": 0, "Silenced": 0})
    assert texts(s) == ["draw"]  # KS-30: a silenced holder's title ability is off


def test_direction_clockwise_and_turn_count() -> None:
    s = scenario(hands={0: ["5D", "9L"], 1: ["5L", "9T"]}, pile=["5T"])
    assert s.turns == 1
    act(s, 0, "draw")
    act(s, 0, "pass")
    assert s.turn_player == 1 and s.turns == 2

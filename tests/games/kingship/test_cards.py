"""One scenario per card ability (13 values x single and pair, plus the Outlaw) [rulebook,
"Kingship Card Abilities"; KS-2, KS-8, KS-9, KS-13, KS-15]."""

from __future__ import annotations

import random

import pytest

from regalia.core import IllegalActionError
from regalia.games.kingship.cards import NAME

from .helpers import act, hand, scenario, texts, title


def pending(s: object) -> str:
    return s.pending[0]  # type: ignore[attr-defined,no-any-return]


# ---------------------------------------------------------------- Angel
def test_angel_single_gives_a_card_to_an_opponent_revealed_to_all() -> None:
    s = scenario(hands={0: ["AL", "9L", "2D"], 2: ["3L", "4L"]}, pile=["AT"])
    act(s, 0, "play AL")
    assert texts(s) == ["target P1", "target P2", "target P3"]  # an opponent
    act(s, 0, "target P2")
    assert sorted(texts(s)) == ["give 2D", "give 9L"]
    events = act(s, 0, "give 9L")
    assert hand(s, 2) == ["3L", "4L", "9L"] and hand(s, 0) == ["2D"]
    assert any(e.visible_to is None and "9L" in e.text for e in events)
    assert s.view(1)["known_cards"] == {"P2": ["9L"]}


def test_angel_pair_strips_all_titles_and_cannot_be_blocked() -> None:
    s = scenario(hands={0: ["AL", "AD", "2D"], 2: ["10L", "3L"]}, pile=["AT"], titles={"Kingship": 2, "LightQueen": 2})
    act(s, 0, "play AL AD")
    act(s, 0, "target P2")
    assert title(s, "Kingship") == -1 and title(s, "LightQueen") == -1
    assert s.current_player == 1 and pending(s) == "main"  # no Knight window was offered
    assert hand(s, 2) == ["10L", "3L"]


# ---------------------------------------------------------------- Messenger
def test_messenger_single_skips_next_player_and_draws_if_they_hold_more() -> None:
    s = scenario(hands={0: ["2L", "9D"]}, pile=["2T"], deck=["KD"])
    act(s, 0, "play 2L")
    assert hand(s, 0) == ["9D", "KD"]  # P1 holds 3 > 1: P0 draws
    assert s.turn_player == 2 and s.current_player == 2


def test_messenger_single_next_player_silenced_no_skip() -> None:
    s = scenario(hands={0: ["2L", "9D"]}, pile=["2T"], titles={"Silenced": 1})
    act(s, 0, "play 2L")
    assert hand(s, 0) == ["9D"] and s.turn_player == 1


def test_messenger_pair_reverses_draws_and_places_a_card_on_the_pile() -> None:
    s = scenario(hands={0: ["2L", "2D", "9D", "KL"]}, pile=["2T"], deck=["5L"])
    act(s, 0, "play 2L 2D")
    assert s.direction == -1 and "5L" in hand(s, 0) and pending(s) == "place"
    act(s, 0, "place KL")
    assert NAME[s.pile[-1]] == "KL" and hand(s, 0) == ["5L", "9D"]
    assert s.turn_player == 3  # play goes the other way now


# ---------------------------------------------------------------- Farmer
def test_farmer_single_keep_the_top_card_seen_only_by_the_farmer() -> None:
    s = scenario(hands={0: ["3L", "9D"]}, pile=["3T"], deck=["KD", "AL"])
    act(s, 0, "play 3L")
    assert s.view(0)["deck_top_known"] == ["KD"] and s.view(1)["deck_top_known"] == []
    assert texts(s) == ["keep", "reveal"]
    act(s, 0, "keep")
    assert hand(s, 0) == ["9D", "KD"] and s.view(1)["known_cards"] == {}


def test_farmer_single_reveal_and_put_back_known_to_all_and_kept_by_determinize() -> None:
    s = scenario(hands={0: ["3L", "9D"]}, pile=["3T"], deck=["KD", "AL"])
    act(s, 0, "play 3L")
    act(s, 0, "reveal")
    assert NAME[s.deck[-1]] == "KD" and s.view(2)["deck_top_known"] == ["KD"]
    rng = random.Random(1)
    for _ in range(5):
        assert NAME[s.determinize(2, rng).deck[-1]] == "KD"


def test_farmer_pair_is_not_permitted_ks2() -> None:
    s = scenario(hands={0: ["3L", "3D"]}, pile=["3T"])
    with pytest.raises(IllegalActionError) as info:
        s.apply("play 3L 3D")
    assert "Farmers can never be played as a pair" in info.value.reason


# ---------------------------------------------------------------- Poacher
def test_poacher_single_exile_the_pile_card_below() -> None:
    s = scenario(hands={0: ["4L", "9D"]}, pile=["7L", "4T"])
    act(s, 0, "play 4L")
    assert texts(s) == ["exile deck", "exile pile"]
    act(s, 0, "exile pile")
    assert [NAME[k] for k in s.pile] == ["7L", "4L"] and [NAME[k] for k in s.grave] == ["4T"]


def test_poacher_single_exile_the_top_two_of_the_deck() -> None:
    s = scenario(hands={0: ["4L", "9D"]}, pile=["4T"], deck=["KD", "KL", "AL"])
    act(s, 0, "play 4L")
    act(s, 0, "exile deck")
    assert sorted(NAME[k] for k in s.grave) == ["KD", "KL"] and NAME[s.deck[-1]] == "AL"


def test_poacher_pair_holders_of_the_specified_card_may_exile_one() -> None:
    s = scenario(hands={0: ["4L", "4D", "9D"], 1: ["7L", "7D", "AL"], 2: ["7T", "2L"]}, pile=["4T"])
    act(s, 0, "play 4L 4D")
    assert pending(s) == "spec"
    act(s, 0, "name 7")
    assert s.current_player == 1 and texts(s) == ["pass", "exile 7L", "exile 7D"]
    # a hidden window: the others still see P0's specification (KS-37)
    assert (s.view(2)["to_act"], s.view(2)["decision"]) == (0, "spec") and s.view(1)["decision"] == "poach"
    act(s, 1, "exile 7D")
    assert hand(s, 1) == ["7L", "AL"]
    act(s, 2, "pass")
    assert hand(s, 2) == ["2L", "7T"] and s.turn_player == 1 and pending(s) == "main"


# ---------------------------------------------------------------- Priest
def test_priest_single_revives_the_card_below_into_the_chosen_hand() -> None:
    s = scenario(hands={0: ["5L", "9D"]}, pile=["KT", "5T"])
    act(s, 0, "play 5L")
    act(s, 0, "target P1")
    assert "5T" in hand(s, 1) and [NAME[k] for k in s.pile] == ["KT", "5L"]


def test_priest_pair_revives_any_pile_card_onto_the_deck_then_may_draw() -> None:
    s = scenario(hands={0: ["5L", "5D", "9D"]}, pile=["KT", "JT", "5T"])
    act(s, 0, "play 5L 5D")
    assert sorted(texts(s)) == ["revive 5T", "revive JT", "revive KT"]
    act(s, 0, "revive JT")
    assert NAME[s.deck[-1]] == "JT" and s.view(3)["deck_top_known"] == ["JT"]
    assert texts(s) == ["draw", "pass"]
    act(s, 0, "draw")
    assert hand(s, 0) == ["9D", "JT"] and s.view(1)["known_cards"] == {"P0": ["JT"]}


# ---------------------------------------------------------------- Demon
def test_demon_single_not_permitted_without_a_demon() -> None:
    s = scenario(hands={0: ["6L", "9D"]}, pile=["6T"])
    assert "play 6L" not in texts(s)
    with pytest.raises(IllegalActionError) as info:
        s.apply("play 6L")
    assert "Demon" in info.value.reason


def test_demon_single_takes_a_random_card_from_the_demon() -> None:
    s = scenario(hands={0: ["6L", "9D"], 2: ["KL"]}, pile=["6T"], titles={"Demon": 2})
    events = act(s, 0, "play 6L")
    assert hand(s, 0) == ["9D", "KL"] and hand(s, 2) == []
    secret = [e for e in events if e.kind == "demon_card"]
    assert secret and secret[0].visible_to == frozenset({0, 2})


def test_demon_pair_without_demon_becomes_the_demon_losing_other_titles() -> None:
    s = scenario(hands={0: ["6L", "6D", "9D"]}, pile=["6T"], titles={"Kingship": 0})
    act(s, 0, "pass")  # the King's proposal at the start of the turn
    act(s, 0, "play 6L 6D")
    assert title(s, "Demon") == 0 and title(s, "Kingship") == -1


def test_demon_pair_with_active_demon_swaps_hands_with_an_opponent() -> None:
    s = scenario(hands={0: ["6L", "6D", "9D"], 1: ["KL", "KD", "AL", "2L"]}, pile=["6T"], titles={"Demon": 3})
    act(s, 0, "play 6L 6D")
    act(s, 0, "target P1")
    assert hand(s, 0) == ["2L", "AL", "KD", "KL"] and hand(s, 1) == ["9D"]
    assert sorted(s.view(1)["known_cards"]["P0"]) == ["2L", "AL", "KD", "KL"]


def test_demon_pair_with_silenced_demon_becomes_the_demon_ks15() -> None:
    s = scenario(hands={0: ["6L", "6D", "9D"]}, pile=["6T"], titles={"Demon": 3, "Silenced": 3})
    act(s, 0, "play 6L 6D")
    assert title(s, "Demon") == 0 and s.current_player == 1  # no swap afterwards (KS-15)


# ---------------------------------------------------------------- Merchant
def test_merchant_single_offer_ask_and_accept_ks9() -> None:
    s = scenario(hands={0: ["7L", "9D", "9L"], 2: ["9T", "2L"]}, pile=["7T"])
    act(s, 0, "play 7L")
    assert "offer 9D" in texts(s) and "pass" in texts(s)
    act(s, 0, "offer 9D")
    act(s, 0, "ask 9")
    assert s.current_player == 1 and not any(t.startswith("accept") for t in texts(s))
    act(s, 1, "counter 3L")
    assert "accept 9T" in texts(s)
    act(s, 2, "accept 9T")
    assert hand(s, 0) == ["9L", "9T"] and hand(s, 2) == ["2L", "9D"]
    assert s.turn_player == 1 and pending(s) == "main"  # at most one trade: P3 is not asked


def test_merchant_single_take_a_counter_offer_after_all_answered() -> None:
    s = scenario(hands={0: ["7L", "9D"], 1: ["KL", "2L"], 2: ["AL", "2T"]}, pile=["7T"], titles={"Demon": 2})
    act(s, 0, "play 7L")
    act(s, 0, "offer 9D")
    act(s, 0, "ask nothing")
    act(s, 1, "counter KL")
    act(s, 2, "counter title Demon")
    act(s, 3, "pass")
    assert texts(s) == ["pass", "take offer P1", "take offer P2"]
    act(s, 0, "take offer P2")
    assert title(s, "Demon") == 0 and hand(s, 0) == [] and hand(s, 2) == ["2T", "9D", "AL"]


def test_merchant_pair_reveals_a_hand_takes_a_card_and_gives_one_back() -> None:
    s = scenario(hands={0: ["7L", "7D", "9D"], 1: ["KL", "2T"]}, pile=["7T"])
    act(s, 0, "play 7L 7D")
    act(s, 0, "target P1")
    assert s.view(0)["known_cards"] == {"P1": ["2T", "KL"]} and s.view(2)["known_cards"] == {}
    assert texts(s) == ["take 2T", "take KL"]
    act(s, 0, "take KL")
    act(s, 0, "return 9D")
    assert hand(s, 0) == ["KL"] and hand(s, 1) == ["2T", "9D"]
    assert s.view(0)["known_cards"] == {"P1": ["2T", "9D"]}


# ---------------------------------------------------------------- Wizard
def test_wizard_single_copies_the_card_below_and_triggers_its_ability_1() -> None:
    s = scenario(hands={0: ["8L", "9D"]}, pile=["QL"])
    act(s, 0, "play 8L")
    assert title(s, "LightQueen") == 0


def test_wizard_on_a_wizard_copies_through_to_the_first_non_wizard_ks8() -> None:
    s = scenario(hands={0: ["8L", "9D"]}, pile=["QD", "8D"])
    act(s, 0, "play 8L")
    assert title(s, "DarkQueen") == 0


def test_wizard_pair_copies_and_triggers_ability_2() -> None:
    s = scenario(hands={0: ["8T", "8L", "9D"]}, pile=["10T"], deck=["AL", "AD", "2L", "2D", "4L", "4D"])
    act(s, 0, "play 8T 8L")
    assert s.hs == [1, 5, 5, 5]  # Knight #2: every opponent draws two


def test_wizard_with_nothing_applicable_does_nothing() -> None:
    s = scenario(hands={0: ["8L", "9D"]}, pile=["6L"])  # Demon #1 with no Demon cannot apply
    act(s, 0, "play 8L")
    assert hand(s, 0) == ["9D"] and s.turn_player == 1


# ---------------------------------------------------------------- Witch
def test_witch_single_silences_a_player_not_already_silenced() -> None:
    s = scenario(hands={0: ["9L", "2D"]}, pile=["9T"], titles={"Silenced": 2})
    act(s, 0, "play 9L")
    assert texts(s) == ["target P0", "target P1", "target P3"]
    act(s, 0, "target P1")
    assert title(s, "Silenced") == 1


def test_witch_pair_exiles_specified_cards_from_the_pile_and_unsilences() -> None:
    s = scenario(hands={0: ["9L", "9D", "2D"]}, pile=["7L", "KD", "7D", "9T"], titles={"Silenced": 0})
    act(s, 0, "play 9L 9D")  # a silenced player's Witch still works (KS-12)
    act(s, 0, "name 7")
    assert [NAME[k] for k in s.pile] == ["KD", "9T", "9L", "9D"]
    assert sorted(NAME[k] for k in s.grave) == ["7D", "7L"] and title(s, "Silenced") == -1


# ---------------------------------------------------------------- Knight
def test_knight_single_on_own_turn_has_no_ability_ks13() -> None:
    s = scenario(hands={0: ["10L", "9D"]}, pile=["10T"])
    act(s, 0, "play 10L")
    assert s.hs[1:] == [3, 3, 3] and s.turn_player == 1


def test_knight_pair_all_opponents_draw_two_in_turn_order() -> None:
    s = scenario(hands={0: ["10L", "10D", "2D"]}, pile=["10T"], deck=["AL", "AD", "2L", "KT", "4L", "4D"])
    act(s, 0, "play 10L 10D")
    assert "AL" in hand(s, 1) and "AD" in hand(s, 1) and "2L" in hand(s, 2) and "4D" in hand(s, 3)


# ---------------------------------------------------------------- Prince
def test_prince_single_proposes_a_law_approved_by_the_king_alone() -> None:
    s = scenario(hands={0: ["JL", "2D"]}, pile=["JT"], titles={"Kingship": 2, "DarkQueen": 1})
    act(s, 0, "play JL")
    assert s.pending == ("law", 0, "prince")
    act(s, 0, "law tax 9")
    assert s.current_player == 2 and texts(s) == ["approve", "deny"]
    act(s, 2, "approve")
    assert s.laws == [[2, 9 * 4]]


def test_prince_single_denied_by_the_king() -> None:
    s = scenario(hands={0: ["JL", "2D"]}, pile=["JT"], titles={"Kingship": 2})
    act(s, 0, "play JL")
    act(s, 0, "law no-winner")
    act(s, 2, "deny")
    assert s.laws == [] and s.turn_player == 1


def test_prince_single_without_king_or_as_king_does_nothing() -> None:
    s = scenario(hands={0: ["JL", "2D"]}, pile=["JT"])
    act(s, 0, "play JL")
    assert s.turn_player == 1


def test_prince_pair_without_king_obtains_any_title_but_kingship() -> None:
    s = scenario(hands={0: ["JL", "JD", "2D"]}, pile=["JT"])
    act(s, 0, "play JL JD")
    assert "title Kingship" not in texts(s) and "title DarkQueen" in texts(s)
    act(s, 0, "title DarkQueen")
    assert title(s, "DarkQueen") == 0


def test_prince_pair_with_king_becomes_the_king_and_laws_are_removed() -> None:
    s = scenario(hands={0: ["JL", "JD", "2D"]}, pile=["JT"], titles={"Kingship": 2}, active_laws=["law tax 9"])
    act(s, 0, "play JL JD")
    assert title(s, "Kingship") == 0 and s.laws == []


# ---------------------------------------------------------------- Queen
def test_queen_single_becomes_the_queen_of_its_suit() -> None:
    s = scenario(hands={0: ["QD", "2D"]}, pile=["QL"], titles={"DarkQueen": 3})
    act(s, 0, "play QD")
    assert title(s, "DarkQueen") == 0


def test_queen_pair_chooses_a_queen_and_removes_laws_when_a_king_is_in_play() -> None:
    s = scenario(hands={0: ["QD", "QL", "2D"]}, pile=["QL"], titles={"Kingship": 1}, active_laws=["law no-winner"])
    act(s, 0, "play QD QL")
    assert texts(s) == ["pass", "title DarkQueen", "title LightQueen"]
    act(s, 0, "title LightQueen")
    assert title(s, "LightQueen") == 0 and s.laws == []


# ---------------------------------------------------------------- Emperor
def test_emperor_single_no_king_with_a_queen_becomes_the_king() -> None:
    s = scenario(hands={0: ["KL", "2D"]}, pile=["KT"], titles={"LightQueen": 1})
    act(s, 0, "play KL")
    assert title(s, "Kingship") == 0


def test_emperor_single_no_king_no_queen_does_nothing() -> None:
    s = scenario(hands={0: ["KL", "2D"]}, pile=["KT"])
    act(s, 0, "play KL")
    assert title(s, "Kingship") == -1 and s.turn_player == 1


def test_emperor_single_with_king_searches_the_deck_for_a_target() -> None:
    s = scenario(hands={0: ["KL", "2D"]}, pile=["KT"], titles={"Kingship": 2}, deck=["5L", "5D"])
    act(s, 0, "play KL")
    act(s, 0, "target P1")
    assert "deck_cards" in s.view(0) and "deck_cards" not in s.view(1)
    events = act(s, 0, "search AL")
    assert "AL" in hand(s, 1)
    card_events = [e for e in events if e.kind == "search_card"]
    assert card_events[0].visible_to == frozenset({0, 1})
    assert s.view(0)["known_cards"] == {"P1": ["AL"]}


def test_emperor_pair_with_king_takes_another_turn() -> None:
    s = scenario(hands={0: ["KL", "KD", "2D", "5L"]}, pile=["KT"], titles={"Kingship": 2})
    act(s, 0, "play KL KD")
    assert texts(s) == ["again", "pass"]
    act(s, 0, "again")
    assert s.turn_player == 0 and s.turns == 2 and s.current_player == 0


def test_emperor_pair_without_king_does_nothing() -> None:
    s = scenario(hands={0: ["KL", "KD", "2D"]}, pile=["KT"])
    act(s, 0, "play KL KD")
    assert s.turn_player == 1

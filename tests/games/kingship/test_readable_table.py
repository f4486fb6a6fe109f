"""A table people can read (issue 13) and refusals that cost nothing (issue 14): what everyone saw
reaches every view, a spectator's too; the view carries the cards' characters and texts, the
titles and laws with theirs; labels, the legend and the terminal drawing use the rulebook's words
and no internal names; refusals name their rule once; hand-built actions are refused cheaply."""

from __future__ import annotations

import random

import pytest
from tests.conformance.test_readable import internal_names

import regalia
from regalia.core import IllegalActionError
from regalia.games.kingship.actions import NUM_ACTIONS, KingshipAction, action_from_id, action_id, parse_act
from regalia.games.kingship.words import CHARACTER, RULEBOOK, TITLE_TEXT

from .helpers import act, scenario

EVERYONE = (0, 1, 2, 3, None)


# ---------------------------------------------------------------- public reveals in every view (KS-34)
def test_ks34_an_angels_gift_is_known_to_every_seat_and_a_spectator() -> None:
    s = scenario(hands={0: ["AL", "9L", "2D"], 2: ["3L", "4L"]}, pile=["AT"])
    act(s, 0, "play AL")
    act(s, 0, "target P2")
    act(s, 0, "give 9L")
    for seat in (0, 1, 3, None):
        assert s.view(seat)["known_cards"] == {"P2": ["9L"]}, seat
    assert s.view(2)["known_cards"] == {}  # its own hand: in "hand"


def test_ks34_a_farmers_revealed_card_is_known_on_the_deck_and_then_in_the_hand_that_draws_it() -> None:
    s = scenario(hands={0: ["3L", "9D"]}, pile=["3T"], deck=["KD", "AL"])
    act(s, 0, "play 3L")
    assert s.view(None)["deck_top_known"] == [] and s.view(1)["deck_top_known"] == []  # a look is private
    act(s, 0, "reveal")
    for seat in EVERYONE:
        assert s.view(seat)["deck_top_known"] == ["KD"], seat
    act(s, 1, "draw")  # P1 draws the revealed card
    for seat in (0, 2, 3, None):
        assert s.view(seat)["known_cards"] == {"P1": ["KD"]}, seat
    assert "KD Emperor" in s.game.render_text(s.view(None))


def test_ks34_a_farmers_kept_card_stays_private() -> None:
    s = scenario(hands={0: ["3L", "9D"]}, pile=["3T"], deck=["KD", "AL"])
    act(s, 0, "play 3L")
    act(s, 0, "keep")
    assert all(s.view(seat)["known_cards"] == {} for seat in EVERYONE)


def test_ks34_revivals_are_known_to_all() -> None:
    s = scenario(hands={0: ["5L", "5D", "9D"]}, pile=["KT", "5T"])
    act(s, 0, "play 5L 5D")
    act(s, 0, "revive KT")
    for seat in EVERYONE:
        assert s.view(seat)["deck_top_known"] == ["KT"], seat
    s = scenario(hands={0: ["5L", "9D"]}, pile=["KT", "5T"])
    act(s, 0, "play 5L")
    act(s, 0, "target P2")
    for seat in (0, 1, 3, None):
        assert s.view(seat)["known_cards"] == {"P2": ["5T"]}, seat


def test_ks34_merchant_offers_and_trades_are_known_to_a_spectator_but_a_merchant_pair_take_is_not() -> None:
    s = scenario(hands={0: ["7L", "9D", "AD"], 1: ["KL", "2L"], 2: ["AL", "2T"]}, pile=["7T"])
    act(s, 0, "play 7L")
    act(s, 0, "offer 9D")
    assert s.view(None)["known_cards"] == {"P0": ["9D"]}
    act(s, 0, "ask nothing")
    act(s, 1, "accept KL")
    for seat in (2, 3, None):
        assert s.view(seat)["known_cards"] == {"P0": ["KL"], "P1": ["9D"]}, seat
    s = scenario(hands={0: ["7L", "7D", "9D", "2L"], 1: ["KL", "2T", "AD"]}, pile=["7T"])
    act(s, 0, "play 7L 7D")
    act(s, 0, "target P1")
    act(s, 0, "take KL")
    act(s, 0, "return 9D")
    assert s.view(None)["known_cards"] == {} and s.view(2)["known_cards"] == {}


def test_ks34_a_spectators_knowledge_survives_determinization_and_stays_true() -> None:
    s = scenario(hands={0: ["AL", "9L", "2D"], 2: ["3L", "4L"]}, pile=["AT"])
    act(s, 0, "play AL")
    act(s, 0, "target P2")
    act(s, 0, "give 9L")
    for seat in range(4):
        det = s.determinize(seat, random.Random(seat))
        assert det.view(None)["known_cards"] == {"P2": ["9L"]}
        assert det.hands[2][24] >= 1  # 9L is kind 24: still in P2's hand


# ---------------------------------------------------------------- what a screen needs, in the view
def test_the_view_carries_each_visible_cards_character_and_texts_and_the_titles_and_laws() -> None:
    s = scenario(hands={0: ["9T", "QL"]}, pile=["5T"], titles={"Kingship": 2}, active_laws=["law exactly 3"])
    v = s.view(0)
    assert set(v["cards"]) == {"9T", "QL", "5T"}
    assert v["cards"]["9T"] == {
        "value": "9",
        "suit": "Terra",
        "character": "Witch",
        "name": "Sorceress Leah",
        "single": RULEBOOK[9][0],
        "pair": RULEBOOK[9][1],
    }
    assert v["cards"]["QL"]["character"] == "Light Queen" and v["cards"]["QL"]["name"] == "Lady Meranda"
    assert v["title_info"]["DarkQueen"] == {"title": "Dark Queen", "text": TITLE_TEXT[1]}
    assert v["laws_in_force"] == [{"code": "exactly 3", "text": "the first player to hold exactly 3 cards wins"}]
    assert set(s.view(1)["cards"]) == {"5T", *s.view(1)["hand"]}  # no card of P0's hand


def test_render_text_shows_characters_the_titles_the_laws_and_the_prompt_without_internal_names() -> None:
    s = scenario(hands={0: ["7L", "9D"]}, pile=["5T"], titles={"LightQueen": 2}, active_laws=["law tax 9"])
    act(s, 0, "draw")
    text = s.game.render_text(s.view(1))
    assert "top card 5T Priest" in text and "Light Queen P2" in text
    assert "Law in force: tax 9 — whoever plays a Witch (9) must draw a card or exile a card" in text
    assert text.endswith(
        "> Waiting for P2, the Light Queen, to let P0's draw of 1 card (the regular draw of the turn) happen or "
        "prevent it."
    )
    assert "Your hand: 7L Merchant, 9D Witch" in s.game.render_text(s.view(0))
    for seat in EVERYONE:
        assert not internal_names(s.game.render_text(s.view(seat)))


def test_the_legend_explains_the_notation_characters_titles_and_marks() -> None:
    legend = regalia.get_game("kingship").legend
    for name in CHARACTER[1:14]:
        assert name in legend, name
    for words in ("L Light", "D Dark", "T Terra", "Outlaw", "ability #1", "#2", "Graveyard", "Silenced", "dash"):
        assert words in legend, words
    assert not internal_names(legend)


# ---------------------------------------------------------------- labels and groups
def test_labels_name_the_character_and_what_the_ability_does_now() -> None:
    s = scenario(hands={0: ["2L", "8T", "6D", "AT", "AD", "Outlaw", "10T"]}, pile=["9T"], titles={"Demon": 3})
    assert s.label("play 2L") == "2L Messenger: skip P1's next turn"
    assert (
        s.label("play 8T")
        == "8T Wizard: copies the Witch (9T): silence a player you target (not the one already silenced)"
    )
    assert s.label("play 6D") == "6D Demon: take a random card from the Demon P3's hand"
    assert (
        s.label("play AT AD")
        == "AT AD Angel pair: an opponent you choose loses all their titles (unblockable) (AD on top)"
    )
    assert s.label("play Outlaw") == (
        "Outlaw: your turn ends, you take the Outlaw title, and the next player may play anything on it"
    )
    assert s.label("play 10T") == "10T Knight: no ability played on your turn"
    assert s.label("draw") == "draw a card: your one draw this turn, then play or pass"


def test_labels_of_a_silenced_player_and_of_a_blocked_knight() -> None:
    s = scenario(hands={0: ["9L", "5L", "2D"], 1: ["10L", "3L"]}, pile=["9T"], titles={"Silenced": 0})
    assert s.label("play 5L") == "5L Priest: no effect: you are silenced"
    act(s, 0, "play 9L")  # the Witch works for a silenced player
    act(s, 0, "target P1")
    assert [c["label"] for c in s.legal_choices()] == [
        "do not block",
        "block with 10L Knight: the ability is cancelled, and you draw a card",
    ]


def test_long_lists_are_grouped_by_kind() -> None:
    s = scenario(hands={0: ["7L", "7D", "7T", "5L", "5T"]}, pile=["7L"])
    groups = {c["text"]: c["group"] for c in s.legal_choices()}
    assert groups["draw"] == "Draw or pass" and groups["play 7D"] == "Single cards"
    assert groups["play 7L 7D 7T"] == "Pairs"
    s = scenario(hands={0: ["4L", "4D", "9D"]}, pile=["4T"])
    act(s, 0, "play 4L 4D")
    groups = {c["text"]: c["group"] for c in s.legal_choices()}
    assert (groups["name any"], groups["name L"], groups["name 7"], groups["name 7L"]) == (
        "Any card",
        "A suit",
        "A value",
        "A value and a suit",
    )


# ---------------------------------------------------------------- refusals
def test_a_refusal_names_its_rule_once() -> None:
    s = scenario(hands={0: ["7L", "5D"]}, pile=["5T"])
    with pytest.raises(IllegalActionError) as info:
        s.apply("pass")
    assert str(info.value) == "illegal action pass: you must draw or play before ending your turn [KS-3]"
    for text in ("play 3L 3D", "play 5D Outlaw", "play 5L 5L 5L"):
        with pytest.raises(IllegalActionError) as info:
            s.apply(text)
        assert str(info.value).count("KS-2") == 1, str(info.value)


@pytest.mark.parametrize(
    "bent",
    [
        KingshipAction(3, 10, 1, 2, 10**100_000),  # a pair with a huge suit code
        KingshipAction(2, 10**5000),
        KingshipAction(8, 8, 3),  # a card verb that does not exist
        KingshipAction(99),
        KingshipAction(-1),
        KingshipAction(2, 5.0),  # type: ignore[arg-type]
        KingshipAction(2, 5, 1),  # a field beyond the action's own
    ],
)
def test_hand_built_actions_outside_the_action_space_are_refused(bent: KingshipAction) -> None:
    s = regalia.make("kingship", players=4, seed=1)
    before = s.snapshot()
    with pytest.raises(IllegalActionError) as info:
        s.apply(bent)
    assert len(str(info.value)) < 300 and "not an action of Kingship" in str(info.value)
    assert s.snapshot() == before


def test_every_action_id_round_trips_exactly() -> None:
    """``coerce_action`` accepts an action object only when its id reads back as an equal object:
    every id names an action whose id and text read back to it."""
    named = 0
    for i in range(NUM_ACTIONS):
        try:
            a = action_from_id(i)
        except IllegalActionError:
            continue
        named += 1
        assert action_id(a) == i and parse_act(str(a)) == a and action_from_id(action_id(a)) == a
    assert named > 1500

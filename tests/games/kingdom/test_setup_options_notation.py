"""Setup, options (each both ways), card and action notation, deck validation, hidden
information and the heuristic bot [rulebook "Starting the Game", KD-11, KD-13, KD-X7, KD-X9]."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import regalia
from regalia.bots import RandomBot, make_bot, play_game
from regalia.core import IllegalActionError
from regalia.games.kingdom.actions import KingdomAction
from regalia.games.kingdom.cards import NAME, parse_card

from .conftest import Deal, build_deck, hand, legal, run


def test_rulebook_one_deck_per_four_players_decks_option() -> None:
    game = regalia.get_game("kingdom")
    for players, decks in ((2, 1), (4, 1), (5, 2), (8, 2), (9, 3), (12, 3), (13, 4), (24, 6)):
        st = regalia.make("kingdom", players=players, seed=1)
        assert st.decks == decks
        cards = game.all_cards(players, st.config)
        assert len(cards) == 54 * decks and Counter(cards)["Joker"] == 2 * decks
    st = regalia.make("kingdom", players=2, seed=1, decks=2)
    assert st.decks == 2 and len(st.deck) == 108 - 15
    with pytest.raises(ValueError, match="decks"):
        regalia.make("kingdom", players=5, seed=1, decks=1)
    with pytest.raises(ValueError, match="players"):
        regalia.make("kingdom", players=1, seed=1)
    with pytest.raises(ValueError, match="players: Kingdom takes 2-24 players, not 25"):
        regalia.make("kingdom", players=25, seed=1)  # six decks at most [KD-X14]
    with pytest.raises(ValueError, match="decks"):
        regalia.make("kingdom", players=13, seed=1, decks=3)


def test_rulebook_territories_option_both_ways() -> None:
    assert regalia.make("kingdom", players=3, seed=1).territories == [20, 20, 20]
    assert regalia.make("kingdom", players=3, seed=1, territories=7).territories == [7, 7, 7]
    with pytest.raises(ValueError, match="territories"):
        regalia.make("kingdom", players=3, seed=1, territories=0)


def test_kd_13_max_turns_option_default_none() -> None:
    game = regalia.get_game("kingdom")
    opts = {o["name"]: o for o in game.options()}
    assert opts["max_turns"]["default"] is None and opts["max_turns"]["ruling"] == "KD-13"
    assert opts["decks"]["default"] is None and opts["territories"]["default"] == 20
    ids = {r.id for r in game.rulings}
    assert {f"KD-{i}" for i in range(1, 14)} <= ids


def test_notation_cards_and_copies() -> None:
    assert [NAME[parse_card(t, 1) or 0] for t in ("10H", "qs", "AC", "Joker", "joker")] == [
        "10H",
        "QS",
        "AC",
        "Joker",
        "Joker",
    ]
    assert parse_card("QS#2", 1) is None and NAME[parse_card("QS#2", 2) or 0] == "QS#2"
    assert parse_card("QS#1", 2) == parse_card("QS", 2)
    assert parse_card("1H", 1) is None and parse_card("11S", 1) is None
    st = regalia.make("kingdom", players=5, seed=4)
    names = regalia.get_game("kingdom").all_cards(5, st.config)
    assert "QS#2" in names and "10H#2" in names and "QS#3" not in names


def test_action_texts_parse_and_round_trip() -> None:
    st = regalia.make("kingdom", players=4, seed=2)
    texts = [
        "end",
        "pass",
        "done",
        "play KS",
        "bring 5H with QH",
        "change KS to H using QS",
        "attack P2",
        "attacker 7S",
        "block 7S with 9C",
        "assign 3 to 5C",
        "discard 5H",
        "assassin AS using KS",
        "target 9D",
        "counter AD using QD",
        "joker pick",
        "take 5H",
        "take deck",
        "joker spy P2",
        "joker expose P3",
        "joker recruit 9D",
        "discard Joker",
        "take Joker",
    ]
    for t in texts:
        a = st.parse_action(t)
        assert str(a) == t
        assert st.action_from_id(st.action_id(a)) == a
    assert str(st.parse_action("  PLAY ks ")) == "play KS"
    for bad in (
        "play 5H",
        "bring KS with QS",
        "attack P4",
        "assassin 5S using KS",
        "assign 12 to 5C",
        "block Joker with 5S",
        "change KS to X using QS",
        "fly",
        "joker dance",
    ):
        with pytest.raises(IllegalActionError):
            st.parse_action(bad)
    ids = {st.action_id(st.action_from_id(i)) for i in range(st.num_actions)}
    assert ids == set(range(st.num_actions))


def test_kd_x9_deck_validation_names_the_field() -> None:
    with pytest.raises(ValueError, match=r"deck: unknown card 'X9q'"):
        regalia.make("kingdom", players=2, seed=1, deck=["X9q"])
    with pytest.raises(ValueError, match=r"deck: card 'QS' appears more than 1"):
        regalia.make("kingdom", players=2, seed=1, deck=["QS", "QS"])
    with pytest.raises(ValueError, match=r"deck: 55 cards, expected at most 54"):
        regalia.make("kingdom", players=2, seed=1, deck=["2S"] * 55)
    with pytest.raises(ValueError, match="deck: unknown card 'QS#2'"):
        regalia.make("kingdom", players=2, seed=1, deck=["QS#2"])


def test_kd_x9_partial_deck_rest_seeded_and_seat_zero_first() -> None:
    deck = build_deck(["KS QS QH 7H 5S 8D 9D", "QC 9C 7C 2D 3D 4D 5D"], "6S")
    a = regalia.make("kingdom", players=2, seed=5, deck=deck)
    b = regalia.make("kingdom", players=2, seed=5, deck=deck)
    c = regalia.make("kingdom", players=2, seed=6, deck=deck)
    assert a.current_player == 0 and a.snapshot() == b.snapshot()
    assert a.deck != c.deck  # the cards left out follow in seeded random order
    assert Counter(a.zones()["deck"] + a.zones()["hand:0"] + a.zones()["hand:1"]) == Counter(
        regalia.get_game("kingdom").all_cards(2, a.config)
    )
    full = [NAME[x] for x in reversed(a.deck)]
    whole = regalia.make("kingdom", players=2, seed=9, deck=deck[:15] + full)
    assert whole.deck == a.deck


def test_kd_11_empty_deck_reshuffles_the_discard_pile(deal: Deal) -> None:
    st = deal(["2S 3S 4S 5S 6S 7S 8S", "2D 3D 4D 5D 6D 7D 8D"], draws="9S 9D")
    run(st, "end", "discard 9S")
    data = json.loads(json.dumps(st.snapshot()))
    data["state"]["discard"] = data["state"]["discard"] + data["state"]["deck"]
    data["state"]["deck"] = []
    st2 = regalia.from_snapshot(data, check_history=False)
    pile = len(st2.discard)
    events = st2.apply("end")  # P1 ends with 8 cards: discards, then P0 draws from the reshuffled pile
    events += st2.apply("discard 9D")
    assert any(e.kind == "reshuffle" for e in events)
    assert len(st2.deck) == pile + 1 - 1 and st2.discard == []
    assert len(st2.hands[0]) == 8


def test_kd_x7_view_shows_only_what_the_seat_may_know(deal: Deal) -> None:
    st = deal(["QH 7H 2S 3S 4S 5S 6S", "QC 9C 2D 3D 4D 5D 6D"], draws="2H 3H")
    v0, v1, vs = st.view(0), st.view(1), st.view(None)
    assert sorted(v0["hand"]) == hand(st, 0) and sorted(v1["hand"]) == hand(st, 1)
    assert vs["hand"] is None
    dump = json.dumps(v1)
    assert "QH" not in dump and "7H" not in dump  # P0's hand is not in P1's view
    assert v1["kingdoms"][0]["hand_size"] == 8 and v1["kingdoms"][0]["known_hand"] == []
    rng = random.Random(0)
    det = st.determinize(1, rng)
    assert det.view(1) == v1 and det.hands[1] == st.hands[1]
    assert Counter(det.hands[0] + det.deck) == Counter(st.hands[0] + st.deck)
    text = regalia.get_game("kingdom").render_text(v0)
    assert "your hand: " in text and "P0: 20 territories" in text


def test_kd_x7_determinize_keeps_the_responders_ability(deal: Deal) -> None:
    st = deal(["QH 7H 2S 3S 4S 5S 6S", "QC Joker 2D 3D 4D 5D 6D"], draws="2H 3H")
    run(st, "play QH")
    assert st.current_player == 1
    for i in range(10):
        det = st.determinize(0, random.Random(i))
        assert det.current_player == 1 and det.can_respond(1)


def test_render_text_shows_combat_and_preoccupied(deal: Deal) -> None:
    st = deal(["QH 7H 8H KH 2S 3S 4S", "QC 9C 7C 3C 6C KC 2D"], draws="5S 5D 6S 6D")
    run(st, "play QH", "bring 7H with QH", "end", "play QC", "bring 9C with QC", "end")
    run(st, "attack P1", "attacker 7H", "done", "block 7H with 9C")
    text = regalia.get_game("kingdom").render_text(st.view(1))
    assert "combat: P0 attacks P1" in text and "7H blocked by 9C" in text and "QC*" in text
    assert text.endswith("  " + st.prompt(1)) and "P0 attacks you with 7H" in text


def test_explain_illegal_reason_and_state_unchanged(deal: Deal) -> None:
    st = deal(["QH 7H 2S 3S 4S 5S 6S", "QC 9C 2D 3D 4D 5D 6D"], draws="2H 3H")
    before = st.snapshot()
    for text, rule in (
        ("pass", "KD-X2"),
        ("done", "KD-4"),
        ("attack P1", "KD-4"),
        ("bring 7H with QH", "KD-1"),
        ("joker spy P1", "KD-9"),
        ("take deck", "KD-9"),
        ("discard 2S", "KD-1"),
    ):
        with pytest.raises(IllegalActionError) as info:
            st.apply(text)
        assert info.value.rule == rule and info.value.reason
        assert st.snapshot() == before
    assert "play QH" in legal(st) and isinstance(st.parse_action("play QH"), KingdomAction)


def test_heuristic_bot_beats_random() -> None:
    wins = 0
    games = 40
    for g in range(games):
        seat = g % 4
        bots = [RandomBot() for _ in range(4)]
        bots[seat] = make_bot("heuristic", "kingdom")
        st = regalia.make("kingdom", players=4, seed=500 + g, max_turns=40)
        result = play_game(st, bots, rng=random.Random(g))
        wins += result.winners == (seat,)
    assert wins >= 20  # parity is 10 of 40


@pytest.mark.parametrize(("players", "decks", "size"), [(13, 4, 65_326), (24, 6, 144_271)])
def test_kd_x14_more_than_twelve_players_with_more_decks(players: int, decks: int, size: int) -> None:
    """The rulebook: 'increase the number of players simply by adding more decks'. A 13- and a
    24-player game play to the end; the action space stays in the tens of thousands of ids (it
    grows with the square of the decks: blocks are pairs of cards), and the learning encoder
    still builds a fixed-size tensor from every seat's view."""
    game = regalia.get_game("kingdom")
    config = game.make_config(max_turns=2 * players, territories=6)
    assert game.num_actions(players, config) == size
    st = regalia.make("kingdom", players=players, seed=4, max_turns=2 * players, territories=6)
    assert st.decks == decks and len(st.deck) == 54 * decks - 7 * players - 1
    rng = random.Random(4)
    while not st.is_terminal:
        st.apply(rng.choice(st.legal_actions()))
    assert st.turns >= players and all(0 <= a < size for a in [st.action_id(a) for a in st.history])
    np = pytest.importorskip("numpy")
    from regalia.rl.encoders import get_encoder

    enc = get_encoder("kingdom", players, config)
    tensors = [enc.encode(st.view(s), s) for s in (0, players - 1, None)]
    assert all(t.shape == (enc.size,) and np.isfinite(t).all() for t in tensors)

"""Protocol-level checks particular to Blood & Fortune: knowledge soundness (BF-2), records with
deck= and table talk (BF-3), the rendering, and the heuristic bot."""

from __future__ import annotations

import json
import random
from itertools import chain

import pytest

import regalia
from regalia.bots import make_bot, play_game
from regalia.games.blood_and_fortune.knowledge import candidate_holders, current_holders

from .scenario import GAME, new


@pytest.mark.parametrize("options", [{}, {"roles": True, "special_actions": True}])
def test_bf_2_knowledge_is_sound_and_views_survive_determinize(options: dict[str, bool]) -> None:
    for seed in range(6):
        state = regalia.make(GAME, players=4 + seed % 3, seed=seed, **options)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal and steps < 200:
            where = current_holders(state)
            for seat in range(state.num_players):
                cand = candidate_holders(state, seat)
                for card, holder in where.items():
                    assert holder in cand[card], (seed, steps, seat, card)
                if steps % 7 == 0:
                    det = state.determinize(seat, rng)
                    assert det.view(seat) == state.view(seat)
            state.apply(rng.choice(state.legal_actions()))
            steps += 1


def test_bf_3_table_talk_kept_in_the_record_and_replay_with_deck() -> None:
    state = new(3, extra=("S2", "S5", "S7", "R4"), roles=True, special_actions=True)
    assert "R4" in state.view(0)["roles"]["draft"]["dealt"]  # the deck fixes the top of the role deck
    state.apply("place R4")
    state.add_table_talk(1, "I will give you a double, promise")
    rng = random.Random(0)
    for _ in range(10):
        state.apply(rng.choice(state.legal_actions()))
    record = json.loads(json.dumps(state.record()))
    assert record["deck"] == ["H1", "H2", "H3", "S2", "S5", "S7", "R4"]
    assert record["table_talk"][0]["text"] == "I will give you a double, promise"
    again = regalia.replay(record)
    assert again.snapshot() == state.snapshot()


def test_bf_render_text_shows_hand_area_offers_and_last_round() -> None:
    state = new(3)
    game = regalia.get_game(GAME)
    state.apply("offer H1s1 H1d1 to P1")
    text = game.render_text(state.view(1))
    assert "Your hand: H2d1 H2d2 H2s1 H2s2 H2s3" in text
    assert "Offer on the table: P0 → P1: H1s1 and H1d1" in text
    assert "H1d1" not in game.render_text(state.view(2))
    rng = random.Random(1)
    while state.view(None)["last_round"] is None:
        state.apply(rng.choice(state.legal_actions()))
    text = game.render_text(state.view(0))
    assert "Round 1 reveal" in text and "wins round 1" in text


def test_bf_heuristic_bot_plays_legal_moves_from_its_view_only() -> None:
    for options in ({}, {"roles": True, "special_actions": True}):
        state = regalia.make(GAME, players=4, seed=3, **options)
        bots = [make_bot("heuristic", GAME)] + [make_bot("random", GAME) for _ in range(3)]
        result = play_game(state, bots, rng=random.Random(0))
        assert result.state.is_terminal and not result.truncated


def test_bf_heuristic_bot_beats_random() -> None:
    wins = 0
    games = 60
    for g in range(games):
        seat = g % 4
        bots = [make_bot("heuristic" if s == seat else "random", GAME) for s in range(4)]
        result = play_game(regalia.make(GAME, players=4, seed=900 + g), bots, rng=random.Random(g))
        wins += seat in result.winners
    assert wins / games > 0.35  # parity is 0.25; measured about 0.5 over 600 games


def test_bf_render_text_every_seat_every_step() -> None:
    game = regalia.get_game(GAME)
    for options in ({}, {"roles": True, "special_actions": True}):
        state = regalia.make(GAME, players=5, seed=11, **options)
        rng = random.Random(11)
        while not state.is_terminal:
            for seat in (None, *range(5)):
                text = game.render_text(state.view(seat))
                assert text.startswith("Blood & Fortune")
            state.apply(rng.choice(state.legal_actions()))
        assert "Winner" in game.render_text(state.view(None)) or "nobody wins" in game.render_text(state.view(None))


def test_bf_determinize_of_a_determinized_state_keeps_public_facts() -> None:
    for seed in range(25):
        for options in ({}, {"roles": True, "special_actions": True}):
            state = regalia.make(GAME, players=4, seed=seed, **options)
            rng = random.Random(seed)
            for _ in range(rng.randrange(5, 60)):
                if state.is_terminal:
                    break
                state.apply(rng.choice(state.legal_actions()))
            for a in range(4):
                det = state.determinize(a, rng)
                for b in range(4):
                    det2 = det.determinize(b, rng)
                    assert det2.view(None) == state.view(None)
                    assert det2.view(b) == det.view(b)
                    assert sorted(chain.from_iterable(det2.zones().values())) == sorted(
                        chain.from_iterable(state.zones().values())
                    )


def test_bf_2_determinized_state_carries_nothing_hidden_from_the_seat() -> None:
    state = new(4, extra=("R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"), roles=True, special_actions=True)
    rng = random.Random(8)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    for seat in range(4):
        det = state.determinize(seat, rng)
        assert det.view(seat) == state.view(seat)
        # no move history, deck or seed from which the true deal could be rebuilt
        assert det.history == [] and det.initial_deck is None and det.seed != state.seed
        for p, r, _cards, kept, slot in det.offers_log:
            if seat not in (p, r) and slot >= 0:
                owner = next(q for q in range(4) if slot in det.slots[q])
                assert det.areas[owner][det.slots[owner].index(slot)] == kept  # consistent stand-in
        for q in range(4):
            if q != seat:
                assert det.peeks[q] == []
        # the copy plays on, and can itself be determinized for anyone
        det2 = det.determinize((seat + 1) % 4, rng)
        assert det2.view((seat + 1) % 4) == det.view((seat + 1) % 4)
        while not det.is_terminal:
            det.apply(rng.choice(det.legal_actions()))

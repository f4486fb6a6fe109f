"""Protocol of King's Family: notation, ids, views and hidden information, render, records, bots."""

from __future__ import annotations

import json
import random

import pytest
from tests.games.kings_family.helpers import build, texts

import regalia
from regalia.bots import InfoSet, make_bot, play_game
from regalia.core import IllegalActionError
from regalia.games.kings_family import actions as A
from regalia.games.kings_family.bot import KingsFamilySearchBot


def test_registered_as_a_one_player_game() -> None:
    g = regalia.get_game("kings-family")
    assert (g.min_players, g.max_players, g.default_players) == (1, 1, 1)
    assert {o["name"] for o in g.options()} == {"active_needs_both_sides", "marriage_optional", "deck_file", "undo"}
    ids = {r.id for r in g.rulings}
    for rid in (
        [f"KF-{i}" for i in range(1, 10)] + [f"KB-G{i}" for i in range(1, 8)] + [f"KB-T{i}" for i in range(1, 9)]
    ):
        assert rid in ids
    assert {"KB-M1", "KB-M5", "KB-E1", "KB-E5", "KF-X1", "KF-X11", "KF-X12"} <= ids
    assert set(g.bots()) == {"heuristic", "search"}


@pytest.mark.parametrize(
    "text",
    [
        "play R7f right of B7m",
        "play R7f left of R7m nomarry",
        "sibling R4m left",
        "assassinate B7m",
        "exile B7m",
        "connect B7m right of R5f",
        "connect B7m left of R5f nomarry",
        "enthrone B7m",
        "draw",
    ],
)
def test_action_text_and_id_round_trip(text: str) -> None:
    a = A.parse_action(text)
    assert str(a) == text
    assert A.action_from_id(A.action_id(a)) == a
    assert 0 <= A.action_id(a) < A.NUM_ACTIONS


def test_action_ids_are_distinct_over_the_whole_space() -> None:
    seen = set()
    for i in range(A.NUM_ACTIONS):
        try:
            a = A.action_from_id(i)
        except IllegalActionError:
            continue
        assert A.action_id(a) == i
        seen.add(a)
    assert len(seen) > 40_000


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "play",
        "play R7f up of B7m",
        "play Exile left of B7m",
        "play R7f left of R7f",
        "exile",
        "enthrone X9q",
        "kingsblood B7m",
        "announce",
        "fly",
    ],
)
def test_malformed_texts_are_refused_with_a_reason(bad: str) -> None:
    s = regalia.make("kings-family", players=1, seed=1)
    before = s.snapshot()
    with pytest.raises(IllegalActionError) as info:
        s.apply(bad)
    assert info.value.reason
    assert s.snapshot() == before


def test_kb_t1_illegal_plays_explained_with_the_rule() -> None:
    s = build(hand=["R7f", "A9m"], genealogy=[("B6m", 0, 0), ("M2m", 0, 4), ("A4f", 1, 5)])
    cases = {
        "play R7f left of B6m": "KB-T1",  # neither colour nor number
        "play A9m right of B6m": "KB-G2",  # the spot beyond is taken (M2m)
        "play M1m right of B6m": "KB-T1",  # not in hand
        "play A9m right of M2m": "KB-G3",  # M2m is covered
        "play A9m right of B9m": "KB-G3",  # not in the Genealogy
        "assassinate B6m": "KB-T1",  # no Assassination in hand
        "draw": "KF-2",
    }
    for text, rule in cases.items():
        with pytest.raises(IllegalActionError) as info:
            s.apply(text)
        assert info.value.rule == rule, text
    with pytest.raises(IllegalActionError, match="matches neither colour nor number"):
        s.apply("play R7f left of B6m")


def test_view_hides_the_hand_from_a_spectator_and_the_pile_order_from_everyone() -> None:
    s = regalia.make("kings-family", players=1, seed=5)
    mine = s.view(0)
    spect = s.view(None)
    assert mine["hand"] is not None and len(mine["hand"]) == 7
    assert spect["hand"] is None and spect["hand_size"] == 7
    blob = json.dumps(mine)
    assert all(
        f'"{c}"' not in blob
        for c in s.zones()["deck"]
        if c not in mine["hand"] and c not in json.dumps(mine["abilities"])
    )
    with pytest.raises(ValueError, match="seat"):
        s.view(1)


def test_determinize_reshuffles_only_the_draw_pile_and_depends_only_on_the_view() -> None:
    s = regalia.make("kings-family", players=1, seed=5)
    rng = random.Random(0)
    for _ in range(8):
        if s.is_terminal:
            break
        s.apply(rng.choice(s.legal_actions()))
    d = s.determinize(0, random.Random(1))
    assert d.view(0) == s.view(0)
    assert sorted(d.zones()["deck"]) == sorted(s.zones()["deck"])
    assert d.zones()["hand:0"] == s.zones()["hand:0"]
    twin = s.determinize(0, random.Random(99))
    a = s.determinize(0, random.Random(5)).snapshot()
    b = twin.determinize(0, random.Random(5)).snapshot()
    assert a == b
    with pytest.raises(ValueError):
        d.record()


def test_running_score_in_view_render_and_final_breakdown() -> None:
    s = build(hand=["M2f"], genealogy=[("M1m", 0, 0)], pile=["R4m"])
    g = s.game
    assert "score 1" in g.render_text(s.view(0))
    s.apply("play M2f right of M1m")
    final = g.render_text(s.view(None))
    assert "GAME OVER" in final and "= 2 points" in final
    assert "generations 2" in final
    assert s.view(None)["score_parts"]["score"] == 2


def test_record_replays_to_the_same_state() -> None:
    s = regalia.make("kings-family", players=1, seed=12)
    rng = random.Random(3)
    while not s.is_terminal:
        s.apply(rng.choice(s.legal_actions()))
    again = regalia.replay(json.loads(json.dumps(s.record())))
    assert again.snapshot() == s.snapshot()
    assert again.result() == s.result()


@pytest.mark.parametrize("bot", ["heuristic", "search:1"])
def test_bots_play_legal_games_to_the_end(bot: str) -> None:
    s = regalia.make("kings-family", players=1, seed=21)
    r = play_game(s, [make_bot(bot, "kings-family")], rng=random.Random(1))
    assert s.is_terminal and r.returns == [float(s.score())]


def test_search_bot_sets_last_estimate() -> None:
    s = build(hand=["M2f", "A1m", "M5m"], genealogy=[("M1m", 0, 0)])
    bot = KingsFamilySearchBot("2")
    a = bot.choose(InfoSet(s, 0, random.Random(0)))
    assert str(a) in texts(s)
    assert isinstance(bot.last_estimate, float)
    with pytest.raises(ValueError, match="search level"):
        KingsFamilySearchBot("lots")


def test_spectator_view_reveals_nothing_the_hand_would_tell() -> None:
    s = build(hand=["M2f", "R4f", "B4m", "A9m"], genealogy=[("M1m", 0, 0)], pile=["R4m", "A1m", "A2m"])
    s.apply("play M2f right of M1m")  # R4m born; the hand could start a sibling group
    assert s.view(0)["sibling"] is not None
    assert s.view(None)["sibling"] is None
    assert s.view(None)["decision"] == "play_or_draw" and s.view(0)["decision"] == "play"
    s.apply("sibling R4f right")
    assert s.view(None)["sibling"] == {"child": "R4m", "last": "R4f", "side": "right", "count": 1}
    assert s.view(None)["decision"] == "second_sibling"

"""Undo counted in a scored deal (KF-X12, issue 13), refusals after the end (KF-8, issue 14) and
loaded positions checked field by field (``_validate_restored``, issue 14)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import regalia
from regalia.core import IllegalActionError, undo_to
from regalia.games.kings_family.state import KingsFamilyState

GAME = regalia.get_game("kings-family")


def _play_to_end(state: Any, seed: int) -> Any:
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


# ----------------------------------------------------------------------------- KF-X12 undo
def test_kf_x12_undo_is_counted_by_default_in_the_record_the_result_and_the_final_score() -> None:
    s = regalia.make("kings-family", players=1, seed=4)
    assert s.config.undo == "counted" and s.undo_allowed()
    before = s.snapshot()
    s.apply(s.legal_actions()[0])
    s = undo_to(s, before)
    assert s.undos == 1 and s.history == []
    middle = s.snapshot()
    s.apply(s.legal_actions()[-1])
    s = undo_to(s, middle)
    assert s.undos == 2
    _play_to_end(s, 1)
    result = s.result()
    assert result is not None and result["undos"] == 2
    assert s.prompt(0).endswith("; 2 undos).")
    assert "2 undos taken (counted, KF-X12)" in GAME.render_text(s.view(0))
    assert s.view(0)["undos"] == 2 and s.view(None)["undos"] == 2
    again = regalia.replay(json.loads(json.dumps(s.record())))
    assert again.undos == 2 and again.result() == result


def test_kf_x12_a_game_without_undo_says_so() -> None:
    s = _play_to_end(regalia.make("kings-family", players=1, seed=4), 1)
    result = s.result()
    assert result is not None and "undos" not in result  # as in every game: none taken, none said
    assert s.prompt(0).endswith("; no undo).")
    assert "no undo taken" in GAME.render_text(s.view(0))


def test_kf_x12_undo_off_allows_no_undo() -> None:
    s = regalia.make("kings-family", players=1, seed=4, undo="off")
    assert not s.undo_allowed()
    before = s.snapshot()
    s.apply(s.legal_actions()[0])
    with pytest.raises(ValueError, match=r"^undo: "):
        undo_to(s, before)
    _play_to_end(s, 1)
    assert s.prompt(0).endswith("; undo off).")
    assert "undo off: no move was taken back" in GAME.render_text(s.view(0))
    assert s.record()["config"]["undo"] == "off"


def test_kf_x12_an_undo_does_not_redraw_the_unseen_cards() -> None:
    """Going back keeps the draw order (which is why an undo is counted, not hidden): the card
    seen after the undo is the one seen before it."""
    s = regalia.make("kings-family", players=1, seed=11)
    rng = random.Random(3)
    while s.decision_kind() != "draw":
        s.apply(rng.choice(s.legal_actions()))
    before = s.snapshot()
    seen = [e.data["cards"] for e in s.apply("draw") if e.visible_to is not None]
    back = undo_to(s, before)
    again = [e.data["cards"] for e in back.apply("draw") if e.visible_to is not None]
    assert seen == again and back.undos == 1


def test_kf_x12_the_undo_option_is_checked() -> None:
    with pytest.raises(ValueError, match="'undo'"):
        regalia.make("kings-family", players=1, seed=1, undo="sometimes")
    assert any(o["name"] == "undo" and o["ruling"] == "KF-X12" for o in GAME.options())
    assert "KF-X12" in {r.id for r in GAME.rulings}


def test_kf_x12_a_snapshot_with_undos_under_undo_off_is_refused() -> None:
    s = regalia.make("kings-family", players=1, seed=4, undo="off")
    snap = s.snapshot()
    snap["undos"] = 3
    with pytest.raises(ValueError, match=r"^state: undos: "):
        regalia.from_snapshot(snap)


# ----------------------------------------------------------------------------- KF-8: after the end
def test_kf_8_after_the_end_draw_is_refused_because_the_game_is_over() -> None:
    """Issue 14's reproduction: ``apply("draw")`` after the end raised ``IndexError``."""
    s = regalia.make("kings-family", players=1, seed=3)
    rng = random.Random(1)
    while not s.is_terminal:
        s.apply(rng.choice(s.legal_actions()))
    before = s.snapshot()
    for value in ("draw", s.history[-1], str(s.history[-1]), 0, "play R7f right of B7m"):
        with pytest.raises(IllegalActionError) as info:
            s.apply(value)
        assert info.value.reason == "the game is over"
    assert s.snapshot() == before


# ----------------------------------------------------------------------------- loaded positions
def _det_snapshot(seed: int = 5, moves: int = 6) -> dict[str, Any]:
    """A determinized state's snapshot (no history: only the game's own checks guard it)."""
    s = regalia.make("kings-family", players=1, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if s.is_terminal:
            break
        s.apply(rng.choice(s.legal_actions()))
    return s.determinize(0, random.Random(1)).snapshot()


def test_every_saved_position_of_random_games_loads_again() -> None:
    for seed in range(12):
        s = regalia.make("kings-family", players=1, seed=seed, active_needs_both_sides=seed % 2 == 1)
        rng = random.Random(seed)
        while True:
            for snap in (s.snapshot(), s.determinize(0, random.Random(seed)).snapshot()):
                assert regalia.from_snapshot(snap).snapshot() == snap
            if s.is_terminal:
                break
            s.apply(rng.choice(s.legal_actions()))


def _tampered(change: Any) -> dict[str, Any]:
    snap = copy.deepcopy(_det_snapshot())
    change(snap["state"])
    return snap


def _swap_hand(st: dict[str, Any]) -> None:
    st["hand"] = st["hand"][::-1]


def _shift_card(st: dict[str, Any]) -> None:
    st["genealogy"][0][2] += 1


def _close_drawing(st: dict[str, Any]) -> None:
    st["closed"] = True


def _bad_reason(st: dict[str, Any]) -> None:
    st["end_reason"] = "\x1b[2J you win"


def _end_early(st: dict[str, Any]) -> None:
    st["over"] = True
    st["end_reason"] = "the hand is empty [KF-8]"


def _empty_hand(st: dict[str, Any]) -> None:
    st["discard"] += st["hand"]
    st["hand"] = []


def _character_pending(st: dict[str, Any]) -> None:
    st["pending_event"] = st["hand"][0]
    st["hand"] = st["hand"][1:]


def _string_card(st: dict[str, Any]) -> None:
    st["pile"][0] = str(st["pile"][0])


def _negative_card(st: dict[str, Any]) -> None:
    st["pile"][0] = st["pile"][0] - 77


def _sibling_of_nothing(st: dict[str, Any]) -> None:
    st["sibling"] = [st["genealogy"][0][0], st["genealogy"][0][0], 1, 2]


def _stray_marriage(st: dict[str, Any]) -> None:
    st["marriage"] = [st["genealogy"][0][0], st["genealogy"][0][0]]


def _attach_a_character(st: dict[str, Any]) -> None:
    card = st["hand"].pop()
    st["genealogy"][0][3].append(card)


def _far_away(st: dict[str, Any]) -> None:
    st["genealogy"][0][2] = 10**6


def _boolean_exhaustions(st: dict[str, Any]) -> None:
    st["exhaustions"] = True


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (_swap_hand, "state.hand"),
        (_shift_card, "state.genealogy[0]"),
        (_close_drawing, "state.closed"),
        (_bad_reason, "state.end_reason"),
        (_end_early, "state.over"),
        (_empty_hand, "state.over"),
        (_character_pending, "state.pending_event"),
        (_string_card, "state.pile[0]"),
        (_negative_card, "state.pile[0]"),
        (_sibling_of_nothing, "state.sibling"),
        (_stray_marriage, "state.marriage"),
        (_attach_a_character, "state.genealogy[0][3]"),
        (_far_away, "state.genealogy[0][2]"),
        (_boolean_exhaustions, "state.exhaustions"),
    ],
    ids=lambda v: getattr(v, "__name__", str(v)),
)
def test_a_tampered_determinized_snapshot_is_refused_naming_the_field(change: Any, field: str) -> None:
    snap = _tampered(change)
    assert snap["determinized"] is True and snap["history"] == []
    with pytest.raises(ValueError) as info:
        regalia.from_snapshot(snap)
    assert str(info.value).startswith(field + ":"), str(info.value)


def test_kb_m3_the_marriage_of_a_pending_event_is_saved_and_checked() -> None:
    found = None
    for seed in range(200):
        s = regalia.make("kings-family", players=1, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal and s.decision_kind() != "drawn_event":
            s.apply(rng.choice(s.legal_actions()))
        if s.decision_kind() == "drawn_event":
            found = s
            break
    assert isinstance(found, KingsFamilyState) and found.marriage is not None
    snap = found.snapshot()
    a, b = found.marriage
    assert snap["state"]["marriage"] == [a, b]
    assert regalia.from_snapshot(snap).marriage == (a, b)
    old = copy.deepcopy(snap)
    del old["state"]["marriage"]  # saved before regalia kept it: read from the last move
    assert regalia.from_snapshot(old).snapshot() == snap
    det = found.determinize(0, random.Random(2)).snapshot()
    det["state"]["marriage"] = [b, b]
    with pytest.raises(ValueError, match=r"^state\.marriage: "):
        regalia.from_snapshot(det)

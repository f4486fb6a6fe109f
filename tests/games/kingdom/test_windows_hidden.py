"""KD-X2: out-of-turn windows are decisions of the seat that can act, invisible to the others."""

from __future__ import annotations

import random

import regalia


def test_kd_x2_response_and_counter_windows_are_invisible_to_other_seats() -> None:
    seen = {"respond": 0, "counter": 0}
    for seed in range(60):
        state = regalia.make("kingdom", players=4, seed=seed, max_turns=40)
        rng = random.Random(seed)
        while not state.is_terminal:
            decider = state.current_player
            kind = state.view(decider)["decision"]
            if kind in seen:
                seen[kind] += 1
                assert state.view(decider)["to_act"] == decider
                for other in [*range(4), None]:
                    if other == decider:
                        continue
                    view = state.view(other)
                    assert view["decision"] not in ("respond", "counter")
                    assert view["window"] is None
                    assert view["to_act"] != decider or decider in (state.active, state.defender)
            state.apply(rng.choice(state.legal_actions()))
    assert seen["respond"] > 0 and seen["counter"] > 0


def test_kd_x2_a_pass_in_a_window_is_seen_only_by_the_seat_that_passed() -> None:
    passes = 0
    for seed in range(40):
        state = regalia.make("kingdom", players=4, seed=seed, max_turns=40)
        rng = random.Random(seed)
        while not state.is_terminal:
            decider = state.current_player
            in_window = state.view(decider)["decision"] in ("respond", "counter")
            action = rng.choice(state.legal_actions())
            events = state.apply(action)
            if in_window and str(action) == "pass":
                passes += 1
                for other in [*range(4), None]:
                    if other != decider:  # (the game moving on after the window is public, as it should be)
                        seen = [e for e in state.events_for(events, other) if e.seat == decider]
                        assert seen == [], "a window pass leaked to another seat"
                assert any(e.kind == "pass" for e in state.events_for(events, decider))
    assert passes > 0

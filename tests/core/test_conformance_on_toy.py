"""The conformance checks themselves, run on the test game (they must pass on a correct game)."""

from __future__ import annotations

from tests.conformance import test_conformance as conf
from tests.conformance import test_hardening as hard
from tests.conformance import test_readable as readable


def test_conformance_checks_pass_on_the_toy_game(toy: str) -> None:
    for players in (2, 3, 4):
        conf.test_random_playouts_keep_invariants(toy, players, {}, 20)
        conf.test_replay_and_snapshot_roundtrip(toy, players, {}, 1)
        conf.test_clone_is_independent(toy, players, {}, 1)
        conf.test_clone_shares_no_random_generator(toy, players, {}, 1)
        conf.test_illegal_actions_rejected_state_unchanged(toy, players, {}, 1)
        conf.test_view_unchanged_by_determinize(toy, players, {"mode": "low"}, 1)
        conf.test_determinize_depends_only_on_the_view(toy, players, {}, 1)
        hard.test_apply_refuses_every_malformed_input(toy, players, {}, 1)
        hard.test_a_finished_game_refuses_everything_because_it_is_over(toy, players, {}, 1)
        hard.test_every_seats_determinization_is_alive(toy, players, {}, 1)
        hard.test_tampered_snapshots_are_refused_or_consistent(toy, players, {}, 1)
        readable.test_every_decision_has_a_prompt_and_every_action_a_label(toy, players, {}, 20)

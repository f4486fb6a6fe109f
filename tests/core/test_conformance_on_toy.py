"""The conformance checks themselves, run on the test game (they must pass on a correct game)."""

from __future__ import annotations

from tests.conformance import test_conformance as conf


def test_conformance_checks_pass_on_the_toy_game(toy: str) -> None:
    for players in (2, 3, 4):
        conf.test_random_playouts_keep_invariants(toy, players, {}, 20)
        conf.test_replay_and_snapshot_roundtrip(toy, players, {}, 1)
        conf.test_clone_is_independent(toy, players, {}, 1)
        conf.test_clone_shares_no_random_generator(toy, players, {}, 1)
        conf.test_illegal_actions_rejected_state_unchanged(toy, players, {}, 1)
        conf.test_view_unchanged_by_determinize(toy, players, {"mode": "low"}, 1)
        conf.test_determinize_depends_only_on_the_view(toy, players, {}, 1)

"""SRV-2, measured from outside: the short version of ``benchmarks/leak_check.py``.

A real ``regalia serve`` plays Kingship and Kingdom tables of bots with a scripted person in seat
0, watched by a spectator; the moves stored tell which response periods really opened a hidden
window and whether an answer everyone sees was made in it. The periods in which a window was
opened and let go must not differ from those in which none was: the public step goes up by one,
no message arrives while a period runs, a move sent during a period is refused in the same words,
and the periods' lengths are compared with a two-sample Kolmogorov–Smirnov test (it fails only
below p = 1e-4). (The sizes of the frames that end the periods follow the public state, which
differs between the groups — windows open more often later in a game — so the benchmark reports
them but the test does not compare them.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from benchmarks.leak_check import analyse, play

from regalia.server.master import WAIT_REASON

from .conftest import ServeProcess


def test_srv2_a_spectator_and_a_person_cannot_tell_which_periods_opened_a_window(
    serve: Callable[..., ServeProcess], tmp_path: Path
) -> None:
    db = tmp_path / "leaks.db"
    server = serve(f"sqlite:///{db}", extra=["--bot-move-seconds", "0.03", "--settle-seconds", "0.1"])
    seen = asyncio.run(play(server.base, server.ws, db, seeds=[11, 12], person=True, think=0.05))
    figures = analyse(seen, db)
    passed, none, used = figures["passed"], figures["none"], figures["used"]
    assert figures["public_passes"] == 0, figures  # a declined window is never a public move (issue 33)
    assert passed["periods"] >= 5 and none["periods"] >= 20, figures
    # a window opened and let go looks like no window: the public step goes up by one, nothing
    # arrives during the period (nothing hidden is counted or sent as a move)
    for group in (none, passed):
        assert group["step_jumps"] == {1: group["periods"]}, figures
        assert group["messages_during"] == ["-"], figures
    # only an answer everyone sees (an Outlaw redirect, a Knight block, an Assassin) shows
    assert all(set(kinds.split(",")) <= {"-", "state"} for kinds in used["messages_during"]), figures
    assert figures["refusals"] == [WAIT_REASON], figures
    assert figures["length_ks_p"] > 1e-4, figures

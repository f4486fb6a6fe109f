"""SRV-2, measured from outside: the short version of ``benchmarks/leak_check.py``.

A real ``regalia serve`` plays Kingship and Kingdom tables of bots with a scripted person in seat
0, watched by a spectator; the moves stored tell which response periods really opened a hidden
window. The two groups of periods must not differ: the public step goes up by one when no
answer everyone sees was made, no message arrives while a period runs unless such an answer
was, a move sent during a period is refused in the same words, and the periods' lengths are
compared with a two-sample Kolmogorov–Smirnov test (it fails only below p = 1e-4).
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
    seen = asyncio.run(play(server.base, server.ws, db, tables=2, person=True, think=0.05, seed=11))
    figures = analyse(seen, db)
    window, none = figures["window"], figures["none"]
    assert window["periods"] >= 8 and none["periods"] >= 20, figures
    assert none["step_jumps"] == {1: none["periods"]}, figures  # nothing hidden counted as a move
    assert none["messages_during"] == ["-"], figures  # nothing arrives during a period
    # ... unless an answer everyone sees (an Outlaw redirect, a Knight block, an Assassin) was made
    assert all(set(kinds.split(",")) <= {"-", "state"} for kinds in window["messages_during"]), figures
    assert figures["refusals"] == [WAIT_REASON], figures
    assert figures["length_ks_p"] > 1e-4, figures

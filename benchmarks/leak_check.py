"""Hidden response windows, measured from outside (ruling SRV-2, docs/server.md).

Starts ``regalia serve`` (or uses ``--base``), plays Kingship and Kingdom tables whose seats are
bots — and, with ``--person``, a scripted person in seat 0 who answers everything after a fixed
think time and, 0.1 s into every response period in which it is not asked, sends a move that
must be refused — and watches each table as a spectator. Afterwards the moves stored in the
database tell, for every response period, whether a hidden window was really opened in it.
The periods in which a window was opened and let go are compared with those in which none was,
as an attacker would: the public step's jump at the end
of the period, the messages that arrive during it, how long it lasts (two-sample
Kolmogorov–Smirnov), the size of the frame that ends it, and the words of the refusal.

    python benchmarks/leak_check.py --tables 8 --json leak.json
    python benchmarks/leak_check.py --person --tables 4

A figure that differs between the groups is a leak; the p-value says how sure. The short
version runs in the tests (``tests/server/test_leaks.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from scipy.stats import ks_2samp
from websockets.asyncio.client import connect

import regalia
from regalia.server.live import is_hidden_decision

try:
    from benchmarks.serving import regalia_serve
except ImportError:  # run as a script from benchmarks/
    from serving import regalia_serve  # type: ignore[no-redef]

GAMES = {"kingship": 4, "kingdom": 3}


@dataclass
class Period:
    """One response period as the spectator saw it."""

    start: float
    end: float = 0.0
    kinds: list[str] = field(default_factory=list)
    step_before: int = 0
    step_after: int | None = None
    frame_bytes: int = 0


@dataclass
class Seen:
    """What the watchers of one table recorded."""

    table: str
    game: str
    players: int
    seed: int
    periods: list[Period] = field(default_factory=list)
    refusals: list[tuple[float, str]] = field(default_factory=list)


async def _spectate(ws_base: str, seen: Seen) -> None:
    async with connect(f"{ws_base}/ws/tables/{seen.table}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "spectator": True}))
        step = 0
        current: Period | None = None
        async for raw in ws:
            now = time.perf_counter()
            m = json.loads(raw)
            kind = m["type"]
            if kind == "response":
                if m["open"] and current is None:
                    current = Period(start=now, step_before=step)
                elif not m["open"] and current is not None:
                    current.end = now
                    seen.periods.append(current)
                    current = None
                continue
            if current is not None:
                current.kinds.append(kind)
            if kind == "state":
                if current is None and seen.periods and seen.periods[-1].step_after is None:
                    seen.periods[-1].step_after = m["step"]
                    seen.periods[-1].frame_bytes = len(raw)
                step = m["step"]
                if m["status"] == "over":
                    return


async def _person(ws_base: str, seen: Seen, token: str, think: float, rng: random.Random) -> None:
    """Seat 0: answers after ``think`` seconds; pokes the table 0.1 s into periods it is not asked in."""
    async with connect(f"{ws_base}/ws/tables/{seen.table}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        frame: dict[str, Any] | None = None
        poke: asyncio.Task[None] | None = None
        asked: list[int | None] = [None]  # the seat the period asks now, as last told

        async def bogus(step: int) -> None:
            await asyncio.sleep(0.1)
            if asked[0] != 0:  # not during its own turn, where "pass" may be a real answer
                await ws.send(json.dumps({"type": "act", "step": step, "action": "pass"}))

        async for raw in ws:
            m = json.loads(raw)
            if m["type"] == "state":
                frame = m
                if m["status"] == "over":
                    return
                if m["legal"]:
                    await asyncio.sleep(think)
                    choice = rng.choice(m["legal"])["text"]
                    await ws.send(
                        json.dumps({"type": "act", "step": m["step"], "decision": m["decision"], "action": choice})
                    )
            elif m["type"] == "response":
                asked[0] = m["seat"] if m["open"] else None
                if m["open"] and m["seat"] is None and frame is not None and (poke is None or poke.done()):
                    poke = asyncio.ensure_future(bogus(frame["step"]))
            elif m["type"] == "refused" and m["action"] == "pass" and m.get("rule") is not None:
                seen.refusals.append((time.perf_counter(), m["reason"]))


@dataclass(frozen=True)
class Truth:
    """What happened in one response period, read from the stored moves afterwards.

    Attributes:
        kind: ``none`` (no hidden window was opened), ``passed`` (one was, and every seat asked
            let it go: the period must look like ``none`` to everyone else) or ``used`` (a
            response was played, which everyone sees).
        turns: its number of turns (public: the same whoever holds what, ``State.response_turns``).
        context: the public context it began in — the game, the kind of decision the move that
            began it answered, and its number of turns: periods are compared within a context.
        public_passes: declines (``State.is_decline``) stored as public moves in it: each one a
            leak (issue 33), so always 0.
    """

    kind: str
    turns: int
    context: str
    public_passes: int = 0


def _truth(db: Path, seen: Seen) -> list[Truth]:
    """For each response period of the table, what happened in it (:class:`Truth`), judged by
    the rules from the stored moves — a declined window is ``passed`` whatever the server stored
    as public."""
    con = sqlite3.connect(db)
    try:
        rows = con.execute(
            "SELECT action, public FROM regalia_moves WHERE table_id = ? ORDER BY step", (seen.table,)
        ).fetchall()
    finally:
        con.close()
    state = regalia.make(seen.game, players=seen.players, seed=seen.seed)
    out: list[Truth] = []
    for action, public in rows:
        hidden = is_hidden_decision(state)
        declined = state.is_decline(state.parse_action(action))
        opening = state.decision_kind() or "over"
        state.apply(action)
        turns = len(state.response_turns())
        if public and not hidden and turns:  # a move at a decision everyone sees begins a period
            out.append(Truth("none", turns, f"{seen.game} {opening}"))
        elif hidden and out:  # an answer in a hidden window: part of the period under way, as
            # everyone sees it (a used answer that reaches turns begins the next period at once,
            # which a watcher sees as one period going on)
            last = out[-1]
            out[-1] = Truth(
                "used" if last.kind == "used" or not declined else "passed",
                last.turns + turns,
                last.context,
                last.public_passes + (1 if declined and public else 0),
            )
    return [Truth(t.kind, t.turns, f"{t.context} {t.turns}", t.public_passes) for t in out]


async def play(
    base: str,
    ws_base: str,
    db: Path,
    *,
    seeds: Sequence[int],
    person: bool,
    think: float,
    games: Sequence[str] = tuple(GAMES),
) -> list[Seen]:
    """Create a table of each of ``games`` for each seed, watch them to the end, return what was seen."""
    seen_all: list[Seen] = []
    jobs = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for game in games:
            players = GAMES[game]
            for s in seeds:
                seats = (["human"] if person else []) + ["bot:heuristic"] * (players - (1 if person else 0))
                r = await http.post("/api/tables", json={"game": game, "players": players, "seats": seats, "seed": s})
                r.raise_for_status()
                created = r.json()
                seen = Seen(created["table"], game, players, s)
                seen_all.append(seen)
                jobs.append(_spectate(ws_base, seen))
                if person:
                    jobs.append(_person(ws_base, seen, created["token"], think, random.Random(s)))
    await asyncio.gather(*jobs)
    return seen_all


def analyse(seen_all: list[Seen], db: Path) -> dict[str, Any]:
    """The periods by what happened in them (see :func:`_truth`), side by side: ``passed``
    against ``none`` is the leak test; ``used`` is public anyway (a block everyone sees)."""
    groups: dict[str, list[Period]] = {"none": [], "passed": [], "used": []}
    by_turns: dict[tuple[str, int], list[float]] = {}
    sizes: dict[tuple[str, str], list[int]] = {}
    steps: dict[tuple[str, str], list[int]] = {}
    by_context: dict[tuple[str, str], list[Period]] = {}
    public_passes = 0
    for seen in seen_all:
        truth = _truth(db, seen)
        for period, t in zip(seen.periods, truth, strict=False):
            kind = t.kind
            groups[kind].append(period)
            by_turns.setdefault((kind, t.turns), []).append(period.end - period.start)
            sizes.setdefault((seen.game, kind), []).append(period.frame_bytes)
            steps.setdefault((seen.game, kind), []).append(period.step_before)
            by_context.setdefault((t.context, kind), []).append(period)
            public_passes += t.public_passes

    def describe(ps: list[Period]) -> dict[str, Any]:
        lengths = [p.end - p.start for p in ps]
        jumps: dict[int, int] = {}
        for p in ps:
            jump = (p.step_after or p.step_before) - p.step_before
            jumps[jump] = jumps.get(jump, 0) + 1
        return {
            "periods": len(ps),
            "step_jumps": dict(sorted(jumps.items())),
            "messages_during": sorted({",".join(p.kinds) or "-" for p in ps}),
            "length_ms_median": round(1000 * statistics.median(lengths), 1) if lengths else None,
            "length_ms_p95": round(1000 * sorted(lengths)[int(0.95 * (len(lengths) - 1))], 1) if lengths else None,
            "end_frame_bytes_median": statistics.median([p.frame_bytes for p in ps]) if ps else None,
        }

    out: dict[str, Any] = {kind: describe(ps) for kind, ps in groups.items()}
    out["public_passes"] = public_passes
    # issue 33: within one public context (the game, the decision the opening move answered, the
    # number of turns), a period whose window was let go and one without a window must show the
    # same step jump and the same frames inside (a state frame inside a period tells)
    out["by_context"] = {
        context: {
            kind: {
                "periods": len(by_context[(context, kind)]),
                "step_jumps": _histogram(
                    (p.step_after or p.step_before) - p.step_before for p in by_context[(context, kind)]
                ),
                "frames_inside": _histogram(p.kinds.count("state") for p in by_context[(context, kind)]),
            }
            for kind in ("none", "passed")
            if (context, kind) in by_context
        }
        for context in sorted({c for c, k in by_context if k == "passed"})
    }
    # the length of a period follows its number of turns (public): compared at equal turns
    out["length_ms_median_by_turns"] = {
        f"{kind} {turns}": [len(v), round(1000 * statistics.median(v), 1)]
        for (kind, turns), v in sorted(by_turns.items())
    }
    common = [t for (k, t) in by_turns if k == "passed" and ("none", t) in by_turns]
    out["length_ks_p_by_turns"] = {
        t: float(ks_2samp(by_turns[("passed", t)], by_turns[("none", t)]).pvalue) for t in sorted(common)
    }
    a = [p.end - p.start for p in groups["passed"]]
    b = [p.end - p.start for p in groups["none"]]
    out["length_ks_p"] = float(ks_2samp(a, b).pvalue) if a and b else None
    # the size of the frame that ends a period follows the public state, which differs by game
    out["end_frame_bytes_median_by_game"] = {
        f"{g} {k}": [len(v), statistics.median(v)] for (g, k), v in sorted(sizes.items())
    }
    out["public_step_median_by_game"] = {f"{g} {k}": statistics.median(v) for (g, k), v in sorted(steps.items())}
    out["end_frame_bytes_ks_p_by_game"] = {
        g: float(ks_2samp(sizes[(g, "passed")], sizes[(g, "none")]).pvalue)
        for g in sorted({g for g, _ in sizes})
        if (g, "passed") in sizes and (g, "none") in sizes
    }
    # the words of the refusals, but those only a seat being asked gets about its own turn (a
    # poke that crossed the start of the person's own stage): they tell it nothing it did not know
    own = ("you have no response to make now", "answer your response window")
    out["refusals"] = sorted({r for seen in seen_all for _, r in seen.refusals if not r.startswith(own)})
    return out


def _histogram(values: Iterable[int]) -> dict[int, int]:
    """How many times each value occurs, by value."""
    return dict(sorted(Counter(values).items()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=8, help="tables of each game (Kingship, Kingdom)")
    ap.add_argument("--person", action="store_true", help="a scripted person in seat 0 (refusals checked)")
    ap.add_argument("--think", type=float, default=0.3, help="the person's think time (s)")
    ap.add_argument("--seed", type=int, default=1, help="the first table's seed (the others follow)")
    ap.add_argument("--seeds", type=str, help="the tables' seeds, comma-separated (instead of --seed and --tables)")
    ap.add_argument("--games", type=str, default=",".join(GAMES), help="the games played, comma-separated")
    ap.add_argument("--bot-move-seconds", type=float, default=0.05, help="passed to regalia serve")
    ap.add_argument("--settle-seconds", type=float, default=0.25, help="passed to regalia serve")
    ap.add_argument("--json", type=Path, help="write the figures here")
    args = ap.parse_args()
    seeds = [int(x) for x in args.seeds.split(",")] if args.seeds else list(range(args.seed, args.seed + args.tables))
    games = args.games.split(",")
    if unknown := set(games) - set(GAMES):
        ap.error(
            f"--games: {', '.join(sorted(unknown))} has no hidden response windows (choose from {', '.join(GAMES)})"
        )
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "leak.db"
        timing = ["--bot-move-seconds", str(args.bot_move_seconds), "--settle-seconds", str(args.settle_seconds)]
        with regalia_serve(str(db), *timing) as server:
            started = time.time()
            seen = asyncio.run(
                play(server.base, server.ws, db, seeds=seeds, person=args.person, think=args.think, games=games)
            )
            figures = analyse(seen, db)
            figures["seconds"] = round(time.time() - started, 1)
    print(json.dumps(figures, indent=2))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()

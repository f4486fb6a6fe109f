"""The pace of a table with one person and bots (ruling SRV-2's target, docs/server.md).

Starts ``regalia serve`` with its default timing (bots' moves shown 0.4 s after their decision,
response periods settling 0.25 s, 10 s to answer a response window), creates tables of one
scripted person and bots, and measures how long the person waits between their own decisions:
from the moment the server acknowledges one answer to the moment the next decision reaches them
(their own think time, ``--think``, is not counted). Two figures: every decision, a ``continue``
in a response period included, and only the decisions in which the rules asked something.

    python benchmarks/pace.py --game kingship --players 4 --tables 4
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

try:
    from benchmarks.serving import regalia_serve
except ImportError:  # run as a script from benchmarks/
    from serving import regalia_serve  # type: ignore[no-redef]


async def person(ws_base: str, table: str, token: str, think: float, rng: random.Random) -> list[tuple[float, bool]]:
    """Play seat 0 to the end; return each wait (seconds) and whether its decision was a real one."""
    waits: list[tuple[float, bool]] = []
    answered: float | None = None
    async with connect(f"{ws_base}/ws/tables/{table}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        async for raw in ws:
            m = json.loads(raw)
            if m["type"] == "accepted":
                answered = time.perf_counter()
            if m["type"] != "state":
                continue
            if m["status"] == "over":
                return waits
            if m["legal"]:
                texts = [c["text"] for c in m["legal"]]
                if answered is not None:
                    waits.append((time.perf_counter() - answered, texts != ["continue"]))
                    answered = None
                await asyncio.sleep(think)
                choice = rng.choice(texts)
                await ws.send(
                    json.dumps({"type": "act", "step": m["step"], "decision": m["decision"], "action": choice})
                )
    return waits


async def run(base: str, ws_base: str, args: argparse.Namespace) -> list[tuple[float, bool]]:
    jobs = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for i in range(args.tables):
            seats = ["human"] + [f"bot:{args.bot}"] * (args.players - 1)
            body: dict[str, Any] = {"game": args.game, "players": args.players, "seats": seats, "seed": args.seed + i}
            created = (await http.post("/api/tables", json=body)).json()
            jobs.append(person(ws_base, created["table"], created["token"], args.think, random.Random(args.seed + i)))
    waits: list[tuple[float, bool]] = []
    for got in await asyncio.gather(*jobs):
        waits.extend(got)
    return waits


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="kingship")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bot", default="heuristic", help="the bots' spec (the lobby's default: heuristic)")
    ap.add_argument("--tables", type=int, default=4, help="tables played at once, each to the end")
    ap.add_argument("--think", type=float, default=1.0, help="the person's think time per decision (s)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp, regalia_serve(str(Path(tmp) / "pace.db")) as server:
        waits = asyncio.run(run(server.base, server.ws, args))

    def figures(xs: list[float]) -> dict[str, Any]:
        xs = sorted(xs)
        return {
            "decisions": len(xs),
            "median_s": round(statistics.median(xs), 2),
            "p90_s": round(xs[int(0.9 * (len(xs) - 1))], 2),
            "max_s": round(xs[-1], 2),
        }

    out = {
        "game": args.game,
        "players": args.players,
        "bot": args.bot,
        "think_s": args.think,
        "every_decision": figures([w for w, _ in waits]),
        "real_decisions": figures([w for w, real in waits if real]),
    }
    print(json.dumps(out, indent=2))
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

"""Load on a real ``regalia serve``: N concurrent tables on loopback, every seat played through the
websocket protocol by a scripted client that picks a random legal choice (so every move takes
the full path: message, apply, commit, fan-out to every seat), plus one spectator per table.

Reports accepted moves/s, the latency from sending a move to the moment the last socket of the
table (every seat and the spectator) has the new step — p50/p95/max — and the server's memory
(RSS of the server process and of its bot workers).

    python benchmarks/server_load.py --tables 8 --seconds 20
    python benchmarks/server_load.py --tables 8 --server-bots    # every seat a server-side bot
    python benchmarks/server_load.py --db postgresql+psycopg://postgres@127.0.0.1:5432/bench

Needs the web extra. Traffic goes only to 127.0.0.1; every loop is bounded by --seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect


@dataclass
class TableRun:
    table: str
    players: int
    sent: dict[int, float] = field(default_factory=dict)  # public step answered -> time sent
    seen: dict[int, list[float]] = field(default_factory=dict)  # public step -> arrival per socket
    accepted: int = 0
    over: bool = False


def rss_kib(pid: int) -> int:
    """Resident memory of a process and its children (KiB)."""
    total = 0
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


async def socket_client(ws_url: str, run: TableRun, hello: dict[str, Any], rng: random.Random, until: float) -> None:
    async with connect(ws_url, max_size=2**22) as ws:
        await ws.send(json.dumps(hello))
        last = -1
        while time.monotonic() < until:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(until - time.monotonic(), 0.01))
            except TimeoutError:
                return
            m = json.loads(raw)
            if m["type"] == "accepted":
                run.accepted += 1
            if m["type"] != "state":
                continue
            now = time.monotonic()
            if m["step"] > last:
                for step in range(last + 1, m["step"] + 1):
                    run.seen.setdefault(step, []).append(now)
                last = m["step"]
            if m["status"] == "over":
                run.over = True
                return
            if m["legal"]:
                run.sent.setdefault(m["step"] + 1, time.monotonic())
                choice = rng.choice(m["legal"])["text"]
                await ws.send(
                    json.dumps({"type": "act", "step": m["step"], "decision": m["decision"], "action": choice})
                )


async def play(base: str, ws_base: str, args: argparse.Namespace) -> list[TableRun]:
    until = time.monotonic() + args.seconds
    runs: list[TableRun] = []
    tasks = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        for i in range(args.tables):
            seats = [f"bot:{args.bot}"] * args.players if args.server_bots else ["human"] * args.players
            body = {"game": args.game, "players": args.players, "seats": seats, "seed": i, "window_seconds": 0}
            r = await http.post("/api/tables", json=body)
            r.raise_for_status()
            created = r.json()
            run = TableRun(created["table"], args.players)
            runs.append(run)
            url = f"{ws_base}/ws/tables/{created['table']}"
            rng = random.Random(i)
            tokens = [created["token"]] if created["token"] else []
            for _ in range(args.players - 1 if not args.server_bots else 0):
                j = await http.post(f"/api/tables/{created['table']}/join", json={})
                tokens.append(j.json()["token"])
            for tok in tokens:
                tasks.append(
                    socket_client(url, run, {"type": "hello", "token": tok}, random.Random(rng.random()), until)
                )
            tasks.append(socket_client(url, run, {"type": "hello", "spectator": True}, rng, until))
        await asyncio.gather(*tasks)
    return runs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=8)
    ap.add_argument("--game", default="kingdom")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--server-bots", action="store_true", help="every seat a server-side bot (moves/s only)")
    ap.add_argument("--bot", default="random", help="the server-side bot with --server-bots")
    ap.add_argument("--bot-processes", type=int, default=1)
    ap.add_argument("--db", default=None, help="database URL (default: a SQLite file in a temporary directory)")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="regalia-bench-"))
    db = args.db or f"sqlite:///{tmp / 'bench.db'}"
    cmd = [sys.executable, "-c", "from regalia.cli.main import main; main()", "serve", "--port", "0", "--db", db]
    cmd += ["--bot-processes", str(args.bot_processes)]
    cmd += ["--tables-per-minute", "0", "--sockets-per-address", "0"]  # every client is this one address
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        port = int(line.split("http://127.0.0.1:", 1)[1].split("/", 1)[0])
        base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
        for _ in range(300):
            try:
                if httpx.get(f"{base}/api/health").status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        idle_rss = rss_kib(proc.pid)
        started = time.monotonic()
        runs = asyncio.run(play(base, ws_base, args))
        elapsed = time.monotonic() - started
        busy_rss = rss_kib(proc.pid)
        if args.server_bots:
            with httpx.Client(base_url=base) as http:
                moves = sum(http.get(f"/api/tables/{r.table}").json()["step"] for r in runs)
        else:
            moves = sum(r.accepted for r in runs)
        latencies = []
        for r in runs:
            sockets = r.players + 1
            for step, sent in r.sent.items():
                arrivals = r.seen.get(step, [])
                if len(arrivals) == sockets:
                    latencies.append((max(arrivals) - sent) * 1000)
        latencies.sort()
        out = {
            "tables": args.tables,
            "game": args.game,
            "players": args.players,
            "mode": "server bots" if args.server_bots else "every seat a websocket client",
            "database": db.split(":", 1)[0],
            "seconds": round(elapsed, 1),
            "games_finished": sum(r.over for r in runs),
            "accepted_moves": moves,
            "moves_per_second": round(moves / elapsed, 1),
            "latency_ms_p50": round(statistics.median(latencies), 1) if latencies else None,
            "latency_ms_p95": round(latencies[int(0.95 * (len(latencies) - 1))], 1) if latencies else None,
            "latency_ms_max": round(latencies[-1], 1) if latencies else None,
            "server_rss_mib_idle": round(idle_rss / 1024, 1),
            "server_rss_mib_loaded": round(busy_rss / 1024, 1),
        }
        print(json.dumps(out, indent=2))
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    main()

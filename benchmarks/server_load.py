"""Load on a real ``regalia serve`` by issue 22's method: N tables of 4 seats on loopback, every
seat a websocket client that sends a random legal choice as soon as it is asked (so every move
takes the full path: message, checks, apply, group commit, frames to every seat).

- throughput: moves whose resulting state reached all four seats, a second (a seat shown a later
  step has that move's state too);
- latency: from a seat sending its move to the last seat having the resulting state (p50/p95/p99);
- server CPU: the server process's user + system time from ``/proc`` over the measured window,
  in milliseconds per move; RSS at the end; the load average before and after;
- bytes a frame: the mean size of the whole ``state`` frames and of the ``delta`` frames the
  seats received (as the browser does, the clients ask for deltas and apply them with
  ``jsonpatch``; ``--no-deltas`` asks for whole frames only).

A table whose game ends is replaced by a new one, so every table plays the whole window. With
``--bgio`` the same method is run against boardgame.io 0.50.2 (``benchmarks/bgio/``: its
server in memory or with FlatFile, and Node clients; ``npm install`` there first) in the same run.
With ``--rounds N`` every configuration is measured N times, one round after another, and a
second table gives each one's median and range and its ratios to boardgame.io in memory and to
SQLite taken within each round: this machine's speed drifts by up to 2x within an hour, so a
ratio of two runs minutes apart says more than two runs' figures.

    python benchmarks/server_load.py --tables 1 10 50 --db sqlite postgresql --bgio memory flatfile
    python benchmarks/server_load.py --tables 10 --game kingship --players 4
    python benchmarks/server_load.py --tables 10 50 --db sqlite postgresql --bgio memory --rounds 3

Needs the web and postgres extras and jsonpatch (in the test extra); PostgreSQL runs in a
throwaway cluster (fsync on) made with the system's ``initdb``. Traffic goes only to 127.0.0.1; every loop is bounded by ``--seconds``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import glob
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import jsonpatch
import orjson
from websockets.asyncio.client import connect

HERE = Path(__file__).resolve().parent
TICK = os.sysconf("SC_CLK_TCK")


@dataclass
class Tally:
    """What the clients saw, over every table, in the measured window (``start`` to ``until``,
    monotonic seconds; it begins ``--warmup`` seconds after every table has its first frame)."""

    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    games: int = 0
    start: float = float("inf")
    until: float = float("inf")
    ready: int = 0
    frames: dict[str, list[int]] = field(default_factory=lambda: {"state": [0, 0], "delta": [0, 0]})
    """Frames received in the window, by type: [count, bytes]."""


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (seconds)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def pg_cluster() -> Iterator[str]:
    """A throwaway PostgreSQL cluster (fsync and synchronous_commit on, the defaults); its URL.
    As root, the cluster runs as the ``postgres`` user (``runuser``), as the tests' does."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True) or [shutil.which("initdb") or ""]
    bindir = Path(found[0]).parent
    pgdir, port = Path(tempfile.mkdtemp(prefix="regalia-load-pg-")), free_port()  # postgres must reach it
    prefix = []
    if os.geteuid() == 0:
        shutil.chown(pgdir, "postgres", "postgres")
        prefix = ["runuser", "-u", "postgres", "--"]
    data = pgdir / "data"

    def run(*cmd: str) -> None:
        subprocess.run([*prefix, *cmd], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    run(str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres")
    opts = f"-c listen_addresses=127.0.0.1 -p {port} -k {pgdir} -c max_connections=300"
    run(str(bindir / "pg_ctl"), "-D", str(data), "-l", str(pgdir / "log"), "-w", "-o", opts, "start")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        run(str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop")
        shutil.rmtree(pgdir, ignore_errors=True)


# ---------------------------------------------------------------------- regalia
async def seat_client(url: str, token: str, rng: random.Random, table: dict[str, Any], me: int, tally: Tally) -> None:
    """One seat: hello, then a random legal choice whenever asked; records when each public step
    reached this seat (``table['seen'][me]``: step -> first time a frame at or past it came)."""
    seen: dict[int, float] = table["seen"][me]
    async with connect(url, max_size=2**23, compression=table["compression"]) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "deltas": table["deltas"]}))
        top = -1
        document: dict[str, Any] = {}
        while time.monotonic() < tally.until:
            try:
                raw = await asyncio.wait_for(ws.recv(), min(tally.until - time.monotonic(), 600.0))
            except TimeoutError:
                return
            m = orjson.loads(raw)
            if m["type"] not in ("state", "delta"):
                continue
            now = time.monotonic()
            if tally.start <= now < tally.until:
                counted = tally.frames[m["type"]]
                counted[0] += 1
                counted[1] += len(raw.encode() if isinstance(raw, str) else raw)
            if m["type"] == "delta":  # the patch of the frame this socket was sent last
                m = jsonpatch.apply_patch(document, m["patch"], in_place=True)
            else:
                document = {k: v for k, v in m.items() if k not in ("type", "events", "full", "frame")}
            for s in range(top + 1, m["step"] + 1):
                seen[s] = now
            top = max(top, m["step"])
            if m["status"] == "over":
                table["over"] = True
                return
            if m["legal"]:
                table["sent"].setdefault(m["step"] + 1, now)
                act = {
                    "type": "act",
                    "step": m["step"],
                    "decision": m["decision"],
                    "action": rng.choice(m["legal"])["text"],
                }
                await ws.send(json.dumps(act))


async def table_loop(base: str, args: argparse.Namespace, i: int, tally: Tally) -> None:
    """Play tables one after another at one place until the window ends; count the moves sent in it."""
    rng = random.Random(i)
    first = True
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        while time.monotonic() < tally.until:
            body = {
                "game": args.game,
                "players": args.players,
                "seats": ["human"] * args.players,
                "seed": rng.randrange(10**9),
            }
            created = (await http.post("/api/tables", json=body)).json()
            tokens = [created["token"]]
            for _ in range(args.players - 1):
                tokens.append((await http.post(f"/api/tables/{created['table']}/join", json={})).json()["token"])
            url = base.replace("http", "ws") + f"/ws/tables/{created['table']}"
            table: dict[str, Any] = {"sent": {}, "seen": [{} for _ in tokens], "over": False}
            table["compression"] = "deflate" if args.client_deflate else None
            table["deltas"] = not args.no_deltas
            if first:
                tally.ready, first = tally.ready + 1, False
            await asyncio.gather(
                *(seat_client(url, t, random.Random(rng.random()), table, k, tally) for k, t in enumerate(tokens))
            )
            for step, sent in table["sent"].items():
                if not tally.start <= sent < tally.until or not all(step in s for s in table["seen"]):
                    continue
                tally.moves += 1
                tally.latencies.append((max(s[step] for s in table["seen"]) - sent) * 1000)
            tally.games += table["over"]


def serve(db: str, args: argparse.Namespace, tmp: Path) -> tuple[subprocess.Popen[str], str]:
    cmd = [sys.executable, "-c", "from regalia.cli.main import main; main()", "serve", "--port", "0", "--db", db]
    cmd += ["--bot-processes", "1", "--tables-per-minute", "0", "--sockets-per-address", "0"]
    cmd += args.serve_args
    with open(tmp / "serve.err", "a") as err:  # the child keeps its own copy of the file
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    base = "http://127.0.0.1:" + line.split("http://127.0.0.1:", 1)[1].split("/", 1)[0]
    for _ in range(300):
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{base}/api/health").status_code == 200:
                break
        time.sleep(0.1)
    return proc, base


def measure_regalia(db: str, tables: int, args: argparse.Namespace, tmp: Path) -> dict[str, Any]:
    proc, base = serve(db, args, tmp)
    try:
        tally = Tally()
        load = os.getloadavg()[0]

        async def go() -> float:
            task = asyncio.gather(*(table_loop(base, args, i, tally) for i in range(tables)))
            while tally.ready < tables:
                await asyncio.sleep(0.05)
            await asyncio.sleep(args.warmup)
            cpu = cpu_seconds(proc.pid)
            tally.start = time.monotonic()
            tally.until = tally.start + args.seconds
            await asyncio.sleep(args.seconds)
            cpu = cpu_seconds(proc.pid) - cpu
            await task
            return cpu

        cpu = asyncio.run(go())
        return summary(
            "regalia " + args.game,
            db.split(":", 1)[0].split("+")[0],
            tables,
            tally,
            args.seconds,
            cpu,
            rss_mib(proc.pid),
            load,
        )
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


# ---------------------------------------------------------------------- boardgame.io
def measure_bgio(storage: str, tables: int, args: argparse.Namespace, tmp: Path) -> dict[str, Any]:
    """boardgame.io 0.50.2 by the same method (``benchmarks/bgio/``): its server, then its load
    script's clients; the clients report moves and latencies as JSON."""
    port = free_port()
    env = {**os.environ, "PORT": str(port), "STORAGE": storage, "DATA_DIR": str(tmp / f"bgio-{tables}")}
    server = subprocess.Popen(
        ["node", str(HERE / "bgio" / "server.js")],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert server.stdout is not None
        server.stdout.readline()  # "listening"
        load = os.getloadavg()[0]
        client_env = {**env, "TABLES": str(tables), "WARMUP": str(args.warmup), "SECONDS": str(args.seconds)}
        client = subprocess.Popen(
            ["node", str(HERE / "bgio" / "load.js")], env=client_env, stdout=subprocess.PIPE, text=True
        )
        assert client.stdout is not None
        wait_for_line(client.stdout, "start")
        cpu = cpu_seconds(server.pid)
        wait_for_line(client.stdout, "end")
        cpu = cpu_seconds(server.pid) - cpu
        out = client.stdout.read()  # not communicate(): it would skip what readline buffered
        client.wait(timeout=120)
        got = json.loads(out.strip().splitlines()[-1])
        tally = Tally(moves=got["moves"], latencies=got["latencies"], games=got["games"])
        return summary("boardgame.io 0.50.2", storage, tables, tally, args.seconds, cpu, rss_mib(server.pid), load)
    finally:
        server.terminate()
        server.wait(timeout=20)


def wait_for_line(stream: Any, line: str) -> None:
    """Read ``stream`` up to a line ``line``.

    Raises:
        RuntimeError: the stream ended first (the load script failed).
    """
    while True:
        got = stream.readline()
        if not got:
            raise RuntimeError(f"boardgame.io's load script ended before printing {line!r}")
        if got.strip() == line:
            return


def summary(
    server: str, storage: str, tables: int, t: Tally, seconds: float, cpu: float, rss: float, load: float
) -> dict[str, Any]:
    lat = sorted(t.latencies)

    def pct(p: float) -> float | None:
        return round(lat[min(len(lat) - 1, int(p * len(lat)))], 1) if lat else None

    def mean(kind: str) -> int | None:
        count, size = t.frames[kind]
        return round(size / count) if count else None

    return {
        "server": server,
        "storage": storage,
        "tables": tables,
        "moves_per_s": round(t.moves / seconds, 1),
        "p50_ms": pct(0.5),
        "p95_ms": pct(0.95),
        "p99_ms": pct(0.99),
        "cpu_ms_per_move": round(1000 * cpu / t.moves, 2) if t.moves else None,
        "server_cpu_percent": round(100 * cpu / seconds),
        "rss_mib": round(rss, 1),
        "games_finished": t.games,
        "frames_whole": t.frames["state"][0],
        "bytes_per_whole_frame": mean("state"),
        "frames_delta": t.frames["delta"][0],
        "bytes_per_delta": mean("delta"),
        "load_before": round(load, 2),
        "load_after": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, nargs="+", default=[1, 10, 50])
    ap.add_argument("--db", nargs="*", default=["sqlite"], help="sqlite, postgresql, or database URLs")
    ap.add_argument("--bgio", nargs="*", default=[], help="boardgame.io storages to run beside: memory, flatfile")
    ap.add_argument("--game", default="kings-blood")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=15.0, help="the measured window")
    ap.add_argument("--warmup", type=float, default=3.0)
    ap.add_argument("--client-deflate", action="store_true", help="clients offer per-message deflate (browsers do)")
    ap.add_argument("--no-deltas", action="store_true", help="clients ask for whole frames only (no delta frames)")
    ap.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="measure every configuration this many times, one round after another (the machine's speed "
        "drifts): a second table gives each one's median and range, and its ratios to boardgame.io in "
        "memory and to SQLite taken within each round",
    )
    ap.add_argument("--serve-args", nargs=argparse.REMAINDER, default=[], help="more options for regalia serve")
    args = ap.parse_args()
    if args.rounds < 1:
        ap.error("--rounds: at least 1")
    tmp = Path(tempfile.mkdtemp(prefix="regalia-load-"))
    rows = []
    with contextlib.ExitStack() as stack:
        urls = {db: db for db in args.db}
        if "sqlite" in urls:
            urls["sqlite"] = f"sqlite:///{tmp / 'load.db'}"
        if "postgresql" in urls:
            urls["postgresql"] = stack.enter_context(pg_cluster())
        for round_no in range(args.rounds):
            for db in args.db:
                for n in args.tables:
                    for storage in args.bgio if db == args.db[0] else []:
                        rows.append({**measure_bgio(storage, n, args, tmp), "round": round_no})
                        print(json.dumps(rows[-1]), flush=True)
                    rows.append({**measure_regalia(urls[db], n, args, tmp), "round": round_no})
                    print(json.dumps(rows[-1]), flush=True)
    print_runs(rows)
    if args.rounds > 1:
        print_medians(rows)


def print_runs(rows: list[dict[str, Any]]) -> None:
    """Every run as a Markdown table row, in the order measured."""
    print(
        "| server | storage | tables | moves/s | p50 / p95 / p99 ms | server CPU ms/move | RSS MiB "
        "| bytes/frame whole / delta (deltas %) | load |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        frames = "—"
        total = r["frames_whole"] + r["frames_delta"]
        if total:
            share = round(100 * r["frames_delta"] / total)
            frames = f"{r['bytes_per_whole_frame']} / {r['bytes_per_delta']} ({share} %)"
        print(
            f"| {r['server']} | {r['storage']} | {r['tables']} | {r['moves_per_s']:,} | {r['p50_ms']} / {r['p95_ms']} / "
            f"{r['p99_ms']} | {r['cpu_ms_per_move']} | {r['rss_mib']} | {frames} | {r['load_before']}–{r['load_after']} |"
        )


def print_medians(rows: list[dict[str, Any]]) -> None:
    """Each configuration's median and range over the rounds, and its ratios — to boardgame.io in
    memory and, for another database, to SQLite — taken within each round (the two measured
    minutes apart, at one speed of the machine), then their median and range."""

    def key(r: dict[str, Any]) -> tuple[str, str, int]:
        return (r["server"], r["storage"], r["tables"])

    by_round = {(key(r), r["round"]): r for r in rows}
    rounds = sorted({r["round"] for r in rows})

    def spread(values: list[float], digits: int = 1) -> str:
        if not values:
            return "—"
        return f"{statistics.median(values):,.{digits}f} ({min(values):,.{digits}f}–{max(values):,.{digits}f})"

    def ratios(k: tuple[str, str, int], other: tuple[str, str, int]) -> list[float]:
        pairs = [(by_round.get((k, n)), by_round.get((other, n))) for n in rounds]
        return [r["moves_per_s"] / base["moves_per_s"] for r, base in pairs if r and base and base["moves_per_s"]]

    print()
    print(
        "| server | storage | tables | rounds | moves/s median (range) | p50 ms median (range) "
        "| server CPU ms/move median (range) | × boardgame.io in memory | × SQLite |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for k in dict.fromkeys(key(r) for r in rows):
        mine = [r for r in rows if key(r) == k]
        regalia = k[0].startswith("regalia")
        vs_bgio = ratios(k, ("boardgame.io 0.50.2", "memory", k[2])) if regalia else []
        vs_sqlite = ratios(k, (k[0], "sqlite", k[2])) if regalia and k[1] != "sqlite" else []
        print(
            f"| {k[0]} | {k[1]} | {k[2]} | {len(mine)} | {spread([r['moves_per_s'] for r in mine])} "
            f"| {spread([r['p50_ms'] for r in mine if r['p50_ms'] is not None])} "
            f"| {spread([r['cpu_ms_per_move'] for r in mine if r['cpu_ms_per_move'] is not None], 2)} "
            f"| {spread(vs_bgio, 2)} | {spread(vs_sqlite, 2)} |"
        )


if __name__ == "__main__":
    main()

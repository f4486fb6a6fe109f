"""Slow readers against a real ``regalia serve``: the server's memory while N spectators each send
``sync`` R times a second and never read what the server sends (issue 20, item 5).

A finished all-bot Kingship table of 8 seats (its whole event log is in every full frame) is
watched by N raw websockets (a small receive buffer, never read); each sends ``sync`` R times a
second, and connects again whenever the server closes it (as an attacker would). Reports the
server process's RSS idle (after one normal spectator read the table) and its peak and last
value under the load, the size of one full frame, how many times the readers were closed, and
the load average.

    python benchmarks/slow_readers.py --readers 40 --rate 19 --seconds 30

To measure another version of the server, run this script with that version first on
``PYTHONPATH`` (the server is started with this interpreter and environment). Traffic goes only
to 127.0.0.1; every loop is bounded by --seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.rawsocket import HandshakeRefused, RawSocket


def rss_mib(pid: int) -> float:
    """Resident memory of one process (MiB)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def finished_table(base: str) -> str:
    """A finished all-bot Kingship table of 8 seats (waits for its end)."""
    body = {"game": "kingship", "players": 8, "seats": ["bot:heuristic"] * 8, "seed": 20}
    table = str(httpx.post(f"{base}/api/tables", json=body, timeout=30).json()["table"])
    deadline = time.monotonic() + 300
    while httpx.get(f"{base}/api/tables/{table}", timeout=30).json()["status"] != "over":
        if time.monotonic() > deadline:
            raise RuntimeError("the bot table did not finish in 300 s")
        time.sleep(0.5)
    return table


def full_frame_bytes(port: int, table: str) -> int:
    """The size of a spectator's first (full) frame, read by a normal client."""
    with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}", max_size=2**24) as ws:
        ws.send(json.dumps({"type": "hello", "spectator": True}))
        while True:
            raw = ws.recv(timeout=30)
            if json.loads(raw)["type"] == "state":
                return len(raw.encode() if isinstance(raw, str) else raw)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--readers", type=int, default=40)
    ap.add_argument("--rate", type=float, default=19.0, help="syncs a second per reader")
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--serve-args", default="", help="extra options of regalia serve (one string)")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="regalia-slow-"))
    cmd = [sys.executable, "-c", "from regalia.cli.main import main; main()", "serve", "--port", "0"]
    cmd += ["--db", str(tmp / "bench.db"), *args.serve_args.split()]
    err = open(tmp / "serve.err", "w")  # noqa: SIM115 - open for the server's whole life
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, text=True, env=os.environ.copy())
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        port = int(line.split("http://127.0.0.1:", 1)[1].split("/", 1)[0])
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{base}/api/health", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise
            time.sleep(0.1)
        table = finished_table(base)
        frame = full_frame_bytes(port, table)
        time.sleep(1.0)
        idle = rss_mib(proc.pid)
        readers: list[RawSocket | None] = [None] * args.readers
        closed = refused = 0
        peak = idle
        start = time.monotonic()
        tick = 0
        while time.monotonic() - start < args.seconds:
            for i, r in enumerate(readers):
                if r is not None and not r.open:
                    r.close()
                    readers[i] = r = None
                    closed += 1
                if r is None:
                    try:
                        r = readers[i] = RawSocket(port, f"/ws/tables/{table}")
                        r.send_json({"type": "hello", "spectator": True})
                    except (HandshakeRefused, OSError):
                        refused += 1
                        continue
                r.send_json({"type": "sync"})
            tick += 1
            if tick % 5 == 0:
                peak = max(peak, rss_mib(proc.pid))
            time.sleep(max(0.0, start + tick / args.rate - time.monotonic()))
        last = rss_mib(proc.pid)
        peak = max(peak, last)
        load = os.getloadavg()
        for r in readers:
            if r is not None:
                r.close()
        print(
            json.dumps(
                {
                    "readers": args.readers,
                    "syncs_per_second_each": args.rate,
                    "seconds": args.seconds,
                    "full_frame_kib": round(frame / 1024, 1),
                    "server_rss_mib_idle": round(idle, 1),
                    "server_rss_mib_peak": round(peak, 1),
                    "server_rss_mib_last": round(last, 1),
                    "readers_closed_by_server": closed,
                    "connections_refused": refused,
                    "load_average": [round(x, 2) for x in load],
                },
                indent=1,
            )
        )
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        err.close()


if __name__ == "__main__":
    main()

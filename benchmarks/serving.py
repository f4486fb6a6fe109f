"""A real ``regalia serve`` for the benchmarks: started on a free loopback port, stopped after."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass

import httpx


@dataclass(frozen=True)
class Server:
    """A running server: its process and its HTTP and websocket base addresses."""

    proc: subprocess.Popen[str]
    base: str
    ws: str


@contextlib.contextmanager
def regalia_serve(db: str, *args: str) -> Iterator[Server]:
    """Run ``regalia serve --db DB --port 0 ARGS...`` until the block ends.

    Raises:
        RuntimeError: the server did not start (its first line had no address).
    """
    cmd = [sys.executable, "-m", "regalia.cli.main", "serve", "--port", "0", "--db", db, *args]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if "http://127.0.0.1:" not in line:
            raise RuntimeError(f"regalia serve did not start: {line!r}")
        port = int(line.split("http://127.0.0.1:", 1)[1].split("/", 1)[0])
        server = Server(proc, f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}")
        for _ in range(200):
            try:
                if httpx.get(f"{server.base}/api/health").status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield server
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)

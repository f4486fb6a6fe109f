"""The hardening that concerns the server process, against real ``regalia serve`` subprocesses
(issue 20, items 5 and 7): slow HTTP headers cut off, a socket from another site's page refused
at the handshake, the memory of 40 slow readers bounded, and a clean shutdown under load."""

from __future__ import annotations

import json
import os
import signal
import socket
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from .conftest import ServeProcess
from .rawsocket import HandshakeRefused, RawSocket

Serve = Callable[..., ServeProcess]


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def _finished_table(base: str, players: int = 8) -> str:
    body = {"game": "kingship", "players": players, "seats": ["bot:heuristic"] * players, "seed": 20}
    table = str(httpx.post(f"{base}/api/tables", json=body, timeout=30).json()["table"])
    deadline = time.monotonic() + 300
    while httpx.get(f"{base}/api/tables/{table}", timeout=30).json()["status"] != "over":
        assert time.monotonic() < deadline, "the bot table did not finish"
        time.sleep(0.3)
    return table


# ---------------------------------------------------------------------------- slowloris
def test_a_client_sending_its_headers_one_byte_a_second_is_cut_off(serve: Serve, tmp_path: Path) -> None:
    server = serve(f"sqlite:///{tmp_path / 'r.db'}", bot_processes=0, extra=["--header-timeout", "2"])
    request = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: " + b"s" * 40 + b"\r\n\r\n"
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as s:
        answer = b""
        sent = 0
        for byte in request:
            try:
                s.sendall(bytes([byte]))
            except OSError:
                break  # the server closed the connection
            sent += 1
            s.settimeout(1.0)
            try:
                chunk = s.recv(4096)
            except TimeoutError:
                continue
            answer += chunk
            if not chunk or answer.endswith(b"s\n"):
                break
    assert sent < len(request) // 2  # cut off long before the headers were complete
    assert answer.startswith(b"HTTP/1.1 408 ") and b"within 2 s" in answer
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as idle:  # connects, says nothing
        idle.settimeout(30)
        assert idle.recv(4096).startswith(b"HTTP/1.1 408 ")
    # a request sent at once is served, and the connection kept alive for the next one
    with httpx.Client(base_url=server.base, timeout=60) as c:
        assert c.get("/api/health").status_code == 200 and c.get("/api/games").status_code == 200


# ---------------------------------------------------------------------------- origin
def test_a_socket_from_another_sites_page_is_refused_at_the_handshake(serve: Serve, tmp_path: Path) -> None:
    server = serve(
        f"sqlite:///{tmp_path / 'r.db'}", bot_processes=0, extra=["--allowed-origin", "https://friends.example"]
    )
    t = httpx.post(f"{server.base}/api/tables", json={"game": "kingdom", "players": 2}, timeout=60).json()
    path = f"/ws/tables/{t['table']}"
    for origin in ("http://evil.example", "null", f"https://127.0.0.1:{server.port}", "http://localhost:1"):
        with pytest.raises(HandshakeRefused) as refused:
            RawSocket(server.port, path, origin=origin)
        assert refused.value.status == 403, origin
    for origin in (None, f"http://127.0.0.1:{server.port}", "https://friends.example"):
        sock = RawSocket(server.port, path, origin=origin)
        sock.send_json({"type": "hello", "token": t["token"]})
        time.sleep(0.3)
        assert b'"welcome"' in sock.read_available(), origin
        sock.close()
    # the way a program connects (no Origin) still plays
    with connect(f"{server.ws}{path}") as ws:
        ws.send(json.dumps({"type": "hello", "token": t["token"]}))
        assert json.loads(ws.recv(timeout=30))["type"] == "welcome"


# ---------------------------------------------------------------------------- memory
def test_forty_slow_readers_flooding_sync_keep_the_server_within_50_mib_of_idle(serve: Serve, tmp_path: Path) -> None:
    """40 spectators of a finished 8-seat Kingship table (a full frame is about 50 KB) each send
    ``sync`` about 19 times a second and never read; closed ones connect again. (The server of
    issue 20 grew by hundreds of MiB in a minute of this.)"""
    server = serve(f"sqlite:///{tmp_path / 'r.db'}", bot_processes=1)
    assert server.proc is not None
    table = _finished_table(server.base)
    with connect(f"{server.ws}/ws/tables/{table}", max_size=2**24) as ws:  # warm: one normal spectator
        ws.send(json.dumps({"type": "hello", "spectator": True}))
        while json.loads(ws.recv(timeout=30))["type"] != "state":
            pass
    time.sleep(1.0)
    idle = _rss_mib(server.proc.pid)
    readers: list[RawSocket | None] = [None] * 40
    peak = idle
    start = time.monotonic()
    tick = 0
    while time.monotonic() - start < 25:
        for i, r in enumerate(readers):
            if r is not None and not r.open:
                r.close()
                readers[i] = r = None
            if r is None:
                try:
                    r = readers[i] = RawSocket(server.port, f"/ws/tables/{table}")
                except (HandshakeRefused, OSError):
                    continue
                r.send_json({"type": "hello", "spectator": True})
            r.send_json({"type": "sync"})
        tick += 1
        if tick % 10 == 0:
            peak = max(peak, _rss_mib(server.proc.pid))
        time.sleep(max(0.0, start + tick / 19 - time.monotonic()))
    peak = max(peak, _rss_mib(server.proc.pid))
    for r in readers:
        if r is not None:
            r.close()
    assert peak - idle < 50, f"idle {idle:.1f} MiB, peak {peak:.1f} MiB"
    assert httpx.get(f"{server.base}/api/health", timeout=30).json()["ok"]


# ---------------------------------------------------------------------------- shutdown
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_shutdown_with_sockets_open_leaves_no_traceback(serve: Serve, tmp_path: Path, sig: int) -> None:
    server = serve(f"sqlite:///{tmp_path / 'r.db'}", bot_processes=1)
    assert server.proc is not None
    base = server.base
    running = httpx.post(
        f"{base}/api/tables", json={"game": "kingship", "players": 6, "seats": ["bot:ismcts:easy"] * 6}, timeout=60
    )
    person = httpx.post(
        f"{base}/api/tables", json={"game": "kingdom", "players": 2, "seats": ["human", "bot:heuristic"]}, timeout=60
    ).json()
    open_sockets: list[Any] = []
    for _ in range(5):
        r = RawSocket(server.port, f"/ws/tables/{running.json()['table']}")
        r.send_json({"type": "hello", "spectator": True})
        for _ in range(30):
            r.send_json({"type": "sync"})  # a slow reader, mid-flood
        open_sockets.append(r)
    with (
        connect(f"{server.ws}/ws/tables/{person['table']}") as seat,
        connect(f"{server.ws}/ws/tables/{running.json()['table']}") as watcher,
    ):
        seat.send(json.dumps({"type": "hello", "token": person["token"]}))
        seat.recv(timeout=30)
        seat.send(json.dumps({"type": "hint"}))  # waits for the one worker, busy with the bots
        watcher.send(json.dumps({"type": "hello", "spectator": True}))
        watcher.recv(timeout=30)
        time.sleep(1.0)
        os.kill(server.proc.pid, sig)
        server.proc.wait(timeout=60)
    for r in open_sockets:
        r.close()
    err = (tmp_path / "serve.err").read_text()
    assert "Traceback" not in err and "ERROR" not in err and "CancelledError" not in err, err[-3000:]
    assert server.proc.returncode in (0, -sig, 128 + sig)  # ended by the signal it stopped for

"""A real ``regalia serve`` subprocess on a free loopback port (the command a user runs)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx


class ServeProcess:
    """``regalia serve --port P --db URL`` started and stopped by a test.

    Args:
        db_url: the database (a SQLite file for these tests).
        cwd: the working directory; the server's stderr goes to ``cwd/serve.err``.
        port: 0 picks a free port (read from the line the command prints); a restart passes
            the port it had, so that the pages reconnect to the same address.
        bot_move_seconds: how long a bot's public move is shown before the next (the server's
            default is 0.4 s, a pace for people; 0.1 s here keeps whole games of bots short —
            the pace itself is tested in tests/server).
        extra: more options of ``regalia serve`` (``--push-contact …``).
    """

    def __init__(
        self,
        db_url: str,
        cwd: Path,
        *,
        port: int = 0,
        bot_processes: int = 1,
        bot_move_seconds: float = 0.1,
        extra: list[str] | None = None,
    ) -> None:
        self.db_url = db_url
        self.extra = list(extra or [])
        self.cwd = cwd
        self.port = port
        self.bot_processes = bot_processes
        self.bot_move_seconds = bot_move_seconds
        self.proc: subprocess.Popen[str] | None = None

    def start(self) -> ServeProcess:
        code = "from regalia.cli.main import main; main()"
        cmd = [sys.executable, "-c", code, "serve", "--port", str(self.port), "--db", self.db_url]
        cmd += ["--bot-processes", str(self.bot_processes), "--bot-move-seconds", str(self.bot_move_seconds)]
        cmd += self.extra
        with open(self.cwd / "serve.err", "a") as err:
            self.proc = subprocess.Popen(cmd, cwd=self.cwd, stdout=subprocess.PIPE, stderr=err, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if "http://127.0.0.1:" not in line:
            raise RuntimeError(f"regalia serve did not start: {line!r} {self.log()}")
        self.port = int(line.split("http://127.0.0.1:", 1)[1].split("/", 1)[0])
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{self.base}/api/health", timeout=5).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"regalia serve exited: {self.log()}")
            time.sleep(0.1)

    def log(self) -> str:
        path = self.cwd / "serve.err"
        return path.read_text()[-3000:] if path.exists() else ""

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def kill9(self) -> None:
        """``kill -9`` the server (no shutdown of any kind)."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)

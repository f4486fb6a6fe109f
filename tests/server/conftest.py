"""Fixtures of the server tests: databases (a SQLite file, and a throwaway PostgreSQL cluster
started with ``runuser`` as the research notes describe), in-process apps, and real
``regalia serve`` subprocesses on free loopback ports.

Under ``CI=true`` a missing PostgreSQL fails the PostgreSQL tests instead of skipping them.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi", reason="the server needs the web extra")

from fastapi.testclient import TestClient

from regalia.core import registry
from regalia.server.app import create_app
from regalia.server.settings import ServerSettings

from .windowgame import WindowGame

IN_CI = os.environ.get("CI") == "true"


def _missing(reason: str) -> None:
    if IN_CI:
        pytest.fail(f"{reason} (CI=true: the PostgreSQL tests must run)")
    pytest.skip(reason)


def find_pg_bin() -> Path | None:
    """The directory of PostgreSQL's server programs (``initdb``, ``pg_ctl``), newest version first."""
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]), reverse=True
    )
    found = shutil.which("initdb")
    if found:
        candidates.append(found)
    for c in candidates:
        if os.access(c, os.X_OK) and os.access(Path(c).parent / "pg_ctl", os.X_OK):
            return Path(c).parent
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PgCluster:
    """A throwaway PostgreSQL cluster on 127.0.0.1 and a random port (trust authentication)."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = os.geteuid() == 0
        self.dir = Path(tempfile.mkdtemp(prefix="regalia-pg-"))
        self.port = free_port()
        self._ids = itertools.count()
        if self.root:
            shutil.chown(self.dir, "postgres", "postgres")
        self.dir.chmod(0o700)

    def _run(self, *cmd: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self.root else []
        done = subprocess.run([*prefix, *cmd], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{cmd[0]} failed: {done.stdout}{done.stderr}")

    def start(self) -> None:
        data = str(self.dir / "data")
        self._run(str(self.bindir / "initdb"), "-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8")
        opts = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.dir} -c fsync=off -c max_connections=300"
        self._run(str(self.bindir / "pg_ctl"), "-D", data, "-l", str(self.dir / "log"), "-w", "-o", opts, "start")
        self.execute("CREATE DATABASE regalia_template")
        # migrate the template once; every test's database is a copy of it
        from regalia.server.store import Store

        Store(self.url("regalia_template")).close()

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.dir / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)

    def url(self, db: str) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{db}"

    def execute(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(f"postgresql://postgres@127.0.0.1:{self.port}/postgres", autocommit=True) as conn:
            conn.execute(sql)  # type: ignore[arg-type]

    def new_database(self) -> str:
        """A fresh, migrated database (a copy of the template)."""
        name = f"t{os.getpid()}_{next(self._ids)}"
        self.execute(f"CREATE DATABASE {name} TEMPLATE regalia_template")
        return self.url(name)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    bindir = find_pg_bin()
    if bindir is None:
        _missing("PostgreSQL's server programs are not installed (apt-get install postgresql)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _missing('psycopg is not installed (pip install -e ".[postgres]")')
    assert bindir is not None
    cluster = PgCluster(bindir)
    try:
        cluster.start()
    except Exception:
        cluster.stop()
        raise
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'regalia.db'}"
    cluster: PgCluster = request.getfixturevalue("pg_cluster")
    return cluster.new_database()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'regalia.db'}"


@pytest.fixture(scope="session", autouse=True)
def window_game() -> Iterator[str]:
    """The test game with a hidden response window (``trap``), registered for the session."""
    registry.register(WindowGame())
    yield "trap"
    registry._GAMES.pop("trap", None)


AppFactory = Callable[..., TestClient]


@pytest.fixture
def make_client(db_url: str) -> Iterator[AppFactory]:
    """Start in-process apps on the test's database (bots in a thread, a fast sweeper)."""
    clients: list[TestClient] = []

    def make(*, notices: Any = None, **overrides: Any) -> TestClient:
        base = {"db_url": db_url, "bot_processes": 0, "sweep_seconds": 0.05, "bot_move_seconds": 0.0}
        settings = ServerSettings(**{**base, "settle_seconds": 0.02, **overrides})
        client = TestClient(create_app(settings, notices=notices))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for c in reversed(clients):
        c.__exit__(None, None, None)


@pytest.fixture
def client(make_client: AppFactory) -> TestClient:
    return make_client()


class ServeProcess:
    """A real ``regalia serve`` subprocess on a free loopback port."""

    def __init__(
        self,
        db_url: str,
        cwd: Path,
        *,
        bot_processes: int = 1,
        port: int = 0,
        extra: list[str] | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.db_url = db_url
        self.env = {**os.environ, **(env or {})}
        self.cwd = cwd
        self.bot_processes = bot_processes
        self.extra = list(extra or [])
        self.proc: subprocess.Popen[str] | None = None
        self.port = port

    def start(self) -> ServeProcess:
        code = "from regalia.cli.main import main; main()"
        cmd = [sys.executable, "-c", code, "serve", "--port", str(self.port), "--db", self.db_url]
        cmd += ["--bot-processes", str(self.bot_processes), "--bot-move-seconds", "0", "--settle-seconds", "0.02"]
        cmd += self.extra  # later options win
        with open(self.cwd / "serve.err", "a") as err:  # the child keeps its own copy of the file
            self.proc = subprocess.Popen(cmd, cwd=self.cwd, stdout=subprocess.PIPE, stderr=err, text=True, env=self.env)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if "http://" not in line:
            raise RuntimeError(f"regalia serve did not start: {line!r} {(self.cwd / 'serve.err').read_text()[-2000:]}")
        self.port = int(line.split("http://127.0.0.1:", 1)[1].split("/", 1)[0])
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{self.base}/api/health", timeout=5).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"regalia serve exited: {(self.cwd / 'serve.err').read_text()[-2000:]}")
            time.sleep(0.1)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def kill9(self) -> None:
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


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., ServeProcess]]:
    """Start ``regalia serve`` subprocesses (stopped at the end of the test)."""
    started: list[ServeProcess] = []

    def start(db_url: str, **kw: Any) -> ServeProcess:
        p = ServeProcess(db_url, tmp_path, **kw).start()
        started.append(p)
        return p

    yield start
    for p in started:
        p.stop()

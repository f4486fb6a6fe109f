"""The release as a user installs it (issue 38): ``python -m build`` makes an sdist holding
everything a build needs and, from that sdist, a pure wheel holding every file of the package;
that wheel, installed in a new virtual environment and run from a folder outside the checkout,
prints its version, plays a game, serves the browser tables from its own package data (pages,
scripts, vendored libraries, migrations) and steps the RL adapters.

The build is ``python -m build --no-isolation`` on a copy of the checkout's files (git's list: what
a clone holds), with this environment's setuptools (the test extra has it): no download. The new
environment borrows this one's installed dependencies (``tools/wheel_venv.py``), so only the wheel
is installed. CI builds the compiled wheel the same way and runs the compiled tests on it
(``.ci/run``).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import urllib.parse
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import httpx
import pytest

import regalia
from regalia.core.registry import game_names

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
BUILD_PRODUCTS = (".pyc", ".pyo", ".so", ".pyd", ".c", ".o")
"""Suffixes of files under src/regalia that a build leaves there and no package ships."""

pytest.importorskip("build", reason="the build frontend is in the test extra")


def _wheel_venv() -> ModuleType:
    spec = importlib.util.spec_from_file_location("wheel_venv", ROOT / "tools" / "wheel_venv.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _checkout_files() -> list[str]:
    """The checkout's files as a clone of it holds them (tracked, or new and not ignored), that exist."""
    out = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode()
    return sorted(name for name in out.split("\0") if name and (ROOT / name).is_file())


def _package_files() -> set[str]:
    """Every file of the package as the checkout holds it (``regalia/...``), build products apart."""
    return {
        name.removeprefix("src/")
        for name in _checkout_files()
        if name.startswith("src/regalia/") and not name.endswith(BUILD_PRODUCTS)
    }


def _clean_env() -> dict[str, str]:
    """The environment for the builds and the installed programs: nothing points at the checkout
    (no ``PYTHONPATH``), no compiled build is asked for, no build is forced pure."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "REGALIA_PURE", "REGALIA_MYPYC")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The sdist and the pure wheel that ``python -m build`` makes from a copy of the checkout."""
    copy = tmp_path_factory.mktemp("checkout")
    for name in _checkout_files():
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, copy / name)
    out = tmp_path_factory.mktemp("dist")
    result = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(copy)],
        env=_clean_env(),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, f"python -m build failed:\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
    yield out
    shutil.rmtree(copy, ignore_errors=True)


def _only(folder: Path, pattern: str) -> Path:
    found = sorted(folder.glob(pattern))
    assert len(found) == 1, f"expected one {pattern} in {folder}, found {[p.name for p in found]}"
    return found[0]


def test_the_sdist_holds_the_build_backend_and_every_file_of_the_package(dist: Path) -> None:
    sdist = _only(dist, f"regalia-{regalia.__version__}.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    # what a build from the sdist needs: pyproject.toml names tools/backend as its backend-path
    for needed in ("pyproject.toml", "setup.py", "MANIFEST.in", "tools/backend/regalia_build.py", "README.md"):
        assert needed in names, needed
    for shipped in ("LICENSE", "CHANGELOG.md"):
        assert shipped in names, shipped
    missing = sorted(f"src/{name}" for name in _package_files() if f"src/{name}" not in names)
    assert not missing, f"the sdist misses files of the package: {missing}"
    assert not [n for n in names if n.endswith(BUILD_PRODUCTS) or n.endswith("_mypyc_sources.json")]


def test_the_pure_wheel_holds_every_file_of_the_package_and_py_typed(dist: Path) -> None:
    wheel = _only(dist, f"regalia-{regalia.__version__}-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        metadata = z.read(f"regalia-{regalia.__version__}.dist-info/METADATA").decode()
        entry_points = z.read(f"regalia-{regalia.__version__}.dist-info/entry_points.txt").decode()
    missing = sorted(_package_files() - names)
    assert not missing, f"the wheel misses files of the package: {missing}"
    assert "regalia/py.typed" in names
    for asset in ("regalia/web/table.html", "regalia/web/vendor/htm-3.1.1/preact/standalone.module.js"):
        assert asset in names, asset
    assert any("/migrations/versions/0001_" in n for n in names)  # Alembic's first migration
    assert not [n for n in names if n.endswith(BUILD_PRODUCTS) or n.endswith("_mypyc_sources.json")]
    assert not [n for n in names if n.startswith(("tests/", "docs/", "tools/", "benchmarks/"))]
    assert f"Version: {regalia.__version__}" in metadata
    assert "License-Expression: MIT" in metadata
    assert "regalia = regalia.cli.main:main" in entry_points


@pytest.fixture(scope="module")
def installed(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the new environment's ``bin`` folder, a folder outside the checkout to run in)."""
    wheel = _only(dist, "regalia-*-py3-none-any.whl")
    python = _wheel_venv().make(tmp_path_factory.mktemp("venv") / "env", wheel)
    away = tmp_path_factory.mktemp("away")
    assert not away.resolve().is_relative_to(ROOT)
    return python.parent, away


def _run(installed: tuple[Path, Path], *args: str, timeout: float = 120) -> str:
    bin_dir, away = installed
    result = subprocess.run(
        [str(bin_dir / args[0]), *args[1:]], cwd=away, env=_clean_env(), capture_output=True, text=True, timeout=timeout
    )
    assert result.returncode == 0, (
        f"{args} exited {result.returncode}:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    )
    return result.stdout


def test_the_installed_wheel_is_the_one_imported_and_plays_a_bot_game(installed: tuple[Path, Path]) -> None:
    where = _run(installed, "python", "-c", "import regalia; print(regalia.__file__)").strip()
    bin_dir, _ = installed
    assert Path(where).resolve().is_relative_to(bin_dir.parent.resolve()), where
    assert not Path(where).resolve().is_relative_to(ROOT)
    assert _run(installed, "regalia", "--version").startswith(f"regalia {regalia.__version__} (pure-Python core, ")
    listed = _run(installed, "regalia", "list")
    for name in game_names():
        if name.startswith("toy"):
            continue
        assert name in listed
    game = _run(installed, "regalia", "play", "kings-blood", "--humans", "0", "--seed", "1", "--bot", "heuristic")
    assert "The game is over" in game.splitlines()[-1] or "The game is over" in game


_ASSET = re.compile(r"""(?:src|href)="(/[^"#?]*)"|(?:from|import)\s*['"](\.{1,2}/[^'"]+|/[^'"]+)['"]""")
"""A page's or a module's reference to another file of the site: ``src="/js/x.js"``,
``href="/css/x.css"``, ``from './lib.js'``, ``import '../vendor/…'``."""


def _crawl(client: httpx.Client, page: str) -> set[str]:
    """Every file a page loads, and every file those load, each fetched once and checked to be 200."""
    seen: set[str] = set()
    todo = [page]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        response = client.get(path)
        assert response.status_code == 200, f"{path}: {response.status_code} (a file of the package missing?)"
        if path.endswith((".html", ".js", ".mjs")) or path.endswith("/"):
            for absolute, relative in _ASSET.findall(response.text):
                target = absolute or urllib.parse.urljoin(path, relative)
                if not target.startswith("/api/") and not target.startswith("/ws/"):
                    todo.append(target)
    return seen


def _when_listening(client: httpx.Client, proc: subprocess.Popen[str], away: Path) -> dict[str, object]:
    """``/api/health`` once the server listens (it prints its address before uvicorn starts)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            return dict(client.get("/api/health").json())
        except httpx.TransportError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(
                    f"regalia serve did not answer: {(away / 'serve.err').read_text()[-3000:]}"
                ) from None
            time.sleep(0.1)


def test_the_installed_wheel_serves_the_tables_with_its_own_assets_and_migrations(
    installed: tuple[Path, Path],
) -> None:
    bin_dir, away = installed
    db = away / "served.db"
    cmd = [str(bin_dir / "regalia"), "serve", "--port", "0", "--db", str(db), "--bot-move-seconds", "0"]
    with open(away / "serve.err", "w") as err:
        proc = subprocess.Popen(cmd, cwd=away, env=_clean_env(), stdout=subprocess.PIPE, stderr=err, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert "http://127.0.0.1:" in line, f"regalia serve did not start: {line!r} {(away / 'serve.err').read_text()}"
        base = line.split("open ", 1)[1].split()[0].rstrip("/")
        with httpx.Client(base_url=base, timeout=30) as client:
            health = _when_listening(client, proc, away)
            assert health["ok"] is True and health["version"] == regalia.__version__
            loaded = _crawl(client, "/table.html") | _crawl(client, "/")
            assert "/js/table.js" in loaded and any("/vendor/" in path for path in loaded), sorted(loaded)
            # a bots' table: the database made by the package's migrations, bots in a worker process
            made = client.post(
                "/api/tables",
                json={"game": "kings-blood", "players": 3, "seats": ["bot:heuristic"] * 3, "seed": 1},
            )
            assert made.status_code == 201, made.text
            table = made.json()["table"]
            deadline = time.monotonic() + 180
            while (info := client.get(f"/api/tables/{table}").json())["status"] != "over":
                assert info["status"] == "running", info
                assert time.monotonic() < deadline, f"the bots' game did not end: {info}"
                time.sleep(0.2)
            record = client.get(f"/api/tables/{table}/record")
            assert record.status_code == 200
        (away / "served.json").write_text(record.text)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    replayed = _run(installed, "regalia", "replay", "served.json")
    assert "The game is over" in replayed


RL_SMOKE = """
import json
import gymnasium
import numpy as np
import pyspiel
from pettingzoo.test import api_test
import regalia
import regalia.rl.gymnasium
from regalia.rl import openspiel, pettingzoo, vector_env

api_test(pettingzoo.env("kings-blood", players=3), num_cycles=20)
pyspiel.random_sim_test(openspiel.load_game("kingship", players=4, rng_seed=0), num_sims=1, serialize=False, verbose=False)
solo = gymnasium.make("regalia/KingsFamily-v0")
obs, info = solo.reset(seed=0)
solo.step(int(np.flatnonzero(info["action_mask"])[0]))
batch = vector_env("kingdom", 8, players=3)
out = batch.reset(seed=0)
rng = np.random.default_rng(0)
for _ in range(50):
    out = batch.step(batch.sample_actions(rng))
print(json.dumps({"file": regalia.__file__, "shape": list(out["observation"].shape)}))
"""
"""The RL smoke step: each adapter's own checker or a few steps — PettingZoo's ``api_test``,
OpenSpiel's ``random_sim_test``, the Gymnasium env and the batch env."""


def test_the_installed_wheel_steps_the_rl_adapters(installed: tuple[Path, Path]) -> None:
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    bin_dir, _ = installed
    out = json.loads(_run(installed, "python", "-c", RL_SMOKE, timeout=300).strip().splitlines()[-1])
    assert Path(out["file"]).resolve().is_relative_to(bin_dir.parent.resolve())
    assert out["shape"][0] == 8

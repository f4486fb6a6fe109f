"""Build script: a pure-Python package by default; the rules core compiled with mypyc on request.

``REGALIA_MYPYC=1 python -m pip install .`` (or ``-e .``) compiles the modules of
:data:`COMPILED` with mypyc from the same typed source (``REGALIA_MYPYC_SPLIT=1``: one C file per
module, compiled in parallel — a quicker build of a slower core, for CI and development);
``REGALIA_MYPYC=auto`` compiles when a C compiler works and installs pure Python with a warning
otherwise; unset or ``0``, nothing is compiled. A compiled build also writes ``regalia/_mypyc_sources.json``: the SHA-256 of every
compiled source, which ``regalia.native`` checks at import so that a ``.py`` edited after the build
is never silently shadowed by its stale ``.so`` (the pure module is loaded instead, with a warning).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import sysconfig
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
SRC = ROOT / "src"

COMPILED_PACKAGES = [
    "regalia/bots",
    "regalia/core",
    "regalia/games/blood_and_fortune",
    "regalia/games/kingdom",
    "regalia/games/kings_blood",
    "regalia/games/kings_family",
    "regalia/games/kingship",
]
"""The packages (paths under ``src/``) whose modules mypyc compiles, each game's once it is
ready for it: every module except ``__init__.py`` and those in :data:`INTERPRETED`."""

INTERPRETED = {
    "regalia/bots/backends.py",  # process pools and progress: orchestration, no hot loop
    "regalia/bots/play.py",  # one game between bots: its cost is the bots', compiled with their games
    "regalia/bots/report.py",  # tournament tables and JSON: run once per tournament
    "regalia/bots/simulate.py",  # the simulate command's batches: orchestration
    "regalia/bots/stats.py",  # ratings and intervals (openskill): run once per game
    "regalia/bots/tournament.py",  # schedules and duplicate deals: orchestration
    "regalia/core/config.py",  # reads dataclass annotations at run time, which compiled classes drop
    "regalia/core/lessons.py",  # lesson files and their runs for the fronts: no hot code, nothing to gain
    "regalia/games/blood_and_fortune/config.py",  # the options' dataclass, read by regalia.core.config
    "regalia/games/kingdom/config.py",  # the options' dataclass, read by regalia.core.config
    "regalia/games/kings_blood/config.py",  # the options' dataclass, read by regalia.core.config
    "regalia/games/kings_family/config.py",  # the options' dataclass, read by regalia.core.config
    "regalia/games/kingship/config.py",  # the options' dataclass, read by regalia.core.config
    # the views' TypedDicts, whose annotations the conformance suite reads at run time
    "regalia/games/blood_and_fortune/schema.py",
    "regalia/games/kingdom/schema.py",
    "regalia/games/kings_blood/schema.py",
    "regalia/games/kings_family/schema.py",
    "regalia/games/kingship/schema.py",
}
"""Modules of the compiled packages that stay interpreted, with the reason."""

COMPILED = sorted(
    str(path.relative_to(SRC))
    for package in COMPILED_PACKAGES
    for path in (SRC / package).glob("*.py")
    if path.name != "__init__.py" and str(path.relative_to(SRC)) not in INTERPRETED
)
"""The modules mypyc compiles (paths under ``src/``)."""

MANIFEST = "regalia/_mypyc_sources.json"


def _mode() -> str:
    return os.environ.get("REGALIA_MYPYC", "").strip().lower()


def _compiler_works() -> bool:
    """Whether a C compiler can build a trivial extension against this Python's headers."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").exists():
        return False
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "probe.c"
        src.write_text("#include <Python.h>\nint probe(void) { return 0; }\n")
        try:
            cc = new_compiler()
            customize_compiler(cc)
            cc.compile([str(src)], output_dir=tmp, include_dirs=[include])
        except Exception:  # any failure to compile means: no working compiler
            return False
    return True


def _manifest() -> str:
    sources = {path: hashlib.sha256((SRC / path).read_bytes()).hexdigest() for path in COMPILED}
    return json.dumps({"compiled": sources}, indent=1, sort_keys=True)


def _jobs() -> int:
    """How many C files to compile at once: ``REGALIA_BUILD_JOBS``, else every CPU this process may use."""
    value = os.environ.get("REGALIA_BUILD_JOBS", "").strip()
    if value:
        if not value.isdigit() or int(value) < 1:
            sys.exit(f"REGALIA_BUILD_JOBS: expected a whole number of at least 1, got {value!r}")
        return int(value)
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def _multi_file() -> bool:
    """Whether mypyc writes one C file per module (``REGALIA_MYPYC_SPLIT=1``) instead of one in all.

    Split, the C files compile side by side (:func:`_jobs`) and each is small, so a build takes a
    third of the time and the CPU; but the C compiler no longer sees across modules, and clones,
    determinizations and playouts run 25-40 % slower (docs/architecture.md, "Compiled code"). The
    default, one file, is the fast build for users; CI tests the split one, whose behaviour is the same.
    """
    value = os.environ.get("REGALIA_MYPYC_SPLIT", "").strip().lower()
    if value not in ("", "0", "1"):
        sys.exit(f"REGALIA_MYPYC_SPLIT: expected 0 or 1, got {value!r}")
    return value == "1"


class BuildExtWithManifest(build_ext):
    """``build_ext`` that compiles an extension's C files side by side (a split build has one per
    module) and writes the manifest of compiled sources beside the extensions."""

    def build_extension(self, ext: Any) -> None:
        compile_one = self.compiler.compile
        jobs = _jobs()

        def compile_all(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            # each call runs the C compiler as a subprocess, so threads compile side by side
            with ThreadPoolExecutor(max_workers=jobs) as pool:
                parts = pool.map(lambda source: compile_one([source], *args, **kwargs), sources)
                return [obj for part in parts for obj in part]

        self.compiler.compile = compile_all
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = compile_one

    def run(self) -> None:
        super().run()
        root = SRC if self.inplace else Path(self.build_lib)
        target = root / MANIFEST
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(_manifest())


def _ext_modules() -> list[object]:
    mode = _mode()
    if mode in ("", "0", "false", "no", "off"):
        return []
    if mode not in ("1", "true", "yes", "on", "auto"):
        sys.exit(f"REGALIA_MYPYC: expected 1, auto or 0, got {mode!r}")
    if os.environ.get("REGALIA_BUILD_PHASE"):
        # the backend is asking what to install before building (mypy, for mypyc), or for the
        # metadata, or making the sdist: steps that compile nothing (tools/backend/regalia_build.py)
        return []
    if mode == "auto" and not _compiler_works():
        print("warning: REGALIA_MYPYC=auto: no working C compiler; installing pure Python", file=sys.stderr)
        return []
    from mypyc.build import mypycify

    os.chdir(ROOT)  # mypyc finds each module's package from its path (src/ has no __init__.py)
    return mypycify([f"src/{p}" for p in COMPILED], opt_level="3", multi_file=_multi_file(), group_name="regalia_mypyc")


ext = _ext_modules()
setup(ext_modules=ext, cmdclass={"build_ext": BuildExtWithManifest} if ext else {})

"""Which build of the rules core is loaded: the mypyc-compiled one or the pure-Python source.

A compiled install (``REGALIA_MYPYC=1 pip install .``, see ``setup.py``) puts a ``.so`` beside
each compiled ``.py`` and a manifest, ``regalia/_mypyc_sources.json``, of the SHA-256 of every
source it compiled. Python would import a ``.so`` before its ``.py``; so that an edited source is
never silently shadowed by a stale build, :func:`install` (run by ``import regalia`` before
anything else) loads the pure-Python source of *every* compiled module instead — with a warning
naming the stale files — when any source no longer matches the manifest. The environment
variable ``REGALIA_PURE=1`` asks for the pure-Python modules on purpose (the benchmarks measure
both builds this way, and CI tests both).

Mixing is never done: compiled modules call each other natively, so either all of them are
loaded compiled or all of them pure.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

_PACKAGE = Path(__file__).resolve().parent
_MANIFEST = _PACKAGE / "_mypyc_sources.json"


class StaleBuildWarning(RuntimeWarning):
    """A compiled module's source changed after the build; the pure-Python source is used."""


class _PureSourceFinder(importlib.abc.MetaPathFinder):
    """Finds the ``.py`` source of the named modules, ahead of their compiled extensions."""

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names:
            return None
        leaf = fullname.rpartition(".")[2]
        for entry in path or ():
            candidate = os.path.join(entry, leaf + ".py")
            if os.path.isfile(candidate):
                return importlib.util.spec_from_file_location(fullname, candidate)
        return None


def _read_manifest() -> dict[str, str]:
    """``{source path under src/: sha256}`` of the compiled build, or ``{}`` for a pure install."""
    try:
        data = json.loads(_MANIFEST.read_text())
    except (OSError, ValueError):
        return {}
    compiled = data.get("compiled") if isinstance(data, dict) else None
    return {str(k): str(v) for k, v in compiled.items()} if isinstance(compiled, dict) else {}


def _module_name(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def stale_sources() -> list[str]:
    """The compiled sources (paths such as ``regalia/core/state.py``) edited since the build."""
    stale = []
    for path, digest in sorted(_read_manifest().items()):
        source = _PACKAGE.parent / path
        try:
            current = hashlib.sha256(source.read_bytes()).hexdigest()
        except OSError:
            current = ""
        if current != digest:
            stale.append(path)
    return stale


_installed = False


def install() -> None:
    """Choose the build before any compiled module is imported: the compiled one when it is
    present and current, else the pure-Python sources (``REGALIA_PURE=1``, or a stale build, with
    a :class:`StaleBuildWarning`). Called once by ``import regalia``."""
    global _installed
    if _installed:
        return
    _installed = True
    manifest = _read_manifest()
    if not manifest:
        return
    pure = os.environ.get("REGALIA_PURE", "").strip().lower() in ("1", "true", "yes", "on")
    if not pure:
        stale = stale_sources()
        if stale:
            warnings.warn(
                f"regalia: the compiled build is stale ({', '.join(stale)} changed since it was built); "
                "using the pure-Python modules. Rebuild with REGALIA_MYPYC=1 python -m pip install -e .",
                StaleBuildWarning,
                stacklevel=3,
            )
            pure = True
    if pure:
        sys.meta_path.insert(0, _PureSourceFinder(frozenset(_module_name(p) for p in manifest)))


def compiled() -> bool:
    """Whether the rules core in use is the mypyc-compiled build (``False`` for a pure-Python
    install, with ``REGALIA_PURE=1``, or when the build is stale)."""
    import regalia.core.state as state_module

    loader = getattr(state_module, "__loader__", None)
    return isinstance(loader, importlib.machinery.ExtensionFileLoader)

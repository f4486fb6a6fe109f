"""regalia's build backend: setuptools, plus mypy (for mypyc) when a compiled build is asked for.

``REGALIA_MYPYC=1`` (or ``auto``) in the environment of ``pip install`` or ``python -m build``
compiles the rules core with mypyc (see ``setup.py``); a plain build stays pure Python and needs
nothing more than setuptools. This module only adds the build requirement, and keeps the sdist
free of compiling: ``setup.py`` does the compiling, for a wheel or an editable install.

The sdist holds this file (``MANIFEST.in``), so a wheel is built from the sdist as from the checkout.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 -- the PEP 517/660 hooks we do not change

MYPY_REQUIREMENT = "mypy==2.4.1"
"""The mypy release whose mypyc compiles the core (pinned: a compiled build must behave the same
on every machine, and the tests prove it for this release)."""


def _compiling() -> bool:
    return os.environ.get("REGALIA_MYPYC", "").strip().lower() in ("1", "true", "yes", "on", "auto")


def _requires(base: list[str]) -> list[str]:
    return [*base, MYPY_REQUIREMENT] if _compiling() else base


@contextmanager
def _phase(name: str) -> Iterator[None]:
    """Tell ``setup.py`` that this step compiles nothing, whatever ``REGALIA_MYPYC`` says:
    ``requires`` (mypy is not installed yet), ``metadata`` (the project's metadata, which the
    compiled modules do not change: pip asks for it before the build, and mypyc would otherwise
    analyse the whole core once more) or ``sdist`` (the sources only)."""
    os.environ["REGALIA_BUILD_PHASE"] = name
    try:
        yield
    finally:
        del os.environ["REGALIA_BUILD_PHASE"]


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    with _phase("requires"):  # setup.py runs now, before mypy is installed
        return _requires(_setuptools.get_requires_for_build_wheel(config_settings))


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    with _phase("requires"):
        return _requires(_setuptools.get_requires_for_build_editable(config_settings))


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    with _phase("metadata"):
        return _setuptools.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def prepare_metadata_for_build_editable(metadata_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    with _phase("metadata"):
        return _setuptools.prepare_metadata_for_build_editable(metadata_directory, config_settings)


def get_requires_for_build_sdist(config_settings: dict[str, Any] | None = None) -> list[str]:
    with _phase("sdist"):
        return _setuptools.get_requires_for_build_sdist(config_settings)


def build_sdist(sdist_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    with _phase("sdist"):
        return _setuptools.build_sdist(sdist_directory, config_settings)

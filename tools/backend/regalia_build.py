"""regalia's build backend: setuptools, plus mypy (for mypyc) when a compiled build is asked for.

``REGALIA_MYPYC=1`` (or ``auto``) in the environment of ``pip install`` compiles the rules core
with mypyc (see ``setup.py``); a plain install stays pure Python and needs nothing more than
setuptools. This module only adds the build requirement; ``setup.py`` does the compiling.
"""

from __future__ import annotations

import os
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


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    os.environ["REGALIA_BUILD_PHASE"] = "requires"  # setup.py runs now, before mypy is installed
    try:
        return _requires(_setuptools.get_requires_for_build_wheel(config_settings))
    finally:
        del os.environ["REGALIA_BUILD_PHASE"]


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    os.environ["REGALIA_BUILD_PHASE"] = "requires"
    try:
        return _requires(_setuptools.get_requires_for_build_editable(config_settings))
    finally:
        del os.environ["REGALIA_BUILD_PHASE"]

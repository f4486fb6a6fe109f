from __future__ import annotations

from collections.abc import Iterator

import pytest

from regalia.core import registry

from .toygame import ToyGame


@pytest.fixture
def toy() -> Iterator[str]:
    """Register the test game ``toy`` for the duration of a test."""
    registry.register(ToyGame())
    try:
        yield "toy"
    finally:
        registry._GAMES.pop("toy", None)

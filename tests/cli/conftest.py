from collections.abc import Iterator

import pytest

from regalia.cli.app import console, err_console
from tests.core.conftest import toy

__all__ = ["toy"]


@pytest.fixture(autouse=True)
def wide_console() -> Iterator[None]:
    """The CLI's consoles 200 columns wide (they size themselves when created, at import, before
    the test runner's COLUMNS is set), so that test output lines are not wrapped."""
    before = console._width, err_console._width
    console.width = err_console.width = 200
    yield
    console._width, err_console._width = before

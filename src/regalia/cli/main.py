"""The ``regalia`` command: list, rules, bots, play, replay, simulate, tournament, report, serve.

The commands live in their own modules (:mod:`regalia.cli.info`, :mod:`regalia.cli.play`,
:mod:`regalia.cli.replay`, :mod:`regalia.cli.batch`; ``serve`` in :mod:`regalia.server.cli`),
which register themselves on
:data:`regalia.cli.app.app`; how every command ends (one-line errors, exit statuses) is
:mod:`regalia.cli.errors`.
"""

from __future__ import annotations

from regalia.cli import batch, info, learn, play, replay
from regalia.cli.app import app
from regalia.server.cli import serve

app.command("serve")(serve)

__all__ = ["app", "batch", "info", "learn", "main", "play", "replay"]


def main() -> None:
    """Entry point of the ``regalia`` console script."""
    app()


if __name__ == "__main__":
    main()

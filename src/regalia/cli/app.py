"""The ``regalia`` Typer application, its consoles and the options shared by several commands."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from regalia.cli.errors import RegaliaGroup


class QuietPipeConsole(Console):
    """A rich console that reports a closed standard output as ``BrokenPipeError`` (the
    command then stops quietly with status 141) instead of rich's own ``SystemExit(1)``."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError()


app = typer.Typer(
    name="regalia",
    cls=RegaliaGroup,
    help=(
        "Five royal card games by their published rules: play them, simulate bots, replay records. "
        "A bad argument ends with one line naming it and exit status 2."
    ),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)
console = QuietPipeConsole(highlight=False)
err_console = QuietPipeConsole(stderr=True, highlight=False)

GameArg = Annotated[str, typer.Argument(metavar="GAME", help="Game name (see `regalia list`).")]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="KEY=VALUE", help="A rule option (repeatable; see `regalia rules GAME`)."),
]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", metavar="N", help="Number of seats.")]
JobsOpt = Annotated[
    int,
    typer.Option(
        "--jobs", "-j", metavar="J", help="Parallel workers (local processes, or CPUs of a private Ray instance)."
    ),
]
BackendOpt = Annotated[
    str, typer.Option("--backend", metavar="local|ray", help="Where games run: local processes, or Ray (extra `ray`).")
]
AddressOpt = Annotated[
    str | None,
    typer.Option("--address", metavar="ADDR", help="Ray cluster address (auto, host:6379, ray://host:10001)."),
]
MaxStepsOpt = Annotated[
    int | None, typer.Option("--max-steps", metavar="M", help="Stop each game after M actions (at least 1).")
]

__all__ = [
    "AddressOpt",
    "BackendOpt",
    "GameArg",
    "JobsOpt",
    "MaxStepsOpt",
    "OptionOpt",
    "PlayersOpt",
    "QuietPipeConsole",
    "app",
    "console",
    "err_console",
]

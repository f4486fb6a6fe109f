"""The ``regalia`` Typer application, its consoles and the options shared by several commands."""

from __future__ import annotations

import platform
from typing import Annotated

import typer
from rich.console import Console

import regalia
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


def version_line() -> str:
    """What ``regalia --version`` prints: the release, which build of the rules core is loaded and
    the Python that runs it (``regalia 0.1.0 (compiled core, CPython 3.11.7)``)."""
    build = "compiled core" if regalia.compiled() else "pure-Python core"
    return f"regalia {regalia.__version__} ({build}, {platform.python_implementation()} {platform.python_version()})"


def _print_version(value: bool) -> None:
    if value:
        console.print(version_line(), markup=False)
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            is_eager=True,
            callback=_print_version,
            help="Print regalia's version, the build of its rules core (compiled or pure) and the Python, then exit.",
        ),
    ] = False,
) -> None:
    """The options of ``regalia`` itself, before a command."""


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
    "version_line",
]

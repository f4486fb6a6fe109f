"""How the ``regalia`` command ends: one line per error, fixed exit statuses, never a traceback.

Exit statuses:

- ``0`` — done (also ``--help``, and a game stopped by ``quit``, Ctrl-C or end of input).
- ``1`` — something the run needs is missing (an optional package, a Ray cluster), or an
  internal error (reported in one line; ``REGALIA_DEBUG=1`` shows the traceback).
- ``2`` — a bad argument: ``regalia COMMAND: error: FIELD: what is wrong`` on standard error,
  where ``FIELD`` is the option (``--seed``) or argument (``FILE``) at fault. Nothing has been
  played or written.
- ``130`` — interrupted (Ctrl-C) outside a game.
- ``141`` — standard output was closed early (``regalia simulate --json | head -c 100``): the
  command stops quietly, as Unix tools killed by ``SIGPIPE`` do (128 + 13).
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import typer
from typer.core import TyperCommand, TyperGroup

from regalia.core.errors import shown

# The click exceptions that typer raises: those of the click it vendors (``typer._click``, typer
# 0.29 and later) or of the click package (earlier typer); found through a public name.
_exceptions: Any = importlib.import_module(typer.BadParameter.__module__)
BadParameter: Any = _exceptions.BadParameter
UsageError: Any = _exceptions.UsageError
ClickException: Any = _exceptions.ClickException
NoArgsIsHelpError: Any = getattr(_exceptions, "NoArgsIsHelpError", ())
Abort: Any = (typer.Abort, getattr(_exceptions, "Abort", typer.Abort))

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141
MAX_MESSAGE = 400
"""The most characters of an error message printed (the rest is cut, unprintables escaped)."""


def fail(field: str, message: str) -> NoReturn:
    """Stop the command with a one-line error naming ``field`` (``--seed``, ``FILE``), exit 2."""
    raise typer.BadParameter(message, param_hint=field)


def strip_field(message: str, *fields: str) -> str:
    """``message`` without a leading ``"field: "`` that the library put there for one of
    ``fields`` (the CLI names the option instead)."""
    head, sep, rest = message.partition(": ")
    if sep and head in fields:
        return rest
    return message


def core_fail(exc: Exception, fields: dict[str, str], default: str) -> NoReturn:
    """Turn a library ``ValueError`` whose message starts with a field name (``"seed: ..."``,
    ``"players: ..."``) into a one-line error naming the command's option for that field
    (``fields`` maps library fields to options), or ``default`` when no field matches."""
    message = str(exc)
    head = message.partition(": ")[0]
    for name, option in fields.items():
        if head == name:
            fail(option, strip_field(message, name))
    if head.startswith("option ") or head.startswith("unknown option"):
        fail(fields.get("option", default), message)
    fail(default, message)


_PLAIN = {
    "Input should be a valid integer": "expected a whole number (digits 0-9)",
    "Unable to parse input string as an integer": "expected a whole number of at most 4,300 digits",
}
"""typer's words for a value that is not an integer, and the CLI's."""


def _field_of(exc: Any) -> str | None:
    if isinstance(exc, BadParameter):
        hint = exc.param_hint
        if isinstance(hint, str):
            return hint
        if isinstance(hint, Sequence) and hint:
            return str(hint[0])
        param = exc.param
        kind = getattr(param, "param_type_name", None)
        if kind == "option" and param.opts:
            longs = [o for o in param.opts if o.startswith("--")]
            return str((longs or param.opts)[0])
        if kind == "argument":
            return str(param.metavar or param.name or "ARGUMENT").upper()
    return None


def one_line(exc: Any) -> str:
    """The error as one line: ``FIELD: message`` (quotes, line breaks and unprintable
    characters of the user's input escaped, at most :data:`MAX_MESSAGE` characters)."""
    if type(exc).__name__ == "MissingParameter":
        message = "missing"
    elif isinstance(exc, BadParameter):
        message = str(exc.message)
    else:
        message = str(exc.format_message())
    message = " ".join(message.split())
    for phrase, plain in _PLAIN.items():
        if message.startswith(phrase):
            message = plain
    field = _field_of(exc)
    text = f"{field}: {message}" if field else message
    return shown(text, MAX_MESSAGE)


def _prog(ctx: Any, prog_name: str | None) -> str:
    if ctx is not None:
        return str(ctx.command_path)
    return prog_name or "regalia"


def _quiet_stdout() -> None:
    """Point standard output at ``/dev/null`` so the interpreter's last flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


_TYPE_MARKS = re.compile(r" <(?:str|path|int|bool|float)>")


class RegaliaCommand(TyperCommand):
    """A ``regalia`` command whose ``--help`` names arguments without type marks
    (``FILE``, not ``FILE <path>``): every argument's help says what it is."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        super().format_help(ctx, formatter)
        buffer = getattr(formatter, "buffer", None)
        if isinstance(buffer, list):
            buffer[:] = [_TYPE_MARKS.sub("", piece) for piece in buffer]


class _PipeClosed(Exception):
    """Standard output was closed by the reader (raised instead of ``BrokenPipeError``, which
    typer would turn into a silent exit status 1)."""


class RegaliaGroup(TyperGroup):
    """The ``regalia`` command group: runs a command and turns every way it can end into one of
    the exit statuses of this module, with at most one line on standard error."""

    def invoke(self, ctx: Any) -> Any:
        try:
            rv = super().invoke(ctx)
            sys.stdout.flush()  # a closed pipe shows here, not at the interpreter's exit
        except BrokenPipeError:
            raise _PipeClosed() from None
        return rv

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        code = self._run(args, prog_name, complete_var, windows_expand_args, **extra)
        if standalone_mode:
            sys.exit(code)
        return code

    def _run(
        self,
        args: Sequence[str] | None,
        prog_name: str | None,
        complete_var: str | None,
        windows_expand_args: bool,
        **extra: Any,
    ) -> int:
        try:
            rv = super().main(
                args,
                prog_name,
                complete_var,
                standalone_mode=False,
                windows_expand_args=windows_expand_args,
                **extra,
            )
        except NoArgsIsHelpError as exc:
            exc.show()
            return int(exc.exit_code)
        except UsageError as exc:
            prog = _prog(exc.ctx, prog_name)
            see = "" if isinstance(exc, BadParameter) and _field_of(exc) else f" (see `{prog} --help`)"
            typer.echo(f"{prog}: error: {one_line(exc)}{see}", err=True)
            return EXIT_USAGE
        except ClickException as exc:
            typer.echo(f"{_prog(None, prog_name)}: error: {one_line(exc)}", err=True)
            return int(exc.exit_code)
        except Abort:
            typer.echo("stopped", err=True)
            return EXIT_INTERRUPTED
        except KeyboardInterrupt:
            typer.echo("stopped", err=True)
            return EXIT_INTERRUPTED
        except (_PipeClosed, BrokenPipeError):
            _quiet_stdout()
            return EXIT_BROKEN_PIPE
        except Exception as exc:
            if os.environ.get("REGALIA_DEBUG"):
                raise
            typer.echo(
                f"regalia: internal error ({type(exc).__name__}: {shown(str(exc), 200)}); "
                "please report it (REGALIA_DEBUG=1 shows the traceback)",
                err=True,
            )
            return 1
        return rv if isinstance(rv, int) else 0


__all__ = [
    "EXIT_BROKEN_PIPE",
    "EXIT_INTERRUPTED",
    "EXIT_USAGE",
    "RegaliaCommand",
    "RegaliaGroup",
    "core_fail",
    "fail",
    "one_line",
    "strip_field",
]

"""Reading what a person types at the game prompt.

At a terminal (standard input and output both terminals) lines are read with prompt_toolkit:
line editing, arrow keys, a history of the session's entries (up and down) and Tab completion of
the commands and the legal action texts, a word at a time, with each action's label beside it.
Otherwise (a pipe, a file, the tests) plain lines are read from standard input.

Either way a line that still carries control characters — the escape sequences of arrow keys on a
terminal without line editing, a NUL — is refused whole (:func:`clean_line`), so an arrow key
never ends up inside an action.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import IO, Any, Protocol

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory

from regalia.core.errors import shown

MAX_LINE = 1000
"""The longest line read (characters); a longer one is refused."""

Candidates = Callable[[], Iterable[tuple[str, str]]]
"""What may be typed now: ``(text, description)`` pairs (commands and action texts)."""


class RefusedLine(ValueError):
    """A line that is not taken as typed (control characters, or too long); the message says why."""


def clean_line(raw: str) -> str:
    """The line without its surrounding spaces.

    Raises:
        RefusedLine: it holds an escape sequence or another control character (an arrow key read
            without line editing), or is longer than :data:`MAX_LINE` characters.
    """
    line = raw.rstrip("\r\n")
    if len(line) > MAX_LINE:
        raise RefusedLine(f"that line has {len(line)} characters; an entry is at most {MAX_LINE}")
    if any(not ch.isprintable() and ch not in " \t" for ch in line):
        raise RefusedLine("that line holds control keys (arrow keys?) and was ignored: type the entry again")
    return line.replace("\t", " ").strip()


def next_words(typed: str, candidates: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """Completions of ``typed`` a word at a time: each candidate that starts with ``typed`` (case
    ignored) cut after the word being typed (after the next word when a whole word is typed);
    a cut that one candidate leads to keeps its description, a shared one says how many
    candidates it leads to.

    >>> next_words("pl", [("play A1f left of B2m", "x"), ("play A1f right of B2m", "y"), ("pass", "z")])
    [('play', '2 choices')]
    """
    t = typed.lower()
    counts: dict[str, int] = {}
    full: dict[str, str] = {}
    for text, meta in candidates:
        if not text.lower().startswith(t):
            continue
        start = len(typed)
        while start < len(text) and text[start] == " ":
            start += 1  # the typed part is a whole word: complete through the next one
        cut = text.find(" ", start)
        head = text if cut < 0 else text[:cut]
        counts[head] = counts.get(head, 0) + 1
        if head == text or head not in full:
            full[head] = meta  # a whole candidate's description, else the first one leading there
    return [(head, full[head] if n == 1 else f"{n} choices") for head, n in counts.items()]


class ChoiceCompleter(Completer):
    """prompt_toolkit completion of the whole line from :data:`Candidates`, a word at a time."""

    def __init__(self, candidates: Candidates) -> None:
        self.candidates = candidates

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        typed = document.text_before_cursor
        for head, meta in next_words(typed, self.candidates()):
            yield Completion(head, start_position=-len(typed), display_meta=meta)


class LineReader(Protocol):
    """Reads one entry; raises ``EOFError`` at the end of input, ``KeyboardInterrupt`` on Ctrl-C."""

    def read(self, prompt: str, candidates: Candidates) -> str: ...


class PlainReader:
    """Plain lines from a stream (standard input by default), the prompt written before each.
    When the stream is not a terminal the line read is written after the prompt, so that a
    transcript (``regalia play ... < moves.txt``) reads like the screen of a person typing."""

    def __init__(self, stream: IO[str] | None = None, out: IO[str] | None = None) -> None:
        self.stream = stream
        self.out = out

    def read(self, prompt: str, candidates: Candidates) -> str:
        out = self.out or sys.stdout
        stream = self.stream or sys.stdin
        out.write(prompt)
        out.flush()
        line = stream.readline()
        if not line:
            out.write("\n")
            raise EOFError
        if not _is_terminal(stream):
            out.write(shown(line.rstrip("\r\n"), 200) + "\n")
        return line


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class TerminalReader:
    """prompt_toolkit's line editor: history (up/down), editing keys and Tab completion."""

    def __init__(self, input: Any = None, output: Any = None) -> None:
        """``input`` and ``output``: prompt_toolkit's terminal (default: this process's)."""
        self._candidates: Candidates = list
        self.session: PromptSession[str] = PromptSession(
            history=InMemoryHistory(),
            completer=ChoiceCompleter(lambda: self._candidates()),
            complete_while_typing=False,
            reserve_space_for_menu=6,
            input=input,
            output=output,
        )

    def read(self, prompt: str, candidates: Candidates) -> str:
        self._candidates = candidates
        return self.session.prompt(prompt)


def make_reader() -> LineReader:
    """:class:`TerminalReader` when standard input and output are terminals, else
    :class:`PlainReader`."""
    if _is_terminal(sys.stdin) and _is_terminal(sys.stdout):
        try:
            return TerminalReader()
        except Exception:  # a terminal prompt_toolkit cannot drive: plain lines still work
            return PlainReader()
    return PlainReader()


__all__ = [
    "MAX_LINE",
    "ChoiceCompleter",
    "LineReader",
    "PlainReader",
    "RefusedLine",
    "TerminalReader",
    "clean_line",
    "make_reader",
    "next_words",
]

"""An interactive game at the terminal: humans and bots, with numbered legal actions.

Seats ``0 .. humans-1`` are people at this terminal; the rest are bots. A person answers with
the number of a legal action or its text; ``help`` lists the commands. ``undo`` (one-person
games only) goes back to the person's previous decision; ``hint`` asks the strongest bot of the
game. Ctrl-C or end of input ends the session cleanly (the record is saved if asked for).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from regalia.bots import Bot, InfoSet, make_bot
from regalia.core.errors import IllegalActionError
from regalia.core.events import Event
from regalia.core.registry import from_snapshot
from regalia.core.state import State

COMMANDS = {
    "help": "show this list",
    "hint": "what the strongest bot would play here",
    "undo": "go back to your previous decision (one-person games)",
    "log": "show the whole log so far",
    "view": "show the table again",
    "quit": "stop (the record is saved if --record was given)",
}


class Quit(Exception):
    """The person asked to stop (``quit``, Ctrl-C or end of input)."""


@dataclass
class Session:
    """One game at the terminal.

    Attributes:
        state: the game (changed in place).
        humans: the number of human seats (seats ``0 .. humans-1``).
        bots: the bot of each non-human seat, by seat.
        console: where to print.
        hint_bot: the bot name used for ``hint``.
        rng: the bots' random generator.
        log: every event so far with the seats that were at the terminal when it happened.
    """

    state: State
    humans: int
    bots: dict[int, Bot]
    console: Console
    hint_bot: str | None = None
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    log: list[Event] = field(default_factory=list)
    _undo: list[tuple[dict[str, Any], int]] = field(default_factory=list)

    @property
    def viewer(self) -> int | None:
        """The seat whose view the terminal shows: the only human, else a spectator."""
        return 0 if self.humans == 1 else None

    def _visible(self, events: list[Event], seat: int | None) -> list[Event]:
        return [e for e in events if e.is_visible_to(seat)]

    def print_events(self, events: list[Event]) -> None:
        if self.humans == 0:
            return  # bots only: the log is printed once, at the end
        for e in self._visible(events, self.viewer):
            self.console.print(f"  [dim]•[/dim] {escape(e.text)}", highlight=False)

    def show(self, seat: int | None) -> None:
        view = self.state.view(seat)
        title = f"{self.state.game.title} — " + (f"seat {seat}" if seat is not None else "table")
        self.console.print(Panel(Text(self.state.game.render_text(view)), title=escape(title), expand=False))

    def show_actions(self, actions: list[Any]) -> None:
        table = Table(show_header=False, box=None, padding=(0, 1))
        for i, a in enumerate(actions, 1):
            table.add_row(f"[bold cyan]{i}[/bold cyan]", Text(str(a)))
        self.console.print(table)

    def ask(self, seat: int) -> Any:
        """Ask the human at ``seat`` for an action until a legal one is given."""
        actions = self.state.legal_actions()
        self.show(seat)
        self.show_actions(actions)
        while True:
            try:
                raw = self.console.input(f"[bold]seat {seat}[/bold] > ").strip()
            except (EOFError, KeyboardInterrupt):
                raise Quit() from None
            if not raw:
                continue
            word = raw.lower()
            if word in ("quit", "exit"):
                raise Quit()
            if word == "help":
                for name, text in COMMANDS.items():
                    self.console.print(f"  [cyan]{name}[/cyan]  {text}")
                self.console.print("  or the number of an action, or its text")
                continue
            if word == "view":
                self.show(seat)
                self.show_actions(actions)
                continue
            if word == "log":
                for e in self._visible(self.log, seat):
                    self.console.print(Text(f"  {e.text}"))
                continue
            if word == "hint":
                self.hint(seat)
                continue
            if word == "undo":
                if self.undo(seat):
                    return None
                continue
            if raw.isdigit():
                k = int(raw)
                if 1 <= k <= len(actions):
                    return actions[k - 1]
                self.console.print(f"[red]there is no action {k}: choose 1–{len(actions)}[/red]")
                continue
            try:
                return self.state.verify_action(raw)
            except IllegalActionError as exc:
                self.console.print(Text(str(exc), style="red"))

    def hint(self, seat: int) -> None:
        if self.hint_bot is None:
            self.console.print("[yellow]no hint bot for this game[/yellow]")
            return
        bot = make_bot(self.hint_bot, self.state.game.name)
        info = InfoSet(self.state, seat, random.Random(self.rng.random()))
        action = bot.choose(info)
        detail = getattr(bot, "last_estimate", None)
        extra = f" (expected {detail:.1f})" if isinstance(detail, (int, float)) else ""
        self.console.print(
            f"[green]hint ({escape(self.hint_bot)}):[/green] {escape(str(action))}{extra}", highlight=False
        )

    def undo(self, seat: int) -> bool:
        if self.humans != 1 or self.state.num_players != 1:
            self.console.print("[yellow]undo is for one-person games[/yellow]")
            return False
        if not self._undo:
            self.console.print("[yellow]nothing to undo[/yellow]")
            return False
        snap, log_len = self._undo.pop()
        self.state = from_snapshot(snap)
        del self.log[log_len:]
        self.console.print("[green]undone[/green]")
        return True

    def run(self) -> State:
        """Play until the end or until a person stops (raises :class:`Quit`, also on Ctrl-C
        while a bot is thinking)."""
        try:
            return self._run()
        except KeyboardInterrupt:
            raise Quit() from None

    def _run(self) -> State:
        while not self.state.is_terminal:
            seat = self.state.current_player
            assert seat is not None
            if seat < self.humans:
                if self.humans > 1:
                    self.console.rule(f"seat {seat} to play")
                before = self.state.snapshot() if self.state.num_players == 1 else None
                action = self.ask(seat)
                if action is None:  # undone
                    continue
                if before is not None:
                    self._undo.append((before, len(self.log)))
            else:
                action = self.bots[seat].choose(InfoSet(self.state, seat, self.rng))
            events = self.state.apply(action)
            self.log.extend(events)
            self.print_events(events)
        return self.state


def save_record(state: State, path: Path) -> None:
    """Write the game record of ``state`` as JSON to ``path``."""
    path.write_text(json.dumps(state.record(), indent=1))

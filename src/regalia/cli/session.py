"""An interactive game at the terminal: people and bots, the table, the prompt and the choices.

Seats ``P0 .. P(H-1)`` are people at this terminal; the rest are bots. For each decision of a
person the screen shows the table as that seat sees it (``Game.render_text`` of its view), the
decision in words (``State.prompt``) and the legal choices numbered with their labels (grouped
when there are many, see :mod:`regalia.cli.choices`). A person answers with a number, an action
text (Tab completes it at a terminal), a group word or the start of an action (to list those
choices), or a command (``help``). Ctrl-C or the end of input stops the game cleanly.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Iterator
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from regalia.bots import Bot, InfoSet, make_bot
from regalia.cli.choices import LIMIT, Menu
from regalia.cli.lineinput import LineReader, PlainReader, RefusedLine, clean_line
from regalia.core.errors import IllegalActionError, shown
from regalia.core.events import Event
from regalia.core.game import Game
from regalia.core.registry import undo_to
from regalia.core.state import State, seat_name

_NUMBER = re.compile(r"[0-9]{1,9}")
RESERVED_ROWS = 9
"""Rows kept free below the choices on a terminal: the rule above the table, the input line and
the completion menu (6 rows), and one spare."""


class Quit(Exception):
    """The person asked to stop (``quit``, Ctrl-C or end of input)."""


def legend_text(game: Game) -> str:
    """What the marks and abbreviations of ``game``'s table mean: ``Game.legend``, or the card
    and action notation when the game declares no legend."""
    return (game.legend or game.notation or "This game's table uses no special marks.").strip()


@dataclass
class Session:
    """One game at the terminal.

    Attributes:
        state: the game (replaced by an earlier position on ``undo``).
        humans: the number of people (seats ``0 .. humans-1``).
        bots: the bot of each other seat, by seat.
        console: where the screen is printed.
        hint_bot: the bot name that ``hint`` asks (``None``: no hints).
        rng: the bots' random generator.
        reader: where the people's entries come from.
        record: the file the record will be saved to, if any (``quit`` says so).
        log: every event so far.
        auto_forced: play a person's forced choice for them (``State.forced_action``: the only
            choice, when taking it at once tells the other seats nothing), saying so; the
            ``auto`` command turns it on and off.
    """

    state: State
    humans: int
    bots: dict[int, Bot]
    console: Console
    hint_bot: str | None = None
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    reader: LineReader = field(default_factory=PlainReader)
    record: Path | None = None
    log: list[Event] = field(default_factory=list)
    auto_forced: bool = True
    _undo: list[tuple[dict[str, Any], int]] = field(default_factory=list)
    _rows: int = LIMIT

    @property
    def viewer(self) -> int | None:
        """The seat whose view the terminal shows between decisions: the only person's, else a
        spectator's (several people share the screen, or only bots play)."""
        return 0 if self.humans == 1 else None

    # ----------------------------------------------------------------- what the screen shows
    def commands(self) -> dict[str, str]:
        """The commands a person may type now, with what each does."""
        out = {
            "help": "this list",
            "legend": "what the marks and abbreviations on the table mean",
            "view": "the table and your choices again",
            "log": "every move so far that you could see",
        }
        if self.hint_bot is not None:
            out["hint"] = f"what {self.hint_bot} would play here"
        out["auto"] = "play your forced choices for you (the only choice, when that tells nobody anything): " + (
            "on — type auto to turn it off" if self.auto_forced else "off — type auto to turn it on"
        )
        if self.state.undo_allowed():
            out["undo"] = "take back your last decision (the record and the result count undos)"
        out["quit"] = "stop here and show the score so far" + (", saving the record" if self.record else "")
        return out

    def print_events(self, events: Iterable[Event], seat: int | None) -> None:
        """Print the events ``seat`` may see, one a line."""
        for e in events:
            if e.is_visible_to(seat):
                self.console.print(Text.assemble(("  • ", "dim"), e.text))

    def show_table(self, seat: int | None, *, with_prompt: bool = True) -> tuple[dict[str, Any], str]:
        """Print the table as ``seat`` sees it (under a rule naming the game and the seat),
        ending with the view's prompt unless ``with_prompt`` is false (the caller prints it);
        return the view and the text printed."""
        view = self.state.view(seat)
        who = seat_name(seat) if seat is not None else "the table"
        self.console.rule(Text(f"{self.state.game.title} — {who} — move {len(self.state.history) + 1}"), style="dim")
        text = self.state.game.render_text(view if with_prompt else {**view, "prompt": ""})
        self.console.print(Text(text))
        return view, text

    def show_decision(self, seat: int, menu: Menu) -> None:
        """The table, the decision in words (once, in bold) and the numbered choices."""
        view, text = self.show_table(seat, with_prompt=False)
        prompt = Text(str(view.get("prompt") or self.state.prompt(seat)), style="bold")
        self.console.print(prompt)
        table_rows = len(self.console.render_lines(Text(text))) + len(self.console.render_lines(prompt))
        self._rows = self.rows_for_choices(table_rows)
        self.console.print(menu.render(self._rows, self.console.width))

    def rows_for_choices(self, used: int) -> int:
        """How many rows the choices may take below ``used`` rows of table and prompt: what a
        terminal has left (keeping the rule above the table, the input line and prompt_toolkit's
        completion menu), never fewer than :data:`~regalia.cli.choices.LIMIT`; exactly that
        off a terminal."""
        if not self.console.is_terminal:
            return LIMIT
        return max(LIMIT, self.console.height - used - RESERVED_ROWS)

    def show_help(self) -> None:
        for name, text in self.commands().items():
            self.console.print(Text.assemble(("  " + name.ljust(7), "cyan"), text))
        self.console.print(
            "  or the number of a choice, its text (Tab completes it), or a group word or the start of an "
            "action to list those choices",
            highlight=False,
        )

    def show_legend(self) -> None:
        self.console.print(Text(legend_text(self.state.game)))

    # ----------------------------------------------------------------- a person's decision
    def _candidates(self, menu: Menu) -> Iterator[tuple[str, str]]:
        yield from self.commands().items()
        seen = set()
        for c in menu.items:
            seen.add(c.text)
            yield c.text, (c.label if c.label != c.text else "")
        for group in menu.headings():
            if group not in seen:
                yield group, "list these choices"

    def ask(self, seat: int) -> Any:
        """Ask the person at ``seat`` until a legal action is given; ``None`` after an undo.

        Raises:
            Quit: ``quit``, Ctrl-C or the end of input.
        """
        menu = Menu(self.state.legal_choices())
        self.show_decision(seat, menu)
        while True:
            try:
                raw = self.reader.read(f"{seat_name(seat)} > ", lambda: self._candidates(menu))
            except (EOFError, KeyboardInterrupt):
                raise Quit() from None
            try:
                line = clean_line(raw)
            except RefusedLine as exc:
                self.console.print(Text(str(exc), style="yellow"))
                continue
            if not line:
                continue
            exact = menu.by_text(line)
            if exact is not None:
                return self.state.verify_action(exact.id)
            if _NUMBER.fullmatch(line):
                choice = menu.by_number(int(line))
                if choice is not None:
                    return self.state.verify_action(choice.id)
                self.console.print(Text(f"there is no choice {line}: choose 1–{len(menu)}", style="red"))
                continue
            word = line.lower()
            if word in ("quit", "exit"):
                raise Quit()
            if word in ("help", "?"):
                self.show_help()
                continue
            if word == "legend":
                self.show_legend()
                continue
            if word == "view":
                self.show_decision(seat, menu)
                continue
            if word == "log":
                self.print_events(self.log, seat)
                continue
            if word == "hint":
                self.hint(seat)
                continue
            if word == "undo":
                if self.undo():
                    return None
                continue
            if word in ("auto", "auto on", "auto off"):
                self.auto_forced = not self.auto_forced if word == "auto" else word == "auto on"
                state = "on" if self.auto_forced else "off"
                self.console.print(Text(f"forced choices are now played for you: {state}", style="green"))
                if self.auto_forced and self.state.forced_action() is not None:
                    return self.state.forced_action()
                continue
            try:
                return self.state.verify_action(line)
            except IllegalActionError as exc:
                listing = menu.render_query(line, self._rows, self.console.width)
                if listing is not None and any(
                    c.text.lower().startswith(word) or c.group.lower() == word for c in menu.items
                ):
                    self.console.print(listing)
                    continue
                self.console.print(Text(str(exc), style="red"))
                if listing is not None:
                    self.console.print(Text(f"choices that mention {shown(line)!r}:", style="dim"))
                    self.console.print(listing)

    def hint(self, seat: int) -> None:
        """Print what the hint bot would play for ``seat`` now (from that seat's information only)."""
        if self.hint_bot is None:
            self.console.print(Text("no hint bot for this game", style="yellow"))
            return
        bot = make_bot(self.hint_bot, self.state.game.name)
        with self.thinking(f"{self.hint_bot} is thinking…"):
            action = bot.choose(InfoSet(self.state, seat, random.Random(self.rng.random())))
        label = self.state.label(action)
        estimate = getattr(bot, "last_estimate", None)
        text = Text.assemble((f"hint ({self.hint_bot}): ", "green"), str(action))
        if label != str(action):
            text.append(f" — {label}", style="dim")
        if len(self.state.legal_actions()) == 1:
            text.append(" (the only legal choice)")
        elif isinstance(estimate, (int, float)):
            text.append(f" (expected {estimate:.2f})")
        self.console.print(text)

    def undo(self) -> bool:
        """Go back to the person's previous decision (``regalia.core.undo_to``: counted in the
        record and the result). Returns whether it went back."""
        if not self.state.undo_allowed():
            self.console.print(Text("undo: this game does not allow taking a decision back", style="yellow"))
            return False
        if not self._undo:
            self.console.print(Text("nothing to undo", style="yellow"))
            return False
        snapshot, log_len = self._undo.pop()
        try:
            self.state = undo_to(self.state, snapshot)
        except ValueError as exc:
            self.console.print(Text(str(exc), style="yellow"))
            return False
        del self.log[log_len:]
        n = self.state.undos
        self.console.print(Text(f"undone ({n} undo{'s' if n != 1 else ''} this game)", style="green"))
        return True

    # ----------------------------------------------------------------- the game loop
    def thinking(self, message: str) -> Any:
        """A spinner while a bot thinks, on a terminal only."""
        if self.console.is_terminal and self.humans:
            return self.console.status(message)
        return nullcontext()

    def run(self) -> State:
        """Play until the end, or until a person stops (raises :class:`Quit`, also on Ctrl-C
        while a bot is thinking)."""
        try:
            return self._run()
        except KeyboardInterrupt:
            raise Quit() from None

    def _run(self) -> State:
        while not self.state.is_terminal:
            seat = self.state.current_player
            assert seat is not None
            forced = self.state.forced_action() if seat < self.humans and self.auto_forced else None
            if forced is not None:
                action = forced
                self.console.print(
                    Text.assemble(
                        ("  • ", "dim"),
                        (f"{seat_name(seat)}: played for you — ", "cyan"),
                        self.state.label(forced),
                        (" (your only choice; type auto to choose these yourself)", "dim"),
                    )
                )
            elif seat < self.humans:
                before = self.state.snapshot() if self.state.undo_allowed() else None
                action = self.ask(seat)
                if action is None:  # undone
                    continue
                if before is not None:
                    self._undo.append((before, len(self.log)))
            else:
                bot = self.bots[seat]
                with self.thinking(f"{seat_name(seat)} ({getattr(bot, 'name', 'bot')}) is thinking…"):
                    action = bot.choose(InfoSet(self.state, seat, self.rng))
            events = self.state.apply(action)
            self.log.extend(events)
            self.print_events(events, self.viewer)
        return self.state


def save_record(state: State, path: Path) -> None:
    """Write the game record of ``state`` as JSON to ``path``.

    Raises:
        OSError: the file cannot be written.
    """
    path.write_text(json.dumps(state.record(), indent=1) + "\n", encoding="utf-8")


__all__ = ["Quit", "Session", "legend_text", "save_record"]

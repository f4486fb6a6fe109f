"""``regalia learn``: the lessons of a game at the terminal, with the words of ``regalia play``.

``regalia learn`` lists the games and their lessons; ``regalia learn GAME [LESSON]`` runs the
game's course from its first lesson (or from LESSON, a number or an id), one after the other.
Each decision shows the table, the decision in words and the numbered choices as ``play`` does,
with the lesson's goal and what to look at; a wrong move is explained with the rule and taken
back (the table as it was), and a lesson ends with its stars (:mod:`regalia.core.lessons`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated

import typer
from rich.text import Text

from regalia.bots import Bot, InfoSet, make_bot
from regalia.cli.app import app, console
from regalia.cli.checks import game_arg
from regalia.cli.choices import Menu
from regalia.cli.errors import RegaliaCommand, fail, strip_field
from regalia.cli.lineinput import LineReader, make_reader
from regalia.cli.play import result_line
from regalia.cli.session import Quit, Session, legend_text
from regalia.core.lessons import Course, Decision, Lesson, LessonRun, Rule, courses, load_course
from regalia.core.registry import get_game
from regalia.core.state import seat_name

SETUP_EVENTS = 8
"""How many of the set-up's last events (those the learner saw) are shown before a lesson."""


def stars_text(stars: int) -> str:
    """``★★☆`` for 2 of 3 stars."""
    return "★" * stars + "☆" * (3 - stars)


def look_at(names: tuple[str, ...]) -> str:
    """The highlights in words: ``hand:R9f`` → ``R9f in your hand``, ``spot:B9f:left`` →
    ``left of B9f``, ``seat:P1`` → ``P1``; other click steps with their colons as spaces."""
    out = []
    for name in names:
        parts = name.split(":")
        if parts[0] == "hand" and len(parts) == 2:
            out.append(f"{parts[1]} in your hand")
        elif parts[0] == "spot" and len(parts) == 3:
            out.append(f"{parts[2]} of {parts[1]}")
        elif parts[0] == "seat":
            out.append(parts[1])
        else:
            out.append(" ".join(parts))
    return " · ".join(out)


def rule_line(rule: Rule) -> Text:
    """The rule taught, with its ruling id when it has one."""
    return Text.assemble(("  Rule", "bold"), f" ({rule.id}): " if rule.id else ": ", (rule.text, "italic"))


@dataclass
class LessonSession(Session):
    """A :class:`~regalia.cli.session.Session` of one lesson: the goal shown with each decision."""

    run_: LessonRun | None = None
    goal: Decision | None = None
    told_play_on: bool = False

    def show_decision(self, seat: int, menu: Menu) -> None:
        view, text = self.show_table(seat, with_prompt=False)
        lines = [Text(str(view.get("prompt") or self.state.prompt(seat)), style="bold")]
        if self.goal is not None:
            lines.append(Text.assemble(("Goal: ", "bold green"), self.goal.goal))
            if self.goal.highlight:
                lines.append(Text.assemble(("Look at: ", "green"), look_at(self.goal.highlight)))
        used = len(self.console.render_lines(Text(text)))
        for line in lines:
            self.console.print(line)
            used += len(self.console.render_lines(line))
        self._rows = self.rows_for_choices(used)
        self.console.print(menu.render(self._rows, self.console.width))


def _bots(lesson: Lesson) -> dict[int, Bot]:
    if lesson.bot is None:
        return {}
    return {s: make_bot(lesson.bot, lesson.game_name) for s in range(lesson.players) if s != lesson.learner}


def run_lesson(lesson: Lesson, number: int, total: int, reader: LineReader) -> int:
    """Play ``lesson`` at the terminal; return its stars.

    Raises:
        Quit: the learner stopped (``quit``, Ctrl-C, end of input).
    """
    console.rule(Text(f"Lesson {number} of {total}: {lesson.title}", style="bold"))
    console.print(Text.assemble(("Rulebook: ", "dim"), lesson.section))
    console.print(Text(lesson.intro))
    run = LessonRun(lesson)
    if lesson.actions:
        seen = [e for e in run.setup if e.is_visible_to(lesson.learner)]
        console.print(
            Text(f"The game so far: {len(lesson.actions)} moves have been played; the last you saw:", style="dim")
        )
        session_events = seen[-SETUP_EVENTS:]
    else:
        session_events = []
    session = LessonSession(run.state, 0, _bots(lesson), console, reader=reader, auto_forced=False)
    session.run_ = run
    session.print_events(session_events, lesson.learner)
    seat = lesson.learner
    rng = random.Random(lesson.seed)
    while not run.finished:
        session.print_events(run.advance(), seat)
        if run.finished:
            break
        session.state = run.state
        actor = run.state.current_player
        assert actor is not None
        if actor != seat:
            action = session.bots[actor].choose(InfoSet(run.state, actor, rng))
            session.print_events(run.play_other(action), seat)
            continue
        session.goal = run.decision
        if session.goal is None and run.scripted_over and lesson.bot is not None and not session.told_play_on:
            session.told_play_on = True
            console.print(Text("Now play on to the end of the game.", style="bold green"))
        chosen = session.ask(seat)
        if chosen is None:
            continue
        attempt = run.attempt(chosen)
        if not attempt.ok:
            console.print(Text.assemble(("✗ Not this move: ", "bold red"), run.state.label(chosen)))
            console.print(Text("  " + attempt.text))
            if attempt.rule is not None:
                console.print(rule_line(attempt.rule))
            console.print(Text("  The move is taken back: the table is as it was. Try again.", style="yellow"))
            continue
        session.print_events(attempt.events, seat)
        if attempt.text:
            console.print(Text.assemble(("✓ ", "bold green"), attempt.text))
            if attempt.rule is not None:
                console.print(rule_line(attempt.rule))
    if run.state.is_terminal:
        console.print(result_line(run.state, seat))
    stars = run.stars
    why = (
        ("you won the game" if stars == 3 else "you played the game to its end; win it for 3 stars")
        if lesson.bot is not None
        else f"{lesson.par} decision{'s' if lesson.par != 1 else ''}, "
        f"{run.mistakes} wrong move{'s' if run.mistakes != 1 else ''}"
    )
    console.print(Text.assemble(("Lesson complete ", "bold green"), (stars_text(stars), "bold yellow"), f"  ({why})"))
    if lesson.done:
        console.print(Text(lesson.done))
    return stars


def list_courses() -> None:
    """Print every game's course: the lessons, numbered, with their rulebook section."""
    for name in courses():
        course = load_course(name)
        console.print(Text.assemble((course.title, "bold"), f"  regalia learn {name} [LESSON]"))
        for i, lesson in enumerate(course.lessons):
            kind = "whole game" if lesson.bot is not None else f"par {lesson.par}"
            console.print(
                Text(f"  {i + 1:2}  {lesson.id:24} {lesson.title} — {lesson.section} ({kind})"), soft_wrap=True
            )


def _course(name: str) -> Course:
    g = game_arg(name)
    try:
        return load_course(g.name)
    except ValueError as exc:
        fail("GAME", strip_field(str(exc), "game"))


@app.command("learn", cls=RegaliaCommand)
def learn(
    game: Annotated[str | None, typer.Argument(metavar="GAME", help="Game name (see `regalia list`).")] = None,
    lesson: Annotated[
        str | None, typer.Argument(metavar="LESSON", help="Start at this lesson: its number or id (default: 1).")
    ] = None,
) -> None:
    """Learn a game with guided lessons; without GAME, list every game's lessons."""
    if game is None:
        list_courses()
        return
    course = _course(game)
    try:
        current: Lesson | None = course.lesson(lesson) if lesson is not None else course.lessons[0]
    except ValueError as exc:
        fail("LESSON", strip_field(str(exc), "lesson"))
    console.print(Text(course.title, style="bold"))
    console.print(Text("Legend", style="bold"))
    console.print(Text(legend_text(get_game(course.game))))
    console.print(
        Text.assemble(
            "Type ", ("help", "cyan"), " for the commands, ", ("legend", "cyan"), " for the marks, ", ("quit", "cyan")
        ).append(" to stop.")
    )
    reader = make_reader()
    total = len(course.lessons)
    while current is not None:
        number = course.lessons.index(current) + 1
        try:
            run_lesson(current, number, total, reader)
        except Quit:
            console.print(Text(f"Stopped in lesson {number}; `regalia learn {course.game} {number}` starts it again."))
            raise typer.Exit(0) from None
        current = course.after(current)
        if current is None:
            console.print(Text(f"You have finished the {course.title} course.", style="bold green"))
            return
        console.print(Text(f"Next lesson: {current.title}. Press Enter to start it, or type quit.", style="bold"))
        try:
            answer = reader.read(f"{seat_name(0)} > ", lambda: iter([("quit", "stop here")]))
        except (EOFError, KeyboardInterrupt):
            return
        if answer.strip().lower() in ("quit", "exit", "q"):
            return


__all__ = ["LessonSession", "learn", "list_courses", "look_at", "run_lesson", "stars_text"]

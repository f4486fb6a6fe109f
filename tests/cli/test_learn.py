"""``regalia learn``: the lessons at the terminal, from a pipe (regalia.cli.learn)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from regalia.cli.main import app
from regalia.core.lessons import Decision, load_course

runner = CliRunner(env={"COLUMNS": "200", "TERMINAL_WIDTH": "200"})
COURSES = ["kings-family", "kings-blood", "kingship", "blood-and-fortune", "kingdom"]


def test_learn_alone_lists_every_game_and_lesson() -> None:
    result = runner.invoke(app, ["learn"])
    assert result.exit_code == 0, result.output
    for game in COURSES:
        course = load_course(game)
        assert f"regalia learn {game}" in result.output
        for lesson in course.lessons:
            assert lesson.id in result.output and lesson.title in result.output


def test_a_wrong_move_is_explained_with_the_rule_and_taken_back() -> None:
    result = runner.invoke(
        app, ["learn", "kings-family", "active-cards"], input="enthrone M7f\nplay M9f right of M7f\nquit\n"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Goal: Play a Money (green) Character beside M7f" in out
    assert "Look at: M4f in your hand · M9f in your hand · left of M7f · right of M7f" in out
    assert "✗ Not this move: Enthronement under M7f" in out
    assert "Enthronement is an Event, played on an Active card" in out
    assert "Rule (KB-T1): A Character is played beside an Active card" in out
    assert "taken back: the table is as it was" in out
    # the table shown again after the wrong move is the same: the founder alone, Enthronement in hand
    after = out.split("taken back")[1]
    assert "G1 ( 1)| *M7f3" in after and "Enthronement" in after.split("Goal:")[0]
    assert "Lesson complete ★★☆  (1 decision, 1 wrong move)" in out
    assert "Next lesson: A Marriage and its child" in out


def test_an_illegal_entry_is_refused_by_the_rules_and_not_counted() -> None:
    result = runner.invoke(app, ["learn", "kings-family", "1"], input="draw\nplay M4f left of M7f\n")
    assert "you may not draw while you hold a legal play" in result.output
    assert "Lesson complete ★★★  (1 decision, 0 wrong moves)" in result.output


def test_an_unknown_lesson_names_the_argument() -> None:
    result = runner.invoke(app, ["learn", "kings-family", "flying"])
    assert result.exit_code == 2
    assert "LESSON" in result.output and "active-cards" in result.output


def _answers(game: str) -> str:
    """Every lesson's expected moves in order; a whole game answered with choice 1 each time
    (the bot lesson is last), then Enter between lessons."""
    lines: list[str] = []
    for lesson in load_course(game).lessons:
        for step in lesson.steps:
            if isinstance(step, Decision):
                lines.append(step.expect[0] if step.expect else "1")
        if lesson.bot is not None:
            lines.extend(["1"] * 3000)
        lines.append("")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("game", COURSES)
def test_every_lesson_completed_from_a_pipe(game: str) -> None:
    course = load_course(game)
    result = runner.invoke(app, ["learn", game], input=_answers(game))
    assert result.exit_code == 0, result.output[-3000:]
    assert result.output.count("Lesson complete ★★★") >= len(course.lessons) - 1
    assert result.output.count("Lesson complete") == len(course.lessons)
    assert f"You have finished the {course.title} course." in result.output

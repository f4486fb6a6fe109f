"""Lessons as data (regalia.core.lessons): every course replays under today's rules, a bad
lesson file is refused naming its field, and a wrong move is taken back."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from regalia.bots import InfoSet, make_bot
from regalia.core import game_names, get_game
from regalia.core.lessons import Decision, LessonRun, load_course, parse_course

COURSES = ["kings-family", "kings-blood", "kingship", "blood-and-fortune", "kingdom"]


def _raw(game: str) -> dict[str, Any]:
    from importlib import resources

    package = type(get_game(game)).__module__.rsplit(".", 1)[0]
    data: dict[str, Any] = json.loads(resources.files(package).joinpath("lessons.json").read_text(encoding="utf-8"))
    return data


def test_every_game_has_a_course() -> None:
    """Every game of the package (not the test games other tests register: ``trap``, ``toy``)."""
    packaged = [n for n in game_names() if type(get_game(n)).__module__.startswith("regalia.games.")]
    assert sorted(COURSES) == sorted(packaged)


@pytest.mark.parametrize("game", COURSES)
def test_every_lesson_replays_under_todays_rules(game: str) -> None:
    """load_course checks each lesson: set-up and other seats' moves legal on their turn, the
    expected moves legal on the learner's, highlights on the decision; then each lesson is
    played through by its expected moves to its goal."""
    course = load_course(game)
    assert course.lessons, "a course has lessons"
    for lesson in course.lessons:
        run = LessonRun(lesson)
        rng = random.Random(lesson.seed)
        learner_bot = make_bot("random", game)
        other = make_bot(lesson.bot, game) if lesson.bot else None
        steps = 0
        while not run.finished:
            run.advance()
            if run.finished:
                break
            seat = run.state.current_player
            assert seat is not None
            if seat != lesson.learner:
                assert other is not None, f"{lesson.id}: another seat to act with no scripted move and no bot"
                run.play_other(other.choose(InfoSet(run.state, seat, rng)))
                continue
            d = run.decision
            if d is not None and d.expect is not None:
                attempt = run.attempt(d.expect[0])
            else:
                attempt = run.attempt(learner_bot.choose(InfoSet(run.state, seat, rng)))
            assert attempt.ok
            steps += 1
            assert steps < 5000
        assert run.stars == (3 if lesson.bot is None else run.stars)
        assert run.stars >= 2
        if lesson.bot is not None:
            assert run.state.is_terminal


@pytest.mark.parametrize("game", COURSES)
def test_every_course_covers_a_whole_game_and_cites_rules(game: str) -> None:
    course = load_course(game)
    assert course.lessons[-1].bot is not None, "a course ends with a whole game against a bot"
    words = get_game(game).rule_words()
    cited = {s.rule.id for lesson in course.lessons for s in lesson.steps if isinstance(s, Decision) and s.rule.id}
    assert cited and cited <= set(words)


def test_a_wrong_move_is_explained_and_taken_back() -> None:
    lesson = load_course("kings-family").lesson("active-cards")
    run = LessonRun(lesson)
    run.advance()
    before = run.state.snapshot()
    attempt = run.attempt("enthrone M7f")
    assert not attempt.ok and "Event" in attempt.text
    assert attempt.rule is not None and attempt.rule.id == "KB-T1"
    assert run.state.snapshot() == before
    assert run.mistakes == 1 and not run.finished
    ok = run.attempt("play M9f left of M7f")
    assert ok.ok and run.finished and run.stars == 2


def test_stars_three_within_par_then_fewer() -> None:
    lesson = load_course("kings-family").lesson("marriage")
    for wrong, stars in ((0, 3), (1, 2), (2, 1), (3, 1)):
        run = LessonRun(lesson)
        for _ in range(wrong):
            assert not run.attempt("play A5m left of R5m").ok
        assert run.attempt("play R6f left of R5m").ok
        assert run.stars == stars


def _broken(path: list[Any], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(_raw("kings-family"))
    node: Any = data
    for key in path[:-1]:
        node = node[key]
    if value is KeyError:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (["format"], "regalia.record", "format"),
        (["lessons", 0, "goal"], "x", "lessons[0]"),
        (["lessons", 1, "seed"], -1, "lessons[1].seed"),
        (["lessons", 1, "title"], KeyError, "lessons[1].title"),
        (["lessons", 0, "steps", 0, "expect", 0], "play M9f left of R5m", "lessons[0].steps[0].expect[0]"),
        (["lessons", 0, "steps", 0, "expect"], "some", "lessons[0].steps[0].expect"),
        (["lessons", 0, "steps", 0, "highlight", 0], "hand:XX", "lessons[0].steps[0].highlight[0]"),
        (["lessons", 0, "steps", 0, "rule", "id"], "KS-99", "lessons[0].steps[0].rule.id"),
        (["lessons", 0, "steps", 0, "rule", "text"], "", "lessons[0].steps[0].rule.text"),
        (["lessons", 2, "actions", 1], "play Z9m left of M9f", "lessons[2].actions[1]"),
        (["lessons", 0, "steps"], [{"move": "draw"}], "lessons[0].steps[0].move"),
        (["lessons", 0, "steps", 0, "goals"], "x", "lessons[0].steps[0].goals"),
        (["lessons", 0, "players"], 2, "lessons[0].players"),
        (["lessons", 3, "id"], "marriage", "lessons[3].id"),
        (["lessons", 9, "target"], "high", "lessons[9].target"),
        (["lessons", 1, "config"], {"undo": "sometimes"}, "lessons[1].config"),
    ],
)
def test_a_bad_lesson_file_names_the_field(path: list[Any], value: Any, field: str) -> None:
    data = _broken(path, value)
    with pytest.raises(ValueError) as info:
        parse_course(data)
    assert str(info.value).startswith(field), str(info.value)


def test_an_other_seats_move_on_the_learners_turn_is_refused() -> None:
    data = _broken(["lessons", 0, "steps"], [{"move": "play M9f left of M7f"}])
    with pytest.raises(ValueError, match=r"^lessons\[0\]\.steps\[0\]\.move: it is the learner's turn"):
        parse_course(data)


def test_expecting_every_legal_move_is_refused() -> None:
    legal = [
        "play M4f left of M7f",
        "play M4f right of M7f",
        "play M9f left of M7f",
        "play M9f right of M7f",
        "enthrone M7f",
    ]
    data = _broken(["lessons", 0, "steps", 0, "expect"], legal)
    del data["lessons"][0]["steps"][0]["mistakes"]
    with pytest.raises(ValueError, match=r"^lessons\[0\]\.steps\[0\]\.expect: every legal move is expected"):
        parse_course(data)

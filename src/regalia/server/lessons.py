"""Lessons in the browser: the courses (``GET /api/lessons``) and lesson sessions the server
runs (``POST /api/lessons/{game}/{lesson}``, then ``POST /api/lessons/sessions/{id}`` with each
move), drawn by the table page (``/table.html?lesson=GAME/LESSON``) with the games' renderers.

A lesson session is one learner against the lesson's script (the other seats' scripted moves)
and, in a whole-game lesson, a bot (:mod:`regalia.core.lessons`). It lives in this process's
memory (at most :data:`MAX_SESSIONS`, each dropped :data:`IDLE_SECONDS` after its last move):
a lesson is short and is started again from its deal when lost. What a frame carries is the
learner's own: ``view(learner)`` with its prompt, the learner's legal choices, the events the
learner saw, and the lesson's words — never the script's moves for the other seats.
"""

from __future__ import annotations

import random
import secrets
import threading
import time
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Literal

from fastapi import APIRouter
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field

from regalia.bots import Bot, InfoSet, make_bot
from regalia.core import IllegalActionError, get_game
from regalia.core.events import Event
from regalia.core.lessons import Course, Lesson, LessonRun, courses, load_course
from regalia.server.frames import event_out
from regalia.server.protocol import Choice, EventOut
from regalia.server.table_requests import LobbyError

MAX_SESSIONS = 2000
IDLE_SECONDS = 3600.0
MAX_ACTION_CHARS = 200
SETUP_EVENTS = 8
"""How many of the set-up's last events (those the learner saw) the first frame carries."""
MAX_BOT_MOVES = 10_000
"""The most bot moves played between two of the learner's decisions (a whole game's guard)."""


class LessonInfo(BaseModel):
    """A lesson as listed: its id, number, title, the rulebook section it teaches, its par (the
    learner's scripted decisions) and whether it is a whole game against a bot."""

    id: str
    number: int
    title: str
    section: str
    par: int
    whole_game: bool
    players: int


class CourseInfo(BaseModel):
    """A game's course: the game, its title and its lessons in order."""

    game: str
    title: str
    game_title: str
    lessons: list[LessonInfo]


class CourseList(BaseModel):
    """Every game's course."""

    courses: list[CourseInfo]


class RuleOut(BaseModel):
    """The rule a decision teaches: a ruling or rule-section id (``""``: none) and the sentence."""

    id: str
    text: str


class AttemptOut(BaseModel):
    """What the learner's last move did: ``ok`` (played) or not (explained and taken back)."""

    ok: bool
    action: str
    label: str
    text: str
    rule: RuleOut | None


class LessonFrame(BaseModel):
    """What the lesson page shows: the lesson, the learner's table and decision, the goal and
    highlights, the events since the previous frame, the last attempt and, at the end, the stars."""

    session: str
    game: str
    lesson: LessonInfo
    intro: str
    course_title: str
    seat: int
    step: int
    status: Literal["running", "over"]
    view: dict[str, Any]
    prompt: str
    legal: list[Choice]
    goal: str | None
    highlight: list[str]
    events: list[EventOut]
    setup_moves: int
    attempt: AttemptOut | None
    mistakes: int
    finished: bool
    stars: int
    done: str
    result: dict[str, Any] | None
    next_lesson: LessonInfo | None


class LessonMove(BaseModel):
    """A learner's move: the action text of one of the frame's legal choices."""

    model_config = ConfigDict(extra="forbid")

    action: str = Field(max_length=MAX_ACTION_CHARS)


def lesson_info(course: Course, lesson: Lesson) -> LessonInfo:
    """The listing of ``lesson`` in ``course``."""
    return LessonInfo(
        id=lesson.id,
        number=course.lessons.index(lesson) + 1,
        title=lesson.title,
        section=lesson.section,
        par=lesson.par,
        whole_game=lesson.bot is not None,
        players=lesson.players,
    )


def course_list() -> CourseList:
    """Every game's course, in the registry's order."""
    out = []
    for name in courses():
        course = load_course(name)
        out.append(
            CourseInfo(
                game=name,
                title=course.title,
                game_title=get_game(name).title,
                lessons=[lesson_info(course, x) for x in course.lessons],
            )
        )
    return CourseList(courses=out)


@dataclass
class Session:
    """One learner's lesson: the run, the bots of the other seats, and the events not yet sent."""

    id: str
    course: Course
    run: LessonRun
    bots: dict[int, Bot]
    rng: random.Random
    touched: float = field(default_factory=time.monotonic)
    pending: list[Event] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def learner(self) -> int:
        return self.run.lesson.learner

    def play_others(self) -> None:
        """The other seats' moves up to the learner's next decision (scripted, then the bot's)."""
        run = self.run
        for _ in range(MAX_BOT_MOVES):
            self.pending.extend(run.advance())
            if run.finished or run.learner_to_act:
                return
            seat = run.state.current_player
            assert seat is not None
            self.pending.extend(run.play_other(self.bots[seat].choose(InfoSet(run.state, seat, self.rng))))
        raise RuntimeError("a lesson's bots played too many moves in a row")

    def frame(self, attempt: AttemptOut | None) -> LessonFrame:
        """The learner's frame now; the events since the previous one are sent once."""
        run, lesson = self.run, self.run.lesson
        state = run.state
        deciding = run.learner_to_act
        decision = run.decision if deciding else None
        view = state.view(self.learner)
        events = [event_out(e) for e in state.events_for(self.pending, self.learner)]
        self.pending = []
        after = self.course.after(lesson) if run.finished else None
        return LessonFrame(
            session=self.id,
            game=lesson.game_name,
            lesson=lesson_info(self.course, lesson),
            intro=lesson.intro,
            course_title=self.course.title,
            seat=self.learner,
            step=len(state.history),
            status="over" if run.finished else "running",
            view=view,
            prompt=str(view.get("prompt", "")),
            legal=[Choice(**c) for c in state.legal_choices()] if deciding else [],
            goal=decision.goal if decision is not None else _play_on(run),
            highlight=list(decision.highlight) if decision is not None else [],
            events=events,
            setup_moves=len(lesson.actions),
            attempt=attempt,
            mistakes=run.mistakes,
            finished=run.finished,
            stars=run.stars,
            done=lesson.done,
            result=state.result() if state.is_terminal else None,
            next_lesson=None if after is None else lesson_info(self.course, after),
        )

    def move(self, text: str) -> LessonFrame:
        """Play the learner's move ``text``: expected, it is applied and the others play on;
        another legal move is explained with the rule and taken back (the state unchanged).

        Raises:
            LobbyError: 409 when it is not the learner's decision, 422 for an illegal move
                (naming the rule).
        """
        run = self.run
        if not run.learner_to_act:
            raise LobbyError(409, "action", "it is not your decision now")
        try:
            action = run.state.verify_action(text)
        except IllegalActionError as exc:
            raise LobbyError(422, "action", str(exc)) from None
        label = run.state.label(action)
        tried = run.attempt(action)
        rule = None if tried.rule is None else RuleOut(id=tried.rule.id, text=tried.rule.text)
        self.pending.extend(tried.events)
        if tried.ok:
            self.play_others()
        return self.frame(AttemptOut(ok=tried.ok, action=str(action), label=label, text=tried.text, rule=rule))


def _play_on(run: LessonRun) -> str | None:
    if run.lesson.bot is not None and run.scripted_over and not run.finished:
        return "Play on to the end of the game."
    return None


class Sessions:
    """The lesson sessions of this process (see the module's description)."""

    def __init__(self) -> None:
        self._by_id: dict[str, Session] = {}
        self._lock = threading.Lock()

    def start(self, game: str, key: str) -> Session:
        """A new session of lesson ``key`` (its id or number) of ``game``'s course.

        Raises:
            LobbyError: 404 for an unknown game or lesson.
        """
        try:
            course = load_course(game)
            lesson = course.lesson(key)
        except ValueError as exc:
            raise LobbyError(404, str(exc).split(":", 1)[0], str(exc).split(": ", 1)[-1]) from None
        bots = {s: make_bot(lesson.bot, game) for s in range(lesson.players) if lesson.bot and s != lesson.learner}
        session = Session(secrets.token_urlsafe(18), course, LessonRun(lesson), bots, random.Random(lesson.seed))
        seen = session.run.state.events_for(session.run.setup, lesson.learner)
        session.pending = seen[-SETUP_EVENTS:]
        session.play_others()
        with self._lock:
            self._sweep()
            self._by_id[session.id] = session
        return session

    def get(self, sid: str) -> Session:
        """The session ``sid``.

        Raises:
            LobbyError: 404 when it is unknown or was dropped after :data:`IDLE_SECONDS`.
        """
        with self._lock:
            session = self._by_id.get(sid)
        if session is None:
            raise LobbyError(404, "session", "no such lesson session (it may have ended): start the lesson again")
        session.touched = time.monotonic()
        return session

    def _sweep(self) -> None:
        now = time.monotonic()
        for sid in [k for k, v in self._by_id.items() if now - v.touched > IDLE_SECONDS]:
            del self._by_id[sid]
        while len(self._by_id) >= MAX_SESSIONS:
            oldest = min(self._by_id.values(), key=lambda v: v.touched)
            del self._by_id[oldest.id]


def router() -> APIRouter:
    """The lesson routes and the ``/learn`` page."""
    out = APIRouter()
    sessions = Sessions()
    page = resources.files("regalia.web").joinpath("learn.html")

    @out.get("/learn", include_in_schema=False)
    async def learn_page() -> FileResponse:
        return FileResponse(str(page), media_type="text/html")

    @out.get("/api/lessons")
    async def list_courses() -> CourseList:
        return course_list()

    @out.get("/api/lessons/sessions/{sid}")
    async def lesson_frame(sid: str) -> LessonFrame:
        session = sessions.get(sid)
        with session.lock:
            return session.frame(None)

    @out.post("/api/lessons/sessions/{sid}")
    async def lesson_move(sid: str, body: LessonMove) -> LessonFrame:
        session = sessions.get(sid)
        with session.lock:
            return session.move(body.action)

    # after the session routes, which it would otherwise match ("sessions" is no game's name)
    @out.post("/api/lessons/{game}/{lesson}", status_code=201)
    async def start_lesson(game: str, lesson: str) -> LessonFrame:
        session = sessions.start(game, lesson)
        with session.lock:
            return session.frame(None)

    return out


__all__ = [
    "CourseInfo",
    "CourseList",
    "LessonFrame",
    "LessonInfo",
    "LessonMove",
    "Sessions",
    "course_list",
    "router",
]

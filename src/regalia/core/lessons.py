"""Lessons: guided first games, stored as data next to each game (``lessons.json``).

A **course** is one file per game (format ``regalia.lessons``): the game's name and its lessons in
order. A **lesson** is a deal in the record format — ``players``, ``seed``, ``deck`` (an exact
draw order, or ``null``), ``config`` and ``actions`` (moves already played, the set-up shown to
the learner as the game so far) — then its ``steps``, in order:

- ``{"move": TEXT}``: another seat plays ``TEXT`` (it must be that seat's turn, and legal);
- a **decision** of the learner: ``goal`` (words), ``highlight`` (the choice-key steps of the
  cards or spots to look at, ``"hand:R9f"``, ``"spot:B9f:left"``, or a seat, ``"seat:P1"``),
  ``expect`` (the expected action texts, or ``"any"``), ``explain`` (why the expected move is
  right: shown when it is played, and with a wrong move), ``mistakes`` (optional words per wrong
  action text), ``outcomes`` (with ``"any"``: words per action text, and ``"default"``) and
  ``rule`` (``{"id": RULING_OR_SECTION_ID, "text": the rulebook's sentence}``).

A lesson with ``"bot": NAME`` goes on after its steps as a whole game: the learner decides every
move and the other seats are played by that bot (chosen by the front, which knows the bots).

A wrong move (legal, but not one expected) is explained and taken back: the state is not
changed. **Stars**: a scripted lesson's par is its number of decisions; reaching the goal
within par (no wrong move) earns 3 stars, one wrong move 2, more 1. A whole game earns 3
stars for a win (or its ``target`` score, in a solitaire), else 2 for playing it to the end.

:func:`load_course` reads and checks a game's course; :func:`check_course` checks a parsed one
and replays every lesson under today's rules (every move legal where it stands, every goal
reachable); a bad file raises ``ValueError`` naming the field (``lessons[2].steps[1].expect[0]``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Final

from regalia.core.errors import IllegalActionError, shown
from regalia.core.events import Event
from regalia.core.game import Game
from regalia.core.registry import game_names, get_game, make, verify_seed
from regalia.core.state import State, seat_name

LESSONS_FORMAT = "regalia.lessons"
LESSONS_VERSION = 1
ANY = "any"


@dataclass(frozen=True)
class Rule:
    """The rule a decision teaches: ``id`` (a ruling id or rule-section id of the game, or
    ``""`` for a rulebook sentence regalia keeps no ruling for) and ``text`` (the sentence)."""

    id: str
    text: str


@dataclass(frozen=True)
class Decision:
    """One decision of the learner (see the module's description)."""

    goal: str
    highlight: tuple[str, ...]
    expect: tuple[str, ...] | None
    """The expected action texts; ``None`` for any legal move."""
    explain: str
    mistakes: dict[str, str]
    outcomes: dict[str, str]
    rule: Rule

    def comment(self, action: str) -> str:
        """Words for ``action`` played here: its outcome, else the ``"default"`` outcome, else
        the explanation."""
        return self.outcomes.get(action, self.outcomes.get("default", self.explain))

    def wrong(self, action: str) -> str:
        """Why ``action`` is not the move asked for here."""
        return self.mistakes.get(action, self.explain)


@dataclass(frozen=True)
class Lesson:
    """One lesson of a course (see the module's description)."""

    id: str
    title: str
    section: str
    intro: str
    players: int
    seed: int
    deck: list[str] | None
    config: dict[str, Any]
    actions: tuple[str, ...]
    steps: tuple[str | Decision, ...]
    """Another seat's move (its action text) or a learner's decision, in order."""
    learner: int = 0
    bot: str | None = None
    done: str = ""
    """Words shown when the lesson is completed."""
    target: float | None = None
    """A whole game's score (``State.returns``) that earns 3 stars like a win (a solitaire)."""
    game_name: str = ""
    """The registered name of the lesson's game (set by the course it belongs to)."""

    @property
    def par(self) -> int:
        """The number of the learner's scripted decisions."""
        return sum(1 for s in self.steps if isinstance(s, Decision))

    def new_state(self, events: list[Event] | None = None) -> State:
        """The deal with the set-up ``actions`` played; their events are added to ``events``
        when given (every seat's: filter them with ``Event.is_visible_to``).

        Raises:
            ValueError: the deal or a set-up action is refused (naming ``actions[i]``).
        """
        try:
            state = make(self.game_name, players=self.players, seed=self.seed, deck=self.deck, **self.config)
        except ValueError as exc:
            msg = str(exc)
            raise ValueError(msg if msg.split(":", 1)[0] in ("players", "seed", "deck") else f"config: {msg}") from None
        for i, text in enumerate(self.actions):
            try:
                happened = state.apply(text)
            except IllegalActionError as exc:
                raise ValueError(f"actions[{i}]: {exc}") from None
            if events is not None:
                events.extend(happened)
        return state


@dataclass(frozen=True)
class Course:
    """A game's lessons, in order."""

    game: str
    title: str
    lessons: tuple[Lesson, ...]

    def lesson(self, key: str) -> Lesson:
        """The lesson whose id is ``key``, or whose number (from 1) it is.

        Raises:
            ValueError: no such lesson (the message lists the ids).
        """
        for i, lesson in enumerate(self.lessons):
            if key in (lesson.id, str(i + 1)):
                return lesson
        ids = ", ".join(f"{i + 1} {x.id}" for i, x in enumerate(self.lessons))
        raise ValueError(f"lesson: no lesson {shown(key)!r} in the {self.title} course (lessons: {ids})")

    def after(self, lesson: Lesson) -> Lesson | None:
        """The lesson that follows ``lesson``, or ``None`` after the last."""
        i = self.lessons.index(lesson)
        return self.lessons[i + 1] if i + 1 < len(self.lessons) else None


# ----------------------------------------------------------------------------- parsing
def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise ValueError(f"{where}{key}: missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"{where}{key}: unexpected value {shown(value)}")
    return value


def _text(data: dict[str, Any], key: str, where: str, default: str | None = None) -> str:
    if default is not None and key not in data:
        return default
    value = _need(data, key, str, where)
    if not value.strip():
        raise ValueError(f"{where}{key}: expected words, got an empty text")
    return str(value)


def _texts(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ValueError(f"{where}: expected a list of texts, got {shown(value)}")
    return tuple(value)


def _words(value: Any, where: str) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(v, str) and v.strip() for v in value.values()):
        raise ValueError(f"{where}: expected an object of action text to words, got {shown(value)}")
    return dict(value)


def _rule(data: Any, game: Game, where: str) -> Rule:
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected an object with id and text, got {shown(data)}")
    rid = _need(data, "id", str, where + ".")
    if rid and rid not in game.rule_words():
        raise ValueError(f"{where}.id: {shown(rid)!r} is not a ruling or rule section of {game.title}")
    return Rule(rid, _text(data, "text", where + "."))


def _decision(data: dict[str, Any], game: Game, where: str) -> Decision:
    expect_raw = _need(data, "expect", (str, list), where + ".")
    if isinstance(expect_raw, str) and expect_raw != ANY:
        raise ValueError(f"{where}.expect: expected a list of action texts or {ANY!r}, got {shown(expect_raw)}")
    expect = None if isinstance(expect_raw, str) else _texts(expect_raw, where + ".expect")
    if expect is not None and not expect:
        raise ValueError(f"{where}.expect: expected at least one action text")
    known = {"goal", "highlight", "expect", "explain", "mistakes", "outcomes", "rule"}
    extra = sorted(set(data) - known)
    if extra:
        raise ValueError(f"{where}.{extra[0]}: not a field of a decision (fields: {', '.join(sorted(known))})")
    return Decision(
        goal=_text(data, "goal", where + "."),
        highlight=_texts(data.get("highlight", []), where + ".highlight"),
        expect=expect,
        explain=_text(data, "explain", where + "."),
        mistakes=_words(data.get("mistakes"), where + ".mistakes"),
        outcomes=_words(data.get("outcomes"), where + ".outcomes"),
        rule=_rule(data.get("rule"), game, where + ".rule"),
    )


def _step(data: Any, game: Game, where: str) -> str | Decision:
    if isinstance(data, dict) and set(data) == {"move"}:
        return str(_need(data, "move", str, where + "."))
    if isinstance(data, dict) and "goal" in data:
        return _decision(data, game, where)
    raise ValueError(f'{where}: expected {{"move": TEXT}} or a decision with goal, expect, explain and rule')


_LESSON_FIELDS = frozenset(
    {"id", "title", "section", "intro", "players", "seed", "deck", "config", "actions", "steps", "learner", "bot"}
    | {"done", "target"}
)


def _target(value: Any, bot: str | None, p: str) -> float | None:
    if value is None:
        return None
    if bot is None or not isinstance(value, (int, float)) or isinstance(value, bool):
        raise ValueError(f"{p}target: expected a score, in a lesson with a bot, got {shown(value)}")
    return float(value)


def parse_lesson(data: Any, game: Game, where: str = "") -> Lesson:
    """A lesson from its JSON object (fields unchecked against the rules: see :func:`check_lesson`).

    Raises:
        ValueError: a missing or malformed field, named with ``where`` before it.
    """
    if not isinstance(data, dict):
        raise ValueError(f"{where or 'lesson'}: expected an object, got {shown(data)}")
    p = where + "." if where else ""
    extra = sorted(set(data) - _LESSON_FIELDS)
    if extra:
        raise ValueError(f"{p}{extra[0]}: not a field of a lesson (fields: {', '.join(sorted(_LESSON_FIELDS))})")
    players = _need(data, "players", int, p) if "players" in data else game.default_players
    try:
        players = game.verify_players(players)
    except ValueError as exc:
        raise ValueError(f"{p}{exc}") from None
    try:
        seed = verify_seed(data.get("seed"))
    except ValueError as exc:
        raise ValueError(f"{p}{exc}") from None
    deck = data.get("deck")
    if deck is not None:
        deck = list(_texts(deck, p + "deck"))
    learner = data.get("learner", 0)
    if not isinstance(learner, int) or isinstance(learner, bool) or not 0 <= learner < players:
        raise ValueError(f"{p}learner: {shown(learner)} is not a seat of this {players}-player game")
    bot = data.get("bot")
    if bot is not None and not (isinstance(bot, str) and bot):
        raise ValueError(f"{p}bot: expected a bot name, got {shown(bot)}")
    steps_raw = _need(data, "steps", list, p)
    steps = tuple(_step(s, game, f"{p}steps[{i}]") for i, s in enumerate(steps_raw))
    if not steps and bot is None:
        raise ValueError(f"{p}steps: a lesson without a bot needs at least one decision")
    return Lesson(
        id=_text(data, "id", p),
        title=_text(data, "title", p),
        section=_text(data, "section", p),
        intro=_text(data, "intro", p),
        players=players,
        seed=seed,
        deck=deck,
        config=dict(_need(data, "config", dict, p)) if "config" in data else {},
        actions=_texts(data.get("actions", []), p + "actions"),
        steps=steps,
        learner=learner,
        bot=bot,
        done=_text(data, "done", p, default=""),
        target=_target(data.get("target"), bot, p),
        game_name=game.name,
    )


def parse_course(data: Any) -> Course:
    """A course from its JSON object, each lesson checked against today's rules.

    Raises:
        ValueError: naming the field (``lessons[2].steps[1].expect[0]: ...``).
    """
    if not isinstance(data, dict):
        raise ValueError("course: expected a JSON object")
    if data.get("format") != LESSONS_FORMAT:
        raise ValueError(f"format: expected {LESSONS_FORMAT!r}, got {shown(data.get('format'))}")
    version = _need(data, "version", int, "")
    if version != LESSONS_VERSION:
        raise ValueError(f"version: this regalia reads lessons format version {LESSONS_VERSION}, not {version}")
    game = get_game(_need(data, "game", str, ""))
    raw = _need(data, "lessons", list, "")
    lessons = tuple(parse_lesson(x, game, f"lessons[{i}]") for i, x in enumerate(raw))
    ids = [x.id for x in lessons]
    for i, lid in enumerate(ids):
        if lid in ids[:i]:
            raise ValueError(f"lessons[{i}].id: {lid!r} is already the id of lessons[{ids.index(lid)}]")
    course = Course(game.name, _text(data, "title", ""), lessons)
    for i, lesson in enumerate(lessons):
        check_lesson(lesson, f"lessons[{i}]")
    return course


def _course_file(game: Game) -> Traversable:
    package = type(game).__module__.rsplit(".", 1)[0]
    return resources.files(package).joinpath("lessons.json")


LEARNING_ORDER: Final = ("kings-family", "kings-blood", "kingship", "blood-and-fortune", "kingdom")
"""The order the courses are offered in: the solitaire first, then its multiplayer game, then
the others; a game not named here comes after them."""


def courses() -> list[str]:
    """The names of the registered games that have a course, in :data:`LEARNING_ORDER`."""
    rank = {name: i for i, name in enumerate(LEARNING_ORDER)}
    have = [name for name in game_names() if _course_file(get_game(name)).is_file()]
    return sorted(have, key=lambda name: (rank.get(name, len(rank)), name))


def load_course(game_name: str) -> Course:
    """The course of ``game_name``: ``lessons.json`` in the game's package, parsed and checked.

    Raises:
        ValueError: an unknown game, a game without a course, or a bad file (naming the field).
    """
    game = get_game(game_name)
    path = _course_file(game)
    if not path.is_file():
        raise ValueError(f"game: {game.title} has no lessons yet")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ValueError(f"{game.name} lessons.json: not JSON ({exc})") from None
    return parse_course(data)


# ----------------------------------------------------------------------------- running
def _highlight_ok(name: str, state: State, steps: set[str]) -> bool:
    """Whether ``name`` is a seat of ``state`` (``seat:P1``) or one of the click ``steps``."""
    if name.startswith("seat:P"):
        n = name[6:]
        return n.isdigit() and int(n) < state.num_players
    return name in steps


def _key_steps(state: State) -> set[str]:
    return {step for c in state.legal_choices() for keys in c["keys"] for step in keys}


def check_lesson(lesson: Lesson, where: str = "lesson") -> None:
    """Replay ``lesson`` under today's rules: the set-up, every other seat's move (on that
    seat's turn, legal), the learner's decisions (on the learner's turn) — each expected move
    that is legal where the lesson stands followed to the end of the script, so that whichever
    the learner plays the rest still holds; at least one expected move legal at every decision,
    and every expected move, mistake, outcome and highlight legal (a click step, or a seat) on
    at least one of these paths — and its goal (all decisions reached; with a bot, the game
    not over).

    Raises:
        ValueError: naming the field (``lessons[2].steps[1].expect[0]: ...``).
    """
    try:
        state = lesson.new_state()
    except ValueError as exc:
        raise ValueError(f"{where}.{exc}") from None
    seen: dict[int, tuple[set[str], set[str], State]] = {}
    _check_steps(lesson, state, 0, where, seen)
    for i, (legal, keys, first) in sorted(seen.items()):
        step = lesson.steps[i]
        assert isinstance(step, Decision)
        _check_words(step, legal, keys, first, f"{where}.steps[{i}]")


def _check_words(step: Decision, legal: set[str], keys: set[str], first: State, at: str) -> None:
    """The expected moves, mistakes, outcomes and highlights of a decision, against what was
    legal there on some path (``first``: the state of the first path, for the refusal's words)."""
    for j, text in enumerate(step.expect or ()):
        if text not in legal:
            try:
                first.verify_action(text)
            except IllegalActionError as exc:
                raise ValueError(f"{at}.expect[{j}]: {exc}") from None
            raise ValueError(f"{at}.expect[{j}]: {text!r} is not the canonical text of a legal move")
    for key in list(step.mistakes) + [k for k in step.outcomes if k != "default"]:
        if key not in legal:
            raise ValueError(f"{at}: {key!r} (in mistakes or outcomes) is not a legal move here")
    for j, name in enumerate(step.highlight):
        if not _highlight_ok(name, first, keys):
            raise ValueError(f"{at}.highlight[{j}]: {name!r} is neither a click step of this decision nor a seat")


def _check_steps(
    lesson: Lesson, state: State, start: int, where: str, seen: dict[int, tuple[set[str], set[str], State]]
) -> None:
    for i in range(start, len(lesson.steps)):
        step = lesson.steps[i]
        at = f"{where}.steps[{i}]"
        seat = state.current_player
        if seat is None:
            raise ValueError(f"{at}: the game is already over here")
        if isinstance(step, str):
            if seat == lesson.learner:
                raise ValueError(f"{at}.move: it is the learner's turn ({seat_name(seat)}), not another seat's")
            try:
                state.apply(step)
            except IllegalActionError as exc:
                raise ValueError(f"{at}.move: {exc}") from None
            continue
        if seat != lesson.learner:
            raise ValueError(f"{at}: it is {seat_name(seat)}'s turn, not the learner's ({seat_name(lesson.learner)})")
        legal = {str(a) for a in state.legal_actions()}
        entry = seen.setdefault(i, (set(), set(), state.clone()))
        entry[0].update(legal)
        entry[1].update(_key_steps(state))
        if step.expect is None:
            if i != len(lesson.steps) - 1:
                raise ValueError(f"{at}.expect: 'any' may only be the last decision of a lesson")
            state.apply(sorted(legal)[0])
            continue
        here = [t for t in step.expect if t in legal]
        if len(legal) > 1 and len(here) == len(legal):
            raise ValueError(f"{at}.expect: every legal move is expected; use 'any' with outcomes instead")
        if not here:
            _check_words(step, legal, entry[1], state, at)  # raises, naming the first refused move
            raise ValueError(f"{at}.expect: none of the expected moves is legal here")
        for text in here[1:]:
            branch = state.clone()
            branch.apply(text)
            _check_steps(lesson, branch, i + 1, where, seen)
        state.apply(here[0])
    if lesson.bot is not None and state.is_terminal:
        raise ValueError(f"{where}.bot: the game is over before the learner plays on against the bot")


@dataclass
class Attempt:
    """What a learner's move did: ``ok`` (it was applied), the words to show, and the rule."""

    ok: bool
    text: str
    rule: Rule | None
    events: list[Event] = field(default_factory=list)


@dataclass
class LessonRun:
    """A lesson being played: the state, the step reached and the wrong moves so far.

    Use: while not :attr:`finished`, ask the learner when :attr:`decision` is set (or, past the
    script of a bot lesson, when it is the learner's turn) and pass the move to :meth:`attempt`;
    :meth:`advance` plays the other seats' scripted moves (a bot lesson's front plays the bot's
    with :meth:`play_other`).
    """

    lesson: Lesson
    state: State = field(init=False)
    index: int = 0
    mistakes: int = 0
    log: list[Event] = field(default_factory=list)

    setup: list[Event] = field(default_factory=list)
    """The events of the set-up ``actions`` (the game so far)."""

    def __post_init__(self) -> None:
        self.state = self.lesson.new_state(self.setup)

    @property
    def decision(self) -> Decision | None:
        """The learner's scripted decision now, if any."""
        if self.index < len(self.lesson.steps):
            step = self.lesson.steps[self.index]
            return step if isinstance(step, Decision) else None
        return None

    @property
    def scripted_over(self) -> bool:
        """Whether every step of the script has been played."""
        return self.index >= len(self.lesson.steps)

    @property
    def finished(self) -> bool:
        """Whether the lesson is over: its script played (and, with a bot, the game over)."""
        if self.lesson.bot is not None:
            return self.scripted_over and self.state.is_terminal
        return self.scripted_over

    @property
    def learner_to_act(self) -> bool:
        """Whether the learner decides now."""
        return not self.finished and self.state.current_player == self.lesson.learner

    def advance(self) -> list[Event]:
        """Play the other seats' scripted moves up to the learner's next decision; return the
        events (every seat's; filter them with ``Event.is_visible_to``)."""
        out: list[Event] = []
        while self.index < len(self.lesson.steps):
            step = self.lesson.steps[self.index]
            if isinstance(step, Decision):
                break
            out.extend(self.state.apply(step))
            self.index += 1
        self.log.extend(out)
        return out

    def play_other(self, action: Any) -> list[Event]:
        """A bot's move for another seat, past the script of a bot lesson."""
        events = self.state.apply(action)
        self.log.extend(events)
        return events

    def attempt(self, action: Any) -> Attempt:
        """The learner plays ``action`` (legal: verified by the caller). An expected move (or
        any move, past the script or at an ``any`` decision) is applied and commented; another
        is explained with the rule and taken back — the state unchanged — and counted.

        Raises:
            IllegalActionError: ``action`` is not legal here (the state unchanged).
        """
        action = self.state.verify_action(action)
        text = str(action)
        step = self.decision
        if step is not None and step.expect is not None and text not in step.expect:
            self.mistakes += 1
            return Attempt(False, step.wrong(text), step.rule)
        events = self.state.apply(action)
        self.log.extend(events)
        if step is None:
            return Attempt(True, "", None, events)
        self.index += 1
        return Attempt(True, step.comment(text), step.rule, events)

    @property
    def stars(self) -> int:
        """The stars earned (see the module's description); 0 before the end."""
        if not self.finished:
            return 0
        if self.lesson.bot is not None:
            won = self.lesson.learner in self.state.winners
            target = self.lesson.target
            return 3 if won or (target is not None and self.state.returns()[self.lesson.learner] >= target) else 2
        return 3 if self.mistakes == 0 else 2 if self.mistakes == 1 else 1


__all__ = [
    "ANY",
    "LEARNING_ORDER",
    "LESSONS_FORMAT",
    "LESSONS_VERSION",
    "Attempt",
    "Course",
    "Decision",
    "Lesson",
    "LessonRun",
    "Rule",
    "check_lesson",
    "courses",
    "load_course",
    "parse_course",
    "parse_lesson",
]

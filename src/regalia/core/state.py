"""The State base class: the decision due now, its legal actions, and the moves that change it.

Every game's State subclasses :class:`State` and fills in the ``_``-prefixed hooks. The public
methods here implement the parts of the protocol that are the same for every game: turning an
action text or integer id into an action, refusing illegal actions with the state unchanged,
keeping the move history, records and snapshots. What people are shown — the view, prompts,
labels, choice keys and groups — is the game's presenter's (:mod:`regalia.core.presenter`,
``Game.presenter``); the public methods :meth:`State.view`, :meth:`State.prompt`,
:meth:`State.label`, :meth:`State.choice_keys` and :meth:`State.legal_choices` check their
arguments and ask it.
"""

from __future__ import annotations

import json
import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from regalia.core.config import config_dict
from regalia.core.errors import IllegalActionError, shown
from regalia.core.events import Event

if TYPE_CHECKING:
    from regalia.core.game import Game

Action = Hashable
"""An action: a frozen, hashable object whose ``str()`` is its canonical text form."""

RECORD_FORMAT = "regalia.record"
"""The ``format`` of a game record (:meth:`State.record`; read by ``regalia.replay``)."""
SNAPSHOT_FORMAT = "regalia.snapshot"
"""The ``format`` of a snapshot (:meth:`State.snapshot`; read by ``regalia.from_snapshot``)."""
FORMAT_VERSION = 1
"""The ``version`` of the record and snapshot formats; a file of another version is refused
(CHANGELOG.md lists it with each release)."""

MAX_ACTION_TEXT = 200
"""The longest action text ``parse_action`` reads (characters, after stripping spaces); every
action of every game is far shorter, and a longer text is refused before any game code reads it."""


def seat_name(seat: int | None) -> str:
    """A seat as every text writes it: ``P0``, ``P1``, ...; ``None`` is ``"spectator"``."""
    return "spectator" if seat is None else f"P{seat}"


def rng_state_to_json(state: tuple[Any, ...]) -> list[Any]:
    """``random.Random.getstate()`` as JSON-ready lists."""
    version, internal, gauss = state
    return [version, list(internal), gauss]


def rng_state_from_json(data: list[Any]) -> tuple[Any, ...]:
    """Inverse of :func:`rng_state_to_json`."""
    version, internal, gauss = data
    return (version, tuple(internal), gauss)


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator in the same state as ``rng``."""
    new = random.Random.__new__(random.Random)  # no __init__: it would seed from os.urandom first
    new.setstate(rng.getstate())
    return new


_UNSEEDED: Final = random.Random(0)
"""Stands for the generator of a determinization until it is used: ``random.Random(seed)`` then
(seeding a Mersenne Twister costs as much as a small game's step, and most determinizations —
a search's sampled worlds, a policy's look at its own information set — never draw)."""


def _shuffle_inline(rng: random.Random, x: list[Any]) -> None:
    """``rng.shuffle(x)`` with ``Random._randbelow`` inlined (about twice as fast): the same
    Fisher-Yates steps drawing the same ``getrandbits`` as CPython's ``random.shuffle``.

    Position ``i`` draws ``getrandbits(k)`` with ``k = (i + 1).bit_length()`` until the draw is
    at most ``i``; ``k`` is the same for every ``i`` from ``top`` down to ``2 ** (k - 1) - 1``,
    so it is computed once per such run."""
    getrandbits = rng.getrandbits
    top = len(x) - 1
    while top > 0:
        k = (top + 1).bit_length()
        end = (1 << (k - 1)) - 1  # the last i whose bound i + 1 still has k bits (>= 1)
        for i in range(top, end - 1, -1):
            j = getrandbits(k)
            while j > i:
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]
        top = end - 1


def _shuffle_library(rng: random.Random, x: list[Any]) -> None:
    rng.shuffle(x)


def _shuffle_fast(rng: random.Random, x: list[Any]) -> None:
    if type(rng) is random.Random:  # a subclass may draw differently
        _shuffle_inline(rng, x)
    else:
        rng.shuffle(x)


def _inline_shuffle_matches() -> bool:
    """Whether :func:`_shuffle_inline` reproduces this Python's ``random.shuffle`` exactly."""
    for n in (0, 1, 2, 3, 4, 5, 7, 8, 9, 33, 64, 82, 100, 257):
        a, b = random.Random(n), random.Random(n)
        x, y = list(range(n)), list(range(n))
        a.shuffle(x)
        _shuffle_inline(b, y)
        if x != y or a.getstate() != b.getstate():
            return False
    return True


shuffle = _shuffle_fast if _inline_shuffle_matches() else _shuffle_library
"""``shuffle(rng, x)``: exactly ``rng.shuffle(x)`` (same order, same draws from ``rng``), faster
where the inlined version is checked at import to match the library's."""


def standings(players: int, winners: list[int], scored: tuple[str, list[float], bool] | None) -> list[dict[str, Any]]:
    """Every seat once, best first, as ``{"seat", "rank", "score"}``: ranked by ``scored``'s
    numbers (the lowest first when its third item says so; equal scores share a rank, the next
    rank skips: 1, 2, 2, 4; a winner first among equals), else the winners ranked 1 and the
    others 2 with no score."""
    if scored is None:
        order = sorted(range(players), key=lambda p: (p not in winners, p))
        return [{"seat": p, "rank": 1 if p in winners else 2, "score": None} for p in order]
    _, scores, lowest_first = scored
    sign = 1.0 if lowest_first else -1.0
    order = sorted(range(players), key=lambda p: (sign * scores[p], p not in winners, p))
    out: list[dict[str, Any]] = []
    for i, p in enumerate(order):
        rank = out[-1]["rank"] if out and scores[p] == scores[order[i - 1]] else i + 1
        score = scores[p]
        out.append({"seat": p, "rank": rank, "score": int(score) if float(score).is_integer() else score})
    return out


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """One position of one game: the decision due now and everything needed to go on.

    Attributes:
        game: the :class:`~regalia.core.game.Game` this state belongs to.
        config: the frozen rule options.
        num_players: the number of seats (seats are ``0 .. num_players-1``).
        seed: the seed of the state's own random generator (chance: shuffles and draws).
        initial_deck: the exact deck order given to ``make(deck=...)``, or ``None``.
        rng: the state's random generator; part of the state (saved by ``snapshot``). A
            ``clone`` shares it and copies it only when one of the two states first draws from
            it — copying it is most of a cheap clone's cost, and most clones never draw.
        history: the actions applied since the start, in order.
        table_talk: free-text messages kept beside the moves (Blood & Fortune, BF-3).
        determinized: true for a state made by ``determinize``; it has no reproducible record.
        undos: how many times a person went back to an earlier decision of this game
            (:func:`regalia.core.registry.undo_to`); kept in the record and the result.
    """

    game: Game

    _rng: random.Random
    _rng_shared: bool

    def __init__(self, game: Game, config: Any, num_players: int, seed: int, deck: list[str] | None) -> None:
        self._init_base(game, config, num_players, seed, deck)

    @classmethod
    def _blank(cls) -> State:
        """An instance of ``cls`` with no field set, for ``clone()`` and ``from_snapshot`` to fill
        (then :meth:`_init_base` or :meth:`_copy_base`). The default makes it without running
        ``__init__``; a game compiled with mypyc — whose ``__new__`` runs ``__init__`` — overrides
        this to call its argument-free constructor."""
        return cls.__new__(cls)

    def _init_base(self, game: Game, config: Any, num_players: int, seed: int, deck: list[str] | None) -> None:
        """Set the fields every state has, for a new game of ``num_players`` seats shuffled with
        ``seed`` (or dealt from ``deck``)."""
        self.game = game
        self.config = config
        self.num_players = num_players
        self.seed = seed
        self.initial_deck = list(deck) if deck is not None else None
        self.rng = random.Random(seed)
        self.history: list[Any] = []
        self.table_talk: list[dict[str, Any]] = []
        self.determinized = False
        self.undos = 0
        self._legal: list[Any] | None = None

    @property
    def rng(self) -> random.Random:
        """The state's random generator, copied first if a clone still shares it."""
        if self._rng_shared:
            rng = self._rng
            self._rng = random.Random(self.seed) if rng is _UNSEEDED else copy_rng(rng)
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_shared = False

    def _share_rng(self, new: State) -> None:
        """Give ``new`` (a clone) this state's generator, to be copied on first use by either."""
        new._rng = self._rng
        new._rng_shared = self._rng_shared = True

    # ----------------------------------------------------------------- the hooks a game fills in
    @abstractmethod
    def _legal_actions(self) -> list[Any]:
        """The legal actions of ``current_player`` (never empty before the end)."""

    @abstractmethod
    def _apply(self, action: Any) -> list[Event]:
        """Apply an action already known to be legal; return the events it caused."""

    @abstractmethod
    def _explain(self, action: Any) -> tuple[str, str | None]:
        """Why ``action`` (well formed, but not legal now) is refused: ``(reason, rule id)``."""

    @abstractmethod
    def _parse(self, text: str) -> Any:
        """Read an action text; raise ``IllegalActionError`` if it is not a well-formed action."""

    @abstractmethod
    def action_id(self, action: Any) -> int:
        """The stable integer id of ``action`` in ``range(num_actions)``."""

    @abstractmethod
    def action_from_id(self, action_id: int) -> Any:
        """The action with integer id ``action_id``.

        Raises:
            IllegalActionError: the id is outside the action space or names no action.
        """

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that must decide now, or ``None`` when the game is over."""

    @property
    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @property
    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """The winning seats (empty while the game runs, or when it ended with no winner)."""

    @property
    @abstractmethod
    def turns(self) -> int:
        """The number of turns started so far (a turn is one seat's regular turn)."""

    @abstractmethod
    def returns(self) -> list[float]:
        """One float per seat: the game's outcome for that seat (0.0 for every seat while it runs)."""

    def search_stage(self) -> int | None:
        """A counter of the game's stages (Blood & Fortune: the round) at which a search rollout
        may stop and call :meth:`evaluate`, or ``None`` (the default) when rollouts always play to
        the end. Search bots stop a rollout as soon as the stage differs from the one it began in."""
        return None

    def evaluate(self) -> list[float]:
        """An estimate of :meth:`returns` (one float per seat, same scale) at a stage boundary
        of :meth:`search_stage`; the default is ``returns()`` itself."""
        return self.returns()

    def decision_kind(self) -> str | None:
        """The kind of the pending decision, one of ``game.decision_kinds`` (a machine name for
        programs and tests, never shown to people), or ``None`` when the game is over. The
        default, for a game with one kind of decision, is ``game.decision_kinds[0]``."""
        if self.is_terminal:
            return None
        return self.game.decision_kinds[0] if self.game.decision_kinds else "decide"

    def decider_hidden(self) -> bool:
        """Whether the pending decision is a response window shown only to the seat deciding:
        every other seat's view (and the spectator's) shows the decision the table waits for
        underneath, as if no window were open (see ``Game.hidden_responses``). Default: never."""
        return False

    def is_decline(self, action: Any) -> bool:
        """Whether ``action`` — one of this game's actions, legal now — declines the pending
        hidden response window: the ``pass`` that shows nobody anything by itself.

        An online table counts a declined window as no move at all, whatever the rules then do
        by themselves after it (a title taken, the next turn begun — events that may name the
        seat that passed), so that a window opened and let go looks to everyone else like no
        window (server ruling SRV-2, ``docs/server.md``). A game with hidden response windows
        (``Game.hidden_responses``) offers exactly one decline at each of them (checked by
        ``tests/conformance/test_response_turns.py``).

        Args:
            action: an action object of this game (not its text or id).

        Returns:
            ``True`` only at a hidden window (``decider_hidden``) for its decline; the default,
            for a game without hidden windows, is always ``False``.
        """
        return False

    def response_turns(self) -> tuple[int, ...]:
        """The turns in response windows that the last move reached, in the order the rules
        reached them, judged from public information only (server ruling SRV-2).

        A game with hidden response windows (``Game.hidden_responses``) asks a window only of a
        seat that can act in it, so whether a seat is asked depends on its hand. This says, for
        the last move, every place where the rules *would* have asked a seat **if** it held a
        usable response, as decided from what everyone can see (titles, cards in play, hand
        sizes, the cards of the kind already seen): one entry per such turn, a seat appearing
        again for each further turn it gets (an Outlaw window and then a Knight window; a seat
        asked again after it played). The entries are recorded as the rules reach them: a move
        that stops at a window records the turns up to and including the one asked, and the
        move answering it records the turns after. So the same moves record the same entries in
        the same order whoever holds what, and when a hidden decision is pending its seat is the
        last entry recorded so far (checked by ``tests/conformance/test_response_turns.py``).

        An online table uses it to ask every such seat whether or not it holds anything, so
        that nobody can tell from the table's pace who was asked (``docs/server.md``).

        Returns:
            seats (0-based), possibly repeated; ``()`` (the default) for a game without hidden
            response windows or a move that reached none.
        """
        return ()

    def _choice_forced_publicly(self) -> bool:
        """Whether the pending decision, whose legal choices are one, would have that single
        choice in every position consistent with what *everyone* knows — so that taking it at
        once, with no pause, tells the other seats nothing. ``False`` when the count of choices
        depends on anything hidden (the cards in a hand, a card just drawn): the default.

        Asked by :meth:`forced_action` only when exactly one choice is shown and the decision is
        not a hidden response window. Each game says when (its docs page, "Forced choices")."""
        return False

    def _result_scores(self) -> tuple[str, list[float], bool] | None:
        """The final score of every seat in the game's own terms, for :meth:`result`'s
        ``standings``: ``(what the numbers are — "total", "territories", "points"…, one number
        per seat, whether the lowest ranks first)``, or ``None`` (the default) for a game that
        names a winner and no score. Asked only once the game is over."""
        return None

    def _validate_restored(self) -> None:  # noqa: B027 -- a hook with a do-nothing default
        """Game-specific checks of a state just loaded by ``from_snapshot`` (types and ranges the
        core cannot know); raise ``ValueError`` naming the field. The default checks nothing."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (cheap: only the mutable parts are copied)."""

    @abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> State:
        """A full state consistent with ``view(seat)``: what ``seat`` cannot see redistributed
        at random with ``rng``, respecting everything revealed to it. The copy's own random
        generator is reseeded from ``rng`` (future chance is unknown too).
        """

    @abstractmethod
    def zones(self) -> dict[str, list[str]]:
        """Every card of the game by zone (``"deck"``, ``"hand:0"``, ``"pile"``, ...), as card
        notations. The conformance suite checks that every card is in exactly one zone."""

    @abstractmethod
    def _snapshot_state(self) -> dict[str, Any]:
        """The game-specific part of a snapshot (JSON-ready)."""

    @abstractmethod
    def _restore_state(self, data: dict[str, Any]) -> None:
        """Load what ``_snapshot_state`` saved."""

    # ----------------------------------------------------------------- the common protocol
    @property
    def num_actions(self) -> int:
        """The size of the integer action space (ids are ``0 .. num_actions-1``)."""
        return self.game.num_actions(self.num_players, self.config)

    def legal_actions(self) -> list[Any]:
        """The actions open to ``current_player`` now, in a stable order (empty when over).

        Returns a new list each call; the actions are frozen objects.
        """
        legal = self._legal  # cached only for a running game
        if legal is None:
            if self.is_terminal:
                return []
            legal = self._legal = self._legal_actions()
        return list(legal)

    def legal_action_ids(self) -> list[int]:
        """The integer ids of ``legal_actions()``, in the same order."""
        return [self.action_id(a) for a in self.legal_actions()]

    def legal_action_mask(self) -> list[int]:
        """A 0/1 list of length ``num_actions``: 1 where the action id is legal now."""
        mask = [0] * self.num_actions
        for i in self.legal_action_ids():
            mask[i] = 1
        return mask

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know, as a JSON-ready dict; ``None`` is a spectator. Its
        ``prompt`` is :meth:`prompt` for that seat.

        Raises:
            ValueError: ``seat`` is not a seat of this game.
        """
        self._check_seat(seat)
        presenter = self.game.presenter
        view = presenter.view(self, seat)
        view["prompt"] = presenter.result_prompt(self, seat) if self.is_terminal else presenter.prompt(self, seat)
        return view

    def summary(self, seat: int) -> Any:
        """The facts of ``view(seat)`` that the game's heuristic bot reads, as a compact typed
        object of the game's (a named tuple of integers and lists), built straight from the state
        — a search bot asks its policy at every step of every rollout, where building the view's
        dict would be most of the time. Nothing the seat may not know: the same for every
        determinization of its information set (``tests/conformance``). A game without one
        returns ``view(seat)``.

        Raises:
            ValueError: ``seat`` is not a seat of this game.
        """
        return self.view(seat)

    def prompt(self, seat: int | None) -> str:
        """The pending decision in words, as ``seat`` may know it (``None`` = a spectator): for
        the deciding seat one sentence naming the card, ability, title or law that opened the
        decision and what the choices do; for the others whom the table waits for; at the end,
        the result.

        Raises:
            ValueError: ``seat`` is not a seat of this game.
        """
        self._check_seat(seat)
        presenter = self.game.presenter
        return presenter.result_prompt(self, seat) if self.is_terminal else presenter.prompt(self, seat)

    def label(self, action: Any) -> str:
        """A short human label for ``action`` (object, text or integer id): what it does, in the
        rulebook's words, e.g. ``"R7f (Romance 7 ♀, Draw 3) beside B7m — marries"``.

        Raises:
            IllegalActionError: ``action`` is not an action of this game.
        """
        return self.game.presenter.label(self, self.coerce_action(action))

    def forced_action(self) -> Any | None:
        """The pending decision's only choice, when taking it at once reveals nothing: a front
        may play it for a person who asked for forced choices to be played (the terminal, a
        browser table), saying so in the log. ``None`` while there is a real choice, once the
        game is over, at a hidden response window (``decider_hidden``: being asked at all is
        secret), and when the choice is single only because of something the other seats cannot
        know (``_choice_forced_publicly``: an "end your turn" left alone because the hand holds
        no playable card would tell everyone so). Interchangeable actions count as one choice
        (the first is returned)."""
        if self.is_terminal or self.decider_hidden():
            return None
        legal = self.legal_actions()
        if len(legal) != 1:
            presenter = self.game.presenter
            first = presenter.choice_key(self, legal[0]) if legal else None
            if first is None or any(presenter.choice_key(self, a) != first for a in legal[1:]):
                return None
        if not self._choice_forced_publicly():
            return None
        return legal[0]

    def choice_keys(self, action: Any) -> list[list[str]]:
        """The clicks that make ``action`` (object, text or integer id) on a table: a list of
        steps, each a list of keys clicked in any order (see ``Presenter.choice_keys``); ``[]`` for
        an action offered as a plain button.

        Raises:
            IllegalActionError: ``action`` is not an action of this game or not legal now.
        """
        return self.game.presenter.choice_keys(self, self.verify_action(action))

    def legal_choices(self) -> list[dict[str, Any]]:
        """The legal actions as a front shows them: dicts with ``text`` (the canonical text),
        ``label`` (:meth:`label`), ``id`` (the integer id), ``group`` (a heading for long
        lists), ``keys`` (:meth:`choice_keys`: the clicks that make it on a table) and ``alike``
        (the actions interchangeable with it, each ``{text, label, id, keys}``), in
        ``legal_actions()`` order. Interchangeable actions are shown once, by the first of each;
        the others are listed in its ``alike`` so that a table can send the very card a person
        clicked (typing any of them works too). Empty when the game is over."""
        out: list[dict[str, Any]] = []
        first: dict[Hashable, dict[str, Any]] = {}
        presenter = self.game.presenter
        for a in self.legal_actions():
            key = presenter.choice_key(self, a)
            label = presenter.label(self, a)
            keys = presenter.choice_keys(self, a)
            if key is not None:
                shown = first.get(key)
                if shown is not None:
                    shown["alike"].append({"text": str(a), "label": label, "id": self.action_id(a), "keys": keys})
                    continue
            entry: dict[str, Any] = {
                "text": str(a),
                "label": label,
                "id": self.action_id(a),
                "group": presenter.choice_group(self, a),
                "keys": keys,
                "alike": [],
            }
            if key is not None:
                first[key] = entry
            out.append(entry)
        return out

    def parse_action(self, text: str) -> Any:
        """Read an action from its text form (surrounding spaces and case of keywords tolerated).

        Raises:
            IllegalActionError: the text is not a well-formed action of this game (a text longer
                than :data:`MAX_ACTION_TEXT` characters is refused unread).
        """
        if not isinstance(text, str):
            raise IllegalActionError(f"expected an action text, got {type(text).__name__}", None, None)
        stripped = text.strip()
        if len(stripped) > MAX_ACTION_TEXT:
            raise IllegalActionError(
                f"an action text is at most {MAX_ACTION_TEXT} characters, this one has {len(stripped)}", None, stripped
            )
        if not self.is_terminal:
            if self._legal is None:
                self._legal = self._legal_actions()
            for a in self._legal:
                if str(a) == stripped:
                    return a
        try:
            return self._parse(stripped)
        except IllegalActionError:
            raise
        except Exception:  # a game's reader met text it did not expect (e.g. int("²")): not an action
            raise IllegalActionError(f"not an action of {self.game.title}", None, stripped) from None

    def coerce_action(self, action: Any) -> Any:
        """An action object of this game from an action object, its exact text or its integer
        id. Anything else — another game's action, a plain tuple equal to an action, an action
        built with fields outside the action space, ``None``, a bool, a float, bytes — is refused.

        Raises:
            IllegalActionError: naming what was given and why it is not an action of this game.
        """
        if isinstance(action, str):
            return self.parse_action(action)
        if action.__class__ is not bool and hasattr(action.__class__, "__index__") and not isinstance(action, tuple):
            try:
                i = operator.index(action)
            except Exception:
                raise IllegalActionError(f"not an action of {self.game.title}", None, action) from None
            if not 0 <= i < self.num_actions:
                raise IllegalActionError(f"action id {shown(i)} is outside 0..{self.num_actions - 1}", None, i)
            return self.action_from_id(i)
        # An action object: it must be this game's own, and every field inside the action space,
        # which holds exactly when its integer id reads back as an equal object of the same class.
        try:
            i = self.action_id(action)
            same = i.__class__ is int and 0 <= i < self.num_actions
            if same:
                back = self.action_from_id(i)
                same = back.__class__ is action.__class__ and back == action
        except Exception:
            same = False
        if not same:
            raise IllegalActionError(
                f"not an action of {self.game.title} (a {type(action).__name__}); give an action from "
                "legal_actions(), its text or its integer id",
                None,
                action,
            )
        return back

    def can_apply(self, action: Any) -> bool:
        """Whether ``apply(action)`` would succeed now (never raises)."""
        try:
            self.verify_action(action)
        except IllegalActionError:
            return False
        return True

    def _find_legal(self, action: Any) -> Any:
        """The legal action identical to ``action`` (equal and of the same class), or ``None``."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        cls = action.__class__
        for a in legal:
            if a.__class__ is cls and a == action:
                return a
        return None

    def verify_action(self, action: Any) -> Any:
        """The action object for ``action`` (object, text or integer id) if it is legal now.

        Raises:
            IllegalActionError: with the reason and the rule or ruling it breaks — "the game is
                over" once it is, whatever was given.
        """
        if self.is_terminal:
            raise IllegalActionError("the game is over", None, action)
        act = self.coerce_action(action)
        found = self._find_legal(act)
        if found is None:
            try:
                reason, rule = self._explain(act)
            except Exception:
                reason, rule = "it is not one of the legal actions now", None
            raise IllegalActionError(reason, rule, act)
        return found

    def apply(self, action: Any) -> list[Event]:
        """Apply an action (object, text or integer id) for ``current_player``.

        Legality is checked with the same code that produced ``legal_actions()``. Only this
        game's action objects that are legal now, their exact texts and their integer ids are
        accepted.

        Returns:
            the events caused, each tagged with who may see it.

        Raises:
            IllegalActionError: the action is malformed, not this game's, or not legal now; the
                state is unchanged.
        """
        legal = self._legal
        act = None
        if legal is not None:  # the common case: one of the legal action objects, found by identity or equality
            try:
                i = legal.index(action)
            except Exception:
                i = -1
            if i >= 0 and legal[i].__class__ is action.__class__:
                act = legal[i]
        if act is None:
            act = self.verify_action(action)
        self._legal = None
        self.history.append(act)
        return self._apply(act)

    def events_for(self, events: list[Event], seat: int | None) -> list[Event]:
        """The events of ``events`` that ``seat`` (``None`` = spectator) may see."""
        return [e for e in events if e.is_visible_to(seat)]

    def _check_seat(self, seat: int | None) -> None:
        if seat is None:
            return
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.num_players:
            raise ValueError(f"seat: {seat!r} is not a seat of this {self.num_players}-player game")

    def _copy_base(self, new: State, rng: bool = True) -> None:
        """Copy the common fields into ``new`` (a fresh object made with ``__new__``), sharing
        the random generator until one of the two draws from it; with ``rng=False`` the caller
        gives ``new`` its generator itself."""
        new.game = self.game
        new.config = self.config
        new.num_players = self.num_players
        new.seed = self.seed
        new.initial_deck = self.initial_deck
        if rng:
            self._share_rng(new)
        new.history = list(self.history)
        new.table_talk = list(self.table_talk)
        new.determinized = self.determinized
        new.undos = self.undos
        new._legal = self._legal

    def _mark_determinized(self, rng: random.Random) -> None:
        """Make this copy a determinization: drop everything that could reveal the true hidden
        cards — the true seed (which reproduces every shuffle), the exact deck order given to
        ``make`` and the move history (whose texts may name cards the seat never saw) — and reseed
        the generator from ``rng`` (future chance is unknown too)."""
        self.determinized = True
        self.seed = rng.getrandbits(63)
        self._rng = _UNSEEDED  # random.Random(self.seed) when first used
        self._rng_shared = True
        self.initial_deck = None
        self.history = []
        self._legal = None

    def undo_allowed(self) -> bool:
        """Whether a front may offer ``undo`` (back to the person's previous decision). By
        default only in one-person games; a game may refuse it by an option (King's Family for
        scored deals). Undos are counted in the record and the result (``undos``)."""
        return self.num_players == 1

    def add_table_talk(self, seat: int | None, text: str) -> None:
        """Keep a free-text message beside the moves (BF-3); it is saved in the record."""
        self._check_seat(seat)
        self.table_talk.append({"after_move": len(self.history), "seat": seat, "text": str(text)})

    # ----------------------------------------------------------------- records and snapshots
    def result(self) -> dict[str, Any] | None:
        """The result as a JSON-ready dict, or ``None`` while running:

        - ``winners``, ``returns`` (one float per seat), ``turns``, and ``undos`` when a person
          went back to an earlier decision;
        - ``text``: the result in the game's own words, for everyone (the spectator's result
          prompt: "P3 wins with the highest total, 24 (P0 17, …)", a solitaire's score);
        - ``score_name``: what the game scores ("total", "territories", "points"), or ``None``
          for a game that names a winner and no score;
        - ``standings``: every seat once, best first, as ``{"seat", "rank", "score"}`` — the
          rank 1-based, shared by equal scores (1, 2, 2, 4); ``score`` ``None`` without a
          score, the winners then ranked 1 and everyone else 2.

        Every front (terminal, table, replay, lobby) shows these words and this table."""
        if not self.is_terminal:
            return None
        winners = list(self.winners)
        out: dict[str, Any] = {"winners": winners, "returns": self.returns(), "turns": self.turns}
        if self.undos:
            out["undos"] = self.undos
        out["text"] = self.game.presenter.result_prompt(self, None)
        scored = self._result_scores()
        out["score_name"] = None if scored is None else scored[0]
        out["standings"] = standings(self.num_players, winners, scored)
        return out

    def record(self) -> dict[str, Any]:
        """The game record: game, rules version, config, seed or deck, players, actions as text,
        result and table talk. ``regalia.replay(record)`` rebuilds this state.

        Raises:
            ValueError: the state was made by ``determinize`` (its hidden cards were resampled).
        """
        if self.determinized:
            raise ValueError("a determinized state has no reproducible record")
        return {
            "format": RECORD_FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "config": config_dict(self.config),
            "players": self.num_players,
            "seed": self.seed,
            "deck": self.initial_deck,
            "actions": [str(a) for a in self.history],
            "result": self.result(),
            "table_talk": list(self.table_talk),
            **({"undos": self.undos} if self.undos else {}),
        }

    def snapshot(self) -> dict[str, Any]:
        """The whole state as a JSON-ready dict; ``regalia.from_snapshot`` restores it exactly."""
        data = {
            "format": SNAPSHOT_FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "config": config_dict(self.config),
            "players": self.num_players,
            "seed": self.seed,
            "deck": self.initial_deck,
            "history": [str(a) for a in self.history],
            "table_talk": self.table_talk,
            "determinized": self.determinized,
            **({"undos": self.undos} if self.undos else {}),
            "rng": rng_state_to_json(self.rng.getstate()),
            "state": self._snapshot_state(),
        }
        normalized: dict[str, Any] = json.loads(json.dumps(data))
        return normalized

    def __repr__(self) -> str:
        return f"<{self.game.name} state: {self.num_players} players, {len(self.history)} moves, to act {self.current_player}>"

"""The Game base class: the static description of one game."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from regalia.core.config import build_config, describe_options
from regalia.core.presenter import Presenter

if TYPE_CHECKING:
    from collections.abc import Callable

    from regalia.core.bot import Bot
    from regalia.core.observation import Layout, ObservationWriter
    from regalia.core.state import State


_CONFIGS: Final[dict[tuple[type, frozenset[tuple[str, type, Any]]], Any]] = {}
"""The configs built so far, by config class and options (see :meth:`Game.make_config`)."""
_MAX_CONFIGS: Final = 256
"""How many configs :data:`_CONFIGS` keeps before it starts again."""


class Ruling:
    """One ruling of a rule sheet (or one of regalia's own): a stable id and its text.

    Attributes:
        id: the ruling's id (``"KB-T4"``).
        text: its words.
        option: the rule option it introduces, if any.
        online: its words at an online table, where no deck is given and no library argument is
            set (``None``: ``text`` applies as it is; ``""``: it concerns nothing a table does, so
            a table does not show it).
    """

    __slots__ = ("id", "online", "option", "text")

    def __init__(self, id: str, text: str, option: str | None = None, online: str | None = None) -> None:
        self.id = id
        self.text = text
        self.option = option
        self.online = online

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "option": self.option}


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A game: its name, player range, rule options and the size of its action space.

    Subclasses set the class attributes (among them :attr:`presenter`) and implement
    :meth:`new_initial_state`, :meth:`num_actions` and :meth:`render_text`; one instance is
    registered per game (``regalia.games``).
    """

    name: ClassVar[str]
    """The registered name, e.g. ``"kings-blood"``."""
    title: ClassVar[str]
    """The printed title, e.g. ``"King's Blood"``."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    config_class: ClassVar[type]
    """A frozen keyword-only dataclass of the rule options (fields made with ``core.config.option``)."""
    rules_version: ClassVar[str]
    """The version of regalia's implementation of the rules; stored in every record."""
    summary: ClassVar[str] = ""
    """A paragraph for ``regalia rules``."""
    source: ClassVar[str] = ""
    """Where the rules come from."""
    provenance: ClassVar[str] = ""
    """Where the deck data comes from (reconstruction or not)."""
    notation: ClassVar[str] = ""
    """How cards and actions are written, with examples."""
    rulings: ClassVar[tuple[Ruling, ...]] = ()
    rule_sections: ClassVar[dict[str, str]] = {}
    """Rule ids that name a section of the rule sheet rather than a ruling (Blood & Fortune's
    ``BF-OFFER``…), with a sentence each: refusals may name them (:meth:`rule_words`)."""
    legend: ClassVar[str] = ""
    """What the marks and abbreviations of the game's screen mean (card notation, ``*``,
    ``E``, ...): shown by the terminal's ``legend`` command and its first screen."""
    presenter: ClassVar[Presenter[Any]] = Presenter()
    """What people are shown of this game's states: views, prompts, labels, choice keys and
    groups (:class:`~regalia.core.presenter.Presenter`; one object for the game, holding no state).
    ``State.view`` and the other public presentation methods ask it."""
    view_schema: ClassVar[type | None] = None
    """The TypedDict of this game's ``State.view(seat)`` (keys, value types, units in its
    docstring), checked on every random playout of the conformance suite; ``None`` for a game
    that declares none."""
    hidden_responses: ClassVar[bool] = False
    """Whether the game asks response windows only of the seats that can act in them, hidden
    from everyone else (Kingship KS-6/KS-7, Kingdom KD-X2): ``State.decider_hidden`` says when
    such a window is open and ``State.response_turns`` where one could have opened. An online
    table asks every seat that could have been asked, so that its pace does not reveal who was
    (server ruling SRV-2)."""
    response_windows: ClassVar[dict[str, str]] = {}
    """The kinds of hidden response window (``State.decision_kind`` of a decision for which
    ``State.decider_hidden`` holds), each with its words for people: what opens it and what may
    be played in it. A turn-based online table answers these windows by each person's standing
    order for the kind (server ruling SRV-3), which a person sets under these headings. Every
    hidden decision of a game with ``hidden_responses`` is of one of these kinds (checked by
    the conformance suite)."""
    decision_kinds: ClassVar[tuple[str, ...]] = ()
    """Every kind of decision a state of this game can be waiting for (``State.decision_kind``);
    each has a prompt (``State.prompt``) tested in the game's tests."""
    search_z: ClassVar[float] = 1.0
    """How many standard errors a candidate must beat the heuristic's move by before ``ismcts``
    plays it (see ``docs/bots.md``); a game where the search's gains are small but real declares
    a lower bar."""
    search_scale: ClassVar[float] = 1.0
    """The share of the generic ``ismcts`` rollout budgets this game affords: a game whose
    rollouts are long or slow declares less than 1, so every level costs about the same time
    per move in every game (``ismcts:hard`` stays under 2 s a move on one core)."""

    def make_config(self, **options: Any) -> Any:
        """Build and validate the config from keyword options. Configs are frozen, so the config
        of options seen before is reused: building one (an interpreted dataclass, each option
        checked) was a sixth of a short game's time in programs that start many games.

        Raises:
            ValueError: an unknown option or a bad value; the message names the option.
        """
        cls = self.config_class
        try:  # the value's type is part of the key: 1, 1.0 and True are equal but not the same option
            key = (cls, frozenset([(k, type(v), v) for k, v in options.items()]))
            config = _CONFIGS.get(key)
        except TypeError:  # an unhashable value: no reuse (it is refused or converted as usual)
            return build_config(cls, options)
        if config is None:
            config = build_config(cls, options)  # raises for bad options: nothing is kept
            if len(_CONFIGS) >= _MAX_CONFIGS:
                _CONFIGS.clear()
            _CONFIGS[key] = config
        return config

    def options(self) -> list[dict[str, Any]]:
        """The rule options, as dicts with name, type, default, choices, doc and ruling."""
        return describe_options(self.config_class)

    def rule_words(self, *, online: bool = False) -> dict[str, str]:
        """Every rule id a refusal (``IllegalActionError.rule``) or an option may name, with its
        words: the rulings and the :attr:`rule_sections`. With ``online``, the words an online
        table shows (``Ruling.online``), leaving out rulings about what a table never does
        (giving a deck)."""
        out: dict[str, str] = dict(self.rule_sections)
        for r in self.rulings:
            text = r.online if online and r.online is not None else r.text
            if text:
                out[r.id] = text
        return out

    def verify_players(self, players: Any) -> int:
        """The player count if this game allows it.

        Raises:
            ValueError: naming ``players``.
        """
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError(f"players: expected an integer, got {players!r}")
        if not self.min_players <= players <= self.max_players:
            span = (
                f"{self.min_players}"
                if self.min_players == self.max_players
                else f"{self.min_players}-{self.max_players}"
            )
            raise ValueError(f"players: {self.title} takes {span} players, not {players}")
        return players

    @abstractmethod
    def new_initial_state(self, players: int, seed: int, deck: list[str] | None, config: Any) -> State:
        """A new game: shuffled with ``seed`` (or dealt from ``deck``, top first).

        Raises:
            ValueError: a bad deck, naming the field (``deck``) and the card at fault.
        """

    @abstractmethod
    def num_actions(self, players: int, config: Any) -> int:
        """The size of the integer action space for this player count and config."""

    @abstractmethod
    def render_text(self, view: dict[str, Any]) -> str:
        """A plain-text drawing of a view (for the terminal and the RL adapters' ``ansi``
        render), as lines of text; it ends with the view's ``prompt`` when the view has one. A
        front that prints the prompt itself (the terminal front, in bold above the choices)
        draws ``{**view, "prompt": ""}``."""

    @abstractmethod
    def all_cards(self, players: int, config: Any) -> list[str]:
        """Every card in a game of this size and config, as notations (the multiset the zones
        of a state must always add up to)."""

    def test_configurations(self) -> list[tuple[int, dict[str, Any]]]:
        """The ``(players, options)`` pairs the conformance suite plays (default: every player
        count with the default options)."""
        return [(n, {}) for n in range(self.min_players, self.max_players + 1)]

    def bots(self) -> dict[str, Callable[..., Bot]]:
        """Game-specific bot factories by name (e.g. ``{"heuristic": ...}``)."""
        return {}

    def state_class(self) -> type[State]:
        """The State subclass, used by ``from_snapshot``."""
        raise NotImplementedError

    def observation_layout(self, players: int, config: Any) -> Layout | None:
        """The layout of this game's observation tensors for ``players`` seats and ``config``:
        every part's name, shape, bounds, scale and value names, declared once
        (:class:`~regalia.core.observation.Layout`) and read both by the game's writer
        (:meth:`observation_writer`) and by its encoder over the view (``regalia.rl.encoders``).
        ``None`` (the default) for a game that declares none."""
        return None

    def observation_writer(self, players: int, config: Any) -> ObservationWriter | None:
        """The writer of this game's observation tensors straight from a state, for ``players``
        seats and ``config`` (:mod:`regalia.core.observation`), following
        :meth:`observation_layout`, or ``None`` (the default) when the game has none: the RL
        adapters then encode ``view(seat)``. A writer's tensors equal its game's encoder's over
        the view, float for float (the conformance suite checks it)."""
        return None

"""OpenSpiel adapter: every regalia game as a registered Python OpenSpiel game.

``register(name)`` registers ``python_regalia_<name>`` (dashes become underscores, e.g.
``python_regalia_kings_blood``) with ``pyspiel.register_game``; :func:`register_all` does it for
every registered regalia game (call it before ``pyspiel.load_game("python_regalia_...")``).
:func:`load_game` registers the game if needed and loads it::

    from regalia.rl import openspiel as rs
    game = rs.load_game("kingship", players=5, laws="pro")   # a pyspiel.Game
    state = game.new_initial_state()

Game parameters: ``players``; every rule option of the game's config under its own name
(options whose type is not a single ``bool``/``int``/``float``/``str`` are passed as text and
read with the option parser, e.g. ``"none"``); ``rng_seed`` (``-1``: fresh deals; ``>= 0``: the
``k``-th initial state that is used draws its regalia seed from a generator seeded with it);
``max_game_length`` (the game is truncated — terminal with the current ``returns()`` — after
that many actions); ``history`` (own-action rows in the information-state tensor).

Game type: sequential, **sampled stochastic** (regalia's state owns its random generator:
shuffles and draws happen inside ``apply``, so there are no OpenSpiel chance nodes), imperfect
information, general-sum (or constant-sum, from :func:`regalia.rl.common.adapter_info`). Reward
model: ``TERMINAL`` for the win/lose games (King's Blood, Kingship, Blood & Fortune, Kingdom: their
``AdapterInfo.terminal_rewards``), so OpenSpiel's ``MCTSBot`` (Python and C++) plays them;
``REWARDS`` for scored games such as King's Family. Either way ``rewards()`` after an action is
the change of ``returns()`` it caused, and ``returns()`` is, as OpenSpiel defines it, the sum
of the rewards so far: the regalia ``returns()`` once an action has been applied, 0 before the
first (so the first action's reward also pays what the deal scores before any move, King's
Family's founder point). Summed over the actions of a game, the rewards give its final returns.
Actions are the game's integer action ids.

Observations (``make_py_observer``):

* default (``perfect_recall=False``): ``observation_tensor`` = the game's encoder over
  ``view(player)`` (:mod:`regalia.rl.encoding`); ``observation_string`` = the view as JSON.
* ``perfect_recall=True``: ``information_state_tensor`` = the view encoding plus the player's own
  last ``history`` actions (one-hot rows); ``information_state_string`` = the view JSON plus the
  player's whole own action history as text.
* ``private_info=NONE``: the spectator view ``view(None)`` (public information only).

Resampling: ``state.resample_from_infostate(player, sampler)`` returns a state built with
``determinize(player, rng)``, keeping the own-action histories, so OpenSpiel's Python
``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``) runs on every game. OpenSpiel's C++
``pyspiel.ISMCTSBot`` cannot call a Python resampler (in open_spiel 2.0.2 it crashes on every
Python game, OpenSpiel's own ``python_kuhn_poker`` included) and is not supported.

Serialization: ``state.serialize()`` / ``game.deserialize_state`` work (the regalia state is
pickled as its snapshot). A pickled *game* does not keep the position of its ``rng_seed``
generator.
"""

from __future__ import annotations

import dataclasses
import json
import random
import secrets
import typing
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]

import regalia.rl.encoders  # noqa: F401  (registers the games' own encoders)
from regalia.core.config import parse_option
from regalia.core.errors import IllegalActionError
from regalia.core.registry import from_snapshot, game_names, get_game
from regalia.core.state import State
from regalia.rl.common import adapter_info
from regalia.rl.encoding import Encoder, InfoStateEncoder
from regalia.rl.observe import Observer

PREFIX = "python_regalia_"
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
DEFAULT_HISTORY = 8
_REGISTERED: dict[str, Any] = {}


def short_name(game_name: str) -> str:
    """The OpenSpiel short name of a regalia game: ``python_regalia_<name>`` (dashes → ``_``)."""
    return PREFIX + game_name.replace("-", "_")


def _simple_type(tp: Any) -> type | None:
    """``bool``/``int``/``float``/``str`` when ``tp`` is exactly one of them (or a ``Literal`` of
    values of one of them), else ``None``."""
    if typing.get_origin(tp) is typing.Literal:
        kinds = {type(a) for a in typing.get_args(tp)}
        tp = kinds.pop() if len(kinds) == 1 else None
    return tp if tp in (bool, int, float, str) else None


def _option_kinds(config_class: type) -> dict[str, tuple[bool, Any]]:
    """Option name → (passed as text?, default as an OpenSpiel parameter value)."""
    hints = typing.get_type_hints(config_class)
    out: dict[str, tuple[bool, Any]] = {}
    for f in dataclasses.fields(config_class):
        if _simple_type(hints[f.name]) is not None:
            out[f.name] = (False, f.default)
        else:
            out[f.name] = (True, "none" if f.default is None else str(f.default))
    return out


class _Spec:
    """Everything one loaded OpenSpiel game shares with its states (not copied by ``clone``)."""

    def __init__(self, game_name: str, params: dict[str, Any]) -> None:
        game = get_game(game_name)
        self.game_name = game_name
        self.game = game
        self.params = dict(params)
        self.players = game.verify_players(int(params.get("players", game.default_players)))
        options: dict[str, Any] = {}
        for name, (textual, _default) in _option_kinds(game.config_class).items():
            if name not in params:
                continue
            value = params[name]
            if textual:
                key, parsed = parse_option(game.config_class, f"{name}={value}")
                options[key] = parsed
            else:
                options[name] = value
        self.options = options
        self.config = game.make_config(**options)
        info = adapter_info(game_name)
        self.max_game_length = int(params.get("max_game_length", info.max_game_length))
        self.history = int(params.get("history", DEFAULT_HISTORY))
        self.num_actions = game.num_actions(self.players, self.config)
        seed = int(params.get("rng_seed", -1))
        self.rng = random.Random(seed if seed >= 0 else secrets.randbits(64))
        self._observer: Observer | None = None
        self._info_encoder: InfoStateEncoder | None = None

    @property
    def observer(self) -> Observer:
        """The tensors' writer (the fast path when the game has one, see ``regalia.rl.observe``)."""
        if self._observer is None:
            self._observer = Observer(self.game_name, self.players, self.config)
        return self._observer

    @property
    def encoder(self) -> Encoder:
        return self.observer.encoder

    @property
    def info_encoder(self) -> InfoStateEncoder:
        if self._info_encoder is None:
            self._info_encoder = InfoStateEncoder(self.encoder, self.num_actions, self.history)
        return self._info_encoder

    def new_regalia_state(self) -> State:
        return self.game.new_initial_state(self.players, self.rng.getrandbits(63), None, self.config)


class _Core:
    """The regalia state behind one OpenSpiel state, plus each seat's own action ids.

    Made lazily (an OpenSpiel ``Clone`` first builds a fresh state and then overwrites it, so a
    fresh state deals only when it is first used). ``copy.deepcopy`` clones with
    ``State.clone()``; pickling stores the snapshot.
    """

    __slots__ = ("_state", "cur", "own", "prev", "spec")

    def __init__(self, spec: _Spec, state: State | None, own: list[list[int]], prev: list[float] | None = None) -> None:
        self.spec = spec
        self._state = state
        self.own = own
        self.cur: int | None = None  # cached OpenSpiel current player (None: not known yet)
        # returns() before the last action, zeros for the first action (None: no action yet)
        self.prev = prev

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = self.spec.new_regalia_state()
        return self._state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        return _Core(self.spec, self.state.clone(), [list(o) for o in self.own], self.prev)

    def __getstate__(self) -> dict[str, Any]:
        return {
            "game": self.spec.game_name,
            "params": json.dumps(self.spec.params, sort_keys=True),
            "snapshot": self.state.snapshot(),
            "own": self.own,
            "prev": self.prev,
        }

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.spec = _spec_for(data["game"], json.loads(data["params"]))
        self._state = from_snapshot(data["snapshot"])
        self.own = [list(o) for o in data["own"]]
        self.cur = None
        self.prev = data.get("prev")


def _spec_for(game_name: str, params: dict[str, Any]) -> _Spec:
    # one spec per loaded game (its own rng_seed generator); encoders are cached by get_encoder
    return _Spec(game_name, params)


class RegaliaSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a regalia :class:`~regalia.core.State`.

    Attributes:
        regalia_state: the wrapped regalia state (do not change it behind OpenSpiel's back).
    """

    def __init__(self, game: RegaliaSpielGame) -> None:
        super().__init__(game)
        self._core = _Core(game.spec, None, [[] for _ in range(game.spec.players)])

    @property
    def regalia_state(self) -> State:
        return self._core.state

    def own_actions(self, player: int) -> list[int]:
        """The action ids ``player`` has taken so far, oldest first."""
        return list(self._core.own[player])

    def current_player(self) -> int:
        core = self._core
        if core.cur is None:
            state = core.state
            if state.is_terminal or len(state.history) >= core.spec.max_game_length:
                core.cur = _TERMINAL
            else:
                seat = state.current_player
                assert seat is not None
                core.cur = seat
        return core.cur

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._core.state.legal_action_ids())

    def _apply_action(self, action: int) -> None:
        state = self._core.state
        seat = state.current_player
        assert seat is not None
        prev = self.returns()  # 0 before the first action, so its reward carries the initial returns
        state.apply(int(action))
        self._core.cur = None
        self._core.prev = prev
        self._core.own[seat].append(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return str(self._core.state.action_from_id(int(action)))
        except IllegalActionError:
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self.current_player() == _TERMINAL

    def returns(self) -> list[float]:
        """OpenSpiel's returns: the rewards received so far — the regalia ``returns()`` once an
        action has been applied, 0 for every seat before the first (whose reward pays what the
        deal scores before any move, e.g. King's Family's founder point)."""
        core = self._core
        if core.prev is None:
            return [0.0] * core.spec.players
        return [float(r) for r in core.state.returns()]

    def rewards(self) -> list[float]:
        """The change of :meth:`returns` caused by the last action (0 for every seat before the
        first action). The first action's reward also pays what the deal scores before any move
        (King's Family's founder point), so the rewards read after each action — what OpenSpiel's
        ``rl_environment`` reads — add up to the final returns, and the rewards read at every
        state so far add up to the current :meth:`returns` (what ``random_sim_test`` checks)."""
        prev = self._core.prev
        if prev is None:
            return [0.0] * self._core.spec.players
        return [a - b for a, b in zip(self.returns(), prev, strict=True)]

    # Python-side fast paths: the same values as OpenSpiel's C++ observer path (which also builds
    # and observes a throwaway initial state on every call to learn the tensor shape).
    def _player(self, player: int | None) -> int:
        p = self.current_player() if player is None else int(player)
        if not 0 <= p < self._core.spec.players:
            raise ValueError(f"player: {p} is not a seat of this {self._core.spec.players}-player game")
        return p

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The observation tensor of ``player`` (default: the player to act): the game's encoder
        over ``view(player)``."""
        p = self._player(player)
        return self._core.spec.observer.observation_list(self._core.state, p)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The information-state tensor of ``player``: view encoding + own last actions."""
        p = self._player(player)
        core = self._core
        spec = core.spec
        out = np.empty(spec.info_encoder.size, np.float32)
        size = spec.encoder.size
        spec.observer.write(core.state, p, out[:size])
        spec.info_encoder.encode_history(core.own[p], out[size:])
        result: list[float] = out.tolist()
        return result

    def observation_string(self, player: int | None = None) -> str:
        """``view(player)`` as compact JSON (sorted keys)."""
        p = self._player(player)
        return _view_string(self._core, p, info_state=False)

    def information_state_string(self, player: int | None = None) -> str:
        """``view(player)`` as JSON plus ``player``'s whole own action history as text."""
        p = self._player(player)
        return _view_string(self._core, p, info_state=True)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RegaliaSpielState:
        """A state consistent with ``player_id``'s information: ``determinize(player_id, rng)``
        with ``rng`` seeded from ``probability_sampler()`` (a uniform ``[0, 1)`` float source),
        the own-action histories kept."""
        u = float(probability_sampler()) if callable(probability_sampler) else random.random()
        rng = random.Random(int(u * 2**53))
        return self.resample(player_id, rng)

    def resample(self, player_id: int, rng: random.Random) -> RegaliaSpielState:
        """A state consistent with ``player_id``'s information, sampled with ``rng``."""
        new: RegaliaSpielState = self.clone()
        core = self._core
        new._core = _Core(core.spec, core.state.determinize(player_id, rng), [list(o) for o in core.own], core.prev)
        return new

    def __str__(self) -> str:
        state = self._core.state
        hidden = json.dumps(state.snapshot()["state"], sort_keys=True, separators=(",", ":"))
        return f"{state.game.render_text(state.view(None))}\nmoves: {len(state.history)}\nstate: {hidden}"


def _view_string(core: _Core, player: int, info_state: bool, seat: int | None = -1) -> str:
    seat = player if seat == -1 else seat
    text = json.dumps(core.state.view(seat), sort_keys=True, separators=(",", ":"))
    if not info_state:
        return text
    own = [core.state.action_from_id(a) for a in core.own[player]]
    return f"p{player} {text} own: {' | '.join(str(a) for a in own)}"


class _RegaliaObserver:
    """A PyObserver: ``tensor``/``dict`` filled by ``set_from``, strings by ``string_from``."""

    def __init__(self, spec: _Spec, kind: str) -> None:
        self.kind = kind
        self.spec = spec
        if kind == "info_state":
            self.layout = spec.info_encoder.layout
            size = spec.info_encoder.size
        else:
            self.layout = spec.encoder.layout
            size = spec.encoder.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {i.name: self.tensor[i.offset : i.offset + i.size].reshape(i.shape) for i in self.layout}

    def _seat(self, player: int) -> int | None:
        return None if self.kind == "public" else player

    def set_from(self, state: RegaliaSpielState, player: int) -> None:
        core = state._core
        seat = self._seat(player)
        size = self.spec.encoder.size
        self.spec.observer.write(core.state, seat, self.tensor[:size])
        if self.kind == "info_state":
            self.spec.info_encoder.encode_history(core.own[player], self.tensor[size:])

    def string_from(self, state: RegaliaSpielState, player: int) -> str:
        return _view_string(state._core, player, self.kind == "info_state", self._seat(player))


class RegaliaSpielGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game for one regalia game, player count and config (see module docs).

    :func:`register` makes one subclass per regalia game (setting ``game_name`` and
    ``spiel_game_type``) and registers the class itself as the creator: a class, unlike a
    closure, is still alive when OpenSpiel's registry is torn down at interpreter exit.
    """

    game_name: str = ""
    spiel_game_type: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_name = self.game_name
        self.spec = _spec_for(game_name, params)
        info = adapter_info(game_name)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.spec.num_actions,
            max_chance_outcomes=0,
            num_players=self.spec.players,
            min_utility=info.min_utility,
            max_utility=info.max_utility,
            utility_sum=info.utility_sum if info.zero_sum else None,
            max_game_length=self.spec.max_game_length,
        )
        super().__init__(self.spiel_game_type, game_info, params)

    def new_initial_state(self) -> RegaliaSpielState:
        return RegaliaSpielState(self)

    def wrap(self, state: State) -> RegaliaSpielState:
        """An OpenSpiel initial state playing a given fresh regalia state (e.g. one made with
        ``regalia.make(..., deck=[...])`` for an exact deal); the state is cloned.

        Raises:
            ValueError: the state is of another game, player count or config, or has moves.
        """
        spec = self.spec
        if state.game.name != spec.game_name or state.num_players != spec.players or state.config != spec.config:
            raise ValueError(
                f"state: a {state.num_players}-player {state.game.name} state with config {state.config!r} "
                f"does not fit this game ({spec.players}-player {spec.game_name}, {spec.config!r})"
            )
        if state.history:
            raise ValueError("state: only a state with no moves yet can be wrapped (OpenSpiel keeps its own history)")
        new = RegaliaSpielState(self)
        new._core = _Core(spec, state.clone(), [[] for _ in range(spec.players)])
        return new

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _RegaliaObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is None:
            return _RegaliaObserver(self.spec, "observation")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("regalia observations never show every player's private information")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE:
            return _RegaliaObserver(self.spec, "public")
        return _RegaliaObserver(self.spec, "info_state" if iig_obs_type.perfect_recall else "observation")

    @property
    def encoder(self) -> Encoder:
        """The observation-tensor encoder (its ``layout_text()`` prints the layout)."""
        return self.spec.encoder

    @property
    def info_state_encoder(self) -> InfoStateEncoder:
        """The information-state-tensor encoder."""
        return self.spec.info_encoder


def game_type(game_name: str) -> Any:
    """The ``pyspiel.GameType`` of a regalia game (parameters with the game's defaults)."""
    game = get_game(game_name)
    info = adapter_info(game_name)
    params: dict[str, Any] = {
        "players": game.default_players,
        "rng_seed": -1,
        "max_game_length": info.max_game_length,
        "history": DEFAULT_HISTORY,
    }
    for name, (_textual, default) in _option_kinds(game.config_class).items():
        if name in params:
            raise ValueError(f"option {name!r} of {game_name} clashes with the OpenSpiel adapter's own parameter")
        params[name] = default
    if info.zero_sum:
        utility = pyspiel.GameType.Utility.ZERO_SUM if info.utility_sum == 0 else pyspiel.GameType.Utility.CONSTANT_SUM
    else:
        utility = pyspiel.GameType.Utility.GENERAL_SUM
    rewards = pyspiel.GameType.RewardModel.TERMINAL if info.terminal_rewards else pyspiel.GameType.RewardModel.REWARDS
    return pyspiel.GameType(
        short_name=short_name(game_name),
        long_name=f"regalia {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=rewards,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def register(game_name: str) -> str:
    """Register one regalia game with OpenSpiel (once); returns its short name.

    Raises:
        ValueError: an unknown game.
    """
    name = short_name(game_name)
    if name in _REGISTERED:
        return name
    gt = game_type(game_name)
    cls = type(
        f"RegaliaSpielGame_{game_name.replace('-', '_')}",
        (RegaliaSpielGame,),
        {"game_name": game_name, "spiel_game_type": gt, "__module__": __name__},
    )
    pyspiel.register_game(gt, cls)
    _REGISTERED[name] = gt
    return name


def register_all() -> list[str]:
    """Register every registered regalia game; returns the short names."""
    return [register(g) for g in game_names()]


def load_game(game_name: str, players: int | None = None, **params: Any) -> Any:
    """``pyspiel.load_game`` of a regalia game (registered first if needed).

    Args:
        game_name: the regalia name (``"kingship"``).
        players: seats (default: the game's default).
        **params: rule options and adapter parameters (``rng_seed``, ``max_game_length``,
            ``history``).

    Raises:
        ValueError: an unknown game or option (the message names it).
    """
    name = register(game_name)
    allowed = set(_REGISTERED[name].parameter_specification)
    for key in params:
        if key not in allowed:
            raise ValueError(f"unknown parameter {key!r} for {name} (known: {', '.join(sorted(allowed))})")
    if players is not None:
        params["players"] = players
    kinds = _option_kinds(get_game(game_name).config_class)
    for key, value in list(params.items()):
        if key in kinds and kinds[key][0] and not isinstance(value, str):
            params[key] = "none" if value is None else str(value)
    return pyspiel.load_game(name, params)


def resampler(seed: int | None = None) -> Callable[[Any, int], Any]:
    """A resampler callback for OpenSpiel's Python ``ISMCTSBot.set_resampler``:
    ``cb(state, player)`` → a determinization drawn with a generator seeded with ``seed``."""
    rng = random.Random(seed)

    def cb(state: RegaliaSpielState, player: int) -> RegaliaSpielState:
        return state.resample(player, rng)

    return cb


__all__ = [
    "RegaliaSpielGame",
    "RegaliaSpielState",
    "game_type",
    "load_game",
    "register",
    "register_all",
    "resampler",
    "short_name",
]

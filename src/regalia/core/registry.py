"""The game registry and the module-level entry points: make, games, replay, from_snapshot."""

from __future__ import annotations

import importlib
import pkgutil
import secrets
from typing import Any

from regalia.core.config import build_config
from regalia.core.errors import IllegalActionError
from regalia.core.game import Game
from regalia.core.state import RECORD_FORMAT, SNAPSHOT_FORMAT, State, rng_state_from_json

_GAMES: dict[str, Game] = {}
_loaded = False


def register(game: Game) -> Game:
    """Register a game instance under ``game.name`` (each game package does this on import)."""
    _GAMES[game.name] = game
    return game


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    pkg = importlib.import_module("regalia.games")  # the package (``regalia.games`` is the function)

    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        if info.ispkg:
            importlib.import_module(f"regalia.games.{info.name}")
    _loaded = True


def games() -> list[str]:
    """The registered game names, sorted."""
    _load_all()
    return sorted(_GAMES)


def get_game(name: str) -> Game:
    """The registered game called ``name``.

    Raises:
        ValueError: no such game (the message lists the known names).
    """
    _load_all()
    try:
        return _GAMES[name]
    except KeyError:
        raise ValueError(f"game: unknown game {name!r} (known: {', '.join(sorted(_GAMES))})") from None


def make(name: str, *, players: int, seed: int | None = None, deck: list[str] | None = None, **options: Any) -> State:
    """A new game of ``name``.

    Args:
        name: a registered game name (see :func:`games`).
        players: the number of seats.
        seed: seeds the state's random generator; a fresh random seed (kept in the record) if ``None``.
        deck: an exact draw order, card notations top first. Cards are dealt one at a time in seat
            order from seat 0, then the game's setup draws what it draws next; seat 0 plays first.
        **options: rule options of the game's config.

    Raises:
        ValueError: an unknown game or option, a wrong player count, a bad seed or deck; the
            message names the field.
    """
    game = get_game(name)
    players = game.verify_players(players)
    config = game.make_config(**options)
    if seed is None:
        seed = secrets.randbits(63)
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed: expected an integer, got {seed!r}")
    if deck is not None:
        if isinstance(deck, str) or not all(isinstance(c, str) for c in deck):
            raise ValueError("deck: expected a list of card notations (strings), top of the deck first")
        deck = list(deck)
    return game.new_initial_state(players, seed, deck, config)


def _need(record: dict[str, Any], field: str, kind: type | tuple[type, ...]) -> Any:
    if field not in record:
        raise ValueError(f"{field}: missing from the record")
    value = record[field]
    if not isinstance(value, kind):
        raise ValueError(f"{field}: unexpected value {value!r}")
    return value


def replay(record: dict[str, Any]) -> State:
    """Rebuild a game from its record, move by move.

    Raises:
        ValueError: a malformed record (naming the field) or a move that is not legal where it
            stands (naming its index, ``actions[i]``).
    """
    if not isinstance(record, dict):
        raise ValueError("record: expected a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise ValueError(f"format: expected {RECORD_FORMAT!r}, got {record.get('format')!r}")
    name = _need(record, "game", str)
    players = _need(record, "players", int)
    seed = _need(record, "seed", int)
    config = _need(record, "config", dict)
    actions = _need(record, "actions", list)
    deck = record.get("deck")
    try:
        state = make(name, players=players, seed=seed, deck=deck, **config)
    except ValueError as exc:
        raise ValueError(f"config: {exc}") from exc
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise ValueError(f"actions[{i}]: expected an action text, got {text!r}")
        try:
            state.apply(text)
        except IllegalActionError as exc:
            raise ValueError(f"actions[{i}]: {exc}") from exc
    for talk in record.get("table_talk") or []:
        state.table_talk.append(dict(talk))
    return state


def from_snapshot(data: dict[str, Any]) -> State:
    """Restore a state saved by ``State.snapshot()`` exactly.

    Raises:
        ValueError: a malformed snapshot, naming the field.
    """
    if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
        raise ValueError(f"format: expected {SNAPSHOT_FORMAT!r}")
    game = get_game(_need(data, "game", str))
    players = game.verify_players(_need(data, "players", int))
    config = build_config(game.config_class, _need(data, "config", dict))
    cls = game.state_class()
    state = cls.__new__(cls)
    State.__init__(state, game, config, players, _need(data, "seed", int), data.get("deck"))
    state.history = list(_need(data, "history", list))
    state.table_talk = [dict(t) for t in data.get("table_talk") or []]
    state.determinized = bool(data.get("determinized", False))
    state.rng.setstate(rng_state_from_json(_need(data, "rng", list)))
    state._restore_state(_need(data, "state", dict))
    return state

"""The game registry and the module-level entry points: make, game_names, replay, from_snapshot.

The registry is explicit: ``regalia.games`` registers its five games (:func:`register`) when it is
imported, which ``import regalia`` does before anything else can ask for a game; the core itself
imports no game, by name or by string. A program may register a game of its own the same way.
"""

from __future__ import annotations

import json
import secrets
from collections import Counter
from typing import Any

from regalia.core.config import build_config, config_dict
from regalia.core.errors import IllegalActionError, shown
from regalia.core.game import Game
from regalia.core.state import FORMAT_VERSION, RECORD_FORMAT, SNAPSHOT_FORMAT, State, rng_state_from_json

_GAMES: dict[str, Game] = {}
"""The registered games by name (``regalia.games`` registers the five built-in ones)."""


def register(game: Game) -> Game:
    """Register a game instance under ``game.name`` (replacing any game of that name) and return it."""
    _GAMES[game.name] = game
    return game


def game_names() -> list[str]:
    """The names of the registered games, sorted (``"blood-and-fortune"``, ``"kingdom"``, ...)."""
    return sorted(_GAMES)


def get_game(name: Any) -> Game:
    """The registered game called ``name`` (a ``str``).

    Raises:
        ValueError: no such game (the message lists the known names).
    """
    game = _GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise ValueError(f"game: unknown game {shown(name)!r} (known: {', '.join(sorted(_GAMES))})")
    return game


def make(name: Any, *, players: Any, seed: Any = None, deck: Any = None, **options: Any) -> State:
    """A new game of ``name``.

    The arguments are checked here, each refusal naming its field (they are typed ``Any`` so
    that a compiled build checks them the same way instead of raising ``TypeError`` at entry).

    Args:
        name: a registered game name (``str``, see :func:`game_names`).
        players: the number of seats (``int``).
        seed: seeds the state's random generator (``int`` from 0 to 2**64 - 1); a fresh random
            seed (kept in the record) if ``None``.
        deck: an exact draw order (``list[str]``), card notations top first. Cards are dealt one at a time in seat
            order from seat 0, then the game's setup draws what it draws next; seat 0 plays first.
        **options: rule options of the game's config.

    Raises:
        ValueError: an unknown game or option, a wrong player count, a bad seed (not an integer,
            or negative: ``random.Random`` would deal ``-5`` as it deals ``5``) or deck; the
            message names the field.
    """
    game = get_game(name)
    players = game.verify_players(players)
    config = game.make_config(**options)
    if seed is None:
        seed = secrets.randbits(63)
    else:
        seed = verify_seed(seed)
    if deck is not None:
        if isinstance(deck, str) or not all(isinstance(c, str) for c in deck):
            raise ValueError("deck: expected a list of card notations (strings), top of the deck first")
        deck = list(deck)
    return game.new_initial_state(players, seed, deck, config)


def verify_seed(seed: Any) -> int:
    """``seed`` if it is a seed: an integer from 0 to 2**64 - 1.

    Negative seeds are refused because Python's ``random.Random`` seeds with the absolute value,
    so ``-5`` would deal exactly what ``5`` deals.

    Raises:
        ValueError: naming ``seed``.
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed: expected an integer, got {shown(seed)}")
    if not 0 <= seed < 2**64:
        raise ValueError(f"seed: expected an integer from 0 to 2**64 - 1, got {shown(seed)}")
    return seed


def _need(record: dict[str, Any], field: str, kind: type | tuple[type, ...]) -> Any:
    if field not in record:
        raise ValueError(f"{field}: missing")
    value = record[field]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"{field}: unexpected value {shown(value)}")
    return value


def _check_header(data: dict[str, Any], fmt: str, allow_other_rules: bool) -> Game:
    """Check a record's or snapshot's format, version and rules version; return its game."""
    if data.get("format") != fmt:
        raise ValueError(f"format: expected {fmt!r}, got {shown(data.get('format'))}")
    version = _need(data, "version", int)
    if version != FORMAT_VERSION:
        raise ValueError(f"version: this regalia reads format version {FORMAT_VERSION}, not {version}")
    game = get_game(_need(data, "game", str))
    rules = _need(data, "rules_version", str)
    if rules != game.rules_version and not allow_other_rules:
        raise ValueError(
            f"rules_version: saved under {shown(rules)}, but this regalia plays {game.rules_version}; "
            "replay it under today's rules only with allow_other_rules=True (regalia replay --other-rules)"
        )
    return game


def _check_table_talk(talk: Any, moves: int, players: int) -> list[dict[str, Any]]:
    """The table talk of a record or snapshot, checked entry by entry."""
    if talk is None:
        return []
    if not isinstance(talk, list):
        raise ValueError(f"table_talk: expected a list, got {shown(talk)}")
    out = []
    for i, entry in enumerate(talk):
        where = f"table_talk[{i}]"
        if not isinstance(entry, dict):
            raise ValueError(f"{where}: expected an object with after_move, seat and text, got {shown(entry)}")
        after = _need(entry, "after_move", int) if "after_move" in entry else None
        if after is None:
            raise ValueError(f"{where}.after_move: missing")
        if not 0 <= after <= moves:
            raise ValueError(f"{where}.after_move: {after} is not between 0 and {moves} (the moves so far)")
        seat = entry.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players):
            raise ValueError(f"{where}.seat: {shown(seat)} is not a seat of this {players}-player game")
        text = entry.get("text")
        if not isinstance(text, str):
            raise ValueError(f"{where}.text: expected a text, got {shown(text)}")
        out.append({"after_move": after, "seat": seat, "text": text})
    return out


def _check_undos(data: dict[str, Any]) -> int:
    undos = data.get("undos", 0)
    if not isinstance(undos, int) or isinstance(undos, bool) or undos < 0:
        raise ValueError(f"undos: expected a count (0 or more), got {shown(undos)}")
    return undos


def _check_deck(deck: Any) -> list[str] | None:
    if deck is not None and (not isinstance(deck, list) or not all(isinstance(c, str) for c in deck)):
        raise ValueError("deck: expected null or a list of card notations")
    return deck


def _replay_moves(
    name: str, players: int, seed: int, deck: list[str] | None, config: dict[str, Any], actions: list[Any], field: str
) -> State:
    try:
        state = make(name, players=players, seed=seed, deck=deck, **config)
    except ValueError as exc:
        msg = str(exc)
        raise ValueError(msg if msg.split(":", 1)[0] in ("players", "seed", "deck") else f"config: {msg}") from None
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise ValueError(f"{field}[{i}]: expected an action text, got {shown(text)}")
        try:
            state.apply(text)
        except IllegalActionError as exc:
            raise ValueError(f"{field}[{i}]: {exc}") from None
    return state


def replay(record: dict[str, Any], *, allow_other_rules: bool = False) -> State:
    """Rebuild a game from its record, move by move.

    Args:
        record: a record made by ``State.record()`` (format ``regalia.record``).
        allow_other_rules: replay a record saved under another ``rules_version`` with today's
            rules (it may not replay, or may end differently).

    Raises:
        ValueError: a malformed record (naming the field), another format version, another
            rules version (unless allowed), a move that is not legal where it stands (naming its
            index, ``actions[i]``), or a stored result that the moves do not give (checked only
            under the rules version the record was saved with: replayed under other rules, the
            game may end differently, or not end with its last move).
    """
    if not isinstance(record, dict):
        raise ValueError("record: expected a JSON object")
    game = _check_header(record, RECORD_FORMAT, allow_other_rules)
    players = game.verify_players(_need(record, "players", int))
    seed = verify_seed(_need(record, "seed", int))
    config = _need(record, "config", dict)
    actions = _need(record, "actions", list)
    deck = _check_deck(record.get("deck"))
    state = _replay_moves(game.name, players, seed, deck, config, actions, "actions")
    state.table_talk = _check_table_talk(record.get("table_talk"), len(actions), players)
    state.undos = _check_undos(record)
    stored = record.get("result")
    same_rules = record["rules_version"] == game.rules_version
    if stored is not None and same_rules and not _same_result(stored, state.result()):
        raise ValueError(
            f"result: the record says {shown(stored, 120)}, but its moves give {shown(state.result(), 120)}"
        )
    return state


def _same_result(stored: Any, computed: dict[str, Any] | None) -> bool:
    """Whether a record's stored result is the one its moves give: every field it stores equals
    the computed one, except ``text`` (words, which may be put better in a later release). A
    record saved before a field was added to ``result()`` (``standings``…) stores fewer fields."""
    if not isinstance(stored, dict) or computed is None:
        return False
    got = json.loads(json.dumps(computed))
    return all(k in got and got[k] == v for k, v in stored.items() if k != "text")


def _first_difference(a: Any, b: Any, path: str) -> str:
    """The path of the first place where two JSON values differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b or a[key] != b[key]:
                return _first_difference(a.get(key), b.get(key), f"{path}.{key}")
        return path
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return path


def verify_state(state: State) -> None:
    """Check the invariants every state keeps: every card of the game in exactly one zone
    (``Game.all_cards``), the deciding seat in range and a legal action before the end, no
    decider after it, and a view for every seat and a spectator.

    Raises:
        ValueError: naming what is wrong (``state: ...``).
    """
    try:
        zones = state.zones()
        found: Counter[str] = Counter()
        for cards in zones.values():
            found.update(cards)
        expected = Counter(state.game.all_cards(state.num_players, state.config))
        if found != expected:
            extra = ", ".join(sorted((found - expected).elements())[:8]) or "none"
            missing = ", ".join(sorted((expected - found).elements())[:8]) or "none"
            raise ValueError(f"state: cards not conserved across the zones (extra: {extra}; missing: {missing})")
        seat = state.current_player
        if state.is_terminal:
            if seat is not None:
                raise ValueError("state: the game is over but a seat is to act")
        else:
            if not isinstance(seat, int) or not 0 <= seat < state.num_players:
                raise ValueError(f"state: the seat to act, {shown(seat)}, is not a seat of this game")
            if not state.legal_actions():
                raise ValueError("state: the game is running but has no legal action")
        for s in [*range(state.num_players), None]:
            json.dumps(state.view(s))
    except ValueError:
        raise
    except Exception as exc:
        raise ValueError(f"state: inconsistent ({type(exc).__name__}: {shown(str(exc), 120)})") from None


def from_snapshot(data: dict[str, Any], *, allow_other_rules: bool = False, check_history: bool = True) -> State:
    """Restore a state saved by ``State.snapshot()`` exactly, after checking it.

    Checks: the format and its version, the rules version, the type and range of every common
    field, the game's own checks (``State._validate_restored``), the invariants of
    :func:`verify_state` (cards conserved, a decider in range, a legal action), and — unless the
    state was made by ``determinize`` and so has no history — that replaying its history from
    its seed gives exactly the saved state.

    Args:
        data: a snapshot (format ``regalia.snapshot``).
        allow_other_rules: load a snapshot saved under another ``rules_version``.
        check_history: ``False`` loads a composed position (a puzzle, a test scenario) whose
            history does not lead to it; every other check still runs.

    Raises:
        ValueError: a malformed or inconsistent snapshot, naming the field.
    """
    if not isinstance(data, dict):
        raise ValueError("snapshot: expected a JSON object")
    game = _check_header(data, SNAPSHOT_FORMAT, allow_other_rules)
    players = game.verify_players(_need(data, "players", int))
    try:
        config: Any = build_config(game.config_class, _need(data, "config", dict))
    except ValueError as exc:
        raise ValueError(f"config: {exc}") from None
    seed = verify_seed(_need(data, "seed", int))
    deck = _check_deck(data.get("deck"))
    history = _need(data, "history", list)
    if not all(isinstance(t, str) for t in history):
        raise ValueError("history: expected a list of action texts")
    determinized = _need(data, "determinized", bool)
    talk = _check_table_talk(data.get("table_talk"), len(history), players)
    undos = _check_undos(data)
    rng_data = _need(data, "rng", list)
    body = _need(data, "state", dict)
    cls = game.state_class()
    state = cls._blank()
    state._init_base(game, config, players, seed, deck)
    try:
        state.rng.setstate(rng_state_from_json(rng_data))
    except Exception:
        raise ValueError("rng: not a saved random generator state") from None
    state.history = list(history)
    state.table_talk = talk
    state.determinized = determinized
    state.undos = undos
    try:
        state._restore_state(body)
        state._validate_restored()
    except ValueError as exc:
        msg = str(exc)
        raise ValueError(msg if msg.startswith("state") else f"state: {msg}") from None
    except Exception as exc:
        raise ValueError(f"state: malformed ({type(exc).__name__}: {shown(str(exc), 120)})") from None
    verify_state(state)
    if not determinized and check_history:
        again = _replay_moves(game.name, players, seed, deck, dict(config_dict(config)), history, "history")
        again.table_talk = talk
        again.undos = undos
        mine, theirs = state.snapshot(), again.snapshot()
        if mine != theirs:
            where = _first_difference(mine, theirs, "snapshot")
            raise ValueError(f"state: does not match its history (first difference at {where})")
        state = again  # the same state, with real action objects in its history
    return state


def undo_to(state: State, earlier: dict[str, Any]) -> State:
    """Go back to an earlier position of the same game: the state saved in ``earlier`` (a
    snapshot of ``state``'s own game taken at one of the person's decisions), with one more undo
    counted (``undos``, kept in the record and the result, so a scored deal shows that the
    person took a move back after seeing what it revealed).

    Raises:
        ValueError: ``state`` does not allow undo (``State.undo_allowed``), or ``earlier`` is not
            an earlier position of the same deal.
    """
    if not state.undo_allowed():
        raise ValueError("undo: this game does not allow going back")
    back = from_snapshot(earlier)
    if back.game is not state.game or back.seed != state.seed or back.initial_deck != state.initial_deck:
        raise ValueError("undo: the saved position is not of this deal")
    if [str(a) for a in back.history] != [str(a) for a in state.history[: len(back.history)]]:
        raise ValueError("undo: the saved position is not an earlier position of this game")
    back.undos = state.undos + 1
    return back

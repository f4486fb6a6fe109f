"""Each game's view has a schema (``Game.view_schema``, a TypedDict with keys, types and units in
its docstring), and it holds:

- on random playouts of every configuration, the view of the seat to act and of a spectator at
  every step (and of every seat every few steps and at the end) has exactly the schema's keys,
  each of the declared type;
- every key the game's RL encoder reads exists (the encoder runs on views that record each key
  it asks for: a renamed key would have it write zeros silently);
- every key the game's JS renderer reads exists (its ``view.…`` chains, and the names it gives
  to parts of the view, read from the module's text).
"""

from __future__ import annotations

import functools
import random
import re
import types
from pathlib import Path
from typing import Any, NotRequired, Union, get_args, get_origin, is_typeddict

import pytest

import regalia

from .typecheck import check_type, hints, typed_dict_keys

PLAYOUTS = 3  # per configuration
WEB = Path(regalia.__file__).parent / "web" / "js" / "games"


def _cases() -> list[Any]:
    out = []
    for name in regalia.game_names():
        for players, options in regalia.get_game(name).test_configurations():
            label = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
            out.append(pytest.param(name, players, options, id=f"{name}-{players}p-{label or 'default'}"))
    return out


def test_every_game_declares_a_typed_view_with_a_documented_key_each() -> None:
    for name in regalia.game_names():
        schema = regalia.get_game(name).view_schema
        assert schema is not None and is_typeddict(schema), name
        doc = schema.__doc__ or ""
        for key in hints(schema):
            assert re.search(rf"\b{key}\b", doc), f"{name}: {schema.__name__}'s docstring does not explain {key}"


@pytest.mark.parametrize(("name", "players", "options"), _cases())
def test_views_match_their_schema_on_random_playouts(name: str, players: int, options: dict[str, Any]) -> None:
    schema = regalia.get_game(name).view_schema
    for i in range(PLAYOUTS):
        seed = 6000 + i
        state = regalia.make(name, players=players, seed=seed, **options)
        rng = random.Random(seed)
        step = 0
        while True:
            seats = list(range(players)) if step % 9 == 0 or state.is_terminal else [state.current_player]
            for seat in [*seats, None]:
                view = state.view(seat)
                check_type(view, schema, f"{name} view({seat}) at step {step}")
                assert isinstance(view["prompt"], str)
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
            step += 1


# ------------------------------------------------------------------ the RL encoders' reads
class _Reads(dict[str, Any]):
    """A view (or a part of it) that checks every key read of it against its type."""

    def __init__(self, value: dict[str, Any], tp: Any, path: str) -> None:
        super().__init__(value)
        self._tp = tp
        self._path = path

    def _type_of(self, key: Any) -> Any:
        if is_typeddict(self._tp):
            declared = hints(self._tp)
            assert key in declared, f"the encoder reads {self._path}.{key}, which the view does not have"
            return declared[key]
        args = get_args(self._tp)
        return args[1] if get_origin(self._tp) is dict else Any

    def __getitem__(self, key: Any) -> Any:
        return _wrap(super().__getitem__(key), self._type_of(key), f"{self._path}.{key}")

    def get(self, key: Any, default: Any = None) -> Any:
        tp = self._type_of(key)
        return _wrap(super().get(key, default), tp, f"{self._path}.{key}") if key in self.keys() else default

    def __contains__(self, key: object) -> bool:
        self._type_of(key)
        return super().__contains__(key)


class _ReadsList(list[Any]):
    def __init__(self, value: list[Any], tp: Any, path: str) -> None:
        super().__init__(_wrap(v, tp, path) for v in value)


def _effective(tp: Any, value: Any) -> Any:
    """The part of ``tp`` that fits ``value``: without ``NotRequired``, the dict or list member of
    a union (``X | None``)."""
    origin = get_origin(tp)
    if origin is NotRequired:
        return _effective(get_args(tp)[0], value)
    if origin is Union or origin is types.UnionType:
        for arg in get_args(tp):
            if isinstance(value, dict) and (is_typeddict(arg) or get_origin(arg) is dict):
                return arg
            if isinstance(value, list) and get_origin(arg) in (list, tuple):
                return arg
        return Any
    return tp


def _wrap(value: Any, tp: Any, path: str) -> Any:
    tp = _effective(tp, value)
    if isinstance(value, dict) and (is_typeddict(tp) or get_origin(tp) is dict):
        return _Reads(value, tp, path)
    if isinstance(value, list) and get_origin(tp) is list:
        return _ReadsList(value, get_args(tp)[0], path)
    return value


@pytest.mark.parametrize("name", regalia.game_names())
def test_every_key_an_rl_encoder_reads_exists(name: str) -> None:
    pytest.importorskip("numpy")
    from regalia.rl.encoders import get_encoder

    game = regalia.get_game(name)
    for players, options in game.test_configurations()[:4]:
        state = regalia.make(name, players=players, seed=3, **options)
        encoder = get_encoder(name, players, state.config)
        rng = random.Random(3)
        step = 0
        while True:
            if step % 5 == 0 or state.is_terminal:
                for seat in range(players):
                    encoder.encode(_wrap(state.view(seat), game.view_schema, "view"), seat)
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
            step += 1


# ------------------------------------------------------------------ the JS renderers' reads
RENDERERS = {
    "kings_blood.js": ["kings-blood"],
    "kings_family.js": ["kings-family"],
    "genealogy.js": ["kings-blood", "kings-family"],
    "kingship.js": ["kingship"],
    "blood_and_fortune.js": ["blood-and-fortune"],
    "kingdom.js": ["kingdom"],
}
"""Each renderer module and the games whose views it draws (the Genealogy is drawn for both King's
Blood and King's Family: a key it reads must be in one of their views)."""

JS_PROPERTIES = {
    "length", "map", "filter", "find", "findIndex", "some", "every", "slice", "includes", "join", "indexOf",
    "lastIndexOf", "concat", "reverse", "forEach", "reduce", "replace", "startsWith", "toString", "sort", "keys",
}  # fmt: skip
"""Properties of arrays and strings, not keys of the view."""

CHAIN = r"(?:\?\.|\.)([A-Za-z_]\w*)|\[\s*'(\w+)'\s*\]"


def _chains(text: str, root: str) -> list[list[str]]:
    """Every property chain read from the name ``root`` (``view.kingdoms``, ``view.roles.draft``)."""
    out = []
    for m in re.finditer(rf"(?<![\w.]){re.escape(root)}((?:{CHAIN})+)", text):
        parts = [a or b for a, b in re.findall(CHAIN, m.group(1))]
        out.append(parts)
    return out


def _aliases(text: str) -> dict[str, set[str]]:
    """The names a renderer gives to parts of the view: ``const o = view.pending_offer``,
    ``view.kingdoms.map((k) =>`` (a list's items take the list's path). A name may stand for
    several parts in different functions."""
    found: dict[str, set[str]] = {}
    for m in re.finditer(r"const (\w+) = \(?view((?:\.\w+)+)(?:\s*&&\s*view((?:\.\w+)+))?", text):
        found.setdefault(m.group(1), set()).add((m.group(3) or m.group(2))[1:])  # a && a.b: a.b
    for m in re.finditer(r"\(?view((?:\.\w+)+)(?: \|\| \[\])?\)?\.(?:map|filter|find|some|forEach)\(\s*\(?(\w+)", text):
        found.setdefault(m.group(2), set()).add(m.group(1)[1:])
    for m in re.finditer(r"const (\w+) = (\w+)\[", text):  # an item of a part: const info = infos[card]
        for path in found.get(m.group(2), set()).copy():
            found.setdefault(m.group(1), set()).add(f"{path}.*")
    return found


@functools.cache
def _free_prefixes(schema: Any) -> frozenset[str]:
    """Dotted paths of the view whose keys are data (``abilities``, ``cards``, ``known_cards``)."""
    out: set[str] = set()

    def walk(t: Any, prefix: str) -> None:
        if is_typeddict(t):
            for key, sub in hints(t).items():
                walk(sub, f"{prefix}{key}.")
        elif get_origin(t) is dict:
            out.add(prefix.rstrip("."))
        else:
            for arg in get_args(t):
                walk(arg, prefix)

    walk(schema, "")
    return frozenset(out)


def _valid(path: str, schemas: list[Any]) -> bool | None:
    """Whether ``path`` is a key of one of the views (``None``: it goes inside data, a mapping
    such as ``abilities`` whose keys are cards, where any key may be read)."""
    for schema in schemas:
        if any(path == f or path.startswith(f"{f}.") for f in _free_prefixes(schema)):
            return None
        if path in typed_dict_keys(schema):
            return True
    return False


@pytest.mark.parametrize("file", sorted(RENDERERS))
def test_every_key_a_js_renderer_reads_exists(file: str) -> None:
    schemas = [regalia.get_game(name).view_schema for name in RENDERERS[file]]
    text = (WEB / file).read_text()
    chains = [("", c) for c in _chains(text, "view")]
    for alias, paths in _aliases(text).items():
        for c in _chains(text, alias):
            chains.append(("|".join(sorted(paths)), c))
    read = 0
    for bases, chain in chains:
        ok = False
        for base in bases.split("|"):
            path = base
            good = True
            for part in chain:
                if part in JS_PROPERTIES:
                    break
                path = f"{path}.{part}" if path else part
                verdict = _valid(path, schemas)
                if verdict is None:
                    break
                if not verdict:
                    good = False
                    break
            ok = ok or good
        assert ok, (
            f"{file} reads view.{bases or ''}{'.' if bases else ''}{'.'.join(chain)}, which no view of {RENDERERS[file]} has"
        )
        read += 1
    assert read > 5, f"no reads of the view found in {file}"

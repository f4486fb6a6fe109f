"""A run-time check of a JSON-ready value against a type: a TypedDict (exactly its keys — every
required key present, no key it does not declare), ``list[X]``, ``dict[K, V]``, ``tuple[...]``
(a JSON array of that length), ``Literal``, unions, ``None``, ``bool``, ``int`` (never a bool),
``float`` (an int too: JSON has one kind of number), ``str`` and ``Any``."""

from __future__ import annotations

import functools
import types
import typing
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict


@functools.cache
def hints(tp: Any) -> dict[str, Any]:
    """A TypedDict's keys and their types (``NotRequired`` kept), read once."""
    return get_type_hints(tp, include_extras=True)


class SchemaError(AssertionError):
    """A value does not match its type; the message names the path (``view.kingdoms[2].seat``)."""


def _fail(path: str, value: Any, expected: str) -> typing.NoReturn:
    raise SchemaError(f"{path}: expected {expected}, got {value!r}"[:400])


def check_type(value: Any, tp: Any, path: str = "value") -> None:
    """Raise :class:`SchemaError` (naming the path) unless ``value`` matches ``tp``."""
    if tp is Any:
        return
    if tp is None or tp is type(None):
        if value is not None:
            _fail(path, value, "None")
        return
    if is_typeddict(tp):
        _check_typed_dict(value, tp, path)
        return
    origin = get_origin(tp)
    args = get_args(tp)
    if origin is NotRequired:
        check_type(value, args[0], path)
    elif origin is Union or origin is types.UnionType:
        errors = []
        for arg in args:
            try:
                check_type(value, arg, path)
                return
            except SchemaError as err:
                errors.append(str(err))
        _fail(path, value, " or ".join(_name(a) for a in args))
    elif origin is Literal:
        if not any(value == a and type(value) is type(a) for a in args):
            _fail(path, value, f"one of {args}")
    elif origin is list:
        if not isinstance(value, list):
            _fail(path, value, _name(tp))
        for i, item in enumerate(value):
            check_type(item, args[0], f"{path}[{i}]")
    elif origin is dict:
        if not isinstance(value, dict):
            _fail(path, value, _name(tp))
        for k, v in value.items():
            check_type(k, args[0], f"{path} key {k!r}")
            check_type(v, args[1], f"{path}[{k!r}]")
    elif origin is tuple:
        if not isinstance(value, list | tuple) or len(value) != len(args):
            _fail(path, value, _name(tp))
        for i, (item, arg) in enumerate(zip(value, args, strict=True)):
            check_type(item, arg, f"{path}[{i}]")
    elif tp is bool:
        if type(value) is not bool:
            _fail(path, value, "bool")
    elif tp is int:
        if type(value) is not int:
            _fail(path, value, "int")
    elif tp is float:
        if type(value) not in (int, float):
            _fail(path, value, "float")
    elif tp is str:
        if not isinstance(value, str):
            _fail(path, value, "str")
    else:
        raise TypeError(f"{path}: the checker does not know the type {tp!r}")


def _check_typed_dict(value: Any, tp: Any, path: str) -> None:
    if not isinstance(value, dict):
        _fail(path, value, tp.__name__)
    declared = hints(tp)
    missing = sorted(k for k in tp.__required_keys__ if k not in value)
    if missing:
        _fail(path, sorted(value), f"{tp.__name__} with the keys {missing}")
    extra = sorted(k for k in value if k not in declared)
    if extra:
        raise SchemaError(f"{path}: {tp.__name__} declares no key {extra}")
    for key, item in value.items():
        check_type(item, declared[key], f"{path}.{key}")


@functools.cache
def typed_dict_keys(tp: Any) -> frozenset[str]:
    """Every key a TypedDict declares, with the keys of the TypedDicts inside it (dotted:
    ``kingdoms.in_play.card``; list items take their list's name)."""
    out: set[str] = set()

    def walk(t: Any, prefix: str) -> None:
        if is_typeddict(t):
            for key, sub in hints(t).items():
                name = f"{prefix}{key}"
                out.add(name)
                walk(sub, f"{name}.")
            return
        for arg in get_args(t):
            walk(arg, prefix)

    walk(tp, "")
    return frozenset(out)


def _name(tp: Any) -> str:
    return getattr(tp, "__name__", None) or str(tp).replace("typing.", "")

"""Rule options: frozen keyword-only dataclasses validated field by field.

A game declares its options as a frozen, keyword-only dataclass whose fields are made with
:func:`option`. :func:`build_config` turns user keyword options into an instance and raises
``ValueError`` naming the field at fault; :func:`parse_option` reads a ``key=value`` text (CLI).
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import Any, TypeVar

C = TypeVar("C")

_NONE_WORDS = {"none", "null", ""}
_TRUE_WORDS = {"true", "yes", "on", "1"}
_FALSE_WORDS = {"false", "no", "off", "0"}


def option(
    default: Any,
    *,
    doc: str,
    label: str,
    help: str | None = None,
    choice_labels: dict[Any, str] | None = None,
    choices: tuple[Any, ...] | None = None,
    ruling: str | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
) -> Any:
    """Declare one rule option.

    Args:
        default: the value used when the option is not given.
        doc: one sentence for ``regalia rules`` and the docs (it may name the option's values
            and the library's arguments).
        label: a few words naming the option for people (``"Role cards"``), as a form shows it.
        help: one sentence saying what the option does, for people choosing it at a table (never
            naming anything a table cannot set, such as a deck file); default: ``doc``.
        choice_labels: the words of each of ``choices`` (``{"winner_collects": "the winner
            collects the others' hands"}``); a value without one is shown as it is.
        choices: the allowed values, when they form a closed set.
        ruling: the ruling id that introduces the option (e.g. ``"KB-T4"``).
        minimum: the inclusive lower bound of an integer option (``None``: none).
        maximum: the inclusive upper bound of an integer option (``None``: none).

    Returns:
        a ``dataclasses.field`` carrying the metadata.
    """
    meta = {
        "doc": doc,
        "label": label,
        "help": help if help is not None else doc,
        "choice_labels": dict(choice_labels) if choice_labels else None,
        "choices": choices,
        "ruling": ruling,
        "min": minimum,
        "max": maximum,
    }
    return dataclasses.field(default=default, metadata=meta)


@functools.cache
def _field_types(cls: type) -> dict[str, Any]:
    """The resolved field types of a config class (cached: resolving them was most of the cost
    of ``make()``; config classes are frozen and never change). Callers must not modify it."""
    return typing.get_type_hints(cls)


def _allowed_types(tp: Any) -> tuple[type, ...]:
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        out: list[type] = []
        for arg in typing.get_args(tp):
            out.extend(_allowed_types(arg))
        return tuple(out)
    if origin is typing.Literal:
        return tuple({type(a) for a in typing.get_args(tp)})
    if tp is type(None) or tp is None:
        return (type(None),)
    return (tp,)


def _check_value(cls: type, name: str, value: Any) -> Any:
    f = {f.name: f for f in dataclasses.fields(cls)}[name]
    tp = _field_types(cls)[name]
    allowed = _allowed_types(tp)
    if isinstance(value, bool) and bool not in allowed:
        raise ValueError(f"option {name!r}: expected {_type_name(tp)}, got {value!r}")
    if int in allowed and float not in allowed and isinstance(value, float) and value.is_integer():
        value = int(value)
    if not isinstance(value, allowed):
        raise ValueError(f"option {name!r}: expected {_type_name(tp)}, got {value!r}")
    choices = f.metadata.get("choices")
    if choices is not None and value not in choices:
        raise ValueError(f"option {name!r}: {value!r} is not one of {', '.join(map(repr, choices))}")
    lo, hi = f.metadata.get("min"), f.metadata.get("max")
    if isinstance(value, int) and not isinstance(value, bool):
        if lo is not None and value < lo:
            raise ValueError(f"option {name!r}: {value} is below the minimum {lo}")
        if hi is not None and value > hi:
            raise ValueError(f"option {name!r}: {value} is above the maximum {hi}")
    return value


def _type_name(tp: Any) -> str:
    return " or ".join(t.__name__ for t in _allowed_types(tp))


def build_config(cls: type[C], options: dict[str, Any]) -> C:
    """Build a config instance from keyword options.

    Raises:
        ValueError: an unknown option, a value of the wrong type, outside its choices or bounds;
            the message names the option.
    """
    names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    for key in options:
        if key not in names:
            known = ", ".join(sorted(names)) or "none"
            raise ValueError(f"unknown option {key!r} (known options: {known})")
    checked = {k: _check_value(cls, k, v) for k, v in options.items()}
    return cls(**checked)


def parse_option(cls: type, text: str) -> tuple[str, Any]:
    """Read one ``key=value`` option text, converting the value to the field's type.

    Raises:
        ValueError: no ``=``, an unknown key or a value that does not convert; names the field.
    """
    if "=" not in text:
        raise ValueError(f"option {text!r}: expected key=value")
    key, raw = (s.strip() for s in text.split("=", 1))
    key = key.replace("-", "_")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    if key not in fields:
        raise ValueError(f"unknown option {key!r} (known options: {', '.join(sorted(fields))})")
    allowed = _allowed_types(_field_types(cls)[key])
    low = raw.lower()
    value: Any
    if type(None) in allowed and low in _NONE_WORDS:
        value = None
    elif bool in allowed and low in _TRUE_WORDS | _FALSE_WORDS:
        value = low in _TRUE_WORDS
    elif int in allowed and _is_int(raw):
        value = int(raw)
    elif str in allowed:
        value = raw
    else:
        raise ValueError(f"option {key!r}: cannot read {raw!r} as {_type_name(_field_types(cls)[key])}")
    return key, _check_value(cls, key, value)


def _is_int(raw: str) -> bool:
    try:
        int(raw)
    except ValueError:
        return False
    return True


def describe_options(cls: type) -> list[dict[str, Any]]:
    """The options of a config class as JSON-ready dicts: ``name``, ``type``, ``default``,
    ``choices``, ``doc``, ``ruling``, and for people ``label``, ``help`` and ``choice_labels``
    (the words of each choice, or ``None``), ``minimum`` and ``maximum``."""
    hints = _field_types(cls)
    out = []
    for f in dataclasses.fields(cls):
        doc = f.metadata.get("doc", "")
        labels = f.metadata.get("choice_labels")
        out.append(
            {
                "name": f.name,
                "type": _type_name(hints[f.name]),
                "default": f.default,
                "choices": list(f.metadata["choices"]) if f.metadata.get("choices") else None,
                "doc": doc,
                "ruling": f.metadata.get("ruling"),
                "label": f.metadata.get("label") or f.name.replace("_", " ").capitalize(),
                "help": f.metadata.get("help") or doc,
                "choice_labels": {str(k): v for k, v in labels.items()} if labels else None,
                "minimum": f.metadata.get("min"),
                "maximum": f.metadata.get("max"),
            }
        )
    return out


def config_dict(config: Any) -> dict[str, Any]:
    """A config instance as a plain dict (for records and snapshots)."""
    return dataclasses.asdict(config)

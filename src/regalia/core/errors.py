"""Errors raised by the rules core."""

from __future__ import annotations

import json

MAX_SHOWN = 60
"""The most characters of an offered action an error message repeats."""
MAX_REASON = 300
"""The most characters of a reason an error message carries."""


def shown(value: object, limit: int = MAX_SHOWN) -> str:
    """``value`` as a short, safe text for a message: at most ``limit`` characters (then ``…``),
    control and other unprintable characters escaped (``\\n``, ``\\x1b``), lists and dicts written as
    JSON (``["plays", 2]``, not Python's ``['plays', 2]``), and an object whose
    ``str()`` fails (an integer of more than 4,300 digits) named by its type.

    Args:
        value: anything offered as an action (or a reason to print).
        limit: the most characters kept.

    Returns:
        text safe to print on a terminal or put in a JSON message.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        text = f"an integer of {value.bit_length()} bits"
    elif type(value) in (list, dict):  # JSON read from a file or a message: shown as JSON, not Python
        try:
            text = json.dumps(value, ensure_ascii=False, default=repr)
        except (ValueError, TypeError, RecursionError):
            text = f"a {type(value).__name__}"
    else:
        try:
            text = value if isinstance(value, str) else str(value)
        except Exception:
            text = f"a {type(value).__name__}"
    if len(text) > limit:
        text = text[:limit] + "…"
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


class IllegalActionError(ValueError):
    """An action that the rules do not allow now, or a text that is not an action.

    The state it was offered to is left unchanged.

    Attributes:
        reason: a human-readable sentence saying why the action is refused (unprintable
            characters escaped, at most :data:`MAX_REASON` characters).
        rule: the rulebook section or ruling id the refusal rests on (e.g. ``"KB-T5"``),
            or ``None`` when the action is merely malformed.
        action: the action (object, text or integer id) as it was offered.
    """

    def __init__(self, reason: str, rule: str | None = None, action: object = None) -> None:
        self.reason = shown(reason, MAX_REASON)
        self.rule = rule
        self.action = action
        where = f" [{rule}]" if rule else ""
        what = f"{shown(action)}: " if action is not None else ""
        super().__init__(f"illegal action {what}{self.reason}{where}")

"""Errors raised by the rules core."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action that the rules do not allow now, or a text that is not an action.

    The state it was offered to is left unchanged.

    Attributes:
        reason: a human-readable sentence saying why the action is refused.
        rule: the rulebook section or ruling id the refusal rests on (e.g. ``"KB-T5"``),
            or ``None`` when the action is merely malformed.
        action: the action (object, text or integer id) as it was offered.
    """

    def __init__(self, reason: str, rule: str | None = None, action: object = None) -> None:
        self.reason = reason
        self.rule = rule
        self.action = action
        where = f" [{rule}]" if rule else ""
        shown = f"{action!s}: " if action is not None else ""
        super().__init__(f"illegal action {shown}{reason}{where}")

"""A text interface for language-model agents: a JSON observation and strict reply parsing.

:func:`observation_text` gives one seat everything it may know — ``view(seat)`` — and, when it is
that seat's decision, the legal actions numbered from 1 in their canonical text form::

    {"game": "kingship", "title": "Kingship", "seat": 2, "to_act": true,
     "view": {...},
     "legal_actions": [{"number": 1, "action": "pass"}, {"number": 2, "action": "play KS"}],
     "reply_with": "..."}

:func:`parse_reply` reads a model's answer back into an action, accepting exactly one of:

* the **number** of a legal action in that list (``"2"``, ``"2."``);
* the **exact text** of an action (``"play KS"``; surrounding spaces and quotes ignored);
* a JSON object ``{"action": 2}`` or ``{"action": "play KS"}`` (also inside a Markdown code fence);
  a JSON string is read as an action text first, then as a number.

A bare reply that is both a list number and the text of a *different* legal action (possible in a
game whose action texts are bare numbers) is refused as ambiguous, naming both readings.

Anything else — a number out of range, an action that is not legal now, free text — raises
:class:`~regalia.core.IllegalActionError` whose message says what was wrong and what to send.
Nothing here needs a framework.
"""

from __future__ import annotations

import json
import re
from typing import Any

from regalia.core.errors import IllegalActionError
from regalia.core.state import State

REPLY_INSTRUCTIONS = 'Reply with the number of one legal action, its exact text, or JSON {"action": <number or text>}.'
_FENCE = re.compile(r"^```[a-zA-Z]*\s*\n?(.*?)\n?```$", re.DOTALL)
_NUMBER = re.compile(r"^#?(\d+)\.?$")


def observation_dict(state: State, seat: int) -> dict[str, Any]:
    """The observation of ``seat`` as a JSON-ready dict (see the module docs).

    Raises:
        ValueError: ``seat`` is not a seat of the game.
    """
    view = state.view(seat)
    to_act = not state.is_terminal and state.current_player == seat
    legal = state.legal_actions() if to_act else []
    out: dict[str, Any] = {
        "game": state.game.name,
        "title": state.game.title,
        "seat": seat,
        "to_act": to_act,
        "game_over": state.is_terminal,
        "view": view,
        "legal_actions": [{"number": i + 1, "action": str(a)} for i, a in enumerate(legal)],
    }
    if state.is_terminal:
        out["result"] = state.result()
    if to_act:
        out["reply_with"] = REPLY_INSTRUCTIONS
    return out


def observation_text(state: State, seat: int, indent: int | None = 1) -> str:
    """The observation of ``seat`` as JSON text: its view and the numbered legal actions.

    Raises:
        ValueError: ``seat`` is not a seat of the game.
    """
    return json.dumps(observation_dict(state, seat), indent=indent, ensure_ascii=False)


def _strip(text: str) -> str:
    text = text.strip()
    m = _FENCE.match(text)
    if m:
        text = m.group(1).strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'`":
        text = text[1:-1].strip()
    return text


def _refuse(reason: str, reply: object, legal: list[Any]) -> IllegalActionError:
    example = f" (e.g. 1 or {str(legal[0])!r})" if legal else ""
    return IllegalActionError(
        f"{reason}. Reply with the number of a legal action (1-{len(legal)}), its exact text, "
        f'or JSON {{"action": ...}}{example}',
        None,
        reply,
    )


def _by_number(n: int, reply: object, legal: list[Any]) -> Any:
    if not 1 <= n <= len(legal):
        raise _refuse(f"there is no legal action number {n} (there are {len(legal)})", reply, legal)
    return legal[n - 1]


def _by_text(state: State, text: str, reply: object, legal: list[Any], text_first: bool = False) -> Any:
    exact = next((a for a in legal if str(a) == text), None)
    m = _NUMBER.match(text)
    if m and not (text_first and exact is not None):
        numbered = _by_number(int(m.group(1)), reply, legal)
        if exact is not None and exact != numbered:
            raise _refuse(
                f"{text!r} is ambiguous: it is legal action number {m.group(1)} ({str(numbered)!r}) and also "
                f'an action text; send {{"action": {m.group(1)}}} for the number or {{"action": "{text}"}} '
                "for the text",
                reply,
                legal,
            )
        return numbered
    if exact is not None:
        return exact
    try:
        action = state.parse_action(text)
    except IllegalActionError:
        raise _refuse(f"{text!r} is not an action of {state.game.title}", reply, legal) from None
    try:
        return state.verify_action(action)
    except IllegalActionError as exc:
        rule = f" [{exc.rule}]" if exc.rule else ""
        raise _refuse(f"{text!r} is not legal now: {exc.reason}{rule}", reply, legal) from None


def parse_reply(state: State, text: str) -> Any:
    """The legal action a model's reply names (for ``state.current_player``).

    Accepts a number from the observation's list, an exact action text, or a JSON object
    ``{"action": number or text}`` (optionally in a Markdown code fence).

    Returns:
        the action object, ready for ``state.apply``.

    Raises:
        IllegalActionError: the game is over, or the reply names no legal action; the message
            says why and what to send instead.
    """
    if state.is_terminal:
        raise IllegalActionError("the game is over", None, text)
    legal = state.legal_actions()
    if not isinstance(text, str):
        raise _refuse(f"expected a text reply, got {type(text).__name__}", text, legal)
    body = _strip(text)
    if not body:
        raise _refuse("the reply is empty", text, legal)
    if body.startswith("{"):
        try:
            data = json.loads(body)
        except json.JSONDecodeError as exc:
            raise _refuse(f"the reply is not valid JSON ({exc.msg})", text, legal) from None
        if not isinstance(data, dict) or "action" not in data:
            raise _refuse('the JSON reply has no "action" field', text, legal)
        value = data["action"]
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise _refuse('"action" must be a number or an action text', text, legal)
        if isinstance(value, int):
            return _by_number(value, text, legal)
        return _by_text(state, _strip(value), text, legal, text_first=True)
    return _by_text(state, body, text, legal)


__all__ = ["REPLY_INSTRUCTIONS", "observation_dict", "observation_text", "parse_reply"]

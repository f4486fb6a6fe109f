"""Events: what an action caused, each tagged with who may see it."""

from __future__ import annotations

from typing import Any, Final

LazyText = tuple[Any, ...]
"""A text built only when it is read: ``(function, *arguments)`` stands for
``function(*arguments)``. The arguments must not change afterwards (ints, strings, tuples)."""


class Event:
    """One thing that happened, as returned by ``State.apply``.

    Attributes:
        kind: a short machine name (``"play"``, ``"draw"``, ``"marriage"``, ...).
        text: a one-line English description, already redacted for its audience.
        seat: the seat that acted, or ``None`` for the game itself.
        visible_to: ``None`` when public; otherwise the frozenset of seats that may see it.
            A spectator sees only public events.
        data: JSON-ready details for programs (card notations, counts, seats).

    ``text`` and ``data`` may be given lazily, as ``(function, *arguments)`` tuples
    (:data:`LazyText`): the function is called the first time the attribute is read and its
    result kept. A game's hot path uses this to skip formatting texts nobody reads; a reader sees
    exactly the same values either way.
    """

    __slots__ = ("_data", "_text", "kind", "seat", "visible_to")

    def __init__(
        self,
        kind: str,
        text: str | LazyText,
        seat: int | None = None,
        visible_to: frozenset[int] | None = None,
        data: dict[str, Any] | LazyText | None = None,
    ) -> None:
        self.kind = kind
        self._text = text
        self.seat = seat
        self.visible_to = visible_to
        self._data = data if data is not None else {}

    @property
    def text(self) -> str:
        """A one-line English description, already redacted for its audience."""
        t = self._text
        if t.__class__ is tuple:  # lazy: (function, *arguments)
            t = self._text = t[0](*t[1:])
        return t  # type: ignore[return-value]

    @text.setter
    def text(self, value: str) -> None:
        self._text = value

    @property
    def data(self) -> dict[str, Any]:
        """JSON-ready details for programs (card notations, counts, seats)."""
        d = self._data
        if d.__class__ is tuple:  # lazy: (function, *arguments)
            d = self._data = d[0](*d[1:])
        return d  # type: ignore[return-value]

    @data.setter
    def data(self, value: dict[str, Any]) -> None:
        self._data = value

    def is_visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None`` = spectator) may see this event."""
        if self.visible_to is None:
            return True
        return seat is not None and seat in self.visible_to

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the event."""
        return {
            "kind": self.kind,
            "text": self.text,
            "seat": self.seat,
            "visible_to": None if self.visible_to is None else sorted(self.visible_to),
            "data": self.data,
        }

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.text!r}, visible_to={self.visible_to!r})"


_new = object.__new__
_INTERPRETED: Final = __file__.endswith(".py")
"""Whether this module runs as Python source (not the mypyc build, whose classes refuse
``object.__new__`` and whose constructor calls are already native)."""


def new_event(
    kind: str,
    text: str | LazyText,
    seat: int | None,
    visible_to: frozenset[int] | None,
    data: dict[str, Any] | LazyText,
) -> Event:
    """``Event(kind, text, seat, visible_to, data)``, about twice as fast: CPython 3.11 does not
    specialise calling a class whose ``__init__`` is written in Python, so a game's hot path
    builds its events with this function (every argument given, positionally; ``data`` is a
    dict or lazy, never ``None``). Compiled, it is the constructor itself."""
    if _INTERPRETED:
        e: Event = _new(Event)
        e.kind = kind
        e._text = text
        e.seat = seat
        e.visible_to = visible_to
        e._data = data
        return e
    return Event(kind, text, seat, visible_to, data)


def public(kind: str, text: str, seat: int | None = None, **data: Any) -> Event:
    """A public event."""
    return Event(kind, text, seat, None, data)


def private(
    kind: str, text: str, seats: frozenset[int] | set[int] | tuple[int, ...], seat: int | None = None, **data: Any
) -> Event:
    """An event visible only to ``seats``."""
    return Event(kind, text, seat, frozenset(seats), data)


def visible_events(events: list[Event], seat: int | None) -> list[Event]:
    """The events of ``events`` that ``seat`` may see, in order."""
    return [e for e in events if e.is_visible_to(seat)]


def is_public_move(hidden: bool, declined: bool, mover: int, events: list[Event]) -> bool:
    """Whether everyone can tell that a move happened (server ruling SRV-2, ``docs/server.md``).

    A move is public when it was made at a decision everyone sees (``hidden`` false), or when it
    answers a hidden response window with a play of its own that everyone sees at once: an
    event of the mover's, public, among the events delivered now (an Outlaw redirect, a Knight
    block, a Trap sprung). A decline (``State.is_decline``: the window's ``pass``) never is,
    whatever the rules do by themselves after it — a title taken, the next turn begun — even
    when those events name the seat that passed; nor is an answer whose events the game holds
    back until a hidden run ends (Kingdom, KD-X13).

    Args:
        hidden: whether the decision answered was hidden (``State.decider_hidden`` before the move).
        declined: whether the move declined that window (``State.is_decline`` before the move).
        mover: the seat that moved (0-based).
        events: the events the move delivered (``State.apply``'s result).

    Returns:
        whether the move counts in the public step and may begin a response period.
    """
    if not hidden:
        return True
    if declined:
        return False
    return any(e.visible_to is None and e.seat == mover for e in events)

"""The Presenter base class: what people are shown of a game's states, apart from its rules.

A game's rules (its State) keep only what the rules need; everything said or drawn for people —
the view of one seat, the prompt of the pending decision, the label of each action, the clicks
that make it on a table and the heading it is listed under — is read from a state by the game's
presenter (``Game.presenter``), one object per game holding no state of its own. OpenSpiel's
``make_py_observer(game)`` / ``observer.set_from(state, player)`` is the model: a separate object
that reads a state for one player. ``State.view()``, ``prompt()``, ``label()``,
``legal_choices()`` and ``choice_keys()`` stay the public entry points every front calls; they
check their arguments and ask the presenter.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from mypy_extensions import mypyc_attr

from regalia.core.state import seat_name

if TYPE_CHECKING:
    from regalia.core.state import State

S = TypeVar("S", bound="State")
"""The State class a presenter reads (a game's own, e.g. ``KingsFamilyState``)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Presenter(Generic[S]):
    """Reads a state of one game for people: the view, the prompt, labels, choice keys, groups.

    ``Presenter[KingsFamilyState]`` reads King's Family states. Every method takes the state
    (``state``) first; ``seat`` is already checked by the state's
    public method (``None`` is a spectator) and ``action`` is an action object of the game (legal
    now, where the method says so). A game subclasses this and overrides :meth:`view` and what
    its decisions need; the defaults suit a game with one kind of plain decision.
    """

    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know, as a JSON-ready dict without ``prompt`` (which
        ``State.view`` adds). Every game overrides this.

        Raises:
            NotImplementedError: the game gives no view.
        """
        raise NotImplementedError(f"{type(self).__name__} gives no view")

    def prompt(self, state: S, seat: int | None) -> str:
        """The pending decision in words for ``seat`` (the game is running): for the deciding
        seat one sentence in the rulebook's words naming what opened the decision and what the
        choices do; for every other seat and a spectator, whom the table waits for, without what
        they decide when that is hidden. The default only names the seat."""
        p = state.current_player
        if seat is not None and seat == p:
            return f"{seat_name(p)}, your decision: choose one of the actions below."
        return f"Waiting for {seat_name(p)}."

    def result_prompt(self, state: S, seat: int | None) -> str:
        """The prompt once the game is over: who won (the default), or the game's own words."""
        winners = state.winners
        if not winners:
            return "The game is over: nobody wins."
        names = " and ".join(seat_name(w) for w in winners)
        return f"The game is over: {names} win{'s' if len(winners) == 1 else ''}."

    def label(self, state: S, action: Any) -> str:
        """A short human label for ``action``, shown beside its text: what it does, with the
        cards' names and abilities. The default is the text."""
        return str(action)

    def choice_key(self, state: S, action: Any) -> Hashable | None:
        """A key shared by actions that are interchangeable for the player (offering either of
        two identical cards): ``State.legal_choices`` shows one of them. ``None`` (the default)
        means the action is shown on its own."""
        return None

    def choice_keys(self, state: S, action: Any) -> list[list[str]]:
        """The clicks that make ``action`` (legal now) on a table: a list of steps in order, each
        a list of keys clicked in any order (two cards offered together). A key names one thing
        of the deciding seat's view — ``hand:R7f``, ``seat:2``, ``spot:B7m:right``,
        ``title:Kingship``, ``deck`` … (each game's docs page lists its keys). Twins are told
        apart by their own names (``hand:H5d1``, ``hand:H5d2``); cards the view names alike share
        a key and are interchangeable. An action that names nothing on the table (``end``,
        ``pass``) has no keys: a front offers it as a button. The default names nothing."""
        return []

    def choice_group(self, state: S, action: Any) -> str:
        """The heading under which a front groups ``action`` when a decision offers many
        (default: the first word of its text)."""
        return str(action).split(" ", 1)[0]


__all__ = ["Presenter"]

"""What people are shown of a Kingship position (``Game.presenter``): the view, the prompt, the
labels, the clicks and the headings, each read from the state by the module of its job
(:mod:`.view`, :mod:`.prompts`, :mod:`.labels`, :mod:`.keys`). While a hidden window is open, every
seat but the one asked is shown the decision that stood before it (KS-37)."""

from __future__ import annotations

from typing import Any

from regalia.core.presenter import Presenter
from regalia.games.kingship.keys import choice_keys
from regalia.games.kingship.labels import choice_group, label
from regalia.games.kingship.phases import HIDDEN_DECISIONS
from regalia.games.kingship.prompts import decider_prompt, waiting_prompt
from regalia.games.kingship.state import KingshipState
from regalia.games.kingship.view import build_view


class KingshipPresenter(Presenter[KingshipState]):
    """The Kingship presenter (the result's words are the default: who won)."""

    def view(self, state: KingshipState, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know (see :func:`.view.build_view`)."""
        return build_view(state, seat)

    def prompt(self, state: KingshipState, seat: int | None) -> str:
        """The pending decision in words for ``seat`` (see :mod:`.prompts`): the deciding seat's
        sentence, or what every other seat and a spectator wait for (during a hidden window, the
        decision shown before it, KS-37)."""
        p = state.pending
        assert p is not None
        if seat == p[1]:
            return decider_prompt(state)
        shown = p if p[0] not in HIDDEN_DECISIONS else state.shown
        if shown is None:  # a composed position that opens on a hidden window: nothing shown yet
            return "Waiting for the table."
        return waiting_prompt(state, shown, seat)

    def label(self, state: KingshipState, action: Any) -> str:
        """What ``action`` does now, with the cards' characters (see :mod:`.labels`)."""
        return label(state, action)

    def choice_group(self, state: KingshipState, action: Any) -> str:
        """The heading of ``action`` in a long list (single cards, pairs, a law, a kind of spec...)."""
        return choice_group(state, action)

    def choice_keys(self, state: KingshipState, action: Any) -> list[list[str]]:
        """The clicks that make ``action`` on a table (see :mod:`.keys`)."""
        return choice_keys(state, action)

"""What people are shown of a Kingdom position (``Game.presenter``): the view, the prompt, the
labels, the clicks and the headings, each read from the state by the module of its job
(:mod:`.view`, :mod:`.prompts`, :mod:`.labels`, :mod:`.keys`). Seats other than the one a hidden
window asks see the state as it stood before the window opened (KD-X13,
:func:`.windows.shown_state`)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from regalia.core.presenter import Presenter
from regalia.games.kingdom.keys import choice_keys
from regalia.games.kingdom.labels import choice_group, choice_key, label
from regalia.games.kingdom.prompts import prompt, result_prompt
from regalia.games.kingdom.state import KingdomState
from regalia.games.kingdom.view import make_view
from regalia.games.kingdom.windows import shown_state


class KingdomPresenter(Presenter[KingdomState]):
    """The Kingdom presenter."""

    def view(self, state: KingdomState, seat: int | None) -> dict[str, Any]:
        """See :func:`.view.make_view` (of the state ``seat`` is shown, KD-X13)."""
        return make_view(shown_state(state, seat), seat)

    def prompt(self, state: KingdomState, seat: int | None) -> str:
        """The pending decision in words for ``seat``: for the deciding seat what opened it and
        what the choices do; for the others whom the table waits for, as KD-X13 shows it."""
        return prompt(shown_state(state, seat), seat)

    def result_prompt(self, state: KingdomState, seat: int | None) -> str:
        """See :func:`.prompts.result_prompt` (the same words for every seat)."""
        return result_prompt(state)

    def label(self, state: KingdomState, action: Any) -> str:
        """See :func:`.labels.label`."""
        return label(state, action)

    def choice_key(self, state: KingdomState, action: Any) -> Hashable | None:
        """See :func:`.labels.choice_key`."""
        return choice_key(state, action)

    def choice_keys(self, state: KingdomState, action: Any) -> list[list[str]]:
        """The clicks that make ``action`` on a table (see :mod:`.keys`)."""
        return choice_keys(state, action)

    def choice_group(self, state: KingdomState, action: Any) -> str:
        """See :func:`.labels.choice_group`."""
        return choice_group(state, action)

"""What people are shown of a Blood & Fortune position (``Game.presenter``): the view, the prompt,
the labels, the clicks and the headings, each read from the state by the module of its job
(:mod:`.view`, :mod:`.prompts`, :mod:`.labels`, :mod:`.keys`)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from regalia.core.presenter import Presenter
from regalia.games.blood_and_fortune.keys import choice_keys
from regalia.games.blood_and_fortune.labels import choice_group, choice_key, label
from regalia.games.blood_and_fortune.prompts import prompt, result_prompt
from regalia.games.blood_and_fortune.state import BloodAndFortuneState
from regalia.games.blood_and_fortune.view import make_view


class BloodAndFortunePresenter(Presenter[BloodAndFortuneState]):
    """The Blood & Fortune presenter."""

    def view(self, state: BloodAndFortuneState, seat: int | None) -> dict[str, Any]:
        """See :func:`.view.make_view`."""
        return make_view(state, seat)

    def prompt(self, state: BloodAndFortuneState, seat: int | None) -> str:
        """The pending decision in words for ``seat`` (see :mod:`.prompts`)."""
        return prompt(state, seat)

    def result_prompt(self, state: BloodAndFortuneState, seat: int | None) -> str:
        """The winner, or the tie that leaves nobody winning (BF-WIN), with the totals."""
        return result_prompt(state)

    def label(self, state: BloodAndFortuneState, action: Any) -> str:
        """What ``action`` does, for the deciding seat (see :mod:`.labels`)."""
        return label(state, action)

    def choice_key(self, state: BloodAndFortuneState, action: Any) -> Hashable | None:
        """Offers, keeps and gifts of twin cards (same house and worth, told apart by nobody)
        share a key (see :mod:`.labels`)."""
        return choice_key(state, action)

    def choice_group(self, state: BloodAndFortuneState, action: Any) -> str:
        """ "Offer to P2", "Special Action", "Keep", ... (see :mod:`.labels`)."""
        return choice_group(state, action)

    def choice_keys(self, state: BloodAndFortuneState, action: Any) -> list[list[str]]:
        """The clicks that make ``action`` on a table (see :mod:`.keys`)."""
        return choice_keys(action)

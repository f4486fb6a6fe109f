"""What people are shown of a King's Family position (``Game.presenter``): the view, the prompt,
the labels, the clicks and the headings, each read from the state by the module of its job
(:mod:`.view`, :mod:`.prompts`, :mod:`.labels`, :mod:`.keys`)."""

from __future__ import annotations

from typing import Any

from regalia.core.presenter import Presenter
from regalia.games.kings_family.keys import choice_keys
from regalia.games.kings_family.labels import choice_group, label
from regalia.games.kings_family.prompts import prompt, result_prompt
from regalia.games.kings_family.state import KingsFamilyState
from regalia.games.kings_family.view import build_view


class KingsFamilyPresenter(Presenter[KingsFamilyState]):
    """The King's Family presenter. No two legal actions are interchangeable (``choice_key`` keeps
    its default, see :mod:`.labels`)."""

    def view(self, state: KingsFamilyState, seat: int | None) -> dict[str, Any]:
        """See :func:`.view.build_view`."""
        return build_view(state, seat)

    def prompt(self, state: KingsFamilyState, seat: int | None) -> str:
        """See :func:`.prompts.prompt` (the kind is ``State.decision_kind``)."""
        kind = state.decision_kind()
        assert kind is not None  # asked only while the game runs
        return prompt(state, seat, kind)

    def result_prompt(self, state: KingsFamilyState, seat: int | None) -> str:
        """The final score with its parts (KF-8, KF-9, KF-X7): :func:`.prompts.result_prompt`."""
        return result_prompt(state, seat)

    def label(self, state: KingsFamilyState, action: Any) -> str:
        """See :func:`.labels.label`."""
        return label(state, action)

    def choice_group(self, state: KingsFamilyState, action: Any) -> str:
        """See :func:`.labels.choice_group`."""
        return choice_group(state, action)

    def choice_keys(self, state: KingsFamilyState, action: Any) -> list[list[str]]:
        """See :mod:`.keys`."""
        return choice_keys(state, action)

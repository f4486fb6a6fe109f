"""What people are shown of a King's Blood position (``Game.presenter``): the view, the prompt,
the labels, the clicks and the headings, each read from the state by the module of its job
(:mod:`.view`, :mod:`.prompts`, :mod:`.labels`, :mod:`.keys`)."""

from __future__ import annotations

from typing import Any

from regalia.core.presenter import Presenter
from regalia.games.kings_blood.keys import choice_keys
from regalia.games.kings_blood.labels import choice_group, label
from regalia.games.kings_blood.prompts import prompt, result_prompt
from regalia.games.kings_blood.state import KingsBloodState
from regalia.games.kings_blood.view import build_view


class KingsBloodPresenter(Presenter[KingsBloodState]):
    """The King's Blood presenter. ``choice_key`` keeps its default: no two legal actions are
    interchangeable — every placement puts a different card on a different spot (the geometry
    decides what is Active next), an Exile to another seat or a declined Marriage leads
    elsewhere, and the cards are all different."""

    def view(self, state: KingsBloodState, seat: int | None) -> dict[str, Any]:
        """See :func:`.view.build_view`."""
        return build_view(state, seat)

    def prompt(self, state: KingsBloodState, seat: int | None) -> str:
        """See :func:`.prompts.prompt`."""
        return prompt(state, seat)

    def result_prompt(self, state: KingsBloodState, seat: int | None) -> str:
        """See :func:`.prompts.result_prompt` (the same words for every seat)."""
        return result_prompt(state)

    def label(self, state: KingsBloodState, action: Any) -> str:
        """See :func:`.labels.label`."""
        return label(state, action)

    def choice_group(self, state: KingsBloodState, action: Any) -> str:
        """See :func:`.labels.choice_group`."""
        return choice_group(state, action)

    def choice_keys(self, state: KingsBloodState, action: Any) -> list[list[str]]:
        """See :mod:`.keys`."""
        return choice_keys(state, action)

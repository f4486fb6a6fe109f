"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).

Works on every game through the core protocol only: each iteration samples a determinization of
the deciding seat's information set (``InfoSet.sample()``), descends a tree of action ids with
UCB1 restricted to the actions available in that determinization (availability counts), expands
one node, plays a random rollout, and backs up each seat's return. The tree's nodes are the
acting seat's information about the action sequence, so hidden cards never steer a choice except
through sampling.

Levels: ``easy`` (150 iterations), ``medium`` (500), ``hard`` (2,000 iterations, at most 1.5 s
per move). ``ismcts:300`` sets an iteration count; ``ismcts:1.0s`` a time budget in seconds.
"""

from __future__ import annotations

import math
import time
from typing import Any

from regalia.bots.base import Bot, InfoSet
from regalia.core.state import State

LEVELS: dict[str, tuple[int, float | None]] = {
    "easy": (150, None),
    "medium": (500, None),
    "hard": (2000, 1.5),
}


class _Node:
    __slots__ = ("action", "avail", "children", "parent", "seat", "total", "visits")

    def __init__(self, parent: _Node | None, action: int, seat: int) -> None:
        self.parent = parent
        self.action = action
        self.seat = seat  # the seat that chose ``action`` to reach this node
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


class ISMCTSBot(Bot):
    """SO-ISMCTS with random rollouts.

    Args:
        level: ``"easy"``, ``"medium"``, ``"hard"``, an iteration count (``"300"``) or a time
            budget (``"1.5s"``).
        exploration: the UCB1 constant.
        rollout_limit: a rollout stops after this many actions and scores every seat ``1/n``
            (a draw) — bounds the time of one iteration in long games.

    Raises:
        ValueError: an unknown level.
    """

    name = "ismcts"

    def __init__(self, level: str = "medium", exploration: float = 0.7, rollout_limit: int = 400) -> None:
        if level in LEVELS:
            self.iterations, self.seconds = LEVELS[level]
        elif level.endswith("s") and _is_float(level[:-1]):
            self.iterations, self.seconds = 10**9, float(level[:-1])
        elif level.isdigit() and int(level) > 0:
            self.iterations, self.seconds = int(level), None
        else:
            raise ValueError(f"bot: unknown ismcts level {level!r} (easy, medium, hard, N iterations or Ns)")
        self.name = f"ismcts:{level}"
        self.exploration = exploration
        self.rollout_limit = rollout_limit
        self.last_iterations = 0
        self.last_estimate: float | None = None

    def choose(self, infoset: InfoSet) -> Any:
        legal = infoset.legal_actions
        if len(legal) == 1:
            return legal[0]
        root = _Node(None, -1, -1)
        rng = infoset.rng
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        c = self.exploration
        n = infoset.num_players
        it = 0
        while it < self.iterations:
            if deadline is not None and it % 8 == 0 and time.perf_counter() >= deadline:
                break
            it += 1
            state = infoset.sample()
            node = root
            # selection
            while not state.is_terminal:
                ids = {state.action_id(a): a for a in state.legal_actions()}
                untried = [i for i in ids if i not in node.children]
                seat = state.current_player
                assert seat is not None
                if untried:
                    aid = rng.choice(untried)
                    child = _Node(node, aid, seat)
                    node.children[aid] = child
                    for other in ids:
                        if other != aid and other in node.children:
                            node.children[other].avail += 1
                    state.apply(ids[aid])
                    node = child
                    break
                best = None
                best_score = -math.inf
                for aid in ids:
                    ch = node.children[aid]
                    score = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if score > best_score:
                        best, best_score = ch, score
                    ch.avail += 1
                assert best is not None
                state.apply(ids[best.action])
                node = best
            returns = self._rollout(state, rng, n)
            # backpropagation
            while node.parent is not None:
                node.visits += 1
                node.total += returns[node.seat]
                node = node.parent
            root.visits += 1
        self.last_iterations = it
        ids = {infoset.action_id(a): a for a in legal}
        visited = [ch for aid, ch in root.children.items() if aid in ids]
        if not visited:
            return rng.choice(legal)
        best = max(visited, key=lambda ch: (ch.visits, ch.total))
        self.last_estimate = best.total / best.visits if best.visits else None
        return ids[best.action]

    def _rollout(self, state: State, rng: Any, n: int) -> list[float]:
        steps = 0
        while not state.is_terminal:
            if steps >= self.rollout_limit:
                return [1.0 / n] * n
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        return state.returns()


def _is_float(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True

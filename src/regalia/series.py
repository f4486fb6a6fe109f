"""A scoring series: games of one game played one after another, with running totals, until a
player's total reaches a target.

A game takes part in a series through its ``scoring`` option (King's Blood: ``winner_collects``
or ``lowest_wins``, rule sheet "Scoring across games"): the result of each finished game carries
``scores``, one integer per seat, which the series adds up. The series is over as soon as a total
reaches the target; then the highest total wins, or the lowest when the scoring option is
``lowest_wins`` (King's Blood: "when someone reaches 100 the lowest score wins"). Equal best
totals share the win.

>>> import regalia
>>> series = regalia.Series("kings-blood", players=3, seed=1, target=40, scoring="winner_collects")
>>> while not series.is_over:
...     state = series.next_game()
...     while not state.is_terminal:
...         _ = state.apply(state.legal_actions()[0])
...     series.add(state)
>>> series.winners == series.leaders
True
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from regalia.core.registry import get_game, make, verify_seed
from regalia.core.state import State, seat_name

SCORING_OPTION = "scoring"
"""The rule option that makes a game scored (its value ``"none"`` means unscored)."""
LOWEST_WINS = "lowest_wins"
"""The scoring value under which the lowest total wins the series."""


def scoring_of(game: str, options: dict[str, Any]) -> str | None:
    """The scoring rule a game would be played under with ``options``: the value of its
    ``scoring`` option (given or default), or ``None`` when the game has no such option or it is
    ``"none"`` (a single, unscored game).

    Raises:
        ValueError: an unknown game, or options the game refuses (naming the option).
    """
    g = get_game(game)
    config = g.make_config(**options)
    value = getattr(config, SCORING_OPTION, None)
    if not isinstance(value, str) or value == "none":
        return None
    return value


@dataclass
class SeriesGame:
    """One finished game of a series.

    Attributes:
        seed: the seed of its deal.
        scores: its points, one integer per seat (``result()["scores"]``).
        winners: the seats that won the game (none when it ended with no winner).
        record: its game record (``State.record()``; ``regalia.replay`` rebuilds it).
    """

    seed: int
    scores: list[int]
    winners: list[int]
    record: dict[str, Any]


class Series:
    """A series of games of ``game`` scored by its ``scoring`` option, played to ``target`` points.

    Game ``i`` of the series (from 0) is dealt with seed ``seed + i``.

    Args:
        game: a registered game name with a ``scoring`` option.
        players: the number of seats.
        target: the total (points) that ends the series when a seat reaches it (at least 1).
        seed: the seed of the first game (random if ``None``; kept in :attr:`seed`).
        **options: the game's rule options; ``scoring`` must be given here or by default, and
            not be ``"none"``.

    Attributes:
        games: the finished games, in order (:class:`SeriesGame`).
        direction: ``"highest"`` or ``"lowest"``: which total wins.

    Raises:
        ValueError: an unknown game, a game without a scoring option or with ``scoring="none"``,
            a bad player count, seed, target or option; the message names the field.
    """

    def __init__(self, game: str, *, players: int, target: int = 100, seed: int | None = None, **options: Any) -> None:
        g = get_game(game)
        self.game = g.name
        self.players = g.verify_players(players)
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise ValueError(f"target: expected a number of points of at least 1, got {target!r}")
        self.target = target
        self.seed: int = secrets.randbits(62) if seed is None else verify_seed(seed)
        self.options = dict(options)
        scoring = scoring_of(game, self.options)
        if scoring is None:
            if SCORING_OPTION not in {o["name"] for o in g.options()}:
                raise ValueError(f"scoring: {g.title} keeps no score across games (it has no scoring option)")
            raise ValueError(f"scoring: a series needs a scoring rule other than 'none' for {g.title}")
        self._scoring = scoring
        self.direction = "lowest" if scoring == LOWEST_WINS else "highest"
        self.games: list[SeriesGame] = []

    def __repr__(self) -> str:
        return f"<Series {self.game}: {len(self.games)} games, totals {self.totals}, target {self.target}>"

    @property
    def scoring(self) -> str:
        """The scoring rule (the value of the game's ``scoring`` option)."""
        return self._scoring

    @property
    def totals(self) -> list[int]:
        """The running total of each seat (points), one integer per seat."""
        out = [0] * self.players
        for g in self.games:
            for seat, points in enumerate(g.scores):
                out[seat] += points
        return out

    @property
    def is_over(self) -> bool:
        """Whether some seat's total has reached the target."""
        return any(t >= self.target for t in self.totals)

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats with the best total now (the highest, or the lowest when lowest wins)."""
        totals = self.totals
        best = min(totals) if self.direction == "lowest" else max(totals)
        return tuple(s for s, t in enumerate(totals) if t == best)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the series (equal best totals share it); empty while it runs."""
        return self.leaders if self.is_over else ()

    def next_seed(self) -> int:
        """The seed of the next game: the first game's seed plus the games played so far."""
        return self.seed + len(self.games)

    def next_game(self, *, deck: list[str] | None = None) -> State:
        """A new game, the next of the series (seed :meth:`next_seed`).

        Raises:
            ValueError: the series is over, or the next seed is past the largest seed.
        """
        if self.is_over:
            raise ValueError("series: the series is over")
        return make(self.game, players=self.players, seed=self.next_seed(), deck=deck, **self.options)

    def add(self, state: State) -> SeriesGame:
        """Count a finished game: its scores are added to the totals.

        Returns:
            the game as kept in :attr:`games`.

        Raises:
            ValueError: the game is not over, is not a game of this series (another game, player
                count, scoring rule or seed), or the series is already over.
        """
        if self.is_over:
            raise ValueError("series: the series is over")
        if state.game.name != self.game or state.num_players != self.players:
            raise ValueError(f"state: not a game of this series ({self.game}, {self.players} players)")
        if getattr(state.config, SCORING_OPTION, None) != self._scoring:
            raise ValueError(f"state: not scored by {self._scoring!r} like this series")
        if state.seed != self.next_seed():
            raise ValueError(f"state: dealt with seed {state.seed}, the next game of this series is {self.next_seed()}")
        result = state.result()
        if result is None:
            raise ValueError("state: the game is not over")
        scores = result.get("scores")
        if not isinstance(scores, list) or len(scores) != self.players:
            raise ValueError("state: its result has no scores (one per seat)")
        entry = SeriesGame(state.seed, [int(s) for s in scores], list(result["winners"]), state.record())
        self.games.append(entry)
        return entry

    def standings(self) -> str:
        """The totals in words, e.g. ``"P0 42, P1 7, P2 0 (target 100, highest total wins)"``."""
        parts = ", ".join(f"{seat_name(s)} {t}" for s, t in enumerate(self.totals))
        return f"{parts} (target {self.target}, {self.direction} total wins)"

    def to_dict(self) -> dict[str, Any]:
        """The series as a JSON-ready dict: game, players, scoring, direction, target, seed,
        totals, winners and every game's seed, scores, winners and record."""
        return {
            "game": self.game,
            "players": self.players,
            "scoring": self._scoring,
            "direction": self.direction,
            "target": self.target,
            "seed": self.seed,
            "options": dict(self.options),
            "totals": self.totals,
            "over": self.is_over,
            "winners": list(self.winners),
            "games": [
                {"seed": g.seed, "scores": g.scores, "winners": g.winners, "record": g.record} for g in self.games
            ],
        }


__all__ = ["LOWEST_WINS", "SCORING_OPTION", "Series", "SeriesGame", "scoring_of"]

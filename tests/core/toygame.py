"""A tiny hidden-information game used to test the core protocol and the CLI without a real game.

"High Hand": a deck of cards 1..(4*players); each seat is dealt 2; on your turn play a card from
hand (face up) or draw one (at most 3 in hand, only while the deck lasts). After every seat has
played 2 cards the highest total of played cards wins (ties: no winner).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, NamedTuple

from regalia.core import Game, IllegalActionError, State, option, public
from regalia.core.events import Event, private
from regalia.core.presenter import Presenter


@dataclass(frozen=True, kw_only=True)
class ToyConfig:
    plays: int = option(2, doc="cards each seat plays", label="Cards played", minimum=1, maximum=3)
    mode: str = option("high", doc="who wins", label="Winner", choices=("high", "low"))


class ToyAction(NamedTuple):
    kind: int  # 0 play, 1 draw, 2 pass
    card: int

    def __str__(self) -> str:
        return ("draw", "pass")[self.kind - 1] if self.kind else f"play {self.card}"


class ToyState(State):
    def __init__(self, game: Game, config: ToyConfig, players: int, seed: int, deck: list[str] | None) -> None:
        super().__init__(game, config, players, seed, deck)
        cards = list(range(1, 4 * players + 1))
        if deck is None:
            self.rng.shuffle(cards)
        else:
            try:
                order = [int(c) for c in deck]
            except ValueError:
                raise ValueError("deck: cards are numbers") from None
            if sorted(order) != cards:
                raise ValueError(f"deck: expected the cards 1..{4 * players} once each")
            cards = order
        cards.reverse()  # top of deck = end of list
        self.deck = cards
        self.hands: list[list[int]] = [[] for _ in range(players)]
        for _ in range(2):
            for s in range(players):
                self.hands[s].append(self.deck.pop())
        self.played: list[list[int]] = [[] for _ in range(players)]
        self.passes = [0] * players
        self.to_move = 0
        self.turn_count = 1

    def _legal_actions(self) -> list[Any]:
        hand = self.hands[self.to_move]
        out = [ToyAction(0, c) for c in sorted(hand)]
        if self.deck and len(hand) < 3:
            out.append(ToyAction(1, 0))
        if not out:  # nothing to play or draw: pass, which counts as playing a 0
            out.append(ToyAction(2, 0))
        return out

    def _explain(self, action: Any) -> tuple[str, str | None]:
        if action.kind == 1:
            return ("you hold 3 cards or the deck is empty", "TOY-2")
        if action.kind == 2:
            return ("you can play or draw", "TOY-3")
        return (f"card {action.card} is not in your hand", "TOY-1")

    def _parse(self, text: str) -> Any:
        if text == "draw":
            return ToyAction(1, 0)
        if text == "pass":
            return ToyAction(2, 0)
        parts = text.split()
        if len(parts) == 2 and parts[0] == "play" and parts[1].isdigit():
            return ToyAction(0, int(parts[1]))
        raise IllegalActionError(f"cannot read {text!r}: expected 'play N' or 'draw'", None, text)

    def action_id(self, action: Any) -> int:
        if action.kind == 2:
            return 4 * self.num_players + 1
        return 0 if action.kind == 1 else action.card

    def action_from_id(self, action_id: int) -> Any:
        if action_id == 4 * self.num_players + 1:
            return ToyAction(2, 0)
        return ToyAction(1, 0) if action_id == 0 else ToyAction(0, action_id)

    def _apply(self, action: Any) -> list[Event]:
        seat = self.to_move
        if action.kind == 1:
            card = self.deck.pop()
            self.hands[seat].append(card)
            return [
                public("draw", f"P{seat} draws a card", seat),
                private("draw", f"P{seat} draws {card}", {seat}, seat),
            ]
        if action.kind == 2:
            self.passes[seat] += 1
        else:
            self.hands[seat].remove(action.card)
            self.played[seat].append(action.card)
        self.to_move = (seat + 1) % self.num_players
        if not self.is_terminal:
            self.turn_count += 1
        return [public("play", f"P{seat} plays {action.card}", seat, card=action.card)]

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal else self.to_move

    @property
    def is_terminal(self) -> bool:
        return all(len(p) + k >= self.config.plays for p, k in zip(self.played, self.passes, strict=True))

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.is_terminal:
            return ()
        totals = [sum(p) for p in self.played]
        best = max(totals) if self.config.mode == "high" else min(totals)
        w = [i for i, t in enumerate(totals) if t == best]
        return tuple(w) if len(w) == 1 else ()

    @property
    def turns(self) -> int:
        return self.turn_count

    def returns(self) -> list[float]:
        w = self.winners
        return [1.0 if i in w else 0.0 for i in range(self.num_players)]

    def clone(self) -> ToyState:
        cls = type(self)  # subclasses (the 1-player variant in tests/rl) clone as themselves
        new = cls.__new__(cls)
        self._copy_base(new)
        new.deck = list(self.deck)
        new.hands = [list(h) for h in self.hands]
        new.played = [list(p) for p in self.played]
        new.passes = list(self.passes)
        new.to_move = self.to_move
        new.turn_count = self.turn_count
        return new

    def determinize(self, seat: int, rng: random.Random) -> ToyState:
        new = self.clone()
        unseen = list(new.deck)
        for s in range(self.num_players):
            if s != seat:
                unseen.extend(new.hands[s])
        unseen.sort()  # canonical: the result depends only on the view and rng
        rng.shuffle(unseen)
        for s in range(self.num_players):
            if s != seat:
                k = len(new.hands[s])
                new.hands[s] = [unseen.pop() for _ in range(k)]
        new.deck = unseen
        new._mark_determinized(rng)
        return new

    def zones(self) -> dict[str, list[str]]:
        z = {"deck": [str(c) for c in self.deck]}
        for s in range(self.num_players):
            z[f"hand:{s}"] = [str(c) for c in self.hands[s]]
            z[f"played:{s}"] = [str(c) for c in self.played[s]]
        return z

    def _snapshot_state(self) -> dict[str, Any]:
        return {
            "deck": self.deck,
            "hands": self.hands,
            "played": self.played,
            "passes": self.passes,
            "to_move": self.to_move,
            "turn": self.turn_count,
        }

    def _restore_state(self, data: dict[str, Any]) -> None:
        self.deck = list(data["deck"])
        self.hands = [list(h) for h in data["hands"]]
        self.played = [list(p) for p in data["played"]]
        self.passes = list(data["passes"])
        self.to_move = data["to_move"]
        self.turn_count = data["turn"]


class ToyPresenter(Presenter[ToyState]):
    """The toy game's words and view."""

    def prompt(self, state: ToyState, seat: int | None) -> str:
        if seat == state.to_move:
            return "Play a card from your hand face up, or draw one (at most 3 in hand)."
        return f"Waiting for P{state.to_move} to play or draw."

    def label(self, state: ToyState, action: Any) -> str:
        if action.kind == 1:
            return "draw a card"
        if action.kind == 2:
            return "pass (counts as playing a 0)"
        return f"play {action.card} face up (+{action.card} to your total)"

    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return {
            "to_move": state.current_player,
            "hand": sorted(state.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "played": [list(p) for p in state.played],
            "deck_size": len(state.deck),
        }


class ToyGame(Game):
    name = "toy"
    title = "High Hand (test game)"
    min_players = 2
    max_players = 4
    default_players = 2
    config_class = ToyConfig
    rules_version = "test"
    decision_kinds = ("play",)
    presenter = ToyPresenter()
    legend = "Cards are numbers; a hand shows the cards you hold, played the cards face up."

    def new_initial_state(self, players: int, seed: int, deck: list[str] | None, config: Any) -> State:
        return ToyState(self, config, players, seed, deck)

    def num_actions(self, players: int, config: Any) -> int:
        return 4 * players + 2

    def all_cards(self, players: int, config: Any) -> list[str]:
        return [str(c) for c in range(1, 4 * players + 1)]

    def render_text(self, view: dict[str, Any]) -> str:
        return f"hand {view['hand']} played {view['played']} deck {view['deck_size']}"

    def state_class(self) -> type[State]:
        return ToyState

"""A tiny test game with a hidden response window, for ruling SRV-2 (``trap``).

Cards 1..3n and one Trap ``T``; each seat is dealt 2. On your turn play a number card face up,
then draw one (while the deck lasts); with only the Trap in hand you pass. After each play, every
other seat holding the Trap is asked, in turn order from the player's left, whether to ``spring``
it (the Trap is discarded face up and the card played scores nothing) or ``pass``. The window is
hidden: every other seat — and the spectator — is shown the next player's turn, and the prompt
names only that player. When the card stands, public events name every seat whose turn it was
(``stands``, one each, as ``response_turns`` recorded them: whoever held what) and then the
next player (``turn``) — as Kingship's title and turn events may name the seat that just passed
an Outlaw window (issue 33). After ``rounds`` plays each, the highest total wins.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from regalia.core import Game, IllegalActionError, State, option, public
from regalia.core.events import Event, private
from regalia.core.presenter import Presenter

TRAP = "T"


@dataclass(frozen=True, kw_only=True)
class TrapConfig:
    rounds: int = option(2, doc="cards each seat plays", label="Rounds", minimum=1, maximum=4)


class TrapAction(NamedTuple):
    kind: int  # 0 play, 1 pass, 2 spring
    card: int

    def __str__(self) -> str:
        return ("pass", "spring")[self.kind - 1] if self.kind else f"play {self.card}"


class TrapState(State):
    def __init__(self, game: Game, config: TrapConfig, players: int, seed: int, deck: list[str] | None) -> None:
        super().__init__(game, config, players, seed, deck)
        cards: list[Any] = [*range(1, 3 * players + 1), TRAP]
        self.rng.shuffle(cards)
        self.deck: list[Any] = cards
        self.hands: list[list[Any]] = [[self.deck.pop(), self.deck.pop()] for _ in range(players)]
        self.played: list[list[int]] = [[] for _ in range(players)]
        self.plays = [0] * players
        self.discard: list[Any] = []
        self.to_move = 0
        self.window: list[int] = []  # the seat asked now (one at most)
        self.to_ask: list[int] = []  # the seats the window's turn has not reached yet
        self.window_card: tuple[int, int] | None = None  # (player, card)
        self.turn_count = 1
        self.resp: tuple[int, ...] = ()
        self.turned: list[int] = []  # every seat whose turn the window reached (public)

    def _legal_actions(self) -> list[Any]:
        if self.window:
            return [TrapAction(1, 0), TrapAction(2, 0)]
        cards = sorted(c for c in self.hands[self.to_move] if c != TRAP)
        return [TrapAction(0, c) for c in cards] or [TrapAction(1, 0)]

    def _explain(self, action: Any) -> tuple[str, str | None]:
        if self.window:
            return ("answer the Trap window: spring or pass", "TRAP-2")
        return ("play a number card from your hand", "TRAP-1")

    def _parse(self, text: str) -> Any:
        if text in ("pass", "spring"):
            return TrapAction(1 if text == "pass" else 2, 0)
        parts = text.split()
        if len(parts) == 2 and parts[0] == "play" and parts[1].isdigit():
            return TrapAction(0, int(parts[1]))
        raise IllegalActionError(f"cannot read {text!r}: expected 'play N', 'pass' or 'spring'", None, text)

    def action_id(self, action: Any) -> int:
        return (action.card, 0, 3 * self.num_players + 1)[action.kind]

    def action_from_id(self, action_id: int) -> Any:
        if action_id == 0:
            return TrapAction(1, 0)
        if action_id == 3 * self.num_players + 1:
            return TrapAction(2, 0)
        return TrapAction(0, action_id)

    def _apply(self, action: Any) -> list[Event]:
        self.resp = ()
        if self.window:
            seat = self.window.pop(0)
            if action.kind == 2:
                assert self.window_card is not None
                player, card = self.window_card
                self.hands[seat].remove(TRAP)
                self.discard.append(TRAP)
                self.played[player].remove(card)
                self.discard.append(card)
                self.window, self.to_ask, self.window_card, self.turned = [], [], None, []
                return [
                    public("spring", f"P{seat} springs the Trap: P{player}'s {card} scores nothing", seat),
                    public("turn", f"P{self.to_move}'s turn", self.to_move),
                ]
            return [private("pass", f"P{seat} lets the card stand", {seat}, seat), *self._ask_next()]
        seat = self.to_move
        self.plays[seat] += 1
        events = []
        if action.kind == 1:
            events.append(public("pass", f"P{seat} passes (only the Trap in hand)", seat))
            self._next_turn()
            return events
        self.hands[seat].remove(action.card)
        self.played[seat].append(action.card)
        events.append(public("play", f"P{seat} plays {action.card}", seat, card=action.card))
        if self.deck:
            drawn = self.deck.pop()
            self.hands[seat].append(drawn)
            events.append(private("draw", f"P{seat} draws {drawn}", {seat}, seat))
        self.to_ask = [(seat + k) % self.num_players for k in range(1, self.num_players)]
        self.window_card = (seat, action.card)
        self._next_turn()  # the others are shown the next turn at once; the window is hidden
        return events + self._ask_next()

    def _ask_next(self) -> list[Event]:
        """Give the window's turn to the next seat, recording every turn (SRV-2) — any seat
        with a card in hand while the Trap is not on the discard pile — until one holds it;
        when none is left, the card stands: the events that say so."""
        while self.to_ask:
            s = self.to_ask.pop(0)
            if self.hands[s] and TRAP not in self.discard:
                self.resp = (*self.resp, s)
                self.turned.append(s)
            if TRAP in self.hands[s]:
                self.window = [s]
                return []
        assert self.window_card is not None
        player, card = self.window_card
        events = [public("stands", f"P{s} lets P{player}'s {card} stand", s) for s in self.turned]
        events.append(public("turn", f"P{self.to_move}'s turn", self.to_move))
        self.window_card, self.turned = None, []
        return events

    def is_decline(self, action: Any) -> bool:
        return bool(self.window) and action.kind == 1

    def response_turns(self) -> tuple[int, ...]:
        return self.resp

    def _next_turn(self) -> None:
        self.to_move = (self.to_move + 1) % self.num_players
        if not all(p >= self.config.rounds for p in self.plays):
            self.turn_count += 1

    @property
    def current_player(self) -> int | None:
        if self.is_terminal:
            return None
        return self.window[0] if self.window else self.to_move

    @property
    def is_terminal(self) -> bool:
        return not self.window and all(p >= self.config.rounds for p in self.plays)

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.is_terminal:
            return ()
        totals = [sum(p) for p in self.played]
        best = max(totals)
        w = [i for i, t in enumerate(totals) if t == best]
        return tuple(w) if len(w) == 1 else ()

    @property
    def turns(self) -> int:
        return self.turn_count

    def returns(self) -> list[float]:
        return [1.0 if i in self.winners else 0.0 for i in range(self.num_players)]

    def decider_hidden(self) -> bool:
        return bool(self.window)

    def decision_kind(self) -> str | None:
        if self.is_terminal:
            return None
        return "trap" if self.window else "play"

    def clone(self) -> TrapState:
        new = TrapState.__new__(TrapState)
        self._copy_base(new)
        new.deck = list(self.deck)
        new.hands = [list(h) for h in self.hands]
        new.played = [list(p) for p in self.played]
        new.plays = list(self.plays)
        new.discard = list(self.discard)
        new.to_move = self.to_move
        new.window = list(self.window)
        new.to_ask = list(self.to_ask)
        new.window_card = self.window_card
        new.resp = self.resp
        new.turned = list(self.turned)
        new.turn_count = self.turn_count
        return new

    def determinize(self, seat: int, rng: random.Random) -> TrapState:
        new = self.clone()
        new._mark_determinized(rng)
        return new

    def zones(self) -> dict[str, list[str]]:
        z = {"deck": [str(c) for c in self.deck], "discard": [str(c) for c in self.discard]}
        for s in range(self.num_players):
            z[f"hand:{s}"] = [str(c) for c in self.hands[s]]
            z[f"played:{s}"] = [str(c) for c in self.played[s]]
        return z

    def _snapshot_state(self) -> dict[str, Any]:
        return {
            "deck": self.deck,
            "hands": self.hands,
            "played": self.played,
            "plays": self.plays,
            "discard": self.discard,
            "to_move": self.to_move,
            "window": self.window,
            "to_ask": self.to_ask,
            "window_card": list(self.window_card) if self.window_card else None,
            "turn": self.turn_count,
            "turned": self.turned,
        }

    def _restore_state(self, data: dict[str, Any]) -> None:
        self.deck = list(data["deck"])
        self.hands = [list(h) for h in data["hands"]]
        self.played = [list(p) for p in data["played"]]
        self.plays = list(data["plays"])
        self.discard = list(data["discard"])
        self.to_move = data["to_move"]
        self.window = list(data["window"])
        self.to_ask = list(data["to_ask"])
        self.resp = ()
        self.window_card = tuple(data["window_card"]) if data["window_card"] else None  # type: ignore[assignment]
        self.turn_count = data["turn"]
        self.turned = list(data["turned"])


class TrapPresenter(Presenter[TrapState]):
    """The trap game's words and view: the window is shown only to the seat asked."""

    def prompt(self, state: TrapState, seat: int | None) -> str:
        if state.window and seat == state.window[0]:
            assert state.window_card is not None
            player, card = state.window_card
            return f"P{player} played {card}: spring your Trap to make it score nothing, or pass?"
        if seat == state.to_move and not state.window:
            return "Play a number card face up."
        return f"Waiting for P{state.to_move} to play a card."

    def label(self, state: TrapState, action: Any) -> str:
        return ("play {} face up", "pass", "spring the Trap")[action.kind].format(action.card)

    def view(self, state: TrapState, seat: int | None) -> dict[str, Any]:
        asked = bool(state.window) and seat == state.window[0]
        return {
            "to_move": state.to_move,
            "hand": [str(c) for c in sorted(state.hands[seat], key=str)] if seat is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "played": [list(p) for p in state.played],
            "discard": [str(c) for c in state.discard],
            "deck_size": len(state.deck),
            "window": list(state.window_card) if asked and state.window_card else None,
        }


class WindowGame(Game):
    name = "trap"
    title = "Trap (test game)"
    min_players = 2
    max_players = 4
    default_players = 3
    config_class = TrapConfig
    rules_version = "test-1"
    decision_kinds = ("play", "trap")
    response_windows: ClassVar[dict[str, str]] = {
        "trap": "Trap: after another player's play, spring your Trap so that the card scores nothing"
    }
    legend = "Numbers are cards; T is the Trap."
    hidden_responses = True
    presenter = TrapPresenter()

    def new_initial_state(self, players: int, seed: int, deck: list[str] | None, config: Any) -> State:
        return TrapState(self, config, players, seed, deck)

    def num_actions(self, players: int, config: Any) -> int:
        return 3 * players + 2

    def all_cards(self, players: int, config: Any) -> list[str]:
        return [*map(str, range(1, 3 * players + 1)), TRAP]

    def render_text(self, view: dict[str, Any]) -> str:
        return str(view)

    def state_class(self) -> type[State]:
        return TrapState


def find_seed(players: int, want: str) -> int:
    """A seed whose first play opens a window for a seat that is not the next player
    (``want="hidden"``), for the next player (``want="next"``), or opens none (``want="none"``)."""
    import regalia

    for seed in range(10_000):
        s = regalia.make("trap", players=players, seed=seed)
        holder = next((i for i, h in enumerate(s.hands) if TRAP in h), None)
        if want == "none" and holder is None and any(c != TRAP for c in s.hands[0]):
            return seed
        if want == "hidden" and holder not in (None, 0, 1) and any(c != TRAP for c in s.hands[0]):
            return seed
        if want == "next" and holder == 1 and any(c != TRAP for c in s.hands[0]):
            return seed
    raise AssertionError("no seed")

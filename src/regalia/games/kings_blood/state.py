"""King's Blood rules: the State (turns, plays, Marriages, Events, Draw 3, announcements).

The rule sheet's rulings are cited where they are implemented (KB-G*, KB-T*, KB-M*, KB-E*) and
regalia's own rulings as KB-X*. The decisions (``phase``) are listed in :mod:`.phases`.

The modules of the game form layers, each importing only the layers below it (no import cycle,
no import inside a function; a module that takes the state as an argument imports it for typing
only):

1. :mod:`.phases`, :mod:`.cards`, :mod:`.genealogy` — constants, card tables and the geometry of
   the Genealogy (shared with King's Family); they import nothing of the game.
2. :mod:`.actions` — the action objects, their texts and integer ids.
3. :mod:`.words`, :mod:`.eventtexts` — how cards and events are put in words.
4. Functions of a state: :mod:`.legal` (legal actions), :mod:`.eventplays` (Events played),
   :mod:`.determinize`, :mod:`.snapshot` (loaded snapshots), :mod:`.refusals` (refusals),
   :mod:`.labels`, :mod:`.prompts`, :mod:`.view`.
5. This module: :class:`KingsBloodState`, which holds the fields and the turn flow and calls the
   functions of layer 4.
6. :mod:`.bot`, :mod:`.game` (the registered :class:`~regalia.core.game.Game`).

Compiled with mypyc, the state is a native class: its fields are declared below, the integer
constants are ``Final`` (inlined), and the hot path (:meth:`KingsBloodState._apply`, the legal
moves of :mod:`.legal`) calls functions directly; the pure-Python modules run the same code.
"""

from __future__ import annotations

import random
from typing import Any, Final

from regalia.core.events import Event, new_event  # new_event(kind, text, seat, visible_to, data)
from regalia.core.game import Game
from regalia.core.state import State, shuffle
from regalia.games.kings_blood import actions as A
from regalia.games.kings_blood import eventtexts as T
from regalia.games.kings_blood.actions import ANNOUNCE, DRAW, END, KINGSBLOOD, PASS, PLACE, SIBLING, KBAction
from regalia.games.kings_blood.cards import (
    DRAW3,
    ENTHRONEMENT,
    GENDER,
    KINGS_BLOOD,
    MATCH,
    NOTATION,
    NUM_CHARACTERS,
    NUMBER,
    PHILOSOPHY,
    POINTS,
    REVERSE,
    SKIP,
    DeckList,
    load_deck,
    parse_card,
)
from regalia.games.kings_blood.determinize import determinize
from regalia.games.kings_blood.eventplays import apply_event
from regalia.games.kings_blood.genealogy import SIDE_NAMES, Genealogy
from regalia.games.kings_blood.legal import gen_event, legal_actions
from regalia.games.kings_blood.phases import (
    BIRTH,
    BONUS,
    DEFEND,
    DRAWN,
    FORCED,
    HAND_SIZE,
    MAX_SEATS,
    OVER,
    PENALTY_DRAW,
    PHASE_NAMES,
    SEAT_NAMES,
    SIBLINGS,
    TURN,
)
from regalia.games.kings_blood.refusals import explain
from regalia.games.kings_blood.snapshot import check_types, validate
from regalia.games.kings_blood.summary import KingsBloodSummary, summarize
from regalia.games.kings_blood.words import EVENT_WORDS

__all__ = ["BIRTH", "BONUS", "DEFEND", "DRAWN", "FORCED", "OVER", "PHASE_NAMES", "SIBLINGS", "TURN", "KingsBloodState"]

_SEAT_NAMES: Final = SEAT_NAMES
# The lazy texts of the frequent events under Final names: compiled, these are read natively,
# where ``T.play_text`` would be an attribute look-up on the module at every event.
_play_text: Final = T.play_text
_play_data: Final = T.play_data
_draws_text: Final = T.draws_text
_drawn_text: Final = T.drawn_text
_drawn_data: Final = T.drawn_data
_count_data: Final = T.count_data
_marriage_text: Final = T.marriage_text
_marriage_data: Final = T.marriage_data
_birth_text: Final = T.birth_text
_birth_data: Final = T.birth_data
_ability_text: Final = T.ability_text
_ends_text: Final = T.ends_text
_ONLY: Final[tuple[frozenset[int], ...]] = tuple(frozenset((seat,)) for seat in range(MAX_SEATS))
"""``_ONLY[seat]``: the audience of an event only ``seat`` may see."""
_NO_DATA: Final[dict[str, Any]] = {}
"""The data of an event that has none (shared: a reader never changes an event's data)."""


class KingsBloodState(State):
    """One position of a game of King's Blood (see :mod:`.phases` for the decisions).

    Zones (card faces, :mod:`.cards`): ``hands`` (one list per seat), ``pile`` (the draw pile,
    top = last element), ``discard`` (public, oldest first), the Genealogy ``gen`` (characters
    with their attached Enthronement/King's Blood cards), ``aside`` (the King's Blood card when
    set aside, Advanced Rules) and ``pending_card`` (an Event drawn at a Marriage, being played).
    ``known[seat]`` lists the cards of that hand that every player has seen arrive (Exile, the
    King's Blood card); the rest of a hand is private.

    Made by :meth:`new_game` (a deal) or, blank, by :meth:`_blank` (``clone``, ``from_snapshot``).
    """

    deck_list: DeckList
    abil: tuple[int, ...]
    """The ability of every face in this deck (``NO_ABILITY``, ``SKIP``, ``REVERSE``, ``DRAW3``)."""
    hands: list[list[int]]
    pile: list[int]
    known: list[list[int]]
    discard: list[int]
    aside: list[int]
    gen: Genealogy
    pending_card: int
    cur: int
    direction: int
    phase: int
    drawn: int
    child: int
    sib_side: int
    sib_count: int
    pending_draw: int
    last_played: int
    announced: list[bool]
    skip_next: list[bool]
    last_card_penalty: bool
    """KB-T4b: the current player has played their last card this turn without a valid
    announcement (``announcement = "required"``); they do not win, and when the turn ends they
    draw 3 cards and skip their next turn. Set only while that turn is still being resolved
    (a ``forced`` decision is the only decision it can last into)."""
    passes: int
    winner: int
    turn_count: int
    kb_on: int
    marriage_optional: bool
    """The config's ``marriage_optional`` (KB-M2), read on every move generation."""
    announce_required: bool
    """The config's ``announcement == "required"`` (KB-T4)."""
    reverse_skips: bool
    """The config's ``two_player_reverse_skips`` (KB-T6)."""
    _ev: list[Event]
    """The events of the action being applied."""

    def __init__(self) -> None:
        """A blank state with no field set: :meth:`new_game` deals one, ``clone`` and
        ``from_snapshot`` fill one in (an argument-free constructor, so that a build compiled
        with mypyc — whose ``__new__`` runs ``__init__`` — can make one)."""

    @classmethod
    def _blank(cls) -> KingsBloodState:
        return KingsBloodState()

    @staticmethod
    def new_game(game: Game, config: Any, num_players: int, seed: int, deck: list[str] | None) -> KingsBloodState:
        """A new game of ``num_players`` seats, shuffled with ``seed`` (or dealt from ``deck``, the
        top of the deck in order, KB-X9): seven cards each, then the founder (rulebook "Setup").

        Raises:
            ValueError: ``deck: ...`` or ``advanced: ...`` naming what cannot be dealt.
        """
        s = KingsBloodState()
        s._init_base(game, config, num_players, seed, deck)
        s._deal(deck)
        return s

    def _read_config(self) -> None:
        """Keep the options read on every move as plain fields."""
        config = self.config
        self.marriage_optional = bool(config.marriage_optional)
        self.announce_required = config.announcement == "required"
        self.reverse_skips = bool(config.two_player_reverse_skips)

    # ------------------------------------------------------------------ setup
    def _deal(self, deck: list[str] | None) -> None:
        config = self.config
        num_players = self.num_players
        self._read_config()
        self.deck_list = load_deck(config.deck_file)
        self.abil = self.deck_list.abilities
        if config.advanced and not self.deck_list.has_kings_blood:
            raise ValueError(f"advanced: the deck {self.deck_list.source} has no KingsBlood card")
        order = self._deck_order(deck)
        if len(order) < HAND_SIZE * num_players + 1:
            raise ValueError(
                f"deck: {len(order)} cards cannot deal {HAND_SIZE} to {num_players} players and start a Genealogy"
            )
        n = num_players
        dealt = HAND_SIZE * n
        # one card at a time in seat order from the top: seat p gets order[p], order[p + n], ...
        self.hands = [order[seat:dealt:n] for seat in range(n)]
        self.pile = order[dealt:][::-1]  # the rest, top = last element
        self.known = [[] for _ in range(n)]
        self.discard = []
        self.aside = [KINGS_BLOOD] if config.advanced else []
        self.gen = Genealogy(bool(config.active_needs_both_sides))
        self.pending_card = -1
        self.cur = 0  # KB-X9: seat 0 plays first (the dealer is the last seat)
        self.direction = 1
        self.phase = TURN
        self.drawn = -1
        self.child = -1
        self.sib_side = 0
        self.sib_count = 0
        self.pending_draw = 0
        self.last_played = -1
        self.announced = [False] * n
        self.skip_next = [False] * n
        self.last_card_penalty = False
        self.passes = 0
        self.winner = -1
        self.turn_count = 1
        self.kb_on = -1
        self._ev = []
        # Setup: the Genealogy must start with a character; Events drawn go back and the pile is
        # reshuffled; the founder's ability is ignored (rulebook "Setup", KB-T2).
        if min(self.pile) >= NUM_CHARACTERS:  # the pile holds at least one card (checked above)
            raise ValueError("deck: no character left in the draw pile to start the Genealogy")
        while True:
            card = self.pile.pop()
            if card < NUM_CHARACTERS:
                self.gen.found(card)
                break
            self.pile.append(card)
            shuffle(self.rng, self.pile)

    def _deck_order(self, deck: list[str] | None) -> list[int]:
        """The playable deck top first: ``deck`` (possibly partial) then the rest shuffled (KB-X9)."""
        pool = list(self.deck_list.cards)
        if deck is None:
            shuffle(self.rng, pool)
            return pool
        remaining: dict[int, int] = {}
        for c in pool:
            remaining[c] = remaining.get(c, 0) + 1
        if len(deck) > len(pool):
            raise ValueError(f"deck: {len(deck)} cards, expected at most {len(pool)}")
        order = []
        for i, text in enumerate(deck):
            try:
                face = parse_card(text)
            except ValueError:
                raise ValueError(f"deck: unknown card {text!r} (position {i})") from None
            if face == KINGS_BLOOD:
                raise ValueError(f"deck: 'KingsBlood' is set aside, not part of the draw pile (position {i})")
            if remaining.get(face, 0) == 0:
                raise ValueError(f"deck: too many copies of {NOTATION[face]} (position {i})")
            remaining[face] -= 1
            order.append(face)
        rest = [c for c, k in remaining.items() for _ in range(k)]
        rest.sort()
        shuffle(self.rng, rest)
        return order + rest

    # ------------------------------------------------------------------ small helpers
    def _marries(self, a: int, b: int) -> bool:
        """KB-M1: same colour and opposite gender, or either is the King's Blood character."""
        kb = self.kb_on
        if kb >= 0 and (a == kb or b == kb):
            return True
        return PHILOSOPHY[a] == PHILOSOPHY[b] and GENDER[a] != GENDER[b]

    def _matches(self, card: int, target: int) -> bool:
        """KB-T1 colour or number match; KB-E5 anything beside the King's Blood character."""
        return PHILOSOPHY[card] == PHILOSOPHY[target] or NUMBER[card] == NUMBER[target] or target == self.kb_on

    def _announce_open(self) -> bool:
        """KB-T4, KB-T4b: ``announce`` is offered on your own turn with two or fewer cards, once."""
        seat = self.cur
        return self.announce_required and not self.announced[seat] and 0 < len(self.hands[seat]) <= 2

    def _take(self, seat: int, face: int) -> None:
        self.hands[seat].remove(face)
        known = self.known[seat]
        if face in known:
            known.remove(face)

    def _gain(self, seat: int, faces: list[int], public_cards: bool) -> None:
        hand = self.hands[seat]
        hand.extend(faces)
        if public_cards:
            self.known[seat].extend(faces)
        if len(hand) > 2:
            self.announced[seat] = False  # KB-X1: an announcement lapses once the hand holds 3+

    def _draw_one(self) -> int | None:
        """The top card; the discards are reshuffled into a new pile when a card is needed and the
        pile is empty (KB-T7, KB-X14)."""
        if not self.pile:
            if not self.discard:
                return None
            self.pile = self.discard
            self.discard = []
            shuffle(self.rng, self.pile)
            self._ev.append(
                new_event(
                    "reshuffle",
                    f"the discards are shuffled into a new draw pile ({len(self.pile)} cards)",
                    None,
                    None,
                    {"cards": len(self.pile)},
                )
            )
        return self.pile.pop()

    def _draw_into(self, seat: int, count: int, why: str) -> None:
        got: list[int] = []
        for _ in range(count):
            c = self._draw_one()
            if c is None:
                break
            got.append(c)
        self._gain(seat, got, False)
        n = len(got)
        if n < count:
            why += f" ({count} due; no more cards to draw)"
        self._ev.append(new_event("draw", (_draws_text, seat, n, why), seat, None, (_count_data, n)))
        if got:
            cards = tuple(got)
            self._ev.append(new_event("draw", (_drawn_text, seat, cards), seat, _ONLY[seat], (_drawn_data, cards)))

    def _finish(self) -> None:
        self.phase = OVER
        self.last_card_penalty = False  # KB-T4b: nothing more is drawn once the game is over
        # the hands are shown at the end (they are scored), so they become public knowledge
        self.known = [list(h) for h in self.hands]
        if self.winner >= 0:
            self._ev.append(
                new_event("win", f"{_SEAT_NAMES[self.winner]} wins", self.winner, None, {"winner": self.winner})
            )
        else:
            self._ev.append(new_event("end", "the game ends with no winner", None, None, {}))

    def _check_emptied(self, seat: int) -> None:
        """KB-T5: emptying your hand with a Character wins (the play is still resolved) —
        unless, with ``announcement = "required"``, the player has not announced King's Blood!
        (KB-T4b: the card is played, there is no win, and the penalty falls when the turn ends)."""
        if not self.hands[seat] and self.winner < 0:  # KB-X8: the first to go out wins, for good
            if self.announce_required and not self.announced[seat]:
                self.last_card_penalty = True
                self._ev.append(
                    new_event(
                        "penalty",
                        f"{_SEAT_NAMES[seat]} did not announce King's Blood! before playing their last card: "
                        "no win; draws 3 and skips the next turn",
                        seat,
                        None,
                        {},
                    )
                )
                return
            self.winner = seat
            self._ev.append(new_event("out", f"{_SEAT_NAMES[seat]} has played their last card", seat, None, {}))

    def _refound(self) -> None:
        """KB-T8: an empty Genealogy restarts with the next Character drawn."""
        if not self.gen.is_empty or self.winner >= 0:
            return
        if not any(c < NUM_CHARACTERS for c in self.pile) and not any(c < NUM_CHARACTERS for c in self.discard):
            self._ev.append(
                new_event(
                    "genealogy", "the Genealogy is empty and no Character is left to start a new one", None, None, {}
                )
            )
            self._finish()
            return
        while True:
            c = self._draw_one()
            assert c is not None
            if c < NUM_CHARACTERS:
                self.gen.found(c)
                self._ev.append(
                    new_event("found", f"{NOTATION[c]} starts a new Genealogy", None, None, {"card": NOTATION[c]})
                )
                return
            self.discard.append(c)
            self._ev.append(
                new_event(
                    "discard",
                    f"{NOTATION[c]} is drawn for the new Genealogy and discarded",
                    None,
                    None,
                    {"card": NOTATION[c]},
                )
            )

    # ------------------------------------------------------------------ turn flow
    def _end_turn(self) -> None:
        """End the current turn: announcement penalty (KB-T4, or KB-T4b after a last card played
        unannounced), ability of the last card played (KB-T2, KB-T3, KB-T6), next player."""
        if self.phase == OVER:
            return
        if self.winner >= 0:
            self._finish()
            return
        seat = self.cur
        if self.last_card_penalty:
            # KB-T4b: once, whatever the hand holds now (a forced Exile or Enthronement may have
            # put cards into it since the last card was played)
            self.last_card_penalty = False
            self._draw_into(seat, PENALTY_DRAW, " (penalty)")
            self.skip_next[seat] = True
        elif len(self.hands[seat]) == 1:
            self._one_card_left(seat)
        # the last card's ability; -1 (none) reads face 76, the King's Blood card: never an ability
        eff = self.abil[self.last_played]
        if eff:
            nxt = self._ability(seat, eff)
        else:
            nxt = (seat + self.direction) % self.num_players
        # the next turn starts
        if self.skip_next[nxt]:
            nxt = self._skip_penalized(nxt)
        self.cur = nxt
        self.turn_count += 1
        self.last_played = -1
        self.drawn = -1
        self.child = -1
        self.phase = DEFEND if self.pending_draw else TURN

    def _one_card_left(self, seat: int) -> None:
        """KB-T4 at the end of a turn with one card: the announcement, or its penalty."""
        if not self.announce_required:  # announcement=automatic
            self._ev.append(new_event("announce", f"{_SEAT_NAMES[seat]}: King's Blood! (automatic)", seat, None, {}))
        elif not self.announced[seat]:
            self._ev.append(
                new_event(
                    "penalty",
                    f"{_SEAT_NAMES[seat]} did not announce King's Blood!: draws 3 and skips the next turn",
                    seat,
                    None,
                    {},
                )
            )
            self._draw_into(seat, PENALTY_DRAW, " (penalty)")
            self.skip_next[seat] = True

    def _ability(self, seat: int, eff: int) -> int:
        """The ability ``eff`` of the last card played takes effect (KB-T2, KB-T3, KB-T6);
        returns the next seat. Its events name the card and, when a Draw 3 is pending, the
        player who must now draw (after any penalty skips, KB-X3)."""
        n = self.num_players
        card = self.last_played
        ability = eff
        reversed_ = False
        if eff == REVERSE:
            if n == 2 and self.reverse_skips:
                eff = SKIP  # KB-T6 option
            else:
                self.direction = -self.direction
                reversed_ = True
        nxt = (seat + self.direction) % n
        skipped = -1
        if eff == SKIP:
            skipped = nxt
            nxt = (nxt + self.direction) % n
        if eff == DRAW3:
            self.pending_draw += 3
        pending = self.pending_draw
        target = self._first_unskipped(nxt) if pending else nxt
        ev = self._ev
        if reversed_:
            word = "the order of play is reversed" + (", which changes nothing with two players" if n == 2 else "")
            ev.append(new_event("reverse", (_ability_text, word, card, ability, pending, target), seat, None, {}))
        if skipped >= 0:
            word = f"{_SEAT_NAMES[skipped]} is skipped"
            ev.append(
                new_event(
                    "skip",
                    (_ability_text, word, card, ability, pending, target),
                    seat,
                    None,
                    {"seat_skipped": skipped},
                )
            )
        if eff == DRAW3:
            ev.append(
                new_event("draw3", (_ability_text, "", card, DRAW3, pending, target), seat, None, {"count": pending})
            )
        return nxt

    def _first_unskipped(self, seat: int) -> int:
        """The seat that :meth:`_skip_penalized` will give from ``seat`` on, changing nothing."""
        flags = self.skip_next
        if not flags[seat]:
            return seat
        flags = list(flags)
        n = self.num_players
        while flags[seat]:
            flags[seat] = False
            seat = (seat + self.direction) % n
        return seat

    def _skip_penalized(self, seat: int) -> int:
        """KB-X3: a penalty skip consumes the turn; a pending Draw 3 falls to the next player.
        Returns the first seat from ``seat`` on that is not skipped."""
        n = self.num_players
        while self.skip_next[seat]:
            self.skip_next[seat] = False
            self._ev.append(new_event("skip", f"{_SEAT_NAMES[seat]} skips this turn (penalty)", seat, None, {}))
            seat = (seat + self.direction) % n
        return seat

    def _after_event_play(self, seat: int) -> None:
        """After an Event that offers one more play (KB-E1, KB-E5) — or the end of the turn."""
        if self.phase == OVER:
            return
        if self.hands[seat] and self.winner < 0:
            self.phase = BONUS
        else:
            self._end_turn()

    def _marriage(self, a: int, b: int) -> None:
        """KB-M3: the arranging player draws: a Character is the child, an Event is played."""
        seat = self.cur
        self._ev.append(new_event("marriage", (_marriage_text, a, b), seat, None, (_marriage_data, a, b)))
        pile = self.pile
        card = pile.pop() if pile else self._draw_one()
        if card is None:
            # KB-X5: nothing can be drawn, so the Marriage has no issue and the chain stops.
            self._ev.append(new_event("marriage", "no card can be drawn for the Marriage", seat, None, {}))
            self._end_turn()
            return
        if card < NUM_CHARACTERS:
            row, x = self.gen.add_child(a, b, card)  # KB-G4; the child's ability never triggers (KB-T2)
            self._ev.append(new_event("birth", (_birth_text, card, a, b), seat, None, (_birth_data, card, row, x)))
            if self.winner >= 0 or not self.hands[seat]:
                self._end_turn()
                return
            self.child = card
            self.phase = BIRTH  # KB-M4/KB-M5: a play on the child may marry and continue the chain
            return
        self._ev.append(
            new_event(
                "forced",
                f"{EVENT_WORDS[card]} is drawn at the Marriage and must be played on an Active card",
                seat,
                None,
                {"card": NOTATION[card]},
            )
        )
        self.pending_card = card
        self.phase = FORCED
        probe: list[KBAction] = []
        gen_event(self, probe, card, -1)
        if not probe:
            # KB-X6: no Active card to play it on; it is discarded.
            self.pending_card = -1
            self.discard.append(card)
            self._ev.append(
                new_event(
                    "discard",
                    f"{EVENT_WORDS[card]} has no Active card to target and is discarded",
                    seat,
                    None,
                    {"card": NOTATION[card]},
                )
            )
            self._end_turn()

    # ------------------------------------------------------------------ legal actions
    def _legal_actions(self) -> list[Any]:
        return legal_actions(self)

    # ------------------------------------------------------------------ applying actions
    def _apply(self, action: Any) -> list[Event]:
        a: KBAction = action
        ev: list[Event] = []
        self._ev = ev
        seat = self.cur
        k = a.kind
        if k == PLACE:  # the most frequent action first: a Character beside an Active card (KB-T1)
            self.passes = 0
            _, f, t, side, nomarry = a
            phase = self.phase
            hand = self.hands[seat]
            hand.remove(f)  # _take, inlined
            known = self.known[seat]
            if known and f in known:
                known.remove(f)
            row, x = self.gen.place(f, t, side)
            self.last_played = f
            ev.append(
                new_event("play", (_play_text, seat, f, side, t, self.abil[f]), seat, None, (_play_data, f, t, row, x))
            )
            if not hand and self.winner < 0:
                self._check_emptied(seat)
            if phase == DEFEND:
                self._end_turn()  # KB-T3: no Marriage; the pending draw moves on; KB-X10: this was the turn
            elif not nomarry and (
                MATCH[f * NUM_CHARACTERS + t] == 2 or (self.kb_on >= 0 and (f == self.kb_on or t == self.kb_on))
            ):
                self._marriage(f, t)  # _marries (KB-M1), inlined
            else:
                self._end_turn()
            return ev
        if k == ANNOUNCE:
            self.announced[seat] = True
            ev.append(new_event("announce", f"{_SEAT_NAMES[seat]}: King's Blood!", seat, None, {}))
            return ev
        if k == PASS:
            self.passes += 1
            ev.append(
                new_event("pass", f"{_SEAT_NAMES[seat]} passes: nothing to play, nothing to draw", seat, None, {})
            )
            if self.passes >= self.num_players:
                self._finish()  # KB-T7: every player passed in sequence
            else:
                self._end_turn()
            return ev
        self.passes = 0
        if k == DRAW:
            if self.phase == DEFEND:
                count = self.pending_draw
                self.pending_draw = 0
                self._draw_into(seat, count, " for the Draw 3")
                self.phase = TURN  # KB-T3: then a normal turn
            else:
                pile = self.pile
                c = pile.pop() if pile else self._draw_one()
                assert c is not None
                hand = self.hands[seat]
                hand.append(c)  # _gain, inlined
                if len(hand) > 2:
                    self.announced[seat] = False  # KB-X1
                self.drawn = c
                self.phase = DRAWN
                ev.append(new_event("draw", (_draws_text, seat, 1, ""), seat, None, (_count_data, 1)))
                cards = (c,)
                ev.append(new_event("draw", (_drawn_text, seat, cards), seat, _ONLY[seat], (_drawn_data, cards)))
            return ev
        if k == END:
            if self.phase == SIBLINGS or self.phase == BIRTH:
                ev.append(new_event("end", (_ends_text, seat), seat, None, {}))
            self._end_turn()
            return ev
        if k == SIBLING:
            self._apply_sibling(a, seat)
        elif k == KINGSBLOOD:
            self._take(seat, KINGS_BLOOD)
            self.gen.attach(a.target, KINGS_BLOOD)
            self.kb_on = a.target
            self.last_played = KINGS_BLOOD
            ev.append(
                new_event(
                    "kingsblood",
                    f"{_SEAT_NAMES[seat]} places the King's Blood card under {NOTATION[a.target]}",
                    seat,
                    None,
                    {"target": NOTATION[a.target]},
                )
            )
            self._after_event_play(seat)  # KB-E5: then you may play another card
        else:
            apply_event(self, a, seat)  # KB-E1..E4, in .eventplays
        return ev

    def _apply_sibling(self, a: KBAction, seat: int) -> None:
        f = a.card
        anchor = self.child
        self._take(seat, f)
        row, x = self.gen.place(f, anchor, a.side)
        if self.phase == BIRTH:
            self.sib_side = a.side
            self.sib_count = 1
            self.phase = SIBLINGS
        else:
            self.sib_count += 1
        self.child = f  # the next sibling goes beside this one (KB-M4: in a line)
        self.last_played = f
        self._ev.append(
            new_event(
                "sibling",
                f"{_SEAT_NAMES[seat]} plays {NOTATION[f]}{T.ability_suffix(self.abil[f])} as a sibling, "
                f"{SIDE_NAMES[a.side]} of {NOTATION[anchor]}",
                seat,
                None,
                {"card": NOTATION[f], "row": row, "x": x},
            )
        )
        self._check_emptied(seat)
        if not self.hands[seat]:
            self._end_turn()  # won, or KB-T4b: a line that has used up the hand ends the turn

    # ------------------------------------------------------------------ protocol
    def _explain(self, action: Any) -> tuple[str, str | None]:
        return explain(self, action)

    def _parse(self, text: str) -> Any:
        return A.parse_action(text, self.num_players)

    def action_id(self, action: Any) -> int:
        return A.action_id(action, self.num_players)

    def action_from_id(self, action_id: int) -> Any:
        return A.action_from_id(action_id, self.num_players)

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.cur

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over (``phase == OVER``)."""
        return self.phase == OVER

    def decision_kind(self) -> str | None:
        """The pending decision (``Game.decision_kinds``): the ``phase`` as the view names it
        (``turn``, ``drawn``, ``defend``, ``birth``, ``siblings``, ``forced``, ``bonus``), or
        ``None`` once the game is over."""
        phase = self.phase
        return None if phase == OVER else PHASE_NAMES[phase]

    @property
    def winners(self) -> tuple[int, ...]:
        return (self.winner,) if self.phase == OVER and self.winner >= 0 else ()

    @property
    def turns(self) -> int:
        return self.turn_count

    def returns(self) -> list[float]:
        """1.0 for the winner, 0.0 for everyone else (0.0 all round with no winner or while running)."""
        w = self.winner if self.phase == OVER else -1
        return [1.0 if s == w else 0.0 for s in range(self.num_players)]

    def scores(self) -> list[int]:
        """Points of this game under the ``scoring`` option, one int per seat (all 0 for
        ``"none"``, while running, or with no winner — KB-X7).

        ``winner_collects``: the winner scores the point values of the opponents' hands, plus 5
        per generation if an Enthronement is in the Genealogy. ``lowest_wins``: every other
        player scores the point values of their own hand; the winner scores -5 per generation
        if an Enthronement is in play, else 0.
        """
        n = self.num_players
        out = [0] * n
        w = self.winner
        mode = self.config.scoring
        if self.phase != OVER or w < 0 or mode == "none":
            return out
        bonus = 5 * self.gen.generations() if ENTHRONEMENT in self.gen.attached_cards() else 0
        if mode == "winner_collects":
            out[w] = sum(POINTS[c] for p in range(n) if p != w for c in self.hands[p]) + bonus
        else:
            for p in range(n):
                out[p] = -bonus if p == w else sum(POINTS[c] for c in self.hands[p])
        return out

    def result(self) -> dict[str, Any] | None:
        """The core result plus ``scoring`` (the option) and ``scores`` (one int per seat, see
        :meth:`scores`), or ``None`` while the game runs."""
        res = super().result()
        if res is None:
            return None
        res["scoring"] = self.config.scoring
        res["scores"] = self.scores()
        return res

    def _choice_forced_publicly(self) -> bool:
        """A single choice is forced by what everyone knows only when an Event drawn at a
        Marriage must be played (KB-M3): the Event, the Active cards it may target and the hand
        sizes that allow ``announce`` are public. Everywhere else the choices depend on the
        hand or the card just drawn: a lone ``end`` or ``draw`` would tell the table that
        nothing could be played."""
        return self.phase == FORCED

    def _result_scores(self) -> tuple[str, list[float], bool] | None:
        """The points of this game under a ``scoring`` option (KB-X7; the lowest first with
        ``lowest_wins``), or ``None`` without one: the game names a winner only."""
        mode: str = self.config.scoring
        if mode == "none":
            return None
        return "points", [float(v) for v in self.scores()], mode == "lowest_wins"

    def summary(self, seat: int) -> KingsBloodSummary:
        """What the heuristic bot reads of ``seat``'s information set (see :mod:`.summary`).

        Raises:
            ValueError: ``seat`` is not a seat of this game."""
        self._check_seat(seat)
        return summarize(self)

    def clone(self) -> KingsBloodState:
        new = KingsBloodState()
        self._copy_base(new, rng=False)
        self._share_rng(new)
        new.deck_list = self.deck_list
        new.abil = self.abil
        new.pile = list(self.pile)
        new.hands = [list(h) for h in self.hands]
        new.known = [list(h) for h in self.known]
        new.discard = list(self.discard)
        new.aside = list(self.aside)
        new.gen = self.gen.clone()
        new.pending_card = self.pending_card
        new.cur = self.cur
        new.direction = self.direction
        new.phase = self.phase
        new.drawn = self.drawn
        new.child = self.child
        new.sib_side = self.sib_side
        new.sib_count = self.sib_count
        new.pending_draw = self.pending_draw
        new.last_played = self.last_played
        new.announced = list(self.announced)
        new.skip_next = list(self.skip_next)
        new.last_card_penalty = self.last_card_penalty
        new.passes = self.passes
        new.winner = self.winner
        new.turn_count = self.turn_count
        new.kb_on = self.kb_on
        new.marriage_optional = self.marriage_optional
        new.announce_required = self.announce_required
        new.reverse_skips = self.reverse_skips
        new._ev = []
        return new

    def determinize(self, seat: int, rng: random.Random) -> KingsBloodState:
        """A full state consistent with ``view(seat)``: the draw pile and the unseen cards of the
        other hands are shuffled together and dealt back (hand sizes and publicly known cards
        kept); the card another player has just drawn is one of their unseen cards; a decider
        who owes a second sibling holds one (KB-X15). See :mod:`.determinize`.

        Raises:
            ValueError: ``seat`` is not a seat of this game.
        """
        self._check_seat(seat)
        return determinize(self, seat, rng)

    def zones(self) -> dict[str, list[str]]:
        z = {"deck": [NOTATION[c] for c in self.pile]}
        for p, h in enumerate(self.hands):
            z[f"hand:{p}"] = [NOTATION[c] for c in h]
        z["genealogy"] = [NOTATION[c] for c in self.gen.cards()] + [NOTATION[c] for c in self.gen.attached_cards()]
        z["discard"] = [NOTATION[c] for c in self.discard]
        z["aside"] = [NOTATION[c] for c in self.aside]
        z["pending"] = [NOTATION[self.pending_card]] if self.pending_card >= 0 else []
        return z

    def _snapshot_state(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "pile": list(self.pile),
            "hands": [list(h) for h in self.hands],
            "known": [list(h) for h in self.known],
            "discard": list(self.discard),
            "aside": list(self.aside),
            "genealogy": self.gen.to_json(),
            "pending_card": self.pending_card,
            "cur": self.cur,
            "direction": self.direction,
            "phase": self.phase,
            "drawn": self.drawn,
            "child": self.child,
            "sib_side": self.sib_side,
            "sib_count": self.sib_count,
            "pending_draw": self.pending_draw,
            "last_played": self.last_played,
            "announced": list(self.announced),
            "skip_next": list(self.skip_next),
            "passes": self.passes,
            "winner": self.winner,
            "turn_count": self.turn_count,
            "kb_on": self.kb_on,
        }
        if self.last_card_penalty:
            # KB-T4b: written only while due (within a forced decision), so that the snapshots of
            # every other position are the same as under rules version 1.0, which had no such field
            data["last_card_penalty"] = True
        return data

    def _restore_state(self, data: dict[str, Any]) -> None:
        check_types(data)  # the types; the ranges and their agreement in _validate_restored
        self._read_config()
        self.deck_list = load_deck(self.config.deck_file)
        self.abil = self.deck_list.abilities
        self.pile = list(data["pile"])
        self.hands = [list(h) for h in data["hands"]]
        self.known = [list(h) for h in data["known"]]
        self.discard = list(data["discard"])
        self.aside = list(data["aside"])
        self.gen = Genealogy.from_json(data["genealogy"], bool(self.config.active_needs_both_sides))
        self.pending_card = data["pending_card"]
        self.cur = data["cur"]
        self.direction = data["direction"]
        self.phase = data["phase"]
        self.drawn = data["drawn"]
        self.child = data["child"]
        self.sib_side = data["sib_side"]
        self.sib_count = data["sib_count"]
        self.pending_draw = data["pending_draw"]
        self.last_played = data["last_played"]
        self.passes = data["passes"]
        self.winner = data["winner"]
        self.turn_count = data["turn_count"]
        self.kb_on = data["kb_on"]
        self.announced = list(data["announced"])
        self.skip_next = list(data["skip_next"])
        self.last_card_penalty = data.get("last_card_penalty", False)
        self._ev = []

    def _validate_restored(self) -> None:
        """The ranges of the fields of a loaded state and their agreement (see :mod:`.snapshot`).

        Raises:
            ValueError: naming the field (``state.pile[3]: ...``).
        """
        validate(self)

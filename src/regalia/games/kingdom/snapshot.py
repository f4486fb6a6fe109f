"""Checks of a Kingdom state loaded by ``regalia.from_snapshot`` (``State._validate_restored``).

The core checks the common fields, card conservation, the decider and the views; these checks
cover what only Kingdom knows: the type and range of every field of the game part, and that the
fields agree with each other (cards in play where the combat and the chain say, preoccupied
cards in play, the decision pending consistent with the phase, the KD-X13 copies consistent
with the table). A failure is a ``ValueError`` naming the field (``state.<field>: ...``). This
matters most for snapshots of determinized states, which have no history to replay.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from regalia.games.kingdom import actions as A
from regalia.games.kingdom.cards import IS_ACE, IS_NOBLE, JOKER, NAME, RANK, RATING, deck_cards
from regalia.games.kingdom.config import decks_for
from regalia.games.kingdom.phases import (
    ATTACKERS,
    BLOCKERS,
    C_ASSASSIN,
    C_EXPOSE,
    C_PICK,
    DISCARD,
    MAIN,
    OVER,
    SPLIT,
    W_ACTION,
    W_ATTACK,
    W_BLOCKS,
    W_NONE,
)
from regalia.games.kingdom.windows import hidden

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState


class _Bad(ValueError):
    pass


def _fail(field: str, why: str) -> _Bad:
    return _Bad(f"state.{field}: {why}")


def _int(x: Any) -> bool:
    return type(x) is int


def _bool(field: str, x: Any) -> None:
    if type(x) is not bool:
        raise _fail(field, "expected true or false")


def _seat(state: KingdomState, field: str, x: Any, none: bool = False) -> None:
    if none and x == -1 and _int(x):
        return
    if not _int(x) or not 0 <= x < state.num_players:
        raise _fail(field, f"{x!r} is not a seat of this {state.num_players}-player game")


def _cards(state: KingdomState, field: str, xs: Any, joker: bool = True) -> None:
    nc = 1 + 52 * state.decks
    if not isinstance(xs, list):
        raise _fail(field, "expected a list of cards")
    for x in xs:
        if not _int(x) or not 0 <= x < nc or (x == JOKER and not joker):
            raise _fail(field, f"{x!r} is not a card of this game")


def _seats(state: KingdomState, field: str, xs: Any) -> None:
    if not isinstance(xs, list) or len(set(xs)) != len(xs):
        raise _fail(field, "expected a list of distinct seats")
    for x in xs:
        _seat(state, field, x)
        if not state.alive[x]:
            raise _fail(field, f"P{x}'s kingdom has fallen")


def validate(state: KingdomState, copy: bool = False) -> None:
    """Raise ``ValueError`` (``state.<field>: ...``) unless ``st`` is a consistent Kingdom state.
    ``copy``: ``st`` is a KD-X13 copy inside a snapshot (no copies of its own)."""
    n = state.num_players
    if state.decks != decks_for(n, state.config):
        raise _fail("decks", f"{state.decks} deck(s), but this game of {n} players uses {decks_for(n, state.config)}")
    _zones(state, copy)
    _tables(state)
    _turn(state)
    _combat(state)
    _chain(state)
    _windows(state, copy)


def _zones(state: KingdomState, copy: bool) -> None:
    n = state.num_players
    for name, rows, size in (("hands", state.hands, n), ("play", state.play, n)):
        if not isinstance(rows, list) or len(rows) != size:
            raise _fail(name, f"expected {size} lists")
        for p, row in enumerate(rows):
            _cards(state, f"{name}[{p}]", row, joker=name == "hands")
    _cards(state, "deck", state.deck)
    _cards(state, "discard", state.discard)
    if copy:  # a copy is checked for conservation here; the table itself by the core
        found: Counter[int] = Counter(state.deck)
        found.update(state.discard)
        for row in (*state.hands, *state.play):
            found.update(row)
        found.update(e[2] for e in state.chain if isinstance(e, list) and len(e) == 5 and _int(e[2]))
        if found != Counter(deck_cards(state.decks)):
            raise _fail("checkpoint", "its cards are not those of the game")
    for p, row in enumerate(state.play):
        for c in row:
            if state.loc[c] != p:
                raise _fail(f"play[{p}]", f"{NAME[c]} is in play twice")
        ranks = [c for c in row if IS_NOBLE[c]]
        if len({RANK[c] for c in ranks}) != len(ranks):
            raise _fail(f"play[{p}]", "two nobles of one rank in one kingdom (KD-1)")


def _tables(state: KingdomState) -> None:
    n = state.num_players
    nc = 1 + 52 * state.decks
    if len(state.busy) != nc or not all(type(x) is bool for x in state.busy):
        raise _fail("busy", "expected cards in play")
    for c in range(nc):
        if state.busy[c] and state.loc[c] < 0:
            raise _fail("busy", f"{NAME[c]} is preoccupied but not in play")
    for c in state.changed:
        if state.suit_change[c] >= 0 and (not IS_NOBLE[c] or state.loc[c] < 0):
            raise _fail("suit_change", f"{c!r} is not a noble in play")
    if not isinstance(state.territories, list) or len(state.territories) != n:
        raise _fail("territories", f"expected {n} numbers")
    for p, t in enumerate(state.territories):
        if not _int(t) or not 0 <= t <= state.config.territories:
            raise _fail("territories", f"P{p} has {t!r}, expected 0..{state.config.territories}")
    if not isinstance(state.alive, list) or len(state.alive) != n:
        raise _fail("alive", f"expected {n} values")
    for p, alive in enumerate(state.alive):
        _bool("alive", alive)
        if alive != (state.territories[p] > 0):
            raise _fail("alive", f"P{p} is {'in the game' if alive else 'out'} with {state.territories[p]} territories")
        if not alive and (state.hands[p] or state.play[p]):
            raise _fail("alive", f"P{p}'s kingdom has fallen but still holds cards (KD-12)")
    if not isinstance(state.known, list) or len(state.known) != n + 1:
        raise _fail("known", f"expected {n + 1} rows")
    for v, row in enumerate(state.known):
        if not isinstance(row, list) or len(row) != n:
            raise _fail(f"known[{v}]", f"expected {n} lists")
        for h, cards in enumerate(row):
            _cards(state, f"known[{v}][{h}]", cards)
            if Counter(cards) - Counter(state.hands[h]):
                raise _fail(f"known[{v}][{h}]", f"cards known to be in P{h}'s hand are not there")


def _turn(state: KingdomState) -> None:
    n = state.num_players
    _seat(state, "active", state.turn_player)
    if not _int(state.turn_no) or state.turn_no < 1:
        raise _fail("turn_no", f"{state.turn_no!r} is not a turn number")
    if not _int(state.phase) or not MAIN <= state.phase <= OVER:
        raise _fail("phase", f"{state.phase!r} is not a phase")
    _bool("noble_played", state.noble_played)
    _bool("attacked", state.attacked)
    _bool("blocks_asked", state.blocks_asked)
    _bool("target_from_main", state.target_from_main)
    if not isinstance(state.winner_seats, tuple) or len(state.winner_seats) > 1:
        raise _fail("winners", "expected at most one winning seat")
    for w in state.winner_seats:
        _seat(state, "winners", w)
        if not state.alive[w]:
            raise _fail("winners", f"P{w}'s kingdom has fallen")
    alive = sum(state.alive)
    if state.phase == OVER:
        if alive > 1 and (state.config.max_turns is None or state.turn_no < state.config.max_turns):
            raise _fail("phase", "the game is over with several kingdoms standing before the turn limit")
        if alive == 1 and not state.winner_seats:
            raise _fail("winners", "the last kingdom standing wins (KD-12)")
        return
    if state.winner_seats:
        raise _fail("winners", "a winner while the game goes on")
    if alive < 2:
        raise _fail("alive", "the game goes on with fewer than two kingdoms")
    if not state.alive[state.turn_player]:
        raise _fail("active", f"P{state.turn_player}'s kingdom has fallen")
    if state.phase == DISCARD and len(state.hands[state.turn_player]) <= 7:
        raise _fail("phase", "discarding down to 7 with 7 cards or fewer")
    if state.attacked and state.turn_no <= n:
        raise _fail("attacked", "no attacks in the first round (KD-4)")


def _combat(state: KingdomState) -> None:
    k = len(state.attackers)
    for name, rows in (("blockers", state.blockers), ("blocked", state.blocked), ("dealt", state.dealt)):
        if not isinstance(rows, list) or len(rows) != k:
            raise _fail(name, f"expected {k} entries, one per attacker")
    in_combat = state.phase in (ATTACKERS, BLOCKERS, SPLIT)
    if not _int(state.defender) or (state.defender >= 0) != in_combat:
        raise _fail("defender", "a defender exactly while a combat is fought")
    if not in_combat:
        if k or state.split_i != -1:
            raise _fail("attackers", "attackers with no combat")
        if state.blocks_asked:
            raise _fail("blocks_asked", "with no combat")
        return
    q = state.defender
    _seat(state, "defender", q)
    if q == state.turn_player or not state.alive[q]:
        raise _fail("defender", f"P{q} cannot be attacked now")
    if not state.attacked:
        raise _fail("attacked", "a combat with no attack declared")
    _cards(state, "attackers", state.attackers, joker=False)
    seen: set[int] = set()
    for i, a in enumerate(state.attackers):
        if a in seen or state.loc[a] != state.turn_player or not state.busy[a]:
            raise _fail("attackers", f"{NAME[a]} is not a preoccupied card of P{state.turn_player}'s kingdom")
        seen.add(a)
        bl, dealt = state.blockers[i], state.dealt[i]
        _cards(state, f"blockers[{i}]", bl, joker=False)
        _bool(f"blocked[{i}]", state.blocked[i])
        if bl and not state.blocked[i]:
            raise _fail(f"blocked[{i}]", "an attacker with blockers is blocked")
        if not isinstance(dealt, list) or len(dealt) != len(bl):
            raise _fail(f"dealt[{i}]", "one damage figure per blocker")
        for b, dmg in zip(bl, dealt, strict=True):
            if b in seen or state.loc[b] != q or not state.busy[b]:
                raise _fail(f"blockers[{i}]", f"{NAME[b]} is not a preoccupied card of P{q}'s kingdom")
            seen.add(b)
            if not _int(dmg) or not 0 <= dmg <= RATING[a]:
                raise _fail(f"dealt[{i}]", f"{dmg!r} is not a damage figure of {NAME[a]}")
    if state.phase == ATTACKERS and (any(state.blocked) or state.blocks_asked):
        raise _fail("blocked", "blocks before the attackers are declared")
    if state.phase == ATTACKERS and state.window:
        raise _fail("window", "no response window while the attackers are declared")
    if state.phase != SPLIT and state.split_i != -1:
        raise _fail("split", "a damage split outside the damage step")
    if state.split_i != -1:
        i, j = state.split_i, state.split_j
        if not _int(i) or not _int(j) or not 0 <= i < k or not 0 <= j < len(state.blockers[i]) - 1:
            raise _fail("split", f"{[i, j]!r} is not a blocker of a multi-blocked attacker")


def _chain(state: KingdomState) -> None:
    if not isinstance(state.chain, list):
        raise _fail("chain", "expected a list of entries")
    for i, e in enumerate(state.chain):
        f = f"chain[{i}]"
        if not isinstance(e, list) or len(e) != 5 or not all(_int(x) for x in e):
            raise _fail(f, "expected [kind, player, card, noble, target]")
        kind, owner, card, noble, target = e
        _seat(state, f, owner)
        if not state.alive[owner]:
            raise _fail(f, f"P{owner}'s kingdom has fallen")
        if not C_ASSASSIN <= kind <= C_EXPOSE:
            raise _fail(f, f"{kind!r} is not a kind of chain entry")
        if kind == C_ASSASSIN:
            _cards(state, f, [card, noble], joker=False)
            if not IS_ACE[card] or not IS_NOBLE[noble] or state.loc[noble] != owner or not state.busy[noble]:
                raise _fail(f, "an Assassin is an Ace brought by a preoccupied noble of its player")
            if i > 0:
                if target != state.chain[i - 1][2]:
                    raise _fail(f, "a counter targets the item below it")
            elif target != -1:
                _cards(state, f, [target], joker=False)
            elif state.targeting != owner or len(state.chain) != 1:
                raise _fail(f, "an Assassin without a target while its target is not being chosen")
        else:
            if i > 0 or card != JOKER or noble != -1:
                raise _fail(f, "a Joker is the first item of a chain, with no noble")
            if kind == C_PICK:
                if target != -1:
                    raise _fail(f, "Pick a Card has no target")
            else:
                _seat(state, f, target)
                if target == owner:
                    raise _fail(f, "a Joker targets another player")


def _windows(state: KingdomState, copy: bool) -> None:
    _seat(state, "targeting", state.targeting, none=True)
    _seat(state, "picking", state.picking, none=True)
    chain = state.chain
    if state.targeting >= 0 and (
        len(chain) != 1 or chain[0][0] != C_ASSASSIN or chain[0][1:5:3] != [state.targeting, -1]
    ):
        raise _fail("targeting", "no Assassin of that player waits for its target")
    if state.picking >= 0 and (len(chain) != 1 or chain[0][0] != C_PICK or chain[0][1] != state.picking):
        raise _fail("picking", "no Pick a Card of that player waits")
    _seats(state, "counter_q", state.counter_q)
    _seats(state, "window", state.window)
    if state.counter_q and not chain:
        raise _fail("counter_q", "a counter window with nothing to counter")
    if chain and not (state.counter_q or state.targeting >= 0 or state.picking >= 0):
        raise _fail("chain", "a chain waiting for nothing")
    if not _int(state.window_point) or not W_NONE <= state.window_point <= W_BLOCKS:
        raise _fail("window_point", f"{state.window_point!r} is not a window point")
    if state.window and state.window_point == W_NONE:
        raise _fail("window_point", "a response window needs its point")
    if state.window_point in (W_ATTACK, W_BLOCKS) and state.phase not in (BLOCKERS, SPLIT):
        raise _fail("window_point", "a combat window outside a combat")
    if state.window_point == W_BLOCKS and (state.phase != SPLIT or state.split_i != -1):
        raise _fail("window_point", "the window after the blocks comes before the damage")
    if state.window_point == W_ACTION and state.phase != MAIN:
        raise _fail("window_point", "the window after an action is in the active player's turn")
    if state.phase == SPLIT and state.split_i == -1 and state.window_point != W_BLOCKS:
        raise _fail("split", "the damage step waits for nothing")
    _cause(state)
    if copy:
        return
    if (state.cp is not None) != hidden(state):
        raise _fail("checkpoint", "a hidden run of windows keeps the table as it was before it (KD-X13), and only then")
    if not isinstance(state.held, list) or (state.held and state.cp is None):
        raise _fail("held", "events are held back only during a hidden run of windows")
    for e in state.held:
        if e.seat is not None:
            _seat(state, "held", e.seat)
        if e.visible_to is not None and not all(_int(v) and 0 <= v < state.num_players for v in e.visible_to):
            raise _fail("held", "an event for seats that are not in the game")
    if not isinstance(state.frozen, dict) or (state.frozen and state.cp is None):
        raise _fail("frozen", "copies of the table exist only during a hidden run of windows")
    for p in state.frozen:
        _seat(state, "frozen", p)
    for f in [state.cp, *state.frozen.values()]:
        if f is not None:
            if f.decks != state.decks:
                raise _fail("checkpoint", "a copy of another game size")
            validate(f, copy=True)


def _cause(state: KingdomState) -> None:
    c = state.cause
    if not c:
        return
    if not isinstance(c, tuple) or not all(_int(x) for x in c) or len(c) < 2:
        raise _fail("cause", "expected [kind, seat, ...]")
    kind = c[0]
    _seat(state, "cause", c[1])
    nc = 1 + 52 * state.decks
    cards = {
        A.PLAY: (2,),
        A.BRING: (2, 3),
        A.CHANGE: (2, 3),
        A.TARGET: (2, 3),
        A.RECRUIT: (2,),
    }
    seats = {A.TARGET: (4,), A.RECRUIT: (3,), A.SPY: (2,), A.EXPOSE: (2,)}
    sizes = {A.PLAY: 3, A.BRING: 4, A.CHANGE: 5, A.TARGET: 5, A.RECRUIT: 4, A.SPY: 3, A.EXPOSE: 3, A.JOKER_PICK: 3}
    if kind not in sizes or len(c) != sizes[kind]:
        raise _fail("cause", f"{list(c)!r} is not a main-phase action")
    for i in cards.get(kind, ()):
        if not 0 < c[i] < nc:
            raise _fail("cause", f"{c[i]!r} is not a card of this game")
    for i in seats.get(kind, ()):
        _seat(state, "cause", c[i])
    if kind == A.CHANGE and not 0 <= c[4] < 4:
        raise _fail("cause", f"{c[4]!r} is not a suit")

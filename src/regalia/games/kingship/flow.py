"""The turn: phase 1 (start-of-turn abilities), phase 2 (draw and/or play), phase 3 (the win) [KS-5].

Also the one-draw rule (KS-3), matching by suit or value and pairs (KS-2), the Outlaw played on
one's own turn (KS-7), the Light Queen's draw window and the end of the turn (skips, extra turns,
``max_turns``, KS-14).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from operator import itemgetter
from typing import TYPE_CHECKING, Final

from regalia.core.events import Event, public
from regalia.games.kingship import abilities, engine, laws
from regalia.games.kingship.actions import (
    CHOICE,
    DRAW,
    DRAW_ACT,
    PAIR,
    PAIR_ACTS,
    PAIR_COMBOS,
    PASS,
    PASS_ACT,
    PLAY,
    PLAY_ACTS,
    PREVENT,
    KingshipAction,
    pair_cards,
)
from regalia.games.kingship.cards import (
    DEMON,
    DEMON_V,
    FARMER,
    KING,
    LIGHT_QUEEN,
    NAME,
    NK,
    OUTLAW,
    OUTLAW_T,
    SILENCED,
    SUIT,
    VALUE,
)
from regalia.games.kingship.context import PlayContext, new_play
from regalia.games.kingship.engine import (
    MAIN,
    MAX_SEATS,
    NO_DATA,
    OP_AFTER_PLAY,
    OP_DEMON_WINDOW,
    OP_DRAW,
    OP_KING_LAW,
    OP_LAW_PROPOSE,
    OP_MAIN,
    OP_MAIN_AFTER_DRAW,
    OP_P4_CHECK,
    OP_PHASE3,
    OP_TAX,
    Step,
)
from regalia.games.kingship.phrases import draw_cause
from regalia.games.kingship.words import A_CHARACTER, CARD

if TYPE_CHECKING:
    from regalia.games.kingship.state import KingshipState

_PASS: Final = PASS_ACT
_DRAW: Final = DRAW_ACT
_ALL_KINDS: Final[list[int]] = [k for k in range(40) if k != 35]
_MATCH: Final[list[list[int]]] = [
    [k for k in range(39) if k != 35 and (SUIT[k] == SUIT[t] or VALUE[k] == VALUE[t])] + [OUTLAW] for t in range(40)
]
"""_MATCH[top]: the kinds playable on ``top`` by suit or value (plus the Outlaw), in kind order [KS-2]."""


_Singles = tuple[Callable[[list[int]], tuple[int, ...]], tuple[KingshipAction, ...]]
"""``(counts, plays)``: see ``_singles``."""


def _singles(kinds: list[int], demon_ok: bool) -> _Singles:
    """The candidate single plays of a kind list, without the Demons when a single Demon may not
    be played (Demon #1 [Demon/No]): ``(counts, plays)``, where ``counts(hand)`` is the tuple of
    the hand's counts of those kinds (one C-level ``itemgetter`` call) and ``plays`` their actions."""
    ks = [k for k in kinds if demon_ok or VALUE[k] != DEMON_V]
    return itemgetter(*ks), tuple(PLAY_ACTS[k] for k in ks)


_SINGLES: Final[list[list[_Singles]]] = [[_singles(_MATCH[top], ok) for ok in (False, True)] for top in range(NK)]
"""_SINGLES[top][demon_ok]: ``(counts, plays)`` of the kinds matching ``top`` by suit or value,
plus the Outlaw [KS-2] (see ``_singles``)."""
_WILD_SINGLES: Final[list[_Singles]] = [_singles(_ALL_KINDS, ok) for ok in (False, True)]
"""_WILD_SINGLES[demon_ok]: ``(counts, plays)`` of every card (an Outlaw on top, or the Outlaw title)."""


def _pair_plays(v: int, counts: tuple[int, int, int], firsts: list[int]) -> tuple[KingshipAction, ...]:
    """Every pair of value ``v`` drawn from a hand holding ``counts`` (Light, Dark, Terra) cards of
    it whose first card may be of a suit in ``firsts`` [KS-2], in the order of the legal actions."""
    out = []
    vbase = (v - 1) * 9
    for code, cnt in PAIR_COMBOS[counts]:
        for f in firsts:
            if not cnt[f]:
                continue
            fbase = (vbase + f * 3) * 48 + code
            for last in range(3):
                if cnt[last] >= (2 if last == f else 1):
                    out.append(PAIR_ACTS[fbase + last * 48])
    return tuple(out)


def _pair_table(v: int) -> list[tuple[tuple[KingshipAction, ...], ...] | None]:
    """_pair_table(v)[code]: for the hand's counts of value ``v`` (``code`` as in ``pair_code``),
    ``None`` when fewer than two cards, else the pairs by first-card rule: index ``s`` (0..2) when
    only suit ``s`` matches the top, index 3 when any card of the value may lead (same value as the
    top, or wild)."""
    table: list[tuple[tuple[KingshipAction, ...], ...] | None] = []
    for code in range(48):
        rest, ct = divmod(code, 3)
        cl, cd = divmod(rest, 4)
        counts = (cl, cd, ct)
        if sum(counts) < 2:
            table.append(None)
            continue
        by_suit = [_pair_plays(v, counts, [s] if counts[s] else []) for s in range(3)]
        table.append((*by_suit, _pair_plays(v, counts, [s for s in range(3) if counts[s]])))
    return table


_NO_PAIRS: list[tuple[tuple[KingshipAction, ...], ...] | None] = [None] * 48
_PAIR_TABLES: Final = [_NO_PAIRS if v == FARMER else _pair_table(v) for v in range(1, 14)]
"""_PAIR_TABLES[value - 1]: the pair table of every value (Farmers never pair, KS-2: all ``None``)."""

# The pairs of a hand: for each value held at least twice, its ``pair_code`` (the hand's Light,
# Dark and Terra counts of it) and the first-card rule pick one entry of one flat table.
_FLAT_PAIRS: Final[list[tuple[KingshipAction, ...]]] = [
    () if entry is None else entry[rule] for rule in range(4) for table in _PAIR_TABLES for entry in table
]
"""_FLAT_PAIRS[(rule * 13 + value - 1) * 48 + code]: the pairs of ``value`` from a hand whose counts
of it have ``pair_code`` ``code``, led by a card of the top's suit ``rule`` (0..2) or by any card
(``rule`` 3; see ``_pair_table``); ``()`` when there are none."""
_PAIR_BASES: Final[list[list[tuple[int, ...]]]] = [
    [tuple(((3 if v0 == tv0 else rule) * 13 + v0) * 48 for v0 in range(13)) for tv0 in range(14)] for rule in range(4)
]
"""_PAIR_BASES[suit][value - 1]: for a top card of that suit and value, the offset in
``_FLAT_PAIRS`` of each value's table (any card of the top's value may lead its pair);
_PAIR_BASES[3][13]: every value led by any card (wild)."""
_KINDS39: Final[range] = range(39)
"""The kinds that have a value (every kind but the Outlaw, 39)."""
_V0: Final[list[int]] = [k // 3 for k in range(39)]
"""_V0[kind]: its value - 1 (0..12)."""
# event texts of the frequent events, built once: [seat] or [seat][kind]
_DRAW_CHOICE: Final[tuple[str, ...]] = tuple(
    f"P{s} chooses to draw (their one draw this turn)" for s in range(MAX_SEATS)
)
_PASSES: Final[tuple[str, ...]] = tuple(f"P{s} passes: their turn ends without a play" for s in range(MAX_SEATS))
_PLAYS_1: Final[list[list[str]]] = [[f"P{s} plays {CARD[k]}" for k in range(NK)] for s in range(MAX_SEATS)]
_AFTER_PLAY: Final[Step] = (OP_AFTER_PLAY,)
_MAIN_AFTER_DRAW: Final[Step] = (OP_MAIN_AFTER_DRAW,)
_PHASE3: Final[Step] = (OP_PHASE3,)
_TAX: Final[Step] = (OP_TAX,)


def _turn_text(turn: int, seat: int) -> str:
    return f"Turn {turn}: P{seat}'s turn"


def op_turn_start(state: KingshipState, ev: list[Event]) -> None:
    """Start the next turn of ``tp`` (KS-5 phase 1); a draw once ``max_turns`` turns were played (KS-14)."""
    mt = state.config.max_turns
    if mt is not None and state.nturns >= mt:
        engine.finish(state, ev, -1, f"the game's limit of {mt} turns is reached (KS-14)")
        return
    # KS-36: a whole round in which nobody could draw (deck empty, pile down to its top card:
    # KS-4), no card moved and no title or law changed ends the game with no winner (e.g. every
    # hand empty under the no-winner law). A round of prevented draws is not a stalemate.
    fp = stall_fingerprint(state)  # kept in every case: snapshots show it
    if not state.deck and len(state.pile) <= 1 and fp == state.stall_fp:
        state.stall += 1
        if state.stall >= state.n:
            engine.finish(state, ev, -1, "a whole round passed in which nothing could change (KS-36)")
            return
    else:
        state.stall_fp = fp
        state.stall = 0
    state.nturns += 1
    state.drawn = False
    state.ctx = PlayContext()
    tp = state.turn_player
    ev.append(Event("turn", (_turn_text, state.nturns, tp), tp, None, NO_DATA))
    t = state.titles
    if (t[DEMON] >= 0 and state.grave) or t[KING] == tp or (state.laws and state.hs[tp] == 0):
        engine.push(state, (OP_DEMON_WINDOW,), (OP_KING_LAW,), (OP_P4_CHECK,), (OP_MAIN,))
    else:
        state.pending = MAIN[tp]  # fast path: nothing happens in phase 1


def stall_fingerprint(state: KingshipState) -> list[int]:
    """What must change for a game to progress once nobody can draw (KS-36): every hand, the
    sizes of the deck, pile and graveyard, the pile's top card, the titles and the number of laws."""
    fp: list[int] = []
    for h in state.hands:
        fp += h
    pile = state.pile
    fp += (len(state.deck), len(pile), pile[-1] if pile else -1, len(state.grave), len(state.laws))
    fp += state.titles
    return fp


def op_demon_window(state: KingshipState, ev: list[Event]) -> None:
    """Demon title: at the start of any turn its holder may give it up and take graveyard cards [KS-5]."""
    d = state.active_holder(DEMON)
    if d >= 0 and state.grave:
        state.pending = ("demon", d)


def op_king_law(state: KingshipState, ev: list[Event]) -> None:
    """Kingship title: at the start of the King's own turn the King may propose a law [KS-5, KS-11]."""
    if state.active_holder(KING) == state.turn_player:
        engine.push(state, (OP_LAW_PROPOSE, "king", state.turn_player))


def op_p4_check(state: KingshipState, ev: list[Event]) -> None:
    """Pro law "no-winner": with zero cards in phase 1 or 3 the player draws (Light Queen can't stop it)."""
    if state.hs[state.turn_player] == 0 and laws.has_no_winner_law(state):
        ev.append(
            public("law", f"P{state.turn_player} holds no cards in phase 1 under the law 'no-winner': they draw a card")
        )
        engine.push(state, (OP_DRAW, state.turn_player, 1, 0, "empty"))


def op_main(state: KingshipState, ev: list[Event]) -> None:
    """Phase 2: the turn player's main decision."""
    state.pending = MAIN[state.turn_player]


def op_main_after_draw(state: KingshipState, ev: list[Event]) -> None:
    """Phase 2 after the turn's draw: play a legal card or pair, or pass (KS-3)."""
    state.drawn = True
    state.pending = MAIN[state.turn_player]


def is_wild_for(state: KingshipState, seat: int) -> bool:
    """Whether ``seat`` may play anything: an Outlaw (or nothing) on top, or the Outlaw title [KS-2, KS-7]."""
    return not state.pile or state.pile[-1] == OUTLAW or state.active_holder(OUTLAW_T) == seat


def can_play_single(state: KingshipState, seat: int, k: int) -> bool:
    """Whether card ``k`` may be played alone (or first in a pair) by ``seat`` now."""
    if k == OUTLAW:
        return True
    if VALUE[k] == DEMON_V and state.titles[DEMON] < 0 and not state.is_silenced(seat):
        return False  # Demon #1 [Demon/No]: you are not permitted to play the Demon card
    if is_wild_for(state, seat):
        return True
    top = state.pile[-1]
    return SUIT[k] == SUIT[top] or VALUE[k] == VALUE[top]


def matches_top(state: KingshipState, seat: int, k: int) -> bool:
    """Suit or value match (or wild) for the first card of a pair [KS-2]."""
    if is_wild_for(state, seat):
        return True
    top = state.pile[-1]
    return SUIT[k] == SUIT[top] or VALUE[k] == VALUE[top]


def legal_plays(state: KingshipState, seat: int) -> list[KingshipAction]:
    """Every legal single and pair play of ``seat`` (KS-2), singles first: the singles in kind
    order, then the pairs by value, then by the suits of their cards (see ``_pair_plays``)."""
    out: list[KingshipAction] = []
    _add_plays(state, out, seat)
    return out


def _add_plays(state: KingshipState, out: list[KingshipAction], seat: int) -> None:
    """Append the legal plays of ``seat`` (see :meth:`legal_plays`) to ``out``; every action
    comes from the prebuilt tables, so no action object is made here."""
    h = state.hands[seat]
    pile = state.pile
    t = state.titles
    silenced = t[SILENCED] == seat
    top = pile[-1] if pile else OUTLAW
    # is_wild_for: an Outlaw (or nothing) on top, or the active Outlaw title [KS-2, KS-7]
    wild = top == OUTLAW or (t[OUTLAW_T] == seat and not silenced)
    demon_ok = t[DEMON] >= 0 or silenced  # Demon #1 [Demon/No]: no single Demon
    counts, plays = _WILD_SINGLES[demon_ok] if wild else _SINGLES[top][demon_ok]
    out += compress(plays, counts(h))
    # pairs, by value: each value held at least twice adds its entry of _FLAT_PAIRS
    bases = _PAIR_BASES[3][13] if wild else _PAIR_BASES[SUIT[top]][VALUE[top] - 1]
    prev = done = -1
    for k in compress(_KINDS39, h):  # the kinds held (not the Outlaw), in kind and so value order
        v0 = _V0[k]
        if v0 != done and (v0 == prev or h[k] > 1):  # a second card of this value
            b = 3 * v0
            out += _FLAT_PAIRS[bases[v0] + (h[b] * 4 + h[b + 1]) * 3 + h[b + 2]]
            done = v0
        prev = v0


def legal_main(state: KingshipState) -> list[KingshipAction]:
    """Phase 2 options [KS-3]: draw (once, before playing), a legal play, or pass after drawing."""
    out = [_PASS if state.drawn else _DRAW]
    _add_plays(state, out, state.turn_player)
    return out


def on_main(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Apply a phase-2 action: draw (KS-3), pass, the Outlaw (KS-7), or a card/pair play whose ability is then resolved (KS-2)."""
    tp = state.turn_player
    state.pending = None
    kind = act.kind
    if kind == PLAY:
        k = act.a
        if k == OUTLAW:
            # KS-7: an Outlaw on your own turn ends the turn; you take the Outlaw title.
            engine.hand_remove(state, tp, OUTLAW, None)
            state.pile.append(OUTLAW)
            ev.append(public("play", f"P{tp} plays an Outlaw: their turn ends (KS-7)", tp, cards=["Outlaw"]))
            engine.give_title(state, ev, tp, OUTLAW_T, "playing an Outlaw")
            op_phase3(state, ev)  # the step ("phase3",), which would run next
            return
        state.hands[tp][k] -= 1  # hand_remove(tp, k, None), inlined
        state.hs[tp] -= 1
        if state.known:
            engine._know_public_remove(state, tp, k)
        base = len(state.pile)
        state.pile.append(k)
        cards = [k]
        ev.append(Event("play", _PLAYS_1[tp][k], tp, None, {"cards": [NAME[k]]}))
    elif kind == DRAW:
        ev.append(Event("draw_choice", _DRAW_CHOICE[tp], tp, None, NO_DATA))
        t = state.titles
        lq = t[LIGHT_QUEEN]
        if lq >= 0 and t[SILENCED] != lq and (state.deck or len(state.pile) > 1):
            # op_draw opens the Light Queen's window [KS-11]; then op_main_after_draw
            state.q.append(_MAIN_AFTER_DRAW)
            state.pending = ("lq", lq, tp, 1, "turn")
            return
        state.ctx.drew = engine.draw_cards(state, ev, tp, 1)  # op_draw, then op_main_after_draw
        state.drawn = True
        state.pending = MAIN[tp]
        return
    elif kind == PASS:
        ev.append(Event("pass", _PASSES[tp], tp, None, NO_DATA))
        op_phase3(state, ev)  # the step ("phase3",), which would run next
        return
    else:
        assert kind == PAIR
        cards = pair_cards(act)
        for k in cards:
            engine.hand_remove(state, tp, k, None)
        base = len(state.pile)
        state.pile.extend(cards)
        names = [NAME[k] for k in cards]
        ev.append(
            Event(
                "play",
                f"P{tp} plays {' '.join(names)} ({A_CHARACTER[VALUE[cards[-1]]]} pair)",
                tp,
                None,
                {"cards": names},
            )
        )
    state.ctx = new_play(tp, base, cards, int(state.titles[SILENCED] == tp))
    last = cards[-1]
    # the steps ("resolve_play", ...) then ("after_play",): resolve_play runs at once
    state.q.append(_AFTER_PLAY)
    abilities.op_resolve_play(state, ev, VALUE[last], SUIT[last], len(cards), tp)


def op_after_play(state: KingshipState, ev: list[Event]) -> None:
    """After the abilities: Outlaws to the pile (KS-7), the tax law (KS-32), then phase 3."""
    if state.ctx.outlaws:
        op_outlaws_to_pile(state, ev)
    if state.laws:
        state.q += (_PHASE3, _TAX)  # push(("tax",), ("phase3",))
    else:
        op_phase3(state, ev)


def op_draw(state: KingshipState, ev: list[Event], seat: int, count: int, lq_ok: int, cause: str) -> None:
    """A draw instruction (``cause``: one of ``DRAW_CAUSES``); the Light Queen may prevent it
    unless a Pro law demands it [KS-11, KS-22]."""
    lq = state.active_holder(LIGHT_QUEEN)
    if lq_ok and lq >= 0 and (state.deck or len(state.pile) > 1):
        state.pending = ("lq", lq, seat, count, cause)
        return
    state.ctx.drew = engine.draw_cards(state, ev, seat, count, draw_cause(state, seat, cause))


def on_lq(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Light Queen window: ``prevent`` cancels the draw (it still counts as the turn's draw); ``pass`` draws."""
    assert state.pending is not None
    _, lq, seat, count, cause = state.pending
    state.pending = None
    why = draw_cause(state, seat, cause)
    if act.kind == CHOICE and act.a == PREVENT:
        state.ctx.drew = 0
        cards = "1 card" if count == 1 else f"{count} cards"
        ev.append(Event("prevent", f"P{lq}, the Light Queen, prevents P{seat}'s draw of {cards} ({why})", lq, None, {}))
        return
    ev.append(public("pass", f"P{lq}, the Light Queen, lets the draw happen", lq))
    state.ctx.drew = engine.draw_cards(state, ev, seat, count, "" if cause == "turn" else why)


def op_outlaws_to_pile(state: KingshipState, ev: list[Event]) -> None:
    """KS-7: Outlaws played in response go on top of the pile after everything resolves; the
    first of them gives its player the Outlaw title."""
    seats = state.ctx.outlaws
    if not seats:
        return
    state.pile.extend([OUTLAW] * len(seats))
    n = len(seats)
    what = "the Outlaw played in response goes" if n == 1 else f"the {n} Outlaws played in response go"
    ev.append(public("outlaws", f"{what} on top of the pile (KS-7)", None))
    engine.give_title(state, ev, seats[0], OUTLAW_T, "the first Outlaw played in response")
    state.ctx.outlaws = []


def op_phase3(state: KingshipState, ev: list[Event]) -> None:
    """KS-5 phase 3: no cards in hand on your own turn wins (unless a law says otherwise); then
    the turn passes on: an extra turn (Emperor pair) first, then skips (Messenger single)."""
    tp = state.turn_player
    if state.hs[tp] == 0:
        if laws.has_no_winner_law(state) and state.ctx.p4_done <= 0:
            state.ctx.p4_done = 1
            ev.append(public("law", f"P{tp} holds no cards in phase 3 under the law 'no-winner': they draw a card"))
            engine.push(state, (OP_DRAW, tp, 1, 0, "empty"), _PHASE3)
            return
        if laws.exactly_law(state) < 0 and laws.can_win(state, tp):
            engine.finish(state, ev, tp, "no cards left in their hand in phase 3 of their turn (KS-5)")
            return
    # the end of the turn (one method with phase 3: it runs once per turn)
    if state.extra:
        state.extra = False
        ev.append(public("extra_turn", f"P{tp} takes another turn (Emperor pair)", tp))
    else:
        nxt = (tp + state.direction) % state.n
        if state.skip:
            state.skip = False
            ev.append(public("skip", f"P{nxt}'s turn is skipped (Messenger)", nxt))
            nxt = (nxt + state.direction) % state.n
        state.turn_player = nxt
    op_turn_start(state, ev)

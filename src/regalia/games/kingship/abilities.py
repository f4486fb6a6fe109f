"""The 14 card types' abilities as a table of small effect steps (rulebook "Kingship Card Abilities").

``ABILITIES[value] = (single, pair)``: each a list of ``(condition, step)``. Conditions in brackets
on the cards (``[King/Yes]``...) are checked once, when the ability triggers (KS-18), and the
steps of the ability are queued in order, closed by an ``ab_end`` marker; each step is an
``op_<name>`` function below or of a module below this one (:mod:`windows`, :mod:`laws`,
:mod:`merchant`), run by ``KingshipState._step``.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any, Final

from regalia.core.events import Event, private, public
from regalia.core.state import shuffle
from regalia.games.kingship import engine
from regalia.games.kingship.actions import (
    AGAIN,
    CARD_ACTS,
    CHOICE,
    CHOICE_ACTS,
    DRAW,
    EXILE,
    EXILE_DECK,
    EXILE_PILE,
    KEEP,
    NAME_SPEC_ACTS,
    PASS,
    PASS_ACT,
    REVIVE,
    SEARCH,
    TAKE,
    TITLE,
    TITLE_ACTS,
    KingshipAction,
)
from regalia.games.kingship.cards import (
    ANGEL,
    DARK_QUEEN,
    DEMON,
    DEMON_V,
    EMPEROR,
    FARMER,
    KING,
    KNIGHT,
    LIGHT_QUEEN,
    MERCHANT,
    MESSENGER,
    NAME,
    NK,
    OUTLAW,
    POACHER,
    PRIEST,
    PRINCE,
    QUEEN,
    SILENCED,
    SPEC_MATCH,
    SUIT,
    VALID_SPECS,
    VALUE,
    WITCH,
    WIZARD,
)
from regalia.games.kingship.engine import (
    OP_AB_END,
    OP_ACQ,
    OP_ACQ_FINAL,
    OP_ANGEL_GIVE,
    OP_DEMON_TAKE,
    OP_DRAW,
    OP_DRAW_ACTOR,
    OP_EMPEROR_SEARCH,
    OP_EXTRA_CHOICE,
    OP_FARMER,
    OP_KNIGHT_DRAWS,
    OP_LAW_PROPOSE,
    OP_MERCHANT_OFFER,
    OP_MERCHANT_REVEAL,
    OP_MESSENGER_PLACE,
    OP_MESSENGER_SKIP,
    OP_NEED_BELOW,
    OP_POACH_EACH,
    OP_POACHER,
    OP_PRIEST_DRAW,
    OP_PRIEST_PICK,
    OP_PRIEST_REVIVE,
    OP_PRINCE_TITLE,
    OP_QUEEN_CHOICE,
    OP_QUEEN_SINGLE,
    OP_REMOVE_LAWS,
    OP_REVERSE,
    OP_SILENCE,
    OP_SPEC,
    OP_STRIP_TITLES,
    OP_SWAP,
    OP_TGT,
    OP_UNSILENCE,
    OP_WITCH_EXILE,
    PUBLIC,
    Step,
)
from regalia.games.kingship.phrases import ability_name, play_words
from regalia.games.kingship.words import CARD, THE_CARD, TITLE_TITLES, cards_text, spec_words

if TYPE_CHECKING:
    from regalia.games.kingship.state import KingshipState

_SPEC_ACTS: Final[list[KingshipAction]] = [NAME_SPEC_ACTS[sp] for sp in VALID_SPECS]
"""Every specification naming a card of the deck, as ``name`` actions (KS-10); one shared list."""

Cond = str | None
Steps = list[tuple[Cond, tuple[Any, ...]]]

ABILITIES: Final[dict[int, tuple[Steps, Steps]]] = {
    ANGEL: (
        # #1 Target an opponent. Give the chosen player a card from your hand. Reveal it to all.
        [(None, (OP_TGT, "opp", 1, "cont")), (None, (OP_ANGEL_GIVE,))],
        # #2 Choose an opponent. The chosen player loses all their titles. Cannot be blocked.
        [(None, (OP_TGT, "opp", 0, "skip")), (None, (OP_STRIP_TITLES,))],
    ),
    MESSENGER: (
        # #1 [Next-Player/Un-Silenced] Skip the next player's turn. If they have more cards, draw.
        [(None, (OP_MESSENGER_SKIP,))],
        # #2 Reverse the direction. Draw a card. If you drew, put a card from your hand on the pile.
        [(None, (OP_REVERSE,)), (None, (OP_DRAW_ACTOR, 1)), (None, (OP_MESSENGER_PLACE,))],
    ),
    FARMER: (
        # #1 Look at the top card of the deck; keep it, or reveal it and put it back on top.
        [(None, (OP_FARMER,))],
        # #2 Not permitted (Farmers are never paired, KS-2); a Wizard pair copying a Farmer does nothing (KS-8).
        [],
    ),
    POACHER: (
        # #1 Exile the top two cards of the deck or the pile's top card below this card.
        [(None, (OP_POACHER,))],
        # #2 Specify a card. Everyone holding it may exile one.
        [(None, (OP_SPEC, "poach")), (None, (OP_POACH_EACH, 0))],
    ),
    PRIEST: (
        # #1 Target a player. Revive the pile card below this card into the chosen player's hand.
        [(None, (OP_NEED_BELOW,)), (None, (OP_TGT, "any", 1, "skip")), (None, (OP_PRIEST_REVIVE,))],
        # #2 Revive any pile card onto the top of the deck. You may then draw a card.
        [(None, (OP_PRIEST_PICK,)), (None, (OP_PRIEST_DRAW,))],
    ),
    DEMON_V: (
        # #1 [Demon/No] not permitted (see flow.can_play_single). [Demon/Yes] take a random card from the Demon.
        [("demon_yes", (OP_DEMON_TAKE,))],
        # #2 [Demon/No]-OR-[Demon/Silenced] become the Demon. [Demon/Yes/Un-Silenced] swap hands with an opponent.
        [
            ("demon_none_or_sil", (OP_ACQ, DEMON)),
            ("demon_none_or_sil", (OP_ACQ_FINAL, DEMON)),
            ("demon_active", (OP_TGT, "opp", 1, "skip")),
            ("demon_active", (OP_SWAP,)),
        ],
    ),
    MERCHANT: (
        # #1 Offer a card or title; opponents accept, counter or pass (KS-9).
        [(None, (OP_MERCHANT_OFFER,))],
        # #2 Target an opponent, see their hand, take one card and give one back.
        [(None, (OP_TGT, "opp", 1, "skip")), (None, (OP_MERCHANT_REVEAL,))],
    ),
    WIZARD: ([], []),  # handled in op_resolve_play (KS-8)
    WITCH: (
        # #1 Target a player (not already silenced) to become silenced.
        [(None, (OP_TGT, "unsil", 1, "skip")), (None, (OP_SILENCE,))],
        # #2 Specify a card. Exile all its copies from the pile. Everyone becomes un-silenced.
        [(None, (OP_SPEC, "witch")), (None, (OP_WITCH_EXILE,)), (None, (OP_UNSILENCE,))],
    ),
    KNIGHT: (
        # #1 Only as a block (windows.on_knight); as a normal play it has no ability (KS-13).
        [],
        # #2 All opponents draw two cards, in turn order.
        [(None, (OP_KNIGHT_DRAWS,))],
    ),
    PRINCE: (
        # #1 [King/Yes] If you are not the King, you may propose a law; only the King approves.
        [("king_not_self", (OP_LAW_PROPOSE, "prince", -1))],
        # #2 [King/No] obtain any title but Kingship. [King/Yes] become the King.
        [("no_king", (OP_PRINCE_TITLE,)), ("king", (OP_ACQ, KING)), ("king", (OP_ACQ_FINAL, KING))],
    ),
    QUEEN: (
        # #1 Become the Queen of the card's suit.
        [(None, (OP_QUEEN_SINGLE,))],
        # #2 You may become the Light or Dark Queen. [King/Yes] Remove all active laws.
        [(None, (OP_QUEEN_CHOICE,)), ("king", (OP_REMOVE_LAWS,))],
    ),
    EMPEROR: (
        # #1 [King/No]-AND-[Queen/Yes] become the King. [King/Yes] target a player, search the deck
        # for a card and put it in their hand, shuffle the deck.
        [
            ("no_king_queen", (OP_ACQ, KING)),
            ("no_king_queen", (OP_ACQ_FINAL, KING)),
            ("king", (OP_TGT, "any", 1, "skip")),
            ("king", (OP_EMPEROR_SEARCH,)),
        ],
        # #2 [King/Yes] You may take another turn when this one ends.
        [("king", (OP_EXTRA_CHOICE,))],
    ),
}


_AB_END: Final[Step] = (OP_AB_END,)


def _queued(steps: Steps) -> tuple[tuple[Any, ...], ...] | None:
    """What ``push(*steps, ("ab_end",))`` adds to the queue for an ability without conditions
    (its steps reversed, closed by the marker; empty for no steps), or ``None`` when a step has a
    condition to check when the ability triggers."""
    if any(cond is not None for cond, _ in steps):
        return None
    if not steps:
        return ()
    return tuple(reversed([s for _, s in steps] + [_AB_END]))


_QUEUED: Final[list[list[tuple[Step, ...] | None]]] = [
    [_queued(ABILITIES[v][0]), _queued(ABILITIES[v][1])] if v in ABILITIES else [(), ()] for v in range(14)
]
"""_QUEUED[value][is_pair]: the queue entries of an ability without conditions (see ``_queued``)."""


def _silenced_text(actor: int, ability: str) -> str:
    return f"P{actor} is silenced: their {ability[:-1] if ability.endswith(',') else ability} has no effect (KS-12)"


def _cond(state: KingshipState, cond: str, actor: int) -> bool:
    t = state.titles
    if cond == "king":
        return t[KING] >= 0
    if cond == "no_king":
        return t[KING] < 0
    if cond == "king_not_self":
        return t[KING] >= 0 and t[KING] != actor
    if cond == "no_king_queen":
        return t[KING] < 0 and (t[DARK_QUEEN] >= 0 or t[LIGHT_QUEEN] >= 0)
    if cond == "demon_yes":
        return t[DEMON] >= 0
    if cond == "demon_none_or_sil":
        return t[DEMON] < 0 or t[SILENCED] == t[DEMON]
    if cond == "demon_active":
        return t[DEMON] >= 0 and t[SILENCED] != t[DEMON]
    raise ValueError(cond)


def op_resolve_play(state: KingshipState, ev: list[Event], value: int, suit: int, count: int, actor: int) -> None:
    """Trigger ability #1 (one card) or #2 (two or more) of the play, once [KS-2]."""
    c = state.ctx
    if value == WIZARD:
        # KS-8: copy the first non-Wizard card below the played Wizard(s).
        i = c.base - 1
        while i >= 0 and VALUE[state.pile[i]] == WIZARD:
            i -= 1
        if i < 0 or state.pile[i] == OUTLAW:
            ev.append(Event("wizard", f"P{actor}'s Wizard has nothing to copy: no effect (KS-8)", None, None, {}))
            return
        k = state.pile[i]
        value, suit = VALUE[k], SUIT[k]
        c.copied = k
        ev.append(
            Event(
                "wizard",
                f"P{actor}'s Wizard becomes a copy of {THE_CARD[k]} this turn (KS-8)",
                actor,
                None,
                {"card": NAME[k]},
            )
        )
    if state.titles[SILENCED] == actor and value != WITCH:
        ev.append(Event("silenced", (_silenced_text, actor, ability_name(state)), actor, None, {}))
        return
    pair = 1 if count >= 2 else 0
    c.val, c.suit, c.pair = value, suit, pair
    queued = _QUEUED[value][pair]
    if queued is None:  # conditions in brackets, checked now [KS-18]
        steps = [s for cond, s in ABILITIES[value][pair] if cond is None or _cond(state, cond, actor)]
        if steps:
            engine.push(state, *steps, _AB_END)
    elif queued:
        state.q += queued


def op_angel_give(state: KingshipState, ev: list[Event]) -> None:
    """Angel #1, sentence 2: ask the player for the card to give (or to exile when no recipient remained, KS-6)."""
    actor = state.ctx.actor
    if not state.hs[actor]:
        return
    state.pending = ("give_exile", actor) if state.ctx.fizzle > 0 else ("give", actor)


def on_give(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Angel #1: the chosen card goes to the target, revealed to all players."""
    actor, t, k = state.ctx.actor, state.ctx.target, act.b
    state.pending = None
    engine.hand_remove(state, actor, k, None)
    engine.hand_add(state, t, k, None)
    ev.append(
        Event(
            "give",
            f"{play_words(state)} gives {CARD[k]} to P{t}, revealed to all",
            actor,
            None,
            {"card": NAME[k], "target": t},
        )
    )


def on_give_exile(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """KS-6: the card to be given found no valid recipient; it is exiled instead."""
    state.pending = None
    ev.append(public("no_recipient", f"{play_words(state)} has no valid recipient: the card is exiled instead (KS-6)"))
    engine.exile_from_hand(state, ev, state.ctx.actor, act.b, f"{play_words(state)} found no recipient")


def op_strip_titles(state: KingshipState, ev: list[Event]) -> None:
    """Angel #2: the target loses all their titles (back to the centre)."""
    t = state.ctx.target
    lost = [TITLE_TITLES[i] for i in range(6) if state.titles[i] == t]
    for i in range(6):
        if state.titles[i] == t:
            state.titles[i] = -1
    if lost:
        text = f"P{t} loses all their titles ({', '.join(lost)}) to {play_words(state)}"
    else:
        text = f"P{t} holds no title, so {play_words(state)} takes none"
    ev.append(public("titles_lost", text, t))


def op_messenger_skip(state: KingshipState, ev: list[Event]) -> None:
    """Messenger #1: [Next-Player/Un-Silenced] skip the next player; draw if they hold more cards."""
    actor = state.ctx.actor
    nxt = state.next_seat(actor)
    if state.is_silenced(nxt):
        ev.append(Event("messenger", f"P{nxt} is silenced, so {play_words(state)} skips nobody", None, None, {}))
        return
    state.skip = True
    ev.append(Event("messenger", f"{play_words(state)} will skip P{nxt}'s next turn", actor, None, {}))
    if state.hs[nxt] > state.hs[actor]:
        engine.push(state, (OP_DRAW, actor, 1, 1, "ability"))


def op_reverse(state: KingshipState, ev: list[Event]) -> None:
    """Messenger #2, sentence 1: reverse the direction of play."""
    state.direction = -state.direction
    way = "clockwise" if state.direction == 1 else "counter-clockwise"
    ev.append(public("reverse", f"{play_words(state)} reverses the direction of play: now {way}", state.ctx.actor))


def op_draw_actor(state: KingshipState, ev: list[Event], count: int) -> None:
    """Queue a draw of ``count`` cards for the acting player (Light Queen window applies)."""
    state.ctx.drew = 0
    engine.push(state, (OP_DRAW, state.ctx.actor, count, 1, "ability"))


def op_messenger_place(state: KingshipState, ev: list[Event]) -> None:
    """Messenger #2, sentence 3: if a card was drawn, place a card from hand on the pile."""
    if state.ctx.drew > 0:
        state.pending = ("place", state.ctx.actor)


def on_place(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Messenger #2: the chosen card goes on top of the pile (no ability triggers)."""
    actor = state.ctx.actor
    state.pending = None
    engine.hand_remove(state, actor, act.b, None)
    state.pile.append(act.b)
    ev.append(
        public("place", f"P{actor} places {CARD[act.b]} on the pile ({play_words(state)})", actor, card=NAME[act.b])
    )


def op_farmer(state: KingshipState, ev: list[Event]) -> None:
    """Farmer #1: look at the top card of the deck (rebuilding an empty deck, KS-26)."""
    actor = state.ctx.actor
    if not state.deck and not engine.rebuild_deck(state, ev):
        ev.append(Event("farmer", f"{play_words(state)} finds no deck to look at: no effect", None, None, {}))
        return
    state.knows_top[actor] = max(1, state.knows_top[actor])
    ev.append(Event("farmer", f"{play_words(state)} looks at the top card of the deck", actor, None, {}))
    ev.append(
        private(
            "farmer_look",
            f"the top card of the deck is {CARD[state.deck[-1]]}",
            (actor,),
            actor,
            card=NAME[state.deck[-1]],
        )
    )
    state.pending = ("farmer", actor)


def on_farmer(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Farmer #1: ``keep`` takes the card into hand; ``reveal`` shows it and leaves it on top."""
    actor = state.ctx.actor
    state.pending = None
    k = state.deck[-1]
    if act.a == KEEP:
        state.deck.pop()
        kt = state.knows_top
        seers = tuple(s for s in range(state.n) if kt[s] > 0 and s != actor) + ((PUBLIC,) if kt[-1] > 0 else ())
        engine.hand_add(state, actor, k, seers)
        state.knows_top = [t - 1 if t > 0 else 0 for t in state.knows_top]
        ev.append(
            Event("farmer_keep", f"P{actor} puts the top card of the deck into their hand (Farmer)", actor, None, {})
        )
        ev.append(private("farmer_card", f"you keep {CARD[k]}", (actor,), actor, card=NAME[k]))
    else:
        state.knows_top = [max(1, t) for t in state.knows_top]
        ev.append(
            public(
                "farmer_reveal",
                f"P{actor} reveals {CARD[k]}, the top card of the deck, and leaves it on top (Farmer)",
                actor,
                card=NAME[k],
            )
        )


def poacher_options(state: KingshipState) -> list[KingshipAction]:
    """Poacher #1 options: ``exile deck`` if the deck has cards, ``exile pile`` if a card lies below."""
    out = []
    if state.deck:
        out.append(CHOICE_ACTS[EXILE_DECK])
    if state.ctx.base > 0:
        out.append(CHOICE_ACTS[EXILE_PILE])
    return out


def op_poacher(state: KingshipState, ev: list[Event]) -> None:
    """Poacher #1: ask which exile to make (nothing happens when neither is possible)."""
    if poacher_options(state):
        state.pending = ("poacher", state.ctx.actor)


def on_poacher(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Poacher #1: exile the top two deck cards (public) or the pile card below this card."""
    actor = state.ctx.actor
    state.pending = None
    if act.a == EXILE_DECK:
        got = [state.deck.pop() for _ in range(min(2, len(state.deck)))]
        state.grave.extend(got)
        state.knows_top = [max(0, t - len(got)) for t in state.knows_top]
        ev.append(
            Event(
                "exile",
                f"{play_words(state)} exiles the top of the deck: {', '.join(CARD[k] for k in got)}",
                actor,
                None,
                {},
            )
        )
    else:
        i = state.ctx.base - 1
        k = state.pile.pop(i)
        state.ctx.base = i
        state.grave.append(k)
        ev.append(Event("exile", f"{play_words(state)} exiles {CARD[k]} from the pile", actor, None, {"card": NAME[k]}))


def op_spec(state: KingshipState, ev: list[Event], purpose: str) -> None:
    """Ask the acting player to specify a card (KS-10) for Poacher #2 or Witch #2."""
    state.pending = ("spec", state.ctx.actor, purpose)


def legal_spec(state: KingshipState) -> list[KingshipAction]:
    """Every specification naming at least one card of the deck (KS-10): one shared list, not
    to be changed (the core hands out copies of the legal actions)."""
    return _SPEC_ACTS


def on_spec(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Record the specification (public)."""
    state.pending = None
    state.ctx.spec = act.a
    ev.append(public("specify", f"{play_words(state)} specifies {spec_words(act.a)} (KS-10)", state.ctx.actor))


def op_poach_each(state: KingshipState, ev: list[Event], i: int) -> None:
    """Poacher #2: offer the exile to the next player (turn order from the actor) holding the card."""
    match = SPEC_MATCH[state.ctx.spec]
    order = state.order_from(state.ctx.actor)
    while i < state.n:
        s = order[i]
        if state.hs[s] > 0:
            state.resp = (*state.resp, s)  # s's turn, for everyone to see (SRV-2)
        h = state.hands[s]
        if any(compress(match, h)):  # a kind in the hand that fits the specification
            state.pending = ("poach", s, i)
            return
        i += 1


def legal_poach(state: KingshipState) -> list[KingshipAction]:
    """Poacher #2 window: pass, or exile one matching card."""
    assert state.pending is not None
    h = state.hands[state.pending[1]]
    match = SPEC_MATCH[state.ctx.spec]
    exile = CARD_ACTS[EXILE]
    return [PASS_ACT] + [exile[k] for k in range(NK) if h[k] and match[k]]


def on_poach(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Poacher #2: exile the chosen card or keep it, then ask the next holder."""
    assert state.pending is not None
    s, i = state.pending[1], state.pending[2]
    state.pending = None
    if act.kind == PASS:
        ev.append(private("pass", "you keep your card", (s,), s))
    else:
        engine.exile_from_hand(state, ev, s, act.b, play_words(state))
    engine.push(state, (OP_POACH_EACH, i + 1))


def op_need_below(state: KingshipState, ev: list[Event]) -> None:
    """Priest #1: with no card below the Priest the ability does nothing."""
    if state.ctx.base <= 0:
        ev.append(public("priest", f"{play_words(state)} has no card below it to revive: no effect"))
        engine.cancel_ability(state)


def op_priest_revive(state: KingshipState, ev: list[Event]) -> None:
    """Priest #1: the pile card below this card goes into the target's hand (public)."""
    i = state.ctx.base - 1
    k = state.pile.pop(i)
    state.ctx.base = i
    t = state.ctx.target
    engine.hand_add(state, t, k, None)
    ev.append(
        Event(
            "revive",
            f"{play_words(state)} revives {CARD[k]} into P{t}'s hand",
            state.ctx.actor,
            None,
            {"card": NAME[k], "target": t},
        )
    )


def op_priest_pick(state: KingshipState, ev: list[Event]) -> None:
    """Priest #2: ask which pile card (not of the current play, KS-25) to revive."""
    if state.ctx.base > 0:
        state.pending = ("revive", state.ctx.actor)


def legal_revive(state: KingshipState) -> list[KingshipAction]:
    """Priest #2 options: the kinds of the pile below the current play."""
    revive = CARD_ACTS[REVIVE]
    return [revive[k] for k in sorted(set(state.pile[: state.ctx.base]))]


def on_revive(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Priest #2: put the chosen card on top of the deck (known to all)."""
    state.pending = None
    base = state.ctx.base
    i = max(j for j in range(base) if state.pile[j] == act.b)
    state.pile.pop(i)
    state.ctx.base = base - 1
    state.deck.append(act.b)
    state.knows_top = [t + 1 for t in state.knows_top]
    ev.append(
        Event(
            "revive",
            f"{play_words(state)} revives {CARD[act.b]} onto the top of the deck",
            state.ctx.actor,
            None,
            {"card": NAME[act.b]},
        )
    )


def op_priest_draw(state: KingshipState, ev: list[Event]) -> None:
    """Priest #2, sentence 2: the player may draw a card."""
    state.pending = ("priest_draw", state.ctx.actor)


def on_priest_draw(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Priest #2: ``draw`` queues a draw (Light Queen window applies), ``pass`` does nothing."""
    state.pending = None
    if act.kind == DRAW:
        engine.push(state, (OP_DRAW, state.ctx.actor, 1, 1, "ability"))


def op_demon_take(state: KingshipState, ev: list[Event]) -> None:
    """Demon #1 [Demon/Yes]: take a random card from the Demon's hand (seen by both)."""
    actor, d = state.ctx.actor, state.titles[DEMON]
    if d == actor or not state.hs[d]:
        ev.append(public("demon", f"{play_words(state)} takes nothing: the Demon has no card to give"))
        return
    r = state.rng.randrange(state.hs[d])
    h = state.hands[d]
    k = 0
    while r >= h[k]:
        r -= h[k]
        k += 1
    engine.hand_remove(state, d, k, (actor, d))
    engine.hand_add(state, actor, k, (d,))
    ev.append(public("demon_take", f"{play_words(state)} takes a random card from the Demon, P{d}", actor, target=d))
    ev.append(private("demon_card", f"P{actor} takes {CARD[k]} from P{d}", (actor, d), actor, card=NAME[k]))


def op_swap(state: KingshipState, ev: list[Event]) -> None:
    """Demon #2 [Demon/Yes/Un-Silenced]: swap hands with the target; each now knows the other's hand."""
    a, b = state.ctx.actor, state.ctx.target
    if a == b:
        return
    ha, hb = state.hands[a], state.hands[b]
    state.hands[a], state.hands[b] = hb, ha
    state.hs[a], state.hs[b] = state.hs[b], state.hs[a]
    known = state.known
    for s in (*range(state.n), PUBLIC):
        if s in (a, b):
            continue
        ka, kb = known.pop(s * 8 + a, None), known.pop(s * 8 + b, None)
        if ka:
            known[s * 8 + b] = ka
        if kb:
            known[s * 8 + a] = kb
    # each now knows exactly what the other holds (their own former hand)
    for s, o, h in ((a, b, ha), (b, a, hb)):
        d = {k: h[k] for k in range(NK) if h[k]}
        if d:
            known[s * 8 + o] = d
        else:
            known.pop(s * 8 + o, None)
    ev.append(public("swap", f"P{a} swaps hands with P{b} ({play_words(state)})", a, target=b))


def op_merchant_reveal(state: KingshipState, ev: list[Event]) -> None:
    """Merchant #2: the target's hand is revealed to the Merchant only (KS-34)."""
    a, t = state.ctx.actor, state.ctx.target
    h = state.hands[t]
    d = {k: h[k] for k in range(NK) if h[k]}
    if d and a != t:
        state.known[a * 8 + t] = d
    ev.append(public("reveal", f"P{t} reveals their hand to P{a} ({play_words(state)})", a, target=t))
    ev.append(
        private(
            "hand",
            f"P{t} holds {cards_text(state.hand_list(t))}",
            (a,),
            a,
            cards=[NAME[k] for k in state.hand_list(t)],
        )
    )
    if state.hs[t]:
        state.pending = ("m_take", a)


def legal_m_take(state: KingshipState) -> list[KingshipAction]:
    """Merchant #2 options: a card of the revealed hand."""
    h = state.hands[state.ctx.target]
    return list(compress(CARD_ACTS[TAKE], h))


def on_m_take(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Merchant #2: take the chosen card (private to the two players), then give one back."""
    a, t, k = state.ctx.actor, state.ctx.target, act.b
    state.pending = None
    engine.hand_remove(state, t, k, (a, t))
    engine.hand_add(state, a, k, (t,))
    ev.append(public("take", f"P{a} takes a card from P{t}'s hand ({play_words(state)})", a, target=t))
    ev.append(private("take_card", f"P{a} takes {CARD[k]} from P{t}", (a, t), a, card=NAME[k]))
    state.pending = ("m_return", a)


def on_m_return(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Merchant #2: give the chosen card back to the target (private to the two players)."""
    a, t, k = state.ctx.actor, state.ctx.target, act.b
    state.pending = None
    engine.hand_remove(state, a, k, (a, t))
    engine.hand_add(state, t, k, (a,))
    ev.append(public("return", f"P{a} gives P{t} a card in return ({play_words(state)})", a, target=t))
    ev.append(private("return_card", f"P{a} gives {CARD[k]} to P{t}", (a, t), a, card=NAME[k]))


def op_silence(state: KingshipState, ev: list[Event]) -> None:
    """Witch #1: the target becomes Silenced (the Silenced title moves to them)."""
    t = state.ctx.target
    state.titles[SILENCED] = t
    ev.append(Event("silence", f"P{t} is silenced by {play_words(state)}", state.ctx.actor, None, {"target": t}))


def op_witch_exile(state: KingshipState, ev: list[Event]) -> None:
    """Witch #2: exile every pile card matching the specification, except the current play."""
    match = SPEC_MATCH[state.ctx.spec]
    base = state.ctx.base
    below = state.pile[:base]
    gone = [k for k in below if match[k]]
    if gone:
        kept = [k for k in below if not match[k]]
        state.pile = kept + state.pile[base:]
        state.ctx.base = len(kept)
        state.grave.extend(gone)
    n = len(gone)
    what = f"{n} card{'s' if n != 1 else ''} from the pile: {', '.join(CARD[k] for k in gone)}" if n else "nothing"
    ev.append(Event("exile", f"{play_words(state)} exiles {what}", state.ctx.actor, None, {}))


def op_unsilence(state: KingshipState, ev: list[Event]) -> None:
    """Witch #2: all players become un-silenced."""
    if state.titles[SILENCED] >= 0:
        ev.append(public("unsilence", f"all players become un-silenced ({play_words(state)})"))
    state.titles[SILENCED] = -1


def op_knight_draws(state: KingshipState, ev: list[Event]) -> None:
    """Knight #2: every opponent draws two cards, in turn order (a Light Queen window each)."""
    engine.push(state, *[(OP_DRAW, s, 2, 1, "ability") for s in state.order_from(state.ctx.actor)[1:]])


def op_prince_title(state: KingshipState, ev: list[Event]) -> None:
    """Prince #2 [King/No]: ask which title (not Kingship) to obtain."""
    state.pending = ("prince_title", state.ctx.actor)


def legal_prince_title(state: KingshipState) -> list[KingshipAction]:
    """Prince #2 options: pass, or a title other than Kingship the player does not hold."""
    a = state.ctx.actor
    return [PASS_ACT] + [TITLE_ACTS[t] for t in range(1, 6) if state.titles[t] != a]


def on_prince_title(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Prince #2: acquire the chosen title (Outlaw redirect window first, KS-18)."""
    state.pending = None
    if act.kind == TITLE:
        engine.push(state, (OP_ACQ, act.a), (OP_ACQ_FINAL, act.a))


def op_queen_single(state: KingshipState, ev: list[Event]) -> None:
    """Queen #1: become the Queen of the card's suit (through the acquisition window)."""
    t = LIGHT_QUEEN if state.ctx.suit == 0 else DARK_QUEEN
    engine.push(state, (OP_ACQ, t), (OP_ACQ_FINAL, t))


def op_queen_choice(state: KingshipState, ev: list[Event]) -> None:
    """Queen #2: ask whether to become the Light or the Dark Queen."""
    state.pending = ("queen", state.ctx.actor)


def legal_queen(state: KingshipState) -> list[KingshipAction]:
    """Queen #2 options: pass, or a Queen title the player does not hold."""
    a = state.ctx.actor
    return [PASS_ACT] + [TITLE_ACTS[t] for t in (DARK_QUEEN, LIGHT_QUEEN) if state.titles[t] != a]


def on_queen(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Queen #2: acquire the chosen Queen title (Outlaw redirect window first)."""
    state.pending = None
    if act.kind == TITLE:
        engine.push(state, (OP_ACQ, act.a), (OP_ACQ_FINAL, act.a))


def op_remove_laws(state: KingshipState, ev: list[Event]) -> None:
    """Queen #2 [King/Yes]: remove all active laws."""
    if state.laws:
        state.laws.clear()
        ev.append(public("laws", f"all active laws are removed: {play_words(state)} with a King in play"))


def op_emperor_search(state: KingshipState, ev: list[Event]) -> None:
    """Emperor #1 [King/Yes]: ask which deck card to search for (nothing if the deck is empty)."""
    if state.deck:
        state.pending = ("search", state.ctx.actor)
    else:
        ev.append(public("search", f"the deck is empty: {play_words(state)} finds nothing"))


def legal_search(state: KingshipState) -> list[KingshipAction]:
    """Emperor #1 options: every kind in the deck (the searcher sees the deck)."""
    search = CARD_ACTS[SEARCH]
    return [search[k] for k in sorted(set(state.deck))]


def on_search(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Emperor #1: the card goes to the target (seen by both), then the deck is shuffled."""
    a, t, k = state.ctx.actor, state.ctx.target, act.b
    state.pending = None
    state.deck.remove(k)
    engine.hand_add(state, t, k, (a,))
    shuffle(state.rng, state.deck)  # exactly rng.shuffle(deck), faster
    state.knows_top = [0] * (state.n + 1)
    ev.append(
        public(
            "search",
            f"{play_words(state)} searches the deck, puts a card into P{t}'s hand and shuffles the deck",
            a,
            target=t,
        )
    )
    ev.append(private("search_card", f"the card is {CARD[k]}", (a, t), a, card=NAME[k]))


def op_extra_choice(state: KingshipState, ev: list[Event]) -> None:
    """Emperor #2 [King/Yes]: ask whether to take another turn."""
    state.pending = ("extra", state.ctx.actor)


def on_extra(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Emperor #2: ``again`` schedules another turn for this player (KS-28)."""
    state.pending = None
    if act.kind == CHOICE and act.a == AGAIN:
        state.extra = True
        ev.append(public("extra", f"P{state.ctx.actor} will take another turn ({play_words(state)})", state.ctx.actor))

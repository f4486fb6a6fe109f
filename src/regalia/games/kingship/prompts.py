"""Prompts: the pending decision in the rulebook's words, for the deciding seat and for the others.

``decider_prompt(state)`` is one sentence for the seat that decides, naming the card (with its
character), ability, title or law that opened the decision and what each choice does; it may use
what that seat knows (the card a Farmer looked at, the hand a Merchant pair revealed).
``waiting_prompt(state, decision, seat)`` is what every other seat and a spectator read: whom the
table waits for and on what, built only from public facts. During a hidden window (KS-37) it is
given the decision shown before the window, and its words hold both while that decision is open
and while its consequences are being settled, so they read the same whether or not a window
follows.

Everything here is string formatting on a few fields: ``view()`` calls it, and search bots call
``view()`` inside their rollouts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from regalia.games.kingship import flow
from regalia.games.kingship.actions import law_text
from regalia.games.kingship.cards import (
    ANGEL,
    DARK_QUEEN,
    DEMON_V,
    EMPEROR,
    KING,
    LIGHT_QUEEN,
    MERCHANT,
    NK,
    NSPEC,
    OUTLAW,
    PRIEST,
    SPEC_MATCH,
    WITCH,
)
from regalia.games.kingship.context import T_ANY, UNSET, actor_or
from regalia.games.kingship.laws import law_description
from regalia.games.kingship.phrases import (
    ability_name,
    acquiring,
    ask_words,
    draw_cause,
    item_words,
    owner,
    seat_word,
    strip_comma,
    tax_spec,
)
from regalia.games.kingship.words import CARD, THE_CARD, TITLE_TITLES, cards_text, spec_words

if TYPE_CHECKING:
    from regalia.games.kingship.state import KingshipState

Decision = tuple[Any, ...]


# ---------------------------------------------------------------- small phrases
def law_words(law: list[int]) -> str:
    """A law in quotes with its meaning: ``"'exactly 3': the first player to hold ..."``."""
    return f"'{law_text(law[0], law[1])}' ({law_description(law)})"


def target_purpose(state: KingshipState, viewer: int | None, t: int = -1) -> str:
    """What the targeted player ``t`` undergoes, after "targets P2": ``"to receive a card from
    P0's hand, revealed to all"`` (``-1``: the target not chosen yet)."""
    c = state.ctx
    a = actor_or(state.ctx, state.turn_player)
    their = "your" if t == viewer and t >= 0 else "their"
    val, pair = max(c.val, 0), max(c.pair, 0)
    if val == ANGEL:
        if pair:
            return f"to lose all {their} titles (this cannot be blocked)"
        return f"to receive a card from {owner(a, viewer)} hand, revealed to all"
    if val == PRIEST:
        base = max(c.base, 0)
        below = THE_CARD[state.pile[base - 1]] if 0 < base <= len(state.pile) else "the card below"
        return f"to take {below} from the pile into {their} hand"
    if val == DEMON_V:
        return f"to swap hands with {seat_word(a, viewer)}"
    if val == MERCHANT:
        return f"to show {seat_word(a, viewer)} {their} hand and trade a card"
    if val == WITCH:
        return "to be silenced"
    if val == EMPEROR:
        return f"to receive a card {seat_word(a, viewer)} search{'' if a == viewer else 'es'} from the deck"
    return "as the target"


def forbidden_note(state: KingshipState) -> str:
    """``" (the Dark Queen forbade P1, P2)"`` while a targeting has forbidden seats, else ``""``."""
    forb = state.ctx.t_forb
    if not forb:
        return ""
    return " (the Dark Queen forbade " + ", ".join(f"P{x}" for x in forb) + ")"


_MODE = ("an opponent", "a player", "a player who is not silenced")
"""The words of each targeting mode (``context.T_OPP``, ``T_ANY``, ``T_UNSIL``)."""


# ---------------------------------------------------------------- the deciding seat's prompts
def _p_main(state: KingshipState, d: Decision) -> str:
    seat = state.turn_player
    top = state.pile[-1] if state.pile else OUTLAW
    if flow.is_wild_for(state, seat):
        why = "the Outlaw title lets you" if state.pile and top != OUTLAW else "an Outlaw on top lets you"
        match = f"{why} play any card or pair"
    else:
        match = f"play a card or pair matching {CARD[top]} by suit or value"
    if state.drawn:
        return f"Your turn (phase 2), after your draw: {match}, or pass to end your turn."
    return f"Your turn (phase 2): {match}, or draw a card (one draw a turn, before playing)."


def _p_target(state: KingshipState, d: Decision) -> str:
    c = state.ctx
    mode = _MODE[c.t_mode if c.t_mode != UNSET else T_ANY]
    return (
        f"Your {strip_comma(ability_name(state))}: choose {mode} {target_purpose(state, d[1])}{forbidden_note(state)}."
    )


def _situation(state: KingshipState, viewer: int | None) -> str:
    """The targeting or acquisition in progress: ``"P0's Angel (AL) targets P2 to ..."``."""
    c = state.ctx
    a = actor_or(state.ctx, state.turn_player)
    t = max(c.target, -1)
    title = acquiring(state)
    if title >= 0:
        who = "you are" if t == viewer else f"P{t} is"
        return f"{who} about to acquire the {TITLE_TITLES[title]} title ({owner(a, viewer)} {strip_comma(ability_name(state))})"
    return f"{owner(a, viewer)} {strip_comma(ability_name(state))} targets {seat_word(t, viewer)} {target_purpose(state, viewer)}"


def _p_dq(state: KingshipState, d: Decision) -> str:
    chooser = state.ctx.t_chooser if state.ctx.t_chooser >= 0 else state.turn_player
    again = "redirect" if chooser != state.ctx.actor else "choose"
    return (
        f"Dark Queen: {_situation(state, d[1])}. Let the target stand (pass), or forbid it (forbid: "
        f"{seat_word(chooser, d[1])} must {again} another target)?"
    )


def _p_outlaw(state: KingshipState, d: Decision) -> str:
    if acquiring(state) >= 0:
        what = "give the title to another player"
    else:
        what = "make another player the target"
    return (
        f"Outlaw: {_situation(state, d[1])}. Play your Outlaw to {what} (redirect; you take the Outlaw title), "
        "or keep it (pass)?"
    )


def _p_reroute(state: KingshipState, d: Decision) -> str:
    a = actor_or(state.ctx, state.turn_player)
    return (
        f"The Dark Queen forbade your redirect of {owner(a, d[1])} {strip_comma(ability_name(state))}: choose "
        f"another player to redirect it to{forbidden_note(state)}."
    )


def _p_knight(state: KingshipState, d: Decision) -> str:
    return (
        f"Knight: {_situation(state, d[1])}. Block it with a Knight (the ability is cancelled, your Knight goes on "
        "the pile and you draw a card), or let it happen (pass)?"
    )


def _p_lq(state: KingshipState, d: Decision) -> str:
    drawer, count = int(d[2]), int(d[3])
    whose = "your" if drawer == d[1] else f"P{drawer}'s"
    cards = "1 card" if count == 1 else f"{count} cards"
    return (
        f"Light Queen: let {whose} draw of {cards} ({draw_cause(state, drawer, d[4])}) happen (pass), "
        "or prevent it (prevent)?"
    )


def _p_demon(state: KingshipState, d: Decision) -> str:
    n = len(state.grave)
    return (
        f"Demon: at the start of P{state.turn_player}'s turn you may give up the Demon title to take any number of the "
        f"{n} graveyard card{'s' if n != 1 else ''} into your hand (claim), or keep the title (pass)."
    )


def _p_demon_take(state: KingshipState, d: Decision) -> str:
    return "Demon's claim: take a card from the graveyard into your hand (claim a card), or stop (pass)."


def _p_give(state: KingshipState, d: Decision) -> str:
    t = max(state.ctx.target, -1)
    return f"Your {strip_comma(ability_name(state))}: choose the card you give P{t} (it is revealed to all)."


def _p_give_exile(state: KingshipState, d: Decision) -> str:
    return (
        f"Your {strip_comma(ability_name(state))} found no valid recipient (the Dark Queen forbade every "
        "opponent): choose a card of your hand to exile instead."
    )


def _p_place(state: KingshipState, d: Decision) -> str:
    return (
        f"Your {strip_comma(ability_name(state))}: you drew a card; choose a card of your hand to place on the "
        "pile (it becomes the top card, with no ability)."
    )


def _p_farmer(state: KingshipState, d: Decision) -> str:
    top = CARD[state.deck[-1]] if state.deck else "gone"
    return (
        f"Your {strip_comma(ability_name(state))}: the top card of the deck is {top}. Put it in your hand (keep), "
        "or reveal it to all and leave it on top of the deck (reveal)?"
    )


def _p_poacher(state: KingshipState, d: Decision) -> str:
    base = max(state.ctx.base, 0)
    opts = []
    if state.deck:
        opts.append(f"the top {'two cards' if len(state.deck) > 1 else 'card'} of the deck (exile deck)")
    if 0 < base <= len(state.pile):
        opts.append(f"{CARD[state.pile[base - 1]]}, the pile card below it (exile pile)")
    return f"Your {strip_comma(ability_name(state))}: exile " + " or ".join(opts) + "."


def _p_spec(state: KingshipState, d: Decision) -> str:
    if d[2] == "poach":
        what = "every player holding one, you first, may exile one"
    else:
        what = "every copy of it in the pile below your play is exiled, then everyone becomes un-silenced"
    return f"Your {strip_comma(ability_name(state))}: specify a card (name a value, a suit, both, or any); {what}."


def _p_poach(state: KingshipState, d: Decision) -> str:
    c = state.ctx
    a = actor_or(state.ctx, state.turn_player)
    spec = max(c.spec, 0)
    h = state.hands[d[1]]
    match = SPEC_MATCH[spec]
    mine = [k for k in range(NK) if h[k] and match[k]]
    one = sum(h[k] for k in mine) == 1
    return (
        f"{owner(a, d[1]).capitalize()} {strip_comma(ability_name(state))} specifies {spec_words(spec)}, and you "
        f"hold {cards_text([k for k in mine for _ in range(h[k])])}: exile {'it' if one else 'one'} (exile), "
        f"or keep {'it' if one else 'them'} (pass)?"
    )


def _p_revive(state: KingshipState, d: Decision) -> str:
    return (
        f"Your {strip_comma(ability_name(state))}: revive a card of the pile below your play onto the top of the "
        "deck (revealed to all); you may then draw a card."
    )


def _p_priest_draw(state: KingshipState, d: Decision) -> str:
    seat = d[1]
    kt = min(state.knows_top[seat], len(state.deck))
    top = f" the top card of the deck is {CARD[state.deck[-1]]};" if kt and state.deck else ""
    return f"Your {strip_comma(ability_name(state))}:{top} draw a card (draw), or do not (pass)?"


def _p_m_take(state: KingshipState, d: Decision) -> str:
    t = max(state.ctx.target, -1)
    return (
        f"Your {strip_comma(ability_name(state))}: P{t} holds {cards_text(state.hand_list(t))}. Take one of them; "
        f"then you give P{t} a card back."
    )


def _p_m_return(state: KingshipState, d: Decision) -> str:
    t = max(state.ctx.target, -1)
    return f"Your {strip_comma(ability_name(state))}: give P{t} a card of your hand in return."


def _p_m_offer(state: KingshipState, d: Decision) -> str:
    return (
        f"Your {strip_comma(ability_name(state))}: offer a card of your hand or a title you hold for trade "
        "(offer), or make no offer (pass)."
    )


def _p_m_ask(state: KingshipState, d: Decision) -> str:
    return (
        f"Your {strip_comma(ability_name(state))}: you offer {item_words(max(state.ctx.m_item, 0))}. Name what you "
        "ask for in return: a card (ask 7, ask L, ask 7L), a title someone holds (ask title Demon), or nothing "
        "(any card or title will do)."
    )


def _p_m_resp(state: KingshipState, d: Decision) -> str:
    c = state.ctx
    a = actor_or(state.ctx, state.turn_player)
    return (
        f"P{a}'s {strip_comma(ability_name(state))} offers {item_words(max(c.m_item, 0))} and asks for "
        f"{ask_words(c.m_ask if c.m_ask != UNSET else NSPEC + 6)}: accept by giving a matching item (accept), make a "
        "counter-offer (counter), or pass?"
    )


def _p_m_choose(state: KingshipState, d: Decision) -> str:
    offers = "; ".join(f"P{seat} offers {item_words(i)}" for seat, i in state.ctx.m_counters or [])
    return (
        f"Your {strip_comma(ability_name(state))}: the counter-offers for {item_words(max(state.ctx.m_item, 0))} are: "
        f"{offers}. Take one (take offer), or none (pass)?"
    )


def _p_prince_title(state: KingshipState, d: Decision) -> str:
    return (
        f"Your {strip_comma(ability_name(state))}, with no King in play: obtain any title but Kingship (title), "
        "or none (pass)."
    )


def _p_queen(state: KingshipState, d: Decision) -> str:
    laws = "; then, with a King in play, all active laws are removed" if state.titles[KING] >= 0 else ""
    return (
        f"Your {strip_comma(ability_name(state))}: become the Light Queen or the Dark Queen (title), or neither "
        f"(pass){laws}."
    )


def _p_search(state: KingshipState, d: Decision) -> str:
    t = max(state.ctx.target, -1)
    return (
        f"Your {strip_comma(ability_name(state))}: choose a card of the deck to put into "
        f"{owner(t, d[1])} hand; the deck is then shuffled."
    )


def _p_extra(state: KingshipState, d: Decision) -> str:
    return f"Your {strip_comma(ability_name(state))}, with a King in play: take another turn when this one ends (again), or not (pass)?"


def _voters_words(state: KingshipState, proposer: int) -> str:
    qs = sorted({state.titles[DARK_QUEEN], state.titles[LIGHT_QUEEN]} - {-1})
    if not qs:
        return "with no Queen in play it passes at once"
    return "every Queen in play must approve it: " + " and ".join(f"P{q}" for q in qs)


def _p_law(state: KingshipState, d: Decision) -> str:
    if d[2] == "king":
        return (
            f"Kingship: at the start of your turn you may propose a law (law, then its name; "
            f"{_voters_words(state, d[1])}), or propose none (pass)."
        )
    return (
        f"Your {strip_comma(ability_name(state))}: propose a law (law, then its name) that only the King, "
        f"P{state.titles[KING]}, must approve, or propose none (pass)."
    )


def _p_vote(state: KingshipState, d: Decision) -> str:
    law = state.ctx.law or [0, 0, -1]
    how = "the King's proposal" if state.titles[KING] == law[2] and law[2] != state.ctx.actor else "the proposal"
    return f"P{law[2]} proposes the law {law_words(law)}. Approve or deny {how}? One denial ends it."


def _law_cause(state: KingshipState) -> str:
    law = state.ctx.law
    return f"the law {law_words(law)}" if law else "a law"


def _p_exile(state: KingshipState, d: Decision) -> str:
    limit = int(d[2])
    if limit:
        held = state.hs[int(d[1])]
        return f"The law 'max-3': exile cards until you hold at most {limit} (you hold {held}); choose one to exile."
    cause = _law_cause(state)
    return f"{cause[0].upper()}{cause[1:]} passed: choose a card of your hand to exile."


def _p_tax(state: KingshipState, d: Decision) -> str:
    played = cards_text(state.ctx.played or [])
    return (
        f"The law {tax_spec(state)}: you played {played}, so draw a card (draw) or exile a card of your hand (exile)."
    )


DECIDER: dict[str, Callable[[KingshipState, Decision], str]] = {
    "main": _p_main,
    "target": _p_target,
    "dq": _p_dq,
    "outlaw": _p_outlaw,
    "reroute": _p_reroute,
    "knight": _p_knight,
    "lq": _p_lq,
    "demon": _p_demon,
    "demon_take": _p_demon_take,
    "give": _p_give,
    "give_exile": _p_give_exile,
    "place": _p_place,
    "farmer": _p_farmer,
    "poacher": _p_poacher,
    "spec": _p_spec,
    "poach": _p_poach,
    "revive": _p_revive,
    "priest_draw": _p_priest_draw,
    "m_take": _p_m_take,
    "m_return": _p_m_return,
    "m_offer": _p_m_offer,
    "m_ask": _p_m_ask,
    "m_resp": _p_m_resp,
    "m_choose": _p_m_choose,
    "prince_title": _p_prince_title,
    "queen": _p_queen,
    "search": _p_search,
    "extra": _p_extra,
    "law": _p_law,
    "vote": _p_vote,
    "exile": _p_exile,
    "tax": _p_tax,
}


def decider_prompt(state: KingshipState) -> str:
    """The pending decision in words for the seat that decides (its own knowledge included)."""
    d = state.pending
    assert d is not None
    return DECIDER[d[0]](state, d)


# ---------------------------------------------------------------- every other seat's prompts
def _w_main(state: KingshipState, d: Decision, v: int | None) -> str:
    return "whose turn it is (phase 2: draw and/or play)"


def _w_target(state: KingshipState, d: Decision, v: int | None) -> str:
    mode = _MODE[state.ctx.t_mode if state.ctx.t_mode != UNSET else T_ANY]
    return f"{_their(d, v)} {strip_comma(ability_name(state))} targets {mode}{forbidden_note(state)}"


def _their(d: Decision, v: int | None) -> str:
    """``"their"`` for the deciding seat ``d[1]`` as another seat reads it, ``"your"`` for itself."""
    return "your" if d[1] == v else "their"


def _w_reroute(state: KingshipState, d: Decision, v: int | None) -> str:
    a = actor_or(state.ctx, state.turn_player)
    return f"{_their(d, v)} Outlaw redirects {owner(a, v)} {strip_comma(ability_name(state))}{forbidden_note(state)}"


def _w_dq(state: KingshipState, d: Decision, v: int | None) -> str:
    return f"the Dark Queen, who may forbid a target: {_situation(state, v)}"


def _w_lq(state: KingshipState, d: Decision, v: int | None) -> str:
    drawer, count = int(d[2]), int(d[3])
    cards = "1 card" if count == 1 else f"{count} cards"
    return (
        f"the Light Queen, to let {owner(drawer, v)} draw of {cards} ({draw_cause(state, drawer, d[4])}) happen "
        "or prevent it"
    )


def _w_demon(state: KingshipState, d: Decision, v: int | None) -> str:
    return "the Demon, to claim the graveyard (giving up the title) or keep the title"


def _w_demon_take(state: KingshipState, d: Decision, v: int | None) -> str:
    return "to take cards from the graveyard (the Demon's claim)"


def _w_play(what: str) -> Callable[[KingshipState, Decision, int | None], str]:
    """A waiting text about the play being resolved: ``what`` with ``{ab}`` for its name and
    ``{t}`` for the target seat."""

    def fn(s: KingshipState, d: Decision, v: int | None) -> str:
        t = max(s.ctx.target, -1)
        return what.format(ab=strip_comma(ability_name(s)), t=seat_word(t, v), ts=owner(t, v), their=_their(d, v))

    return fn


def _w_spec(state: KingshipState, d: Decision, v: int | None) -> str:
    if d[2] == "poach":
        return f"{_their(d, v)} {strip_comma(ability_name(state))} specifies a card; every player holding one may exile one"
    return f"to specify a card for {_their(d, v)} {strip_comma(ability_name(state))}"


def _w_m_ask(state: KingshipState, d: Decision, v: int | None) -> str:
    return (
        f"to say what {_their(d, v)} {strip_comma(ability_name(state))} asks for {item_words(max(state.ctx.m_item, 0))}"
    )


def _w_m_resp(state: KingshipState, d: Decision, v: int | None) -> str:
    c = state.ctx
    a = actor_or(state.ctx, state.turn_player)
    return (
        f"to answer {owner(a, v)} {strip_comma(ability_name(state))}: {item_words(max(c.m_item, 0))} offered for "
        f"{ask_words(c.m_ask if c.m_ask != UNSET else NSPEC + 6)}"
    )


def _w_law(state: KingshipState, d: Decision, v: int | None) -> str:
    if d[2] == "king":
        return "the King, to propose a law or none"
    return f"to propose a law with {_their(d, v)} {strip_comma(ability_name(state))}, for the King to approve"


def _w_vote(state: KingshipState, d: Decision, v: int | None) -> str:
    law = state.ctx.law or [0, 0, -1]
    return f"to approve or deny the law {seat_word(law[2], v)} proposed: {law_words(law)}"


def _w_exile(state: KingshipState, d: Decision, v: int | None) -> str:
    if int(d[2]):
        return f"to exile cards down to {int(d[2])} (the law 'max-3')"
    return f"to exile a card under {_law_cause(state)}"


def _w_tax(state: KingshipState, d: Decision, v: int | None) -> str:
    return f"to draw a card or exile one under the law {tax_spec(state)}"


WAITING: dict[str, Callable[[KingshipState, Decision, int | None], str]] = {
    "main": _w_main,
    "target": _w_target,
    "dq": _w_dq,
    "reroute": _w_reroute,
    "lq": _w_lq,
    "demon": _w_demon,
    "demon_take": _w_demon_take,
    "give": _w_play("to choose the card {their} {ab} gives {t}"),
    "give_exile": _w_play("to exile a card: {their} {ab} found no valid recipient"),
    "place": _w_play("to place a card on the pile, with {their} {ab}"),
    "farmer": _w_play("to keep or reveal the top card of the deck, with {their} {ab}"),
    "poacher": _w_play("to choose what {their} {ab} exiles"),
    "spec": _w_spec,
    "revive": _w_play("to revive a pile card onto the top of the deck, with {their} {ab}"),
    "priest_draw": _w_play("to draw a card or not, with {their} {ab}"),
    "m_take": _w_play("to take a card from {ts} hand, with {their} {ab}"),
    "m_return": _w_play("to give {t} a card back, with {their} {ab}"),
    "m_offer": _w_play("to offer a card or title for trade, with {their} {ab}"),
    "m_ask": _w_m_ask,
    "m_resp": _w_m_resp,
    "m_choose": _w_play("to take one of the counter-offers or none, with {their} {ab}"),
    "prince_title": _w_play("{their} {ab} may obtain any title but Kingship"),
    "queen": _w_play("{their} {ab} may take the Light or the Dark Queen title"),
    "search": _w_play("to search the deck for a card for {t}, with {their} {ab}"),
    "extra": _w_play("to take another turn or not, with {their} {ab}"),
    "law": _w_law,
    "vote": _w_vote,
    "exile": _w_exile,
    "tax": _w_tax,
}
"""Waiting texts of the decisions every seat may see (never of a hidden window, KS-37)."""


def waiting_prompt(state: KingshipState, d: Decision, viewer: int | None) -> str:
    """What ``viewer`` (not deciding now; ``None`` = a spectator) reads while the table waits for
    the public decision ``d``: ``"Waiting for P2, the Dark Queen, who may forbid a target: ..."``.
    Built from public facts only."""
    seat = d[1]
    if seat == viewer:  # only while a hidden window follows this seat's own decision (KS-37)
        if d[0] == "dq":
            return f"Waiting for the other players: {_situation(state, viewer)}."
        if d[0] == "main":
            return "Waiting for the other players: your play goes on."
        return f"Waiting for the other players: {WAITING[d[0]](state, d, viewer)}."
    text = WAITING[d[0]](state, d, viewer)
    sep = ", " if text.startswith(("the ", "whose ")) else " " if text.startswith("to ") else ": "
    return f"Waiting for P{seat}{sep}{text}."

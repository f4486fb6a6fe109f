"""Words for events and prompts that the rules themselves need: the play being resolved, a
draw's cause, a Merchant's item or ask, a seat seen by a viewer. String formatting on a few
fields of a :class:`~regalia.games.kingship.state.KingshipState` (the rule modules call these while
they resolve a play; the prompts, labels and views use them too)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.games.kingship.actions import L_TAX, law_text
from regalia.games.kingship.cards import NAME, NK, NSPEC, SPEC_MATCH, VALUE, WIZARD, spec_text
from regalia.games.kingship.context import UNSET, actor_or
from regalia.games.kingship.engine import OP_ACQ_FINAL
from regalia.games.kingship.words import CARD, CHARACTER, THE_CARD, TITLE_TITLES, character, spec_words

if TYPE_CHECKING:
    from regalia.games.kingship.state import KingshipState


def seat_word(seat: int, viewer: int | None) -> str:
    """``"you"`` for the viewer, else ``"P2"``."""
    return "you" if seat == viewer else f"P{seat}"


def owner(seat: int, viewer: int | None) -> str:
    """``"your"`` for the viewer, else ``"P2's"``."""
    return "your" if seat == viewer else f"P{seat}'s"


def item_words(item: int) -> str:
    """A Merchant item in words: ``"9D Witch"`` or ``"the Demon title"``."""
    return CARD[item] if item < NK else f"the {TITLE_TITLES[item - NK]} title"


def ask_words(ask: int) -> str:
    """A Merchant ask in words: ``"a Merchant (7)"``, ``"the Demon title"``, ``"anything"``."""
    if ask >= NSPEC:
        return "anything" if ask == NSPEC + 6 else f"the {TITLE_TITLES[ask - NSPEC]} title"
    return spec_words(ask)


def ability_name(state: KingshipState) -> str:
    """The play being resolved: ``"Angel (AL)"``, ``"Angel pair (AL AD)"``, ``"Wizard (8L) copying
    the Angel (AT)"``; ``"play"`` outside a play."""
    c = state.ctx
    played = c.played
    if not played:
        return "play"
    last = played[-1]
    names = " ".join(NAME[k] for k in played)
    if VALUE[last] == WIZARD and c.copied != UNSET:
        return f"{'Wizard pair' if len(played) > 1 else 'Wizard'} ({names}) copying {THE_CARD[c.copied]}"
    if len(played) > 1:
        return f"{CHARACTER[VALUE[last]]} pair ({names})"
    return f"{character(last)} ({names})"


def strip_comma(text: str) -> str:
    return text[:-1] if text.endswith(",") else text


def play_words(state: KingshipState) -> str:
    """The play being resolved with its player, for events: ``"P0's Angel (AL)"``."""
    return f"P{actor_or(state.ctx, state.turn_player)}'s {strip_comma(ability_name(state))}"


def acquiring(state: KingshipState) -> int:
    """The title being acquired when the pending decision is an acquisition's Outlaw window (KS-18), else -1."""
    q = state.q
    if q and q[-1][0] == OP_ACQ_FINAL:
        t: int = q[-1][1]
        return t
    return -1


def draw_cause(state: KingshipState, seat: int, cause: str) -> str:
    """Why ``seat`` is about to draw, in words, from the draw's ``cause`` (one of
    :data:`~regalia.games.kingship.phases.DRAW_CAUSES`) and the play or law being resolved:
    for the Light Queen's window and the draw events."""
    c = state.ctx
    if cause == "turn":
        return "the regular draw of the turn"
    if cause == "block":
        return "for blocking with a Knight"
    if cause == "empty":
        return "the law 'no-winner': no cards in hand"
    if cause == "tax":
        return f"to pay the law {tax_spec(state)}"
    if cause == "law":
        law = c.law
        return f"the law '{law_text(law[0], law[1])}'" if law else "a law"
    if c.played:
        return f"{owner(actor_or(state.ctx, state.turn_player), None)} {strip_comma(ability_name(state))}"
    return "a card ability"


def tax_spec(state: KingshipState) -> str:
    played = state.ctx.played or []
    for t, p in state.laws:
        if t == L_TAX and any(SPEC_MATCH[p][k] for k in played):
            return f"'tax {spec_text(p)}'"
    return "'tax'"

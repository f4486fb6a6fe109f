"""Words for events and prompts that the rules themselves need: the play being resolved, a
draw's cause, a Merchant's item or ask, a seat seen by a viewer. String formatting on a few
fields of an :class:`~regalia.games.kingship.engine.Engine` (the rule modules call these while
they resolve a play; the prompts, labels and views use them too)."""

from __future__ import annotations

from regalia.games.kingship.actions import L_TAX, law_text
from regalia.games.kingship.cards import NAME, NK, NSPEC, SPEC_MATCH, VALUE, WIZARD, spec_text
from regalia.games.kingship.engine import Engine
from regalia.games.kingship.words import CARD, CHARACTER, THE_CARD, TITLE_TITLES, character, spec_words


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


def ability_name(s: Engine) -> str:
    """The play being resolved: ``"Angel (AL)"``, ``"Angel pair (AL AD)"``, ``"Wizard (8L) copying
    the Angel (AT)"``; ``"play"`` outside a play."""
    c = s.ctx
    played = c.get("played")
    if not played:
        return "play"
    last = played[-1]
    names = " ".join(NAME[k] for k in played)
    if VALUE[last] == WIZARD and "copied" in c:
        return f"{'Wizard pair' if len(played) > 1 else 'Wizard'} ({names}) copying {THE_CARD[c['copied']]}"
    if len(played) > 1:
        return f"{CHARACTER[VALUE[last]]} pair ({names})"
    return f"{character(last)} ({names})"


def strip_comma(text: str) -> str:
    return text[:-1] if text.endswith(",") else text


def play_words(s: Engine) -> str:
    """The play being resolved with its player, for events: ``"P0's Angel (AL)"``."""
    return f"P{s.ctx.get('actor', s.tp)}'s {strip_comma(ability_name(s))}"


def acquiring(s: Engine) -> int:
    """The title being acquired when the pending decision is an acquisition's Outlaw window (KS-18), else -1."""
    q = s.q
    if q and q[-1][0] == "acq_final":
        t: int = q[-1][1]
        return t
    return -1


def draw_cause(s: Engine, seat: int, cause: str) -> str:
    """Why ``seat`` is about to draw, in words, from the draw's ``cause`` (one of
    :data:`~regalia.games.kingship.phases.DRAW_CAUSES`) and the play or law being resolved:
    for the Light Queen's window and the draw events."""
    c = s.ctx
    if cause == "turn":
        return "the regular draw of the turn"
    if cause == "block":
        return "for blocking with a Knight"
    if cause == "empty":
        return "the law 'no-winner': no cards in hand"
    if cause == "tax":
        return f"to pay the law {tax_spec(s)}"
    if cause == "law":
        law = c.get("law")
        return f"the law '{law_text(law[0], law[1])}'" if law else "a law"
    if c.get("played"):
        return f"{owner(c.get('actor', s.tp), None)} {strip_comma(ability_name(s))}"
    return "a card ability"


def tax_spec(s: Engine) -> str:
    played = s.ctx.get("played") or []
    for t, p in s.laws:
        if t == L_TAX and any(SPEC_MATCH[p][k] for k in played):
            return f"'tax {spec_text(p)}'"
    return "'tax'"

"""The kinds of decision a Kingship state can wait for, and which of them are hidden.

A pending decision is a tuple ``(kind, seat, ...)`` (see :mod:`regalia.games.kingship.engine`);
the kinds below are ``Game.decision_kinds`` and the view's ``decision`` (machine names for
programs, never shown to people: prompts and labels say them in words).
"""

from __future__ import annotations

from typing import Final

DECISIONS: dict[str, tuple[str, str]] = {
    # kind: (what the player must do, in words for refusals; the rule it rests on)
    "main": ("draw, or play a card or a pair (phase 2)", "KS-3"),
    "target": ("choose the target of the ability", "KS-6"),
    "dq": ("let the target stand or forbid it (Dark Queen)", "KS-6"),
    "outlaw": ("redirect with an Outlaw or pass", "KS-7"),
    "reroute": ("choose another player for the redirect", "KS-6"),
    "knight": ("block with a Knight or pass", "KS-6"),
    "lq": ("let the draw happen or prevent it (Light Queen)", "KS-22"),
    "demon": ("claim the graveyard, giving up the Demon title, or pass", "KS-5"),
    "demon_take": ("take a card from the graveyard or stop", "KS-29"),
    "give": ("give a card from hand (Angel)", "KS-6"),
    "give_exile": ("exile the card that found no recipient (Angel)", "KS-6"),
    "place": ("place a card from hand on the pile (Messenger pair)", "KS-2"),
    "farmer": ("keep the top card of the deck or reveal it (Farmer)", "KS-5"),
    "poacher": ("exile from the deck or from the pile (Poacher)", "KS-5"),
    "spec": ("specify a card", "KS-10"),
    "poach": ("exile the specified card or pass (Poacher pair)", "KS-10"),
    "revive": ("revive a card of the pile onto the deck (Priest pair)", "KS-25"),
    "priest_draw": ("draw a card or pass (Priest pair)", "KS-3"),
    "m_take": ("take a card from the revealed hand (Merchant pair)", "KS-9"),
    "m_return": ("give a card back (Merchant pair)", "KS-31"),
    "m_offer": ("offer a card or title, or pass (Merchant)", "KS-9"),
    "m_ask": ("name what you ask for (Merchant)", "KS-9"),
    "m_resp": ("accept, counter-offer or pass (Merchant)", "KS-21"),
    "m_choose": ("take one counter-offer or pass (Merchant)", "KS-21"),
    "prince_title": ("choose a title other than Kingship, or pass (Prince pair)", "KS-5"),
    "queen": ("become the Light or the Dark Queen, or pass (Queen pair)", "KS-5"),
    "search": ("choose a card of the deck (Emperor)", "KS-5"),
    "extra": ("take another turn or pass (Emperor pair)", "KS-28"),
    "law": ("propose a law or pass", "KS-11"),
    "vote": ("approve or deny the law", "KS-11"),
    "exile": ("exile a card from hand (law)", "KS-16"),
    "tax": ("draw a card or exile a card (tax law)", "KS-32"),
}
"""Every decision kind, with what the deciding player must do (for refusals) and its rule."""

DECISION_KINDS: Final[tuple[str, ...]] = tuple(DECISIONS)
"""``Game.decision_kinds``: the pending decision kinds, in a fixed order."""

HIDDEN_DECISIONS: Final[frozenset[str]] = frozenset({"outlaw", "knight", "poach"})
"""Response windows whose existence would reveal a hand: an Outlaw redirect (the seat holds an
Outlaw), a Knight block (the target holds a Knight), the Poacher pair's exile (the seat holds the
specified card). Only the seat asked sees them; every other seat sees the decision shown before
(KS-37). The title windows (Dark Queen, Light Queen, the Demon's claim) open on public facts
alone and are shown to everyone."""

DRAW_CAUSES: Final[tuple[str, ...]] = ("turn", "block", "ability", "law", "empty", "tax")
"""Why a draw happens, kept in each draw step and Light Queen window (its last field): the turn's
own draw, a Knight's block, a card ability, a law, the no-winner law's draw for an empty hand, the
tax law. Prompts and events say the cause in words."""

"""Why a well-formed Kingship action is not legal now: ``(reason, rule id)``, in words for the seat
deciding (``State._explain``; the core raises it as an ``IllegalActionError``).

Called only for an action that is not among the legal actions the decision's ``legal_<kind>``
method listed, so each reason names what the seat must do instead, and the card, target or law
that the rules refuse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.games.kingship import actions as A
from regalia.games.kingship.actions import KingshipAction
from regalia.games.kingship.cards import DEMON, DEMON_V, FARMER, NK, VALUE
from regalia.games.kingship.context import T_OPP
from regalia.games.kingship.phases import DECISIONS
from regalia.games.kingship.words import CARD

if TYPE_CHECKING:
    from regalia.games.kingship.state import KingshipState


def explain(state: KingshipState, action: KingshipAction) -> tuple[str, str | None]:
    """Why ``action`` (a well-formed Kingship action, not legal now) is refused, in words for
    the seat deciding now; the rule id goes in the second place only (the error shows it)."""
    assert state.pending is not None
    kind, seat = state.pending[0], state.pending[1]
    what, rule = DECISIONS[kind]
    if kind == "main":
        return _explain_main(state, action)
    allowed_kinds = {a.kind for a in (state._legal or [])}
    if action.kind not in allowed_kinds:
        return (f"you must now {what}; '{action}' does not answer that", rule)
    if (
        action.kind == A.CARD
        and kind not in ("revive", "search", "demon_take", "m_take")
        and not state.hands[seat][action.b]
    ):
        return (f"you hold no {CARD[action.b]}", rule)
    if action.kind == A.TARGET:
        if action.a >= state.n:
            return (f"there is no P{action.a} in a {state.n}-player game", rule)
        if action.a in (state.ctx.t_forb or ()):
            return (f"the Dark Queen forbade targeting P{action.a}", "KS-6")
        if state.ctx.t_mode == T_OPP and action.a == state.ctx.actor:
            return ("this ability targets an opponent, not yourself", rule)
        return (f"P{action.a} is already silenced, and the Witch chooses a player who is not", rule)
    if action.kind == A.LAW:
        if state.config.laws == "pro" and action.a not in A.PRO_LAWS:
            return (
                f"the law {A.LAW_WORDS[action.a]} is not a Kingship Pro law (this game plays laws='pro')",
                "KS-11",
            )
        return ("that law is already active or names no seat of this game", "KS-24")
    return (f"'{action}' is not one of the choices now: you must {what}", rule)


def _explain_main(state: KingshipState, act: KingshipAction) -> tuple[str, str | None]:
    tp = state.turn_player
    if act.kind == A.DRAW:
        return ("you have already drawn this turn: at most one draw, before playing", "KS-3")
    if act.kind == A.PASS:
        return ("you must draw or play before ending your turn", "KS-3")
    if act.kind not in (A.PLAY, A.PAIR):
        return (f"it is your turn: draw, or play a card or a pair; '{act}' does not answer that", "KS-5")
    cards = [act.a] if act.kind == A.PLAY else A.pair_cards(act)
    need = [0] * NK
    for k in cards:
        need[k] += 1
    for k in range(NK):
        if need[k] > state.hands[tp][k]:
            held = state.hands[tp][k]
            return (f"you hold {held or 'no'} {CARD[k]}, not {need[k]}", "KS-2")
    first = cards[0]
    if act.kind == A.PAIR and VALUE[first] == FARMER:
        return ("Farmers can never be played as a pair", "KS-2")
    if act.kind == A.PLAY and VALUE[first] == DEMON_V and state.titles[DEMON] < 0:
        return ("you may not play a single Demon while nobody is the Demon ([Demon/No])", "Demon #1")
    top = CARD[state.pile[-1]] if state.pile else "nothing"
    return (f"{CARD[first]} matches neither the suit nor the value of {top}", "KS-2")

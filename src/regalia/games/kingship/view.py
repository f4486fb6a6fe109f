"""What one seat may know (the view) and its plain-text drawing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.games.kingship.actions import ask_text, item_text, law_text
from regalia.games.kingship.cards import NAME, TITLE_NAMES, spec_text
from regalia.games.kingship.context import UNSET
from regalia.games.kingship.engine import PUBLIC
from regalia.games.kingship.laws import law_description
from regalia.games.kingship.words import CARD_INFO, TITLE_INFO

if TYPE_CHECKING:
    from regalia.games.kingship.state import KingshipState


def _decision_info(state: KingshipState, d: tuple[Any, ...]) -> dict[str, Any]:
    """Public details of the decision ``d`` (all of it was announced at the table)."""
    c = state.ctx
    info: dict[str, Any] = {}
    if c.actor >= 0:
        info["actor"] = c.actor
    if c.target >= 0:
        info["target"] = c.target
    if c.spec != UNSET:
        info["spec"] = spec_text(c.spec)
    if c.m_item != UNSET:
        info["offer"] = item_text(c.m_item)
    if c.m_ask != UNSET:
        info["ask"] = ask_text(c.m_ask)
    if c.m_counters:
        info["counters"] = {f"P{seat}": item_text(i) for seat, i in c.m_counters}
    if c.law is not None:
        info["law"] = law_text(c.law[0], c.law[1])
    if c.t_forb:
        info["forbidden"] = list(c.t_forb)
    if c.copied != UNSET:
        info["wizard_copy"] = NAME[c.copied]
    kind = d[0]
    if kind == "lq":
        info["drawer"], info["count"] = d[2], d[3]
    elif kind == "law":
        info["mode"] = d[2]
    keep = _INFO_KEYS.get(kind, ())
    return {k: v for k, v in info.items() if k in keep or k in ("actor", "wizard_copy")}


_TARGETING = ("target", "forbidden")
_INFO_KEYS: dict[str, tuple[str, ...]] = {
    "target": ("forbidden",),  # the target is not chosen yet (KS-37: nor while a window follows)
    "dq": _TARGETING,
    "outlaw": _TARGETING,
    "reroute": _TARGETING,
    "knight": _TARGETING,
    "give": _TARGETING,
    "give_exile": _TARGETING,
    "m_take": _TARGETING,
    "m_return": _TARGETING,
    "search": _TARGETING,
    "poach": ("spec",),
    "m_ask": ("offer",),
    "m_resp": ("offer", "ask", "counters"),
    "m_choose": ("offer", "ask", "counters"),
    "vote": ("law",),
    "lq": ("drawer", "count"),
    "law": ("mode",),
}
"""Which public details each decision shows (the rest of the play's context, ``ctx``, is stale for it)."""


_CARD_ITEMS = [(NAME[k], CARD_INFO[k]) for k in range(len(NAME))]
"""(notation, card info) of every kind, for the view's ``cards``."""


def build_view(state: KingshipState, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of ``seat`` (``None``: a spectator). Hands, the deck order and cards
    revealed to one player appear only in the views of those who saw them; what was revealed to
    all (an Angel's gift, a Farmer's revealed card, a revival) appears in every view, a
    spectator's too. A hidden window is shown only to the seat asked; every other seat sees the
    decision shown before it (KS-37).

    Besides the table, the view carries what a screen needs to draw it without the game's code:
    ``cards`` (every card notation in the view -> value, suit, character, the character's name and
    both ability texts), ``title_info`` (each title's name and abilities) and ``laws_in_force``
    (each active law's action text and meaning)."""
    d = state.shown_decision(seat)
    observer = seat if seat is not None else PUBLIC
    kt = min(state.knows_top[-1 if seat is None else seat], len(state.deck))
    hand = state.hand_list(seat) if seat is not None else []
    top_known = state.deck[len(state.deck) - kt :][::-1]
    view: dict[str, Any] = {
        "game": "kingship",
        "seat": seat,
        "players": state.n,
        "turn": state.nturns,
        "turn_player": state.turn_player,
        "direction": "clockwise" if state.direction == 1 else "counter-clockwise",
        "to_act": d[1] if d is not None else None,
        "decision": d[0] if d is not None else None,
        "decision_info": _decision_info(state, d) if d is not None else {},
        "drawn_this_turn": state.drawn,
        "pile_top": NAME[state.pile[-1]] if state.pile else None,
        "pile": [NAME[k] for k in state.pile],
        "deck_size": len(state.deck),
        "deck_top_known": [NAME[k] for k in top_known],
        "graveyard": [NAME[k] for k in state.grave],
        "graveyard_size": len(state.grave),
        "titles": {TITLE_NAMES[t]: (state.titles[t] if state.titles[t] >= 0 else None) for t in range(6)},
        "laws": [law_description(law) for law in state.laws],
        "law_codes": [law_text(law[0], law[1]) for law in state.laws],
        "hand_sizes": state.hs[:],
        "hand": [NAME[k] for k in hand] if seat is not None else None,
        "known_cards": {},
        "outlaws_in_play": len(state.ctx.outlaws or ()),
        "skip_next": state.skip,
        "extra_turn": state.extra,
        "over": state.over,
        "winners": list(state.winners),
    }
    seen = set(state.pile)
    seen.update(state.grave, hand, top_known)
    known = state.known
    if known:
        for o in range(state.n):
            k_o = known.get(observer * 8 + o)
            if k_o and o != seat:
                view["known_cards"][f"P{o}"] = [NAME[k] for k in sorted(k_o) for _ in range(k_o[k])]
                seen.update(k_o)
    if seat is not None and d is not None and d[0] == "search" and d[1] == seat:
        view["deck_cards"] = sorted(NAME[k] for k in state.deck)
        seen.update(state.deck)
    view["cards"] = dict(map(_CARD_ITEMS.__getitem__, sorted(seen)))
    view["title_info"] = TITLE_INFO
    view["laws_in_force"] = [{"code": law_text(law[0], law[1]), "text": law_description(law)} for law in state.laws]
    return view


def _card(name: str, view: dict[str, Any]) -> str:
    """``"9T Witch"`` from a notation and the view's card table."""
    info = view["cards"].get(name)
    return f"{name} {info['character']}" if info and name != "Outlaw" else name


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def render_text(view: dict[str, Any]) -> str:
    """A plain-text drawing of a view for the terminal: the pile and its top card, the deck and
    the graveyard, titles and their holders, the laws in force, hand sizes, what the seat knows,
    its hand (cards with their characters) and, last, the prompt (see ``KingshipGame.legend``)."""
    lines = []
    seat = view["seat"]
    who = "a spectator" if seat is None else f"P{seat}"
    lines.append(
        f"Kingship — {view['players']} players — turn {view['turn']}, P{view['turn_player']}'s turn "
        f"({view['direction']}) — you are {who}"
    )
    top = _card(view["pile_top"], view) if view["pile_top"] else "empty"
    lines.append(f"Pile: {_cards(len(view['pile']))}, top card {top}    Deck: {_cards(view['deck_size'])}")
    grave = " ".join(view["graveyard"])
    lines.append(f"Graveyard: {_cards(view['graveyard_size'])}" + (f": {grave}" if grave else ""))
    if view["deck_top_known"]:
        knower = "Everyone knows" if seat is None else "You know"
        cards = ", ".join(_card(c, view) for c in view["deck_top_known"])
        lines.append(f"{knower} the top of the deck (top first): {cards}")
    titles = " · ".join(
        f"{view['title_info'][t]['title']} {'P' + str(h) if h is not None else '–'}" for t, h in view["titles"].items()
    )
    lines.append(f"Titles: {titles}")
    if view["laws_in_force"]:
        for law in view["laws_in_force"]:
            lines.append(f"Law in force: {law['code']} — {law['text']}")
    else:
        lines.append("Laws in force: none")
    lines.append("Hand sizes: " + " · ".join(f"P{i} {n}" for i, n in enumerate(view["hand_sizes"])))
    for o, held in view["known_cards"].items():
        knower = "Everyone knows" if seat is None else "You know"
        lines.append(f"{knower} {o} holds: {', '.join(_card(c, view) for c in held)}")
    if view.get("deck_cards"):
        lines.append(f"The deck holds: {' '.join(view['deck_cards'])}")
    if view["hand"] is not None:
        lines.append(f"Your hand: {', '.join(_card(c, view) for c in view['hand']) or 'empty'}")
    if view["outlaws_in_play"]:
        lines.append(f"Outlaws played in response, to go on the pile: {view['outlaws_in_play']}")
    if view["skip_next"]:
        lines.append("A Messenger skips the next player's turn.")
    if view["extra_turn"]:
        lines.append(f"P{view['turn_player']} takes another turn after this one (Emperor pair).")
    if view["over"]:
        w = view["winners"]
        lines.append("Game over: " + (f"P{w[0]} wins." if w else "a draw, nobody wins."))
    if view.get("prompt"):
        lines.append(f"> {view['prompt']}")
    return "\n".join(lines)

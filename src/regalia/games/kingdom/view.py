"""Kingdom's views (what one seat may know) and their plain-text drawing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.games.kingdom.cards import NAME, RANK, RATING, SUIT, SUITS, TERRITORY_VALUE, role
from regalia.games.kingdom.phases import CHAIN_NAMES, DECISION_NAMES, HAND_LIMIT, WINDOW_NAMES
from regalia.games.kingdom.windows import masked_decision

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState


def _sort_key(c: int) -> tuple[int, int, int]:
    return (SUIT[c], RANK[c], c)


def make_view(state: KingdomState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know (``None`` = a spectator), JSON-ready. ``st`` is the table as
    KD-X13 shows it to ``seat`` (``windows.shown_state``).

    Public: territories, cards in play (role, suit now and printed, preoccupied, attacking or
    blocking), hand sizes, the deck size, the face-up discard pile, the combat and the
    Assassin/Joker chain, whose decision it is and of what kind (``decision``: the view's own
    names, ``main``, ``attackers``, ``blockers``, ``split``, ``discard``, ``target``, ``pick``,
    ``respond``, ``counter``; a response or counter window appears only in the view of the seat
    asked [KD-X13]). Private: the seat's own hand, and the cards it knows to be in other hands
    (shown by a Spy or an Expose, or taken from the discard pile) [KD-X7].
    """
    n = state.num_players
    viewer = n if seat is None else seat
    fighting: dict[int, str] = {}
    for i, a in enumerate(state.attackers):
        fighting[a] = "attacking"
        for b in state.blockers[i]:
            fighting[b] = "blocking"
    kingdoms = []
    for p in range(n):
        in_play = [
            {
                "card": NAME[c],
                "role": role(c),
                "suit": SUITS[state.suit_of(c)],
                "printed_suit": SUITS[SUIT[c]] if SUIT[c] >= 0 else None,
                "preoccupied": state.busy[c],
                "combat": fighting.get(c),
            }
            for c in state.play[p]
        ]
        known = sorted(state.known[viewer][p], key=_sort_key) if p != seat else []
        kingdoms.append(
            {
                "seat": p,
                "alive": state.alive[p],
                "territories": state.territories[p],
                "hand_size": len(state.hands[p]),
                "in_play": in_play,
                "known_hand": [NAME[c] for c in known],
            }
        )
    combat = None
    if state.defender >= 0:
        combat = {
            "attacker": state.turn_player,
            "defender": state.defender,
            "attackers": [
                {
                    "card": NAME[a],
                    "rating": RATING[a],
                    "territories": TERRITORY_VALUE[a],
                    "blocked": state.blocked[i],
                    "blockers": [NAME[b] for b in state.blockers[i]],
                    "damage": list(state.dealt[i]),
                }
                for i, a in enumerate(state.attackers)
            ],
            "splitting": None
            if state.split_i < 0
            else {"attacker": NAME[state.attackers[state.split_i]], "blocker": state.split_j},
        }
    chain = [_chain_entry(state, i, e) for i, e in enumerate(state.chain)]
    return {
        "game": "kingdom",
        "seat": seat,
        "players": n,
        "decks": state.decks,
        "turn": state.turn_no,
        "max_turns": state.config.max_turns,
        "active": state.turn_player,
        **_public_decision(state, seat),
        "first_round": state.turn_no <= n,
        "noble_played": state.noble_played,
        "attacked": state.attacked,
        "hand_limit": HAND_LIMIT,
        "deck_size": len(state.deck),
        "discard": [NAME[c] for c in state.discard],
        "hand": None if seat is None else [NAME[c] for c in sorted(state.hands[seat], key=_sort_key)],
        "kingdoms": kingdoms,
        "combat": combat,
        "chain": chain,
        "winners": list(state.winners),
        "over": state.is_terminal,
    }


def _chain_entry(state: KingdomState, i: int, e: list[int]) -> dict[str, Any]:
    """Chain entry ``i`` as the view shows it. ``target`` is a card in play (the first
    Assassin), the Ace or Joker below (a counter) or a seat (``P2``, Spy and Expose); its
    ``target_seat`` is whose card or hand that is (``None`` for Pick a Card, or a card gone)."""
    kind, owner, card, noble, target = e
    shown: str | None = None
    whose: int | None = None
    if kind == 0:
        if i > 0:
            shown, whose = NAME[target], state.chain[i - 1][1]
        elif target >= 0:
            shown, whose = NAME[target], (state.loc[target] if state.loc[target] >= 0 else None)
    elif target >= 0:
        shown, whose = f"P{target}", target
    return {
        "kind": CHAIN_NAMES[kind],
        "player": owner,
        "card": NAME[card],
        "noble": NAME[noble] if noble >= 0 else None,
        "target": shown,
        "target_seat": whose,
    }


def _public_decision(state: KingdomState, seat: int | None) -> dict[str, Any]:
    """Who is to act and on what, as ``seat`` may know it [KD-X13]: ``to_act``, ``decision``
    and ``window`` (the point of a response window, for the seat asked in it only)."""
    if state.is_terminal:
        return {"to_act": None, "decision": "over", "window": None}
    code, who, point = masked_decision(state, seat)
    kind = DECISION_NAMES[code]
    return {"to_act": who, "decision": kind, "window": WINDOW_NAMES[point] if kind == "respond" else None}


def render_text(view: dict[str, Any]) -> str:
    """A plain-text drawing of a Kingdom view: each kingdom's territories and cards in play
    (``*`` = preoccupied, ``KS→H`` = a suit change), the viewer's hand, the combat step by step,
    the chain of Assassins and Jokers, and the prompt (see ``KingdomGame.legend``)."""
    lines = []
    seat = view["seat"]
    who = "spectator" if seat is None else f"P{seat}"
    limit = f"/{view['max_turns']}" if view["max_turns"] else ""
    lines.append(f"Kingdom — turn {view['turn']}{limit}, P{view['active']}'s turn — viewed by {who}")
    if view["first_round"]:
        lines.append("  first round: no attacks yet")
    for k in view["kingdoms"]:
        mark = ">" if k["seat"] == view["active"] else " "
        if not k["alive"]:
            lines.append(f"{mark} P{k['seat']}: fallen")
            continue
        cards = []
        for c in k["in_play"]:
            text = c["card"]
            if c["suit"] != c["printed_suit"]:
                text += "→" + c["suit"]
            if c["preoccupied"]:
                text += "*"
            cards.append(text)
        terr = k["territories"]
        lines.append(
            f"{mark} P{k['seat']}: {terr} {'territory' if terr == 1 else 'territories'}, "
            f"{k['hand_size']} in hand | {' '.join(cards) or '(nothing in play)'}"
        )
        if k["known_hand"]:
            lines.append(f"      known in hand: {' '.join(k['known_hand'])}")
    lines.append(
        f"  deck {view['deck_size']} | discard pile {len(view['discard'])}"
        + (f" (top {view['discard'][-1]})" if view["discard"] else "")
    )
    cb = view["combat"]
    if cb:
        lines.append(f"  combat: P{cb['attacker']} attacks P{cb['defender']}")
        for a in cb["attackers"]:
            if a["blockers"]:
                dmg = ""
                if len(a["blockers"]) > 1:
                    sp = cb["splitting"]
                    if sp and sp["attacker"] == a["card"]:
                        dmg = f" — splitting its damage, now for {a['blockers'][sp['blocker']]}"
                    elif any(a["damage"]):
                        dealt = ", ".join(f"{b} {d}" for b, d in zip(a["blockers"], a["damage"], strict=True))
                        dmg = f" — damage dealt: {dealt}"
                lines.append(f"    {a['card']} blocked by {' + '.join(a['blockers'])}{dmg}")
            else:
                lines.append(f"    {a['card']} {'blocked (its blockers are gone)' if a['blocked'] else 'unblocked'}")
    for e in view["chain"]:
        lines.append(f"  chain: {_chain_line(e)}")
    if view["hand"] is not None:
        lines.append(f"  your hand: {' '.join(view['hand']) or '(empty)'}")
    prompt = view.get("prompt")
    if prompt:
        lines.append(f"  {prompt}")
    elif view["over"]:
        w = view["winners"]
        lines.append("  game over: " + (f"P{w[0]} wins" if w else "a draw"))
    return "\n".join(lines)


def _chain_line(e: dict[str, Any]) -> str:
    """One chain entry in words: ``P0: Assassin AD (turning QD) on QC``."""
    kind = e["kind"]
    if kind == "assassin":
        what = f"Assassin {e['card']} (turning {e['noble']})"
        return f"P{e['player']}: {what}" + (f" on {e['target']}" if e["target"] else "")
    use = {"pick": "Pick a Card", "spy": "Spy", "expose": "Expose"}[kind]
    return f"P{e['player']}: Joker, {use}" + (f" on {e['target']}" if e["target"] else "")

"""Kingdom's views (what one seat may know) and their plain-text drawing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.games.kingdom.cards import NAME, RANK, SUIT, SUITS, role
from regalia.games.kingdom.phases import BLOCKERS, PHASE_NAMES

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState

_CHAIN_KIND = ("assassin", "pick", "spy", "expose")
_WINDOW = (None, "after-action", "after-attackers", "after-blockers")


def _sort_key(c: int) -> tuple[int, int, int]:
    return (SUIT[c], RANK[c], c)


def make_view(st: KingdomState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know (``None`` = a spectator), JSON-ready.

    Public: territories, cards in play (preoccupied marked, suit changes shown), hand sizes, the
    deck size, the face-up discard pile, the combat and the Assassin/Joker chain, whose decision
    it is and of what kind. Private: the seat's own hand, and the cards it knows to be in other
    hands (shown by a Spy or an Expose, or taken from the discard pile) [KD-X7].
    """
    n = st.num_players
    viewer = n if seat is None else seat
    kingdoms = []
    for p in range(n):
        in_play = [
            {
                "card": NAME[c],
                "role": role(c),
                "suit": SUITS[st.suit_of(c)],
                "preoccupied": st.busy[c],
            }
            for c in st.play[p]
        ]
        known = sorted(st.known[viewer][p], key=_sort_key) if p != seat else []
        kingdoms.append(
            {
                "seat": p,
                "alive": st.alive[p],
                "territories": st.territories[p],
                "hand_size": len(st.hands[p]),
                "in_play": in_play,
                "known_hand": [NAME[c] for c in known],
            }
        )
    combat = None
    if st.defender >= 0:
        combat = {
            "attacker": st.active,
            "defender": st.defender,
            "attackers": [
                {
                    "card": NAME[a],
                    "blocked": st.blocked[i],
                    "blockers": [NAME[b] for b in st.blockers[i]],
                    "damage": list(st.dealt[i]),
                }
                for i, a in enumerate(st.attackers)
            ],
            "splitting": None
            if st.split_i < 0
            else {"attacker": NAME[st.attackers[st.split_i]], "blocker": st.split_j},
        }
    chain = [
        {
            "kind": _CHAIN_KIND[e[0]],
            "player": e[1],
            "card": NAME[e[2]],
            "noble": NAME[e[3]] if e[3] >= 0 else None,
            "target": (NAME[e[4]] if e[0] == 0 else f"P{e[4]}") if e[4] >= 0 else None,
        }
        for e in st.chain
    ]
    return {
        "game": "kingdom",
        "seat": seat,
        "players": n,
        "turn": st.turn_no,
        "max_turns": st.config.max_turns,
        "active": st.active,
        **_public_decision(st, seat),
        "first_round": st.turn_no <= n,
        "noble_played": st.noble_played,
        "attacked": st.attacked,
        "deck_size": len(st.deck),
        "discard": [NAME[c] for c in st.discard],
        "hand": None if seat is None else [NAME[c] for c in sorted(st.hands[seat], key=_sort_key)],
        "kingdoms": kingdoms,
        "combat": combat,
        "chain": chain,
        "winners": list(st.winners),
        "over": st.is_terminal,
    }


def render_text(view: dict[str, Any]) -> str:
    """A plain-text drawing of a Kingdom view: each kingdom's territories and cards in play
    (``*`` = preoccupied, ``KS=H`` = a suit change), the viewer's hand, the combat step by step
    and the chain of Assassins and Jokers."""
    lines = []
    seat = view["seat"]
    who = "spectator" if seat is None else f"P{seat}"
    limit = f"/{view['max_turns']}" if view["max_turns"] else ""
    lines.append(f"Kingdom — turn {view['turn']}{limit}, P{view['active']} to play — viewed by {who}")
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
            if c["suit"] != text.split("#")[0][-1]:
                text += "=" + c["suit"]
            if c["preoccupied"]:
                text += "*"
            cards.append(text)
        lines.append(
            f"{mark} P{k['seat']}: {k['territories']} territories, {k['hand_size']} cards in hand | {' '.join(cards) or '(nothing in play)'}"
        )
        if k["known_hand"]:
            lines.append(f"      known in hand: {' '.join(k['known_hand'])}")
    lines.append(
        f"  deck {view['deck_size']} | discard {len(view['discard'])}"
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
                lines.append(f"    {a['card']} {'blocked (blockers gone)' if a['blocked'] else 'unblocked'}")
    for e in view["chain"]:
        tgt = f" -> {e['target']}" if e["target"] else ""
        lines.append(f"  chain: P{e['player']} {e['kind']} {e['card']}{tgt}")
    if view["hand"] is not None:
        lines.append(f"  your hand: {' '.join(view['hand']) or '(empty)'}")
    if view["over"]:
        w = view["winners"]
        lines.append("  game over: " + (f"P{w[0]} wins" if w else "a draw"))
    else:
        extra = f" ({view['window']})" if view["window"] else ""
        lines.append(f"  to act: P{view['to_act']} — {view['decision']}{extra}")
    return "\n".join(lines)


def _public_decision(st: KingdomState, seat: int | None) -> dict[str, Any]:
    """Who is to act and on what, as ``seat`` may know it (KD-X2).

    A response window (``respond``) or a counter window (``counter``) is offered only to a seat
    holding a usable out-of-turn play, so its existence would reveal that seat's hand: every other
    seat (and a spectator) sees the decision the game is waiting for underneath — the active
    player's phase, or the defender's block — never the window.
    """
    d = st.decision()
    if d in ("respond", "counter") and seat != st.current_player:
        if d == "counter" and st.chain:
            return {"to_act": st.chain[-1][1], "decision": "chain", "window": None}
        actor = st.defender if st.phase == BLOCKERS else st.active
        return {"to_act": actor, "decision": PHASE_NAMES[st.phase], "window": None}
    return {
        "to_act": st.current_player,
        "decision": d,
        "window": _WINDOW[st.window_point] if st.window else None,
    }

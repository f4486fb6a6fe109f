"""Kingdom's views (what one seat may know) and their plain-text drawing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.games.kingdom.cards import NAME, RANK, RATING, SUIT, SUITS, TERRITORY_VALUE, role
from regalia.games.kingdom.phases import CHAIN_NAMES, HAND_LIMIT, WINDOW_NAMES
from regalia.games.kingdom.windows import masked_decision

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState


def _sort_key(c: int) -> tuple[int, int, int]:
    return (SUIT[c], RANK[c], c)


def make_view(st: KingdomState, seat: int | None) -> dict[str, Any]:
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
    n = st.num_players
    viewer = n if seat is None else seat
    fighting: dict[int, str] = {}
    for i, a in enumerate(st.attackers):
        fighting[a] = "attacking"
        for b in st.blockers[i]:
            fighting[b] = "blocking"
    kingdoms = []
    for p in range(n):
        in_play = [
            {
                "card": NAME[c],
                "role": role(c),
                "suit": SUITS[st.suit_of(c)],
                "printed_suit": SUITS[SUIT[c]] if SUIT[c] >= 0 else None,
                "preoccupied": st.busy[c],
                "combat": fighting.get(c),
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
                    "rating": RATING[a],
                    "territories": TERRITORY_VALUE[a],
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
    chain = [_chain_entry(st, i, e) for i, e in enumerate(st.chain)]
    return {
        "game": "kingdom",
        "seat": seat,
        "players": n,
        "decks": st.decks,
        "turn": st.turn_no,
        "max_turns": st.config.max_turns,
        "active": st.active,
        **_public_decision(st, seat),
        "first_round": st.turn_no <= n,
        "noble_played": st.noble_played,
        "attacked": st.attacked,
        "hand_limit": HAND_LIMIT,
        "deck_size": len(st.deck),
        "discard": [NAME[c] for c in st.discard],
        "hand": None if seat is None else [NAME[c] for c in sorted(st.hands[seat], key=_sort_key)],
        "kingdoms": kingdoms,
        "combat": combat,
        "chain": chain,
        "winners": list(st.winners),
        "over": st.is_terminal,
    }


def _chain_entry(st: KingdomState, i: int, e: list[int]) -> dict[str, Any]:
    """Chain entry ``i`` as the view shows it. ``target`` is a card in play (the first
    Assassin), the Ace or Joker below (a counter) or a seat (``P2``, Spy and Expose); its
    ``target_seat`` is whose card or hand that is (``None`` for Pick a Card, or a card gone)."""
    kind, owner, card, noble, target = e
    shown: str | None = None
    whose: int | None = None
    if kind == 0:
        if i > 0:
            shown, whose = NAME[target], st.chain[i - 1][1]
        elif target >= 0:
            shown, whose = NAME[target], (st.loc[target] if st.loc[target] >= 0 else None)
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


def _public_decision(st: KingdomState, seat: int | None) -> dict[str, Any]:
    """Who is to act and on what, as ``seat`` may know it [KD-X13]: ``to_act``, ``decision``
    and ``window`` (the point of a response window, for the seat asked in it only)."""
    if st.is_terminal:
        return {"to_act": None, "decision": "over", "window": None}
    kind, who, point = masked_decision(st, seat)
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

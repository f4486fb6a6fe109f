"""Kingdom state copies and snapshots (JSON-ready lists and ints only)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState


def copy_into(st: KingdomState, new: KingdomState) -> None:
    new.decks = st.decks
    new._layout = st._layout
    new.hands = [h[:] for h in st.hands]
    new.deck = st.deck[:]
    new.discard = st.discard[:]
    new.play = [x[:] for x in st.play]
    new.loc = st.loc[:]
    new.busy = st.busy[:]
    new.suit_change = dict(st.suit_change)
    new.territories = st.territories[:]
    new.alive = st.alive[:]
    new.active = st.active
    new.turn_no = st.turn_no
    new.noble_played = st.noble_played
    new.attacked = st.attacked
    new.phase = st.phase
    new.defender = st.defender
    new.attackers = st.attackers[:]
    new.blockers = [b[:] for b in st.blockers]
    new.blocked = st.blocked[:]
    new.dealt = [x[:] for x in st.dealt]
    new.split_i = st.split_i
    new.split_j = st.split_j
    new.window = st.window[:]
    new.window_point = st.window_point
    new.chain = [e[:] for e in st.chain]
    new.counter_q = st.counter_q[:]
    new.targeting = st.targeting
    new.target_from_main = st.target_from_main
    new.picking = st.picking
    new.known = [[k[:] for k in row] for row in st.known]
    new.winner_seats = st.winner_seats
    new._events = []


def snapshot_state(st: KingdomState) -> dict[str, Any]:
    return {
        "decks": st.decks,
        "hands": [h[:] for h in st.hands],
        "deck": st.deck[:],
        "discard": st.discard[:],
        "play": [x[:] for x in st.play],
        "busy": [c for c in range(len(st.busy)) if st.busy[c]],
        "suit_change": [[c, s] for c, s in sorted(st.suit_change.items())],
        "territories": st.territories[:],
        "alive": st.alive[:],
        "active": st.active,
        "turn_no": st.turn_no,
        "noble_played": st.noble_played,
        "attacked": st.attacked,
        "phase": st.phase,
        "defender": st.defender,
        "attackers": st.attackers[:],
        "blockers": [b[:] for b in st.blockers],
        "blocked": st.blocked[:],
        "dealt": [x[:] for x in st.dealt],
        "split": [st.split_i, st.split_j],
        "window": st.window[:],
        "window_point": st.window_point,
        "chain": [e[:] for e in st.chain],
        "counter_q": st.counter_q[:],
        "targeting": st.targeting,
        "target_from_main": st.target_from_main,
        "picking": st.picking,
        "known": [[k[:] for k in row] for row in st.known],
        "winners": list(st.winner_seats),
    }


def restore_state(st: KingdomState, data: dict[str, Any]) -> None:
    st._init_empty(int(data["decks"]))
    st.hands = [list(h) for h in data["hands"]]
    st.deck = list(data["deck"])
    st.discard = list(data["discard"])
    st.play = [list(x) for x in data["play"]]
    for p, cards in enumerate(st.play):
        for c in cards:
            st.loc[c] = p
    for c in data["busy"]:
        st.busy[c] = True
    st.suit_change = {int(c): int(s) for c, s in data["suit_change"]}
    st.territories = list(data["territories"])
    st.alive = list(data["alive"])
    st.active = data["active"]
    st.turn_no = data["turn_no"]
    st.noble_played = data["noble_played"]
    st.attacked = data["attacked"]
    st.phase = data["phase"]
    st.defender = data["defender"]
    st.attackers = list(data["attackers"])
    st.blockers = [list(b) for b in data["blockers"]]
    st.blocked = list(data["blocked"])
    st.dealt = [list(x) for x in data["dealt"]]
    st.split_i, st.split_j = data["split"]
    st.window = list(data["window"])
    st.window_point = data["window_point"]
    st.chain = [list(e) for e in data["chain"]]
    st.counter_q = list(data["counter_q"])
    st.targeting = data["targeting"]
    st.target_from_main = data["target_from_main"]
    st.picking = data["picking"]
    st.known = [[list(k) for k in row] for row in data["known"]]
    st.winner_seats = tuple(data["winners"])

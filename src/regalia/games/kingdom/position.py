"""Kingdom state copies and snapshots (JSON-ready lists, ints and strings only)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.core.events import Event
from regalia.games.kingdom.cards import MAX_DECKS

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState


def copy_into(st: KingdomState, new: KingdomState, flat: bool = False) -> None:
    """Copy every game field of ``st`` into ``new`` (a fresh object). The KD-X13 copies are
    shared, never changed once made; ``flat`` leaves them out (a copy made to be shown)."""
    new.decks = st.decks
    new._space = st._space
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
    new.cause = st.cause
    new.blocks_asked = st.blocks_asked
    new.resp = st.resp  # a tuple, replaced, never changed in place
    new.pre = None
    if flat:
        new.cp, new.frozen, new.held = None, {}, []
    else:
        new.cp, new.frozen, new.held = st.cp, st.frozen, st.held  # replaced, never changed in place
    new._events = []


def snapshot_state(st: KingdomState) -> dict[str, Any]:
    """The game part of a snapshot, with the KD-X13 copies nested (they hold none of their own)."""
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
        "cause": list(st.cause),
        "blocks_asked": st.blocks_asked,
        "checkpoint": None if st.cp is None else snapshot_state(st.cp),
        "frozen": [[p, snapshot_state(f)] for p, f in sorted(st.frozen.items())],
        "held": [e.to_dict() for e in st.held],
    }


def restore_state(st: KingdomState, data: dict[str, Any]) -> None:
    """Load what :func:`snapshot_state` saved (types and ranges are checked afterwards by
    :func:`regalia.games.kingdom.snapshot.validate`).

    Raises:
        ValueError: ``decks`` is not a number of decks (checked first: it sizes every table).
    """
    decks = data["decks"]
    if type(decks) is not int or not 1 <= decks <= MAX_DECKS:
        raise ValueError(f"state.decks: {decks!r} is not a number of decks (1..{MAX_DECKS})")
    st._init_empty(decks)
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
    st.cause = tuple(data["cause"])
    st.blocks_asked = data["blocks_asked"]
    st.resp = ()  # describes the last move applied, which a snapshot does not carry
    st.cp = None if data["checkpoint"] is None else _restore_copy(st, data["checkpoint"])
    st.frozen = {int(p): _restore_copy(st, f) for p, f in data["frozen"]}
    st.held = [_event(e) for e in data["held"]]


def _restore_copy(st: KingdomState, data: dict[str, Any]) -> KingdomState:
    """A KD-X13 copy saved inside a snapshot (it holds no copies of its own)."""
    new = shell(st)
    restore_state(new, data)
    if new.cp is not None or new.frozen or new.held:
        raise ValueError("state.checkpoint: a saved copy holds copies of its own")
    return new


def _event(data: dict[str, Any]) -> Event:
    """An event saved by ``Event.to_dict`` (one held back by KD-X13)."""
    if not isinstance(data, dict) or not isinstance(data.get("data"), dict):
        raise ValueError("state.held: expected saved events")
    kind, text, seat, vis = data["kind"], data["text"], data["seat"], data["visible_to"]
    if not isinstance(kind, str) or not isinstance(text, str) or len(text) > 500:
        raise ValueError("state.held: an event needs a kind and a text")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise ValueError("state.held: an event's seat must be a seat or null")
    if vis is not None and (not isinstance(vis, list) or not all(isinstance(v, int) for v in vis)):
        raise ValueError("state.held: an event's audience must be a list of seats or null")
    return Event(kind, text, seat, None if vis is None else frozenset(vis), dict(data["data"]))


def shell(st: KingdomState) -> KingdomState:
    """An empty state of ``st``'s game and size, for a copy to be filled in: no history, no
    random generator (a KD-X13 copy is only shown, never played on)."""
    new = st._blank()
    new.game = st.game
    new.config = st.config
    new.num_players = st.num_players
    new.seed = st.seed
    new.initial_deck = None
    new.history = []
    new.table_talk = []
    new.determinized = st.determinized
    new.undos = 0
    new._legal = None
    return new


def flat_copy(st: KingdomState) -> KingdomState:
    """A copy of the table for showing views and prompts only (:func:`shell`), without an
    episode of its own: a checkpoint never holds another checkpoint."""
    new = shell(st)
    copy_into(st, new, flat=True)
    return new

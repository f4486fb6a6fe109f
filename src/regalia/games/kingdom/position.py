"""Kingdom state copies and snapshots (JSON-ready lists, ints and strings only)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.core.events import Event
from regalia.games.kingdom.cards import MAX_DECKS
from regalia.games.kingdom.flow import set_suit

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState


def copy_into(state: KingdomState, new: KingdomState, flat: bool = False) -> None:
    """Copy every game field of ``st`` into ``new`` (a fresh object). The KD-X13 copies are
    shared, never changed once made; ``flat`` leaves them out (a copy made to be shown)."""
    new.decks = state.decks
    new._space = state._space
    new.hands = [h[:] for h in state.hands]
    new.deck = state.deck[:]
    new.discard = state.discard[:]
    new.play = [x[:] for x in state.play]
    new.loc = state.loc[:]
    new.busy = state.busy[:]
    new.suit_change = state.suit_change[:]
    new.changed = state.changed[:]
    new.territories = state.territories[:]
    new.alive = state.alive[:]
    new.turn_player = state.turn_player
    new.turn_no = state.turn_no
    new.noble_played = state.noble_played
    new.attacked = state.attacked
    new.phase = state.phase
    new.defender = state.defender
    new.attackers = state.attackers[:]
    new.blockers = [b[:] for b in state.blockers]
    new.blocked = state.blocked[:]
    new.dealt = [x[:] for x in state.dealt]
    new.split_i = state.split_i
    new.split_j = state.split_j
    new.window = state.window[:]
    new.window_point = state.window_point
    new.chain = [e[:] for e in state.chain]
    new.counter_q = state.counter_q[:]
    new.targeting = state.targeting
    new.target_from_main = state.target_from_main
    new.picking = state.picking
    new.known = [[k[:] for k in row] for row in state.known]
    new.winner_seats = state.winner_seats
    new.cause = state.cause
    new.blocks_asked = state.blocks_asked
    new.resp = state.resp  # a tuple, replaced, never changed in place
    new.pre = None
    if flat:
        new.cp, new.frozen, new.held = None, {}, []
    else:
        new.cp, new.frozen, new.held = state.cp, state.frozen, state.held  # replaced, never changed in place
    new.events = []


def snapshot_state(state: KingdomState) -> dict[str, Any]:
    """The game part of a snapshot, with the KD-X13 copies nested (they hold none of their own)."""
    return {
        "decks": state.decks,
        "hands": [h[:] for h in state.hands],
        "deck": state.deck[:],
        "discard": state.discard[:],
        "play": [x[:] for x in state.play],
        "busy": [c for c in range(len(state.busy)) if state.busy[c]],
        "suit_change": [[c, state.suit_change[c]] for c in sorted(set(state.changed)) if state.suit_change[c] >= 0],
        "territories": state.territories[:],
        "alive": state.alive[:],
        "active": state.turn_player,
        "turn_no": state.turn_no,
        "noble_played": state.noble_played,
        "attacked": state.attacked,
        "phase": state.phase,
        "defender": state.defender,
        "attackers": state.attackers[:],
        "blockers": [b[:] for b in state.blockers],
        "blocked": state.blocked[:],
        "dealt": [x[:] for x in state.dealt],
        "split": [state.split_i, state.split_j],
        "window": state.window[:],
        "window_point": state.window_point,
        "chain": [e[:] for e in state.chain],
        "counter_q": state.counter_q[:],
        "targeting": state.targeting,
        "target_from_main": state.target_from_main,
        "picking": state.picking,
        "known": [[k[:] for k in row] for row in state.known],
        "winners": list(state.winner_seats),
        "cause": list(state.cause),
        "blocks_asked": state.blocks_asked,
        "checkpoint": None if state.cp is None else snapshot_state(state.cp),
        "frozen": [[p, snapshot_state(f)] for p, f in sorted(state.frozen.items())],
        "held": [e.to_dict() for e in state.held],
    }


def restore_state(state: KingdomState, data: dict[str, Any]) -> None:
    """Load what :func:`snapshot_state` saved (types and ranges are checked afterwards by
    :func:`regalia.games.kingdom.snapshot.validate`).

    Raises:
        ValueError: ``decks`` is not a number of decks (checked first: it sizes every table).
    """
    decks = data["decks"]
    if type(decks) is not int or not 1 <= decks <= MAX_DECKS:
        raise ValueError(f"state.decks: {decks!r} is not a number of decks (1..{MAX_DECKS})")
    state._init_empty(decks)
    state.hands = [list(h) for h in data["hands"]]
    state.deck = list(data["deck"])
    state.discard = list(data["discard"])
    state.play = [list(x) for x in data["play"]]
    for p, cards in enumerate(state.play):
        for c in cards:
            state.loc[c] = p
    for c in data["busy"]:
        state.busy[c] = True
    for pair in data["suit_change"]:
        c, suit = pair
        if type(c) is not int or not 0 < c < len(state.suit_change) or type(suit) is not int or not 0 <= suit < 4:
            raise ValueError(f"state.suit_change: {pair!r} is not a noble and a suit")
        set_suit(state, c, suit)
    state.territories = list(data["territories"])
    state.alive = list(data["alive"])
    state.turn_player = data["active"]
    state.turn_no = data["turn_no"]
    state.noble_played = data["noble_played"]
    state.attacked = data["attacked"]
    state.phase = data["phase"]
    state.defender = data["defender"]
    state.attackers = list(data["attackers"])
    state.blockers = [list(b) for b in data["blockers"]]
    state.blocked = list(data["blocked"])
    state.dealt = [list(x) for x in data["dealt"]]
    state.split_i, state.split_j = data["split"]
    state.window = list(data["window"])
    state.window_point = data["window_point"]
    state.chain = [list(e) for e in data["chain"]]
    state.counter_q = list(data["counter_q"])
    state.targeting = data["targeting"]
    state.target_from_main = data["target_from_main"]
    state.picking = data["picking"]
    state.known = [[list(k) for k in row] for row in data["known"]]
    state.winner_seats = tuple(data["winners"])
    state.cause = tuple(data["cause"])
    state.blocks_asked = data["blocks_asked"]
    state.resp = ()  # describes the last move applied, which a snapshot does not carry
    state.cp = None if data["checkpoint"] is None else _restore_copy(state, data["checkpoint"])
    state.frozen = {int(p): _restore_copy(state, f) for p, f in data["frozen"]}
    state.held = [_event(e) for e in data["held"]]


def _restore_copy(state: KingdomState, data: dict[str, Any]) -> KingdomState:
    """A KD-X13 copy saved inside a snapshot (it holds no copies of its own)."""
    new = shell(state)
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


def shell(state: KingdomState) -> KingdomState:
    """An empty state of ``st``'s game and size, for a copy to be filled in: no history, no
    random generator (a KD-X13 copy is only shown, never played on)."""
    new = state._blank()
    new.game = state.game
    new.config = state.config
    new.num_players = state.num_players
    new.seed = state.seed
    new.initial_deck = None
    new.history = []
    new.table_talk = []
    new.determinized = state.determinized
    new.undos = 0
    new._legal = None
    return new


def flat_copy(state: KingdomState) -> KingdomState:
    """A copy of the table for showing views and prompts only (:func:`shell`), without an
    episode of its own: a checkpoint never holds another checkpoint."""
    new = shell(state)
    copy_into(state, new, flat=True)
    return new

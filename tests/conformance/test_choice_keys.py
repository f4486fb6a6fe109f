"""The action grammar of the tables: every legal choice carries its click keys
(``State.choice_keys``), computed by the game from the action object, and a table that matches
clicks against those keys — as ``web/js/select.js`` does, mirrored here by :func:`progress` —
reaches every legal action, never sends one that is not legal, and tells twins apart.

Checked on random playouts of every game and configuration, at every decision:

- every entry of ``legal_choices()`` (and of its ``alike``) has ``keys``: a list of steps, each a
  non-empty list of keys, and those keys are the game's ``choice_keys`` of that very action;
- every key names a thing present in the deciding seat's view (a card of its hand, a spot
  beside an Active card, a player, a title…), as many times as the key is used (``play 7L 7L``
  needs two ``7L`` in the hand);
- the shown choices and their ``alike`` lists are exactly the legal actions;
- clicking the keys of any action (each step in the given order and reversed) stays on a legal
  path at every click and ends with that action among the completed ones; the completed
  actions a page would list then have different labels;
- every card of the hand that an action's text names is among its keys (in the hand, or
  another copy of it elsewhere: a card of the pile revived).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

import regalia
from regalia.core import State
from regalia.core.presenter import Presenter

PLAYOUTS = 12  # per configuration

NAMING_VERBS = frozenset({"name", "ask", "law"})
"""Kingship's actions whose words name a kind of card (a spec: ``name AD``, ``ask 7``, ``law tax
7L``), not a card of the hand: they are chosen from a list, not clicked on the table."""


# ------------------------------------------------------------------ what each view offers to click
def _seats(view: dict[str, Any], players: int) -> Counter[str]:
    return Counter(f"seat:{i}" for i in range(players))


def _genealogy_targets(cards: list[str], child: str | None) -> Counter[str]:
    """The Genealogy's cards, the spots beside each (a play goes beside an Active card, a New
    Connection beside any card) and, while a sibling line is open, its two ends."""
    out: Counter[str] = Counter()
    for card in cards:
        out[f"gen:{card}"] += 1
        out[f"spot:{card}:left"] += 1
        out[f"spot:{card}:right"] += 1
    if child is not None:
        out["sibling:left"] += 1
        out["sibling:right"] += 1
    return out


def _kings_blood(view: dict[str, Any], players: int) -> Counter[str]:
    out = Counter(f"hand:{c}" for c in view["hand"] or [])
    if view["forced_event"]:
        out[f"event:{view['forced_event']}"] += 1
    out += _genealogy_targets([e["card"] for e in view["genealogy"]], view["child"])
    out += _seats(view, players)
    out["deck"] += 1
    return out


def _kings_family(view: dict[str, Any], players: int) -> Counter[str]:
    out = Counter(f"hand:{c}" for c in view["hand"] or [])
    if view["pending_event"]:
        out[f"event:{view['pending_event']}"] += 1
    child = view["sibling"]["child"] if view["sibling"] else None
    out += _genealogy_targets([e[0] for e in view["genealogy"]], child)
    out["deck"] += 1
    return out


def _kingship(view: dict[str, Any], players: int) -> Counter[str]:
    out = Counter(f"hand:{c}" for c in view["hand"] or [])
    out += Counter(f"pile:{c}" for c in view["pile"])
    out += Counter(f"grave:{c}" for c in view["graveyard"])
    out += Counter(f"deck:{c}" for c in view.get("deck_cards", []))
    for who, cards in view["known_cards"].items():
        out += Counter(f"known:{who[1:]}:{c}" for c in cards)
    out += Counter(f"title:{t}" for t in view["titles"])
    out += _seats(view, players)
    out["pile"] += 1
    out["deck"] += 1
    return out


def _blood_and_fortune(view: dict[str, Any], players: int) -> Counter[str]:
    out = Counter(f"hand:{c}" for c in view["hand"] or [])
    offer = view["pending_offer"]
    if offer and offer.get("cards"):
        out += Counter(f"offer:{c}" for c in offer["cards"])
    roles = view.get("roles")
    if roles:
        out += Counter(f"draft:{c}" for c in roles["draft"].get("dealt", []))
    for q, area in enumerate(view["player_areas"]):
        out += Counter(f"area:{q}:{c['position']}" for c in area)
    out += _seats(view, players)
    return out


def _kingdom(view: dict[str, Any], players: int) -> Counter[str]:
    out = Counter(f"hand:{c}" for c in view["hand"] or [])
    for k in view["kingdoms"]:
        out += Counter(f"inplay:{c['card']}" for c in k["in_play"])
    out += Counter(f"discard:{c}" for c in view["discard"])
    out += _seats(view, players)
    out["deck"] += 1
    return out


TARGETS: dict[str, Callable[[dict[str, Any], int], Counter[str]]] = {
    "kings-blood": _kings_blood,
    "kings-family": _kings_family,
    "kingship": _kingship,
    "blood-and-fortune": _blood_and_fortune,
    "kingdom": _kingdom,
}


# ------------------------------------------------------------------ the page's matching, mirrored
def progress(keys: list[list[str]], picked: list[str]) -> tuple[set[str], bool] | None:
    """How far ``picked`` goes along ``keys`` (``select.js``'s ``progress``): ``None`` when off
    it, else the keys that may come next and whether the action is complete."""
    si = 0
    left = list(keys[0]) if keys else []
    for k in picked:
        if not left or k not in left:
            return None
        left.remove(k)
        if not left and si + 1 < len(keys):
            si += 1
            left = list(keys[si])
    return set(left), not left


def paths_of(choices: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every action a page can send: the shown choices and their ``alike`` lists."""
    out = []
    for c in choices:
        out.append(c)
        out.extend(c["alike"])
    return out


def click_through(paths: list[dict[str, Any]], order: list[str]) -> list[dict[str, Any]]:
    """Click ``order`` as a page does; every click must continue some path. Returns the paths
    completed by the last click."""
    keyed = [p for p in paths if p["keys"]]
    for n in range(1, len(order) + 1):
        nxt: set[str] = set()
        for p in keyed:
            got = progress(p["keys"], order[: n - 1])
            if got is not None:
                nxt |= got[0]
        assert order[n - 1] in nxt, f"{order[n - 1]} cannot be clicked after {order[: n - 1]}"
    done = []
    for p in keyed:
        got = progress(p["keys"], order)
        if got is not None and got[1]:
            done.append(p)
    return done


def _orders(keys: list[list[str]]) -> list[list[str]]:
    forward = [k for step in keys for k in step]
    backward = [k for step in keys for k in reversed(step)]
    return [forward] if forward == backward else [forward, backward]


# ------------------------------------------------------------------ the checks
def check_choices(state: State) -> None:
    """All the checks of the module docstring at ``state``'s decision."""
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    present = TARGETS[state.game.name](view, state.num_players)
    choices = state.legal_choices()
    paths = paths_of(choices)
    legal = state.legal_actions()
    assert sorted(p["text"] for p in paths) == sorted(str(a) for a in legal), "shown + alike != legal"
    hand = set(view.get("hand") or [])
    for p in paths:
        keys = p["keys"]
        assert isinstance(keys, list) and all(isinstance(s, list) and s for s in keys), p
        assert all(isinstance(k, str) and k for s in keys for k in s), p
        assert keys == state.choice_keys(p["text"]), f"{p['text']}: keys are not the action's own"
        used = Counter(k for s in keys for k in s)
        for k, n in used.items():
            assert present[k] >= n, f"{p['text']}: key {k} x{n} names nothing in the view ({present[k]})"
        flat = {k for s in keys for k in s}
        words = p["text"].split()
        for word in words if words[0] not in NAMING_VERBS else []:
            if word in hand:  # a card the seat holds: the action clicks it there or elsewhere (a copy)
                assert any(k.rsplit(":", 1)[-1] == word for k in flat), f"{p['text']}: {word} is not a key"
        if not keys:
            continue
        for order in _orders(keys):
            done = click_through(paths, order)
            assert any(d["text"] == p["text"] for d in done), f"{p['text']} not reached by {order}"
            labels: dict[str, str] = {}
            for d in done:
                labels.setdefault(d["text"], d["label"])
            assert len(set(labels.values())) == len(labels), f"completed moves share a label: {labels}"


def _cases() -> list[Any]:
    out = []
    for name in regalia.game_names():
        for players, options in regalia.get_game(name).test_configurations():
            label = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
            out.append(pytest.param(name, players, options, id=f"{name}-{players}p-{label or 'default'}"))
    return out


def test_every_game_implements_choice_keys() -> None:
    for name in regalia.game_names():
        game = regalia.get_game(name)
        assert type(game.presenter).choice_keys is not Presenter.choice_keys, f"{name} does not implement choice_keys"
        assert name in TARGETS, f"{name}: the test does not know what its view offers to click"


@pytest.mark.parametrize(("name", "players", "options"), _cases())
def test_legal_choices_carry_click_keys_that_reach_every_action(
    name: str, players: int, options: dict[str, Any]
) -> None:
    for i in range(PLAYOUTS):
        seed = 4000 + i
        state = regalia.make(name, players=players, seed=seed, **options)
        rng = random.Random(seed)
        while not state.is_terminal:
            check_choices(state)
            state.apply(rng.choice(state.legal_actions()))
        assert state.legal_choices() == []

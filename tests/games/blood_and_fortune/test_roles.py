"""Role cards (option roles): the draft, offering Role cards, Resolve Roles and the house roles
(BF-DRAFT, BF-ROLEOFFER, BF-RESOLVE, BF-X1, BF-X3)."""

from __future__ import annotations

import random

import pytest

import regalia
from regalia.core import IllegalActionError
from regalia.games.blood_and_fortune.cards import ROLES

from .scenario import new, play_round_of_singles, with_areas, with_changes

ROLE_DECK = ("R7", "R2", "R3", "R6", "R5", "R4")  # P0 gets R7+R6, P1 R2+R5, P2 R3+R4


def drafted() -> regalia.State:
    """After the draft: P0 holds R2 (placed by P1), P1 holds R3 (P2's), P2 holds R7 (P0's)."""
    state = new(3, extra=ROLE_DECK, roles=True)
    for text in ("place R7", "place R2", "place R3", "take from P1", "take from P2", "take from P0"):
        state.apply(text)
    return state


def test_bf_draft_deal_two_place_one_take_another_players() -> None:
    state = new(3, extra=ROLE_DECK, roles=True)
    assert state.decision() == "place_role" and state.current_player == 0
    assert state.view(0)["roles"]["draft"]["dealt"] == ["R6", "R7"]
    assert state.view(1)["roles"]["draft"]["dealt"] == ["R2", "R5"]
    assert "dealt" not in state.view(None)["roles"]["draft"]
    assert state.view(1)["roles"]["house_rule"] is True
    state.apply("place R7")
    with pytest.raises(IllegalActionError) as info:
        state.apply("place R7")  # P1 was not dealt R7
    assert info.value.rule == "BF-DRAFT"
    state.apply("place R2")
    state.apply("place R3")
    assert state.decision() == "take_role"
    # the returned roles go back to the deck unseen
    assert sorted(state.zones()["roles:deck"]) == sorted(
        ["R6", "R5", "R4", *[f"R{i}" for i in (1, 8, 9, 10, 11, 12, 13, 14, 15)]]
    )
    with pytest.raises(IllegalActionError) as info:
        state.apply("take from P0")  # your own placed role
    assert info.value.rule == "BF-DRAFT"
    state.apply("take from P1")
    # BF-X1: P1 (second-to-last) must take P2's role, else P2 would be left with its own
    assert [str(a) for a in state.legal_actions()] == ["take from P2"]
    with pytest.raises(IllegalActionError) as info:
        state.apply("take from P0")
    assert info.value.rule == "BF-X1"
    state.apply("take from P2")
    assert [str(a) for a in state.legal_actions()] == ["take from P0"]
    state.apply("take from P0")
    assert state.decision() == "offer" and state.current_player == 0
    assert state.view(0)["roles"]["my_roles"] == ["R2"]
    # the placer knows who took their role; the third player does not see which role it is
    takes0 = state.view(0)["roles"]["draft"]["takes"]
    assert takes0[2] == {"taker": 2, "from": 0, "role": "R7"}
    assert "role" not in state.view(1)["roles"]["draft"]["takes"][2]
    assert state.view(1)["hand_sizes"][0] == {"influence": 5, "roles": 1}


def test_bf_roleoffer_kept_role_recipient_pays_an_influence_card() -> None:
    state = drafted()
    state.apply("offer H1s1 R2 to P1")
    assert state.view(2)["pending_offer"] == {"from": 0, "to": 1, "count": 2, "roles": 1, "waiting_for": "keep"}
    state.apply("keep R2")
    assert state.decision() == "give" and state.current_player == 1
    assert sorted(str(a) for a in state.legal_actions()) == [
        "give H2d1",
        "give H2d2",
        "give H2s1",
        "give H2s2",
        "give H2s3",
    ]
    with pytest.raises(IllegalActionError) as info:
        state.apply("give H1s2")
    assert info.value.rule == "BF-ROLEOFFER"
    state.apply("give H2d2")
    # the given card goes face down to the right end of the offerer's area
    assert state.view(0)["areas"][0] == ["H2d2"]
    assert state.view(2)["areas"][0] == ["H2?"]
    assert state.view(0)["hand"] == ["H1d1", "H1d2", "H1s1", "H1s2", "H1s3"]  # H1s1 came back
    assert state.view(1)["roles"]["my_roles"] == ["R2", "R3"]
    assert state.view(2)["payments"] == [{"from": 1, "to": 0}]
    assert state.current_player == 1 and state.decision() == "offer"
    # BF-2 with roles: the third player never learns which role was kept
    assert "cards" not in state.view(2)["offers"][0] and state.view(2)["offers"][0]["kept"] == "role"


def test_bf_roleoffer_two_role_cards_and_no_influence_to_pay() -> None:
    state = drafted()
    # constructed: P1 holds only Role cards, so it cannot pay (no card is given)
    state = with_changes(state, hands=[[0, 1, 2, 3, 4, 31], [32], [10, 11, 12, 13, 14, 36]], discard=[5, 6, 7, 8, 9])
    state.apply("offer H1s1 R2 to P1")
    events = state.apply("keep R2")
    assert any("has no Influence card" in e.text for e in events)
    assert state.decision() == "offer" and state.current_player == 1
    # a hand of Role cards only still offers 2 cards when it can (BF-X8)
    assert sorted(str(a) for a in state.legal_actions()) == ["offer R2 R3 to P0", "offer R2 R3 to P2"]


def test_bf_resolve_roles_in_ascending_order_after_offers() -> None:
    state = drafted()
    rng = random.Random(2)
    reveal_order = []
    while not state.view(None)["last_round"]:
        events = state.apply(rng.choice(state.legal_actions()))
        reveal_order += [e.data["role"] for e in events if e.kind == "reveal_role"]
    nums = [int(r[1:]) for r in reveal_order]
    assert nums == sorted(nums) and len(nums) == 3
    assert [r for r, _ in state.view(None)["last_round"]["roles"]] == reveal_order


def test_bf_resolve_role_precedence_shield_keeps_every_double() -> None:
    state = new(3, extra=ROLE_DECK, roles=True)
    state = with_areas(state, [["H2d1", "H3d1", "H2s1"], ["H1d1", "H3d2"], []])
    state.keep_doubles = 1  # R8 Shield resolved for P0: overrides "discard every double but the rightmost"
    state.reveal_and_score()
    last = state.view(None)["last_round"]
    assert last["discarded"] == [[], ["H1d1"], []]
    assert last["kept"][0] == ["H2d1", "H3d1", "H2s1"]


def _effect(rid: str):  # type: ignore[no-untyped-def]
    return next(e for e in ROLES if e.id == rid)


@pytest.mark.parametrize(
    ("rid", "target", "pos", "expect_area"),
    [
        ("R2", -1, -1, ["H2d1", "H2s1", "H3d1"]),  # Steward: swap the two newest of own area
        ("R3", -1, -1, ["H2s1", "H2d1", "H3d1"]),  # Mason: rightmost to the left end
        ("R4", -1, -1, ["H3d1", "H2s1", "H2d1"]),  # Scout: leftmost to the right end
    ],
)
def test_bf_x3_house_roles_moving_own_cards(rid: str, target: int, pos: int, expect_area: list[str]) -> None:
    from regalia.games.blood_and_fortune.effects import apply_effect

    state = with_areas(new(3, roles=True, extra=ROLE_DECK), [["H2d1", "H3d1", "H2s1"], ["H1d1", "H3d2"], []])
    apply_effect(state, _effect(rid), 0, target, pos)
    assert state.view(0)["areas"][0] == expect_area


def test_bf_x3_house_roles_on_other_players() -> None:
    from regalia.games.blood_and_fortune.effects import apply_effect, effect_targets

    base = with_areas(new(3, roles=True, extra=ROLE_DECK), [["H2d1", "H3d1", "H2s1"], ["H1d1", "H3d2"], []])
    # R5 Jester: swap the two newest cards of another player's area (needs 2 cards: P1 only)
    s = base.clone()
    assert effect_targets(s, _effect("R5"), 0) == [(1, -1)]
    apply_effect(s, _effect("R5"), 0, 1, -1)
    assert s.view(0)["areas"][1] == ["H3d2", "H1d1"]
    # R12 Envoy: the newest card of your area to the right end of another's area
    s = base.clone()
    apply_effect(s, _effect("R12"), 0, 2, -1)
    assert s.view(0)["areas"][0] == ["H2d1", "H3d1"] and s.view(0)["areas"][2] == ["H2s1"]
    # R15 Cutpurse: the newest card of another area is discarded face up (BF-X11)
    s = base.clone()
    assert effect_targets(s, _effect("R15"), 0) == [(1, -1)]
    events = apply_effect(s, _effect("R15"), 0, 1, -1)
    assert s.view(0)["areas"][1] == ["H1d1"] and s.zones()["discard"] == ["H3d2"]
    assert events[0].visible_to is None and "H3d2" in events[0].text
    # R1 Herald: look at one face-down card of another area (private)
    s = base.clone()
    s.known[1] = [0, 0]
    assert s.view(0)["areas"][1] == ["H1?", "H3?"]
    events = apply_effect(s, _effect("R1"), 0, 1, 1)
    assert s.view(0)["areas"][1] == ["H1?", "H3d2"] and s.view(2)["areas"][1] == ["H1?", "H3?"]
    assert [e.visible_to for e in events] == [None, frozenset({0})]
    assert s.view(0)["seen"] == [{"source": "R1", "seat": 1, "position": 2, "cards": ["H3d2"]}]


def _score_after(state: regalia.State) -> dict:  # type: ignore[type-arg]
    state.reveal_and_score()  # type: ignore[attr-defined]
    return state.view(None)["last_round"]  # type: ignore[no-any-return]


def test_bf_x3_house_roles_changing_the_score() -> None:
    from regalia.games.blood_and_fortune.effects import apply_effect

    areas = [["H2d1", "H3d1", "H2s1"], ["H1d1", "H3d2"], []]
    base = with_areas(new(3, roles=True, extra=ROLE_DECK), areas)
    plain = _score_after(base.clone())
    # P0 (H1): own H3d1? no: doubles H2d1 wiped -> H3d1 + H2s1 = 3, plus H1d1 (P1, wiped by H3d2) = 3
    assert plain["scores"] == [3, 3, 4] and plain["winner"] == 2
    cases = {
        "R6": (0, -1, [5, 3, 4]),  # Ringbearer: +2 with the Ring (P0 holds it)
        "R7": (0, -1, [4, 3, 4]),  # Miser: +1
        "R9": (0, 1, [3, 1, 2]),  # Assassin on P1: every double in P1's area discarded
        "R11": (0, 2, [3, 3, 2]),  # Chancellor on P2: -2
        "R13": (0, -1, [3, 3, 4]),  # Hermit: +3 only with an empty area (P0's is not)
    }
    for rid, (actor, target, scores) in cases.items():
        s = base.clone()
        apply_effect(s, _effect(rid), actor, target, -1)
        assert _score_after(s)["scores"] == scores, rid
    # Hermit for P2 with an empty area
    s = base.clone()
    apply_effect(s, _effect("R13"), 2, -1, -1)
    assert _score_after(s)["scores"] == [3, 3, 7]
    # BF-X9: never below 0
    s = with_areas(new(3, roles=True, extra=ROLE_DECK), [["H2s1"], [], []])
    apply_effect(s, _effect("R11"), 1, 2, -1)
    assert _score_after(s)["scores"][2] == 0
    # R10 Usurper takes the Ring: P1 and P2 tie on 4 -> Ring with P1 decides
    s = with_areas(new(3, roles=True, extra=ROLE_DECK), [["H2s1", "H3s1"], ["H3d1"], ["H2d1"]])
    assert _score_after(s.clone())["winner"] == 1  # nearest after P0
    apply_effect(s, _effect("R10"), 2, -1, -1)
    assert s.ring == 2 and _score_after(s)["winner"] == 2
    # R14 Regent wins a tie it is in, before the Ring
    s = with_areas(new(3, roles=True, extra=ROLE_DECK), [["H2s1", "H3s1"], ["H3d1"], ["H2d1"]])
    apply_effect(s, _effect("R14"), 2, -1, -1)
    assert _score_after(s)["winner"] == 2
    # BF-X10: Shield beats Assassin
    s = base.clone()
    apply_effect(s, _effect("R8"), 1, -1, -1)
    apply_effect(s, _effect("R9"), 0, 1, -1)
    assert _score_after(s)["discarded"][1] == []


def test_bf_x3_role_without_target_resolves_with_no_effect() -> None:
    state = drafted()  # P0 R2 Steward, P1 R3 Mason, P2 R7 Miser
    # nobody offers to P0, so R2 (swap the two newest cards of your area) has nothing to act on
    events = play_round_of_singles(state, {0: [1, 1, 1], 1: [2, 2, 2], 2: [1, 1, 1]})
    texts = [e.text for e in events if e.kind in ("effect", "reveal_role")]
    assert texts[0].startswith("P0 reveals R2 Steward (house rule)")
    assert "P0's R2 Steward (house rule) has nothing to act on and has no effect" in texts[1]
    assert texts[2].startswith("P1 reveals R3 Mason") and "rightmost card moves to the left end" in texts[3]
    assert texts[4].startswith("P2 reveals R7 Miser") and "+1" in texts[5]
    last = state.view(None)["last_round"]
    assert last["roles"] == [["R2", 0], ["R3", 1], ["R7", 2]]
    # P2 (H3): area 3 singles from P1 = 3, its 3 singles in P1's area = 3, Miser +1
    assert last["scores"][2] == 7


def test_bf_roles_option_off_has_no_roles() -> None:
    state = new(3)
    assert "roles" not in state.view(0)
    assert state.decision() == "offer"
    assert all("R" not in c[:1] for c in state.zones()["hand:0"])


def test_bf_resolve_role_target_decision_and_refusals() -> None:
    state = new(3, extra=("R11", "R2", "R3", "R6", "R5", "R4"), roles=True)
    for text in ("place R11", "place R2", "place R3", "take from P1", "take from P2", "take from P0"):
        state.apply(text)
    assert state.view(2)["roles"]["my_roles"] == ["R11"]
    play_round_of_singles(state, {0: [1, 2, 1], 1: [2, 0, 2], 2: [0, 1, 0]})
    # R2 (P0) and R3 (P1) resolved by themselves; R11 Chancellor waits for P2's target
    assert state.decision() == "role_target" and state.current_player == 2
    assert state.view(0)["roles"]["resolving"] == "R11"
    assert [str(a) for a in state.legal_actions()] == ["target P0", "target P1"]
    before = state.snapshot()
    for text, rule in (
        ("target P2", "BF-X3"),
        ("target P0 at 1", "BF-X3"),
        ("pass", "BF-X2"),
        ("special", "BF-X2"),
        ("keep H1s1", "BF-RESOLVE"),
    ):
        with pytest.raises(IllegalActionError) as info:
            state.apply(text)
        assert info.value.rule == rule, text
        assert state.snapshot() == before
    state.apply("target P0")
    last = state.view(None)["last_round"]
    assert last["scores"][0] == last["influence"][0] - 2
    assert [r for r, _ in last["roles"]] == ["R2", "R3", "R11"]

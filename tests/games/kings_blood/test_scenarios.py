"""Rulebook examples as scenario tests with an exact deck (scripted actions, asserts after each)."""

from __future__ import annotations

from pathlib import Path

import regalia
from regalia.games.kings_blood.cards import KINGS_BLOOD

from .helpers import deal, edit, hand, legal, play, pos


def test_kb_t3_draw3_stacking_rulebook_example() -> None:
    # Sarah (P0) plays Merideth (Draw 3) -> Daniel (P1) plays Eleeza (Draw 3) -> Emily (P2)
    # must draw 6, plays Aia (Skip) instead, which skips Sarah -> Daniel draws 6, then plays.
    s = deal(3, [["M7f"], ["R7f"], ["R3f"]], founder="A7m")
    play(s, "play M7f left of A7m")
    assert s.current_player == 1
    assert s.pending_draw == 3
    assert s.view(1)["phase"] == "defend"
    assert "play R7f right of A7m" in legal(s)
    assert "draw" in legal(s)
    play(s, "play R7f right of A7m")
    assert s.current_player == 2
    assert s.pending_draw == 6
    assert "play R3f right of R7f" in legal(s)
    play(s, "play R3f right of R7f")
    # Skip takes effect first: Sarah is skipped, the Draw 6 falls on Daniel
    assert s.current_player == 1
    assert s.pending_draw == 6
    assert legal(s) == ["draw"]  # Daniel has no defence
    play(s, "draw")
    assert len(s.hands[1]) == 6 + 6
    assert s.pending_draw == 0
    assert s.current_player == 1 and s.view(1)["phase"] == "turn"
    assert "draw" in legal(s)


def test_kb_m3_m4_marriage_child_drawn_and_play_on_child() -> None:
    # P0 places B4f beside B3m: a Marriage (same colour, opposite gender); P0 draws the child A6m
    # and then plays A2m beside the child (colour match, no Marriage): the turn ends.
    s = deal(2, [["B4f", "A2m"], []], founder="B3m", pile=["A6m"])
    assert "play B4f right of B3m" in legal(s) and "play B4f right of B3m nomarry" in legal(s)
    play(s, "play B4f right of B3m")
    assert pos(s, "B4f") == (0, 2)
    assert pos(s, "A6m") == (1, 1)  # centred under the parents (KB-G4)
    assert s.current_player == 0
    view = s.view(0)
    assert view["phase"] == "birth" and view["child"] == "A6m"
    assert view["active"] == ["A6m"]  # the parents are covered
    assert "A6m" not in hand(s, 0)
    assert "play A2m right of A6m" in legal(s) and "end" in legal(s)
    play(s, "play A2m right of A6m")
    assert pos(s, "A2m") == (1, 3)
    assert s.current_player == 1
    assert s.view(1)["phase"] == "turn"


def test_kb_m3_event_drawn_at_a_marriage_must_be_played() -> None:
    s = deal(2, [["B4f"], []], founder="B3m", pile=["Assassination"])
    play(s, "play B4f right of B3m")
    view = s.view(1)
    assert view["phase"] == "forced" and view["forced_event"] == "Assassination"
    assert legal(s) == ["assassinate B3m", "assassinate B4f"]
    play(s, "assassinate B3m")
    assert s.view(0)["discard"] == ["Assassination", "B3m"]
    assert "B3m" not in [c["card"] for c in s.view(0)["genealogy"]]
    # KB-E1: after the Assassination the player may play another card
    assert s.view(0)["phase"] == "bonus" and s.current_player == 0
    play(s, "end")
    assert s.current_player == 1


def test_kb_m4_triplets_siblings_in_a_line_never_marry() -> None:
    s = deal(2, [["B4f", "R4f", "R4m"], []], founder="B3m", pile=["A4m"])
    play(s, "play B4f right of B3m")
    assert s.view(0)["child"] == "A4m"
    assert {"sibling R4f left", "sibling R4f right", "sibling R4m left", "sibling R4m right"} <= set(legal(s))
    pile_before = len(s.pile)
    play(s, "sibling R4f right")
    assert s.view(0)["phase"] == "siblings"
    assert "end" not in legal(s)  # a group has at least two siblings
    assert legal(s) == ["sibling R4m right"]
    play(s, "sibling R4m right")  # R4m beside R4f: same colour, opposite gender, but siblings never marry
    assert len(s.pile) == pile_before
    assert pos(s, "R4f") == (1, 3) and pos(s, "R4m") == (1, 5)
    assert legal(s) == ["end"]
    play(s, "end")
    assert s.current_player == 1


def test_kb_t8_assassination_of_lone_founder_starts_new_genealogy() -> None:
    s = deal(2, [["Assassination"], []], founder="B3m", pile=["Exile", "A5f"])
    play(s, "assassinate B3m")
    # the Exile drawn for the new Genealogy is discarded, A5f is the new founder
    assert [c["card"] for c in s.view(0)["genealogy"]] == ["A5f"]
    assert pos(s, "A5f") == (0, 0)
    assert s.view(0)["discard"] == ["Assassination", "B3m", "Exile"]
    assert s.view(0)["phase"] == "bonus"


def test_kb_e3_new_connection_forms_a_marriage() -> None:
    s = deal(2, [["B8m", "NewConnection"], ["B8f"]], founder="B3m", pile=["M1m"])
    play(s, "play B8m right of B3m")  # both male: no Marriage
    play(s, "play B8f right of B8m nomarry")  # declined
    assert pos(s, "B8f") == (0, 4)
    assert "connect B8f left of B3m" in legal(s)
    assert "connect B8f left of B3m nomarry" in legal(s)
    play(s, "connect B8f left of B3m")
    assert pos(s, "B8f") == (0, -2)
    assert pos(s, "M1m") == (1, -1)  # the child of B8f and B3m
    assert s.view(0)["phase"] == "birth"


def test_kb_e4_e5_enthronement_moves_the_kings_blood_card() -> None:
    s = deal(3, [["Enthronement"], ["B8m", "Enthronement"], []], founder="B3m", advanced=True)
    assert s.view(0)["aside"] == ["KingsBlood"]
    play(s, "enthrone B3m")
    assert "KingsBlood" in hand(s, 0)
    assert s.view(1)["known_in_hands"][0] == ["KingsBlood"]
    assert s.view(1)["aside"] == []
    play(s, "play B8m right of B3m")
    play(s, "draw", "end")
    assert "kingsblood B8m" in legal(s) and "kingsblood B3m" in legal(s)
    play(s, "kingsblood B8m")
    assert s.view(0)["phase"] == "bonus"
    play(s, "end")
    assert "enthrone B3m" not in legal(s)  # B3m already has an Enthronement
    play(s, "enthrone B8m")
    g = s.view(0)["genealogy"]
    assert g == [{"card": "B8m", "row": 0, "x": 0, "active": True, "attached": ["Enthronement"]}]
    assert "KingsBlood" in hand(s, 1) and "KingsBlood" not in hand(s, 0)
    assert "B3m" in s.view(0)["discard"] and s.view(0)["discard"].count("Enthronement") == 1


def test_kb_t5_kings_blood_as_only_card_wins_when_stolen() -> None:
    s = deal(2, [["Enthronement"], []], founder="B3m", advanced=True)
    s = edit(s, hands=[s.hands[0], ["KingsBlood"]], known=[[], ["KingsBlood"]], aside=[])
    play(s, "enthrone B3m")
    assert s.is_terminal
    assert s.winners == (1,)
    assert s.returns() == [0.0, 1.0]
    assert s.hands[0].count(KINGS_BLOOD) == 1


def test_kb_t5_win_only_with_a_character() -> None:
    s = deal(2, [["Exile"], []], founder="B3m")
    s = edit(s, hands=[["Exile"], s.hands[1]])
    assert legal(s) == ["draw", "announce"]  # an Event may not be the last card
    err = None
    try:
        s.apply("exile B3m to P1")
    except regalia.IllegalActionError as exc:
        err = exc
    assert err is not None and err.rule == "KB-T5"
    s = edit(s, hands=[["B5m"], s.hands[1]], announced=[True, False])
    play(s, "play B5m right of B3m")
    assert s.is_terminal and s.winners == (0,)
    assert s.returns() == [1.0, 0.0]


def test_kb_t4_missed_announcement_penalty() -> None:
    s = deal(2, [["B5m", "A1m"], []], founder="B3m")
    s = edit(s, hands=[["B5m", "A1m"], s.hands[1]])
    assert "announce" in legal(s)
    play(s, "play B5m right of B3m")  # down to one card without announcing
    assert len(s.hands[0]) == 1 + 3
    assert s.skip_next == [True, False]
    assert s.current_player == 1
    play(s, "draw", "end")
    # P0's next turn is skipped
    assert s.current_player == 1
    assert s.skip_next == [False, False]


def test_kb_t4_announcement_avoids_the_penalty() -> None:
    s = deal(2, [["B5m", "A1m"], []], founder="B3m")
    s = edit(s, hands=[["B5m", "A1m"], s.hands[1]])
    play(s, "announce")
    assert "announce" not in legal(s)
    play(s, "play B5m right of B3m")
    assert hand(s, 0) == ["A1m"]
    assert s.skip_next == [False, False]


def _tiny_deck(tmp_path: Path, text: str) -> str:
    f = tmp_path / "tiny.txt"
    f.write_text(text)
    return str(f)


def test_kb_t7_all_players_pass_with_no_cards_to_draw(tmp_path: Path) -> None:
    cards = ["A1m", "A2m", "A4m", "A5m", "A6m", "A8m", "A9m", "R1m", "R2m", "R4m", "R5m", "R6m", "R8m", "R9m", "B3m"]
    path = _tiny_deck(tmp_path, "\n".join(cards) + "\n")
    deck = [cards[i // 2] if i % 2 == 0 else cards[7 + i // 2] for i in range(14)] + ["B3m"]
    s = regalia.make("kings-blood", players=2, seed=1, deck=deck, deck_file=path)
    assert len(s.pile) == 0 and not s.discard
    assert legal(s) == ["pass"]
    play(s, "pass")
    assert s.current_player == 1 and not s.is_terminal
    play(s, "pass")
    assert s.is_terminal
    assert s.winners == ()
    assert s.returns() == [0.0, 0.0]

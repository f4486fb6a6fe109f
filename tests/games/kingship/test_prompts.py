"""Every decision kind's prompt, in the rulebook's words (issue 13, "Every decision says what it
is"): for the deciding seat one sentence naming the card (with its character), ability, title or
law that opened the decision and what each choice does; for another seat and a spectator whom the
table waits for, with nothing hidden in it. One scenario per kind of ``Game.decision_kinds``; a
kind without a scenario here fails ``test_every_decision_kind_has_a_prompt_test``."""

from __future__ import annotations

import pytest
from tests.conformance.test_readable import internal_names

import regalia
from regalia.games.kingship.engine import OP_TURN_START
from regalia.games.kingship.state import KingshipState

from .helpers import act, scenario

GAME = regalia.get_game("kingship")


def build(kind: str) -> KingshipState:
    """The position of a scenario in which a decision of ``kind`` is pending."""
    if kind == "main":
        return scenario(hands={0: ["7L", "9D"]}, pile=["5T"])
    if kind == "target":
        s = scenario(hands={0: ["AL", "9L", "2D"]}, pile=["AT"])
        act(s, 0, "play AL")
        return s
    if kind == "dq":
        s = scenario(hands={0: ["AL", "9L", "2D"]}, pile=["AT"], titles={"DarkQueen": 3})
        act(s, 0, "play AL")
        act(s, 0, "target P2")
        return s
    if kind == "outlaw":
        s = scenario(hands={0: ["AL", "9L", "2D"], 1: ["Outlaw", "3L"]}, pile=["AT"])
        act(s, 0, "play AL")
        act(s, 0, "target P2")
        return s
    if kind == "reroute":
        s = scenario(hands={0: ["9L", "2D"], 1: ["Outlaw", "3L"]}, pile=["9T"], titles={"DarkQueen": 3})
        act(s, 0, "play 9L")
        act(s, 0, "target P3")
        act(s, 3, "pass")
        act(s, 1, "redirect P1")
        act(s, 3, "forbid")
        return s
    if kind == "knight":
        s = scenario(hands={0: ["9L", "2D"], 1: ["10L", "3L"]}, pile=["9T"])
        act(s, 0, "play 9L")
        act(s, 0, "target P1")
        return s
    if kind == "lq":
        s = scenario(hands={0: ["7L", "9L"]}, pile=["5T"], titles={"LightQueen": 2})
        act(s, 0, "draw")
        return s
    if kind in ("demon", "demon_take"):
        s = scenario(hands={0: ["7L"], 2: ["3L"]}, pile=["5T"], titles={"Demon": 2})
        s.grave = [0, 36]
        s.pending, s.q, s._legal = None, [(OP_TURN_START,)], None
        s.nturns = 0
        s._run([])
        if kind == "demon_take":
            act(s, 2, "claim")
        return s
    if kind == "give":
        s = scenario(hands={0: ["AL", "9L", "2D"]}, pile=["AT"])
        act(s, 0, "play AL")
        act(s, 0, "target P2")
        return s
    if kind == "give_exile":
        s = scenario(hands={0: ["AL", "9L", "2D"]}, pile=["AT"], titles={"DarkQueen": 3})
        act(s, 0, "play AL")
        for t in (1, 2, 3):
            act(s, 0, f"target P{t}")
            act(s, 3, "forbid")
        return s
    if kind == "place":
        s = scenario(hands={0: ["2L", "2D", "9D", "KL"]}, pile=["2T"], deck=["5L"])
        act(s, 0, "play 2L 2D")
        return s
    if kind == "farmer":
        s = scenario(hands={0: ["3L", "9D"]}, pile=["3T"], deck=["KD", "AL"])
        act(s, 0, "play 3L")
        return s
    if kind == "poacher":
        s = scenario(hands={0: ["4L", "9D"]}, pile=["7L", "4T"])
        act(s, 0, "play 4L")
        return s
    if kind in ("spec", "poach"):
        s = scenario(hands={0: ["4L", "4D", "9D"], 1: ["7L", "7D", "AL"], 2: ["7T", "2L"]}, pile=["4T"])
        act(s, 0, "play 4L 4D")
        if kind == "poach":
            act(s, 0, "name 7")
        return s
    if kind in ("revive", "priest_draw"):
        s = scenario(hands={0: ["5L", "5D", "9D"]}, pile=["KT", "5T"])
        act(s, 0, "play 5L 5D")
        if kind == "priest_draw":
            act(s, 0, "revive KT")
        return s
    if kind in ("m_take", "m_return"):
        s = scenario(hands={0: ["7L", "7D", "9D", "2L"], 1: ["KL", "2T", "AD"]}, pile=["7T"])
        act(s, 0, "play 7L 7D")
        act(s, 0, "target P1")
        if kind == "m_return":
            act(s, 0, "take KL")
        return s
    if kind in ("m_offer", "m_ask", "m_resp", "m_choose"):
        s = scenario(hands={0: ["7L", "9D", "AD"], 1: ["KL", "2L"], 2: ["AL", "2T"]}, pile=["7T"])
        act(s, 0, "play 7L")
        if kind == "m_offer":
            return s
        act(s, 0, "offer 9D")
        if kind == "m_ask":
            return s
        act(s, 0, "ask 2")
        if kind == "m_resp":
            return s
        act(s, 1, "counter KL")
        act(s, 2, "pass")
        act(s, 3, "pass")
        return s
    if kind == "prince_title":
        s = scenario(hands={0: ["JL", "JD", "9D"]}, pile=["JT"], titles={"Demon": 2})
        act(s, 0, "play JL JD")
        return s
    if kind == "queen":
        s = scenario(hands={0: ["QL", "QD", "9D"]}, pile=["QL"], titles={"Kingship": 2}, active_laws=["law exactly 9"])
        act(s, 0, "play QL QD")
        return s
    if kind == "search":
        s = scenario(hands={0: ["KL", "2D"]}, pile=["KT"], titles={"Kingship": 2}, deck=["5L", "5D"])
        act(s, 0, "play KL")
        act(s, 0, "target P1")
        return s
    if kind == "extra":
        s = scenario(hands={0: ["KL", "KD", "2D"]}, pile=["KT"], titles={"Kingship": 2})
        act(s, 0, "play KL KD")
        return s
    if kind in ("law", "vote"):
        s = scenario(hands={0: ["7L", "9D"]}, pile=["5T"], titles={"Kingship": 0, "LightQueen": 2})
        if kind == "vote":
            act(s, 0, "law exactly 3")
        return s
    if kind == "exile":
        s = scenario(hands={0: ["7L", "9D", "5L"]}, pile=["5T"], titles={"Kingship": 0, "LightQueen": 2})
        act(s, 0, "law exile-approvers")
        act(s, 2, "approve")
        return s
    if kind == "tax":
        s = scenario(hands={0: ["2L", "9D", "5L"]}, pile=["2T"], active_laws=["law tax 2"])
        act(s, 0, "play 2L")
        return s
    raise KeyError(kind)


PROMPTS: dict[str, tuple[int, str, int, str, str]] = {
    # kind: (deciding seat, its prompt, another seat, that seat's prompt, a spectator's prompt)
    "main": (
        0,
        "Your turn (phase 2): play a card or pair matching 5T Priest by suit or value, or draw a card (one draw a turn, before playing).",
        1,
        "Waiting for P0, whose turn it is (phase 2: draw and/or play).",
        "Waiting for P0, whose turn it is (phase 2: draw and/or play).",
    ),
    "target": (
        0,
        "Your Angel (AL): choose an opponent to receive a card from your hand, revealed to all.",
        1,
        "Waiting for P0: their Angel (AL) targets an opponent.",
        "Waiting for P0: their Angel (AL) targets an opponent.",
    ),
    "dq": (
        3,
        "Dark Queen: P0's Angel (AL) targets P2 to receive a card from P0's hand, revealed to all. Let the target stand (pass), or forbid it (forbid: P0 must choose another target)?",
        0,
        "Waiting for P3, the Dark Queen, who may forbid a target: your Angel (AL) targets P2 to receive a card from your hand, revealed to all.",
        "Waiting for P3, the Dark Queen, who may forbid a target: P0's Angel (AL) targets P2 to receive a card from P0's hand, revealed to all.",
    ),
    "outlaw": (
        1,
        "Outlaw: P0's Angel (AL) targets P2 to receive a card from P0's hand, revealed to all. Play your Outlaw to make another player the target (redirect; you take the Outlaw title), or keep it (pass)?",
        2,
        "Waiting for P0: their Angel (AL) targets an opponent.",
        "Waiting for P0: their Angel (AL) targets an opponent.",
    ),
    "reroute": (
        1,
        "The Dark Queen forbade your redirect of P0's Witch (9L): choose another player to redirect it to (the Dark Queen forbade P1).",
        0,
        "Waiting for P1: their Outlaw redirects your Witch (9L) (the Dark Queen forbade P1).",
        "Waiting for P1: their Outlaw redirects P0's Witch (9L) (the Dark Queen forbade P1).",
    ),
    "knight": (
        1,
        "Knight: P0's Witch (9L) targets you to be silenced. Block it with a Knight (the ability is cancelled, your Knight goes on the pile and you draw a card), or let it happen (pass)?",
        2,
        "Waiting for P0: their Witch (9L) targets a player who is not silenced.",
        "Waiting for P0: their Witch (9L) targets a player who is not silenced.",
    ),
    "lq": (
        2,
        "Light Queen: let P0's draw of 1 card (the regular draw of the turn) happen (pass), or prevent it (prevent)?",
        0,
        "Waiting for P2, the Light Queen, to let your draw of 1 card (the regular draw of the turn) happen or prevent it.",
        "Waiting for P2, the Light Queen, to let P0's draw of 1 card (the regular draw of the turn) happen or prevent it.",
    ),
    "demon": (
        2,
        "Demon: at the start of P0's turn you may give up the Demon title to take any number of the 2 graveyard cards into your hand (claim), or keep the title (pass).",
        0,
        "Waiting for P2, the Demon, to claim the graveyard (giving up the title) or keep the title.",
        "Waiting for P2, the Demon, to claim the graveyard (giving up the title) or keep the title.",
    ),
    "demon_take": (
        2,
        "Demon's claim: take a card from the graveyard into your hand (claim a card), or stop (pass).",
        0,
        "Waiting for P2 to take cards from the graveyard (the Demon's claim).",
        "Waiting for P2 to take cards from the graveyard (the Demon's claim).",
    ),
    "give": (
        0,
        "Your Angel (AL): choose the card you give P2 (it is revealed to all).",
        1,
        "Waiting for P0 to choose the card their Angel (AL) gives P2.",
        "Waiting for P0 to choose the card their Angel (AL) gives P2.",
    ),
    "give_exile": (
        0,
        "Your Angel (AL) found no valid recipient (the Dark Queen forbade every opponent): choose a card of your hand to exile instead.",
        1,
        "Waiting for P0 to exile a card: their Angel (AL) found no valid recipient.",
        "Waiting for P0 to exile a card: their Angel (AL) found no valid recipient.",
    ),
    "place": (
        0,
        "Your Messenger pair (2L 2D): you drew a card; choose a card of your hand to place on the pile (it becomes the top card, with no ability).",
        1,
        "Waiting for P0 to place a card on the pile, with their Messenger pair (2L 2D).",
        "Waiting for P0 to place a card on the pile, with their Messenger pair (2L 2D).",
    ),
    "farmer": (
        0,
        "Your Farmer (3L): the top card of the deck is KD Emperor. Put it in your hand (keep), or reveal it to all and leave it on top of the deck (reveal)?",
        1,
        "Waiting for P0 to keep or reveal the top card of the deck, with their Farmer (3L).",
        "Waiting for P0 to keep or reveal the top card of the deck, with their Farmer (3L).",
    ),
    "poacher": (
        0,
        "Your Poacher (4L): exile the top two cards of the deck (exile deck) or 4T Poacher, the pile card below it (exile pile).",
        1,
        "Waiting for P0 to choose what their Poacher (4L) exiles.",
        "Waiting for P0 to choose what their Poacher (4L) exiles.",
    ),
    "spec": (
        0,
        "Your Poacher pair (4L 4D): specify a card (name a value, a suit, both, or any); every player holding one, you first, may exile one.",
        1,
        "Waiting for P0: their Poacher pair (4L 4D) specifies a card; every player holding one may exile one.",
        "Waiting for P0: their Poacher pair (4L 4D) specifies a card; every player holding one may exile one.",
    ),
    "poach": (
        1,
        "P0's Poacher pair (4L 4D) specifies a Merchant (7), and you hold 7L Merchant, 7D Merchant: exile one (exile), or keep them (pass)?",
        2,
        "Waiting for P0: their Poacher pair (4L 4D) specifies a card; every player holding one may exile one.",
        "Waiting for P0: their Poacher pair (4L 4D) specifies a card; every player holding one may exile one.",
    ),
    "revive": (
        0,
        "Your Priest pair (5L 5D): revive a card of the pile below your play onto the top of the deck (revealed to all); you may then draw a card.",
        1,
        "Waiting for P0 to revive a pile card onto the top of the deck, with their Priest pair (5L 5D).",
        "Waiting for P0 to revive a pile card onto the top of the deck, with their Priest pair (5L 5D).",
    ),
    "priest_draw": (
        0,
        "Your Priest pair (5L 5D): the top card of the deck is KT Emperor; draw a card (draw), or do not (pass)?",
        1,
        "Waiting for P0 to draw a card or not, with their Priest pair (5L 5D).",
        "Waiting for P0 to draw a card or not, with their Priest pair (5L 5D).",
    ),
    "m_take": (
        0,
        "Your Merchant pair (7L 7D): P1 holds AD Angel, 2T Messenger, KL Emperor. Take one of them; then you give P1 a card back.",
        1,
        "Waiting for P0 to take a card from your hand, with their Merchant pair (7L 7D).",
        "Waiting for P0 to take a card from P1's hand, with their Merchant pair (7L 7D).",
    ),
    "m_return": (
        0,
        "Your Merchant pair (7L 7D): give P1 a card of your hand in return.",
        1,
        "Waiting for P0 to give you a card back, with their Merchant pair (7L 7D).",
        "Waiting for P0 to give P1 a card back, with their Merchant pair (7L 7D).",
    ),
    "m_offer": (
        0,
        "Your Merchant (7L): offer a card of your hand or a title you hold for trade (offer), or make no offer (pass).",
        1,
        "Waiting for P0 to offer a card or title for trade, with their Merchant (7L).",
        "Waiting for P0 to offer a card or title for trade, with their Merchant (7L).",
    ),
    "m_ask": (
        0,
        "Your Merchant (7L): you offer 9D Witch. Name what you ask for in return: a card (ask 7, ask L, ask 7L), a title someone holds (ask title Demon), or nothing (any card or title will do).",
        1,
        "Waiting for P0 to say what their Merchant (7L) asks for 9D Witch.",
        "Waiting for P0 to say what their Merchant (7L) asks for 9D Witch.",
    ),
    "m_resp": (
        1,
        "P0's Merchant (7L) offers 9D Witch and asks for a Messenger (2): accept by giving a matching item (accept), make a counter-offer (counter), or pass?",
        0,
        "Waiting for P1 to answer your Merchant (7L): 9D Witch offered for a Messenger (2).",
        "Waiting for P1 to answer P0's Merchant (7L): 9D Witch offered for a Messenger (2).",
    ),
    "m_choose": (
        0,
        "Your Merchant (7L): the counter-offers for 9D Witch are: P1 offers KL Emperor. Take one (take offer), or none (pass)?",
        1,
        "Waiting for P0 to take one of the counter-offers or none, with their Merchant (7L).",
        "Waiting for P0 to take one of the counter-offers or none, with their Merchant (7L).",
    ),
    "prince_title": (
        0,
        "Your Prince pair (JL JD), with no King in play: obtain any title but Kingship (title), or none (pass).",
        1,
        "Waiting for P0: their Prince pair (JL JD) may obtain any title but Kingship.",
        "Waiting for P0: their Prince pair (JL JD) may obtain any title but Kingship.",
    ),
    "queen": (
        0,
        "Your Queen pair (QL QD): become the Light Queen or the Dark Queen (title), or neither (pass); then, with a King in play, all active laws are removed.",
        1,
        "Waiting for P0: their Queen pair (QL QD) may take the Light or the Dark Queen title.",
        "Waiting for P0: their Queen pair (QL QD) may take the Light or the Dark Queen title.",
    ),
    "search": (
        0,
        "Your Emperor (KL): choose a card of the deck to put into P1's hand; the deck is then shuffled.",
        1,
        "Waiting for P0 to search the deck for a card for you, with their Emperor (KL).",
        "Waiting for P0 to search the deck for a card for P1, with their Emperor (KL).",
    ),
    "extra": (
        0,
        "Your Emperor pair (KL KD), with a King in play: take another turn when this one ends (again), or not (pass)?",
        1,
        "Waiting for P0 to take another turn or not, with their Emperor pair (KL KD).",
        "Waiting for P0 to take another turn or not, with their Emperor pair (KL KD).",
    ),
    "law": (
        0,
        "Kingship: at the start of your turn you may propose a law (law, then its name; every Queen in play must approve it: P2), or propose none (pass).",
        1,
        "Waiting for P0, the King, to propose a law or none.",
        "Waiting for P0, the King, to propose a law or none.",
    ),
    "vote": (
        2,
        "P0 proposes the law 'exactly 3' (the first player to hold exactly 3 cards wins). Approve or deny the King's proposal? One denial ends it.",
        0,
        "Waiting for P2 to approve or deny the law you proposed: 'exactly 3' (the first player to hold exactly 3 cards wins).",
        "Waiting for P2 to approve or deny the law P0 proposed: 'exactly 3' (the first player to hold exactly 3 cards wins).",
    ),
    "exile": (
        0,
        "The law 'exile-approvers' (the proposer and every voter each exile a card) passed: choose a card of your hand to exile.",
        1,
        "Waiting for P0 to exile a card under the law 'exile-approvers' (the proposer and every voter each exile a card).",
        "Waiting for P0 to exile a card under the law 'exile-approvers' (the proposer and every voter each exile a card).",
    ),
    "tax": (
        0,
        "The law 'tax 2': you played 2L Messenger, so draw a card (draw) or exile a card of your hand (exile).",
        1,
        "Waiting for P0 to draw a card or exile one under the law 'tax 2'.",
        "Waiting for P0 to draw a card or exile one under the law 'tax 2'.",
    ),
}


def test_every_decision_kind_has_a_prompt_test() -> None:
    assert set(PROMPTS) == set(GAME.decision_kinds), sorted(set(PROMPTS) ^ set(GAME.decision_kinds))
    assert len(GAME.decision_kinds) == len(set(GAME.decision_kinds)) == 32


@pytest.mark.parametrize("kind", list(PROMPTS))
def test_prompt_of_each_decision_kind(kind: str) -> None:
    s = build(kind)
    decider, prompt, other, waiting, spectator = PROMPTS[kind]
    assert s.decision_kind() == kind and s.current_player == decider
    assert s.prompt(decider) == prompt == s.view(decider)["prompt"]
    assert s.prompt(other) == waiting == s.view(other)["prompt"]
    assert s.prompt(None) == spectator == s.view(None)["prompt"]
    for text in (prompt, waiting, spectator):
        assert not internal_names(text), internal_names(text)
    for choice in s.legal_choices():
        assert choice["label"] and not internal_names(choice["label"]), choice

"""Kingdom's rulings: the rule sheet's KD-1..KD-13 and regalia's own KD-X1.. (docs/games/kingdom.md)."""

from __future__ import annotations

from regalia.core.game import Ruling

SHEET: tuple[Ruling, ...] = (
    Ruling(
        "KD-1",
        "Turn. Start: un-turn all your preoccupied cards, then draw 1. Then, in any order: put at most one "
        "noble into play (at most one King, one Queen and one Jack in play per player at a time); use unpreoccupied "
        "nobles to bring soldiers or an Ace Champion of their suit into play (the noble becomes preoccupied); declare "
        "at most one attack; play Jokers. End: discard down to 7 cards.",
    ),
    Ruling(
        "KD-2",
        "Suit change. A player with two nobles of the same suit in play may turn one of them (it becomes "
        "preoccupied) to give the other a suit of the player's choice until the end of the current turn — on any "
        "player's turn.",
    ),
    Ruling(
        "KD-3",
        "Ranks. Soldiers by number; Ace Champion is the highest soldier (11); every noble ranks below every "
        "soldier; among nobles K > Q > J.",
    ),
    Ruling(
        "KD-4",
        "Attack. No attacks until every player has had a turn. The attacker picks one kingdom and declares "
        "attackers among their unpreoccupied soldiers, Champions and nobles (they become preoccupied). The defender "
        "assigns blockers among their unpreoccupied cards (they become preoccupied); each blocker blocks one "
        "attacker; several blockers may block the same attacker.",
    ),
    Ruling(
        "KD-5",
        "One-on-one. The lower-ranked card is discarded and the higher one stays (preoccupied); equal ranks "
        "are both discarded.",
    ),
    Ruling(
        "KD-6",
        "Multi-block. Damage ratings: soldier = its number, Ace Champion = 11, nobles = 1. The blockers' "
        "ratings are added and dealt to the attacker; the attacker splits its own rating among its blockers in whole "
        "points as its player chooses. At the end of combat every card dealt damage >= its rating is discarded. "
        "Damage does not carry over to later combats.",
    ),
    Ruling(
        "KD-7",
        "Territories. Each unblocked attacker takes territories: a soldier its number, a noble or Champion 1. "
        "A blocked attacker takes none.",
    ),
    Ruling(
        "KD-8",
        "Assassin. At any time, a player may play an Ace from hand as an Assassin by turning an unpreoccupied "
        "noble of the Ace's suit; the target is any card in play. Only another assassination counters it: the "
        "counter targets the Assassin, and chains may continue. A successful assassination discards the target and "
        "the Assassin.",
    ),
    Ruling(
        "KD-9",
        "Jokers. Pick a Card, Spy and Expose may be played at any time and can be countered by an Assassin "
        "(which then targets nothing in play: the Joker is cancelled). Recruit is played on your own turn only: take "
        "a card in play from another kingdom into yours, obeying the noble limits; it arrives preoccupied. Every "
        "Joker goes to the discard pile after use. A Joker needs no noble.",
    ),
    Ruling("KD-10", "Soldiers stay in play when the noble that brought them in leaves play."),
    Ruling("KD-11", "Empty deck. Shuffle the discard pile into a new deck."),
    Ruling(
        "KD-12",
        "Elimination. A kingdom with no territories is out; its cards in play and in hand go to the discard "
        "pile. The last kingdom standing wins.",
    ),
    Ruling(
        "KD-13",
        "Game length. Option max_turns (default none) ends a game after that many turns, the kingdom with "
        "most territories winning (ties are draws) — for simulation and training only.",
        "max_turns",
        online="Game length. A turn limit (none by default) ends a game after that many turns, the kingdom "
        "with most territories winning (ties are draws).",
    ),
)

OWN: tuple[Ruling, ...] = (
    Ruling(
        "KD-X1",
        "Arrival. A noble put into play and a soldier or Ace Champion brought in by a noble arrive "
        "unpreoccupied: they may act (bring, attack, block) at once. Only Recruit says a card arrives preoccupied.",
    ),
    Ruling(
        "KD-X2",
        "Response windows. Out-of-turn plays (Assassin; Joker as Pick a Card, Spy or Expose; suit change "
        "per KD-X5) are made in windows: after each main-phase action of the active player (noble, bring, suit "
        "change, Assassin, Joker, Recruit) every other kingdom is asked; after the attackers are declared every "
        "other kingdom; after the blockers are declared every kingdom, the attacker last. Seats are asked in turn "
        "order from the active player's left, and only seats that hold a usable play are asked at all. A seat that "
        "plays is asked again until it passes. A window is seen only by the seat asked (KD-X13).",
    ),
    Ruling(
        "KD-X3",
        "Counter chains. When an Assassin has its target, or a Pick a Card, Spy or Expose Joker is played, "
        "every other kingdom able to play an Assassin (or the KD-X5 suit change that enables one) is asked in turn "
        "order from that player's left whether to counter. A counter targets the last Assassin or Joker of the "
        "chain. When nobody counters the last one, it takes effect: a counter discards itself and the card it "
        "targets (which is cancelled), and the chain's new last item gets a fresh counter window. Nobles turned to "
        "bring Assassins stay turned.",
    ),
    Ruling(
        "KD-X4",
        "Cards leaving combat. A card that leaves play during a combat (an Assassin) leaves the combat. An "
        "attacker whose blockers have all left stays blocked and takes no territories; a multi-blocked attacker "
        "left with one blocker fights it one-on-one (KD-5).",
    ),
    Ruling(
        "KD-X5",
        "Out-of-turn suit change. Out of your main phase a suit change may only give the suit of an Ace in "
        "your hand to an unpreoccupied noble (its only use there is to bring that Assassin). In your main phase any "
        "suit may be given to any of your nobles that shares its suit with another, unpreoccupied noble.",
    ),
    Ruling(
        "KD-X6",
        "Pick a Card. The player takes any card of the face-up discard pile, or the top card of the "
        "face-down deck unseen by the others (searching the shuffled deck would reveal its order). The Joker goes "
        "to the discard pile after the pick, so it cannot pick itself; with no deck and no discard pile it cannot "
        "be played.",
    ),
    Ruling(
        "KD-X7",
        "Known cards. The discard pile is face up: every card discarded is seen, and a card taken from it is "
        "known by all to be in the taker's hand. Cards seen through Spy (by the spy) or Expose (by all) stay known "
        "until they leave that hand; views and determinizations keep them.",
    ),
    Ruling(
        "KD-X8",
        "Combat procedure. Once an attack is declared at least one attacker must be declared. The defender "
        "is not asked to block when they have no unpreoccupied card. The attacker splits a multi-blocked attacker's "
        "damage blocker by blocker in the order the blocks were declared, choosing the points of each but the last, "
        "which takes the rest. All combat damage is dealt at the end of combat, at once.",
    ),
    Ruling(
        "KD-X9",
        "Deck order for tests. With make(deck=...) the given cards are the top of the deck (dealt one at a "
        "time from seat 0, then the first player's first draw) and seat 0 plays first; cards left out follow in "
        "seeded random order.",
        online="",
    ),
    Ruling(
        "KD-X10",
        "Targets. An Assassin may target any card in play in any kingdom, the player's own included "
        "('any other card currently in play'). Recruit takes a card from any other kingdom still in the game.",
    ),
    Ruling(
        "KD-X11",
        "After combat the attacker's main phase goes on (nobles, soldiers and Jokers may still be played); "
        "the attack itself is spent for the turn.",
    ),
    Ruling(
        "KD-X12",
        "Hand limit. Checked only at the end of your own turn; the player chooses the discards one at a "
        "time. A draw from an empty deck with an empty discard pile draws nothing.",
    ),
    Ruling(
        "KD-X13",
        "Hidden windows. A response or counter window is seen only by the seat asked in it. Every other seat "
        "(and a spectator) receives the same views, prompts and events, move after move, as in the same game "
        "where nobody could respond (a view repeated unchanged counts once): after a main-phase action it sees the "
        "active player's turn going on; after the attackers or the blockers are declared it sees that declaration "
        "still open (the player's done is told to that player alone), or its own earlier question in the same "
        "run of windows; during a counter chain it sees the table as it was before the Assassin's target or the "
        "Joker that opened the chain (or at its own last decision in it), and the chain's events reach it "
        "together when the chain is over. Reason: a window is offered only to a seat holding a usable Ace or "
        "Joker, so showing it, or showing a combat or a chain waiting, would tell the others about that hand; "
        "asking every seat every time instead would add a decision with nothing to decide after every action.",
    ),
    Ruling(
        "KD-X14",
        "Player count. 2 to 24 players: one 54-card deck per 4 players (option decks, at most 6). Reason: the "
        "rulebook adds a deck for every 4 more players; cards are small integers from fixed tables, and the "
        "integer action space grows with the square of the decks (about 144,000 ids with 6 decks), which is "
        "as far as masks for learning stay practical.",
    ),
)

ALL: tuple[Ruling, ...] = SHEET + OWN

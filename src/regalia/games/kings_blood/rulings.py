"""King's Blood's rulings: the rule sheet's and regalia's own, with their reasons (docs/games/kings_blood.md).

``Game.rulings`` lists them; a refusal names one by its id.
"""

from __future__ import annotations

from typing import Final

from regalia.core.game import Ruling

RULINGS: Final[tuple[Ruling, ...]] = (
    Ruling(
        "KB-G1",
        "Rows are generations numbered downward from the founder's row; positions are in half-card units, a card at x occupies [x, x+2).",
    ),
    Ruling(
        "KB-G2",
        "Beside an Active card at x means x-2 or x+2 in its row; the spot must be empty, the spot beyond it empty (the new card touches one card, not two), and no card of the row below may lie at the spot +-1.",
    ),
    Ruling(
        "KB-G3",
        "A card is Active when no card of the row below lies at x-1 or x+1 and at least one side is placeable (both sides with active_needs_both_sides).",
        "active_needs_both_sides",
        online="A card is Active when it has no child in the row below and at least one of its sides is free "
        "(both sides with the option 'Active needs both sides free').",
    ),
    Ruling("KB-G4", "A child goes in the row below, centred under its two parents."),
    Ruling(
        "KB-G5",
        "New Connection lifts an Active card (with its Enthronement or King's Blood card) and places it beside another Active card by KB-G2, never back on its own spot; cards the move uncovers may be destinations.",
    ),
    Ruling(
        "KB-G6",
        "Cards whose parents are removed stay where they are; the Genealogy is never repacked except after a multiplayer Enthronement (the enthroned card becomes the only card).",
    ),
    Ruling(
        "KB-G7",
        "A card placed beside a child may overlap cards of the row above; they are then covered and not Active.",
    ),
    Ruling(
        "KB-T1",
        "On your turn play a Character beside an Active card whose colour or number it matches, play an Event on an Active card, or draw one card (even when you could play); after drawing you may play that card only.",
    ),
    Ruling(
        "KB-T2",
        "Skip, Reverse and Draw 3 affect the next player only when the card is the last card played in the turn; a child is not played and never triggers; the founder's ability is ignored.",
    ),
    Ruling(
        "KB-T3",
        "Facing a Draw 3 you may instead play a Skip, Reverse or Draw 3 on an Active card by the matching rule (no Marriage); Draw 3 adds 3 and passes it on; Skip and Reverse take effect first; whoever cannot or will not pass it on draws the whole count, then takes a normal turn.",
    ),
    Ruling(
        "KB-T4",
        "A player must announce King's Blood! when going down to one card: announce is offered on your own turn with two or fewer cards; ending a turn with one card unannounced costs 3 cards and the next turn (and a last card played unannounced does not win, KB-T4b).",
        "announcement",
    ),
    Ruling(
        "KB-T4b",
        'Playing your last card without a valid King\'s Blood! announcement (KB-X1) is penalised too (rulebook: announce "before the end of your turn, or before you play your last card"): the card is played and its play resolved, but it does not win; when the turn ends the player draws 3 cards and skips the next turn. With announcement=automatic nothing changes.',
        "announcement",
    ),
    Ruling(
        "KB-T5",
        "You win by emptying your hand with a Character; an Event (or the King's Blood card) may not be your last card. Advanced: holding only the King's Blood card when another player enthrones, you win at once.",
    ),
    Ruling(
        "KB-T6",
        "With two players Reverse changes nothing; option two_player_reverse_skips makes it a Skip.",
        "two_player_reverse_skips",
        online="With two players a Reverse changes nothing; the option 'Reverse skips with two players' makes "
        "it a Skip.",
    ),
    Ruling(
        "KB-T7",
        "An empty draw pile is refilled by shuffling the discards; with both empty nobody draws, a player who cannot play passes, and when every player passes in sequence the game ends with no winner.",
    ),
    Ruling(
        "KB-T8",
        "An empty Genealogy restarts with the next Character drawn (Events drawn are discarded; reshuffle only when the pile runs out); with no Character left in pile or discards the game ends with no winner.",
    ),
    Ruling(
        "KB-M1",
        "A Marriage occurs when a Character is placed beside an Active card of the same colour and opposite gender, by a play or by New Connection; beside the King's Blood character it always occurs.",
    ),
    Ruling(
        "KB-M2",
        "Forming a Marriage is the placing player's choice: a placement that could marry is offered both ways (play ... / play ... nomarry).",
        "marriage_optional",
    ),
    Ruling(
        "KB-M3",
        "On a Marriage the arranging player draws the top card: a Character is the child (no Marriage by birth, no ability); an Event must be played at once on any Active card; resolved even after your last card.",
    ),
    Ruling(
        "KB-M4",
        "After a birth the arranging player may make one play on the child: a Character by the matching rule, an Event, or two or more siblings with the child's number in a line on one side (siblings never marry).",
    ),
    Ruling("KB-M5", "The chain continues as long as new Marriages form; otherwise the turn ends."),
    Ruling(
        "KB-E1",
        "Assassination: discard an Active card and any Enthronement attached (a King's Blood card attached is set aside); then you may play one more card.",
    ),
    Ruling(
        "KB-E2",
        "Exile: give an Active card (with anything attached) to any player, yourself included; it goes into that hand.",
    ),
    Ruling(
        "KB-E3",
        "New Connection: see KB-G5; no colour or number match; the moved card's ability does not trigger; a Marriage it forms is resolved normally.",
    ),
    Ruling(
        "KB-E4",
        "Enthronement: attach under an Active card without an Enthronement; discard every other card of the Genealogy. Advanced: its player takes the King's Blood card from wherever it is.",
    ),
    Ruling(
        "KB-E5",
        "King's Blood card (Advanced Rules): place it under an Active card, then you may play another card; any Character may be played beside its character; Assassination sets it aside, Exile sends it along.",
        "advanced",
    ),
    Ruling(
        "KB-X1",
        "An announcement made with two or fewer cards stays valid until the hand holds three or more cards again.",
    ),
    Ruling(
        "KB-X2",
        "After a draw, a birth, an Assassination or the King's Blood card, the player always gets the follow-up decision (with 'end'), even when no play is possible, so its existence reveals nothing about the hand.",
    ),
    Ruling(
        "KB-X3",
        "A penalty skip uses up the skipped player's turn; a pending Draw 3 then falls on the next player who takes a turn.",
    ),
    Ruling("KB-X4", "The number of generations (scoring) is the number of rows holding at least one card."),
    Ruling("KB-X5", "A Marriage when no card can be drawn (pile and discards empty) has no issue; the chain stops."),
    Ruling("KB-X6", "An Event drawn at a Marriage with no Active card to play it on is discarded."),
    Ruling("KB-X7", "Scores (scoring option) are 0 for every seat when the game ends with no winner."),
    Ruling(
        "KB-X8",
        "A player who empties the hand with a Character has won: the rest of that play (the Marriage draw, a forced Event, a card exiled or a King's Blood card taken into the winner's hand) changes only the Genealogy and the scores, and nobody else can win.",
    ),
    Ruling(
        "KB-X9",
        "Seat 0 plays first (the dealer is the last seat). A setup Event drawn for the founder goes back into the pile, which is reshuffled, also with an explicit deck; a partial deck= is the top of the deck, the rest follows in seeded random order.",
        online="Seat 0 plays first (the dealer is the last seat). A setup Event drawn for the founder goes back "
        "into the pile, which is reshuffled.",
    ),
    Ruling(
        "KB-X10",
        "Passing a Draw 3 on is your turn: it ends there (the announcement check applies). With two players a Skip (or a Reverse with two_player_reverse_skips) passes the count back to yourself.",
        online="Passing a Draw 3 on is your turn: it ends there (the announcement check applies). With two "
        "players a Skip (or a Reverse that skips) passes the count back to yourself.",
    ),
    Ruling(
        "KB-X11",
        "Plays on a newborn child (a Character, an Event, siblings) need the child to be Active; siblings match by number only and are played cards (the last one's ability counts); an Assassination on the child still gives its extra play; the King's Blood card cannot be the play on the child.",
    ),
    Ruling(
        "KB-X12",
        "An Event drawn and played at a Marriage is the last card played of the turn, so the ability of the Character that arranged the Marriage no longer applies (the rulebook's reason to decline a Marriage).",
    ),
    Ruling(
        "KB-X13",
        "A user deck file may list each character notation once (copies would make Genealogy targets ambiguous); Events may repeat.",
    ),
    Ruling(
        "KB-X14",
        "The discards are shuffled into a new draw pile at the moment a card must be drawn from an empty pile, so cards discarded after the pile ran out are included.",
    ),
    Ruling(
        "KB-X15",
        "A siblings decision with one sibling placed shows every player that the decider still holds a Character of the child's number (a group has two or more); a determinization for another seat deals the decider's unseen cards given that fact.",
    ),
)

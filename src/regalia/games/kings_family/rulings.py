"""Every ruling of the rule sheet that concerns King's Family, and King's Family's own (KF-X*).

The texts say how each ruling applies in the solitaire; ``docs/games/kings_family.md`` gives the
reasons.
"""

from __future__ import annotations

from regalia.core.game import Ruling

RULINGS: tuple[Ruling, ...] = (
    # geometry, shared with King's Blood
    Ruling("KB-G1", "Rows are generations, numbered downward from the founder's row; positions in half-card units."),
    Ruling(
        "KB-G2",
        "A Character goes beside an Active card (x-2 or x+2) if that spot and the spot beyond are empty and no card of the row below lies at the spot +-1.",
    ),
    Ruling(
        "KB-G3",
        "A card is Active when nothing lies on top of it and one of its sides (both, with the option) is placeable.",
        "active_needs_both_sides",
    ),
    Ruling("KB-G4", "A child goes in the row below, centred under its two parents."),
    Ruling(
        "KB-G5",
        "New Connection lifts an Active card (with its Enthronement) and places it beside another Active card, never back on its own spot; uncovered cards may be destinations.",
    ),
    Ruling(
        "KB-G6",
        "Cards whose parents are removed stay where they are; the Genealogy is never repacked in the solitaire.",
    ),
    Ruling(
        "KB-G7",
        "A card placed beside a child may overlap cards of the row above; they are covered and no longer Active.",
    ),
    # turn rules of King's Blood: how they apply to the solitaire
    Ruling(
        "KB-T1",
        "A Character is played beside an Active card whose colour or number it matches; an Event on an Active card. In the solitaire there are no turns: plays follow one another, and drawing is governed by KF-2.",
    ),
    Ruling(
        "KB-T2",
        "A child is not played and never triggers its ability; the founder's ability is ignored. (The 'last card of the turn' rule is multiplayer only, see KF-X8.)",
    ),
    Ruling(
        "KB-T3",
        "Not used in the solitaire: there is no next player to pass a Draw 3 to (KF-6: Draw 3 draws three cards).",
    ),
    Ruling("KB-T4", "Not used in the solitaire: there is no 'King's Blood!' announcement."),
    Ruling(
        "KB-T5", "Not used in the solitaire: nobody wins by going out, so an Event may be the last card played (KF-X6)."
    ),
    Ruling("KB-T6", "Not used in the solitaire: Reverse draws two cards (KF-6)."),
    Ruling(
        "KB-T7",
        "Replaced by KF-7: an exhausted draw pile is reshuffled only with more than 20 discards; there is no passing.",
    ),
    Ruling(
        "KB-T8",
        "If the Genealogy becomes empty, draw until a Character appears and make it the founder; Events drawn are discarded. No card to draw: the game ends.",
    ),
    # Marriage and birth
    Ruling(
        "KB-M1",
        "A Marriage occurs when a Character is placed (from the hand or by New Connection) beside an Active card of the same colour and opposite gender.",
    ),
    Ruling(
        "KB-M2",
        "Forming a Marriage is the player's choice: such a placement is offered with and without 'nomarry'.",
        "marriage_optional",
    ),
    Ruling(
        "KB-M3",
        "On a Marriage draw the top card: a Character is born under the parents (no Marriage, no ability); an Event must be played at once on an Active card. Resolved even after the last card of the hand.",
    ),
    Ruling(
        "KB-M4",
        "Right after a birth, holding two or more cards of the child's number, you may place a sibling group: two or more of them in a line on one side of the child, in any order; siblings never marry.",
    ),
    Ruling(
        "KB-M5",
        "Chains of Marriages continue as long as plays form new Marriages (in the solitaire you simply keep playing).",
    ),
    # Events
    Ruling("KB-E1", "Assassination discards an Active card and any Enthronement attached (KF-6: then draw one card)."),
    Ruling(
        "KB-E2",
        "Exile: in the solitaire the Active card (with anything attached) is discarded and you draw two cards (KF-6).",
    ),
    Ruling(
        "KB-E3",
        "New Connection: see KB-G5; no colour or number match needed; the moved card's ability does not trigger; a Marriage it forms is resolved normally.",
    ),
    Ruling(
        "KB-E4",
        "Enthronement is attached under an Active card without an Enthronement; in the solitaire only the higher generations are discarded (KF-6).",
    ),
    Ruling("KB-E5", "Not used in the solitaire: the King's Blood card is removed from the deck."),
    # King's Family
    Ruling(
        "KF-1",
        "Draw 7 cards; the founder is drawn next (Events drawn meanwhile go back into the draw pile, which is reshuffled).",
    ),
    Ruling(
        "KF-2",
        "You may not draw while you hold a legal play; with none, draw one card, and repeat until you draw a playable card, unless your hand holds 10 cards.",
    ),
    Ruling("KF-3", "Hand limit 10: draws from any cause stop when the hand reaches 10 cards; the rest are not drawn."),
    Ruling("KF-4", "At most 10 cards in any generation (row)."),
    Ruling("KF-5", "A card whose effect also forms a Marriage: resolve the effect (its draws), then the Marriage."),
    Ruling(
        "KF-6",
        "Skip draws 1, Reverse 2, Draw 3 3; Assassination discards an Active card and draws 1; Exile discards an Active card and draws 2; Enthronement is attached to an Active card and discards every card in the rows above it; New Connection unchanged.",
    ),
    Ruling(
        "KF-7",
        "Draw pile exhausted: with more than 20 discards they are reshuffled into a new draw pile; otherwise no card is ever drawn again.",
    ),
    Ruling(
        "KF-8",
        "The game ends when the hand is empty, when it holds 10 cards and none is playable, when the only plays would put an 11th card in a generation, or when no play and no draw is possible.",
    ),
    Ruling(
        "KF-9",
        "Score: 1 point per generation, 2 instead for the Enthronement's generation and every generation below it, plus 10 per exhaustion of the draw pile.",
    ),
    # regalia's own
    Ruling("KF-X1", "The Marriage draw is not limited by the hand limit: the card drawn never enters the hand."),
    Ruling("KF-X2", "Once no card can be drawn (KF-7), a Marriage still forms but has no child."),
    Ruling(
        "KF-X3",
        "An Event drawn at a Marriage that has no legal target (no Active card, no New Connection move, every Active card already enthroned) is discarded.",
    ),
    Ruling(
        "KF-X4",
        "A child that would be an 11th card in its generation is discarded instead of born (KF-4 caps every row).",
    ),
    Ruling(
        "KF-X5",
        "The KF-7 check is made the moment the last card is drawn; every exhaustion scores 10, the last one (20 or fewer discards) included, as the rulebook says 'for each time you exhaust the draw pile'.",
    ),
    Ruling(
        "KF-X6",
        "An Event may be played as the last card of the hand (KB-T5 is about winning, which the solitaire has not).",
    ),
    Ruling(
        "KF-X7",
        "The solitaire has no winner: winners is always empty; the result carries the score, its parts and stats.",
    ),
    Ruling(
        "KF-X8",
        "Every card played from the hand resolves its own effect, each sibling of a group included (there is no next player, so 'only the last card played' does not apply).",
    ),
    Ruling(
        "KF-X9",
        "A generation is a row holding at least one card; with two Enthronements in the Genealogy the topmost one decides which generations score double.",
    ),
    Ruling(
        "KF-X10",
        "When the only plays are refused by the generation limit the game ends (KF-8), even if the hand could still draw.",
    ),
    Ruling(
        "KF-X11",
        "With make(deck=...), the founder procedure still reshuffles the draw pile when Events are drawn before the first Character (put a Character 8th for a fixed order); a shorter deck is completed by the missing cards in seeded random order.",
        online="",
    ),
    Ruling(
        "KF-X12",
        "Undo is counted, never hidden: with undo=counted (default) a person may go back to an earlier decision, and every undo is counted in the record, the result and the final score line (the draw pile keeps its order, so an undo may follow a look at the next draw); with undo=off no undo is allowed (competitive deals).",
        "undo",
    ),
)

"""The rulings of Kingship: the sheet's KS-1..KS-14 and regalia's own KS-15 onwards (with reasons
in docs/games/kingship.md)."""

from __future__ import annotations

from regalia.core.game import Ruling

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "KS-1",
        "First player: cards are dealt face up until an Outlaw appears; that player deals and plays first; play goes clockwise. With an explicit deck, seat 0 plays first.",
    ),
    Ruling(
        "KS-2",
        "A pair is two or more cards of one value played together; its first card must be legal on the pile; the last placed is the new top; one card triggers #1, two or more #2, once. Outlaws are played alone; Farmers never as a pair.",
    ),
    Ruling(
        "KS-3",
        "At most one draw per turn, before playing: forced with no legal play, voluntary otherwise; after drawing you may play or pass.",
    ),
    Ruling(
        "KS-4",
        "Empty deck: the pile's top card is set aside, the rest shuffled into a new deck; with no other pile cards the draw does nothing.",
    ),
    Ruling(
        "KS-5",
        "Phases: 1 start-of-turn abilities (King's law, Demon's claim at the start of any turn); 2 draw and/or play with abilities resolved sentence by sentence; 3 no cards in hand wins.",
    ),
    Ruling(
        "KS-6",
        "Targeting window: Dark Queen veto, then Outlaw redirects, then a Knight block by the final target (unless unblockable); windows offered only to players able to act and invisible to others.",
    ),
    Ruling(
        "KS-7",
        "Outlaw: playable any time; on your own turn it ends the turn; its player takes the Outlaw title; redirects a target, a card obtained or a title acquired; self-redirect needs no Dark Queen or her permission; goes on the pile after resolution, wild for the next play.",
    ),
    Ruling(
        "KS-8",
        "Wizard: an exact copy of the first non-Wizard card below it for the rest of the turn, triggering its #1 (single) or #2 (pair of Wizards); an ability that cannot apply does nothing.",
    ),
    Ruling(
        "KS-9",
        "Merchant single: offer a card or title and optionally name what you ask; opponents in turn order accept, counter-offer or pass; take at most one counter-offer; at most one trade.",
    ),
    Ruling("KS-10", "A specification is a value, a suit, both, or any Kingship card."),
    Ruling(
        "KS-11",
        "Laws: option laws='pro'|'catalogue'; Queens vote, no Queen means the law passes; the Prince's law needs only the King; acquiring Kingship or a Queen pair with [King/Yes] removes all laws; the Light Queen cannot stop Pro-law draws.",
        "laws",
    ),
    Ruling(
        "KS-12",
        "Silenced: card abilities (except Witch) and title abilities have no effect; laws naming them or triggered by their actions have no effect; they still vote; one silenced player.",
    ),
    Ruling("KS-13", "A single Knight played on your own turn has no ability."),
    Ruling(
        "KS-14",
        "Option max_turns (default none) ends the game in a draw after that many turns.",
        "max_turns",
        online="A turn limit (none by default) ends the game in a draw after that many turns.",
    ),
    Ruling(
        "KS-15",
        "Bracketed card conditions are checked once, when the ability triggers: complementary sentences ([King/No] ... [King/Yes] ...) are alternatives, not both in a row.",
    ),
    Ruling(
        "KS-16",
        "Pro laws 1, 2 and 6 and the catalogue's all-exile, others-draw-2 and wins are carried out once when passed; tax, no-winner, exactly and cannot-win stay in force. 'Members involved in the approval' are the proposer and the voters.",
    ),
    Ruling(
        "KS-17",
        "Only an ability that makes its player choose a player targets directly: Messenger's skip, Demon #1's take from the Demon, Knight #2's draws and Poacher #2's offer are not targeted (no Dark Queen, Outlaw or Knight windows).",
    ),
    Ruling(
        "KS-18",
        "Outlaw redirects apply to targets and to titles acquired through card abilities; draws, trades and cards taken into one's own hand are not redirected (a card given to a target follows the target). The acting player does not redirect their own ability; each player plays at most one Outlaw per chain; a redirect names any player but the current target; silenced players are not offered a redirect; if the Dark Queen leaves a redirect no valid target, the previous target stands; out of turn an Outlaw is played only in such a window (on your own turn it may be played without redirecting anything).",
    ),
    Ruling("KS-19", "The graveyard is face up: exiled cards are public."),
    Ruling(
        "KS-20",
        "A Knight block cancels every remaining sentence of the ability; only the final target blocks, only an opponent's ability, and a silenced player cannot block (a Knight's block is a card ability).",
    ),
    Ruling(
        "KS-21",
        "Merchant: the Silenced title is never traded; an asked title must be held by someone else; accepting gives an item matching the ask (any item when nothing was named); trades are public; the Merchant chooses among counter-offers after every opponent answered.",
    ),
    Ruling(
        "KS-22",
        "Light Queen: one window per draw instruction ('draw two' is one); a prevented regular draw still uses the turn's draw; offered only when a card could be drawn; keeping the Farmer's card, reviving, searching and the Demon's claim are not draws.",
    ),
    Ruling(
        "KS-23",
        "Law 'exactly N': N is 0..20; a new one replaces the old; checked whenever the game waits for a decision and at the end of every action, in turn order from the player on turn; while in force an empty hand in phase 3 does not win; no-winner and cannot-win still apply.",
    ),
    Ruling(
        "KS-24",
        "A law identical to an active one cannot be proposed; a catalogue law names one player; each proposal is the proposer's one chance (the King once at the start of the turn, the Prince once per Prince play).",
    ),
    Ruling(
        "KS-25",
        "'Below this card' is the card directly below the played card(s) (for a Wizard, the copied card); 'any card from the pile' and Witch #2's exile leave the cards of the current play alone.",
    ),
    Ruling(
        "KS-26",
        "Farmer #1 on an empty deck rebuilds it as for a draw (KS-4); Poacher #1 exiles what there is of the top two without rebuilding; Emperor #1's search of an empty deck does nothing.",
    ),
    Ruling(
        "KS-27",
        "Dark Queen: she may forbid again, each forbidden seat is out for that targeting; she may protect herself; she cannot forbid the acting player's own self-target but can forbid any Outlaw redirect, including onto the redirector.",
    ),
    Ruling(
        "KS-28",
        "An extra turn (Emperor #2) is taken right away; a pending Messenger skip applies when the turn next passes on.",
    ),
    Ruling(
        "KS-29",
        "Phase 1 order: the Demon's claim (needs a non-empty graveyard; cards taken one at a time), then the King's proposal, then the no-winner draw.",
    ),
    Ruling(
        "KS-30",
        "A silenced title holder's passives are off too: a silenced Outlaw-title holder must follow suit, a silenced player acquiring Kingship removes no laws, acquiring the Demon strips no titles. A silenced player may play a single Demon with no Demon in play (no effect).",
    ),
    Ruling(
        "KS-31",
        "Angel #1: the card is chosen after the windows; with no valid recipient its player exiles a card of their choice. Merchant #2: the card given back is chosen after taking and may be any card in hand.",
    ),
    Ruling(
        "KS-32",
        "Law 'tax' applies to a player's own-turn plays (not Knight blocks or Outlaw redirects), once per law per play, after the abilities resolve; with an empty hand the player must draw.",
    ),
    Ruling(
        "KS-33",
        "An Outlaw played on your own turn still leads to phase 3 (you can win with it); a Wizard copying an Outlaw does nothing.",
    ),
    Ruling(
        "KS-34",
        "The Emperor's searched card is seen by the searcher and the recipient only; a Merchant #2 reveal is seen by the Merchant only; a Farmer's look by the Farmer only; Angel gifts, revivals and trades are public.",
    ),
    Ruling(
        "KS-35",
        "make(deck=...) may give a partial deck (at most 80 cards, no more copies than the deck has): its cards come first, the rest follow in seeded random order; no KS-1 procedure then, seat 0 plays first.",
        online="",
    ),
    Ruling(
        "KS-36",
        "If a whole round of turns (one turn start per seat) passes in which nobody could draw (the deck is empty "
        "and the pile holds only its top card, KS-4), no card moved, no title changed hands and no law was made or "
        "removed, the game ends with no winner (as King's Blood's all-pass rule, KB-T7). Example: every hand and "
        "the deck are empty while the no-winner law is in force.",
    ),
    Ruling(
        "KS-37",
        "Hidden windows: an Outlaw redirect, a Knight block and the Poacher pair's exile are shown only to the "
        "seat asked, since their existence would reveal a card in its hand; every other seat and a spectator keep "
        "seeing the last decision everyone could see, with the same prompt, as if no window were open. The title "
        "windows (the Dark Queen's forbid, the Light Queen's prevent, the Demon's claim) open on public facts alone "
        "and are shown to everyone, with their answers.",
    ),
)

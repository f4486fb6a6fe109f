"""The words of Kingship for people: each card's character and ability texts, the titles' and the
laws' texts (rulebook "Kingship Card Abilities", "Kingship Title Abilities", "Kingship Pro").

Data only: views, prompts, labels and the terminal drawing read these tables; the rules never do.
``RULEBOOK[value]`` keeps the rulebook's sentences word for word (for the browser's card faces);
``SHORT[value]`` says the same in a few words for labels beside an action.
"""

from __future__ import annotations

from typing import Any, Final

from regalia.games.kingship.cards import NAME, NK, SUIT, SUIT_NAMES, VALUE, VALUE_NAMES, VALUE_TEXT, spec_text

CHARACTER: Final[tuple[str, ...]] = VALUE_NAMES
"""CHARACTER[value]: the character every card of that value shows (1..13, 14 = the Outlaw)."""

A_CHARACTER: Final[tuple[str, ...]] = tuple(("an " if c[:1] in "AEIOU" else "a ") + c if c else "" for c in CHARACTER)
"""A_CHARACTER[value]: the character with its article, "a Knight", "an Angel", "an Emperor"."""

PERSON: Final[tuple[str, ...]] = (
    "",
    "Mother Azeyla",
    "Herald Drake",
    "Peasant Johnny",
    "Huntress Rahai",
    "Sister Euphema",
    "Count Zeraxxus",
    "Treasurer Ucas",
    "Prophet Xerox",
    "Sorceress Leah",
    "Sir Barristan",
    "Lord Viserys",
    "Lady Meranda / Lady Xiandra",
    "King Ramsey III",
    "Salvatore Gee / Octavia Rose",
)
"""PERSON[value]: the character's name on the card (the Queens: Light / Dark)."""

RULEBOOK: tuple[tuple[str, str], ...] = (
    ("", ""),
    (
        "Target an opponent. Give the chosen player a card from your hand. Reveal this card to all players.",
        "Choose an opponent. The chosen player loses all of their titles. This ability cannot be blocked.",
    ),
    (
        "[Next-Player/Un-Silenced] Skip the next player's turn. If the skipped player has more cards than you, "
        "draw a card.",
        "Reverse the direction of play. Draw a card. If you drew a card, remove a card from your hand and place "
        "it on the pile.",
    ),
    (
        "Look at the top card of the deck. You may choose to put the card in your hand or reveal the card to all "
        "players and place it back on top of the deck.",
        "You are not permitted to play more than one Farmer card at a time.",
    ),
    (
        "Player must choose to exile either the top two cards from the deck or the top card of the pile below "
        "this card.",
        "Specify a card. All players who possess the specified card in their hand may choose to exile it (just "
        "one card).",
    ),
    (
        "Target a player. Revive the top card of the pile below this card and place the card in the chosen "
        "player's hand.",
        "Revive any card from the pile and place the revived card on top of the deck. You may then choose to "
        "draw a card.",
    ),
    (
        "[Demon/No] You are not permitted to play the Demon card. [Demon/Yes] Take a random card from the "
        "Demon's hand.",
        "[Demon/No]-OR-[Demon/Silenced] Become the new Demon. [Demon/Yes/Un-Silenced] Target an opponent to swap "
        "hands with.",
    ),
    (
        "Player can propose to trade a card or title. Any opponent can accept the offer or propose a counter offer.",
        "Target an opponent to reveal their hand. Take one card from their hand and give them a card in return.",
    ),
    (
        "When this card is played, it becomes an exact copy of the card below. Trigger any card abilities, if "
        "applicable.",
        "All Wizard cards played become an exact copy of the card below. Trigger any card abilities, if applicable.",
    ),
    (
        "Target a player to become silenced. You cannot choose an opponent who is already currently silenced.",
        "Specify a card. Exile all copies of the specified card from the pile. All players then become un-silenced.",
    ),
    (
        "This card can be played anytime an opponent targets you directly. Block an opponent's ability from "
        "triggering. Place the Knight on the pile and draw a card.",
        "All opponents must draw two cards. Do this in turn order.",
    ),
    (
        "[King/Yes] If you are not currently the King, you may propose a new law. Only the King's approval is "
        "required.",
        "[King/No] Player can choose to obtain any title except for the King. [King/Yes] Player becomes the new King.",
    ),
    (
        "Player becomes the new Queen of light or dark depending on the type of Queen played.",
        "Player may choose to become the new Queen of light or dark. [King/Yes] Remove all currently active laws.",
    ),
    (
        "[King/No]-AND-[Queen/Yes] Become the new King. [King/Yes] Target a player. Search the deck for a card "
        "and place it in the chosen player's hand. Shuffle the deck.",
        "[King/Yes] Player may choose to have another turn when their turn ends.",
    ),
    (
        "This card can be played anytime. The Outlaw card is extremely flexible and can redirect almost "
        "anything. After all abilities resolve, place this card on top of the pile. It is now automatically the "
        "end of your turn and you become the new Outlaw. Redirect triggers once.",
        "",
    ),
)
"""RULEBOOK[value]: the card's ability #1 (played alone) and #2 (played as a pair of two or more),
in the rulebook's words."""

SHORT: tuple[tuple[str, str], ...] = (
    ("", ""),
    ("give an opponent a card from your hand, revealed to all", "an opponent loses all their titles (unblockable)"),
    (
        "skip the next player; draw a card if they hold more than you",
        "reverse the direction, draw a card, then place a card from your hand on the pile",
    ),
    ("look at the top card of the deck: keep it or reveal it", "Farmers are never played as a pair"),
    (
        "exile the top two cards of the deck or the pile card below",
        "specify a card: each player holding one may exile one",
    ),
    (
        "a player you target takes the pile card below into their hand",
        "revive a pile card onto the top of the deck; you may then draw",
    ),
    (
        "take a random card from the Demon's hand (not playable while nobody is the Demon)",
        "become the Demon, or with a Demon in play swap hands with an opponent",
    ),
    (
        "offer a card or title for trade; opponents accept, counter-offer or pass",
        "see an opponent's hand, take a card and give one back",
    ),
    ("copies the card below and triggers its ability #1", "copy the card below and trigger its ability #2"),
    (
        "silence a player who is not silenced yet",
        "specify a card: every copy of it in the pile is exiled; everyone is un-silenced",
    ),
    ("no ability played on your own turn: it blocks a targeting ability", "every opponent draws two cards"),
    (
        "with a King in play (not you) propose a law that only the King approves",
        "no King: obtain any title but Kingship; with a King: become the King",
    ),
    ("become the Queen of the card's suit", "become the Light or the Dark Queen; with a King, remove all laws"),
    (
        "no King but a Queen: become the King; with a King: search the deck for a card for a player",
        "with a King in play, you may take another turn",
    ),
    ("ends your turn and takes the Outlaw title; redirects a target or a title in a response", ""),
)
"""SHORT[value]: a few words per ability for labels (``#1`` single, ``#2`` pair)."""

TITLE_TITLES: Final[tuple[str, ...]] = ("Kingship", "Dark Queen", "Light Queen", "Outlaw", "Demon", "Silenced")
"""The titles as people write them (the action notation writes ``DarkQueen``, ``LightQueen``)."""

TITLE_TEXT: Final[tuple[str, ...]] = (
    "Whenever a player acquires this title, remove all currently active laws. At the beginning of your turn, you "
    "may choose to pass a new law. If all available Queens approve the request, it immediately comes into effect.",
    "Whenever a player attempts to target another player directly (not themselves), you may prevent them from "
    "targeting that player. The player must then choose a different target. If a player is unable to choose a "
    "valid target to give a card to, the card is then exiled instead.",
    "Whenever a player (including yourself) attempts to draw a card, you may choose to prevent them from drawing.",
    "You do not have to follow suit and may play cards from your hand as if the top card of the pile was a wild card.",
    "Whenever a player acquires this title, all their holding titles are removed. At the beginning of any "
    "player's turn, you may choose to remove your Demon title and take any amount of cards from the graveyard. "
    "Place them into your hand.",
    "Your card abilities and titles have no effect (except for Witch cards). Laws that are specific to you, or are "
    "triggered by your actions have no effect.",
)
"""TITLE_TEXT[title]: the title's abilities in the rulebook's words."""


def character(k: int) -> str:
    """The character of card kind ``k``: ``"Angel"``, ``"Light Queen"``, ``"Outlaw"``."""
    v = VALUE[k]
    if v == 12:
        return "Light Queen" if SUIT[k] == 0 else "Dark Queen"
    return CHARACTER[v]


CARD: Final[list[str]] = [f"{NAME[k]} {character(k)}" if k != NK - 1 else "Outlaw" for k in range(NK)]
"""CARD[kind]: a card as lists show it, notation then character: ``"9T Witch"``, ``"Outlaw"``."""

THE_CARD: Final[list[str]] = [f"the {character(k)} ({NAME[k]})" if k != NK - 1 else "an Outlaw" for k in range(NK)]
"""THE_CARD[kind]: a card in a sentence: ``"the Witch (9T)"``."""


def _card_info(k: int) -> dict[str, Any]:
    v = VALUE[k]
    person = PERSON[v]
    if v == 12:
        person = person.split(" / ")[min(SUIT[k], 1)]  # Light, Dark (there is no Terra Queen)
    return {
        "value": VALUE_TEXT[v] if v <= 13 else None,
        "suit": SUIT_NAMES[SUIT[k]] if SUIT[k] >= 0 else None,
        "character": character(k),
        "name": person,
        "single": RULEBOOK[v][0],
        "pair": RULEBOOK[v][1],
    }


CARD_INFO = [_card_info(k) for k in range(NK)]
"""CARD_INFO[kind]: what a card shows, for views (value, suit, character, the character's name,
and the ability texts #1 and #2). Views copy these dicts; never change them."""

TITLE_INFO = {
    name: {"title": TITLE_TITLES[t], "text": TITLE_TEXT[t]}
    for t, name in enumerate(("Kingship", "DarkQueen", "LightQueen", "Outlaw", "Demon", "Silenced"))
}
"""TITLE_INFO[title notation]: the title as people write it and its abilities."""


def cards_text(kinds: list[int]) -> str:
    """Cards in a sentence: ``"7L Merchant, 9D Witch"`` (``"nothing"`` for none)."""
    return ", ".join(CARD[k] for k in kinds) or "nothing"


def spec_words(spec: int) -> str:
    """A specification in words (KS-10): ``"any card"``, ``"a Merchant (7)"``, ``"a Light card (L)"``,
    ``"7L Merchant"``, ``"an Outlaw"``."""
    v, suit = divmod(spec, 4)
    if v == 0 and suit == 0:
        return "any card"
    if v == 14:
        return "an Outlaw"
    if v == 0:
        return f"a {('Light', 'Dark', 'Terra')[suit - 1]} card ({spec_text(spec)})"
    if suit == 0:
        name = CHARACTER[v]
        return f"{'an' if name[0] in 'AEIOU' else 'a'} {name} ({spec_text(spec)})"
    return CARD[(v - 1) * 3 + suit - 1]

"""Kingdom's actions: frozen named tuples with a canonical text and a stable integer id.

An action is ``KingdomAction(kind, a, b, c)``; the meaning of ``a``, ``b``, ``c`` depends on ``kind``
(card integers from :mod:`cards`, seats, suits or damage points). Texts (``str(action)``):

=============================  ==============================================================
``end``                        end your turn (then discard down to 7) [KD-1]
``pass``                       decline a response window or a counter-assassination [KD-X2]
``done``                       finish declaring attackers or blockers [KD-4]
``play KS``                    put a noble into play [KD-1]
``bring 5H with QH``           a noble brings a soldier or Ace Champion of its suit [KD-1]
``change KS to H using QS``    turn QS to give KS the suit H for this turn [KD-2]
``attack P2``                  declare an attack on seat 2's kingdom [KD-4]
``attacker 7S``                add a card to the attack [KD-4]
``block 7S with 9C``           the defender blocks attacker 7S with 9C [KD-4]
``assign 3 to 5C``             the attacker deals 3 of its damage to blocker 5C [KD-6]
``discard 5H``                 discard a card (hand limit) [KD-1]
``assassin AS using KS``       play an Ace as an Assassin, turning KS [KD-8]; then
``target 9D``                  ... choose the card in play it targets
``counter AD using QD``        counter the last assassination or Joker with an Assassin [KD-8]
``joker pick``                 play a Joker as Pick a Card [KD-9]; then
``take 5H`` / ``take deck``    ... take a card from the discard pile or the deck's top card
``joker spy P2``               play a Joker as Spy on seat 2 [KD-9]
``joker expose P2``            play a Joker to expose seat 2's hand [KD-9]
``joker recruit 9D``           play a Joker to recruit 9D into your kingdom [KD-9]
=============================  ==============================================================
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, NamedTuple

from regalia.core.errors import IllegalActionError
from regalia.games.kingdom.cards import (
    ACE_BY_INDEX,
    ACE_INDEX,
    ARMY_BY_INDEX,
    ARMY_INDEX,
    IS_ACE,
    IS_ARMY,
    IS_NOBLE,
    JOKER,
    NAME,
    NOBLE_BY_INDEX,
    NOBLE_INDEX,
    SUITS,
    parse_card,
)

END: Final = 0
PASS: Final = 1
DONE: Final = 2
JOKER_PICK: Final = 3
TAKE_DECK: Final = 4
PLAY: Final = 5
BRING: Final = 6
CHANGE: Final = 7
ATTACK: Final = 8
ATTACKER: Final = 9
BLOCK: Final = 10
ASSIGN: Final = 11
DISCARD: Final = 12
TAKE: Final = 13
ASSASSIN: Final = 14
TARGET: Final = 15
COUNTER: Final = 16
SPY: Final = 17
EXPOSE: Final = 18
RECRUIT: Final = 19
NUM_KINDS: Final = 20
"""The action kinds (``Final``: read natively when compiled)."""

MAX_ASSIGN: Final = 11  # the largest damage rating (Ace Champion) [KD-6]


class KingdomAction(NamedTuple):
    """One Kingdom action. ``kind`` is one of the module's kind constants; ``a``, ``b``, ``c``
    are its arguments (cards as integers, seats, a suit index, damage points)."""

    kind: int
    a: int = 0
    b: int = 0
    c: int = 0

    def __str__(self) -> str:
        k, a, b, c = self
        if k == END:
            return "end"
        if k == PASS:
            return "pass"
        if k == DONE:
            return "done"
        if k == JOKER_PICK:
            return "joker pick"
        if k == TAKE_DECK:
            return "take deck"
        if k == PLAY:
            return f"play {NAME[a]}"
        if k == BRING:
            return f"bring {NAME[a]} with {NAME[b]}"
        if k == CHANGE:
            return f"change {NAME[a]} to {SUITS[c]} using {NAME[b]}"
        if k == ATTACK:
            return f"attack P{a}"
        if k == ATTACKER:
            return f"attacker {NAME[a]}"
        if k == BLOCK:
            return f"block {NAME[a]} with {NAME[b]}"
        if k == ASSIGN:
            return f"assign {a} to {NAME[b]}"
        if k == DISCARD:
            return f"discard {NAME[a]}"
        if k == TAKE:
            return f"take {NAME[a]}"
        if k == ASSASSIN:
            return f"assassin {NAME[a]} using {NAME[b]}"
        if k == TARGET:
            return f"target {NAME[a]}"
        if k == COUNTER:
            return f"counter {NAME[a]} using {NAME[b]}"
        if k == SPY:
            return f"joker spy P{a}"
        if k == EXPOSE:
            return f"joker expose P{a}"
        return f"joker recruit {NAME[a]}"


_MADE: Final[dict[int, KingdomAction]] = {}
"""Every action made by :func:`act`, by its packed fields: legal actions are shared objects."""


def act(kind: int, a: int = 0, b: int = 0, c: int = 0) -> KingdomAction:
    """The action ``KingdomAction(kind, a, b, c)``, made once and shared (an action is an immutable
    tuple, compared by value; making a named tuple is the dearest part of listing the legal
    actions, in the compiled build most of all). Fields: a card (< 512), a seat, a suit or a
    damage point count in ``a`` and ``b``, a suit in ``c``."""
    key = ((kind * 512 + a) * 512 + b) * 16 + c
    made = _MADE.get(key)
    if made is None:
        made = KingdomAction(kind, a, b, c)
        _MADE[key] = made
    return made


class ActionSpace:
    """The integer action space of one (decks, players) pair: ``offset[kind]`` and sizes.

    Attributes:
        decks, players: the game size.
        offsets: the first id of each kind.
        size: the total number of ids (``num_actions``).
    """

    def __init__(self, decks: int, players: int) -> None:
        self.decks = decks
        self.players = players
        nr = 52 * decks  # regular cards: integers 1..nr
        nn = 12 * decks  # nobles
        ns = 40 * decks  # soldiers and Aces
        na = 4 * decks  # Aces
        nc = nr + 1  # with the Joker
        self.nr, self.nn, self.ns, self.na, self.nc = nr, nn, ns, na, nc
        sizes = [0] * NUM_KINDS
        for k in (END, PASS, DONE, JOKER_PICK, TAKE_DECK):
            sizes[k] = 1
        sizes[PLAY] = nn
        sizes[BRING] = ns * nn
        sizes[CHANGE] = nn * nn * 4
        sizes[ATTACK] = players
        sizes[ATTACKER] = nr
        sizes[BLOCK] = nr * nr
        sizes[ASSIGN] = (MAX_ASSIGN + 1) * nr
        sizes[DISCARD] = nc
        sizes[TAKE] = nc
        sizes[ASSASSIN] = na * nn
        sizes[TARGET] = nr
        sizes[COUNTER] = na * nn
        sizes[SPY] = players
        sizes[EXPOSE] = players
        sizes[RECRUIT] = nr
        self.sizes = sizes
        self.offsets = [0] * NUM_KINDS
        total = 0
        for k in range(NUM_KINDS):
            self.offsets[k] = total
            total += sizes[k]
        self.size = total

    def action_id(self, act: KingdomAction) -> int:
        """The integer id of ``act`` (assumed well formed for this action space)."""
        k, a, b, c = act
        off = self.offsets[k]
        if k <= TAKE_DECK:
            return off
        if k == PLAY:
            return off + NOBLE_INDEX[a]
        if k == BRING:
            return off + ARMY_INDEX[a] * self.nn + NOBLE_INDEX[b]
        if k == CHANGE:
            return off + (NOBLE_INDEX[a] * self.nn + NOBLE_INDEX[b]) * 4 + c
        if k in (ATTACK, SPY, EXPOSE):
            return off + a
        if k in (ATTACKER, TARGET, RECRUIT):
            return off + a - 1
        if k == BLOCK:
            return off + (a - 1) * self.nr + b - 1
        if k == ASSIGN:
            return off + a * self.nr + b - 1
        if k in (DISCARD, TAKE):
            return off + a
        # ASSASSIN, COUNTER
        return off + ACE_INDEX[a] * self.nn + NOBLE_INDEX[b]

    def action_from_id(self, i: int) -> KingdomAction:
        """The action with id ``i``.

        Raises:
            IllegalActionError: ``i`` is outside ``range(size)``.
        """
        if not isinstance(i, int) or not 0 <= i < self.size:
            raise IllegalActionError(f"action id {i} is outside 0..{self.size - 1}", None, i)
        k = NUM_KINDS - 1
        while self.offsets[k] > i:
            k -= 1
        r = i - self.offsets[k]
        if k <= TAKE_DECK:
            return KingdomAction(k)
        if k == PLAY:
            return KingdomAction(k, NOBLE_BY_INDEX[r])
        if k == BRING:
            return KingdomAction(k, ARMY_BY_INDEX[r // self.nn], NOBLE_BY_INDEX[r % self.nn])
        if k == CHANGE:
            pair, suit = divmod(r, 4)
            return KingdomAction(k, NOBLE_BY_INDEX[pair // self.nn], NOBLE_BY_INDEX[pair % self.nn], suit)
        if k in (ATTACK, SPY, EXPOSE):
            return KingdomAction(k, r)
        if k in (ATTACKER, TARGET, RECRUIT):
            return KingdomAction(k, r + 1)
        if k == BLOCK:
            return KingdomAction(k, r // self.nr + 1, r % self.nr + 1)
        if k == ASSIGN:
            return KingdomAction(k, r // self.nr, r % self.nr + 1)
        if k in (DISCARD, TAKE):
            return KingdomAction(k, r)
        return KingdomAction(k, ACE_BY_INDEX[r // self.nn], NOBLE_BY_INDEX[r % self.nn])


@lru_cache(maxsize=64)
def action_space(decks: int, players: int) -> ActionSpace:
    """The (cached) :class:`ActionSpace` of a game with ``decks`` decks and ``players`` seats."""
    return ActionSpace(decks, players)


def _bad(text: str, why: str) -> IllegalActionError:
    return IllegalActionError(
        f"{why}; the actions are end, pass, done, play KS, bring 5H with QH, change KS to H using QS, attack P2, "
        "attacker 7S, block 7S with 9C, assign 3 to 5C, discard 5H, assassin AS using KS, target 9D, counter AD "
        "using QD, joker pick|spy P2|expose P2|recruit 9D, take 5H, take deck",
        None,
        text,
    )


def _card(text: str, word: str, decks: int) -> int:
    c = parse_card(word, decks)
    if c is None:
        raise _bad(text, f"unknown card {word!r}")
    return c


def _real(text: str, word: str, decks: int) -> int:
    c = _card(text, word, decks)
    if c == JOKER:
        raise _bad(text, "a Joker is never in play and cannot be named here")
    return c


def _noble(text: str, word: str, decks: int) -> int:
    c = _card(text, word, decks)
    if not IS_NOBLE[c]:
        raise IllegalActionError(f"{word} is not a noble (King, Queen or Jack)", "KD-1", text)
    return c


def _seat(text: str, word: str, players: int) -> int:
    w = word.upper()
    if not w.startswith("P") or not w[1:].isdigit() or not 0 <= int(w[1:]) < players:
        raise _bad(text, f"{word!r} is not a seat (P0..P{players - 1})")
    return int(w[1:])


def parse_action(text: str, decks: int, players: int) -> KingdomAction:
    """Read an action text (keywords case-insensitive), legal now or not.

    Raises:
        IllegalActionError: the text is not a well-formed Kingdom action for this game size.
    """
    w = text.split()
    if not w:
        raise _bad(text, "empty action text")
    head = w[0].lower()
    n = len(w)
    low = [x.lower() for x in w]
    if n == 1 and head in ("end", "pass", "done"):
        return KingdomAction({"end": END, "pass": PASS, "done": DONE}[head])
    if head == "play" and n == 2:
        return KingdomAction(PLAY, _noble(text, w[1], decks))
    if head == "bring" and n == 4 and low[2] == "with":
        s = _real(text, w[1], decks)
        if not IS_ARMY[s]:
            raise IllegalActionError(
                f"{w[1]} is not a soldier or an Ace; only those are brought in by a noble", "KD-1", text
            )
        return KingdomAction(BRING, s, _noble(text, w[3], decks))
    if head == "change" and n == 6 and low[2] == "to" and low[4] == "using":
        suit = w[3].upper()
        if len(suit) != 1 or suit not in SUITS:
            raise _bad(text, f"{w[3]!r} is not a suit (S, H, D or C)")
        return KingdomAction(CHANGE, _noble(text, w[1], decks), _noble(text, w[5], decks), SUITS.index(suit))
    if head in ("attack", "spy", "expose") and n == 2:
        return KingdomAction({"attack": ATTACK, "spy": SPY, "expose": EXPOSE}[head], _seat(text, w[1], players))
    if head == "attacker" and n == 2:
        return KingdomAction(ATTACKER, _real(text, w[1], decks))
    if head == "block" and n == 4 and low[2] == "with":
        return KingdomAction(BLOCK, _real(text, w[1], decks), _real(text, w[3], decks))
    if head == "assign" and n == 4 and low[2] == "to":
        if not w[1].isdigit() or int(w[1]) > MAX_ASSIGN:
            raise _bad(text, f"{w[1]!r} is not a number of damage points 0..{MAX_ASSIGN}")
        return KingdomAction(ASSIGN, int(w[1]), _real(text, w[3], decks))
    if head == "discard" and n == 2:
        return KingdomAction(DISCARD, _card(text, w[1], decks))
    if head == "take" and n == 2:
        if low[1] == "deck":
            return KingdomAction(TAKE_DECK)
        return KingdomAction(TAKE, _card(text, w[1], decks))
    if head in ("assassin", "counter") and n == 4 and low[2] == "using":
        ace = _real(text, w[1], decks)
        if not IS_ACE[ace]:
            raise IllegalActionError(f"{w[1]} is not an Ace; only an Ace is played as an Assassin", "KD-8", text)
        return KingdomAction(ASSASSIN if head == "assassin" else COUNTER, ace, _noble(text, w[3], decks))
    if head == "target" and n == 2:
        return KingdomAction(TARGET, _real(text, w[1], decks))
    if head == "joker" and n >= 2:
        use = low[1]
        if use == "pick" and n == 2:
            return KingdomAction(JOKER_PICK)
        if use in ("spy", "expose") and n == 3:
            return KingdomAction(SPY if use == "spy" else EXPOSE, _seat(text, w[2], players))
        if use == "recruit" and n == 3:
            return KingdomAction(RECRUIT, _real(text, w[2], decks))
    raise _bad(text, f"{text!r} is not a Kingdom action")

"""The play's context: what the steps of one play (or one turn's start) tell the steps after them.

A play in Kingship resolves through several steps and decisions (an ability, its target, the
windows of the Dark Queen, the Outlaws and the Knights, a Merchant's trade, a law's vote); they
pass their data on in one :class:`PlayContext`, ``KingshipState.ctx``, a typed field per datum.
A new turn starts with an empty context; a play starts a new one (:func:`new_play`).

A field not set in this play is :data:`UNSET` (an int) or ``None`` (a list): a snapshot writes
only the fields that are set (:meth:`PlayContext.to_dict`, the ``ctx`` object of the snapshot
format, each key the field's name), and the checks of a loaded snapshot ask which are set
(``snapshot._check_pending``). The targeting modes and failure rules, words in the resolution
queue's steps (``"opp"``, ``"skip"``…), are small int constants here and words again only in a
snapshot.
"""

from __future__ import annotations

from typing import Any, Final

UNSET: Final = -2
"""The value of an int field not set in this play (every set value is -1 or more)."""

T_OPP: Final = 0
"""Targeting mode: an opponent of the acting player (``"opp"``)."""
T_ANY: Final = 1
"""Targeting mode: any player, the acting player too (``"any"``)."""
T_UNSIL: Final = 2
"""Targeting mode: any player not already silenced (``"unsil"``; Witch #1)."""
TARGET_MODES: Final = ("opp", "any", "unsil")
"""The targeting modes' words, by constant (the queue's ``tgt`` steps and a snapshot use them)."""

FAIL_CONT: Final = 0
"""When the Dark Queen leaves no target: the ability goes on without its targeted part (``"cont"``)."""
FAIL_SKIP: Final = 1
"""When the Dark Queen leaves no target: the ability's remaining steps are skipped (``"skip"``)."""
FAIL_RULES: Final = ("cont", "skip")
"""The failure rules' words, by constant."""

INT_FIELDS: Final = (
    "actor",
    "target",
    "base",
    "silenced",
    "val",
    "suit",
    "pair",
    "copied",
    "drew",
    "t_block",
    "t_prev",
    "t_chooser",
    "fizzle",
    "acq_skip",
    "blocked",
    "p4_done",
    "spec",
    "m_item",
    "m_ask",
    "m_i",
    "vote_i",
)
"""The int fields, written as they are in a snapshot."""
LIST_FIELDS: Final = ("played", "outlaws", "t_forb", "t_used", "t_offered", "voters", "law")
"""The fields holding a list of ints, written as they are in a snapshot."""
WORD_FIELDS: Final = {"t_mode": TARGET_MODES, "t_fail": FAIL_RULES}
"""The int fields a snapshot writes as words, with their words by value."""


class PlayContext:
    """The data one play's steps pass on (see the module docstring); every field starts unset.

    Fields (seats are 0-based, cards are kinds of ``cards.NAME``):

    * ``actor`` — the seat whose play it is; ``base`` — the pile's size before the play (cards),
      where a Wizard looks below and a Priest or Poacher digs; ``played`` — the kinds played;
      ``silenced`` — 1 when the actor held the Silenced title as they played (KS-12);
      ``val``, ``suit``, ``pair`` — the ability resolved (a Wizard's copy's value and suit; pair
      1 for ability #2); ``copied`` — the kind a Wizard copies (KS-8); ``drew`` — cards the last
      draw instruction drew.
    * targeting (KS-6, KS-7): ``t_mode`` (:data:`T_OPP`, :data:`T_ANY`, :data:`T_UNSIL`),
      ``t_block`` (1: a Knight may block), ``t_fail`` (:data:`FAIL_CONT`, :data:`FAIL_SKIP`),
      ``t_forb`` seats the Dark Queen forbade, ``t_used`` seats that played an Outlaw,
      ``t_offered`` seats that let the Outlaw window go since the last redirect, ``t_prev`` the
      target before the last redirect (-1: none), ``target`` (-1: not chosen yet),
      ``t_chooser`` who chose it, ``outlaws`` the seats whose Outlaws were played in this play,
      ``fizzle`` (1: no target was left), ``acq_skip`` (1: a title acquisition needs no
      window), ``blocked`` (1: a Knight blocked).
    * ``p4_done`` — 1 once the 'no-winner' law made the turn player draw in phase 3 (KS-5).
    * ``spec`` — a specification (KS-10); the Merchant (KS-9): ``m_item`` the item offered,
      ``m_ask`` what is asked, ``m_counters`` the counter-offers ``[seat, item]``, ``m_i`` the
      position in turn order of the seat answering.
    * laws (KS-11): ``law`` ``[type, parameter, proposer]`` proposed, ``voters`` in order,
      ``vote_i`` the voter to answer.

    Every field starts unset as a class default (compiled, mypyc sets the defaults in the native
    object as it is made; interpreted, an instance reads the class's value until a step sets its
    own), so making a context — at every turn start and play — stores nothing. A list field is
    replaced when it changes, never changed in place, so :meth:`copy` shares the lists.
    """

    actor: int = UNSET
    target: int = UNSET
    base: int = UNSET
    played: list[int] | None = None
    outlaws: list[int] | None = None
    silenced: int = UNSET
    val: int = UNSET
    suit: int = UNSET
    pair: int = UNSET
    copied: int = UNSET
    drew: int = UNSET
    t_mode: int = UNSET
    t_block: int = UNSET
    t_fail: int = UNSET
    t_forb: list[int] | None = None
    t_used: list[int] | None = None
    t_offered: list[int] | None = None
    t_prev: int = UNSET
    t_chooser: int = UNSET
    fizzle: int = UNSET
    acq_skip: int = UNSET
    blocked: int = UNSET
    p4_done: int = UNSET
    spec: int = UNSET
    m_item: int = UNSET
    m_ask: int = UNSET
    m_counters: list[list[int]] | None = None
    m_i: int = UNSET
    law: list[int] | None = None
    voters: list[int] | None = None
    vote_i: int = UNSET

    def copy(self) -> PlayContext:
        """A copy (for ``KingshipState.clone``). The lists are shared: the rules replace a
        context's list when it changes and never change one in place."""
        new = PlayContext()
        new.actor = self.actor
        new.target = self.target
        new.base = self.base
        new.played = self.played
        new.outlaws = self.outlaws
        new.silenced = self.silenced
        new.val = self.val
        new.suit = self.suit
        new.pair = self.pair
        new.copied = self.copied
        new.drew = self.drew
        new.t_mode = self.t_mode
        new.t_block = self.t_block
        new.t_fail = self.t_fail
        new.t_forb = self.t_forb
        new.t_used = self.t_used
        new.t_offered = self.t_offered
        new.t_prev = self.t_prev
        new.t_chooser = self.t_chooser
        new.fizzle = self.fizzle
        new.acq_skip = self.acq_skip
        new.blocked = self.blocked
        new.p4_done = self.p4_done
        new.spec = self.spec
        new.m_item = self.m_item
        new.m_ask = self.m_ask
        new.m_counters = self.m_counters
        new.m_i = self.m_i
        new.law = self.law
        new.voters = self.voters
        new.vote_i = self.vote_i
        return new

    def names(self) -> set[str]:
        """The names of the fields set (the keys :meth:`to_dict` writes)."""
        return set(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        """The fields set, by name, JSON-ready (the snapshot's ``ctx`` object; lists copied)."""
        out: dict[str, Any] = {}
        for name in INT_FIELDS:
            value = getattr(self, name)
            if value != UNSET:
                out[name] = value
        for name in LIST_FIELDS:
            items = getattr(self, name)
            if items is not None:
                out[name] = items[:]
        if self.m_counters is not None:
            out["m_counters"] = [e[:] for e in self.m_counters]
        for name, words in WORD_FIELDS.items():
            value = getattr(self, name)
            if value != UNSET:
                out[name] = words[value]
        return out


def actor_or(ctx: PlayContext, seat: int) -> int:
    """The play's actor, or ``seat`` when no play is under way (the words of a turn's start)."""
    return ctx.actor if ctx.actor >= 0 else seat


def new_play(actor: int, base: int, played: list[int], silenced: int) -> PlayContext:
    """The context of a play just made (KS-5 phase 2): its actor, the pile's size below it
    (cards), the kinds played, and whether the actor is silenced (1) or not (0) (KS-12)."""
    c = PlayContext()
    c.actor = actor
    c.base = base
    c.played = played
    c.outlaws = []
    c.silenced = silenced
    return c


__all__ = [
    "FAIL_CONT",
    "FAIL_RULES",
    "FAIL_SKIP",
    "INT_FIELDS",
    "LIST_FIELDS",
    "TARGET_MODES",
    "T_ANY",
    "T_OPP",
    "T_UNSIL",
    "UNSET",
    "WORD_FIELDS",
    "PlayContext",
    "actor_or",
    "new_play",
]

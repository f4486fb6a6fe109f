"""Password hashes: Argon2id through pwdlib (argon2-cffi's RFC 9106 parameters: 3 passes over
64 MiB, 4 lanes), computed in a thread so the event loop goes on, and at most
``password_hash_slots`` at once so that a flood of sign-ins cannot take the server's memory.

A sign-in under a name that has no password (an unknown name, or an account made with a passkey
alone) is checked against a dummy hash of the same parameters: it takes the same time as a
wrong password, so the answer's timing does not tell whether the name exists.
"""

from __future__ import annotations

import asyncio
import functools

from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher

HASHER = PasswordHash((Argon2Hasher(),))
"""pwdlib's hasher: Argon2id with argon2-cffi's defaults (a stored hash says its parameters, so
a hash made with older ones still verifies, and is then made again with these)."""


@functools.cache
def dummy_hash() -> str:
    """A hash of a random password with the same parameters, made once, that nothing matches."""
    return HASHER.hash("dummy password, never any account's: " + str(id(HASHER)))


class Passwords:
    """Hashing and checking passwords, a bounded number at once.

    Args:
        slots: how many hashes may be computed at the same time (``password_hash_slots``).
    """

    def __init__(self, slots: int) -> None:
        self._slots = asyncio.Semaphore(slots)

    async def hash(self, password: str) -> str:
        """The Argon2id hash (PHC string) of ``password``."""
        async with self._slots:
            return await asyncio.to_thread(HASHER.hash, password)

    async def check(self, password: str, stored: str | None) -> tuple[bool, str | None]:
        """Whether ``password`` matches ``stored`` (``None``: no password — checked against the
        dummy hash, so it takes as long, and never matches).

        Returns:
            ``(matches, new_hash)``: ``new_hash`` is a fresh hash when the stored one was made
            with older parameters (to be saved), else ``None``.
        """
        target = stored if stored is not None else dummy_hash()
        async with self._slots:
            ok, updated = await asyncio.to_thread(HASHER.verify_and_update, password, target)
        return (ok and stored is not None), (updated if stored is not None else None)

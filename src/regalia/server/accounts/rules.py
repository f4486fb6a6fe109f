"""What a name and a password must be.

Names: 3 to 20 of ``A–Z a–z 0–9 _ -``, unique ignoring case (the database keeps the
case-folded :func:`name_key`), and none of the words the site itself shows in a player's place
(``deleted``, bot names, …). Passwords follow NIST SP 800-63B §5.1.1.2: at least 8 characters,
at most 256 (any characters, spaces too; no other composition rule), and not one that is known
to be common — the 11,611 passwords of 8 characters or more among the 30,000 most common of
zxcvbn's list (``common_passwords.txt``, MIT licence beside it), compared ignoring case — nor the
account's own name.
"""

from __future__ import annotations

import functools
import re
from importlib import resources

from regalia.server.accounts.errors import AccountError

NAME_PATTERN = re.compile(r"[A-Za-z0-9_-]{3,20}")
"""A name: 3 to 20 ASCII letters, digits, ``_`` or ``-``."""
MIN_PASSWORD = 8
"""The shortest password (characters; NIST SP 800-63B: at least 8)."""
MAX_PASSWORD = 256
"""The longest password (characters; NIST SP 800-63B: allow at least 64)."""
RESERVED = frozenset(
    {
        "admin",
        "administrator",
        "anonymous",
        "bot",
        "deleted",
        "guest",
        "heuristic",
        "ismcts",
        "moderator",
        "nobody",
        "random",
        "regalia",
        "root",
        "search",
        "spectator",
        "standin",
        "system",
    }
)
"""Names no one may take: what the site shows in a player's place, or could be taken for it."""


def name_key(name: str) -> str:
    """The case-folded form of a name under which it is unique (``Ann`` and ``ann`` are one)."""
    return name.lower()


def verify_name(name: str) -> str:
    """Check a new account's name.

    Returns:
        the name as given.

    Raises:
        AccountError: (422, ``name``) not 3–20 of ``A–Z a–z 0–9 _ -``, or a reserved word.
    """
    if not NAME_PATTERN.fullmatch(name):
        raise AccountError(422, "name", "a name is 3 to 20 letters, digits, _ or - (A–Z a–z 0–9 _ -)")
    if name_key(name) in RESERVED:
        raise AccountError(422, "name", f"{name!r} is reserved: the site uses it for something else")
    return name


@functools.cache
def common_passwords() -> frozenset[str]:
    """The common passwords refused (lower case), read once from the package's list."""
    text = resources.files("regalia.server.accounts").joinpath("common_passwords.txt").read_text("utf-8")
    return frozenset(line for line in text.splitlines() if line)


def verify_password(password: str, name: str) -> None:
    """Check a new password (NIST SP 800-63B §5.1.1.2).

    Raises:
        AccountError: (422, ``password``) shorter than :data:`MIN_PASSWORD` or longer than
            :data:`MAX_PASSWORD` characters, among the common passwords, or the name itself.
    """
    if len(password) < MIN_PASSWORD:
        raise AccountError(
            422, "password", f"at least {MIN_PASSWORD} characters (NIST SP 800-63B), this has {len(password)}"
        )
    if len(password) > MAX_PASSWORD:
        raise AccountError(422, "password", f"at most {MAX_PASSWORD} characters, this has {len(password)}")
    if password.lower() in common_passwords():
        raise AccountError(
            422,
            "password",
            "this password is among the most common ones, which are tried first: choose another (NIST SP 800-63B)",
        )
    if password.lower() == name_key(name):
        raise AccountError(422, "password", "a password may not be the account's name (NIST SP 800-63B)")

"""Seat tokens, invite codes and table ids: random, and tokens stored only as hashes.

A seat token is 32 random bytes (256 bits) in URL-safe base64 (43 characters). The database keeps
its SHA-256; a presented token is hashed and compared with :func:`hmac.compare_digest` against
the hashes of the table's seats, so the comparison time does not depend on where a guess first
differs. Tokens travel only in request bodies and the websocket's first message, never in a URL.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 32
INVITE_BYTES = 16
TABLE_ID_BYTES = 9


def new_token() -> str:
    """A new seat token (256 random bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_invite() -> str:
    """A new invite code (128 random bits): joining or watching a private table needs it."""
    return secrets.token_urlsafe(INVITE_BYTES)


def new_table_id() -> str:
    """A new table id (72 random bits, 12 URL-safe characters)."""
    return secrets.token_urlsafe(TABLE_ID_BYTES)


def new_secret() -> str:
    """A table's own secret (256 bits): keys the opaque decision ids (SRV-1) and the bots' seeds."""
    return secrets.token_hex(32)


def hash_token(token: str) -> str:
    """The SHA-256 hex digest kept in the database for ``token``."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Whether ``token`` hashes to ``stored_hash`` (constant-time comparison)."""
    if stored_hash is None:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)


def find_seat(token: str, hashes: list[tuple[int, str | None]]) -> int | None:
    """The seat whose stored hash matches ``token``, comparing against every seat (no early
    exit), or ``None``."""
    digest = hash_token(token)
    found: int | None = None
    for seat, stored in hashes:
        if stored is not None and hmac.compare_digest(digest, stored):
            found = seat
    return found


def invite_matches(given: str | None, invite: str) -> bool:
    """Whether ``given`` is the table's invite code (constant-time comparison)."""
    if not isinstance(given, str):
        return False
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), invite.encode())


def decision_id(secret: str, step: int) -> str:
    """The opaque id of the decision pending after move ``step`` (SRV-1): stable across
    processes, unrelated to the step count (which may not be shown while a hidden decision runs)."""
    return hmac.new(secret.encode(), f"decision:{step}".encode(), hashlib.sha256).hexdigest()[:16]


def derived_seed(secret: str, step: int, seat: int) -> int:
    """A bot's random seed for the decision at ``step`` of ``seat`` (reproducible, unguessable)."""
    digest = hmac.new(secret.encode(), f"bot:{step}:{seat}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")

"""The server's VAPID key pair (RFC 8292), made once and kept in ``regalia_server_keys``.

A browser subscribes with the server's public key (its ``applicationServerKey``), and its push
service then accepts only notices signed with the matching private key. So the pair is made
once — by whichever process starts first — and shared by every process through the database:
each process makes a candidate pair, inserts it *if absent* (one statement, so the two rows are
never of different pairs), then reads what is there and uses that. The private key is kept as
PEM (PKCS #8), the public key in the browser's form: the uncompressed P-256 point (65 bytes) in
URL-safe base64 without padding.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid  # type: ignore[import-untyped, unused-ignore]
from sqlalchemy import Engine, select
from sqlalchemy.dialects import postgresql, sqlite

from regalia.server.schema import ServerKeyRow

PRIVATE_NAME = "vapid_private"
"""The row of the private key (PEM)."""
PUBLIC_NAME = "vapid_public"
"""The row of the public key (URL-safe base64 of the uncompressed point)."""


def b64url(data: bytes) -> str:
    """URL-safe base64 without padding (the form Web Push uses for keys)."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def public_form(key: ec.EllipticCurvePublicKey) -> str:
    """A P-256 public key as the browser takes it: the uncompressed point (65 bytes), URL-safe
    base64 without padding (87 characters)."""
    return b64url(key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))


@dataclass(frozen=True)
class VapidKeys:
    """The server's key pair.

    Attributes:
        vapid: py-vapid's signer holding the private key (``sign`` gives the ``Authorization``
            header of RFC 8292: ``vapid t=<JWT>, k=<public key>``).
        public: the public key in the browser's form (:func:`public_form`).
    """

    vapid: Vapid
    public: str


def _candidate(now: float) -> list[dict[str, Any]]:
    private = ec.generate_private_key(ec.SECP256R1())
    pem = private.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode("ascii")
    return [
        {"name": PRIVATE_NAME, "value": pem, "created_at": now},
        {"name": PUBLIC_NAME, "value": public_form(private.public_key()), "created_at": now},
    ]


def keys_from(rows: dict[str, str]) -> VapidKeys:
    """The key pair of the two stored rows.

    Raises:
        RuntimeError: a row is missing, or the public key is not the private key's (the table
            was edited by hand: notices signed so would be refused by every push service).
    """
    if PRIVATE_NAME not in rows or PUBLIC_NAME not in rows:
        raise RuntimeError(f"regalia_server_keys: expected the rows {PRIVATE_NAME} and {PUBLIC_NAME}")
    private = serialization.load_pem_private_key(rows[PRIVATE_NAME].encode("ascii"), password=None)
    if not isinstance(private, ec.EllipticCurvePrivateKey) or private.curve.name != "secp256r1":
        raise RuntimeError(f"regalia_server_keys: {PRIVATE_NAME} is not a P-256 private key")
    public = public_form(private.public_key())
    if public != rows[PUBLIC_NAME]:
        raise RuntimeError(f"regalia_server_keys: {PUBLIC_NAME} is not the public key of {PRIVATE_NAME}")
    return VapidKeys(vapid=Vapid(private_key=private), public=public)


def load_or_make(engine: Engine, now: float) -> VapidKeys:
    """The server's key pair: the stored one, or — on a database without one — a new pair,
    stored first. Safe when several processes start at once: every one of them ends up with
    the pair that was stored first.

    Args:
        engine: the server's database.
        now: seconds since the epoch (the rows' ``created_at``).

    Raises:
        RuntimeError: the stored rows are not a key pair (:func:`keys_from`).
    """
    insert = postgresql.insert if engine.dialect.name == "postgresql" else sqlite.insert
    with engine.begin() as conn:
        conn.execute(insert(ServerKeyRow).values(_candidate(now)).on_conflict_do_nothing(index_elements=["name"]))
    with engine.connect() as conn:
        stored = conn.execute(
            select(ServerKeyRow.name, ServerKeyRow.value).where(ServerKeyRow.name.in_([PRIVATE_NAME, PUBLIC_NAME]))
        ).all()
    return keys_from({name: value for name, value in stored})

"""The push API's request and answer bodies (pydantic; unknown fields, wrong types and malformed
keys refused with 422 naming the field).

``POST /api/push/subscriptions`` takes the browser's ``PushSubscription.toJSON()`` as it is:
``endpoint``, ``expirationTime`` (a time in milliseconds or ``null``; not kept: a push service
that ends a subscription answers 404 or 410, and the row goes then) and ``keys`` — ``p256dh``,
the browser's P-256 public key (the uncompressed point, 65 bytes), and ``auth``, its 16-byte
authentication secret, both URL-safe base64 (RFC 8291).
"""

from __future__ import annotations

import base64
import binascii

from cryptography.hazmat.primitives.asymmetric import ec
from pydantic import BaseModel, ConfigDict, Field, field_validator

from regalia.server.push.endpoints import MAX_ENDPOINT_CHARS

P256DH_BYTES = 65
"""An uncompressed P-256 point: ``0x04``, then x and y of 32 bytes each."""
AUTH_BYTES = 16
"""The authentication secret's length (RFC 8291, section 3.2)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


def b64url_bytes(value: str, what: str) -> bytes:
    """Decode URL-safe base64, with or without padding.

    Raises:
        ValueError: not URL-safe base64 (naming ``what``).
    """
    if not value or any(c not in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=" for c in value):
        raise ValueError(f"{what} must be URL-safe base64 (A-Z a-z 0-9 - _)")
    try:
        return base64.urlsafe_b64decode(value.rstrip("=") + "=" * (-len(value.rstrip("=")) % 4))
    except (binascii.Error, ValueError):
        raise ValueError(f"{what} must be URL-safe base64 (A-Z a-z 0-9 - _)") from None


class SubscriptionKeys(_Strict):
    """A subscription's keys: ``p256dh`` and ``auth`` (URL-safe base64)."""

    p256dh: str = Field(max_length=128)
    auth: str = Field(max_length=64)

    @field_validator("p256dh")
    @classmethod
    def _p256dh(cls, value: str) -> str:
        raw = b64url_bytes(value, "the key")
        if len(raw) != P256DH_BYTES or raw[0] != 4:
            raise ValueError(f"expected an uncompressed P-256 public key ({P256DH_BYTES} bytes starting 0x04)")
        try:
            ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
        except ValueError:
            raise ValueError("not a point of the P-256 curve") from None
        return value

    @field_validator("auth")
    @classmethod
    def _auth(cls, value: str) -> str:
        if len(b64url_bytes(value, "the secret")) != AUTH_BYTES:
            raise ValueError(f"expected a {AUTH_BYTES}-byte authentication secret")
        return value


class SubscriptionIn(_Strict):
    """``POST /api/push/subscriptions``: the browser's subscription JSON."""

    endpoint: str = Field(min_length=1, max_length=MAX_ENDPOINT_CHARS)
    expirationTime: float | None = None  # the browser's spelling (milliseconds)
    keys: SubscriptionKeys


class EndpointIn(_Strict):
    """``DELETE /api/push/subscriptions``: the endpoint of the subscription to remove."""

    endpoint: str = Field(min_length=1, max_length=MAX_ENDPOINT_CHARS)


class PushKey(BaseModel):
    """``GET /api/push/key``: the server's VAPID public key, as ``PushManager.subscribe`` takes it
    (``applicationServerKey``: URL-safe base64 of the uncompressed P-256 point) — ``null`` when
    the server sends no notices (no ``push_contact``), so a page can say so without an error."""

    key: str | None
    reminder_seconds: float
    """How long before a deadline the reminder comes (``reminder_seconds``), for the words of the
    page's notices control."""


class Subscribed(BaseModel):
    """The answer of ``POST /api/push/subscriptions``."""

    endpoint: str
    subscriptions: int
    """The signed-in account's subscriptions now (browsers that get its notices)."""
    limit: int
    """The most it may have (``push_subscriptions_per_account``)."""

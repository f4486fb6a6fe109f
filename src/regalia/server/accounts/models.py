"""The accounts API's request and answer bodies (pydantic; unknown fields and wrong types refused
with 422 naming the field)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Credentials(_Strict):
    """``POST /api/accounts`` and ``POST /api/session``: a name and a password. The lengths here
    only bound the work; the rules (3–20 characters, at least 8) are checked with their words."""

    name: str = Field(max_length=40)
    password: str = Field(max_length=1024)


class Named(BaseModel):
    """An account's name (the answer of registering and signing in)."""

    name: str


class SignedIn(BaseModel):
    """``GET /api/session``: whether the browser is signed in, and the account's name."""

    signed_in: bool
    name: str | None


class Me(BaseModel):
    """``GET /api/me``: the signed-in account."""

    name: str
    created: int
    """When the account was made (ms since the epoch)."""
    password: bool
    """Whether it has a password (else passkeys only)."""
    passkeys: int
    ratings: dict[str, dict[str, Any]]
    session: str
    """This browser's session id (as ``GET /api/me/sessions`` lists it)."""


class SessionInfo(BaseModel):
    """One session of the signed-in account."""

    id: str
    how: str
    browser: str
    created: int
    seen: int
    expires: int
    current: bool


class DeleteMe(_Strict):
    """``DELETE /api/me``: the account's name typed again, to be sure."""

    confirm: str = Field(max_length=40)


class Claim(_Strict):
    """``POST /api/me/claim``: a seat this browser holds as a guest (its table and token)."""

    table: str = Field(max_length=32)
    token: str = Field(max_length=100)


class Claimed(BaseModel):
    """The claimed seat."""

    table: str
    seat: int


class PasskeyOptionsIn(_Strict):
    """``POST /api/passkeys/register/options``: a new account's name (not signed in), or nothing
    (signed in: a passkey for this account)."""

    name: str | None = Field(default=None, max_length=40)


class PasskeyRegister(_Strict):
    """``POST /api/passkeys/register``: the challenge's id, the browser's answer
    (``PublicKeyCredential.toJSON()``) and a label for the passkey."""

    challenge: str = Field(max_length=64)
    credential: dict[str, Any]
    label: str = Field(default="", max_length=80)


class PasskeySignIn(_Strict):
    """``POST /api/passkeys/signin``: the challenge's id and the browser's answer."""

    challenge: str = Field(max_length=64)
    credential: dict[str, Any]


class PasskeyInfo(BaseModel):
    """One passkey of the signed-in account."""

    id: int
    label: str
    created: int
    used: int | None

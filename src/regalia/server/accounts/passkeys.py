"""Passkeys (WebAuthn) through py_webauthn: registering one — for a new account, or for the
signed-in one — and signing in with one.

Each ceremony is two requests: the options (a fresh 32-byte challenge, kept in
``regalia_challenges`` for :data:`CHALLENGE_SECONDS` and usable once), then the browser's answer,
which py_webauthn verifies against that challenge, the relying party's id and the expected
origins. The relying party is the site itself: its id is the request's host name (a domain —
browsers refuse IP addresses as relying-party ids, so passkeys need a name such as
``localhost``), the expected origins its own origin and the ``--allowed-origin`` sites. Sign-in
uses discoverable credentials (the browser offers the person's passkeys for this site; no name
typed), and asks for user verification when the authenticator can (``preferred``).
"""

from __future__ import annotations

import ipaddress
import secrets
from collections.abc import Callable
from typing import Any

import webauthn
from starlette.requests import HTTPConnection
from webauthn.helpers import bytes_to_base64url, options_to_json_dict
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from regalia.server.accounts.errors import AccountError
from regalia.server.accounts.people import Passkey, People, Session
from regalia.server.accounts.rules import verify_name
from regalia.server.accounts.service import Accounts, Opened
from regalia.server.origins import own_origin
from regalia.server.settings import normal_origin

CHALLENGE_SECONDS = 300.0
"""How long a ceremony's challenge may be answered (seconds)."""
RP_NAME = "regalia"
"""The relying party's name an authenticator shows."""
MAX_PASSKEYS = 20
"""The most passkeys one account may hold."""


def relying_party(conn: HTTPConnection, allowed: frozenset[str]) -> tuple[str, list[str]]:
    """The relying party's id (the request's host name) and the origins an answer may come from.

    Raises:
        AccountError: (422, ``host``) no host name, or an IP address (browsers refuse them).
    """
    host = conn.headers.get("host") or ""
    origin = own_origin(conn.url.scheme, host)
    authority = "" if origin is None else origin.split("://", 1)[1]
    hostname = authority.rsplit(":", 1)[0] if ":" in authority and not authority.startswith("[") else authority
    if not hostname or hostname.startswith("[") or _is_ip(hostname):
        raise AccountError(
            422, "host", "passkeys need the site's name in the address (such as localhost), not an IP address"
        )
    origins = {origin or "", *allowed}
    secure = normal_origin(f"https://{host}")
    if secure is not None:
        origins.add(secure)  # behind a proxy that ends TLS, the page's origin is https://
    return hostname, sorted(o for o in origins if o)


def _is_ip(hostname: str) -> bool:
    try:
        ipaddress.ip_address(hostname)
    except ValueError:
        return False
    return True


class Passkeys:
    """The passkey ceremonies and a signed-in person's passkeys.

    Args:
        accounts: the accounts' operations (sessions are opened there).
        allowed: the ``--allowed-origin`` sites (normal forms).
        clock: seconds since the epoch.
    """

    def __init__(self, accounts: Accounts, allowed: frozenset[str], clock: Callable[[], float]) -> None:
        self.accounts = accounts
        self.people: People = accounts.people
        self.store = accounts.store
        self.allowed = allowed
        self.clock = clock

    async def _put(self, purpose: str, challenge: bytes, **fields: Any) -> str:
        challenge_id = secrets.token_urlsafe(16)
        now = self.clock()
        row = {
            "id": challenge_id,
            "challenge": bytes_to_base64url(challenge),
            "purpose": purpose,
            "expires_at": now + CHALLENGE_SECONDS,
            **fields,
        }
        await self.store.run(self.people.put_challenge, row, now)
        return challenge_id

    async def _take(self, challenge_id: str, purpose: str) -> dict[str, Any]:
        row = await self.store.run(self.people.take_challenge, challenge_id, purpose, self.clock())
        if row is None:
            raise AccountError(
                422, "challenge", "this passkey request is unknown, used or older than 5 minutes: start again"
            )
        return row

    # ------------------------------------------------------------------ registering
    async def register_options(self, conn: HTTPConnection, session: Session | None, name: str | None) -> dict[str, Any]:
        """The options of a passkey's registration: for a new account named ``name`` (not signed
        in), or for the signed-in account (``session``; ``name`` must then be absent).

        Returns:
            ``{"challenge": <id>, "options": <PublicKeyCredentialCreationOptionsJSON>}``.

        Raises:
            AccountError: a bad or taken name (422 / 409, ``name``); signed in and a name given,
                or neither (422, ``name``); 20 passkeys already (409); a host that is an IP
                address (422, ``host``); too many new accounts from this address (429).
        """
        rp_id, _ = relying_party(conn, self.allowed)
        exclude: list[Passkey] = []
        if session is not None:
            if name is not None:
                raise AccountError(422, "name", "you are signed in: the passkey is added to your account, give no name")
            account = session.account
            exclude = await self.store.run(self.people.passkeys_of, account.id)
            if len(exclude) >= MAX_PASSKEYS:
                raise AccountError(409, "passkey", f"an account holds at most {MAX_PASSKEYS} passkeys")
            user_name, handle, purpose = account.name, account.user_handle, "add"
        else:
            if name is None:
                raise AccountError(422, "name", "the new account's name is needed")
            verify_name(name)
            if await self.store.run(self.people.account_named, name) is not None:
                raise AccountError(409, "name", f"the name {name!r} is taken (names are unique ignoring case)")
            self.accounts._take_account(conn)
            user_name, handle, purpose = name, secrets.token_urlsafe(32), "register"
        options = webauthn.generate_registration_options(
            rp_id=rp_id,
            rp_name=RP_NAME,
            user_name=user_name,
            user_id=handle.encode(),
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.PREFERRED,
            ),
            exclude_credentials=[
                PublicKeyCredentialDescriptor(id=webauthn.base64url_to_bytes(p.credential_id)) for p in exclude
            ],
        )
        challenge_id = await self._put(
            purpose,
            options.challenge,
            account_id=session.account.id if session else None,
            name=user_name,
            user_handle=handle,
        )
        return {"challenge": challenge_id, "options": options_to_json_dict(options)}

    async def register(
        self, conn: HTTPConnection, session: Session | None, challenge_id: str, credential: dict[str, Any], label: str
    ) -> Opened | None:
        """Verify a registration and store the passkey: a new account with it and a session
        (returned), or a passkey more for the signed-in account (``None``).

        Raises:
            AccountError: an unknown, used or expired challenge, or one of the other kind (422,
                ``challenge``); an answer py_webauthn refuses (422, ``credential``); the name
                taken meanwhile (409); the credential stored already (409, ``credential``).
        """
        row = await self._take(challenge_id, "add" if session is not None else "register")
        if session is not None and row["account_id"] != session.account.id:
            raise AccountError(422, "challenge", "this passkey request was made for another account")
        rp_id, origins = relying_party(conn, self.allowed)
        try:
            verified = webauthn.verify_registration_response(
                credential=credential,
                expected_challenge=webauthn.base64url_to_bytes(row["challenge"]),
                expected_rp_id=rp_id,
                expected_origin=origins,
            )
        except (WebAuthnException, ValueError, KeyError, TypeError) as exc:
            raise AccountError(422, "credential", f"the passkey's answer was not accepted: {exc}") from None
        transports = (
            credential.get("response", {}).get("transports") if isinstance(credential.get("response"), dict) else None
        )
        passkey = {
            "credential_id": bytes_to_base64url(verified.credential_id),
            "public_key": verified.credential_public_key,
            "sign_count": verified.sign_count,
            "transports": [str(t)[:32] for t in transports][:8] if isinstance(transports, list) else [],
            "label": label,
            "created_at": self.clock(),
            "used_at": None,
        }
        if session is None:
            return await self.accounts.create_with_passkey(conn, row["name"], row["user_handle"], passkey)
        if not await self.store.run(self.people.add_passkey, session.account.id, passkey):
            raise AccountError(409, "credential", "this passkey is stored already")
        return None

    # ------------------------------------------------------------------ signing in
    async def signin_options(self, conn: HTTPConnection) -> dict[str, Any]:
        """The options of a sign-in with a passkey (discoverable: the browser offers this site's).

        Returns:
            ``{"challenge": <id>, "options": <PublicKeyCredentialRequestOptionsJSON>}``.
        """
        rp_id, _ = relying_party(conn, self.allowed)
        options = webauthn.generate_authentication_options(
            rp_id=rp_id, user_verification=UserVerificationRequirement.PREFERRED
        )
        challenge_id = await self._put("signin", options.challenge)
        return {"challenge": challenge_id, "options": options_to_json_dict(options)}

    async def sign_in(self, conn: HTTPConnection, challenge_id: str, credential: dict[str, Any]) -> Opened:
        """Verify a sign-in with a passkey and open a session.

        Raises:
            AccountError: an unknown, used or expired challenge (422, ``challenge``); a passkey
                this site does not hold, or an answer py_webauthn refuses — a bad signature, a
                signature counter gone backwards (a cloned authenticator) — (401, ``credential``).
        """
        row = await self._take(challenge_id, "signin")
        rp_id, origins = relying_party(conn, self.allowed)
        raw_id = credential.get("rawId") or credential.get("id")
        passkey = await self.store.run(self.people.passkey, raw_id) if isinstance(raw_id, str) else None
        if passkey is None:
            raise AccountError(401, "credential", "this passkey belongs to no account of this site")
        try:
            verified = webauthn.verify_authentication_response(
                credential=credential,
                expected_challenge=webauthn.base64url_to_bytes(row["challenge"]),
                expected_rp_id=rp_id,
                expected_origin=origins,
                credential_public_key=passkey.public_key,
                credential_current_sign_count=passkey.sign_count,
            )
        except (WebAuthnException, ValueError, KeyError, TypeError) as exc:
            raise AccountError(401, "credential", f"the passkey's answer was not accepted: {exc}") from None
        account = await self.store.run(self.people.account_by_id, passkey.account_id)
        handle = (
            (credential.get("response") or {}).get("userHandle")
            if isinstance(credential.get("response"), dict)
            else None
        )
        if account is None or (handle and webauthn.base64url_to_bytes(handle) != account.user_handle.encode()):
            raise AccountError(401, "credential", "this passkey belongs to no account of this site")
        await self.store.run(self.people.used_passkey, passkey.id, verified.new_sign_count, self.clock())
        return await self.accounts.open_session(conn, account, "passkey")

    # ------------------------------------------------------------------ a person's passkeys
    async def listing(self, session: Session) -> list[Passkey]:
        """The signed-in account's passkeys."""
        return await self.store.run(self.people.passkeys_of, session.account.id)

    async def remove(self, session: Session, passkey_id: int) -> None:
        """Remove one of the signed-in account's passkeys.

        Raises:
            AccountError: no such passkey (404); the account's last way to sign in (409).
        """
        mine = await self.listing(session)
        if not any(p.id == passkey_id for p in mine):
            raise AccountError(404, "passkey", "no such passkey of your account")
        if len(mine) == 1 and session.account.password_hash is None:
            raise AccountError(409, "passkey", "this is your account's only way to sign in: add another first")
        await self.store.run(self.people.remove_passkey, session.account.id, passkey_id)

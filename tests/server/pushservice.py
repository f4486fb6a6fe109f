"""A push service of the test's own, on 127.0.0.1: it takes Web Push posts as a real one does,
answers each endpoint with the status the test chose, and reads what arrives as the browser
would — decrypting the payload as RFC 8291 says with the subscription's own private key and
authentication secret (written here from the RFC with ``cryptography``'s primitives, not with
the ``http_ece`` package the server encrypts with) and checking the VAPID signature (RFC 8292).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import struct
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _hmac(key: bytes, data: bytes) -> bytes:
    return hmac.new(key, data, hashlib.sha256).digest()


@dataclass
class Browser:
    """A browser's side of one subscription: its P-256 key pair and 16-byte auth secret."""

    endpoint: str
    private: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def public(self) -> bytes:
        return self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )

    def subscription(self) -> dict[str, Any]:
        """``PushSubscription.toJSON()`` as a browser gives it."""
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64url(self.public), "auth": b64url(self.auth)},
        }

    def decrypt(self, body: bytes) -> bytes:
        """An ``aes128gcm`` message (RFC 8188) encrypted to this browser (RFC 8291, section 3.4)."""
        salt, rs, idlen = body[:16], struct.unpack(">I", body[16:20])[0], body[20]
        sender = body[21 : 21 + idlen]
        records = body[21 + idlen :]
        assert idlen == 65 and len(records) <= rs, "one record, keyid the sender's public key"
        as_public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), sender)
        ecdh_secret = self.private.exchange(ec.ECDH(), as_public)
        prk_key = _hmac(self.auth, ecdh_secret)
        ikm = _hmac(prk_key, b"WebPush: info\x00" + self.public + sender + b"\x01")
        prk = _hmac(salt, ikm)
        cek = _hmac(prk, b"Content-Encoding: aes128gcm\x00\x01")[:16]
        nonce = _hmac(prk, b"Content-Encoding: nonce\x00\x01")[:12]
        padded = AESGCM(cek).decrypt(nonce, records, None)
        data = padded.rstrip(b"\x00")
        assert data.endswith(b"\x02"), "the last record's delimiter"
        return data[:-1]


def vapid_claims(authorization: str, server_key: str) -> dict[str, Any]:
    """The claims of a ``vapid t=<JWT>, k=<key>`` header, after checking that ``k`` is the
    server's public key and the JWT is signed with it (ES256).

    Raises:
        AssertionError: another scheme, another key, or a bad signature.
    """
    scheme, _, params = authorization.partition(" ")
    assert scheme == "vapid", authorization
    parts = dict(p.strip().split("=", 1) for p in params.split(","))
    assert parts["k"] == server_key
    head, claims, signature = parts["t"].split(".")
    assert json.loads(unb64url(head)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64url(signature)
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(server_key))
    try:
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise AssertionError("the VAPID token's signature does not verify with the server's key") from None
    out: dict[str, Any] = json.loads(unb64url(claims))
    return out


@dataclass
class Received:
    """One post the push service took: its path, headers (lower-case names) and body."""

    path: str
    headers: dict[str, str]
    body: bytes


class LocalPushService:
    """A push service on 127.0.0.1 and a free port, in a thread. ``status[path]`` is the answer
    for an endpoint's path (201 unless set); ``delay[path]`` seconds are waited first."""

    def __init__(self) -> None:
        self.received: list[Received] = []
        self.status: dict[str, int] = {}
        self.delay: dict[str, float] = {}
        self.release = threading.Event()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length)
                service.received.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                if self.path in service.delay:
                    service.release.wait(service.delay[self.path])
                self.send_response(service.status.get(self.path, 201))
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *_args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def browser(self, path: str) -> Browser:
        """A new browser subscribed at ``path`` of this service."""
        return Browser(f"{self.origin}{path}")

    def close(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()

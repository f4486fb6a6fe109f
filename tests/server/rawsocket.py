"""A websocket client on a raw TCP socket, for the tests of slow readers and hostile clients: it
does the opening handshake (RFC 6455 §4.1) and sends masked text frames, and reads nothing
else unless asked — so the server's frames pile up in front of it, as in front of a client that
never reads.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
from typing import Any


class HandshakeRefused(Exception):
    """The server answered the opening handshake with another status than 101."""

    def __init__(self, status: int, head: bytes) -> None:
        super().__init__(f"HTTP {status}")
        self.status = status
        self.head = head


class RawSocket:
    """One websocket: connect, handshake, then :meth:`send_json` frames.

    Args:
        port: the server's port on 127.0.0.1.
        path: the socket's path (``/ws/tables/<id>``).
        origin: the ``Origin`` header to send (``None``: none, as a program would).
        receive_buffer: the socket's receive buffer in bytes (small: the server's frames back
            up sooner).

    Raises:
        HandshakeRefused: the server did not switch protocols.
    """

    def __init__(self, port: int, path: str, *, origin: str | None = None, receive_buffer: int = 4096) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.sock.settimeout(10)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [
            f"GET {path} HTTP/1.1",
            f"Host: 127.0.0.1:{port}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {key}",
            "Sec-WebSocket-Version: 13",
        ]
        if origin is not None:
            lines.append(f"Origin: {origin}")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                break
            head += chunk
        status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/1.1 ") else 0
        if status != 101:
            self.sock.close()
            raise HandshakeRefused(status, head)
        self.open = True

    def send_json(self, message: dict[str, Any]) -> bool:
        """Send one text frame (masked, as a client must); ``False`` once the server has closed
        the connection (the send fails)."""
        payload = json.dumps(message).encode()
        mask = os.urandom(4)
        n = len(payload)
        if n < 126:
            header = struct.pack("!BB", 0x81, 0x80 | n)
        elif n < 65536:
            header = struct.pack("!BBH", 0x81, 0x80 | 126, n)
        else:
            header = struct.pack("!BBQ", 0x81, 0x80 | 127, n)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        try:
            self.sock.sendall(header + mask + masked)
        except OSError:
            self.open = False
        return self.open

    def read_available(self) -> bytes:
        """Whatever the server has sent that is waiting now (without blocking)."""
        self.sock.setblocking(False)
        got = b""
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    self.open = False
                    break
                got += chunk
        except BlockingIOError:
            pass
        except OSError:
            self.open = False
        finally:
            self.sock.settimeout(10)
        return got

    def close(self) -> None:
        self.open = False
        self.sock.close()

"""Per-message deflate only where a message is large.

uvicorn negotiates permessage-deflate (RFC 7692) with every client that offers it — every
browser does — and then compresses every message, a 60-byte ``accepted`` as much as a 50 KiB
frame. RFC 7692 lets an endpoint send any message uncompressed (its RSV1 bit clear) once the
extension is negotiated, so :class:`LargeMessageDeflate` compresses only messages of at least
:data:`COMPRESS_MIN_BYTES` and sends the rest as they are; the client's decoder reads both.
Compression keeps its context across the messages it does compress (context takeover), as
uvicorn sets it up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from websockets.extensions.permessage_deflate import PerMessageDeflate, ServerPerMessageDeflateFactory
from websockets.frames import Frame, Opcode

COMPRESS_MIN_BYTES = 2048
"""Messages shorter than this (bytes) are sent uncompressed: their deflate costs more server
time than the bytes it saves, and a state frame of a typical table is about this size."""


class LargeMessageDeflate(PerMessageDeflate):
    """permessage-deflate that leaves a message shorter than :data:`COMPRESS_MIN_BYTES` uncompressed."""

    def encode(self, frame: Frame) -> Frame:
        """Compress a whole text or binary message of at least :data:`COMPRESS_MIN_BYTES` bytes;
        return any other frame unchanged (a fragmented message is compressed as before)."""
        if frame.opcode in (Opcode.TEXT, Opcode.BINARY) and frame.fin and len(frame.data) < COMPRESS_MIN_BYTES:
            return frame
        return super().encode(frame)


class LargeMessageDeflateFactory(ServerPerMessageDeflateFactory):
    """uvicorn's permessage-deflate offer, answering with :class:`LargeMessageDeflate`."""

    def process_request_params(self, params: Sequence[tuple[str, str | None]], accepted: Any) -> Any:
        response, extension = super().process_request_params(params, accepted)
        assert isinstance(extension, PerMessageDeflate)
        extension.__class__ = LargeMessageDeflate  # the same state; only ``encode`` differs
        return response, extension


def large_messages_only(conn: Any) -> None:
    """Make a websockets ``ServerProtocol`` that offers permessage-deflate compress only large
    messages (keeping the offer's window and memory settings)."""
    factories = []
    for f in conn.available_extensions or []:
        if isinstance(f, ServerPerMessageDeflateFactory) and not isinstance(f, LargeMessageDeflateFactory):
            f.__class__ = LargeMessageDeflateFactory  # the same offer; only its answer differs
        factories.append(f)
    conn.available_extensions = factories

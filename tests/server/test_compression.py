"""Per-message deflate only for large messages (issue 22): a small message goes out as it is
(RSV1 clear, which RFC 7692 allows), a large one compressed, and a client's decoder reads both
in any order."""

from __future__ import annotations

import json

from websockets.extensions.permessage_deflate import (
    ClientPerMessageDeflateFactory,
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import Frame, Opcode
from websockets.server import ServerProtocol

from regalia.server.compression import (
    COMPRESS_MIN_BYTES,
    LargeMessageDeflate,
    LargeMessageDeflateFactory,
    large_messages_only,
)
from regalia.server.deadlines import closing_websocket_protocol


def _pair() -> tuple[LargeMessageDeflate, PerMessageDeflate]:
    """The server's extension and the client's, as negotiated from the client's offer."""
    client_factory = ClientPerMessageDeflateFactory(client_max_window_bits=True)
    offer = client_factory.get_request_params()
    server_factory = LargeMessageDeflateFactory(server_max_window_bits=12, client_max_window_bits=12)
    answer, server = server_factory.process_request_params(offer, [])
    client = client_factory.process_response_params(answer, [])
    assert isinstance(server, LargeMessageDeflate) and isinstance(client, PerMessageDeflate)
    return server, client


def test_a_small_message_is_sent_uncompressed_and_a_large_one_compressed() -> None:
    server, client = _pair()
    small = json.dumps({"type": "accepted", "step": 4, "action": "play 3"}).encode()
    large = json.dumps({"type": "state", "view": {"cards": ["King of Hearts"] * 400}}).encode()
    assert len(small) < COMPRESS_MIN_BYTES <= len(large)
    for data in (small, large, small, large):  # the compressor's context survives skipped messages
        sent = server.encode(Frame(Opcode.TEXT, data))
        assert sent.rsv1 == (len(data) >= COMPRESS_MIN_BYTES)
        if sent.rsv1:
            assert len(sent.data) < len(data) // 4
        assert client.decode(sent).data == data


def test_the_server_s_deflate_offer_is_the_large_message_one() -> None:
    conn = ServerProtocol(extensions=[ServerPerMessageDeflateFactory(server_max_window_bits=12)])
    large_messages_only(conn)
    assert [type(f) for f in conn.available_extensions or []] == [LargeMessageDeflateFactory]
    assert closing_websocket_protocol().__name__ == "AbortingWebSocketProtocol"  # the class uvicorn runs

"""What ``regalia serve`` takes from a reverse proxy (docs/deploy.md, "What the server trusts from
the proxy"): ``X-Forwarded-For`` and ``X-Forwarded-Proto`` count only on requests whose TCP peer
is an address given with ``--forwarded-allow-ips``; without the option no forwarded header is read
at all (uvicorn itself would trust the loopback address by default). Each server here is a real
``regalia serve`` process, reached from 127.0.0.1, so "the proxy" is this test."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from regalia.server.settings import ServerSettings, proxy_address_error

from .conftest import ServeProcess

TABLE = {"game": "kingdom", "players": 2, "seats": ["human", "bot:random"], "seed": 3}


def _create(server: ServeProcess, forwarded_for: str | None) -> httpx.Response:
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for is not None else {}
    return httpx.post(f"{server.base}/api/tables", json=TABLE, headers=headers, timeout=30)


def test_proxy_addresses_are_ip_addresses_or_networks_and_never_every_address() -> None:
    for good in ("127.0.0.1", "::1", "10.0.0.0/8", "fd00::/8", " 192.0.2.7 "):
        assert proxy_address_error(good) is None, good
    assert ServerSettings(db_url="sqlite://", forwarded_allow_ips=("127.0.0.1", "10.0.0.0/8")).forwarded_allow_ips
    for bad, reason in (
        ("*", "would trust every client"),
        ("proxy.example", "is not an IP address or network"),
        ("", "is not an IP address or network"),
        ("10.0.0.1/8", "has host bits set (a network is written 10.0.0.0/8)"),
        ("::1/200", "is not an IP address or network"),
    ):
        with pytest.raises(ValueError, match="^forwarded_allow_ips: .*" + re.escape(reason)):
            ServerSettings(db_url="sqlite://", forwarded_allow_ips=(bad,))


def test_the_client_address_comes_from_x_forwarded_for_only_when_the_proxy_sends_it(
    serve: Callable[..., ServeProcess], sqlite_url: str
) -> None:
    server = serve(sqlite_url, extra=["--tables-per-minute", "1", "--forwarded-allow-ips", "127.0.0.1,::1"])
    assert _create(server, "198.51.100.7").status_code == 201
    refused = _create(server, "198.51.100.7")
    assert refused.status_code == 429, refused.text  # the same client, as the proxy says
    assert _create(server, "198.51.100.8").status_code == 201  # another client behind the same proxy
    # the proxy appends the peer it saw; what the client wrote before it is not believed
    assert _create(server, "203.0.113.9, 198.51.100.7").status_code == 429


@pytest.mark.parametrize(
    "extra",
    [[], ["--forwarded-allow-ips", "192.0.2.1"]],
    ids=["no forwarded-allow-ips", "another proxy address"],
)
def test_forwarded_headers_from_any_other_address_are_ignored(
    serve: Callable[..., ServeProcess], sqlite_url: str, extra: list[str]
) -> None:
    server = serve(sqlite_url, extra=["--tables-per-minute", "1", *extra])
    assert _create(server, "198.51.100.7").status_code == 201
    refused = _create(server, "198.51.100.8")  # a header anyone can send: this is still 127.0.0.1
    assert refused.status_code == 429, refused.text


def _socket(server: ServeProcess, table: str, headers: dict[str, str]) -> Any:
    """A table socket opened as a page of ``https://127.0.0.1:<port>`` would open it."""
    origin: Any = f"https://127.0.0.1:{server.port}"
    return connect(f"{server.ws}/ws/tables/{table}", origin=origin, additional_headers=headers, open_timeout=30)


def test_x_forwarded_proto_makes_the_public_https_origin_the_servers_own_only_from_the_proxy(
    serve: Callable[..., ServeProcess], sqlite_url: str, tmp_path: Path
) -> None:
    proxied = serve(sqlite_url, extra=["--forwarded-allow-ips", "127.0.0.1"])
    table = _create(proxied, None).json()["table"]
    with _socket(proxied, table, {"X-Forwarded-Proto": "https"}):
        pass  # the page of https://<host> opened its socket through the proxy
    with pytest.raises(InvalidStatus) as refused, _socket(proxied, table, {}):
        pass  # without the proxy's word the socket is ws, so an https page is another origin
    assert refused.value.response.status_code == 403
    direct = serve(f"sqlite:///{tmp_path / 'direct.db'}")
    other = _create(direct, None).json()["table"]
    with pytest.raises(InvalidStatus) as ignored, _socket(direct, other, {"X-Forwarded-Proto": "https"}):
        pass
    assert ignored.value.response.status_code == 403

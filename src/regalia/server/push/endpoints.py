"""Which push endpoints the server posts to: those of the push services it knows.

A subscription's ``endpoint`` is a URL the browser's push service made, and the server will POST
to it later; taken as any URL, a person could make the server post to an address of their
choosing (another site, or a machine behind the server's firewall). So an endpoint must be at
one of ``push_services``: an ``https://`` URL whose host is a listed host name or under it
(``web.push.apple.com`` for ``push.apple.com``), on the default port, or a URL at exactly a
listed origin (``http://127.0.0.1:8123``: a test's own push service). The same check runs again
before each notice is sent, so a service struck from the list gets nothing more.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from regalia.server.settings import normal_origin

MAX_ENDPOINT_CHARS = 2048
"""The longest endpoint kept (the column's size; push services' are a few hundred characters)."""


def origin_of(endpoint: str) -> str | None:
    """The endpoint's origin (``scheme://host[:port]``, normal form), ``None`` for one that is
    not an absolute ``http(s)`` URL without user information."""
    try:
        parts = urlsplit(endpoint)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.netloc or "@" in parts.netloc:
        return None
    return normal_origin(f"{parts.scheme}://{parts.netloc}")


def refusal(endpoint: str, services: tuple[str, ...]) -> str | None:
    """Why the server may not post to ``endpoint`` (``None``: it may).

    Args:
        endpoint: the subscription's endpoint URL.
        services: ``push_services`` (host suffixes over HTTPS, or whole origins).

    Returns:
        the reason in words, naming what is allowed; ``None`` when the endpoint is at one of
        ``services``.
    """
    if len(endpoint) > MAX_ENDPOINT_CHARS:
        return f"longer than {MAX_ENDPOINT_CHARS} characters"
    if any(ord(c) < 0x21 or ord(c) > 0x7E for c in endpoint):
        return "not a URL (spaces, control or non-ASCII characters)"
    origin = origin_of(endpoint)
    if origin is None:
        return "not an absolute http(s) URL"
    for service in services:
        if "://" in service:
            if origin == normal_origin(service):
                return None
            continue
        scheme, _, host = origin.partition("://")
        if (
            scheme == "https"
            and ":" not in host.rsplit("]", 1)[-1]
            and (host == service or host.endswith("." + service))
        ):
            return None
    known = ", ".join(services) or "none"
    return f"not at a push service this server posts to ({known}; the operator's push_services)"

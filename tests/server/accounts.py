"""Helpers of the accounts' tests: registering and signing in through the HTTP API."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

PASSWORD = "correct horse battery"
"""A password every rule accepts."""


def register(client: TestClient, name: str, password: str = PASSWORD) -> dict[str, Any]:
    """Register ``name`` (the client keeps its session cookie); return the answer."""
    r = client.post("/api/accounts", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def cookie_of(response: Any) -> str:
    """The ``Set-Cookie`` header of the session cookie in ``response``."""
    found = [v for k, v in response.headers.multi_items() if k == "set-cookie" and v.startswith("regalia_session=")]
    assert len(found) == 1, response.headers
    return str(found[0])

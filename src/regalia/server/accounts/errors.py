"""The refusal of an account request: an HTTP status, the field at fault and why."""

from __future__ import annotations


class AccountError(Exception):
    """A request about accounts, sessions, passkeys, profiles or ratings that is refused.

    Answered as ``{"error": {"field", "reason"}}`` with ``status`` (401 not signed in or wrong
    credentials, 403 another site's page, 404 no such player, 409 a name taken, 422 a field
    wrong, 429 a limit: ``headers`` then carries ``Retry-After``).
    """

    def __init__(self, status: int, field: str | None, reason: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(f"{field}: {reason}" if field else reason)
        self.status = status
        self.field = field
        self.reason = reason
        self.headers = headers

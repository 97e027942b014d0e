"""Typed rule errors.

An illegal action never changes a state; it raises `RuleError` with a stable `code` and plain
`params`, so the bot can translate the message and tests can assert on the code rather than on
wording.
"""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """An action the rules forbid. `code` is stable (used as a message-catalog key)."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(f"{code} {params}" if params else code)
        self.code = code
        self.params: dict[str, Any] = params

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, RuleError) and other.code == self.code and other.params == self.params
        )

    def __hash__(self) -> int:
        return hash(self.code)

"""One error type for input the rules reject."""

from __future__ import annotations

from collections.abc import Iterable


class RulesError(ValueError):
    """Input the rules cannot accept. Names the field and, where it helps, the allowed values."""

    def __init__(self, field: str, message: str, allowed: Iterable[object] | str | None = None):
        self.field = field
        self.reason = message
        if allowed is not None and not isinstance(allowed, str):
            allowed = ", ".join(str(a) for a in allowed)
        self.allowed = allowed
        text = f"{field}: {message}"
        if allowed:
            text += f" (allowed: {allowed})"
        super().__init__(text)

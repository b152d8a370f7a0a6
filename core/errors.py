"""One error type for input the rules reject, in English and French."""

from __future__ import annotations

from collections.abc import Iterable

Allowed = Iterable[object] | str | None


def _joined(allowed: Allowed) -> str | None:
    if allowed is not None and not isinstance(allowed, str):
        return ", ".join(str(a) for a in allowed)
    return allowed


class RulesError(ValueError):
    """Input the rules cannot accept. Names the field and, where it helps, the allowed values.

    ``str(error)`` is English (tests, scripts and the CLI read it); ``error.text("fr")`` is the
    French one, from ``fr`` (the French message) and ``allowed_fr`` when the allowed values hold
    words (``"true, false"``), else the English ones.
    """

    def __init__(
        self, field: str, message: str, allowed: Allowed = None, fr: str | None = None, *, allowed_fr: Allowed = None
    ):
        self.field = field
        self.reason = message
        self.reason_fr = fr if fr is not None else message
        self.allowed = _joined(allowed)
        self.allowed_fr = _joined(allowed_fr) if allowed_fr is not None else self.allowed
        super().__init__(self.text("en"))

    def reason_in(self, lang: str) -> str:
        """The message alone (no field, no allowed values) in ``lang``."""
        return self.reason_fr if lang == "fr" else self.reason

    def text(self, lang: str = "en") -> str:
        """``field: message (allowed: …)`` in ``lang`` ("en" or "fr")."""
        if lang == "fr":
            text = f"{self.field} : {self.reason_fr}"
            return text + f" (permis : {self.allowed_fr})" if self.allowed_fr else text
        text = f"{self.field}: {self.reason}"
        return text + f" (allowed: {self.allowed})" if self.allowed else text

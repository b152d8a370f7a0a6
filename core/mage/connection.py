"""RULES 2, "Connection (Connexion)": how well the caster knows a distant target."""

from __future__ import annotations

import enum

from core.breakdown import Lang, Line


class Connection(enum.StrEnum):
    """How the caster knows a distant target: the extra successes are the row."""

    sensory = "sensory"
    intimate = "intimate"
    close = "close"
    known = "known"
    met = "met"
    described = "described"
    unknown = "unknown"

    def label(self, lang: Lang = "en") -> str:
        return _LABELS[self.value].text(lang)

    @property
    def row(self) -> int | None:
        """Extra successes; None for an unknown target (impossible)."""
        return None if self is Connection.unknown else list(Connection).index(self)


_LABELS: dict[str, Line] = {
    "sensory": Line("sensory", "sensorielle"),
    "intimate": Line("intimate", "intime"),
    "close": Line("close", "proche"),
    "known": Line("known", "connu"),
    "met": Line("met", "rencontré"),
    "described": Line("described", "décrit"),
    "unknown": Line("unknown", "inconnu"),
}

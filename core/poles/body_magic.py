"""RULES 3, "Body magic": what the HP spent heal."""

from __future__ import annotations

from core.validators import whole_at_least


def body_healing(hp_spent: int) -> int:
    """Body magic heals 1 HP per 2 HP spent."""
    whole_at_least("hp_spent", hp_spent)
    return hp_spent // 2

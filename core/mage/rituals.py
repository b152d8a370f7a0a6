"""RULES 2.5, rituals: one roll per interval set by Arete, as many as Willpower allows, and the
circle's assistants."""

from __future__ import annotations

from core.breakdown import Line
from core.mage.effect import MageEffect
from core.mage.limits import (
    SUCCESSES,
)
from core.text import quote
from core.validators import require, whole_at_least


def ritual_interval(arete: int) -> int:
    """Minutes between two ritual rolls: Arete 1–2 3 h, 3–4 1 h, 5–6 30 min, 7–8 10 min, 9–10 1 min."""
    whole_at_least("arete", arete, 1)
    require(
        "arete", arete <= 10, f"must be between 1 and 10, got {arete}", "1…10", f"doit être entre 1 et 10, pas {arete}"
    )
    return (180, 60, 30, 10, 1)[(arete - 1) // 2]


def ritual_max_rolls(arete: int, willpower: int) -> int:
    """Rolls a ritual allows: floor(Willpower h / interval) (M2: Arete 3, Willpower 5 → 5)."""
    whole_at_least("willpower", willpower)
    return willpower * 60 // ritual_interval(arete)


def assistants_of(text: str) -> tuple[int, ...]:
    """``"1,3,0"`` → (1, 3, 0): each assistant's successes this interval (at most
    :data:`ASSISTANTS` of them, each :data:`SUCCESSES`)."""
    parts = [part.strip() for part in text.split(",") if part.strip()]
    values = []
    for part in parts:
        require("assistants", part.isdigit(), f"a list of whole numbers ≥ 0, got {quote(part)}", "N,N,…",
                f"une liste de nombres entiers ≥ 0, pas {quote(part)}")  # fmt: skip
        values.append(SUCCESSES.parse("assistants", part))
    return tuple(values)


def ritual(e: MageEffect) -> tuple[int | None, int | None, list[Line]]:
    """A ritual's interval (by Arete) and its most rolls (by Willpower)."""
    if e.willpower is None or e.arete is None:
        return None, None, []
    interval, rolls = ritual_interval(e.arete), ritual_max_rolls(e.arete, e.willpower)
    line = Line(
        f"ritual: arete {e.arete} → one roll per {minutes_text(interval)} interval; willpower {e.willpower} h → at most {rolls} rolls",
        f"rituel : entéléchie {e.arete} → un jet par intervalle de {minutes_text(interval)} ; volonté {e.willpower} h → au plus {rolls} jets",
    )
    return interval, rolls, [line]


def minutes_text(minutes: int) -> str:
    return f"{minutes // 60} h" if minutes >= 60 else f"{minutes} min"

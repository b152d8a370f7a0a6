"""The kult die field: a die typed at the table (−9…+10), or empty / ``r`` to let the app roll."""

from __future__ import annotations

from typing import Literal

from textual.widgets import Input

from core.breakdown import Lang
from core.dice import KultDie, RandomSource
from core.validators import ANY_WHOLE, looks_whole
from tui.access import lang_of
from tui.i18n import register, t
from tui.widgets.inputs import FieldError

register(
    {
        "dice.roll": ("roll", "jet"),
        "dice.static": ("static", "fixe"),
        "dice.none": ("none", "aucune"),
        "dice.bad_face": ("{field}: a kult die shows {lo}…{hi}", "{field} : un dé kult fait de {lo} à {hi}"),
    }
)

#: What a die field holds: a face typed at the table, ``"roll"``, or None (no die).
DieEntry = int | Literal["roll"] | None
ROLL: Literal["roll"] = "roll"


class KultDieField(Input):
    """An Input for one kult die. ``empty`` says what an empty field means: ``"roll"`` (an attack),
    ``"static"`` (a defence without the die) or ``"none"`` (no reroll); ``r`` always means roll."""

    def __init__(self, *, empty: Literal["roll", "static", "none"] = "roll", label: str = "kult", **kwargs) -> None:
        kwargs.setdefault("compact", True)
        super().__init__(restrict=r"[-+]?\d{0,2}|[rR]", select_on_focus=True, **kwargs)
        self.empty = empty
        self.label = label

    def on_mount(self) -> None:
        lang = lang_of(self)
        self.placeholder = t({"roll": "dice.roll", "static": "dice.static", "none": "dice.none"}[self.empty], lang)

    def entry(self, die: KultDie, lang: Lang = "en") -> DieEntry:
        """The typed face, ``"roll"`` or None; a :class:`FieldError` naming the field otherwise."""
        text = self.value.strip()
        if not text:
            return ROLL if self.empty == "roll" else None
        if text.lower() == "r":
            return ROLL
        value = ANY_WHOLE.parse("die", text) if looks_whole(text) else None
        if value is None or value not in die.faces:
            raise FieldError(t("dice.bad_face", lang, field=self.label, lo=die.lowest, hi=f"{die.highest:+d}"))
        return value


def cast(entry: DieEntry, die: KultDie, rng: RandomSource) -> int | None:
    """The face to put in an action: typed, rolled now with ``rng``, or None."""
    if entry == ROLL:
        return die.roll(rng)
    return entry

"""What a filled-in score assumes: "trade applies" / "speciality applies" toggles and the line
that names each part of the score (RULES 1.2, 1.5; the rule is :mod:`core.scores`).

The GM's choice is remembered per character (and characteristic) for the session, in the app:
ticking Brunvir's trade in the group attack also fills his duel attack with it. It is not saved.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.dom import DOMNode

from core.breakdown import Lang
from core.errors import RulesError
from core.rolls import Score
from core.roster import Character
from core.scores import Applies, character_score, speciality_candidates
from tui.access import gm
from tui.i18n import key_of, t
from tui.textual_fixes.checkbox import Checkbox


def remembered(app: DOMNode) -> dict[tuple[str, str], Applies]:
    """The app's memory of what applies: (character id, characteristic) → :class:`Applies`."""
    return gm(app).score_applies


def applies_to(app: DOMNode, character: Character, characteristic: str = "combat") -> Applies:
    """What the GM said applies to ``character`` (nothing until they say), within what it has."""
    applies = remembered(app).get((character.id, characteristic), Applies())
    if applies.trade and not character.trades:
        return Applies()
    if applies.speciality and not speciality_candidates(character):
        return Applies(trade=True)
    return applies


def default_score(app: DOMNode, character: Character, characteristic: str = "combat", affect: int = 0) -> Score:
    """The character's score with what the GM said applies (RULES 1.2), its parts named."""
    try:
        return character_score(character, characteristic, applies_to(app, character, characteristic), affect=affect)
    except RulesError:  # a trade removed since: nothing applies
        return character_score(character, characteristic, affect=affect)


def parts_text(name: str, score: Score, used: str, lang: Lang) -> str:
    """``Brunvir: combat 11 + … = 14``, with the score used when the GM typed another."""
    parts = score.breakdown[0].text(lang)
    if used.strip() and used.strip() != str(score.value):
        return t("scores.typed", lang, name=name, parts=parts, score=used.strip())
    return t("scores.parts", lang, name=name, parts=parts)


def last_characteristic(app: DOMNode, key: str, chosen: str | None = None) -> str:
    """The characteristic of ``key``'s last check this session (``corps`` at first); ``chosen``
    becomes it."""
    memory = gm(app).check_characteristic
    if chosen is not None:
        memory[key] = chosen
    return memory.get(key, "corps")


class ScoreToggles(Horizontal):
    """``[ ] trade ^b  [ ] speciality ^s``: for one character at a time (:meth:`show_for`)."""

    DEFAULT_CSS = """
    ScoreToggles { height: 1; width: 100%; }
    ScoreToggles Checkbox { margin-right: 2; }
    """

    def __init__(self, lang: Lang, *, scope: str = "form", **kwargs: Any) -> None:
        super().__init__(classes="row score-toggles", **kwargs)
        self.lang = lang
        #: Whose keys tick the boxes (``form-trade``… or ``roll-trade``…): the labels name them.
        self.scope = scope

    def compose(self) -> ComposeResult:
        """Ticked with their keys (or a click), they stay out of the Tab order: the forms' Tab
        and shift+Tab paths are the same as before they came."""
        for kind in ("trade", "speciality"):
            label = t(f"scores.{kind}", self.lang, key=key_of(f"{self.scope}-{kind}", self.lang))
            box = Checkbox(label, id=f"{self.id}-{kind}", classes=f"applies-{kind}", compact=True)
            box.can_focus = False
            yield box

    @property
    def trade(self) -> Checkbox:
        return self.query_one(".applies-trade", Checkbox)

    @property
    def speciality(self) -> Checkbox:
        return self.query_one(".applies-speciality", Checkbox)

    def show_for(self, character: Character | None, applies: Applies) -> None:
        """Tick what applies to ``character``; a box it cannot use (no trade) is disabled."""
        for box, on, usable in (
            (self.trade, applies.trade, character is not None and bool(character.trades)),
            (self.speciality, applies.speciality, character is not None and bool(speciality_candidates(character))),
        ):
            with box.prevent(Checkbox.Changed):
                box.value = on and usable
            box.disabled = not usable

    @staticmethod
    def changed(applies: Applies, event: Checkbox.Changed) -> Applies:
        """``applies`` after the trade or speciality box of ``event`` was ticked or unticked."""
        return (
            applies.with_speciality(event.value)
            if event.checkbox.has_class("applies-speciality")
            else applies.with_trade(event.value)
        )

"""The mook group form: add a group of mooks or edit one (the roster forms' base is
:mod:`tui.screens.forms`)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label, Select

from core.actions import Action, AddGroup, Join, UpdateGroup
from core.choices import parse_choice
from core.combat import Grade
from core.mooks import MookGroup
from tui.i18n import t
from tui.screens.forms import FormScreen
from tui.textual_fixes.checkbox import Checkbox


def grade_value(form: FormScreen) -> int:
    """The initiative of the grade picked in the form (RULES 1.4: civil 0 … elite 15)."""
    return parse_choice(Grade, form.query_one("#f-grade", Select).value, "grade").difficulty


class GroupForm(FormScreen):
    """Add a mook group (``group`` None) or edit one."""

    SLOTS: ClassVar[dict[str, str]] = {
        "id": "name",
        "grade": "numbers",
        "total": "numbers",
        "standing": "numbers",
        "initiative": "numbers",
    }

    TITLES = ("form.add_group", "form.edit_group")

    def __init__(self, group: MookGroup | None = None) -> None:
        super().__init__(group)
        self.group = group

    def fields(self) -> ComposeResult:
        g, lang = self.group, self.lang
        with Horizontal(classes="form-row"):
            yield Label(t("form.grade", lang), classes="form-label")
            yield Select(
                [(grade.label.text(lang), grade.value) for grade in Grade],
                value=(g.grade.value if g else Grade.STANDARD.value),
                allow_blank=False,
                id="f-grade",
                compact=True,
            )
            yield Checkbox(t("form.hidden", lang), g.hidden if g else False, id="f-hidden", compact=True)
        numbers = {
            "total": g.total if g else None,
            "standing": g.standing if g else None,
            "initiative": g.initiative if g else None,
        }
        yield from self.number_row(
            "numbers", numbers, {"standing": t("form.all", lang), "initiative": t("form.by_grade", lang)}
        )

    def build(self, errors: dict[str, str]) -> list[Action]:
        lang = self.lang
        name = self.text("name").strip()
        if not name:
            errors["name"] = t("form.empty", lang)
        total = self.parse(errors, "total", lambda: self.number("total"))
        standing = None if total is None else self.parse(errors, "standing", lambda: self.number("standing", total))
        # RULES 1.4: left empty, a group's initiative is its grade's value.
        initiative = self.parse(errors, "initiative", lambda: self.number("initiative", grade_value(self)))
        if errors:
            return []
        assert total is not None and standing is not None and initiative is not None  # else errors
        grade = parse_choice(Grade, self.query_one("#f-grade", Select).value, "grade")
        hidden = self.ticked("hidden")
        key = self.group.id if self.group else self.campaign.unique_id(name)
        group = MookGroup(key, name, grade, total, standing, initiative, hidden)
        if self.group is not None:
            return [UpdateGroup(group)]
        actions: list[Action] = [AddGroup(group)]
        if self.joins():
            actions.append(Join(key))
        return actions

"""Mass combat (RULES 1.5): the mook groups, an attack on a group, a defence against a group.

The group list shows each group's standing; the attack form builds an :class:`AttackGroup`, the
defence form a :class:`DefendGroup`. Both show the chance of success before any die is rolled
and what a hit would do; Enter applies, and the result's breakdown stays under the forms.
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widget import Widget
from textual.widgets import ContentSwitcher, OptionList, Static
from textual.widgets.option_list import Option

from core import actions
from core.breakdown import Lang
from core.campaign import Campaign
from core.mooks import MookGroup
from tui.access import gm
from tui.commands.keys import Described, bindings
from tui.commands.run import Commanding
from tui.i18n import pick, t
from tui.messages import ListScreen
from tui.safe import markup, visible
from tui.widgets.form import FormPane, character_or_none, fighters
from tui.widgets.group_forms import GRADES, AttackForm, DefenceForm
from tui.widgets.inputs import NumberField
from tui.widgets.pane import focus_now

if TYPE_CHECKING:
    from tui.widgets.named_group import NamedGroupForm

BAR = 8


def named_group_form() -> type[NamedGroupForm]:
    """The named-group form's class: its module imported when the form is first shown (issue 37)."""
    from tui.widgets.named_group import NamedGroupForm

    return NamedGroupForm


def bar(standing: int, total: int) -> str:
    filled = round(BAR * standing / total) if total else 0
    return f"[$success]{'█' * filled}[/][$text-muted]{'░' * (BAR - filled)}[/]"


def group_prompt(group: MookGroup, lang: Lang) -> Content:
    """One line of the group list; the group's name is plain text, cut to 20 cells."""
    name = visible(group.name, lines=False)
    name = name if len(name) <= 20 else name[:19] + "…"
    grade = dict(GRADES)[group.grade]
    grade_text = pick(grade, lang)
    hidden = " [$text-muted]$hidden[/]" if group.hidden else ""
    count = f"{group.standing:>2}/{group.total:<2}"
    return markup(
        f"$name $grade {count} {bar(group.standing, group.total)}{hidden}",
        name=f"{name:<20}",
        grade=f"{grade_text:<11}",
        hidden=t("mass.hidden", lang),
    )


class GroupList(Described, Commanding, OptionList):
    """The mook groups, one line each; the highlighted one is the target."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("groups")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(compact=True, **kwargs)
        self.shown: tuple[MookGroup, ...] = ()

    def show(self, groups: tuple[MookGroup, ...], lang: Lang) -> None:
        """Update only the lines whose group changed; rebuild when groups come or go."""
        if groups is self.shown:
            return
        if tuple(g.id for g in groups) != tuple(g.id for g in self.shown):
            highlighted = self.highlighted
            self.set_options([Option(group_prompt(g, lang), id=g.id) for g in groups])
            if groups:
                self.highlighted = min(highlighted or 0, len(groups) - 1)
        else:
            for index, (old, new) in enumerate(zip(self.shown, groups, strict=False)):
                if old is not new and old != new:
                    self.replace_option_prompt_at_index(index, group_prompt(new, lang))
        self.shown = groups

    @property
    def group_id(self) -> str | None:
        option = self.highlighted_option
        return option.id if option is not None else None

    @property
    def cursor_key(self) -> str | None:
        """The group under the cursor (what ``s`` sets the standing of)."""
        return self.group_id

    def point_at(self, group_id: str) -> None:
        for index, group in enumerate(self.shown):
            if group.id == group_id:
                self.highlighted = index

    def action_attack(self) -> None:
        self.pane.start_attack(keep_target=True)

    def action_defend(self) -> Coroutine[Any, Any, None] | None:
        """The defence form (composed the first time: Textual awaits what is returned)."""
        return self.pane.start_defence()

    def action_nudge(self, step: int) -> None:
        self.pane.nudge_standing(step)

    @property
    def pane(self) -> MassCombatPane:
        return self.query_ancestor(MassCombatPane)


class MassCombatPane(Described, FormPane):
    """The mook groups with an attack form and a defence form (ctrl+t switches)."""

    TITLE_KEY = "pane.mass"
    MODES = (("mass-attack", "mass.attack"), ("mass-defence", "mass.defence"), ("mass-named", "named.mode"))
    OPENERS: ClassVar[dict[str, str]] = {
        "mass-attack": "start_attack",
        "mass-defence": "start_defence",
        "mass-named": "start_named",
    }
    BINDINGS: ClassVar[list[BindingType]] = bindings("mass")

    def compose(self) -> ComposeResult:
        yield GroupList(id="mass-groups")
        yield Static("", id="mass-mode", classes="form-mode")
        with ContentSwitcher(initial="mass-attack", id="mass-forms"):
            yield AttackForm(self, id="mass-attack")  # the defence and named forms: when first shown
        with VerticalScroll(id="mass-result-box"):
            yield Static("", id="mass-result", classes="form-result")

    def prepare(self) -> None:
        first = self.first_standing()
        if first is not None:
            self.query_one(GroupList).point_at(first.id)
        self.query_one(AttackForm).choose("atk-attacker", self.current_character())
        self.last_selected = self.selected_character()
        self.watch(self.app, "marked", self._marked_changed, init=False)
        self.refresh_forms()

    def _marked_changed(self, marked: frozenset[str]) -> None:
        named = self.named()
        if named is not None:
            named.follow_members(self.marked_members(marked))
            named.preview()

    def follow(self, campaign: Campaign) -> None:
        self.query_one(GroupList).show(campaign.groups, self.lang)
        self.sync_selects()
        self.refresh_forms()

    def new_turn(self) -> None:
        self.query_one(AttackForm).choose("atk-attacker", self.current_character())
        named = self.named()
        if named is not None:
            named.choose("ng-attacker", self.current_character())
        self.refresh_forms()

    def selection_changed(self, key: str | None) -> None:
        if character_or_none(self.campaign, key) is not None:
            self.last_selected = key
            defence = self.form_of(DefenceForm)
            if defence is not None:
                defence.set_defender(key)
        elif key is not None and any(g.id == key for g in self.campaign.groups):
            self.query_one(GroupList).point_at(key)

    @on(OptionList.OptionHighlighted, "#mass-groups")
    def _target_changed(self, event: OptionList.OptionHighlighted) -> None:
        group = self.target_group()
        defence = self.form_of(DefenceForm)
        if group is not None and self.mode == "mass-defence" and defence is not None:
            defence.set_grade(group.grade)
        self.refresh_forms()

    @on(OptionList.OptionSelected, "#mass-groups")
    def _target_chosen(self, event: OptionList.OptionSelected) -> None:
        self.start_attack(keep_target=True)

    def refresh_forms(self) -> None:
        self.query_one(AttackForm).preview()
        defence = self.form_of(DefenceForm)
        if defence is not None:
            defence.preview()
        named = self.named()
        if named is not None:
            named.follow_members(self.marked_members(gm(self).marked))
            named.preview()

    # -- look-ups -------------------------------------------------------------------------------
    def target_group(self) -> MookGroup | None:
        key = self.query_one(GroupList).group_id
        return next((g for g in self.campaign.groups if g.id == key), None)

    def first_standing(self) -> MookGroup | None:
        return next((g for g in self.campaign.groups if g.standing), None)

    def current_group(self) -> MookGroup | None:
        key = self.current_key()
        return next((g for g in self.campaign.groups if g.id == key), None)

    def selected_character(self) -> str | None:
        key = getattr(self.app, "selected", None)
        if character_or_none(self.campaign, key) is not None:
            return key
        pcs = [c for c in fighters(self.campaign) if c.pc]
        return pcs[0].id if pcs else None

    # -- public entry points --------------------------------------------------------------------
    def start_attack(self, keep_target: bool = False) -> None:
        """The attack form, the current combatant attacking, the die field focused."""
        self.sync_selects(force=True)
        self.show_form("mass-attack")
        target = self.target_group()
        if target is None or (target.standing == 0 and not keep_target):
            first = self.first_standing()
            if first is not None:
                self.query_one(GroupList).point_at(first.id)
        form = self.query_one(AttackForm)
        if not keep_target:
            form.choose("atk-attacker", self.current_character())
        form.preview()
        focus_now(form.die)

    def start_defence(self) -> Coroutine[Any, Any, None] | None:
        """The defence form: the selected character against the current or targeted group
        (composed the first time: what is returned opens it, see :meth:`FormPane.open_form`)."""
        self.sync_selects(force=True)
        return self.open_form(lambda: DefenceForm, "mass-defence", ready=self._defence_ready, opened=self._open_defence)

    def _defence_ready(self, form: DefenceForm) -> None:
        form.set_defender(self.last_selected or self.selected_character())
        form.preview()

    def _open_defence(self, form: DefenceForm) -> None:
        self.show_form("mass-defence")
        form.set_defender(self.selected_character())
        group = self.current_group() or self.target_group() or self.first_standing()
        form.against = None if group is None else group.id
        if group is not None:
            form.set_grade(group.grade)
        form.preview()
        focus_now(self.query_one("#def-attackers", NumberField))

    def pane_to_front(self, focus: Widget) -> None:
        """Show this pane (on a narrow screen the others hide), ``focus`` focused in it."""
        screen = self.screen
        if isinstance(screen, ListScreen):
            screen.show_pane("mass", focus)
        else:
            focus_now(focus)

    def focus_main(self) -> None:
        groups = self.query_one(GroupList)
        if groups.option_count:
            focus_now(groups)
        else:
            focus_now(self.query_one(AttackForm).die)

    def named(self) -> NamedGroupForm | None:
        """The named-group form once shown (composed then)."""
        return cast("NamedGroupForm | None", self.late_form("mass-named"))

    def marked_members(self, marked: frozenset[str]) -> tuple[str, ...]:
        """:func:`tui.widgets.named_group.marked_members` (the form's module, shown by now)."""
        from tui.widgets.named_group import marked_members

        return marked_members(self.campaign, marked)

    def start_named(self) -> Coroutine[Any, Any, None] | None:
        """The attack on the marked named NPCs: the current combatant attacking, the die focused
        (composed the first time: what is returned opens it, see :meth:`FormPane.open_form`)."""
        self.sync_selects(force=True)
        return self.open_form(named_group_form, "mass-named", ready=self._named_ready, opened=self._open_named)

    def _named_ready(self, form: NamedGroupForm) -> None:
        form.choose("ng-attacker", self.current_character())
        form.follow_members(self.marked_members(gm(self).marked))
        form.preview()

    def _open_named(self, form: NamedGroupForm) -> None:
        self.show_form("mass-named")
        form.follow_members(self.marked_members(getattr(self.app, "marked", frozenset())))
        form.choose("ng-attacker", self.current_character())
        form.preview()
        focus_now(form.die)

    def action_switch(self) -> Coroutine[Any, Any, None] | None:
        if self.mode == "mass-attack":
            return self.start_defence()
        if self.mode == "mass-defence":
            return self.start_named()
        self.start_attack(keep_target=True)
        return None

    # -- standing by hand -----------------------------------------------------------------------
    def nudge_standing(self, step: int) -> None:
        group = self.target_group()
        if group is not None and 0 <= group.standing + step <= group.total:
            gm(self).request(actions.SetStanding(group.id, group.standing + step))

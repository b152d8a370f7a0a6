"""The spell cost pane: one tab per magic system (Apothéose now), cost as the GM types, cast.

Each system is a :class:`SpellSystem` in its own tab (:data:`SpellPane.SYSTEMS`); the pane
forwards the campaign, the selection and :meth:`SpellPane.start_entry` to the active one.
"""

from __future__ import annotations

import importlib
from typing import ClassVar, cast

import attrs
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import AwaitMount
from textual.widgets import (
    Input,
    Label,
    Select,
    Static,
    TabbedContent,
    TabPane,
    Tabs,
)

from core.actions import CastSpell, Outcome
from core.breakdown import Lang
from core.campaign import Campaign, changed_characters
from core.errors import RulesError
from core.magic import (
    DURATION,
    RANGE,
    TARGETS,
    Affects,
    Effect,
    Scale,
    SpellCost,
    SpellRequest,
    max_spell_intensity,
    resist,
    spell_cost,
    victims_paid,
)
from core.rolls import chance_of_success
from core.roster import Character
from core.validators import ANY_WHOLE
from tui.access import gm
from tui.commands.keys import Described, bindings
from tui.commands.table import SPELL_SYSTEMS
from tui.door import Answer
from tui.i18n import pick, refused, register, t
from tui.safe import plain
from tui.textual_fixes.checkbox import Checkbox
from tui.textual_fixes.chooser import Chooser
from tui.widgets.inputs import percent
from tui.widgets.pane import Pane, back_to_list, focus_now
from tui.widgets.spell_system import SpellSystem

register(
    {
        "spell.intensity": ("Intensity", "Intensité"),
        "spell.duration": ("Duration", "Durée"),
        "spell.range": ("Range", "Portée"),
        "spell.targets": ("Targets", "Cibles"),
        "spell.inspired": ("inspired by an affect", "inspiré par un affect"),
        "spell.caster": ("Caster: {name}", "Lanceur : {name}"),
        "spell.caster_stats": (" · âme {ame} · pm {pm}/{max} · shadow {shadow}", " · âme {ame} · pm {pm}/{max} · ombre {shadow}"),
        "spell.npc": ("NPC", "PNJ"),
        "spell.caster_not_mystic": ("Caster: {name} (not a mystic)", "Lanceur : {name} (pas mystique)"),
        "spell.total_beyond": ("{total} pm · {effect}", "{total} pm · {effect}"),
        "spell.no_caster": ("Caster: none (select a mystic)", "Lanceur : aucun (sélectionnez un mystique)"),
        "spell.not_mystic": ("{name} is not a mystic: cannot cast", "{name} n'est pas mystique : ne peut lancer"),
        "spell.max": ("max {max}", "max {max}"),
        "spell.max_limit": ("max {max}, limit {limit}", "max {max}, limite {limit}"),
        "spell.between": ("{lo} ({lo_label}) … {hi} ({hi_label})", "{lo} ({lo_label}) … {hi} ({hi_label})"),
        "spell.beyond": ("beyond {top} ({label})", "au-delà de {top} ({label})"),
        "spell.total": ("{total} pm · {effect} · {tier}", "{total} pm · {effect} · {tier}"),
        "spell.type_intensity": ("Type an intensity (1 or more).", "Tapez une intensité (1 ou plus)."),
        "spell.can_cast": ("Can cast: {pm} pm → {after}", "Peut lancer : {pm} pm → {after}"),
        "spell.can_cast_inspired": (
            "Can cast inspired: {pm} pm → {after}, shadow +{shadow}",
            "Peut lancer inspiré : {pm} pm → {after}, ombre +{shadow}",
        ),
        "spell.needs_inspiration": (
            "Above max intensity {max}: needs an inspiring affect (+{shadow} shadow)",
            "Au-delà de l'intensité max {max} : il faut un affect inspirant (+{shadow} ombre)",
        ),
        "spell.npc_cannot_exceed": (
            "Above max intensity {max}: an NPC has no shadow to exceed it",
            "Au-delà de l'intensité max {max} : un PNJ n'a pas d'ombre pour la dépasser",
        ),
        "spell.not_enough_pm": ("Not enough pm: {pm} for {total}", "pm insuffisants : {pm} pour {total}"),
        "spell.cast": ("Cast", "Lancer"),
        "spell.resist": ("Resist", "Résiste"),
        "spell.resist_target": ("target", "cible"),
        "spell.affects": ("affects", "affecte"),
        "spell.affects.matter": ("matter (corps)", "matière (corps)"),
        "spell.affects.mind": ("mind (esprit)", "esprit"),
        "spell.affects.soul": ("soul (âme)", "âme"),
        "spell.kult": ("kult", "kult"),
        "spell.roll": ("Roll / resolve", "Lancer / résoudre"),
        "spell.resist_chance": (
            "{score} vs {value} ({name}): takes effect on kult ≥ {need:+d}, {pct}",
            "{score} contre {value} ({name}) : agit si kult ≥ {need:+d}, {pct}",
        ),
        "spell.resist_pick": ("Pick a target to see its resistance.", "Choisissez une cible pour voir sa résistance."),
    }
)

FIELDS = ("intensity", "duration", "range", "targets")
SCALES: dict[str, Scale] = {"duration": DURATION, "range": RANGE, "targets": TARGETS}
AFFECTS = ("soul", "matter", "mind")


def scale_hint(scale: Scale, level: int, lang: Lang) -> str:
    """``1 = 10 minutes`` at an anchor, ``1 (10 minutes) … 5 (24 hours)`` between two."""
    label = scale.label(level)
    if label is not None:
        return f"{level} = {label.text(lang)}"
    anchors = sorted(scale.anchors)
    lower = max(a for a in anchors if a < level)
    higher = [a for a in anchors if a > level]
    lo_label = scale.anchors[lower].text(lang)
    if not higher:
        return t("spell.beyond", lang, top=lower, label=lo_label)
    hi = higher[0]
    return t("spell.between", lang, lo=lower, lo_label=lo_label, hi=hi, hi_label=scale.anchors[hi].text(lang))


def participants(campaign: Campaign) -> list[tuple[str, str]]:
    """``(key, name)`` of everyone in the active fight, else the whole roster and the groups."""
    enc = campaign.encounter
    keys = enc.keys if enc is not None and enc.participants else tuple(x.id for x in campaign.combatants)
    return [(key, campaign.name_of(key)) for key in keys]


def same_people(before: tuple, after: tuple) -> bool:
    """Whether ``(participants, roster, groups)`` name the same people in the same order: the
    same tuples, or tuples whose changed items keep their key or id and name (one identity test
    per unchanged item)."""
    for old, new in zip(before, after, strict=True):
        if old is new:
            continue
        if old is None or new is None or len(old) != len(new):
            return False
        if any(a is not b and _who(a) != _who(b) for a, b in zip(old, new, strict=False)):
            return False
    return True


def _who(item: object) -> tuple[object, ...]:
    """A participant's key, a character's or group's id and name."""
    return getattr(item, "key", None), getattr(item, "id", None), getattr(item, "name", None)


def aim_at_groups(campaign: Campaign, spell: SpellRequest, victims: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """How many mooks of each group picked the spell aims at (RULES 1.7): the targets paid that the
    characters picked leave, shared among the groups in order (at least one each, at most those
    standing). Too many victims stay too many: the engine refuses, naming both numbers."""
    standing = {g.id: g.standing for g in campaign.groups}
    groups = [key for key in victims if key in standing]
    left = victims_paid(spell.targets) - (len(victims) - len(groups))
    aimed = []
    for i, key in enumerate(groups):
        n = max(1, min(standing[key], left - (len(groups) - i - 1)))
        aimed.append((key, n))
        left -= n
    return tuple(aimed)


class CostFields(Described, Vertical):
    """The spell's parameters: Enter anywhere in them casts (the screen asks for the victims)."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("spell-fields")


class KultInput(Described, Input):
    """The resistance's kult die: Enter rolls it when empty, else resolves with the typed face."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("spell-kult")

    def action_roll(self) -> None:
        self.query_ancestor(ApotheoseSpell).roll_resistance()


class ApotheoseSpell(SpellSystem):
    """Apothéose (RULES 1.7): intensity + duration + range + targets, paid in pm."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        #: The last mystic shown as caster, kept while the cursor moves to targets.
        self._caster: str | None = None
        self._targets: list[tuple[str, str]] = []
        self._targets_seen: tuple | None = None
        self._shown: dict[str, str] = {}
        #: The turn the caster was last chosen for, and the row the cursor was on when it began.
        self._turn: tuple | None = None
        self._left_on: str | None = None

    def compose(self) -> ComposeResult:
        lang = self.lang
        yield Static("", id="spell-caster", markup=False)
        with CostFields(id="spell-fields"):
            for name in FIELDS:
                with Horizontal(classes="spell-row"):
                    yield Label(t(f"spell.{name}", lang), classes="spell-label")
                    yield Input(
                        "" if name == "intensity" else "0",
                        restrict=r"\d{0,3}",
                        compact=True,
                        id=f"spell-{name}",
                        classes="spell-level",
                    )
                    yield Static("", id=f"spell-{name}-hint", classes="spell-hint", markup=False)
            yield Checkbox(t("spell.inspired", lang), id="spell-inspired", compact=True)
        yield Static("", id="spell-total", markup=False)
        yield Static("", id="spell-verdict", markup=False)
        yield Static("", id="spell-breakdown", markup=False)
        with Horizontal(classes="spell-row", id="spell-resist-row"):
            yield Label(t("spell.resist", lang), classes="spell-label")
            yield Chooser[str]([], prompt=t("spell.resist_target", lang), id="spell-resist-target", compact=True)
            yield Select[str](
                [(t(f"spell.affects.{a}", lang), a) for a in AFFECTS],
                value="soul",
                allow_blank=False,
                id="spell-resist-affects",
                compact=True,
            )
        with Horizontal(classes="spell-row", id="spell-kult-row"):
            yield Label(t("spell.kult", lang), classes="spell-label")
            yield KultInput("", restrict=r"[-+]?\d{0,2}", compact=True, id="spell-kult", classes="spell-level")
            yield Static("", id="spell-resist", classes="spell-hint", markup=False)

    def on_mount(self) -> None:
        self.refresh_from_campaign()

    # -- reading the fields -----------------------------------------------------------------
    def _level(self, name: str) -> int:
        """The level typed in ``name``'s field, 0 when empty."""
        text = self.query_one(f"#spell-{name}", Input).value.strip()
        return ANY_WHOLE.parse(name, text) if text else 0

    def request_typed(self) -> SpellRequest:
        """The spell as typed; a RulesError naming the field if it cannot be."""
        if not self.query_one("#spell-intensity", Input).value.strip():
            raise refused("intensity", "spell.type_intensity")
        return SpellRequest(self._level("intensity"), self._level("duration"), self._level("range"), self._level("targets"))

    @property
    def inspired(self) -> bool:
        return self.query_one("#spell-inspired", Checkbox).value

    # -- the caster -------------------------------------------------------------------------
    def caster(self) -> Character | None:
        """Whose turn it is if a mystic, else the selected mystic, else the last mystic shown this
        turn; failing all, whoever is current or selected (shown as not a mystic)."""
        campaign = self.campaign
        enc = campaign.encounter

        def character(key: str | None) -> Character | None:  # by the campaign's index, not a scan
            found = campaign.find(key) if key is not None else None
            return found if isinstance(found, Character) else None

        selected = getattr(self.app, "selected", None)
        turn = (enc.id, enc.round, enc.current) if enc is not None else None
        if turn != self._turn:
            # A new turn: no mystic kept from an earlier one, and the row the cursor was left on
            # is not a choice made for this turn until the cursor moves.
            self._turn, self._caster, self._left_on = turn, None, selected
        elif selected != self._left_on:
            self._left_on = None
        chosen_now = selected if enc is None or selected != self._left_on else None
        candidates = [k for k in (enc.current if enc else None, chosen_now) if character(k)]
        mystics = [k for k in (*candidates, self._caster) if (c := character(k)) is not None and c.mystic]
        key = mystics[0] if mystics else (candidates[0] if candidates else None)
        chosen = character(key)
        if chosen is not None and chosen.mystic:
            self._caster = key
        return chosen

    # -- rendering --------------------------------------------------------------------------
    def _show(self, selector: str, text: str) -> None:
        """Update a Static only when its text changes (one HP change repaints little)."""
        if self._shown.get(selector) != text:
            self._shown[selector] = text
            widget = self.query_one(selector, Static)
            widget.update(plain(text))  # names in it are data: no markup, controls made visible
            widget.display = bool(text) or widget.has_class("spell-hint")

    def refresh_from_campaign(self) -> None:
        self._refresh_targets()
        self.refresh_cost()

    def _caster_line(self, c: Character | None) -> str:
        lang = self.lang
        if c is None:
            return t("spell.no_caster", lang)
        if not c.mystic:
            return t("spell.caster_not_mystic", lang, name=c.name)
        shadow = t("spell.npc", lang) if c.shadow is None else c.shadow.value
        stats = t("spell.caster_stats", lang, ame=c.characteristics.ame, pm=c.pm, max=c.max_pm, shadow=shadow)
        return t("spell.caster", lang, name=c.name) + stats

    def cost(self) -> SpellCost:
        """The cost of the spell as typed, for the caster if it is a mystic."""
        c = self.caster()
        request = self.request_typed()
        if c is None or not c.mystic:
            return spell_cost(*attrs.astuple(request))
        return spell_cost(*attrs.astuple(request), ame=c.characteristics.ame, pm=c.pm, shadow=c.shadow_value)

    def refresh_cost(self) -> None:
        lang = self.lang
        c = self.caster()
        self._show("#spell-caster", self._caster_line(c))
        for name, scale in SCALES.items():
            try:
                empty = name == "intensity" and not self.query_one("#spell-intensity", Input).value.strip()
                level = None if empty else self._level(name)
            except ValueError:
                level = None
            self._show(f"#spell-{name}-hint", scale_hint(scale, level, lang) if level is not None else "")
        try:
            cost = self.cost()
        except RulesError as error:
            self._show("#spell-intensity-hint", self._max_hint(c, None))
            self._show("#spell-total", "")
            self._show("#spell-verdict", error.reason_in(lang) if error.field == "intensity" else error.text(lang))
            self._show("#spell-breakdown", "")
            self._set_verdict_class(False)
            self.refresh_resistance()
            return
        self._show("#spell-intensity-hint", self._max_hint(c, cost))
        key = "spell.total_beyond" if cost.effect is Effect.beyond else "spell.total"
        # The sum first, as calc prints it: "intensity 3 + targets 2 (2 targets) = 5 pm".
        total = t(key, lang, total=cost.total, effect=cost.effect.label(lang), tier=cost.tier.label(lang))
        self._show("#spell-total", f"{cost.breakdown[0].text(lang)} · {total.split(' · ', 1)[1]}")
        verdict, ok = self._verdict(c, cost)
        self._show("#spell-verdict", verdict)
        self._set_verdict_class(ok)
        self._show("#spell-breakdown", "\n".join(ln.text(lang) for ln in cost.breakdown[2:]))
        self.refresh_resistance()

    def _max_hint(self, c: Character | None, cost: SpellCost | None) -> str:
        if c is None or not c.mystic:
            return ""
        if cost is not None and cost.shadow_needed:
            return t("spell.max_limit", self.lang, max=cost.max_intensity, limit=cost.limit)
        return t("spell.max", self.lang, max=max_spell_intensity(c.characteristics.ame))

    def _verdict(self, c: Character | None, cost: SpellCost) -> tuple[str, bool]:
        lang = self.lang
        if c is None:
            return t("spell.no_caster", lang), False
        if not c.mystic:
            return t("spell.not_mystic", lang, name=c.name), False
        if not cost.affordable:
            return t("spell.not_enough_pm", lang, pm=c.pm, total=cost.total), False
        needed = cost.shadow_needed or 0
        after = c.pm - cost.total
        if not needed:
            return t("spell.can_cast", lang, pm=c.pm, after=after), True
        if c.shadow is None:
            return t("spell.npc_cannot_exceed", lang, max=cost.max_intensity), False
        if not self.inspired:
            return t("spell.needs_inspiration", lang, max=cost.max_intensity, shadow=needed), False
        return t("spell.can_cast_inspired", lang, pm=c.pm, after=after, shadow=needed), True

    def _set_verdict_class(self, ok: bool) -> None:
        verdict = self.query_one("#spell-verdict", Static)
        verdict.set_class(ok, "-ok")
        verdict.set_class(not ok, "-refused")

    # -- resistance -------------------------------------------------------------------------
    def _refresh_targets(self) -> None:
        """The resistance's target list: only rebuilt when who takes part changes."""
        campaign = self.campaign
        enc = campaign.encounter
        seen = (enc.participants if enc is not None else None, campaign.roster, campaign.groups)
        before, self._campaign_seen = getattr(self, "_campaign_seen", None), campaign
        replaced = changed_characters(before, campaign) if before is not None else None
        if replaced is not None and self._targets_seen is not None and all(
            before.name_of(key) == campaign.name_of(key) for key in replaced  # type: ignore[union-attr]
        ):
            self._targets_seen = seen  # only characters replaced, none renamed: one look-up each
            return
        if self._targets_seen is not None and same_people(self._targets_seen, seen):
            self._targets_seen = seen  # an HP change: same people, same names (no O(rows) rebuild)
            return
        self._targets_seen = seen
        characters = {c.id for c in campaign.roster}
        targets = [(key, name) for key, name in participants(campaign) if key in characters]
        if targets == self._targets:
            return
        self._targets = targets
        select = self.query_one("#spell-resist-target", Select)
        before = select.value
        select.set_options([(name, key) for key, name in targets])
        if before in dict(targets):
            select.value = before

    def resistance_target(self) -> Character | None:
        value = self.query_one("#spell-resist-target", Select).value
        if not isinstance(value, str) or not self.campaign.has(value):
            return None
        return next((c for c in self.campaign.roster if c.id == value), None)

    def refresh_resistance(self) -> None:
        """The chance before the die, or the result for the die typed; nothing changes."""
        lang = self.lang
        target = self.resistance_target()
        try:  # RULES 1.7: the resistance scores the pm spent, the cast's total
            intensity = self.request_typed().total
        except (RulesError, ValueError):
            intensity = None
        if target is None or intensity is None:
            self._show("#spell-resist", t("spell.resist_pick", lang) if target is None else "")
            return
        affects = cast("Affects", str(self.query_one("#spell-resist-affects", Select).value))  # one of AFFECTS
        typed = self.query_one("#spell-kult", Input).value.strip()
        die = self.campaign.rules.die
        try:
            if typed not in ("", "-", "+"):
                result = resist(intensity, int(typed), target.characteristics, affects, die=die)
                self._show("#spell-resist", " · ".join(ln.text(lang) for ln in result.breakdown))
                return
            probe = resist(intensity, 0, target.characteristics, affects, die=die)
        except RulesError as error:
            self._show("#spell-resist", error.text(lang))
            return
        name = "âme" if probe.characteristic == "ame" else probe.characteristic
        chance = chance_of_success(intensity, probe.target, die)
        self._show(
            "#spell-resist",
            t("spell.resist_chance", lang, score=intensity, value=probe.target, name=name, need=probe.target - intensity, pct=percent(chance, lang)),
        )

    def roll_resistance(self) -> None:
        """Enter in the kult field: roll the die if empty (the face is put in the field)."""
        field = self.query_one("#spell-kult", Input)
        if field.value.strip() in ("", "-", "+"):
            field.value = str(self.campaign.rules.die.roll(gm(self).session.rng))
        self.refresh_resistance()

    @on(Select.Changed)
    def _select_changed(self, event: Select.Changed) -> None:
        event.stop()
        self.refresh_resistance()

    @on(Input.Changed)
    def _typed(self, event: Input.Changed) -> None:
        event.stop()
        if event.input.id == "spell-kult":
            self.refresh_resistance()
        else:
            self.refresh_cost()

    @on(Checkbox.Changed)
    def _toggled(self, event: Checkbox.Changed) -> None:
        event.stop()
        self.refresh_cost()

    # -- casting ----------------------------------------------------------------------------
    def new_spell(self) -> None:
        """A new spell (``s``, or after a cast): nothing carried from the last one, and as many
        targets as combatants are marked (level 0 for one, 2…9 that many, 10 for ten or more)."""
        marked = len(gm(self).marked)
        targets = 0 if marked <= 1 else min(marked, 10)
        for name in FIELDS:
            value = "" if name == "intensity" else str(targets) if name == "targets" else "0"
            self.query_one(f"#spell-{name}", Input).value = value
        self.query_one("#spell-inspired", Checkbox).value = False

    def start_entry(self) -> None:
        self.refresh_cost()
        field = self.query_one("#spell-intensity", Input)
        focus_now(field)
        field.select_all()

    def cast_asked(self) -> CastSpell | None:
        """Enter in the fields: the spell as typed, checked, for the screen to ask which targets
        take its intensity as damage (the answer comes to :meth:`victims_chosen`). Refused, None
        (and the next key acts on the initiative list: n, the next turn)."""
        app = gm(self)
        c = self.caster()
        try:
            if c is None:
                raise refused("caster", "spell.no_caster")
            spell = self.request_typed()
            action = CastSpell(c.id, spell, self.inspired)
            action.check(self.campaign)
        except RulesError as error:
            lang = self.lang
            app.notify(error.reason_in(lang) if error.field == "intensity" else error.text(lang), severity="error", timeout=6)
            back_to_list(self)
            return None
        return action

    async def cast(self, cast: CastSpell, victims: tuple[str, ...]) -> Answer:
        """Cast ``cast`` on ``victims`` through the door. Cast, nothing is carried to the next
        spell (inspiration included) and the marks, which were for its victims, are cleared;
        cast, refused or declined, the initiative list has the focus."""
        app = gm(self)
        action = attrs.evolve(cast, victims=victims, aimed=aim_at_groups(self.campaign, cast.spell, victims))
        answer = await app.request(action)
        if isinstance(answer, Outcome):
            if app.marked:
                app.marked = frozenset()
            self.new_spell()
        back_to_list(self)
        return answer


def system_class(system: type[SpellSystem] | str) -> type[SpellSystem]:
    """A row's widget class, its module imported now if the row names it as ``"module:Class"``."""
    if isinstance(system, str):
        module, name = system.split(":")
        system = getattr(importlib.import_module(module), name)
    return system  # type: ignore[return-value]


class SpellPane(Pane):
    TITLE_KEY = "pane.spell"

    #: (tab id, the system's widget class or ``"module:Class"``, imported when its tab is first
    #: shown): a new system is one more row (its title is in :data:`tui.commands.table.SPELL_SYSTEMS`).
    SYSTEMS: ClassVar[tuple[tuple[str, type[SpellSystem] | str], ...]] = (
        ("apotheose", ApotheoseSpell),
        ("mage", "tui.widgets.spell_mage:MageSpell"),
        ("poles", "tui.widgets.spell_poles:PolesSpell"),
        ("d6", "tui.widgets.spell_d6:D6Spell"),
    )

    def compose(self) -> ComposeResult:
        """The tabs; only the first system's fields: the others are composed when their tab is
        first shown (:meth:`compose_system`), not before the app's first frame (about 200
        widgets that a GM may never open)."""
        with TabbedContent(id="spell-systems"):
            titles = dict(SPELL_SYSTEMS)
            for index, (tab_id, system) in enumerate(self.SYSTEMS):
                with TabPane(pick(titles[tab_id], self.lang), id=f"spell-tab-{tab_id}"):
                    if index == 0:
                        yield system_class(system)(id=f"spell-{tab_id}", classes="spell-system")

    def compose_system(self, tab_id: str) -> AwaitMount | None:
        """Compose the system of tab ``tab_id`` if it is not yet: the mount to await (its
        fields exist once it is done), or ``None`` when it was there already."""
        if self.query(f"#spell-{tab_id}"):
            return None
        system = system_class(next(system for key, system in self.SYSTEMS if key == tab_id))
        self._systems: list[SpellSystem] = []  # found again, with the new one
        return self.query_one(f"#spell-tab-{tab_id}", TabPane).mount(system(id=f"spell-{tab_id}", classes="spell-system"))

    @on(TabbedContent.TabActivated)
    async def _tab_shown(self, event: TabbedContent.TabActivated) -> None:
        mounting = self.compose_system((event.pane.id or "").removeprefix("spell-tab-"))
        if mounting is not None:
            await mounting

    def on_mount(self) -> None:
        super().on_mount()
        # One system: the tab strip is a title, not a stop on the way through the fields.
        self.query_one(Tabs).can_focus = len(self.SYSTEMS) > 1

    def active_system(self) -> SpellSystem:
        tabs = self.query_one(TabbedContent)
        self.compose_system(tabs.active.removeprefix("spell-tab-"))
        return self.query_one(f"#{tabs.active} SpellSystem", SpellSystem)

    def enter_active(self) -> None:
        """The active system's first field focused (once composed, if its tab was just shown)."""
        system = self.active_system()
        if system.is_mounted:
            system.start_entry()
        else:  # after its compose and mount, which come first in its queue
            system.call_later(system.start_entry)

    def systems(self) -> list[SpellSystem]:
        """The spell systems mounted (found once, not by a query on every change). One whose
        tab was just shown is left out until it is mounted: its fields are not there yet, and
        it reads the campaign as it mounts."""
        if not getattr(self, "_systems", None):
            found = list(self.query(SpellSystem))
            mounted = [system for system in found if system.is_mounted]
            if len(mounted) < len(found):
                return mounted
            self._systems = found
        return self._systems

    def campaign_changed(self, campaign: Campaign) -> None:
        if self.is_mounted:
            for system in self.systems():
                system.refresh_from_campaign()

    def selection_changed(self, key: str | None) -> None:
        for system in self.systems():
            system.refresh_from_campaign()

    def focus_main(self) -> None:
        self.enter_active()

    def start_entry(self) -> None:
        """Focus the intensity field, the current combatant (if a mystic) as caster."""
        self.enter_active()

    def new_spell(self) -> None:
        """``s``: a new Apothéose spell (whatever tab was used last), whose turn it is as the
        caster, the targets from the marks, the intensity focused."""
        self.query_one(TabbedContent).active = "spell-tab-apotheose"
        system = self.query_one(ApotheoseSpell)
        system.new_spell()
        self.enter_active()

    def show_system(self, tab_id: str) -> AwaitMount | None:
        """Show one system's tab (``apotheose``, ``mage``…) and focus its first field; the mount
        to await when the tab is shown for the first time (its first field is focused then)."""
        self.query_one(TabbedContent).active = f"spell-tab-{tab_id}"
        mounting = self.compose_system(tab_id)
        self.enter_active()
        return mounting

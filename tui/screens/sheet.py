"""The combatant sheet (Enter on the initiative list): everything about one character or group.

It re-renders whenever ``app.campaign`` changes. Keys change shadow (with its reason in the
ledger), award XP, raise a characteristic, adjust pm and use mystical exhaustion.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from core.actions import AdjustPm, AwardXp, ChangeShadow, Exhaust, RaiseCharacteristic, SetStigmaEffect
from core.breakdown import Lang
from core.campaign import Campaign
from core.characteristics import CHARACTERISTIC_NAMES, CHARACTERISTICS, derive
from core.conditions import left, own_turn
from core.mooks import MookGroup
from core.progression import XP_AWARD, xp_cost
from core.roster import Character
from core.shadow import SHADOW_MAX, Mark, ShadowEvent, StigmaEffect, mark_level, tainted
from core.stigmata import COMPULSION_SHADOW
from tui.access import gm
from tui.commands.keys import Described, bindings
from tui.commands.palette import ScreenKeyCommands
from tui.i18n import pick, t
from tui.safe import markup, plain
from tui.screens.combat_dialogs import ExhaustDialog, PickDialog, ShadowAnswer, ShadowDialog
from tui.screens.prompts import ValuePrompt, parse_int, whole_in
from tui.screens.stigma import StigmaDialog
from tui.state import AppState
from tui.widgets.footer import KeysFooter

#: A line of the sheet: a string is plain text (it may quote names), a Content is already styled.
Line = str | Content


def _dim(text: str) -> Content:
    return markup("[dim]$text[/dim]", text=text)


def _lines(lines: list[Line]) -> Content:
    return Content("\n").join([plain(line) if isinstance(line, str) else line for line in lines])


def _char_name(name: str, lang: Lang) -> str:
    return pick(CHARACTERISTIC_NAMES.get(name, (name, name)), lang)


def _health(c: Character, lang: Lang) -> list[str]:
    state = c.state.label.text(lang)
    health = [t("sheet.hp", lang, hp=c.hp, max=c.max_hp)]
    if c.max_armour or c.armour:
        health.append(t("sheet.armour", lang, armour=c.armour, max=c.max_armour))
    if c.bruise:
        health.append(t("sheet.bruise", lang, n=c.bruise))
    health.append(t("sheet.state", lang, state=state))
    if c.stabilised:
        health.append(t("sheet.stabilised", lang))
    out = [" · ".join(health)]
    if c.armour_pieces:
        out.append("  " + ", ".join(pick((piece.en, piece.fr), lang) for piece in c.armour_pieces))
    out.append(t("sheet.willpower", lang, n=c.willpower, max=c.max_willpower))
    if c.mystic:
        pm = t("sheet.pm", lang, n=c.pm, max=c.max_pm, i=c.max_intensity)
        if c.exhaustion_used:
            pm += f" · {t('sheet.exhaustion_used', lang)}"
        out.append(pm)
    if c.hp_loss or c.willpower_loss:
        out.append(t("sheet.losses", lang, hp=c.hp_loss, wp=c.willpower_loss))
    return out


def _characteristics(c: Character, lang: Lang) -> list[str]:
    ch = c.characteristics
    values = " · ".join(f"{_char_name(n, lang)} {getattr(ch, n)}" for n in CHARACTERISTICS)
    out = [f"{values} ({t('sheet.total', lang, n=ch.total)})"]
    if c.raises:
        listed = ", ".join(f"{_char_name(n, lang)} +{k}" for n, k in c.raises)
        out.append(t("sheet.raises", lang, list=listed))
    out.append(t("sheet.xp", lang, n=c.xp))
    return out


def _shadow(c: Character, campaign: Campaign, lang: Lang) -> list[Line]:
    s = c.shadow
    assert s is not None
    threshold = campaign.rules.taint_threshold
    value = t("sheet.shadow_value", lang, n=s.value, max=SHADOW_MAX)
    if tainted(s, threshold):
        taint = markup("$value · [b $warning]$taint[/]", value=value, taint=t("sheet.tainted", lang, n=threshold))
    else:
        taint = plain(f"{value} · {t('sheet.untainted', lang, n=threshold)}")
    out: list[Line] = [taint]
    for key, marks in (("sheet.stigmata", s.stigmata), ("sheet.graces", s.graces)):
        if marks:
            out.append(t(key, lang))
            for n, mark in enumerate(marks, 1):
                permanent = mark.permanent.describe(lang) if mark.permanent is not None else ""
                extra = " — ".join(x for x in (permanent, mark.effect or "", mark.note) if x)
                row = f"  {n}. {mark.describe().text(lang)}" + (f" — {extra}" if extra else "")
                if key == "sheet.stigmata" and mark.permanent is None:
                    out.append(Content.assemble(plain(row + " "), _dim(f"({t('sheet.effect_to_pick', lang)})")))
                else:
                    out.append(row)
    return out


def _ledger(c: Character, lang: Lang) -> list[Line]:
    s = c.shadow
    assert s is not None
    if not s.ledger:
        return [_dim(t("sheet.ledger_empty", lang))]
    out: list[Line] = []
    for entry in reversed(s.ledger):
        note = f" — {entry.note}" if entry.note else ""
        out.append(f"{entry.delta:+d}  {entry.before}→{entry.after}  {entry.event.label(lang)}{note}")
        out.append(_dim(f"    {entry.reason.text(lang)}"))
    return out


def _trades(c: Character, lang: Lang) -> list[Line]:
    none = t("sheet.none", lang)
    trades = [trade.name + (f" ({', '.join(trade.specialities)})" if trade.specialities else "") for trade in c.trades]
    return [
        t("sheet.trades_line", lang, list="; ".join(trades))
        if trades
        else _dim_in(t("sheet.trades_line", lang, list="\0"), none),
        t("sheet.affects_line", lang, list=", ".join(c.affects))
        if c.affects
        else _dim_in(t("sheet.affects_line", lang, list="\0"), none),
    ]


def _conditions(key: str, campaign: Campaign, lang: Lang) -> list[Line]:
    """``Conditions: stunned (2 rounds left), blessed (until removed)`` while in the fight."""
    enc = campaign.encounter
    part = enc.participant(key) if enc is not None else None
    if part is None:
        return []
    if not part.conditions:
        return [_dim_in(t("sheet.conditions_line", lang, list="\0"), t("sheet.none", lang))]
    own = enc is not None and own_turn(enc, key)
    return [
        plain(
            t(
                "sheet.conditions_line",
                lang,
                list=", ".join(pick(left(campaign, c, own_turn=own), lang) for c in part.conditions),
            )
        )
    ]


def _dim_in(line: str, dimmed: str) -> Content:
    """``line`` (plain text) with its ``\\0`` replaced by ``dimmed``, dim."""
    before, _, after = line.partition("\0")
    return Content.assemble(plain(before), _dim(dimmed), plain(after))


def character_text(c: Character, campaign: Campaign, lang: Lang) -> Content:
    """The sheet of a character (every name in it plain text): what a fight needs first, then the rest."""
    kind: list[Line] = [t("sheet.pc" if c.pc else "sheet.npc", lang)]
    if c.mystic:
        kind.append(t("sheet.mystic", lang))
    if c.hidden:
        kind.append(_dim(t("sheet.hidden", lang)))
    sections: list[tuple[str, Sequence[Line]]] = [
        ("sheet.health", _health(c, lang)),
        ("sheet.characteristics", _characteristics(c, lang)),
    ]
    if c.shadow is not None:
        sections.append(("sheet.shadow", _shadow(c, campaign, lang)))
    sections.append(("", _trades(c, lang)))
    derived = derive(c.characteristics, mystic=c.mystic, hp_loss=c.hp_loss, willpower_loss=c.willpower_loss)
    sections.append(("sheet.derived", [item.text(lang) for item in derived.breakdown]))
    if c.shadow is not None:
        sections.append(("sheet.ledger", _ledger(c, lang)))
    if c.notes:
        sections.append(("sheet.notes", [c.notes]))
    out: list[Line] = [Content(" · ").join([plain(k) if isinstance(k, str) else k for k in kind])]
    out.extend(_conditions(c.id, campaign, lang))
    for title, lines in sections:
        out.append("")
        if title:
            out.append(markup("[b]$title[/b]", title=t(title, lang)))
        out.extend(lines)
    return _lines(out)


def group_text(g: MookGroup, campaign: Campaign, lang: Lang) -> Content:
    grade = g.grade.label.text(lang)
    head = plain(t("sheet.group", lang))
    out: list[Line] = [
        Content.assemble(head, " · ", _dim(t("sheet.hidden", lang))) if g.hidden else head,
        t("sheet.standing", lang, standing=g.standing, total=g.total, felled=g.felled),
        t("sheet.grade", lang, grade=grade, d=g.grade.difficulty),
        t("sheet.initiative", lang, n=g.initiative),
        *_conditions(g.id, campaign, lang),
    ]
    return _lines(out)


class SheetScreen(Described, AppState, ModalScreen[None]):
    """One combatant in full, kept up to date; Escape closes."""

    COMMANDS = {ScreenKeyCommands}

    BINDINGS: ClassVar[list[BindingType]] = bindings("sheet")

    def __init__(self, key: str) -> None:
        super().__init__(id="sheet")
        self.key = key

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="sheet-box"):
            yield Static("", id="sheet-body")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.watch(self.app, "campaign", self.show, init=True)
        self.query_one("#sheet-box").focus()

    #: Keys for a player character only: an NPC has no shadow, stigma, grace, XP or raise.
    PC_ONLY = frozenset({"shadow", "voluntary", "award_xp", "raise"})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """An NPC's sheet (or a group's) does not offer the keys the rules would refuse."""
        if action in self.PC_ONLY:
            entity = self._entity(self.campaign)
            return isinstance(entity, Character) and entity.pc
        return True

    def _entity(self, campaign: Campaign | None) -> Character | MookGroup | None:
        return None if campaign is None else campaign.find(self.key)

    def show(self, campaign: Campaign | None) -> None:
        entity = self._entity(campaign)
        if entity is None:
            self.app.notify(t("sheet.gone", self.lang, key=self.key), severity="warning")
            self.dismiss(None)
            return
        box = self.query_one("#sheet-box")
        box.border_title = plain(entity.name)
        if isinstance(entity, Character):
            text = character_text(entity, self.campaign, self.lang)
        else:
            text = group_text(entity, self.campaign, self.lang)
        self.query_one("#sheet-body", Static).update(text)

    def action_close(self) -> None:
        self.dismiss(None)

    # -- keys -------------------------------------------------------------------------------
    def _character(self, *, pc: bool = False, mystic: bool = False) -> Character | None:
        entity = self._entity(gm(self).campaign)
        if not isinstance(entity, Character):
            self.app.notify(t("sheet.not_character", self.lang), severity="warning")
            return None
        if pc and entity.shadow is None:
            self.app.notify(t("sheet.not_pc", self.lang, name=entity.name), severity="warning")
            return None
        if mystic and not entity.mystic:
            self.app.notify(t("sheet.not_mystic", self.lang, name=entity.name), severity="warning")
            return None
        return entity

    def action_shadow(self, sign: int) -> None:
        c = self._character(pc=True)
        if c is None:
            return

        def done(answer: ShadowAnswer | None) -> None:
            if answer is not None:
                gm(self).request(ChangeShadow(c.id, answer.event, answer.delta, answer.note))

        value = c.shadow.value if c.shadow is not None else 0
        self.app.push_screen(ShadowDialog(c.name, value, ShadowEvent.gm, sign), done)

    def action_voluntary(self, event: str) -> None:
        c = self._character(pc=True)
        if c is None:
            return
        shadow = c.shadow
        assert shadow is not None
        if event != "voluntary_stigma" or shadow.graces or shadow.value < 5:  # no stigma gained (or refused)
            gm(self).request(ChangeShadow(c.id, ShadowEvent(event)))
            return
        level = mark_level(len(shadow.stigmata) + 1)
        label = Mark("stigma", level).describe().text(self.lang).removeprefix("le ")

        def done(effect: StigmaEffect | None) -> None:
            if effect is not None:
                gm(self).request(ChangeShadow(c.id, ShadowEvent.voluntary_stigma, effect=effect))

        self.app.push_screen(StigmaDialog(c.name, level, label), done)

    def _pick_stigma(self, c: Character, index: int) -> None:
        """The stigma dialog for the stigma at ``index``: its effect applied (or changed)."""
        assert c.shadow is not None
        mark = c.shadow.stigmata[index]
        label = mark.describe().text(self.lang).removeprefix("le ")

        def done(effect: StigmaEffect | None) -> None:
            if effect is not None:
                gm(self).request(SetStigmaEffect(c.id, index, effect))

        self.app.push_screen(StigmaDialog(c.name, mark.level, label), done)

    def action_stigma_effect(self) -> None:
        """The effect of a stigma gained by overflow, a roll or a spell (the first without one),
        or, when all have one, of the stigma the GM picks (its losses are given back first)."""
        c = self._character(pc=True)
        if c is None:
            return
        held = c.shadow.stigmata if c.shadow is not None else ()
        if not held:
            self.app.notify(t("sheet.no_stigma", self.lang, name=c.name), severity="warning")
            return
        missing = [i for i, mark in enumerate(held) if mark.permanent is None]
        if missing:
            self._pick_stigma(c, missing[0])
            return
        options = [
            (i, f"{mark.describe().text(self.lang)} — {mark.permanent.describe(self.lang)}")
            for i, mark in enumerate(held)
            if mark.permanent
        ]

        def picked(index: object) -> None:
            if isinstance(index, int):  # a stigma's place in the list
                self._pick_stigma(c, index)

        self.app.push_screen(PickDialog(t("sheet.pick_stigma", self.lang, name=c.name), options), picked)

    def action_compulsion(self) -> None:
        """The PC resisted a compulsion: +1/+2/+3 shadow by the stigma's level (RULES 1.3)."""
        c = self._character(pc=True)
        if c is None:
            return
        held = [mark for mark in (c.shadow.stigmata if c.shadow is not None else ()) if mark.compulsion]
        if not held:
            self.app.notify(t("sheet.no_compulsion", self.lang, name=c.name), severity="warning")
            return

        def resisted(mark: object) -> None:
            if isinstance(mark, Mark):
                note = mark.permanent.text if mark.permanent is not None else ""
                gm(self).request(ChangeShadow(c.id, ShadowEvent.resist_compulsion, COMPULSION_SHADOW[mark.level], note))

        if len(held) == 1:
            resisted(held[0])
            return
        options = [
            (
                mark,
                f"{mark.describe().text(self.lang)} — {mark.permanent.describe(self.lang) if mark.permanent else ''}",
            )
            for mark in held
        ]
        self.app.push_screen(PickDialog(t("sheet.pick_compulsion", self.lang, name=c.name), options), resisted)

    def action_award_xp(self) -> None:
        c = self._character()
        if c is None:
            return

        def done(amount: object) -> None:
            if isinstance(amount, int):  # whole_in's answer
                gm(self).request(AwardXp((c.id,), amount))

        self.app.push_screen(ValuePrompt(t("sheet.xp_prompt", self.lang, name=c.name), whole_in("xp", XP_AWARD)), done)

    def action_raise(self) -> None:
        c = self._character()
        if c is None:
            return
        lang = self.lang
        options = []
        for name in CHARACTERISTICS:
            now = getattr(c.characteristics, name)
            cost = xp_cost(now, now + 1).cost
            label = t("sheet.raise_option", lang, name=_char_name(name, lang), now=now, next=now + 1, cost=cost)
            options.append((name, label))

        def done(name: object) -> None:
            if isinstance(name, str):  # a characteristic's name
                gm(self).request(RaiseCharacteristic(c.id, name))

        self.app.push_screen(PickDialog(t("sheet.raise_prompt", lang, name=c.name, xp=c.xp), options), done)

    def action_adjust_pm(self) -> None:
        c = self._character(mystic=True)
        if c is None:
            return

        def done(delta: object) -> None:
            if isinstance(delta, int):  # parse_int's answer
                gm(self).request(AdjustPm(c.id, delta))

        self.app.push_screen(ValuePrompt(t("sheet.pm_prompt", self.lang, name=c.name), parse_int), done)

    def action_exhaust(self) -> None:
        c = self._character(mystic=True)
        if c is None:
            return

        def done(amounts: tuple[int, int] | None) -> None:
            if amounts is not None:
                gm(self).request(Exhaust(c.id, *amounts))

        self.app.push_screen(ExhaustDialog(c.name, c.hp, c.willpower), done)

"""Hostile campaigns for the hardening tests: every name-bearing field holds ``text``.

``walk(app, pilot)`` visits every pane, puts the cursor on every combatant, opens its sheet, the
roll, condition and edit dialogs, the log, the help and the command palette: whatever a name can
reach. The callers assert that nothing raised and that no control byte from the data was written.
"""

from __future__ import annotations

import attrs

from core.actions import AddCondition
from core.campaign import Campaign
from core.demo import demo_campaign
from core.encounter import Condition
from core.mooks import MookGroup
from core.roster import Trade

#: The names of issue 15 that crashed the app.
VILLON = "Archers de Villon [2e compagnie]"
MORVAN = "Morvan [/]"


def hostile_campaign(text: str, *, name: str | None = None) -> Campaign:
    """The demo with ``text`` in every name: characters, trades, affects, notes, groups,
    the encounter, a condition and the campaign itself."""
    c = demo_campaign(name or text)
    roster = []
    for i, ch in enumerate(c.roster):
        roster.append(
            attrs.evolve(
                ch,
                name=f"{text}{i}" if i % 2 else text,
                trades=(Trade(text, (text, "épée")),),
                affects=(text,),
                notes=text,
            )
        )
    groups = [attrs.evolve(g, name=text if i == 0 else f"{text}{i}") for i, g in enumerate(c.groups)]
    enc = c.encounter
    parts = list(enc.participants)
    parts[0] = attrs.evolve(parts[0], conditions=(Condition(text, 2),))
    enc = attrs.evolve(enc, name=text, participants=tuple(parts))
    return attrs.evolve(c, roster=tuple(roster), groups=tuple(groups), encounters=(enc,))


def with_group(campaign: Campaign, name: str) -> Campaign:
    from core.combat import Grade

    return attrs.evolve(campaign, groups=(*campaign.groups, MookGroup("hostile", name, Grade.STANDARD, 5, 5, 3)))


async def walk(app, pilot) -> None:
    """Everything a GM sees, once, with the names of ``app``'s campaign."""
    from tui.screens.sheet import SheetScreen

    for pane in ("1", "2", "3", "4", "1"):
        await pilot.press(pane)
        await pilot.pause()
    keys = [*(ch.id for ch in app.campaign.roster), *(g.id for g in app.campaign.groups)]
    for n, key in enumerate(keys):
        app.selected = key
        await pilot.pause()
        if n in (0, 1, len(keys) - 1):  # a character, another, a group: through every pane
            for pane in ("2", "3", "4", "1"):
                await pilot.press(pane)
            await pilot.pause()
        app.push_screen(SheetScreen(key))
        await pilot.pause()
        app.pop_screen()
        await pilot.pause()
    for screen_key in ("ctrl+l", "question_mark"):
        await pilot.press(screen_key)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    if app.campaign.roster:
        app.selected = app.campaign.roster[0].id
        await pilot.pause()
        from tui.screens.combat_dialogs import ConditionDialog, ExhaustDialog, PickDialog, ShadowDialog
        from tui.screens.roll import RollDialog
        from tui.screens.forms import CharacterForm, GroupForm
        from tui.screens.prompts import ConfirmDialog, ValuePrompt

        first = app.campaign.roster[0]
        for screen in (
            RollDialog(first.id),
            ConditionDialog(first.name),
            PickDialog(first.name, [(1, first.name), (2, app.campaign.name)]),
            ShadowDialog(first.name, 2),
            ExhaustDialog(first.name, 1, 1),
            ValuePrompt(first.name, str, first.name),
            ConfirmDialog(first.name),
            CharacterForm(first),
            *(GroupForm(g) for g in app.campaign.groups[:1]),
        ):
            app.push_screen(screen)
            await pilot.pause()
            app.pop_screen()
            await pilot.pause()
    app.notify(app.campaign.name)
    await pilot.pause()
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*"ar")
    await pilot.pause(0.3)
    await pilot.press("escape")
    await pilot.pause()
    if app.campaign.encounter is not None and app.campaign.roster:
        app.request(AddCondition(app.campaign.roster[-1].id, Condition(app.campaign.name, 1)))
        await pilot.pause()

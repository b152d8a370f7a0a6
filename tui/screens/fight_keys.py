"""The initiative list's GM commands (its keys in the command table): the turn order, conditions,
marks, hiding, a check, the sheet, starting and ending a fight.

They act on the combatant under the list's cursor (or the marked ones) and open their dialogs
from here, the main screen: the list itself only draws the order and moves its cursor.
"""

from __future__ import annotations

from textual.screen import Screen

from core.actions import (
    Action,
    ActNow,
    AddCondition,
    BoostInitiative,
    Delay,
    EndEncounter,
    MoveInOrder,
    NextTurn,
    Outcome,
    PreviousTurn,
    RemoveCondition,
    RepairArmour,
    Roll,
    SetHidden,
    SetInitiative,
    Stabilise,
    StartEncounter,
)
from core.campaign import Campaign
from core.conditions import left as condition_left
from core.conditions import own_turn
from core.encounter import Condition
from core.roster import Character
from tui.access import gm, targets
from tui.i18n import listed, pick, t
from tui.widgets.initiative import InitiativeList, InitiativePane


class FightActions(Screen[None]):
    """The initiative list's commands, mixed into :class:`tui.screens.main.MainScreen`."""

    # -- who -----------------------------------------------------------------------------------------
    def _warn(self, key: str, **values: object) -> None:
        self.app.notify(t(key, gm(self).lang, **values), severity="warning", timeout=4)

    def _selected(self) -> str | None:
        """The combatant under the list's cursor (a warning when there is none)."""
        key = self.query_one(InitiativeList).cursor_key
        if key is None or not gm(self).campaign.has(key):
            self._warn("init.nobody")
            return None
        return key

    def _character(self, *, pc: bool = False) -> Character | None:
        key = self._selected()
        if key is None:
            return None
        found = gm(self).campaign.find(key)
        if not isinstance(found, Character):
            self._warn("init.not_group")
            return None
        if pc and not found.pc:
            self._warn("init.pc_only")
            return None
        return found

    def _request(self, action: Action) -> None:
        gm(self).request(action)  # the door says what came of it

    # -- the turn order ------------------------------------------------------------------------------
    def action_next_turn(self) -> None:
        self._request(NextTurn())

    def action_previous_turn(self) -> None:
        self._request(PreviousTurn())

    def action_delay(self) -> None:
        encounter = gm(self).campaign.encounter
        self._request(Delay(encounter.current or "" if encounter is not None else ""))

    def action_act_now(self) -> None:
        key = self._selected()
        if key is not None:
            self._request(ActNow(key))

    def action_boost(self) -> None:
        c = self._character(pc=True)
        if c is not None:
            self._request(BoostInitiative(c.id))

    def action_set_initiative(self) -> None:
        from tui.screens.prompts import ValuePrompt, parse_int

        key = self._selected()
        if key is None:
            return
        campaign = gm(self).campaign
        part = campaign.encounter.participant(key) if campaign.encounter is not None else None
        value = "" if part is None else str(part.initiative)

        def done(value: object) -> None:
            if isinstance(value, int):
                self._request(SetInitiative(key, value))

        self.app.push_screen(
            ValuePrompt(t("init.set_initiative", gm(self).lang, name=campaign.name_of(key)), parse_int, value), done
        )

    def action_move(self, steps: int) -> None:
        key = self._selected()
        if key is not None:
            self._request(MoveInOrder(key, steps))

    def action_start_fight(self) -> None:
        campaign: Campaign = gm(self).campaign
        if campaign.encounter is not None:
            self._warn("init.fight_under_way")
            return
        keys = tuple(c.id for c in campaign.roster) + tuple(g.id for g in campaign.groups)
        self._request(StartEncounter(t("init.fight_name", gm(self).lang, n=len(campaign.encounters) + 1), keys))

    def action_end_fight(self) -> None:
        from tui.screens.prompts import ConfirmDialog

        enc = gm(self).campaign.encounter
        if enc is None:
            self._request(EndEncounter())  # refused with its own message
            return

        def done(yes: bool | None) -> None:
            if yes:
                self._request(EndEncounter())

        self.app.push_screen(ConfirmDialog(t("init.end_fight", gm(self).lang, name=enc.name)), done)

    # -- conditions ----------------------------------------------------------------------------------
    def action_add_condition(self) -> None:
        """A condition on the marked combatants (one action, one undo; the marks are then
        cleared, as after damage), else on the selected one."""
        from tui.screens.combat_dialogs import ConditionDialog

        app = gm(self)
        keys = targets(self)
        if not keys:
            self._warn("init.nobody")
            return
        campaign = app.campaign
        names = [campaign.name_of(k) for k in keys]
        listed_names = listed(names, app.lang, room=30)  # the dialog's one-line title: never cut mid-name
        who = names[0] if len(names) == 1 else t("init.marked_names", app.lang, n=len(names), names=listed_names)
        enc = campaign.encounter
        order = tuple((k, campaign.name_of(k)) for k in enc.keys) if enc is not None else ()
        marked = bool(app.marked)

        async def add(condition: Condition) -> None:
            answer = await app.request(AddCondition(keys[0], condition, also=keys[1:]))
            if isinstance(answer, Outcome) and marked:
                app.marked = frozenset()

        def done(condition: Condition | None) -> None:
            if condition is not None:
                self.run_worker(add(condition), group="request")

        self.app.push_screen(ConditionDialog(who, order, enc.current if enc is not None else None), done)

    def action_remove_condition(self) -> None:
        from tui.screens.combat_dialogs import PickDialog

        key = self._selected()
        if key is None:
            return
        campaign, lang = gm(self).campaign, gm(self).lang
        part = campaign.encounter.participant(key) if campaign.encounter is not None else None
        name = campaign.name_of(key)
        if part is None or not part.conditions:
            self._warn("init.no_conditions", name=name)
            return
        own = campaign.encounter is not None and own_turn(campaign.encounter, part.key)
        options = [(c.name, pick(condition_left(campaign, c, own_turn=own), lang)) for c in part.conditions]

        def done(picked) -> None:
            if picked is not None:
                self._request(RemoveCondition(key, picked))

        self.app.push_screen(PickDialog(t("init.pick_condition", lang, name=name), options), done)

    # -- one combatant -------------------------------------------------------------------------------
    def action_hide(self) -> None:
        key = self._selected()
        found = gm(self).campaign.find(key) if key is not None else None
        if found is not None:
            self._request(SetHidden(found.id, not found.hidden))

    def action_stabilise(self) -> None:
        c = self._character()
        if c is not None:
            self._request(Stabilise(c.id))

    def action_repair(self) -> None:
        c = self._character()
        if c is not None:
            self._request(RepairArmour(c.id))

    def action_roll(self) -> None:
        """Any check for the selected character: score, difficulty, affect, die."""
        from tui.screens.roll import RollDialog

        c = self._character()
        if c is None:
            return
        dialog = RollDialog(c.id)

        def done(roll: Roll | None) -> None:
            if roll is not None:
                self.run_worker(self._rolled(roll, dialog.parts), group="request")

        self.app.push_screen(dialog, done)

    async def _rolled(self, roll: Roll, parts: str) -> None:
        """Apply the check; its outcome and the score's parts stay under the list (not only in
        a toast)."""
        answer = await gm(self).request(roll)
        if isinstance(answer, Outcome):
            self.query_one(InitiativePane).show_check(answer, parts)

    def action_sheet(self) -> None:
        from tui.screens.sheet import SheetScreen

        key = self._selected()
        if key is not None:
            self.app.push_screen(SheetScreen(key))

    # -- marks ---------------------------------------------------------------------------------------
    def action_mark(self) -> None:
        key = self._selected()
        if key is not None:
            marked = gm(self).marked
            gm(self).marked = marked - {key} if key in marked else marked | {key}

    def action_clear_marks(self) -> None:
        if gm(self).marked:
            gm(self).marked = frozenset()
            self.app.notify(t("init.unmarked", gm(self).lang), timeout=2)

"""A roll's form a player's die may come to (issue 38): the duel form (the PC's attack, or its
defence when it rolls), the attack on a group (the PC attacking) and the defence against a group.

The form says which PC's roll it resolves (:meth:`RollForm.asked`); what that PC's player sent
for it shows on the form's ``…-sent`` line, and its die field's empty value is that die
(:attr:`tui.widgets.dice_field.KultDieField.offered`): Enter takes it exactly as if the GM had
typed it. What to do once the action is recorded is :func:`tui.inbox.settled`'s.
"""

from __future__ import annotations

from typing import ClassVar

from textual.widgets import Select, Static

from core.actions import Action
from core.player_send import Sent
from tui.access import gm
from tui.i18n import t
from tui.inbox import said, settled, taken
from tui.widgets.dice_field import KultDieField
from tui.widgets.form import Form, character_or_none
from tui.widgets.inputs import set_text


def hidden_line(line_id: str) -> Static:
    """A form's line saying what a player sent: hidden until something is."""
    line = Static("", id=line_id, classes="sent", markup=False)
    line.display = False
    return line


class RollForm(Form):
    """A form whose die a player may send (see the module)."""

    #: The id of the line saying what a player sent.
    SENT: ClassVar[str] = ""

    @property
    def die(self) -> KultDieField:
        raise NotImplementedError

    def roll_kind(self) -> str:
        """The kind of roll this form resolves now (``attack``, ``defence``)."""
        raise NotImplementedError

    def on_mount(self) -> None:
        self.watch(self.app, "waiting", lambda _: self.preview(), init=False)

    def asked(self) -> str | None:
        """The PC whose roll this form resolves (who rolls: :meth:`Form.roller`), or None."""
        select_id = self.roller()
        key = self.query_one(f"#{select_id}", Select).selection if select_id else None
        c = character_or_none(self.pane.campaign, key)
        return c.id if c is not None and c.pc else None

    def offer_sent(self) -> Sent | None:
        """What the PC's player sent for this roll, offered on the form (and the roll asked)."""
        app = gm(self)
        app.ask_roll(self.asked(), self.roll_kind())
        sent = app.offered
        self.die.offer(sent.die if sent is not None else None)
        lang = self.pane.lang
        line = self.query_one(f"#{self.SENT}", Static)
        set_text(line, t("inbox.take", lang, said=said(sent, lang)) if sent else "")
        line.display = sent is not None  # no room taken while nothing waits
        return sent

    def with_sender(self, action: Action, sent: Sent | None) -> Action:
        """``action`` with who rolled, when the empty die field took ``sent``'s die."""
        return action if self.die.value.strip() else taken(action, sent)

    def answered(self, sent: Sent | None, typed: bool) -> None:
        settled(gm(self), sent, typed)

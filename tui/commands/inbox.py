"""The GM's answers to what players sent (issue 38): refuse the roll that waits; "I'm done"
taken by the next-turn key (:func:`tui.commands.fight.next_turn`). Taking a roll is Enter on
the form's empty die field (:mod:`tui.inbox`): no command of its own."""

from __future__ import annotations

from core.player_send import Sent
from tui.commands.context import Context
from tui.i18n import t
from tui.inbox import answer, said, sent_for


def refuse(ctx: Context) -> None:
    """Refuse the message offered beside the form shown, else the oldest one that waits."""
    sent = ctx.offered or next(iter(ctx.waiting), None)
    if sent is None or not answer(ctx.saved_at, sent, "refused"):
        ctx.warn("inbox.nothing")
        return
    ctx.notify(t("inbox.refused", ctx.lang, said=said(sent, ctx.lang)))


def done_taken(ctx: Context, whose: str | None) -> Sent | None:
    """After the turn of PC ``whose`` ended by the GM's key: its player's "I'm done", taken."""
    sent = next((m for m in ctx.waiting if m.kind == "done" and sent_for(ctx.campaign, m, whose)), None)
    return sent if answer(ctx.saved_at, sent, "taken") else None

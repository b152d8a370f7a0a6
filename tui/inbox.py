"""What players sent, on the GM's side (issue 38): the GM's inbox followed, each message matched
to the form it belongs to, and taken or refused only by the GM's key.

No Textual here: :class:`InboxWatch` tells when the inbox changed (one ``stat`` of its folder
when nothing did) and reads it (:func:`saves.inbox.waiting`, in a worker: never the event loop);
the rest are plain functions the forms and the commands (:mod:`tui.commands.inbox`) share:
:func:`offer` (the message a form's roll may take), :func:`taken` (the action with who rolled),
:func:`answer` (the message settled once the action is recorded).

A die the GM types over a player's message wins: the action is the GM's, and the message is
refused once the action is recorded (the player sees it was not taken). Nothing a player sends
changes the campaign: a message is only ever a die the GM's Enter takes, or not.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import attrs

from core.actions import Action, RolledBy
from core.breakdown import Lang
from core.campaign import Campaign
from core.player_send import Ask, Sent, Waiting
from core.roster import Character
from saves.errors import SaveError
from saves.inbox import inbox_path, open_inbox, settle, waiting
from tui.i18n import t

if TYPE_CHECKING:
    from tui.session import Session


class InboxWatch:
    """The campaign's inbox, followed: :meth:`changed` is cheap (one ``stat``), :meth:`read`
    reads what waits (a thread may run it). ``problem``: why the inbox cannot be used (a folder
    open to others, another account's), said once; nothing is read then."""

    def __init__(self, campaign: Path) -> None:
        self.path = inbox_path(campaign)
        self.problem: str | None = None
        self._seen: tuple[int, int] | None = None
        try:
            open_inbox(campaign)
        except (SaveError, OSError) as error:
            self.problem = str(error)

    def changed(self) -> bool:
        """Whether the folder changed since the last :meth:`read` (a message came or went)."""
        if self.problem is not None:
            return False
        try:
            st = os.stat(self.path)
        except OSError:
            return self._seen is not None
        return (st.st_mtime_ns, st.st_ino) != self._seen

    def read(self) -> tuple[Sent, ...]:
        try:
            st = os.stat(self.path)
            self._seen = (st.st_mtime_ns, st.st_ino)
        except OSError:
            self._seen = None
            return ()
        return waiting(self.path)


def offer(messages: Iterable[Sent], campaign: Campaign, pc: str | None, kind: str) -> Sent | None:
    """The message of ``pc``'s player for a ``kind`` roll (the oldest), or None."""
    return next((m for m in messages if m.kind == kind and sent_for(campaign, m, pc)), None)


def rolled_by(sent: Sent) -> RolledBy:
    assert sent.die is not None, "a roll's message carries its die"
    return RolledBy(sent.player, sent.pc_name, sent.die, sent.by_table)


def taken(action: Action, sent: Sent | None) -> Action:
    """``action`` made with ``sent``'s die: it says who rolled (``rolled_by``)."""
    return action if sent is None else attrs.evolve(action, rolled_by=rolled_by(sent))  # type: ignore[call-arg]  # only the roll-bearing actions have it


def answer(campaign: Path | None, sent: Sent | None, outcome: str) -> bool:
    """Settle ``sent`` (``taken`` or ``refused``) once the GM's action is recorded; False when it
    no longer waits (or there is no campaign file)."""
    if sent is None or campaign is None:
        return False
    try:
        return settle(inbox_path(campaign), sent, "taken" if outcome == "taken" else "refused")
    except (SaveError, OSError):
        return False


class Answering(Protocol):
    """The app as the forms see it when a roll is recorded."""

    session: Session

    def look_now(self) -> None: ...

    def ask_roll(self, pc: str | None, kind: str | None) -> None: ...


def settled(app: Answering, sent: Sent | None, typed: bool) -> None:
    """After the form's roll was recorded: the message it offered taken, or refused when the GM
    typed a die over it; the roll asked no more."""
    if sent is not None:
        answer(app.session.path, sent, "refused" if typed else "taken")
        app.look_now()
    app.ask_roll(None, None)


def pc_of(campaign: Campaign, key: str) -> Character | None:
    """The PC a message names: by its id (a seat of the access list), else by its name (a
    browser seat the access list does not know: ``serve`` reads no id); None for anything else."""
    found = campaign.find(key)
    if found is None:
        folded = key.casefold()
        found = next((c for c in campaign.roster if c.pc and c.name.casefold() == folded), None)
    return found if isinstance(found, Character) and found.pc else None


def seen_pc(campaign: Campaign, key: str) -> Character | None:
    """:func:`pc_of`, when the players see that PC (None for a hidden one)."""
    found = pc_of(campaign, key)
    return None if found is None or found.hidden else found


def sent_for(campaign: Campaign, sent: Sent, key: str | None) -> bool:
    """Whether ``sent`` is for the PC whose id is ``key``."""
    found = pc_of(campaign, sent.pc) if key is not None else None
    return found is not None and found.id == key


def published(messages: Iterable[Sent], campaign: Campaign) -> tuple[Waiting, ...]:
    """What the table sees waiting: the messages of PCs the players see, under the names they
    see them by (an alias, never the name behind it; a PC hidden since it sent: nothing)."""
    from core.player_view import shown_name  # the players' picture: not before the first frame

    out = []
    for m in messages:
        pc = seen_pc(campaign, m.pc)
        if pc is not None:
            out.append(Waiting(shown_name(campaign, pc), m.kind, m.die, m.by_table))
    return tuple(out)


def ask_of(campaign: Campaign, key: str, kind: str) -> tuple[Ask, ...]:
    """The roll the form shown asks of PC ``key``, as the players see that PC (nothing for a
    hidden one)."""
    from core.player_view import shown_name

    pc = seen_pc(campaign, key)
    return () if pc is None else (Ask(shown_name(campaign, pc), kind),)  # type: ignore[arg-type]


def said(sent: Sent, lang: Lang) -> str:
    """``Alduin sent +7 for his attack`` / ``Alduin: the table rolled +4 for him (attack)``."""
    kind = t(f"inbox.kind.{sent.kind}", lang)
    if sent.kind == "done":
        return t("inbox.done", lang, pc=sent.pc_name)
    die = f"{sent.die:+d}"
    if sent.by_table:
        return t("inbox.by_table", lang, pc=sent.pc_name, die=die, kind=kind)
    return t("inbox.sent", lang, pc=sent.pc_name, die=die, kind=kind)


def status(messages: tuple[Sent, ...], lang: Lang) -> str:
    """The status line's part: the one message, or how many wait."""
    if not messages:
        return ""
    if len(messages) == 1:
        return said(messages[0], lang)
    return t("inbox.count", lang, n=len(messages), names=", ".join(dict.fromkeys(m.pc_name for m in messages)))
